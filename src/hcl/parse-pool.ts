// Parallel parsing: a pool of worker threads, each with its own @cdktf/hcl2json instance, for files
// that are not in the parse cache. Starting a worker costs about as much as parsing a hundred files
// (its WebAssembly start-up), so the pool only starts once a run has met POOL_THRESHOLD uncached
// files; small runs parse in-process, with the parser compiled for a quick start. Past the threshold
// `jobs` workers (one with --jobs 1) take over, with the parser compiled for speed. Workers write
// their results to the shared parse cache themselves. A worker that dies only sends its files back
// to in-process parsing.
import type * as Os from 'node:os'
import type * as WorkerThreads from 'node:worker_threads'
import type {Worker} from 'node:worker_threads'
import {nodeBuiltin} from '../io/node-crypto.js'
import type {Diagnostic} from '../diag/diagnostic.js'
import type {CacheSettings} from '../io/cache-dir.js'
import type {ParserKind} from './parser-kind.js'
import type {ConfigFile} from './syntax.js'

export interface NativeParse {
  readonly file: ConfigFile
  readonly diagnostics: Diagnostic[]
}

/** Uncached files parsed in-process before the pool starts (measured: see BENCHMARKS.md, "crossover"). */
export const DEFAULT_POOL_THRESHOLD = 1000
/** Files handed to one worker at a time; the rest wait on the main thread so busy workers are not overloaded. */
const IN_FLIGHT_PER_WORKER = 4

/** `--jobs` from the environment (`TFGRAPH_JOBS`), if set. */
export function envJobs(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const n = Number(env['TFGRAPH_JOBS'])
  return Number.isInteger(n) && n > 0 ? n : undefined
}

function envThreshold(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const n = Number(env['TFGRAPH_POOL_THRESHOLD'])
  return env['TFGRAPH_POOL_THRESHOLD'] && Number.isInteger(n) && n >= 0 ? n : undefined
}

/** Cache lookups seen before a projection is trusted. */
const MIN_SAMPLE = 4

export interface ParsePoolOptions {
  /** Parallel parsers (`--jobs`; default `TFGRAPH_JOBS`, else the machine's parallelism). */
  readonly jobs?: number
  /** Uncached files parsed in-process first (default `TFGRAPH_POOL_THRESHOLD`, else DEFAULT_POOL_THRESHOLD). */
  readonly threshold?: number
  /** The cache settings sent with each file (workers write their results to that cache). */
  readonly cache: () => CacheSettings
  /** The parser the workers run (default tfgraph's own). */
  readonly parser?: ParserKind
}

/** One run's worker pool: started on demand, stopped by `close` (idle workers never keep a process alive). */
export class ParsePool {
  #jobs: number | undefined
  /** --jobs, else TFGRAPH_JOBS, as the run was made with. */
  private readonly given: number | undefined
  private readonly threshold: number
  private readonly cache: () => CacheSettings
  readonly parser: ParserKind
  private pool: Pool | undefined
  private expected = 0

  constructor(opts: ParsePoolOptions) {
    this.given = opts.jobs ?? envJobs()
    this.threshold = Math.max(0, Math.floor(opts.threshold ?? envThreshold() ?? DEFAULT_POOL_THRESHOLD))
    this.cache = opts.cache
    this.parser = opts.parser ?? 'tfgraph'
  }

