// `lint --recursive` on two threads. The search for roots reads each directory's local module calls: the
// directories it must read (those the last search's entry does not answer) are claimed one by one by this
// thread and one worker thread (an atomic counter in shared memory). The search then knows which roots can
// share files (their calls reach a common directory: one group, cached.ts); the groups whose findings the
// results cache does not hold are listed largest first, and both threads claim the next group when they are
// free, so neither waits while the other has work and no file is read or parsed by both. The worker lints
// its groups with a run of its own (its own loads, the same caches on disk) and sends back each root's
// findings and the inputs it read, as JSON: the form the results cache stores, so the output is what a run
// answered from the cache prints. A worker that cannot start or fails leaves its part to this thread.
import type * as WorkerThreads from 'node:worker_threads'
import type {CacheSettings} from '../io/cache-dir.js'
import type {Input} from '../io/inputs.js'
import {nodeBuiltin} from '../io/node-crypto.js'
import type {ParserKind} from '../hcl/parser-kind.js'
import type {EngineName} from '../load/engine.js'
import type {ParseStats} from '../hcl/parse-stats.js'
import type {LintDiagnostic} from '../rules/rule.js'
import type {LintConfig} from './config.js'
import type {LintOptions} from './lint.js'

/** The options every root of the run is linted with (those a worker can be given: no functions, no run). */
export type ThreadOptions = Pick<LintOptions, 'engine' | 'only' | 'disable' | 'vars' | 'varFiles' | 'limits' | 'tests'>

/** What the worker is started with: how each root is linted. */
export interface LintThreadData {
  readonly cache: CacheSettings
  readonly parser: ParserKind
  readonly options: ThreadOptions
}

/** The groups of roots to lint (none of them answered by the results cache), largest first, and the counter both threads claim them by. */
export interface LintGroups {
  readonly groups: readonly (readonly {readonly root: string; readonly config: LintConfig}[])[]
  /** `Atomics.add(claims, 0, 1)`: the next group to lint (none left at `groups.length` and beyond). */
  readonly claims: Int32Array
}

/** A directory's local calls as the worker read them, with what it read. */
export interface ThreadCalls {
  readonly targets: readonly string[]
  readonly inputs: readonly Input[]
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
 * The worker thread of one `lint --recursive` run: started when the first phase asks for it, it claims the
 * search's directories (`calls`), then the groups of roots (`lint`), and ends with `end`. A phase answers
 * undefined when the worker could not start or failed: the caller then does what the worker had claimed.
 */
export class LintThread {
  private worker: WorkerThreads.Worker | undefined
  private failed = false
  private answer: ((text: string | undefined) => void) | undefined

  constructor(private readonly data: LintThreadData) {}

  /** The call targets of the directories of `dirs` the worker claims, by index. */
  async calls(dirs: readonly string[], engine: EngineName | undefined, claims: Int32Array): Promise<Map<number, ThreadCalls> | undefined> {
    const text = await this.ask({kind: 'calls', dirs, engine: engine ?? null, claims})
    return text === undefined ? undefined : callsFrom(text, dirs)
  }

  /** The outcomes of the groups the worker claims, by group, each in its roots' order; its counters added to `stats`. */
  async lint(work: LintGroups, stats: ParseStats): Promise<Map<number, ThreadOutcome[]> | undefined> {
    const text = await this.ask({kind: 'lint', groups: work.groups, claims: work.claims})
    return text === undefined ? undefined : outcomesFrom(text, work, stats)
  }

  /** Lets the worker end (its results-cache entries are written before each answer). */
  end(): void {
    if (this.worker && !this.failed) this.worker.postMessage({kind: 'end'} satisfies WorkerRequest)
    this.failed = true // nothing more is asked
  }

