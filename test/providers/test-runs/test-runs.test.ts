// Test files and the runs of `terraform test` (issue 32): fixtures/tests/* golden outputs of `providers
// --tests` (text and JSON), every run's bindings and errors against real Terraform's answers recorded beside
// each fixture (terraform-oracle.test.json, scripts/oracle-test-runs.mjs), and in-memory cases for what the
// recorded Terraform (1.11.4) cannot show: newer releases' selection rules, OpenTofu's .tofutest files,
// JSON test files, the test directory.
import {existsSync, readdirSync, readFileSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyze, lint} from '../../../src/api.js'
import {formatRange, type Diagnostic} from '../../../src/diag/diagnostic.js'
import {renderTestsText} from '../../../src/render/tests-text.js'
import {analyzeProviders, providersDocument, renderDiagnosticsText, renderProvidersText, requirementsTree} from '../../helpers/internal.js'
import {assertGolden} from '../../helpers/golden.js'
import {fixturesDir} from '../../helpers/paths.js'

const base = path.join(fixturesDir, 'tests')
const TF = 'provider["terraform.io/builtin/terraform"]'

interface OracleDiag {
  severity: string
  summary: string
  detail: string
  range?: {filename: string; start: {line: number; column: number}}
}
interface OracleRun {
  status: string
  bindings: Record<string, string>
  diagnostics: OracleDiag[]
}
interface Oracle {
  terraform_version: string
  placeholder_providers?: string[]
  providers_tree?: string
  files: Record<string, {sequence: Record<string, string>; file_diagnostics: OracleDiag[]; runs: Record<string, OracleRun>}>
}

/** Fixtures whose recorded answer (Terraform 1.11.4) is not the behaviour tfgraph follows, with the reason. */
const ORACLE_NOT_APPLICABLE: Record<string, string> = {
  'only-test-files':
    'a directory of test files only: Terraform 1.12 and later install the modules its runs execute and run it (terraform #36429; internal/command/test_test.go "top-dir-only-test-files": 1 passed), which tfgraph follows; 1.11.4 initialises it as an empty directory and says Module not installed (recorded beside it)',
}

const flat = (s: string): string => s.replace(/\s+/g, ' ').trim()
const theirs = (d: OracleDiag): string =>
  `${d.severity} ${d.summary}${d.range ? ` @${d.range.filename}:${d.range.start.line},${d.range.start.column}` : ''}\n${flat(d.detail)}`
const ours = (d: Diagnostic): string =>
  `${d.severity} ${d.summary}${d.range ? ` @${d.range.filename}:${d.range.start.line},${d.range.start.column}` : ''}\n${flat(d.detail)}`

for (const name of readdirSync(base).sort()) {
  const dir = path.join(base, name)
  const engine = name.startsWith('tofu-') ? 'opentofu' : 'terraform'
  test(`tests ${name}: golden text and JSON of providers --tests`, async () => {
    const a = await analyzeProviders(dir, {engine, env: {}, tests: true})
    assertGolden(path.join(dir, 'expected.json'), JSON.stringify(providersDocument(a, `fixtures/tests/${name}`), null, 2) + '\n')
    assertGolden(path.join(dir, 'expected.txt'), renderProvidersText(a) + renderTestsText(a) + renderDiagnosticsText(a.diagnostics))
  })
  const oracleFile = path.join(dir, 'terraform-oracle.test.json')
  if (!existsSync(oracleFile) || name in ORACLE_NOT_APPLICABLE) continue
  test(`tests ${name}: every run agrees with recorded terraform test`, async () => {
    const oracle = JSON.parse(readFileSync(oracleFile, 'utf8')) as Oracle
    const a = await analyzeProviders(dir, {engine: 'terraform', env: {}, tests: true})
    const files = a.tests?.files ?? []
    assert.equal(files.map((f) => f.path).sort(), Object.keys(oracle.files).sort(), 'the same test files')
    // `terraform providers`: the requirements tree with its test.<file> and run.<name> branches (Terraform's
    // treeprint indents a continued level with "│", two no-break spaces and a space; tfgraph with spaces)
    if (oracle.providers_tree !== undefined)
      assert.fixture(requirementsTree(a.tree, a.tests), oracle.providers_tree.replace(/\u00a0/g, ' '), 'terraform providers')
    for (const [file, o] of Object.entries(oracle.files)) {
      const f = files.find((x) => x.path === file)!
      const fileErrors = o.file_diagnostics.filter((d) => d.severity === 'error')
      if (fileErrors.length > 0) {
        // the loader's errors: Terraform runs nothing
        assert.equal(
          f.diagnostics
            .filter((d) => d.severity === 'error')
            .map(ours)
            .sort(),
          fileErrors.map(theirs).sort(),
          `${file} (loader)`,
        )
        continue
      }
      // no loader error; the file's warnings (its override targets) as Terraform gives them
      assert.equal(f.diagnostics.map(ours).sort(), o.file_diagnostics.map(theirs).sort(), `${file}: no loader error, the same warnings`)
      for (const [run, r] of Object.entries(o.runs)) {
        const mine = f.runs.find((x) => x.name === run)
        assert.ok(mine, `${file} run ${run}`)
        const what = `Terraform ${oracle.terraform_version}, ${file} run "${run}"`
        assert.equal(mine.diagnostics.map(ours).sort(), r.diagnostics.map(theirs).sort(), what)
        // Terraform binds before its validate walk; a run stopped earlier (a providers map it cannot use) has none
        if (Object.keys(r.bindings).length === 0 && r.status !== 'pass') continue
        const bound = Object.fromEntries(mine.resources.filter((b) => b.providerConfig).map((b) => [b.address.key, b.providerConfig?.key]))
        assert.equal(bound, r.bindings, what)
      }
    }
  })
}

