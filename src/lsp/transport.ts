// The server's side of the wire: Language Server Protocol frames (`Content-Length: N\r\n\r\n` + N bytes of
// JSON) read strictly, and the protocol's lifecycle enforced before any handler runs. A frame whose body
// is not JSON, or is JSON but not a JSON-RPC message, is answered (-32700 parse error, -32600 invalid
// request) and the server goes on; a header it cannot read (no or a bad Content-Length, bytes that are no
// header, a frame left incomplete with nothing more coming) leaves no way to find the next message, so
// the server says so in one line on stderr and ends with exit code 1 — it never waits forever on a
// stream it no longer understands. A request before `initialize` gets -32002, one after `shutdown` -32600.
import type {EditorTraffic} from '../lint/workspace.js'
import {
  AbstractMessageReader,
  AbstractMessageWriter,
  ErrorCodes,
  type DataCallback,
  type Disposable,
  type Message,
  type MessageStrategy,
  type MessageWriter,
  type ResponseMessage,
} from 'vscode-languageserver/node'

/** The largest body accepted (a whole workspace's text fits many times over). */
const MAX_BODY = 256 * 1024 * 1024
/** The largest header block accepted. */
const MAX_HEADER = 8 * 1024
/** A header block as far as it has come: complete lines, then part of one. */
const HEADER_SO_FAR = /^(?:[A-Za-z0-9_-]+:[\t\x20-\x7e]*\r\n)*(?:\r\n?|[A-Za-z0-9_-]*(?::[\t\x20-\x7e]*\r?)?)?$/

export interface TransportOptions {
  readonly input: NodeJS.ReadableStream
  readonly output: NodeJS.WritableStream
  /** Says what went wrong (one line) when the server must end. */
  readonly fatal: (message: string) => void
  /** The input ended (after the messages already read have had `graceMs` to be handled); `shutdown`: it was asked for. */
  readonly ended: (shutdown: boolean) => void
  /** How long a frame may stay incomplete with nothing more arriving (default 5 s). */
  readonly frameTimeoutMs?: number
  /** How long the messages read before the input ended get to be handled (default 200 ms). */
  readonly graceMs?: number
  /** Told of each chunk read, and whether a message is left partly read. */
  readonly traffic?: Traffic
}

export interface Transport {
  readonly reader: FrameReader
  readonly writer: MessageWriter
}

/** How long an analysis waits at most for the next step of the traffic it waits for (`Traffic.pending`). */
const PENDING_WAIT_MS = 20
/** How long a message handed to the connection counts as queued at most (the connection dispatches one a turn). */
const QUEUED_FOR_MS = 1000

/**
 * The client's traffic (`UpdateOptions.traffic`): a count, one more for each chunk of bytes read
 * (`FrameReader`), each message the connection dispatches (`messageStrategy`, for `createConnection`) and
 * each message written to the client (`transport`'s writer) — and what is under way: a message partly read,
 * messages read that the connection has not dispatched yet (it dispatches one a turn of the event loop),
 * messages being written. An analysis waits for a
 * turn in which the count does not move and nothing is under way: what the client sent is read and
 * handled, and the answers written, before an analysis slice runs (#48: a hover waits for none).
 */
export class Traffic implements EditorTraffic {
  private n = 0
  private incomplete = false
  /**
   * Messages read and handed to the connection, not dispatched yet, with when (a `$/cancelRequest` may never
   * be: not counted). One the connection drops without dispatching (a request repeating a queued one's id
   * replaces it in vscode-jsonrpc's queue) is forgotten after {@link QUEUED_FOR_MS}.
   */
  private readonly queued = new Map<Message, number>()
  /** The last message handed to the connection while it is not dispatched yet: the tail of the connection's queue. */
  private tail: Message | undefined
  private writing = 0
  private waiting: (() => void)[] = []

  /** `waitMs`: how long {@link pending} waits at most for the traffic's next step (default {@link PENDING_WAIT_MS}). */
  constructor(private readonly waitMs = PENDING_WAIT_MS) {}

  count(): number {
    return this.n
  }

  private moved(): void {
    this.n++
    const waiting = this.waiting
    this.waiting = []
    for (const wake of waiting) wake()
  }

  /** A chunk was read; `incomplete`: a message is left partly read. */
  read(incomplete: boolean): void {
    this.incomplete = incomplete
    this.moved()
  }

  /** The input ended or can no longer be read: nothing is partly read or queued any more, and nothing waits for it. */
  closed(): void {
    this.queued.clear()
    this.tail = undefined
    this.read(false)
  }

