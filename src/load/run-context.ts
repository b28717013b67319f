// One run's state: where files come from, the parser with its cache, worker pool and counters, the
// module loads shared between roots, and the results cache. A command creates one, passes it down
// and closes it at the end; a library call without one gets its own. Nothing of a run lives at
// module level, so two runs in one process (a test, an editor integration) never see each other.
import {cacheSettingsFromEnv, type CacheSettings} from '../io/cache-dir.js'
import {DiskSource, type FileSource} from '../io/inputs.js'
import {MemorySource} from '../io/memory-source.js'
import {ResultsCache} from '../io/results-cache.js'
import {ParseCache} from '../hcl/parse-cache.js'
import {NativeParser} from '../hcl/native-parser.js'
import {ParsePool} from '../hcl/parse-pool.js'
import {envLaneThreshold, ParseLane} from '../hcl/parse-lane.js'
import {newParseStats, type ParseStats} from '../hcl/parse-stats.js'
import {parserKindFromEnv, type ParserKind} from '../hcl/parser-kind.js'
import type {LoadContext} from './load-module.js'
import type {ReferenceMemo} from './module-index.js'
import {RunMemo} from './run-memo.js'
import {BLOCK_KINDS, type BlockKinds} from './block-kinds.js'
import {SharedLoads} from './shared-load.js'
import {TypeExprMemo} from './variable-default.js'

export interface RunContextOptions {
  /** Where files are read (default: the disk). Files in memory turn the caches off unless `cache` says otherwise. */
  readonly files?: FileSource
  /** The parse and results caches: on or off, optionally at a directory (default: from the environment, `--no-cache`). */
  readonly cache?: boolean | CacheSettings
  /** Parallel parsers (`--jobs`). */
  readonly jobs?: number
  /** Uncached files parsed in-process before the worker pool starts. */
  readonly poolThreshold?: number
  /**
   * Parse with tfgraph's own parser on a second thread too, past a threshold of source (parse-lane.ts): a
   * command's run, on a machine of more than one core (`jobs` above 1), when `laneThreshold` or
   * TFGRAPH_LANE_THRESHOLD gives the threshold (unset: no lane; it cost more CPU than it saved on the shared
   * machine it was measured on, BENCHMARKS.md). Default: off (an editor's, a library call's).
   */
  readonly lane?: boolean
  /** Characters of source announced before the second thread starts (default: TFGRAPH_LANE_THRESHOLD). */
  readonly laneThreshold?: number
  /** Say on stderr when a cache turns itself off. */
  readonly verbose?: boolean
  /** Environment for the cache settings and TFGRAPH_PARSER (default `process.env`). */
  readonly env?: NodeJS.ProcessEnv
  /** The parser of native-syntax files (`--parser`; default TFGRAPH_PARSER, else tfgraph's own). */
  readonly parser?: ParserKind
  /** Where a long-lived run (an editor's) lets other work in, and may abandon an analysis: see `Checkpoint`. */
  readonly checkpoint?: Checkpoint
  /** The block kinds that use a provider as resources do (default `BLOCK_KINDS`; a test adds one in memory). */
  readonly blockKinds?: BlockKinds
}

/**
 * Awaited between the stages of an analysis (and between the modules of a crawl, with `mayCancel`
 * false): an editor's run yields to the event loop there so that requests are answered while it works,
 * and throws `AnalysisCancelled` where `mayCancel` says it is safe to when what the analysis read has
 * changed since. A command's run has none.
 */
export type Checkpoint = (mayCancel: boolean) => Promise<void>

/** Thrown by a `Checkpoint`: the analysis was abandoned because its inputs changed while it ran. */
export class AnalysisCancelled extends Error {
  constructor() {
    super('analysis cancelled: its inputs changed')
  }
}