test('configuration-aliases: the block of the test file each run serves the module with (test_provider_config)', async () => {
  const a = await analyze(path.join(base, 'configuration-aliases'), {env: {}, tests: true})
  const runs = Object.fromEntries(
    (a.providers.tests ?? []).flatMap((f) =>
      f.runs.map((r) => [
        `${f.file} ${r.name}`,
        Object.fromEntries(r.resources.map((b) => [b.address, `${b.provider_config} <- ${b.test_provider_config}`])),
      ]),
    ),
  )
  assert.equal(runs, {
    'tests/defaults.tftest.hcl by_name': {
      'terraform_data.east': `${TF} <- null`,
      'terraform_data.west': `${TF}.west <- ${TF}.west`,
    },
    'tests/main.tftest.hcl mapped': {'terraform_data.east': `${TF} <- ${TF}`, 'terraform_data.west': `${TF}.west <- ${TF}.w`},
    'tests/main.tftest.hcl unmapped': {'terraform_data.east': `${TF} <- ${TF}`, 'terraform_data.west': 'null <- null'},
    'tests/main.tftest.hcl undefined_block': {'terraform_data.east': `${TF} <- ${TF}`, 'terraform_data.west': 'null <- null'},
    'tests/main.tftest.hcl alias_only': {'terraform_data.east': `${TF} <- null`, 'terraform_data.west': `${TF}.west <- ${TF}.w`},
  })
})

test('the errors of a run: located at the run (or the map entry), with what is missing and how to fix it', async () => {
  const a = await analyze(path.join(base, 'configuration-aliases'), {env: {}, tests: true})
  const run = (name: string) => a.providers.tests?.flatMap((f) => f.runs).find((r) => r.name === name)
  const unmapped = run('unmapped')!.diagnostics
  assert.equal(
    unmapped.map((d) => `${d.summary} @${formatRange(d.extra!.range!)}`),
    ['Provider configuration not present @tests/main.tftest.hcl:17,1-15'],
  )
  assert.match(
    unmapped[0]!.detail,
    /^To work with terraform_data\.west its original provider configuration at provider\["terraform\.io\/builtin\/terraform"\]\.west is required/,
  )
  assert.match(unmapped[0]!.extra!.explanation!, 'expects the configuration from its caller (configuration_aliases)')
  assert.match(unmapped[0]!.extra!.explanation!, 'tests/main.tftest.hcl has no provider or mock_provider block terraform.west')
  // a providers map Terraform cannot use stops the run: that error only
  assert.equal(
    run('undefined_block')!.diagnostics.map((d) => `${d.summary} @${formatRange(d.range!)}`),
    ['Missing provider definition for terraform.nope @tests/main.tftest.hcl:26,22-31'],
  )
})

