// Parsing on a second core: one worker thread (lane-worker.ts) lexes and parses native-syntax files with
// tfgraph's own parser while the main thread reads, builds modules and crawls. The loader announces a
// directory's files as soon as it has read them (the crawl starts every call's load when it plans a
// module's calls, so the files of many directories are announced before the first is parsed); the worker
// takes the newest announced file first, the main thread parses in the loader's order, and each file is
// parsed exactly once, by whichever thread claims it first (a compare-and-swap on shared memory): the
// main thread never waits for a file the worker has not started. The worker sends back the raw parse
// (native/index.ts `RawParse`) flattened into an Int32Array and a list of strings (native/transfer.ts: a
// structured clone of the objects cost the main thread about what parsing them did; rebuilding them from
// the flat form about a tenth), and the main thread builds the tree from it as it would from its own parse.
// Starting the worker costs ~20–40 ms on a quiet machine, and all of it with the worker's own cold parse
// and the flattening came to 1.2–1.3 × the whole process's CPU on the real caf root for 0.88–0.94 × the
// main thread's: on this project's shared 2-core machine a loss of wall time, so a run has a lane only when
// TFGRAPH_LANE_THRESHOLD says from how many characters of source announced it starts (run-context.ts;
// BENCHMARKS.md, "#53: cold runs on both cores (sixth session)").
import type * as WorkerThreads from 'node:worker_threads'
import type {MessagePort, Worker} from 'node:worker_threads'
import {nodeBuiltin} from '../io/node-crypto.js'
import type {RawParse} from './native/index.js'
import {Unflattener, type FlatParse} from './native/transfer.js'
import {startWorker} from './parse-pool.js'

/** Characters of source announced before the worker starts, when nothing says (the best of those measured on the caf root). */
export const DEFAULT_LANE_THRESHOLD = 200_000

/** Files one lane can be told about (4 bytes of shared memory each); later ones are parsed on the main thread. */
const CAPACITY = 1 << 16

/** A file's claim: not yet taken, taken by the worker, taken by the main thread. */
export const FREE = 0
export const BY_WORKER = 1
export const BY_MAIN = 2

/** What the main thread sends: the files of one announcement, three entries each (id, text, file name). */
export type LaneBatch = readonly (number | string)[]
/**
 * What the worker sends for a file it claimed: its raw parse flattened (native/transfer.ts), or none when the
 * parse threw (the main thread parses it again and throws as it would have).
 */
export interface LaneResult {
  readonly id: number
  readonly flat: FlatParse | undefined
}
/** The worker's data: its port and the claims. */
export interface LaneWorkerData {
  readonly port: MessagePort
  readonly claims: Int32Array
}

/** The threshold from the environment (`TFGRAPH_LANE_THRESHOLD`, characters; 0 starts the worker on the first file); unset: no lane. */
export function envLaneThreshold(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const v = env['TFGRAPH_LANE_THRESHOLD']
  const n = Number(v)
  return v !== undefined && v !== '' && Number.isInteger(n) && n >= 0 ? n : undefined
}

interface Ticket {
  readonly id: number
  readonly filename: string
}

interface Running {
  readonly worker: Worker
  readonly port: MessagePort
}

/** One run's second parsing thread, started on demand and stopped by `close`; it never keeps a process alive. */
export class ParseLane {
  private readonly claims = new Int32Array(new SharedArrayBuffer(CAPACITY * Int32Array.BYTES_PER_ELEMENT))
  private running: Running | undefined
  private dead = false
  private next = 0
  private announcedChars = 0
  /** Files announced and not yet taken, by text (the run's parser keeps one parse per text). */
  private readonly tickets = new Map<string, Ticket>()
  /** Raw parses that arrived before the main thread asked. */
  private readonly arrived = new Map<number, RawParse | undefined>()
  /** The main thread's waits for files the worker claimed. */
  private readonly waiting = new Map<number, (raw: RawParse | undefined) => void>()
  /** Reads the worker's results in the order they were sent (a shape is sent once). */
  private readonly unflattener = new Unflattener()
  private receivedCount = 0

