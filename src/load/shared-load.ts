// Module directories loaded once per process however many roots reach them. `tfgraph lint
// --recursive` analyses hundreds of roots that share modules (examples calling `../..`, components
// calling the same local modules); each root would otherwise list, read, decode and merge them again.
// A load is shared only while its inputs are provably unchanged by their stat stamps (a file changed
// in the last seconds has no stamp, so it is loaded again), with the same engine, display prefix and
// an allowance of files (--max-files) large enough for it. Its recorded inputs are added to the
// caller's recording, so results-cache entries stay complete.
import * as path from 'node:path'
import {noteInputs, recordInputs, stampsUnchanged, type Input} from '../io/inputs.js'
import {loadModuleDir, type LoadOptions, type LoadResult} from './load-module.js'

interface Shared {
  readonly result: LoadResult
  readonly inputs: readonly Input[]
  /** Configuration files the load read (what it took from the allowance). */
  readonly filesRead: number
}

/** Loads kept (least recently used first out): enough for a large monorepo's shared modules. */
const MAX_SHARED = 1000
const shared = new Map<string, Promise<Shared>>()

export async function loadModuleShared(dir: string, opts: LoadOptions = {}): Promise<LoadResult> {
  const key = [path.resolve(dir), opts.engine ?? '', opts.displayPrefix ?? ''].join('\0')
  const seen = shared.get(key)
  if (seen) {
    const s = await seen
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

/** Forgets the shared loads (tests). */
export function clearSharedLoads(): void {
  shared.clear()
}
