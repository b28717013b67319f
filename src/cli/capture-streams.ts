// stdout and stderr captured in this process as a process of its own would have them read from pipes: the
// pre-commit hook's runCaptured (src/cli/quick-run.ts) and the tests' runCli (test/helpers/cli.ts) run a
// command line this way instead of starting Node again.

/** A writable stream's `write`, as the capture replaces it. */
type Write = typeof process.stdout.write

export interface CapturedStreams {
  /** Puts the streams' own `write` and `isTTY` back, removes the listeners added to them meanwhile, and gives what was written. */
  readonly restore: () => {readonly stdout: string; readonly stderr: string}
}

/**
 * From now until `restore`, what is written to stdout and stderr is kept, not written, and neither stream is
 * a terminal (no colours, as through a pipe). Listeners a run leaves on the streams are removed at `restore`
 * (oclif's flush waits for a 'drain' that a write which returned true never brings: one per run would pass
 * Node's limit of ten and print its warning into a later run).
 */
export function captureStreams(): CapturedStreams {
  const streams = [process.stdout, process.stderr] as const
  const chunks: [Buffer[], Buffer[]] = [[], []]
  // the streams' own properties as they were (a terminal's isTTY is its prototype's), put back after
  const replaced = ['write', 'isTTY'] as const
  const saved = streams.map((s) => replaced.map((p) => Object.getOwnPropertyDescriptor(s, p)))
  const listening = streams.map((s) => new Map(s.eventNames().map((e) => [e, s.listeners(e)])))
  streams.forEach((s, i) => {
    const capture = (chunk: string | Uint8Array, encoding?: unknown, done?: unknown): boolean => {
      chunks[i]!.push(
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk),
      )
      const callback = typeof encoding === 'function' ? encoding : done
      if (typeof callback === 'function') process.nextTick(() => (callback as () => void)())
      return true
    }
    Object.defineProperty(s, 'write', {value: capture as Write, configurable: true, writable: true})
    Object.defineProperty(s, 'isTTY', {value: false, configurable: true, writable: true})
  })
  return {
    restore: () => {
      streams.forEach((s, i) => {
        replaced.forEach((p, j) => {
          const own = saved[i]![j]
          if (own) Object.defineProperty(s, p, own)
          else Reflect.deleteProperty(s, p)
        })
        for (const e of s.eventNames())
          for (const l of s.listeners(e)) if (!listening[i]!.get(e)?.includes(l)) s.removeListener(e, l as (...a: unknown[]) => void)
      })
      const [stdout, stderr] = chunks.map((c) => Buffer.concat(c).toString('utf8')) as [string, string]
      return {stdout, stderr}
    },
  }
}
