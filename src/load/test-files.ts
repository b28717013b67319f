// The test files of a root module, found and read as the engines find them: `*.tftest.hcl` and
// `*.tftest.json` in the module's directory and in its test directory (`tests` unless `-test-directory`
// says otherwise; Terraform's parser_file_matcher.go testFiles), OpenTofu also `*.tofutest.hcl` and
// `*.tofutest.json`, which shadow the `.tftest.*` file of the same name in the same directory
// (parser_config_dir.go filterTfPathsWithTofuAlternatives). Files are read through the run's file source
// and parser; each is decoded by test-file-decode.ts. Sorted by path, the order `terraform test` runs them.
import * as path from 'node:path'
import type {Diagnostic} from '../diag/diagnostic.js'
import {warningDiag} from '../diag/diagnostic.js'
import {engineByName, type EngineName} from './engine.js'
import {isIgnoredName} from './file-set.js'
import {parseConfigFile, type LoadContext} from './load-module.js'
import {decodeTestFile, type TestFile} from './test-file-decode.js'
import {loadMockData} from './mock-data.js'

export type {TestFile, TestProviderBlock, TestRun, TestRunModule} from './test-file-decode.js'

export const DEFAULT_TEST_DIRECTORY = 'tests'

export interface TestFilesOptions {
  readonly engine: EngineName
  /** The test directory relative to the root (default `tests`). */
  readonly testDirectory?: string
  /** Terraform 1.14 and later report a second run of one name at its name. */
  readonly runNameSubject?: boolean
  /** The release whose test-file schema applies (default: the newest). */
  readonly version?: string
}

export interface TestFiles {
  readonly files: readonly TestFile[]
  /** Files the engine does not read: a `.tftest.*` file with an OpenTofu `.tofutest.*` twin (path → twin). */
  readonly shadowed: ReadonlyMap<string, string>
  /** About finding them (a test directory asked for that does not exist). */
  readonly diagnostics: readonly Diagnostic[]
}

const TERRAFORM_EXTENSIONS = ['.tftest.hcl', '.tftest.json']
const OPENTOFU_EXTENSIONS = [...TERRAFORM_EXTENSIONS, '.tofutest.hcl', '.tofutest.json']

function isTestFile(name: string, engine: EngineName): boolean {
  return (engine === 'opentofu' ? OPENTOFU_EXTENSIONS : TERRAFORM_EXTENSIONS).some((ext) => name.endsWith(ext) && name.length > ext.length)
}

/** The regular files of a directory (links to files too), or undefined when it cannot be listed. */
function listFiles(ctx: LoadContext, dir: string): string[] | undefined {
  try {
    return ctx.files
      .list(dir)
      .filter((e) => e.kind === 'file' || (e.kind === 'link' && ctx.files.stat(path.join(dir, e.name)) === 'file'))
      .map((e) => e.name)
  } catch {
    return undefined
  }
}

/** OpenTofu: `x.tftest.hcl` is not read when `x.tofutest.hcl` is in the same directory (and `.json` alike). */
function shadowedBy(rel: string, all: ReadonlySet<string>): string | undefined {
  for (const [tf, tofu] of [
    ['.tftest.hcl', '.tofutest.hcl'],
    ['.tftest.json', '.tofutest.json'],
  ] as const) {
    if (!rel.endsWith(tf)) continue
    const twin = rel.slice(0, -tf.length) + tofu
    if (all.has(twin)) return twin
  }
  return undefined
}

/** The test file paths of a root module (relative, `/`-separated), and what finding them reported. */
export function findTestFiles(
  ctx: LoadContext,
  root: string,
  opts: TestFilesOptions,
): {paths: string[]; shadowed: Map<string, string>; diagnostics: Diagnostic[]} {
  const engine = opts.engine
  const diagnostics: Diagnostic[] = []
  const found: string[] = []
  for (const name of listFiles(ctx, root) ?? []) if (!isIgnoredName(name) && isTestFile(name, engine)) found.push(name)
  const testDir = (opts.testDirectory ?? DEFAULT_TEST_DIRECTORY).split(path.sep).join('/').replace(/\/+$/, '')
  const inTestDir = listFiles(ctx, path.resolve(root, testDir))
  if (inTestDir === undefined) {
    // Terraform warns only about a directory asked for: the default one need not exist
    if (opts.testDirectory !== undefined && testDir !== DEFAULT_TEST_DIRECTORY)
      diagnostics.push(
        warningDiag(
          'test.directory-missing',
          'Test directory does not exist',
          `Requested test directory ${path.posix.join('.', testDir)} does not exist.`,
        ),
      )
  } else {
    for (const name of inTestDir)
      if (!(engine === 'opentofu' && isIgnoredName(name)) && isTestFile(name, engine)) found.push(`${testDir}/${name}`)
  }
  const all = new Set(found)
  const shadowed = new Map<string, string>()
  const paths: string[] = []
  for (const rel of [...all].sort()) {
    const twin = engine === 'opentofu' ? shadowedBy(rel, all) : undefined
    if (twin) shadowed.set(rel, twin)
    else paths.push(rel)
  }
  return {paths, shadowed, diagnostics}
}

/** Finds, reads and decodes the test files of a root module. Never throws: problems become diagnostics. */
export async function loadTestFiles(ctx: LoadContext, root: string, opts: TestFilesOptions): Promise<TestFiles> {
  const engine = engineByName(opts.engine)
  const found = findTestFiles(ctx, root, opts)
  const files = await Promise.all(
    found.paths.map(async (rel): Promise<TestFile> => {
      const json = rel.endsWith('.json')
      const parsed = await parseConfigFile(ctx, path.join(root, ...rel.split('/')), rel, json ? 'json' : 'native', 'test')
      if (!parsed.file) return {path: rel, providers: new Map(), runs: [], diagnostics: parsed.diagnostics}
      // a file with syntax errors is not decoded further (what HCL recovered could mislead)
      if (parsed.diagnostics.some((d) => d.severity === 'error'))
        return {path: rel, providers: new Map(), runs: [], diagnostics: parsed.diagnostics}
      const decoded = decodeTestFile(rel, parsed.file, {
        engine,
        runNameSubject: opts.runNameSubject ?? true,
        ...(opts.version !== undefined ? {version: opts.version} : {}),
        ...(ctx.blockKinds ? {sites: ctx.blockKinds.files} : {}),
      })
      // the mock data directories of its mock_provider blocks (Terraform's loader reads them with the configuration)
      const mocks = await Promise.all(
        [...decoded.providers.values()].map((p) => (p.mockSource !== undefined ? loadMockData(ctx, root, p, p.mockSource) : undefined)),
      )
      const mockFiles = mocks.flatMap((m) => m?.files ?? [])
      return {
        ...decoded,
        diagnostics: [...parsed.diagnostics, ...decoded.diagnostics, ...mocks.flatMap((m) => m?.diagnostics ?? [])],
        ...(mockFiles.length > 0 ? {mockFiles} : {}),
      }
    }),
  )
  return {files, shadowed: found.shadowed, diagnostics: found.diagnostics}
}
