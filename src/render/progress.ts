// The progress line: on a terminal, for runs over about a second, `files read / found (share from the
// cache)` rewritten in place on stderr, and erased when the run ends. Silent when stderr is not a TTY.
import type {ParseStats as AllStats} from '../hcl/parse-stats.js'

/** The counters the progress line shows. */
type ParseStats = Pick<AllStats, 'found' | 'done' | 'cached' | 'pooled'>

export interface ProgressStream {
  readonly isTTY?: boolean
  write(s: string): boolean
}

export function progressLine(s: Readonly<ParseStats>): string {
  const share = s.done > 0 ? Math.round((100 * s.cached) / s.done) : 0
  return `tfgraph: ${s.done}/${s.found} files read (${share}% from cache)`
}

export function startProgress(
  stream: ProgressStream,
  stats: Readonly<ParseStats>,
  opts: {delayMs?: number; everyMs?: number} = {},
): () => void {
  if (stream.isTTY !== true) return () => {}
  const delay = opts.delayMs ?? 1000
  const started = Date.now()
  let shown = false
  const timer = setInterval(() => {
    if (Date.now() - started < delay) return
    shown = true
    stream.write(`\r\x1b[2K${progressLine(stats)}`)
  }, opts.everyMs ?? 200)
  timer.unref()
  return () => {
    clearInterval(timer)
    if (shown) stream.write('\r\x1b[2K')
  }
}

/**
 * One line on a terminal's stderr while a long step runs (a Graphviz layout): written now, erased by the
 * function returned. Nothing when the stream is not a TTY.
 */
export function startLine(stream: ProgressStream, line: string): () => void {
  if (stream.isTTY !== true) return () => {}
  stream.write(`\r\x1b[2K${line}`)
  return () => {
    stream.write('\r\x1b[2K')
  }
}
