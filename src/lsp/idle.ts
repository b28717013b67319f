// A compacting garbage collection when the server goes quiet (#48: memory over a long session). V8 lets its
// old generation fill up to its next limit (about 1.5 × what is live, with `--heap-growing-percent=50`) and
// keeps the pages it grew into, so a server's RSS after a thousand edits is a third above its RSS after the
// first analysis with nothing retained (BENCHMARKS.md). Once the editor stops sending — nothing read,
// handled or written for a while, no update running, as editors' own servers collect when idle — and the
// heap has grown by a tenth since the last collection (or since it was first quiet), one full collection that compacts the old generation brings
// it back to what is live and gives its pages back (V8 returns them in the background, within seconds).
// It never runs while messages arrive or an update runs, nor twice without traffic in between.
import {getHeapStatistics, setFlagsFromString} from 'node:v8'
import {runInNewContext} from 'node:vm'

export interface IdleOptions {
  /** A count that moves with every message read, handled or written (`Traffic.count`). */
  readonly count: () => number
  /** Whether work is under way (an update, a request): not idle. */
  readonly busy: () => boolean
  /** How long nothing must move before a collection (at least this, at most twice this). */
  readonly quietMs: number
  /** The heap's size now (default: V8's physical size of the heap). */
  readonly size?: () => number
  /** How much the heap must have grown since the last collection (default 1.1: by a tenth). */
  readonly growth?: number
  /** The collection (default: V8's full collection, compacting: {@link compactingCollection}). */
  readonly collect?: () => void
}

/** Watches the traffic and collects once whenever it has been quiet for `quietMs` after some traffic. */
export class IdleCollector {
  private timer: NodeJS.Timeout | undefined
  /** The traffic's count when last looked at. */
  private seen = Number.NaN
  /** The traffic's count at the last collection (or at the last look that found the heap had not grown). */
  private collectedAt = Number.NaN
  /**
   * The heap's size after the last collection, or when the server was first found quiet (after the first
   * analysis, which V8 has just collected: a collection then would only lower V8's next limit, and the
   * edits after it would collect more often).
   */
  private sizeAfter: number | undefined
  private gc: (() => void) | undefined
  /** Collections made. */
  collections = 0

  constructor(private readonly opts: IdleOptions) {}

  start(): void {
    this.stop()
    this.timer = setInterval(() => this.look(), this.opts.quietMs)
    this.timer.unref()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
  }

  /** One look (every `quietMs`): quiet since the last look, traffic since the last collection, the heap grown: collect. */
  look(): void {
    const n = this.opts.count()
    const quiet = n === this.seen && !this.opts.busy()
    this.seen = n
    if (!quiet || n === this.collectedAt) return
    this.collectedAt = n
    const size = this.opts.size ?? heapSize
    if (this.sizeAfter === undefined) {
      this.sizeAfter = size()
      return
    }
    if (size() < this.sizeAfter * (this.opts.growth ?? 1.1)) return
    this.collections++
    ;(this.opts.collect ?? (this.gc ??= compactingCollection()))()
    this.sizeAfter = size()
  }
}

function heapSize(): number {
  return getHeapStatistics().total_physical_size
}

/**
 * V8's full collection, compacting every page it can (`--compact-on-every-full-gc` for this one: a plain
 * one frees the old generation's garbage but keeps its pages), exposed for this process at the first call.
 */
export function compactingCollection(): () => void {
  setFlagsFromString('--expose-gc')
  const gc: unknown = runInNewContext('gc')
  if (typeof gc !== 'function') return () => undefined
  return () => {
    setFlagsFromString('--compact-on-every-full-gc')
    try {
      gc()
    } finally {
      setFlagsFromString('--no-compact-on-every-full-gc')
    }
  }
}