test("lint: the runs' errors are findings (rule terraform, exit 2), silenced by an ignore comment at the run", async () => {
  const files = {
    'main.tf':
      'terraform {\n  required_version = ">= 1.6"\n  required_providers {\n    terraform = { source = "terraform.io/builtin/terraform", configuration_aliases = [terraform.west] }\n  }\n}\nresource "terraform_data" "w" {\n  provider = terraform.west\n}\n',
    'tests/a.tftest.hcl': 'run "unmapped" {\n  command = plan\n}\n\n# tfgraph-ignore: terraform\nrun "ignored" {\n  command = plan\n}\n',
  }
  const r = await lint({files}, {env: {}})
  assert.equal(
    r.diagnostics.map((d) => `${d.rule} ${d.summary} ${formatRange((d.range ?? d.extra?.range)!)}`),
    ['terraform Provider configuration not present tests/a.tftest.hcl:1,1-15'],
  )
  assert.is(r.suppressed, 1)
  const off = await lint({files}, {env: {}, tests: false})
  assert.equal(off.diagnostics, [])
})

test('runs without a providers map: Terraform >= 1.13 matches blocks by provider address, 1.11 and 1.12 by local name, OpenTofu takes them all', async () => {
  // the module names the built-in provider "tf": a test block "tf" serves it in every release; a block
  // "terraform" (the same provider under another name) only from 1.13
  const main = (constraint: string) =>
    `terraform {\n  required_version = "${constraint}"\n  required_providers {\n    tf = { source = "terraform.io/builtin/terraform" }\n  }\n}\nresource "terraform_data" "a" {\n  provider = tf\n}\n`
  const testFile = 'provider "terraform" {}\nrun "one" {\n  command = plan\n}\n'
  const served = async (constraint: string, engine: 'terraform' | 'opentofu' = 'terraform') => {
    const a = await analyze({files: {'main.tf': main(constraint), 'a.tftest.hcl': testFile}}, {engine, env: {}, tests: true})
    return a.providers.tests?.[0]?.runs[0]?.resources[0]?.test_provider_config ?? null
  }
  assert.is(await served('>= 1.13'), TF)
  assert.is(await served('< 1.13'), null)
  assert.is(await served('>= 1.6', 'opentofu'), TF)
})

test('Terraform >= 1.13: a providers map entry between two providers is "Mismatched provider configuration"', async () => {
  const files = {
    'main.tf': 'terraform {\n  required_providers {\n    aws = { source = "hashicorp/aws" }\n  }\n}\nresource "aws_s3_bucket" "b" {}\n',
    'tests/t.tftest.hcl': 'provider "google" {}\nrun "crossed" {\n  providers = {\n    aws = google\n  }\n}\n',
  }
  const a = await analyze({files}, {env: {}, tests: true})
  const run = a.providers.tests?.[0]?.runs[0]
  assert.equal(
    run?.diagnostics.map((d) => `${d.summary}: ${d.detail} @${formatRange(d.range!)}`),
    [
      'Mismatched provider configuration: Expected "registry.terraform.io/hashicorp/aws" but was "registry.terraform.io/hashicorp/google". @tests/t.tftest.hcl:4,5-8',
    ],
  )
})

test('test files: the module directory and the test directory, JSON syntax, --test-directory', async () => {
  const files = {
    'main.tf': 'resource "terraform_data" "a" {}\n',
    'root.tftest.hcl': 'run "r" {\n  command = plan\n}\n',
    'tests/t.tftest.json': '{"run": {"j": {"command": "plan"}}, "provider": {"terraform": {}}}\n',
    'tests/.hidden.tftest.hcl': 'run "h" {}\n',
    'spec/s.tftest.hcl': 'run "s" {}\n',
  }
  const a = await analyze({files}, {env: {}, tests: true})
  assert.equal(
    a.providers.tests?.map((f) => `${f.file}: ${f.runs.map((r) => `${r.name} ${r.command}`).join(', ')}`),
    ['root.tftest.hcl: r plan', 'tests/.hidden.tftest.hcl: h apply', 'tests/t.tftest.json: j plan'],
  )
  const json = a.providers.tests?.find((f) => f.file === 'tests/t.tftest.json')?.runs[0]
  assert.equal(
    json?.resources.map((b) => b.test_provider_config),
    [TF],
  )
  const spec = await analyze({files}, {env: {}, tests: {directory: 'spec'}})
  assert.equal(
    spec.providers.tests?.map((f) => f.file),
    ['root.tftest.hcl', 'spec/s.tftest.hcl'],
  )
  const missing = await analyze({files}, {env: {}, tests: {directory: 'nope'}})
  assert.equal(
    missing.diagnostics.map((d) => `${d.severity} ${d.summary}: ${d.detail}`),
    ['warning Test directory does not exist: Requested test directory nope does not exist.'],
  )
})

