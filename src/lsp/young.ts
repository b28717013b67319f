// A bound on V8's young generation for the language server's long-lived process (#48: memory over a long
// session). V8 doubles the young generation's two semi-spaces (1 → 16 MB each) as objects survive its
// collections, and keeps them: only a collection of its memory reducer shrinks them (8 s after the last full
// collection, none of which the server can ask for: `gc()`, compacting or not, does not), and the flag that
// bounds them (`--max-semi-space-size`) is read only when the heap is set up, before the server's code runs.
// Fabric's 0-org-setup: the young generation was at its 2 × 16 MB during the first analysis and resident in
// full after a few hundred edits: RSS +13-19 % after 1,000 edits and 5 s quiet; with 4 MB semi-spaces +9-10 %
// and ~25 MB less at about the same CPU per edit; with 2 MB ones +7.6-8.8 %, but 1.3-1.4 × the CPU per edit
// (more scavenges, promoting more). BENCHMARKS.md: "#48: the server's start and memory (sixth session)" and
// "#48 and #53 after the sixth session's merges, quiet". What V8 reads at each growth is the factor it grows
// by (`--semi-space-growth-factor`): set to 1 once the young generation has reached the bound, it grows no more.
import {getHeapSpaceStatistics, setFlagsFromString} from 'node:v8'

/** The bound the server sets: both semi-spaces together, bytes (4 MB each). */
export const YOUNG_GENERATION_BYTES = 8 * 1024 * 1024

export interface YoungBoundOptions {
  /** The young generation's capacity now, bytes (default: V8's new space, both semi-spaces). */
  readonly capacity?: () => number
  /** Stops its growth (default: V8's growth factor set to 1, for the whole process). */
  readonly freeze?: () => void
  /** How often to look while it is below the bound, ms (default 5). */
  readonly everyMs?: number
}

/**
 * Lets the young generation grow until its capacity reaches the bound, then no further. V8 grows it by
 * doubling, in a collection; it is looked at on a timer, not after each collection (Node's `gc` observer
 * would load perf_hooks into the server's start: ~2-3 ms), so it may grow once past the bound before a look
 * (twice the bound at most, not 32 MB). After the server's first analysis (`slower()`) it is looked at less
 * often: a small workspace may never reach the bound, and a smaller young generation than the bound costs
 * CPU per edit (2 × 2 MB: 1.3-1.4 ×). A bound, not a shrink: a young generation already above it stays as it is.
 */
export class YoungBound {
  private timer: NodeJS.Timeout | undefined
  private frozen = false

  constructor(
    private readonly bytes: number,
    private readonly opts: YoungBoundOptions = {},
  ) {}

  /** Looks now, then every `everyMs` until the bound is reached (the timer keeps no process alive). */
  start(): void {
    if (this.look()) return
    this.every(this.opts.everyMs ?? 5)
  }

  /** From now on looks every `ms` (default 250) until the bound is reached: the growth of the busy start is over. */
  slower(ms = 250): void {
    if (this.look()) return
    this.every(ms)
  }

  private every(ms: number): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = setInterval(() => this.look(), ms)
    this.timer.unref()
  }

  /** One look: at or above the bound, its growth is stopped and there are no more looks. */
  look(): boolean {
    if (!this.frozen && (this.opts.capacity ?? newSpaceCapacity)() < this.bytes) return false
    this.end()
    return true
  }

  /** Stops its growth where it is now, and the looks. */
  end(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    if (this.frozen) return
    this.frozen = true
    ;(this.opts.freeze ?? (() => setFlagsFromString('--semi-space-growth-factor=1')))()
  }
}

function newSpaceCapacity(): number {
  return getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0
}
