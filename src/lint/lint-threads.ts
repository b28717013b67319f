// `lint --recursive` on two threads. The root search knows which roots can share files (their local module
// calls reach a common directory: one group, cached.ts); the groups whose findings the results cache does not
// hold are listed largest first, and this thread and one worker thread each claim the next group on the list
// when they are free (one atomic counter in shared memory), so neither waits while the other has work and no
// file is read or parsed by both. The worker lints its groups with a run of its own (its own loads, the same
// caches on disk) and sends back each root's findings and the inputs it read, as JSON: the form the results
// cache stores, so the output is what a run answered from the cache prints. A worker that cannot start or
// fails leaves its groups to this thread.
import type * as WorkerThreads from 'node:worker_threads'
import type {CacheSettings} from '../io/cache-dir.js'
import type {Input} from '../io/inputs.js'
import {nodeBuiltin} from '../io/node-crypto.js'
import type {ParserKind} from '../hcl/parser-kind.js'
import type {ParseStats} from '../hcl/parse-stats.js'
import type {LintDiagnostic} from '../rules/rule.js'
import type {LintConfig} from './config.js'
import type {LintOptions} from './lint.js'

/** The options every root of the run is linted with (those a worker can be given: no functions, no run). */
export type ThreadOptions = Pick<LintOptions, 'engine' | 'only' | 'disable' | 'vars' | 'varFiles' | 'limits' | 'tests'>

/** What the worker is given: the groups of roots, largest first, and the counter both threads claim them by. */
export interface LintThreadData {
  readonly cache: CacheSettings
  readonly parser: ParserKind
  readonly options: ThreadOptions
  readonly groups: readonly (readonly {readonly root: string; readonly config: LintConfig}[])[]
  /** `Atomics.add(claims, 0, 1)`: the next group to lint (none left at `groups.length` and beyond). */
  readonly claims: Int32Array
}

/** One root linted by the worker: what is printed of it, whether the cache answered, and what it read. */
export interface ThreadOutcome {
  readonly root: string
  readonly diagnostics: readonly LintDiagnostic[]
  readonly notes: readonly string[]
  readonly unread: boolean
  readonly cached: boolean
  readonly inputs: readonly Input[]
}

/**
 * Less than this (native files and roots of the groups to lint, the largest group left out) and one thread
 * does it all: a worker's start (loading the script, a cold compiler) costs ~0.1 s of CPU.
 */
export const MIN_THREAD_WEIGHT = 150

/**
 * The roots to lint (indexes into the search's roots) in their groups, the largest group first (each group's
 * roots in the order given); undefined when one thread should do it all: one group, or too little besides the
 * largest.
 */
export function groupsToClaim(
  todo: readonly number[],
  groups: readonly number[],
  weights: readonly number[],
  minWeight = MIN_THREAD_WEIGHT,
): number[][] | undefined {
  const byGroup = new Map<number, number[]>()
  for (const i of todo) {
    const g = groups[i]
    if (g === undefined) return undefined
    const list = byGroup.get(g)
    if (list) list.push(i)
    else byGroup.set(g, [i])
  }
  if (byGroup.size < 2) return undefined
  // the largest first (ties: the group seen first): the last to be claimed are the smallest
  const order = [...byGroup.keys()].sort((a, b) => (weights[b] ?? 0) - (weights[a] ?? 0) || a - b)
  const rest = order.slice(1).reduce((n, g) => n + (weights[g] ?? 0), 0)
  if (rest < minWeight) return undefined
  return order.map((g) => byGroup.get(g)!)
}

/** A counter in memory shared with a worker: `claim` gives each caller the next index once. */
export function newClaims(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4))
}

/** The next group to lint (`groups.length` or more: none left). */
export const claim = (claims: Int32Array): number => Atomics.add(claims, 0, 1)

/**
 * Lints the groups the worker claims in a worker thread: each claimed group's outcomes (in its roots' order) by
 * the group's index, or undefined when the worker could not start or did not finish (the caller lints every
 * group it did not lint itself).
 */
export function lintInWorker(data: LintThreadData, stats: ParseStats): Promise<Map<number, ThreadOutcome[]> | undefined> {
  return new Promise((resolve) => {
    let worker: WorkerThreads.Worker
    try {
      worker = startLintWorker(data)
    } catch {
      resolve(undefined)
      return
    }
    let answered = false
    worker.on('message', (text: unknown) => {
      answered = true
      resolve(typeof text === 'string' ? outcomesFrom(text, data, stats) : undefined)
    })
    worker.on('error', () => resolve(undefined))
    worker.on('exit', () => {
      if (!answered) resolve(undefined)
    })
  })
}

