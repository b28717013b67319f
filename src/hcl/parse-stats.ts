// Counters of the files a run has found and read, for the progress line (render/progress.ts) and
// the benchmark. Module-level because parsing happens deep inside the loader.
export interface ParseStats {
  /** Configuration files found in the module directories loaded so far. */
  found: number
  /** Files read and parsed (any syntax), including those answered by the cache. */
  done: number
  /** Native-syntax files answered by the parse cache. */
  cached: number
  /** Native-syntax files parsed in a worker thread. */
  pooled: number
  /** Whole results (a root's findings, a search for roots) answered by the results cache. */
  results: number
}

export const parseStats: ParseStats = {found: 0, done: 0, cached: 0, pooled: 0, results: 0}

/** Native-syntax files this run had to parse (not in the cache); decides when the worker pool starts. */
export let uncachedNative = 0

export function noteUncachedNative(): number {
  return ++uncachedNative
}

export function resetParseStats(): void {
  parseStats.found = 0
  parseStats.done = 0
  parseStats.cached = 0
  parseStats.pooled = 0
  parseStats.results = 0
  uncachedNative = 0
}
