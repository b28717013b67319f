import {existsSync} from 'node:fs'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
export const fixturesDir = path.join(repoRoot, 'fixtures')
/**
 * The node arguments that run one of the repository's TypeScript files (a test's helper process) as a
 * process of its own: the compiled copy in scripts/test.mjs's mirror when the run made one
 * (TFGRAPH_TEST_MIRROR: no tsx hooks to start, nothing compiled again, about 1 s of CPU less), else the
 * .ts file through tsx.
 */
export function tsProcessArgs(file: string): string[] {
  const mirror = process.env['TFGRAPH_TEST_MIRROR']
  if (mirror) {
    const compiled = path.join(mirror, path.relative(repoRoot, file)).replace(/\.ts$/, '.js')
    // process.argv[1] made the .ts file's, as the compiled module's import.meta.url is: a file's "am I
    // the main module" check (argv[1] against import.meta.url) holds as under tsx
    if (existsSync(compiled))
      return ['--import', `data:text/javascript,process.argv[1]=${encodeURIComponent(JSON.stringify(file))}`, compiled]
  }
  return ['--import', 'tsx', file]
}

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