test('OpenTofu: a .tofutest.hcl file shadows the .tftest.hcl file of the same name in its directory', async () => {
  const files = {
    'main.tf': 'resource "terraform_data" "a" {}\n',
    'tests/a.tftest.hcl': 'run "from_tf" {}\n',
    'tests/a.tofutest.hcl': 'run "from_tofu" {}\n',
    'tests/b.tftest.hcl': 'run "b" {}\n',
    'a.tftest.hcl': 'run "root_tf" {}\n',
  }
  const tofu = await analyze({files}, {engine: 'opentofu', env: {}, tests: true})
  assert.equal(
    tofu.providers.tests?.map((f) => `${f.file} ${f.runs.map((r) => r.name)}`),
    ['a.tftest.hcl root_tf', 'tests/a.tofutest.hcl from_tofu', 'tests/b.tftest.hcl b'],
  )
  const tf = await analyze({files}, {engine: 'terraform', env: {}, tests: true})
  assert.equal(
    tf.providers.tests?.map((f) => f.file),
    ['a.tftest.hcl', 'tests/a.tftest.hcl', 'tests/b.tftest.hcl'],
  )
})

test('OpenTofu decodes test files its own way: no run-name check, provider blocks apart from mocks, a mock wins a run without a map', async () => {
  const files = {
    'main.tf': 'resource "terraform_data" "a" {}\n',
    't.tftest.hcl': `provider "terraform" {
  version = "1.0.0"
}
mock_provider "terraform" {}
mock_provider "terraform" {}

run "a" {}
run "a" {}

run "mapped" {
  providers = {
    terraform = terraform
  }
}
`,
  }
  const tofu = await analyze({files}, {engine: 'opentofu', env: {}, tests: true})
  assert.equal(
    tofu.diagnostics.map((d) => `${d.severity} ${d.summary} @${formatRange(d.range!)}`),
    [
      'warning Version constraints inside provider configuration blocks are deprecated @t.tftest.hcl:2,13-20',
      'error Duplicated `mock_provider` block @t.tftest.hcl:5,1-26',
    ],
  )
  const mock = (run: string) => tofu.providers.tests?.[0]?.runs.find((r) => r.name === run)?.resources[0]?.mock
  assert.is(mock('a'), true)
  assert.is(mock('mapped'), false)
  const tf = await analyze({files}, {engine: 'terraform', env: {}, tests: true})
  assert.equal(
    tf.diagnostics.map((d) => d.summary),
    [
      'Version constraints are not allowed in test files',
      'Duplicate provider block',
      'Duplicate provider block',
      'Duplicate "run" block names',
    ],
  )
})

test('test file decoding: Terraform 1.14+ reports a duplicate run at its name; mock_provider and override checks', async () => {
  const a = await analyze(
    {
      files: {
        'main.tf': 'resource "terraform_data" "a" {}\n',
        't.tftest.hcl': `mock_provider "terraform" {
  alias = "m"
  mock_resource "terraform_data" {}
  mock_resource "terraform_data" {}
  colour = "red"
}

override_resource {
  values = {}
}

override_data {
  target = terraform_data.a
}

run "a" {}
run "a" {}
`,
      },
    },
    {env: {}, tests: true},
  )
  assert.equal(
    a.diagnostics.map((d) => `${d.summary} @${formatRange(d.range!)}`),
    [
      'Duplicate mock_resource block @t.tftest.hcl:4,17-33',
      'Unsupported argument @t.tftest.hcl:5,3-9',
      'Missing target attribute @t.tftest.hcl:8,1-18',
      'Invalid override target @t.tftest.hcl:13,3-28',
      'Duplicate "run" block names @t.tftest.hcl:17,5-8',
    ],
  )
})

test("unused-mock-provider: a mock for a provider no run's module uses", async () => {
  const files = {
    'main.tf':
      'terraform {\n  required_version = ">= 1.6"\n  required_providers {\n    aws = { source = "hashicorp/aws", version = ">= 6.0" }\n  }\n}\nresource "aws_s3_bucket" "b" {}\n',
    'tests/t.tftest.hcl': 'mock_provider "aws" {}\nmock_provider "awz" {}\nrun "r" {\n  command = plan\n}\n',
  }
  const r = await lint({files}, {env: {}, only: ['unused-mock-provider']})
  assert.equal(
    r.diagnostics.map((d) => `${d.summary} @${formatRange(d.range!)}`),
    ['Mock provider the module does not use @tests/t.tftest.hcl:2,1-20'],
  )
  assert.match(r.diagnostics[0]!.detail, 'did you mean mock_provider "aws"?')
})

test.run()
