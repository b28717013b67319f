// A raw client of `tfgraph lsp` for the protocol tests: bytes in (frames written by hand, malformed ones
// too), frames out (parsed as the protocol frames them), the exit code and stderr.
import {spawn, type ChildProcessWithoutNullStreams} from 'node:child_process'
import {tfgraphBin} from './client.js'

export interface RawServer {
  readonly child: ChildProcessWithoutNullStreams
  /** Every message the server wrote, in order. */
  readonly messages: Record<string, unknown>[]
  write(bytes: string | Buffer): void
  /** A frame with a correct Content-Length around `body` (an object is JSON-encoded). */
  send(body: unknown): void
  /** The first message (from now on or already received) that satisfies `ok`. */
  next(ok: (m: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>
  /** Resolves with the exit code (null: killed); rejects after `timeoutMs`. */
  exited(timeoutMs?: number): Promise<number | null>
  stderr(): string
}

export function frame(body: string | Buffer): Buffer {
  const b = typeof body === 'string' ? Buffer.from(body, 'utf8') : body
  return Buffer.concat([Buffer.from(`Content-Length: ${b.length}\r\n\r\n`, 'ascii'), b])
}

export function startRaw(cwd: string): RawServer {
  const child = spawn(process.execPath, [tfgraphBin, 'lsp', '--stdio'], {cwd, env: {...process.env, NO_COLOR: '1'}})
  const messages: Record<string, unknown>[] = []
  const waiters: (() => void)[] = []
  let err = ''
  let buf = Buffer.alloc(0)
  child.stderr.on('data', (c: Buffer) => (err += c.toString()))
  child.stdout.on('data', (c: Buffer) => {
    buf = Buffer.concat([buf, c])
    for (;;) {
      const end = buf.indexOf('\r\n\r\n')
      if (end < 0) break
      const length = Number(/Content-Length: (\d+)/i.exec(buf.subarray(0, end).toString('ascii'))?.[1])
      if (buf.length < end + 4 + length) break
      messages.push(JSON.parse(buf.subarray(end + 4, end + 4 + length).toString('utf8')) as Record<string, unknown>)
      buf = buf.subarray(end + 4 + length)
    }
    for (const w of [...waiters]) w()
  })
  const code = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)))
  child.stdin.on('error', () => undefined)
  return {
    child,
    messages,
    write: (bytes) => void child.stdin.write(bytes),
    send: (body) => void child.stdin.write(frame(typeof body === 'string' ? body : JSON.stringify(body))),
    next: (ok, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        let seen = 0
        // not unref'd: a server that died without answering fails the test, it does not end it early
        const timer = setTimeout(
          () => reject(new Error(`no such message within ${timeoutMs} ms; got ${JSON.stringify(messages)}; stderr ${err}`)),
          timeoutMs,
        )
        const check = (): boolean => {
          for (; seen < messages.length; seen++) {
            const m = messages[seen]!
            if (ok(m)) {
              clearTimeout(timer)
              resolve(m)
              return true
            }
          }
          return false
        }
        if (check()) return
        const w = (): void => {
          if (check()) waiters.splice(waiters.indexOf(w), 1)
        }
        waiters.push(w)
      }),
    exited: async (timeoutMs = 20_000) => {
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`still running after ${timeoutMs} ms; stderr ${err}`)), timeoutMs)
      })
      try {
        return await Promise.race([code, late])
      } finally {
        clearTimeout(timer)
      }
    },
    stderr: () => err,
  }
}
