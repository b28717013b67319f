// The mock data directory of a test file's `mock_provider "x" { source = "./dir" }` (Terraform 1.7 and
// later): its `*.tfmock.hcl` and `*.tfmock.json` files, read and decoded as Terraform's loader does when it
// builds the configuration for `terraform test` (configload/loader_load.go LoadExternalMockData,
// parser_config_dir.go LoadMockDataDir, parser_config.go LoadMockDataFile, mock_provider.go decodeMockDataBody
// and MockData.Merge): the directory is named relative to the directory `terraform test` runs in (the root
// module), one that cannot be listed is "Failed to read mock data directory" at the mock_provider block, each
// file's blocks have the errors of a mock_provider body, and a mock_resource or mock_data type given in two
// files is "Duplicate mock resource block". The files are read through the run's file source, so they are
// inputs of the analysis like every file it reads.
import * as path from 'node:path'
import type {Diagnostic} from '../diag/diagnostic.js'
import {errorDiag, formatRange} from '../diag/diagnostic.js'
import type {Block} from '../hcl/syntax.js'
import {isIgnoredName} from './file-set.js'
import {parseConfigFile, type LoadContext} from './load-module.js'
import {mockDataProblems, type TestProviderBlock} from './test-file-decode.js'

export interface MockData {
  /** The files read, relative to the root module's directory. */
  readonly files: readonly string[]
  readonly diagnostics: readonly Diagnostic[]
}

const MOCK_FILE = /\.tfmock\.(hcl|json)$/

/** Reads and checks the mock data directory a mock_provider block names (`dir` as written in `source`). */
export async function loadMockData(ctx: LoadContext, root: string, block: TestProviderBlock, dir: string): Promise<MockData> {
  const abs = path.resolve(root, dir)
  let names: string[]
  try {
    names = ctx.files
      .list(abs)
      .filter((e) => e.kind === 'file' || (e.kind === 'link' && ctx.files.stat(path.join(abs, e.name)) === 'file'))
      .map((e) => e.name)
      .filter((n) => MOCK_FILE.test(n) && !isIgnoredName(n))
      .sort()
  } catch {
    return {
      files: [],
      diagnostics: [
        errorDiag(
          'test.mock-data-unreadable',
          'Failed to read mock data directory',
          `Mock data directory ${dir} does not exist or cannot be read.`,
          block.block.declRange,
        ),
      ],
    }
  }
  const diagnostics: Diagnostic[] = []
  const files: string[] = []
  // MockData.Merge across files: the first mock_resource (or mock_data) of a type wins, a later one is an error
  const first = new Map<string, Block>()
  for (const name of names) {
    const rel = path.relative(root, path.join(abs, name)).split(path.sep).join('/')
    files.push(rel)
    const parsed = await parseConfigFile(ctx, path.join(abs, name), rel, name.endsWith('.json') ? 'json' : 'native', 'mock')
    diagnostics.push(...parsed.diagnostics)
    if (!parsed.file || parsed.diagnostics.some((d) => d.severity === 'error')) continue
    diagnostics.push(...mockDataProblems(parsed.file.body))
    const inFile = new Set<string>()
    for (const b of parsed.file.body.blocks) {
      if ((b.type !== 'mock_resource' && b.type !== 'mock_data') || b.labels.length !== 1) continue
      const key = `${b.type} ${b.labels[0]!.value}`
      if (inFile.has(key)) continue
      inFile.add(key)
      const prev = first.get(key)
      if (!prev) first.set(key, b)
      else
        diagnostics.push(
          errorDiag(
            'test.duplicate-mock',
            'Duplicate mock resource block',
            `A ${b.type} ${JSON.stringify(b.labels[0]!.value)} block already exists at ${formatRange(prev.declRange)}.`,
            b.labels[0]!.range,
          ),
        )
    }
  }
  return {files, diagnostics}
}