  private ask(message: WorkerRequest): Promise<string | undefined> {
    if (this.failed) return Promise.resolve(undefined)
    if (!this.worker) {
      try {
        this.worker = startLintWorker(this.data)
      } catch {
        this.failed = true
        return Promise.resolve(undefined)
      }
      const fail = (): void => {
        this.failed = true
        this.answer?.(undefined)
        this.answer = undefined
      }
      this.worker.on('message', (text: unknown) => {
        // kept alive only while a request waits for its answer
        this.worker?.unref()
        const answer = this.answer
        this.answer = undefined
        answer?.(typeof text === 'string' ? text : undefined)
      })
      this.worker.on('error', fail)
      this.worker.on('exit', fail)
    }
    const worker = this.worker
    worker.ref()
    return new Promise((resolve) => {
      this.answer = resolve
      worker.postMessage(message)
    })
  }
}

/** What the worker is asked. */
type WorkerRequest =
  | {readonly kind: 'calls'; readonly dirs: readonly string[]; readonly engine: EngineName | null; readonly claims: Int32Array}
  | {readonly kind: 'lint'; readonly groups: LintGroups['groups']; readonly claims: Int32Array}
  | {readonly kind: 'end'}

/** The worker's answer to `calls`: each claimed directory's targets and inputs, by index. */
function callsFrom(text: string, dirs: readonly string[]): Map<number, ThreadCalls> | undefined {
  let message: unknown
  try {
    message = JSON.parse(text)
  } catch {
    return undefined
  }
  const done: unknown = typeof message === 'object' && message !== null ? (message as Record<string, unknown>)['calls'] : undefined
  if (!Array.isArray(done)) return undefined
  const out = new Map<number, ThreadCalls>()
  for (const entry of done) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'number' || entry[0] >= dirs.length || out.has(entry[0])) return undefined
    const [k, targets, inputs] = entry as [number, unknown, unknown]
    if (!Array.isArray(targets) || !targets.every((t) => typeof t === 'string') || !Array.isArray(inputs)) return undefined
    out.set(k, {targets: targets as string[], inputs: inputs as Input[]})
  }
  return out
}

/** The worker's answer, when it is every root of each group it names; its counters added to `stats`. */
function outcomesFrom(text: string, data: LintGroups, stats: ParseStats): Map<number, ThreadOutcome[]> | undefined {
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

/** The worker's side: answers each request of its `LintThread` in turn, until `end`. */
export async function lintThreadMain(): Promise<void> {
  const {parentPort, workerData} = nodeBuiltin('node:worker_threads') as typeof WorkerThreads
  if (!parentPort) return
  const port = parentPort
  const data = workerData as LintThreadData
  const [{RunContext}, cached, {RemainingRoots}] = await Promise.all([
    import('../load/run-context.js'),
    import('./cached.js'),
    import('./release.js'),
  ])
  const ctx = new RunContext({cache: data.cache, parser: data.parser})
  const serve = async (req: WorkerRequest): Promise<string | undefined> => {
    if (req.kind === 'end') return undefined
    if (req.kind === 'calls') {
      const done: [number, readonly string[], readonly Input[]][] = []
      for (let k = claim(req.claims); k < req.dirs.length; k = claim(req.claims)) {
        const dir = req.dirs[k]!
        const engine = req.engine ?? undefined
        const {value, inputs} = await ctx.files.record(() => cached.localCallTargets(ctx.files, dir, engine, ctx.parser))
        done.push([k, value, inputs])
      }
      return JSON.stringify({calls: done})
    }
    // the search's loads are not the lint's
    ctx.loads.clear()
    const done: [number, ThreadOutcome[]][] = []
    for (let g = claim(req.claims); g < req.groups.length; g = claim(req.claims)) {
      const roots = req.groups[g]!
      // what no root still to come can use goes, as on the main thread (a group shares no directory with another)
      const remaining = new RemainingRoots(roots.map((r) => r.root))
      const out: ThreadOutcome[] = []
      for (const {root, config} of roots) {
        const {value: r, inputs} = await ctx.files.record(() => cached.lintCached(ctx, root, {...data.options, config}, {missed: true}))
        remaining.done(root)
        if (!r.cached) ctx.loads.release((dir, reachedAs) => reachedAs.some((p) => remaining.useful(dir, p)))
        out.push({root, diagnostics: r.diagnostics, notes: r.notes, unread: r.unread, cached: r.cached, inputs})
      }
      done.push([g, out])
    }
    await ctx.results.settled()
    return JSON.stringify({groups: done, stats: ctx.stats})
  }
  // one request at a time: the main thread asks the next only after the answer
  port.on('message', (req: WorkerRequest) => {
    void serve(req).then(
      async (answer) => {
        if (answer !== undefined) port.postMessage(answer)
        else {
          await ctx.close()
          port.close()
        }
      },
      () => process.exit(1), // the main thread does the worker's part (its 'exit')
    )
  })
}
