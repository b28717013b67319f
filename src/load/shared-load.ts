// Module directories loaded once per run however many roots reach them. `tfgraph lint
// --recursive` analyses hundreds of roots that share modules (examples calling `../..`, components
// calling the same local modules); each root would otherwise list, read, decode and merge them again.
// A load is shared only while its inputs are unchanged (by their stat stamps, or by their contents
// for a file changed in the last seconds, which has no stamp), with the same engine and
// an allowance of files (--max-files) large enough for it. Its recorded inputs are added to the
// caller's recording, so results-cache entries stay complete.
import * as path from 'node:path'
import type {Input} from '../io/inputs.js'
import {DEFAULT_MAX_FILES} from './limits.js'
import type {LoadContext, LoadOptions, LoadResult} from './load-module.js'

interface Shared {
  readonly result: LoadResult
  readonly inputs: readonly Input[]
  /** Configuration files the load read (what it took from the allowance). */
  readonly filesRead: number
}

/**
 * Loads kept (least recently used first out): as many directories as one run may read files from
 * (`--max-files` default), so a large tree is never loaded, and parsed, twice (measured on 20,000
 * synthetic files: 53 s and 1.2 GB with 1,000 kept, 29 s and 0.9 GB with all kept).
 */
const MAX_SHARED = DEFAULT_MAX_FILES

function keyOf(dir: string, engine: string): string {
  return [path.resolve(dir), engine].join('\0')
}

/** One run's shared module loads. */
export class SharedLoads {
  private readonly shared = new Map<string, Promise<Shared>>()
  /** For each load, the paths by which roots reached it (`../../modules/x/`, '' for a root itself). */
  private readonly reached = new Map<string, Set<string>>()
  private loader: typeof import('./load-module.js') | undefined

  constructor(private readonly ctx: LoadContext) {}

  /**
   * Imports the loader (a run answered by the results cache never does). A crawl waits for it before
   * it plans any call, so that every load then starts synchronously and takes its share of the file
   * allowance (--max-files) in the order the calls are planned.
   */
  async ready(): Promise<void> {
    await this.loaderModule()
  }

  private async loaderModule(): Promise<typeof import('./load-module.js')> {
    this.loader ??= await import('./load-module.js')
    return this.loader
  }

  async load(dir: string, opts: LoadOptions = {}): Promise<LoadResult> {
    const key = keyOf(dir, opts.engine ?? '')
    if (opts.requestedFrom !== undefined) {
      const rel = path.relative(opts.requestedFrom, path.resolve(dir)).split(path.sep).join('/')
      const set = this.reached.get(key) ?? new Set()
      set.add(rel === '' ? '' : rel + '/')
      this.reached.set(key, set)
    }
    // a load started after this request was made read the files as they are now: no need to check them
    let startedSince = false
    for (;;) {
      // a load that chose its engine from the files serves a request naming that same engine
      const auto = opts.engine ? this.shared.get(keyOf(dir, '')) : undefined
      const seen = this.shared.get(key) ?? auto
      if (!seen) return this.fresh(key, dir, opts)
      const s = await seen
      if (seen === auto && s.result.engine !== opts.engine) return this.fresh(key, dir, opts)
      // another request found it out of date while this one waited, and loads it again: take that load
      const now = this.shared.get(key)
      if (now !== undefined && now !== seen) {
        startedSince = true
        continue
      }
      const reused = this.reuse(key, seen, s, opts, startedSince)
      if (reused) return reused
      return this.fresh(key, dir, opts)
    }
  }

  /**
   * The shared load when it still serves this request: complete, within the allowance, and its files as
   * they were — provably by their stamps, else (a file changed in the last seconds has no stamp: a
   * directory written just before the run) by their contents, so that one directory stays one module
   * object in a run whatever the timing (an editor's targets match declarations by identity). A load
   * `startedSince` the request was made read the files after it: it serves the request as it is.
   */
  private reuse(key: string, seen: Promise<Shared>, s: Shared, opts: LoadOptions, startedSince: boolean): LoadResult | undefined {
    const budget = opts.fileBudget
    const complete = !s.result.diagnostics.some((d) => d.code === 'load.too-many-files')
    if (!complete || (budget && budget.remaining < s.filesRead)) return undefined
    const files = this.ctx.files
    if (!startedSince && !files.unchanged(s.inputs, 'stamps') && !files.unchanged(s.inputs, 'contents')) return undefined
    if (budget) budget.remaining -= s.filesRead
    this.shared.delete(key)
    this.shared.set(key, seen)
    files.note(s.inputs)
    return s.result
  }

  private async fresh(key: string, dir: string, opts: LoadOptions): Promise<LoadResult> {
    const shared = this.shared
    const start = (loader: typeof import('./load-module.js')): Promise<Shared> =>
      this.ctx.files
        .record(() => loader.loadModuleDir(dir, {...opts, fileNames: 'absolute'}, this.ctx))
        .then(({value, inputs}): Shared => ({result: value, inputs, filesRead: value.filesRead}))
    // kept before anything is awaited, so a request made meanwhile waits for this load instead of making its own
    const p = this.loader ? start(this.loader) : this.loaderModule().then(start)
    shared.set(key, p)
    for (const k of shared.keys()) {
      if (shared.size <= MAX_SHARED) break
      shared.delete(k)
      this.reached.delete(k)
    }
    const s = await p
    this.ctx.files.note(s.inputs)
    return s.result
  }

  /**
   * Forgets the loads no longer worth keeping (`keep` says, from the directory and the paths by which roots
   * reached it): `lint --recursive` frees what no root still to be linted can use.
   */
  release(keep: (dir: string, reachedAs: readonly string[]) => boolean): void {
    for (const key of [...this.shared.keys()]) {
      const [dir = ''] = key.split('\0')
      if (keep(dir, [...(this.reached.get(key) ?? [])])) continue
      this.shared.delete(key)
      this.reached.delete(key)
    }
  }

  /** Forgets the shared loads (a new `lint --recursive` search, tests); only ever costs loading again. */
  clear(): void {
    this.shared.clear()
    this.reached.clear()
  }

  /** Resolves once every load started so far has finished (tests: `lint --recursive` loads in the background). */
  async settled(): Promise<void> {
    await Promise.all([...this.shared.values()])
  }
}
