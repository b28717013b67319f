// Counters of the files a run has found and read, the module directories it decoded and the module instances
// it bound, for the progress line (render/progress.ts), --verbose and the benchmark. One object per run (run-context.ts), updated by the loader and the parser.
export interface ParseStats {
  /** Configuration files found in the module directories loaded so far. */
  found: number
  /** Files read and parsed (any syntax), including those answered by the cache. */
  done: number
  /** Native-syntax files answered by the parse cache. */
  cached: number
  /** Native-syntax files parsed in a worker thread of the pool (the reference parser). */
  pooled: number
  /** Native-syntax files parsed by the second parsing thread (parse-lane.ts, TFGRAPH_LANE_THRESHOLD). */
  laned: number
  /** Whole results (a root's findings, a search for roots) answered by the results cache. */
  results: number
  /** Native-syntax files this run had to parse (not in the cache); decides when the worker pool starts. */
  uncached: number
  /** Module directories decoded (merged into a module and its records): once per directory and engine in a run. */
  decoded: number
  /** Module instances whose resources were bound (resolution), and those whose bindings were kept from an earlier analysis of the run. */
  resolved: number
  reused: number
  /** Roots `lint --recursive` linted on a second thread (lint-threads.ts); its counters are added to these. */
  threaded: number
}

export function newParseStats(): ParseStats {
  return {found: 0, done: 0, cached: 0, pooled: 0, laned: 0, results: 0, uncached: 0, decoded: 0, resolved: 0, reused: 0, threaded: 0}
}