/** The worker's answer, when it is every root of each group it names; its counters added to `stats`. */
function outcomesFrom(text: string, data: LintThreadData, stats: ParseStats): Map<number, ThreadOutcome[]> | undefined {
  let message: unknown
  try {
    message = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof message !== 'object' || message === null) return undefined
  const done: unknown = (message as Record<string, unknown>)['groups']
  const counted: unknown = (message as Record<string, unknown>)['stats']
  if (!Array.isArray(done) || typeof counted !== 'object' || counted === null) return undefined
  const out = new Map<number, ThreadOutcome[]>()
  for (const entry of done) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'number' || !Array.isArray(entry[1])) return undefined
    const [g, outcomes] = entry as [number, unknown[]]
    const roots = data.groups[g]
    if (roots === undefined || out.has(g) || outcomes.length !== roots.length) return undefined
    for (const [i, o] of outcomes.entries()) {
      if (typeof o !== 'object' || o === null) return undefined
      const r = o as Record<string, unknown>
      if (
        r['root'] !== roots[i]!.root ||
        !Array.isArray(r['diagnostics']) ||
        !Array.isArray(r['notes']) ||
        typeof r['unread'] !== 'boolean' ||
        typeof r['cached'] !== 'boolean' ||
        !Array.isArray(r['inputs'])
      )
        return undefined
    }
    out.set(g, outcomes as ThreadOutcome[])
  }
  for (const k of Object.keys(stats) as (keyof ParseStats)[]) {
    const n = (counted as Record<string, unknown>)[k]
    if (typeof n === 'number') stats[k] += n
  }
  for (const list of out.values()) stats.threaded += list.length
  return out
}

/**
 * The worker's young generation: V8's default lets each thread's grow to 48 MB, and two threads took the
 * corpus's cold run to 274 MB at peak (one thread: 191 MB); at 12 MB, 249 MB for a few more scavenges.
 */
const WORKER_LIMITS = Object.freeze({maxYoungGenerationSizeMb: 12})

function startLintWorker(data: LintThreadData): WorkerThreads.Worker {
  // loaded when the first worker starts: most runs never start one
  const {Worker} = nodeBuiltin('node:worker_threads') as typeof WorkerThreads
  // the package: a script beside the bundle that holds this module (scripts/bundle.mjs) loads the quick
  // start's script from its code cache and calls `lintThreadMain`
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./lint-worker.cjs', import.meta.url), {workerData: data, resourceLimits: WORKER_LIMITS})
  // run from source under tsx (the tests): a worker does not inherit tsx's loader, so register it first
  const target = new URL('./lint-worker.ts', import.meta.url).href
  const code = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(target)}) }).then((m) => m.lintThreadMain())`
  return new Worker(code, {eval: true, workerData: data, resourceLimits: WORKER_LIMITS})
}

/** The worker's side: lints the groups it claims, one root after another, and posts back what `lintInWorker` reads. */
export async function lintThreadMain(): Promise<void> {
  const {parentPort, workerData} = nodeBuiltin('node:worker_threads') as typeof WorkerThreads
  if (!parentPort) return
  const data = workerData as LintThreadData
  const [{RunContext}, {lintCached}, {RemainingRoots}] = await Promise.all([
    import('../load/run-context.js'),
    import('./cached.js'),
    import('./release.js'),
  ])
  const ctx = new RunContext({cache: data.cache, parser: data.parser})
  const done: [number, ThreadOutcome[]][] = []
  for (let g = claim(data.claims); g < data.groups.length; g = claim(data.claims)) {
    const roots = data.groups[g]!
    // what no root still to come can use goes, as on the main thread (a group shares no directory with another)
    const remaining = new RemainingRoots(roots.map((r) => r.root))
    const out: ThreadOutcome[] = []
    for (const {root, config} of roots) {
      const {value: r, inputs} = await ctx.files.record(() => lintCached(ctx, root, {...data.options, config}))
      remaining.done(root)
      if (!r.cached) ctx.loads.release((dir, reachedAs) => reachedAs.some((p) => remaining.useful(dir, p)))
      out.push({root, diagnostics: r.diagnostics, notes: r.notes, unread: r.unread, cached: r.cached, inputs})
    }
    done.push([g, out])
  }
  await ctx.close() // the results cache's entries written
  parentPort.postMessage(JSON.stringify({groups: done, stats: ctx.stats}))
}