  /**
   * A message read is handed to the connection (`deliver`: its callback). A change of a document that
   * follows another of the same document still queued is added to that one instead (`mergeChange`): the
   * connection dispatches one message a turn, and a burst of edits is applied in as many turns as it
   * arrived in chunks, not one per edit, its text the same.
   */
  handOver(m: Message, deliver: (m: Message) => void): void {
    if (this.tail && mergeChange(this.tail, m)) return this.moved()
    const counted = (m as {method?: unknown}).method !== '$/cancelRequest'
    if (counted) {
      this.queued.set(m, performance.now())
      this.tail = m
    }
    deliver(m)
    this.moved()
  }

  /** A message is being written to the client (`done`: it is written, or failed). */
  written(done: boolean): void {
    this.writing += done ? -1 : 1
    this.moved()
  }

  /**
   * While a message is partly read, read and not yet dispatched, or being written: settles at the next
   * step of the traffic (or after `waitMs` if none comes); else undefined.
   */
  pending(): Promise<void> | undefined {
    if (this.queued.size > 0) {
      const before = performance.now() - QUEUED_FOR_MS
      for (const [m, at] of this.queued)
        if (at < before) {
          this.queued.delete(m)
          if (this.tail === m) this.tail = undefined
        }
    }
    if (!this.incomplete && this.queued.size === 0 && this.writing === 0) return undefined
    return new Promise<void>((resolve) => {
      const wake = (): void => {
        clearTimeout(timer)
        resolve()
      }
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((w) => w !== wake)
        resolve()
      }, this.waitMs)
      timer.unref()
      this.waiting.push(wake)
    })
  }

  /** For `createConnection`'s options: counts each message as it is dispatched. */
  readonly messageStrategy: MessageStrategy = {
    handleMessage: (message, next) => {
      this.queued.delete(message)
      if (this.tail === message) this.tail = undefined
      this.moved()
      return next(message)
    },
  }
}

/** A `textDocument/didChange` notification's parameters, as far as merging two reads them. */
interface ChangeParams {
  textDocument: {uri: string; version: number}
  contentChanges: Record<string, unknown>[]
}

function changeParams(m: Message): ChangeParams | undefined {
  const x = m as {method?: unknown; params?: unknown}
  if (x.method !== 'textDocument/didChange' || typeof x.params !== 'object' || x.params === null) return undefined
  const p = x.params as {textDocument?: unknown; contentChanges?: unknown}
  const doc = p.textDocument as {uri?: unknown; version?: unknown} | undefined
  if (typeof doc !== 'object' || doc === null || typeof doc.uri !== 'string' || typeof doc.version !== 'number') return undefined
  const changes = p.contentChanges
  if (!Array.isArray(changes) || changes.length === 0) return undefined
  if (!changes.every((c: unknown) => typeof c === 'object' && c !== null && typeof (c as {text?: unknown}).text === 'string'))
    return undefined
  return p as ChangeParams
}

/**
 * Adds the changes of `next`, a change of a document, to `into`, one of the same document (still queued):
 * the changes applied in order, from the last that replaces the whole text (no `range`), and `next`'s
 * version. False (nothing done) when either is not a well-formed change, or they are of two documents.
 */
export function mergeChange(into: Message, next: Message): boolean {
  const a = changeParams(into)
  const b = a ? changeParams(next) : undefined
  if (!a || !b || a.textDocument.uri !== b.textDocument.uri || b.textDocument.version <= a.textDocument.version) return false
  const changes = [...a.contentChanges, ...b.contentChanges]
  let from = 0
  for (let i = changes.length - 1; i > 0; i--)
    if (!('range' in changes[i]!)) {
      from = i
      break
    }
  a.contentChanges = changes.slice(from)
  a.textDocument = {...a.textDocument, version: b.textDocument.version}
  return true
}

/**
 * The frames written to the client, telling the traffic of each message written: header and body in one
 * write, at once (vscode-jsonrpc's writer takes a turn to start, writes the header, waits for its callback,
 * then writes the body: two writes and two turns a message, a publish or a hover's answer).
 */
class FrameWriter extends AbstractMessageWriter implements MessageWriter {
  private errors = 0

  constructor(
    private readonly output: NodeJS.WritableStream,
    private readonly traffic: Traffic | undefined,
  ) {
    super()
    output.on('error', (e: unknown) => this.fireError(e))
    output.on('close', () => this.fireClose())
  }

