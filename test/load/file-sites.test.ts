// The third table of src/load/block-kinds.ts (issue 50): the blocks of test files and stack files that declare
// or pass a provider configuration (src/load/file-sites.ts). A test-file block no engine has, added to one
// run's table in memory (one row and its decoder, written here and nowhere else), is accepted by the test
// file's schema, decoded, named by a run's providers map, binds the module's resources in that run, serves a
// run without a map by default, is named by its keyword in the text output and the runs' explanations, and is
// read by the lint rule about mocks; a stack-file row is accepted and checked by the stack decoder. A run
// with the default table rejects both blocks.
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {lint} from '../../src/api.js'
import {errorDiag, formatRange, type Diagnostic} from '../../src/diag/diagnostic.js'
import type {Block} from '../../src/hcl/syntax.js'
import {MEMORY_ROOT, MemorySource} from '../../src/io/memory-source.js'
import {BLOCK_KINDS, BUILTIN_KINDS, BUILTIN_SITES, blockKinds, type BlockKinds, type KindDecode} from '../../src/load/block-kinds.js'
import {BUILTIN_FILE_SITES, type FileSite} from '../../src/load/file-sites.js'
import {RunContext} from '../../src/load/run-context.js'
import {renderTestsText} from '../../src/render/tests-text.js'
import {analyzeProviders} from '../helpers/internal.js'

/** The decoder of the fictional test-file block: a stub must say what it answers (`reply`). */
function decodeStub(b: Block): KindDecode {
  if (b.body.attributes.some((a) => a.name === 'reply')) return {diagnostics: [], keep: true}
  return {
    diagnostics: [errorDiag('config.missing-argument', 'Missing required argument', 'A stub_provider block must set reply.', b.declRange)],
    keep: false,
  }
}

/** The fictional test-file block: `stub_provider "aws" { alias = "s"  reply = {} }`, a mock as mock_provider is. */
const STUB: FileSite = {
  file: 'test',
  keyword: 'stub_provider',
  labels: ['name'],
  within: 'file',
  names: 'declares',
  address: '<name>[.<alias>]',
  reference: false,
  mock: true,
  editor: {},
  engines: ['terraform', 'opentofu'],
  decode: decodeStub,
}

/** The fictional stack-file block: `mirror "aws" "m" { from = provider.aws.main }`. */
const MIRROR: FileSite = {
  file: 'stack',
  keyword: 'mirror',
  labels: ['type', 'name'],
  within: 'file',
  names: 'declares',
  address: 'mirror.<type>.<name>',
  reference: false,
  mock: false,
  editor: {},
  engines: ['terraform'],
  decode: (b) =>
    b.body.attributes.some((a) => a.name === 'from')
      ? {diagnostics: [], keep: true}
      : {
          diagnostics: [errorDiag('config.missing-argument', 'Missing required argument', 'A mirror block must set from.', b.declRange)],
          keep: false,
        },
}

const TABLE: BlockKinds = blockKinds(BUILTIN_KINDS, BUILTIN_SITES, [...BUILTIN_FILE_SITES, STUB, MIRROR])

const MAIN = `terraform {
  required_version = ">= 1.7"
  required_providers {
    aws    = { source = "hashicorp/aws" }
    google = { source = "hashicorp/google" }
  }
}

resource "aws_instance" "x" {}

resource "google_storage_bucket" "b" {}
`

const TESTS = `stub_provider "aws" {
  alias = "s"
  reply = {}
}

stub_provider "google" {
  reply = {}
}

stub_provider "awscc" {
  reply = {}
}

stub_provider "aws" {}

run "mapped" {
  providers = {
    aws    = aws.s
    google = google
  }
}

run "default" {}

run "unknown" {
  providers = {
    aws = aws.nope
  }
}
`

const FILES = {'main.tf': MAIN, 'tests/t.tftest.hcl': TESTS}

const where = (d: Diagnostic): string => `${d.summary}: ${d.detail} @${d.range ? formatRange(d.range) : '-'}`

async function withContext<T>(files: Record<string, string>, kinds: BlockKinds, f: (ctx: RunContext) => Promise<T>): Promise<T> {
  const ctx = new RunContext({files: new MemorySource(MEMORY_ROOT, files), blockKinds: kinds})
  try {
    return await f(ctx)
  } finally {
    await ctx.close()
  }
}

