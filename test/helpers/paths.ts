import {existsSync} from 'node:fs'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
export const fixturesDir = path.join(repoRoot, 'fixtures')
/** The team's shared folder (conformance fixtures, corpus), beside the repository. */
export const sharedDir = process.env['TFGRAPH_SHARED'] ?? path.resolve(repoRoot, '..', 'shared')

/**
 * Whether `../shared` (conformance fixtures, corpus) is beside the repository. When it is not, prints one
 * line saying what is skipped and why (`scripts/test.mjs` counts them) — except under `CI=true`, where
 * `../shared` is always there: then its absence is an error, never a silent skip.
 */
export function hasShared(what: string, sub = ''): boolean {
  const want = path.join(sharedDir, sub)
  if (existsSync(want)) return true
  if (process.env['CI'] === 'true') throw new Error(`${what}: ${want} is missing (CI=true: tests that need ../shared must not skip)`)
  process.stdout.write(`SKIP ${what}: needs ../shared, not found at ${want}\n`)
  return false
}
