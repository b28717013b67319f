// Module directories loaded once per process however many roots reach them. `tfgraph lint
// --recursive` analyses hundreds of roots that share modules (examples calling `../..`, components
// calling the same local modules); each root would otherwise list, read, decode and merge them again.
// A load is shared only while its inputs are provably unchanged by their stat stamps (a file changed
// in the last seconds has no stamp, so it is loaded again), with the same engine, display prefix and
// an allowance of files (--max-files) large enough for it. Its recorded inputs are added to the
// caller's recording, so results-cache entries stay complete.
import * as path from 'node:path'
import {noteInputs, recordInputs, stampsUnchanged, type Input} from '../io/inputs.js'
import {DEFAULT_MAX_FILES, loadModuleDir, type LoadOptions, type LoadResult} from './load-module.js'

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
const shared = new Map<string, Promise<Shared>>()

function keyOf(dir: string, engine: string, prefix: string): string {
  return [path.resolve(dir), engine, prefix].join('\0')
}

export async function loadModuleShared(dir: string, opts: LoadOptions = {}): Promise<LoadResult> {
  const key = keyOf(dir, opts.engine ?? '', opts.displayPrefix ?? '')
  // a load that chose its engine from the files serves a request naming that same engine
  const auto = opts.engine ? shared.get(keyOf(dir, '', opts.displayPrefix ?? '')) : undefined
  const seen = shared.get(key) ?? auto
  if (seen) {
    const s = await seen
    if (seen === auto && s.result.engine !== opts.engine) return load(key, dir, opts)
    const budget = opts.fileBudget
    const complete = !s.result.diagnostics.some((d) => d.summary === 'Too many configuration files')
    if (complete && (!budget || budget.remaining >= s.filesRead) && stampsUnchanged(s.inputs)) {
      if (budget) budget.remaining -= s.filesRead
      shared.delete(key)
      shared.set(key, seen)
      noteInputs(s.inputs)
      return s.result
    }
  }
  return load(key, dir, opts)
}

async function load(key: string, dir: string, opts: LoadOptions): Promise<LoadResult> {
  const p = recordInputs(() => loadModuleDir(dir, opts)).then(({value, inputs}): Shared => ({result: value, inputs, filesRead: inputs.filter((i) => i.kind === 'file').length}))
  shared.set(key, p)
  for (const k of shared.keys()) {
    if (shared.size <= MAX_SHARED) break
    shared.delete(k)
  }
  const s = await p
  noteInputs(s.inputs)
  return s.result
}

/** Forgets the shared loads (a new `lint --recursive` search, tests); only ever costs loading again. */
export function clearSharedLoads(): void {
  shared.clear()
}

/** Resolves once every load started so far has finished (tests: `lint --recursive` loads in the background). */
export async function sharedLoadsSettled(): Promise<void> {
  await Promise.all([...shared.values()])
}