test('a test-file row added to the run table is accepted and decoded; the default table rejects the block', async () => {
  const a = await withContext(FILES, TABLE, (context) =>
    analyzeProviders(MEMORY_ROOT, {context, env: {}, tests: true, engine: 'terraform'}),
  )
  const file = a.tests?.files[0]
  assert.equal(file?.path, 'tests/t.tftest.hcl')
  // the block without reply: the row's decoder's error, and it is not kept
  assert.equal(file?.diagnostics.map(where), [
    'Missing required argument: A stub_provider block must set reply. @tests/t.tftest.hcl:14,1-20',
  ])
  assert.equal(
    [...(file?.providers.values() ?? [])].map((p) => `${p.block.type} ${p.key} mock=${p.mock}`),
    ['stub_provider aws.s mock=true', 'stub_provider google mock=true', 'stub_provider awscc mock=true'],
  )
  const plain = await withContext(FILES, BLOCK_KINDS, (context) =>
    analyzeProviders(MEMORY_ROOT, {context, env: {}, tests: true, engine: 'terraform'}),
  )
  assert.equal(
    plain.tests?.files[0]?.diagnostics.map((d) => d.summary),
    ['Unsupported block type', 'Unsupported block type', 'Unsupported block type', 'Unsupported block type'],
  )
  assert.is(
    BLOCK_KINDS.files.find((s) => s.keyword === 'stub_provider'),
    undefined,
  )
})

test("its blocks serve the runs: through a run's providers map, and by default in a run without one", async () => {
  const a = await withContext(FILES, TABLE, (context) =>
    analyzeProviders(MEMORY_ROOT, {context, env: {}, tests: true, engine: 'terraform'}),
  )
  const runs = a.tests?.files[0]?.runs ?? []
  const served = (name: string): string[] =>
    (runs.find((r) => r.name === name)?.resources ?? []).map((b) => {
      const step = b.resolution.find((s) => s.kind === 'test')
      return `${b.address.type}.${b.address.name} ${b.testProviderConfig ?? '-'} mock=${b.mock} ${step?.kind === 'test' ? `${step.keyword} ${step.key} mapped=${step.mapped}` : '-'}`
    })
  assert.equal(served('mapped'), [
    'aws_instance.x provider["registry.terraform.io/hashicorp/aws"].s mock=true stub_provider aws.s mapped=true',
    'google_storage_bucket.b provider["registry.terraform.io/hashicorp/google"] mock=true stub_provider google mapped=true',
  ])
  // without a map the run gets the file's blocks by their addresses: aws's default has no block (aws.s is aliased)
  assert.equal(served('default'), [
    'aws_instance.x - mock=false -',
    'google_storage_bucket.b provider["registry.terraform.io/hashicorp/google"] mock=true stub_provider google mapped=false',
  ])
  assert.equal(runs.find((r) => r.name === 'mapped')?.diagnostics, [])
  // the text output names the block by its keyword
  const text = renderTestsText(a)
  assert.ok(text.includes('stub_provider aws.s of tests/t.tftest.hcl (providers map)'), text)
  // a providers map naming no block: the explanation names the blocks the table declares
  const unknown = runs.find((r) => r.name === 'unknown')?.diagnostics ?? []
  assert.equal(
    unknown.map((d) => d.summary),
    ['Missing provider definition for aws.nope'],
  )
  assert.match(String(unknown[0]?.extra?.explanation), 'has no provider, mock_provider or stub_provider block aws.nope')
})

test('the lint rule about mocks reads the row: a stub for a provider nothing uses is named by its keyword', async () => {
  const r = await withContext(FILES, TABLE, (context) => lint(MEMORY_ROOT, {context, env: {}, engine: 'terraform'}))
  const found = r.diagnostics.filter((d) => d.rule === 'unused-mock-provider')
  assert.equal(
    found.map((d) => `${d.address} @${d.range ? formatRange(d.range) : '-'}`),
    ['stub_provider.awscc @tests/t.tftest.hcl:10,1-22'],
  )
  assert.match(found[0]?.detail ?? '', 'tests/t.tftest.hcl declares stub_provider "awscc"')
})

const STACK = {
  'main.tfcomponent.hcl': `required_providers {
  aws = { source = "hashicorp/aws", version = "~> 6.0" }
}

provider "aws" "main" {}

mirror "aws" "m" {
  from = provider.aws.main
}

mirror "aws" "n" {}
`,
}

test('a stack-file row is accepted and checked by the stack decoder; the default table rejects the block', async () => {
  const diags = async (kinds: BlockKinds): Promise<string[]> =>
    withContext(STACK, kinds, async (context) =>
      (await analyzeProviders(MEMORY_ROOT, {context, env: {}})).diagnostics.filter((d) => d.severity === 'error').map(where),
    )
  assert.equal(await diags(TABLE), ['Missing required argument: A mirror block must set from. @main.tfcomponent.hcl:11,1-17'])
  const plain = await diags(BLOCK_KINDS)
  assert.equal(
    plain.map((d) => d.split(':')[0]),
    ['Unsupported block type', 'Unsupported block type'],
  )
})

test('the built-in rows: run, provider and mock_provider of test files, component, provider and removed of stacks', () => {
  assert.equal(
    BLOCK_KINDS.files.map((s) => `${s.file} ${s.keyword} ${s.names}${s.mock ? ' mock' : ''}`),
    [
      'test run providers map',
      'test provider declares',
      'test mock_provider declares mock',
      'stack component providers map',
      'stack provider declares',
      'stack removed providers map',
    ],
  )
})

test.run()