  constructor(private readonly threshold: number = DEFAULT_LANE_THRESHOLD) {}

  /** Files about to be parsed: once the run has announced `threshold` characters, offered to the worker. */
  announce(files: readonly {readonly text: string; readonly filename: string}[]): void {
    if (this.dead) return
    for (const f of files) this.announcedChars += f.text.length
    if (!this.running) {
      if (this.announcedChars < this.threshold) return
      this.running = this.start()
      if (!this.running) return
    }
    const batch: (number | string)[] = []
    for (const f of files) {
      if (this.next >= CAPACITY || this.tickets.has(f.text)) continue
      const id = this.next++
      this.tickets.set(f.text, {id, filename: f.filename})
      batch.push(id, f.text, f.filename)
    }
    if (batch.length > 0) this.running.port.postMessage(batch satisfies LaneBatch)
  }

  /**
   * The worker's raw parse of an announced `text` when the worker claimed it (a promise: it may still be
   * parsing; undefined in it: parse here after all); undefined when the main thread is to parse it (it is
   * then the main thread's, and the worker skips it), or when the text was not announced.
   */
  take(text: string, filename: string): Promise<RawParse | undefined> | undefined {
    const t = this.tickets.get(text)
    if (!t) return undefined
    this.tickets.delete(text)
    if (Atomics.compareExchange(this.claims, t.id, FREE, BY_MAIN) === FREE) return undefined
    const raw = this.rawOf(t.id)
    // the worker's messages name the file as announced: under another name only a parse without diagnostics serves
    // (the caller parses again)
    return t.filename === filename ? raw : raw?.then((r) => (r && r.diags.length > 0 ? undefined : r))
  }

  private rawOf(id: number): Promise<RawParse | undefined> | undefined {
    if (this.arrived.has(id)) {
      const raw = this.arrived.get(id)
      this.arrived.delete(id)
      return Promise.resolve(raw)
    }
    if (this.dead) return undefined
    const running = this.running
    return new Promise((resolve) => {
      if (this.waiting.size === 0) running?.port.ref()
      this.waiting.set(id, resolve)
    })
  }

  private start(): Running | undefined {
    const {MessageChannel} = nodeBuiltin('node:worker_threads') as typeof WorkerThreads
    const channel = new MessageChannel()
    let worker: Worker
    try {
      worker = startWorker('lane-worker', {port: channel.port2, claims: this.claims} satisfies LaneWorkerData, [channel.port2])
    } catch {
      this.dead = true
      return undefined
    }
    const port = channel.port1
    port.on('message', (msg: LaneResult) => this.onResult(msg))
    port.unref()
    worker.on('error', () => this.stop())
    worker.on('exit', () => this.stop())
    worker.unref()
    return {worker, port}
  }

  /** Results the worker has sent so far (tests). */
  get received(): number {
    return this.receivedCount
  }

  private onResult(msg: LaneResult): void {
    if (this.dead) return
    this.receivedCount++
    // every message is read as it comes: the shapes it defines serve the ones after it
    let raw: RawParse | undefined
    try {
      raw = msg.flat && (this.unflattener.unflatten(msg.flat) as RawParse)
    } catch {
      // a message that cannot be read leaves the shapes after it unknown: the main thread parses the rest
      void this.running?.worker.terminate()
      this.stop()
      return
    }
    const resolve = this.waiting.get(msg.id)
    if (!resolve) {
      this.arrived.set(msg.id, raw)
      return
    }
    this.waiting.delete(msg.id)
    if (this.waiting.size === 0) this.running?.port.unref()
    resolve(raw)
  }

  /** The worker is gone: what it had claimed and not sent is parsed on the main thread. */
  private stop(): void {
    this.dead = true
    const waits = [...this.waiting.values()]
    this.waiting.clear()
    this.running?.port.close()
    for (const resolve of waits) resolve(undefined)
  }

  /** Stops the worker. */
  async close(): Promise<void> {
    const running = this.running
    this.stop()
    this.tickets.clear()
    this.arrived.clear()
    if (running) await running.worker.terminate()
  }
}