export class RunContext implements LoadContext {
  readonly files: FileSource
  readonly stats: ParseStats = newParseStats()
  readonly cache: ParseCache
  readonly pool: ParsePool
  /** The second parsing thread (tfgraph's own parser), when the run has one. */
  readonly lane: ParseLane | undefined
  readonly parser: NativeParser
  readonly types = new TypeExprMemo()
  /** Attributes' references read so far (an editor's edit reads only the edited file's again). */
  readonly references: ReferenceMemo = new WeakMap()
  /** Files' texts decoded so far, by their bytes (`LoadContext.texts`). */
  readonly texts = new WeakMap<Uint8Array, string>()
  /** Values derived once per run from shared objects (what the lint rules read from a module's expressions). */
  readonly memo = new RunMemo()
  readonly loads: SharedLoads
  readonly results: ResultsCache
  readonly verbose: boolean
  readonly parserKind: ParserKind
  readonly checkpoint: Checkpoint | undefined
  readonly blockKinds: BlockKinds

  constructor(opts: RunContextOptions = {}) {
    this.files = opts.files ?? new DiskSource()
    this.blockKinds = opts.blockKinds ?? BLOCK_KINDS
    this.checkpoint = opts.checkpoint
    this.verbose = opts.verbose === true
    const fromEnv = cacheSettingsFromEnv(opts.env)
    const memory = this.files instanceof MemorySource
    const settings: CacheSettings =
      typeof opts.cache === 'object' ? opts.cache : {enabled: opts.cache ?? (fromEnv.enabled && !memory), dir: fromEnv.dir}
    this.parserKind = opts.parser ?? parserKindFromEnv(opts.env)
    this.cache = new ParseCache({...settings, verbose: this.verbose, parser: this.parserKind})
    this.pool = new ParsePool({
      ...(opts.jobs === undefined ? {} : {jobs: opts.jobs}),
      ...(opts.poolThreshold === undefined ? {} : {threshold: opts.poolThreshold}),
      cache: () => this.cache.settings(),
      parser: this.parserKind,
    })
    const laneThreshold = opts.laneThreshold ?? envLaneThreshold(opts.env)
    this.lane =
      opts.lane === true && laneThreshold !== undefined && this.parserKind === 'tfgraph' && this.pool.jobs > 1
        ? new ParseLane(laneThreshold)
        : undefined
    this.parser = new NativeParser({
      cache: this.cache,
      pool: this.pool,
      stats: this.stats,
      kind: this.parserKind,
      ...(this.lane ? {lane: this.lane} : {}),
    })
    this.loads = new SharedLoads(this)
    this.results = new ResultsCache({
      // results found with another table are not the default's: kept out of the cache
      settings: () => (this.blockKinds === BLOCK_KINDS ? this.cache.settings() : {...this.cache.settings(), enabled: false}),
      files: this.files,
      onHit: () => this.stats.results++,
      verbose: this.verbose,
      variant: this.parserKind,
    })
  }

  /** Ends the run: stops the worker pool and the second parsing thread, and waits for the results cache's writes. */
  async close(): Promise<void> {
    await Promise.all([this.pool.close(), this.lane?.close(), this.results.settled()])
  }
}

/**
 * The context a library entry point runs in: the caller's (left open), or one of its own that `release`
 * closes. The entry point then calls its stage with it, and the stage passes it on: one context per run.
 */
export function runContextFor(given: RunContext | undefined): {readonly ctx: RunContext; release(): Promise<void>} {
  if (given) return {ctx: given, release: async () => {}}
  const own = new RunContext()
  return {ctx: own, release: () => own.close()}
}

/**
 * Runs `fn` with `ctx`, or with a context of its own (closed when `fn` ends) when none is given: what
 * a library entry point does for a caller that does not share one between calls.
 */
export async function withRunContext<T>(ctx: RunContext | undefined, fn: (ctx: RunContext) => Promise<T>): Promise<T> {
  const run = runContextFor(ctx)
  try {
    return await fn(run.ctx)
  } finally {
    await run.release()
  }
}