  write(msg: Message): Promise<void> {
    this.traffic?.written(false)
    return new Promise((resolve, reject) => {
      const done = (e?: Error | null): void => {
        this.traffic?.written(true)
        if (e) {
          this.fireError(e, msg, ++this.errors)
          reject(e)
        } else resolve()
      }
      try {
        const json = JSON.stringify(msg)
        // one string, encoded once by the stream: the length counts the body's UTF-8 bytes
        this.output.write(`Content-Length: ${Buffer.byteLength(json, 'utf8')}\r\n\r\n${json}`, 'utf8', done)
      } catch (e) {
        done(e instanceof Error ? e : new Error(String(e)))
      }
    })
  }

  end(): void {
    this.output.end()
  }
}

/** The reader and writer for `createConnection`, reading `input` strictly and answering what no handler should see. */
export function transport(opts: TransportOptions): Transport {
  const writer = new FrameWriter(opts.output, opts.traffic)
  const reader = new FrameReader(opts, (m) => writer.write(m).catch(() => undefined))
  return {reader, writer}
}

type LifeState = 'new' | 'running' | 'shutdown'

/** Reads frames from a stream; passes on the messages the lifecycle allows, answers the rest itself. */
export class FrameReader extends AbstractMessageReader {
  private buffer: Buffer = Buffer.alloc(0)
  /** The body length once a header block has been read. */
  private length: number | undefined
  private timer: NodeJS.Timeout | undefined
  private state: LifeState = 'new'
  private dead = false
  /** The answers this reader wrote itself, written out before the server ends. */
  private written: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly opts: TransportOptions,
    private readonly write: (m: ResponseMessage) => Promise<unknown>,
  ) {
    super()
  }

  private reply(m: ResponseMessage): void {
    this.written = Promise.all([this.written, this.write(m)])
  }

  listen(callback: DataCallback): Disposable {
    const onData = (chunk: Buffer | string): void => this.data(typeof chunk === 'string' ? Buffer.from(chunk) : chunk, callback)
    let ending = false
    const onEnd = (): void => {
      if (ending) return
      ending = true
      this.clearTimer()
      this.opts.traffic?.closed()
      setTimeout(() => {
        this.fireClose()
        this.opts.ended(this.state === 'shutdown')
      }, this.opts.graceMs ?? 200)
    }
    this.opts.input.on('data', onData)
    this.opts.input.on('end', onEnd)
    this.opts.input.on('close', onEnd)
    this.opts.input.on('error', onEnd)
    return {
      dispose: () => {
        this.opts.input.off('data', onData)
        this.opts.input.off('end', onEnd)
        this.opts.input.off('close', onEnd)
        this.opts.input.off('error', onEnd)
        this.clearTimer()
      },
    }
  }

  private data(chunk: Buffer, callback: DataCallback): void {
    const traffic = this.opts.traffic
    this.frames(chunk, traffic ? (m) => traffic.handOver(m, callback) : callback)
    this.opts.traffic?.read(!this.dead && (this.buffer.length > 0 || this.length !== undefined))
  }

  private frames(chunk: Buffer, callback: DataCallback): void {
    if (this.dead) return
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk])
    for (;;) {
      if (this.length === undefined) {
        const end = this.buffer.indexOf('\r\n\r\n')
        if (end < 0) {
          const head = this.buffer.toString('latin1')
          if (!HEADER_SO_FAR.test(head)) return this.die(`malformed message header ${JSON.stringify(head.slice(0, 60))}`)
          if (this.buffer.length > MAX_HEADER) return this.die(`message header longer than ${MAX_HEADER} bytes`)
          break
        }
        const length = this.header(this.buffer.subarray(0, end).toString('latin1'))
        if (length === undefined) return
        this.length = length
        this.buffer = this.buffer.subarray(end + 4)
      }
      if (this.buffer.length < this.length) break
      const body = this.buffer.subarray(0, this.length)
      this.buffer = this.buffer.subarray(this.length)
      this.length = undefined
      this.message(body, callback)
      if (this.dead) return
    }
    if (this.buffer.length > 0 || this.length !== undefined) this.armTimer()
    else this.clearTimer()
  }

  /** The body length a header block gives; undefined (and the server ends) when it cannot be read. */
  private header(block: string): number | undefined {
    let length: number | undefined
    for (const line of block.split('\r\n')) {
      const colon = line.indexOf(':')
      const name = colon > 0 ? line.slice(0, colon).trim().toLowerCase() : ''
      const value = colon > 0 ? line.slice(colon + 1).trim() : ''
      if (!/^[a-z0-9_-]+$/.test(name)) return void this.die(`malformed message header line ${JSON.stringify(line.slice(0, 60))}`)
      if (name === 'content-length') {
        if (length !== undefined) return void this.die('two Content-Length headers in one message')
        if (!/^\d{1,10}$/.test(value))
          return void this.die(`Content-Length is not a number of bytes: ${JSON.stringify(value.slice(0, 30))}`)
        length = Number(value)
        if (length > MAX_BODY) return void this.die(`Content-Length ${length} is larger than ${MAX_BODY} bytes`)
      } else if (name === 'content-type') {
        const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(value)?.[1]?.toLowerCase()
        if (charset && charset !== 'utf-8' && charset !== 'utf8')
          return void this.die(`unsupported charset ${JSON.stringify(charset)} (utf-8 only)`)
      }
    }
    if (length === undefined) return void this.die('a message header without Content-Length')
    return length
  }

  /** One frame's body: a JSON-RPC message passed on through the lifecycle, or answered with an error. */
  private message(body: Buffer, callback: DataCallback): void {
    let json: unknown
    try {
      json = JSON.parse(new TextDecoder('utf-8', {fatal: true}).decode(body))
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e)
      return this.reply(errorResponse(null, ErrorCodes.ParseError, `the message is not JSON (${why})`))
    }
    const shape = messageShape(json)
    if (shape.kind === 'invalid') return this.reply(errorResponse(shape.id, ErrorCodes.InvalidRequest, shape.why))
    const m = json as Message & {method?: string; id?: string | number}
    if (shape.kind === 'response') return callback(m)
    const method = m.method!
    if (method === 'exit') return callback(m)
    if (this.state === 'new') {
      if (shape.kind === 'request' && method === 'initialize') {
        this.state = 'running'
        return callback(m)
      }
      if (shape.kind === 'request')
        this.reply(
          errorResponse(m.id!, ErrorCodes.ServerNotInitialized, `the server is not initialized: send "initialize" before "${method}"`),
        )
      return
    }
    if (this.state === 'shutdown') {
      if (shape.kind === 'request')
        this.reply(
          errorResponse(
            m.id!,
            ErrorCodes.InvalidRequest,
            `the server is shutting down: only "exit" may follow "shutdown" ("${method}" received)`,
          ),
        )
      return
    }
    if (shape.kind === 'request' && method === 'initialize')
      return this.reply(errorResponse(m.id!, ErrorCodes.InvalidRequest, '"initialize" was already received'))
    if (shape.kind === 'request' && method === 'shutdown') this.state = 'shutdown'
    callback(m)
  }

  private armTimer(): void {
    this.clearTimer()
    const ms = this.opts.frameTimeoutMs ?? 5000
    this.timer = setTimeout(() => {
      const what =
        this.length === undefined
          ? `an incomplete message header (${this.buffer.length} bytes)`
          : `an incomplete message (${this.buffer.length} of the ${this.length} bytes its Content-Length announces)`
      this.die(`${what}, and nothing more for ${ms / 1000} s`)
    }, ms)
    this.timer.unref()
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
  }

  private die(why: string): void {
    if (this.dead) return
    this.dead = true
    this.clearTimer()
    this.opts.traffic?.closed()
    // the answers already given go out first
    void this.written.then(() => this.opts.fatal(`tfgraph lsp: cannot read the client's messages any more: ${why}`))
  }
}