  /** The number of workers; node:os (the machine's parallelism) is loaded only when asked (#53: most runs start none). */
  get jobs(): number {
    return (this.#jobs ??= Math.max(1, Math.floor(this.given ?? (nodeBuiltin('node:os') as typeof Os).availableParallelism())))
  }

  /**
   * A caller that knows how many native files it is about to parse (`lint --recursive` lists every
   * configuration directory first) says so: the pool can then start as soon as the cache misses seen
   * so far project past the threshold, instead of after the first POOL_THRESHOLD files were parsed in-process.
   */
  expect(n: number): void {
    this.expected += n
  }

  /**
   * True when an uncached file, the `uncachedSoFar`-th of this run (`cachedSoFar` files having been
   * answered by the cache), should go to the worker pool.
   */
  shouldUse(uncachedSoFar: number, cachedSoFar = 0): boolean {
    if (this.pool?.dead === true) return false
    if (uncachedSoFar > this.threshold) return true
    const looked = uncachedSoFar + cachedSoFar
    if (looked < MIN_SAMPLE || this.expected <= looked) return false
    return uncachedSoFar + ((this.expected - looked) * uncachedSoFar) / looked > this.threshold
  }

  parse(text: string, filename: string): Promise<NativeParse | undefined> {
    this.pool ??= new Pool(this.jobs, this.cache, this.parser)
    return this.pool.parse(text, filename)
  }

  /** Stops the workers. */
  async close(): Promise<void> {
    const p = this.pool
    this.pool = undefined
    if (p) await p.close()
  }
}

interface Task {
  readonly id: number
  readonly text: string
  readonly filename: string
  readonly resolve: (r: NativeParse | undefined) => void
}

interface Lane {
  readonly worker: Worker
  readonly tasks: Map<number, Task>
}

/**
 * A worker thread running `name` (a module of this folder: `parse-worker`, `lane-worker`), found beside this
 * module (the bundles put the workers' entries beside their own files).
 */
export function startWorker(name: string, data: unknown, transferList?: readonly WorkerThreads.TransferListItem[]): Worker {
  // loaded when the first worker starts: most runs (and the language server's start) never start one
  const {Worker} = nodeBuiltin('node:worker_threads') as typeof WorkerThreads
  const options = {workerData: data, ...(transferList ? {transferList: [...transferList]} : {})}
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, import.meta.url), options)
  // Run from source under tsx (the tests): a worker does not inherit tsx's loader, so register it first.
  const target = new URL(`./${name}.ts`, import.meta.url).href
  const code = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(target)}) })`
  return new Worker(code, {eval: true, ...options})
}

class Pool {
  private readonly lanes: Lane[] = []
  /** Tasks not yet sent to a worker: `waiting[head…]` (a moving head, so taking one is O(1)). */
  private waiting: Task[] = []
  private head = 0
  private nextId = 0
  dead = false

  constructor(
    size: number,
    private readonly cache: () => CacheSettings,
    private readonly parser: ParserKind,
  ) {
    for (let i = 0; i < size; i++) {
      let worker: Worker
      try {
        worker = startWorker('parse-worker', {})
      } catch {
        continue
      }
      const lane: Lane = {worker, tasks: new Map()}
      worker.on('message', (msg: unknown) => this.onMessage(lane, msg))
      worker.on('error', () => this.onExit(lane))
      worker.on('exit', () => this.onExit(lane))
      worker.unref()
      this.lanes.push(lane)
    }
    if (this.lanes.length === 0) this.dead = true
  }

  parse(text: string, filename: string): Promise<NativeParse | undefined> {
    if (this.dead) return Promise.resolve(undefined)
    return new Promise((resolve) => {
      this.waiting.push({id: this.nextId++, text, filename, resolve})
      this.pump()
    })
  }

  private pump(): void {
    while (this.head < this.waiting.length) {
      let best: Lane | undefined
      for (const l of this.lanes) if (l.tasks.size < IN_FLIGHT_PER_WORKER && (!best || l.tasks.size < best.tasks.size)) best = l
      if (!best) return
      const task = this.waiting[this.head++]!
      if (this.head > 1024 && this.head * 2 > this.waiting.length) {
        this.waiting = this.waiting.slice(this.head)
        this.head = 0
      }
      if (best.tasks.size === 0) best.worker.ref()
      best.tasks.set(task.id, task)
      // the cache settings travel with each file: they can change during a run (tests, --no-cache)
      best.worker.postMessage({id: task.id, text: task.text, filename: task.filename, cache: this.cache(), parser: this.parser})
    }
  }

  private onMessage(lane: Lane, msg: unknown): void {
    if (typeof msg !== 'object' || msg === null) return
    const {id, json} = msg as {id?: unknown; json?: unknown}
    if (typeof id !== 'number') return
    const task = lane.tasks.get(id)
    if (!task) return
    lane.tasks.delete(id)
    if (lane.tasks.size === 0) lane.worker.unref()
    // Results travel as JSON text: JSON.parse costs the main thread ~40 % less than receiving a
    // structured clone of the same trees (197 vs 318 ms for cloud-foundation-fabric's 798 files,
    // measured in one process), and the main thread is what limits a pooled run.
    let result: NativeParse | undefined
    try {
      result = typeof json === 'string' ? (JSON.parse(json) as NativeParse) : undefined
    } catch {
      result = undefined
    }
    task.resolve(result)
    this.pump()
  }

  /** A worker died (out of memory on a huge file, say): its files fall back to in-process parsing. */
  private onExit(lane: Lane): void {
    const i = this.lanes.indexOf(lane)
    if (i < 0) return
    this.lanes.splice(i, 1)
    for (const t of lane.tasks.values()) t.resolve(undefined)
    lane.tasks.clear()
    if (this.lanes.length === 0) {
      this.dead = true
      this.dropWaiting()
    } else this.pump()
  }

  private dropWaiting(): void {
    const rest = this.waiting.slice(this.head)
    this.waiting = []
    this.head = 0
    for (const t of rest) t.resolve(undefined)
  }

  async close(): Promise<void> {
    const lanes = this.lanes.splice(0)
    this.dead = true
    this.dropWaiting()
    for (const l of lanes) {
      for (const t of l.tasks.values()) t.resolve(undefined)
      l.tasks.clear()
    }
    await Promise.all(lanes.map((l) => l.worker.terminate()))
  }
}