type Shape =
  | {readonly kind: 'request' | 'notification' | 'response'}
  | {readonly kind: 'invalid'; readonly id: string | number | null; readonly why: string}

/** What a parsed body is as JSON-RPC 2.0 (batches are not part of the Language Server Protocol). */
function messageShape(json: unknown): Shape {
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    return {kind: 'invalid', id: null, why: `a message must be a JSON object${Array.isArray(json) ? ' (batches are not supported)' : ''}`}
  const m = json as Record<string, unknown>
  const id = typeof m['id'] === 'string' || typeof m['id'] === 'number' ? m['id'] : null
  if (m['jsonrpc'] !== '2.0') return {kind: 'invalid', id, why: 'a message must have "jsonrpc": "2.0"'}
  if ('method' in m) {
    if (typeof m['method'] !== 'string') return {kind: 'invalid', id, why: '"method" must be a string'}
    if (!('id' in m)) return {kind: 'notification'}
    if (id === null) return {kind: 'invalid', id, why: '"id" must be a number or a string'}
    return {kind: 'request'}
  }
  if ('id' in m && ('result' in m || 'error' in m)) return {kind: 'response'}
  return {kind: 'invalid', id, why: 'a message must be a request, a notification or a response'}
}

function errorResponse(id: string | number | null, code: number, message: string): ResponseMessage {
  return {jsonrpc: '2.0', id, error: {code, message}}
}
