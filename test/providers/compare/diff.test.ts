// tfgraph providers diff: every kind on the fixtures of fixtures/providers-diff/<case>/{old,new} (moved
// resources and modules, a providers map, an OpenTofu provider for_each key), every format against the
// goldens beside them, SARIF against the SARIF 2.1.0 schema, and the --git form on a temporary repository.
import {spawnSync} from 'node:child_process'
import {cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {suite} from 'uvu'
import * as assert from 'uvu/assert'
import AjvDraft04 from 'ajv-draft-04'
import {assertGolden} from '../../helpers/golden.js'
import {runCli, runCliProcess} from '../../helpers/cli.js'
import {fixturesDir, repoRoot} from '../../helpers/paths.js'

const D = suite('providers diff')
const base = path.join(fixturesDir, 'providers-diff')

// `tfgraph providers diff ARGS` in this process as bin/run.cjs runs it (test/helpers/cli.ts; the same output
// and exit code, test/cli/in-process.test.ts); the first case's text also as a process of its own, which
// must give the same (`real`)
const env = {TFGRAPH_NO_CACHE: '1', TF_DATA_DIR: undefined}
const run = (args: readonly string[], cwd = repoRoot) => runCli(['providers', 'diff', ...args], {cwd, env})
async function real(args: readonly string[], cwd = repoRoot) {
  const r = runCliProcess(['providers', 'diff', ...args], {cwd, env})
  assert.equal(await run(args, cwd), r, `tfgraph providers diff ${args.join(' ')}: the same in this process as in a process of its own`)
  return r
}

const CASES: Record<string, string[]> = {
  rebound: ['rebound'],
  'config-changed': ['config-changed'],
  'provider-changed': ['provider-changed'],
  removed: ['removed-with-config', 'removed', 'added'],
  moved: ['rebound'],
  'tofu-for-each': ['rebound'],
  'moved-across-providers': ['provider-changed'],
}
/** The exit code of each case when not 2 (a risky change). */
const EXIT: Record<string, number> = {'moved-across-providers': 0}

for (const [c, kinds] of Object.entries(CASES)) {
  const dirs = [`fixtures/providers-diff/${c}/old`, `fixtures/providers-diff/${c}/new`]
  D(`${c}: text, JSON and Markdown match the goldens; kinds ${kinds.join(', ')}`, async () => {
    const text = c === Object.keys(CASES)[0] ? await real(dirs) : await run(dirs)
    assert.is(text.code, EXIT[c] ?? 2, text.stderr)
    assert.is(text.stderr, '')
    assertGolden(path.join(base, c, 'expected.txt'), text.stdout)
    const json = await run([...dirs, '--json'])
    assertGolden(path.join(base, c, 'expected.json'), json.stdout)
    const doc = JSON.parse(json.stdout) as {format_version: string; changes: {kind: string}[]}
    assert.is(doc.format_version, '1')
    assert.equal([...new Set(doc.changes.map((x) => x.kind))], kinds)
    assertGolden(path.join(base, c, 'expected.md'), (await run([...dirs, '--format', 'markdown'])).stdout)
  })
}

D(
  'partial: module calls not analysed are named in every format, the Markdown comment included, and the verdict says so; a rebound data source is read elsewhere',
  async () => {
    const dirs = ['fixtures/providers-diff/partial/old', 'fixtures/providers-diff/partial/new']
    const text = await run(dirs)
    assert.is(text.code, 2)
    assert.match(text.stderr, /Warning: Module not installed/, 'the diagnostics stay on stderr too')
    assertGolden(path.join(base, 'partial', 'expected.txt'), text.stdout)
    assert.match(text.stdout, /: it will be read through another configuration\n/)
    const json = await run([...dirs, '--json'])
    assertGolden(path.join(base, 'partial', 'expected.json'), json.stdout)
    const doc = JSON.parse(json.stdout) as {not_analysed: {revision: string; module: string}[]}
    assert.equal(
      doc.not_analysed.map((m) => [m.revision, m.module]),
      [
        ['old', 'module.eks'],
        ['new', 'module.eks'],
      ],
    )
    const md = (await run([...dirs, '--format', 'markdown'])).stdout
    assertGolden(path.join(base, 'partial', 'expected.md'), md)
    assert.match(
      md,
      /\*\*⚠️ Partial result\*\* — 1 module call of each revision was not analysed, so the resources inside it are not compared/,
    )
    // with no change among what was compared, the verdict is qualified
    const same = await run(['fixtures/providers-diff/partial/old', 'fixtures/providers-diff/partial/old', '--format', 'markdown'])
    assert.is(same.code, 0)
    assert.match(same.stdout, /Partial result[^]*\nNo resource compared changes its provider configuration\.\n$/)
  },
)

D(
  'shared-chain: what was not analysed is one line per revision (one for both when alike); resources that share a chain are listed under it once, in text and Markdown',
  async () => {
    const dirs = ['fixtures/providers-diff/shared-chain/old', 'fixtures/providers-diff/shared-chain/new']
    const text = await run(dirs)
    assert.is(text.code, 2)
    assertGolden(path.join(base, 'shared-chain', 'expected.txt'), text.stdout)
    const lines = text.stdout.split('\n')
    const partial = lines.findIndex((l) => l.startsWith('partial: 3 module calls of each revision were not analysed'))
    assert.ok(partial > 0, text.stdout)
    assert.is(lines[partial + 1], `  ${dirs[0]} and ${dirs[1]}  3 not installed: module.eks, module.iam, module.vpc`)
    assert.is(lines[partial + 2], '')
    // the four managed resources share one chain: listed under one header, the chain once; the data source's reason differs
    assert.match(text.stdout, /\nrebound {2}4 resources with the same chain:\n {4}module\.network\.aws_route_table\.main {2}\(/)
    assert.is(text.stdout.match(/module\.network receives aws = aws\.east from the root module/g)?.length, 2)
    assert.match(text.stdout, /1\. local name "aws" implied by each resource's type\n/)
    assert.match(text.stdout, /\nrebound {2}module\.network\.data\.aws_availability_zones\.all\n/)
    const json = JSON.parse((await run([...dirs, '--json'])).stdout) as {changes: unknown[]; not_analysed: unknown[]}
    assert.is(json.changes.length, 5, 'the JSON document keeps one change per resource')
    assert.is(json.not_analysed.length, 6)
    const md = (await run([...dirs, '--format', 'markdown'])).stdout
    assertGolden(path.join(base, 'shared-chain', 'expected.md'), md)
    assert.is(md.match(/^\| ⚠️ \| rebound \|/gm)?.length, 5, 'a table row per resource')
    assert.is(md.match(/<details>/g)?.length, 2, 'a folded chain per group')
    assert.match(
      md,
      /^- fixtures\/providers-diff\/shared-chain\/old and fixtures\/providers-diff\/shared-chain\/new: 3 not installed: module\.eks, module\.iam, module\.vpc$/m,
    )
    // different calls in each revision: one line each
    const one = await run(['fixtures/providers-diff/partial/old', 'fixtures/providers-diff/shared-chain/new'])
    const l = one.stdout.split('\n')
    const at = l.findIndex((x) => x.startsWith('partial: 4 module calls were not analysed'))
    assert.ok(at > 0, one.stdout)
    assert.equal(l.slice(at + 1, at + 3), [
      '  fixtures/providers-diff/partial/old  1 not installed: module.eks',
      '  fixtures/providers-diff/shared-chain/new  3 not installed: module.eks, module.iam, module.vpc',
    ])
  },
)

D('moved: a resource and a whole module keep their identity (moved_from), unchanged ones are counted', async () => {
  const doc = JSON.parse((await run(['fixtures/providers-diff/moved/old', 'fixtures/providers-diff/moved/new', '--json'])).stdout) as {
    summary: Record<string, number>
    changes: {address: string; moved_from?: string; kind: string}[]
  }
  assert.equal(
    doc.changes.map((x) => [x.address, x.moved_from, x.kind]),
    [
      ['aws_subnet.primary', 'aws_subnet.a', 'rebound'],
      ['module.network.aws_vpc.this', 'module.net.aws_vpc.this', 'rebound'],
    ],
  )
  assert.is(doc.summary['unchanged'], 1)
  assert.is(doc.summary['removed'], 0)
  assert.is(doc.summary['added'], 0)
})

D('config-changed: the arguments that differ, nested blocks included', async () => {
  const doc = JSON.parse(
    (await run(['fixtures/providers-diff/config-changed/old', 'fixtures/providers-diff/config-changed/new', '--json'])).stdout,
  ) as {changes: {argument_changes: {name: string}[]; after: {arguments: Record<string, unknown>}}[]}
  assert.equal(
    doc.changes[0]?.argument_changes.map((a) => a.name),
    ['assume_role.role_arn', 'region'],
  )
  assert.is(doc.changes[0]?.after.arguments['region'], 'us-west-2')
})

D('--format sarif validates against the SARIF 2.1.0 schema; results on the new revision', async () => {
  const r = await run(['fixtures/providers-diff/removed/old', 'fixtures/providers-diff/removed/new', '--format', 'sarif'])
  assert.is(r.code, 2)
  const require = createRequire(import.meta.url)
  const schema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8')) as Record<
    string,
    unknown
  >
  const ajv = new AjvDraft04.default({strict: false, allErrors: true, validateFormats: false, unicodeRegExp: false})
  const validate = ajv.compile(schema)
  const log = JSON.parse(r.stdout) as {
    runs: {results: {ruleId: string; locations?: {physicalLocation: {artifactLocation: {uri: string}}}[]}[]}[]
  }
  assert.ok(validate(log), JSON.stringify(validate.errors?.slice(0, 3)))
  const results = log.runs[0]!.results
  assert.equal(
    results.map((x) => x.ruleId),
    ['removed-with-config', 'removed', 'added'],
  )
  for (const x of results) assert.is(x.locations?.[0]?.physicalLocation.artifactLocation.uri, 'fixtures/providers-diff/removed/new/main.tf')
  assertGolden(path.join(base, 'removed', 'expected.sarif'), r.stdout.replace(/"version": "[^"]+"/, '"version": "X"'))
})

D('--fail-on narrows (or widens) the kinds that exit 2', async () => {
  const dirs = ['fixtures/providers-diff/removed/old', 'fixtures/providers-diff/removed/new']
  assert.is((await run([...dirs, '--fail-on', 'rebound'])).code, 0)
  assert.is((await run([...dirs, '--fail-on', 'added'])).code, 2)
  assert.is((await run(['fixtures/providers-diff/rebound/old', 'fixtures/providers-diff/rebound/old'])).code, 0)
})

D(
  'moved across providers: null_resource → terraform_data is accepted (exit 0, unless --fail-on names its kind); another provider decides (exit 2)',
  async () => {
    const dirs = ['fixtures/providers-diff/moved-across-providers/old', 'fixtures/providers-diff/moved-across-providers/new']
    const doc = JSON.parse((await run([...dirs, '--json'])).stdout) as {changes: {address: string; provider_move?: string}[]}
    assert.equal(
      doc.changes.map((x) => [x.address, x.provider_move]),
      [['terraform_data.bootstrap', 'accepted']],
    )
    assert.is((await run([...dirs, '--fail-on', 'provider-changed'])).code, 2)
    const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-diff-move-'))
    try {
      const write = (rel: string, text: string) => {
        mkdirSync(path.dirname(path.join(tmp, rel)), {recursive: true})
        writeFileSync(path.join(tmp, rel), text)
      }
      write('old/main.tf', 'resource "aws_instance" "web" {}\nresource "null_resource" "plain" {}\n')
      write(
        'new/main.tf',
        'resource "awscc_ec2_instance" "web" {}\nmoved {\n  from = aws_instance.web\n  to   = awscc_ec2_instance.web\n}\n' +
          'resource "terraform_data" "plain" {}\nmoved {\n  from = null_resource.plain\n  to   = terraform_data.plain\n}\n',
      )
      const r = await run([path.join(tmp, 'old'), path.join(tmp, 'new'), '--json'])
      assert.is(r.code, 2, r.stderr)
      const moved = JSON.parse(r.stdout) as {changes: {address: string; kind: string; provider_move?: string; reason: string}[]}
      assert.equal(
        moved.changes.map((x) => [x.address, x.kind, x.provider_move]),
        [
          ['awscc_ec2_instance.web', 'provider-changed', 'provider-decides'],
          ['terraform_data.plain', 'provider-changed', 'accepted'],
        ],
      )
      assert.match(moved.changes[0]!.reason, /the plan fails if that provider does not support moving aws_instance objects/)
      // OpenTofu takes null_resource objects from any provider; Terraform only from one whose address ends in hashicorp/null
      write('old/versions.tf', 'terraform {\n  required_providers {\n    null = { source = "example.com/acme/null" }\n  }\n}\n')
      const kinds = async (engine: string) =>
        (
          JSON.parse((await run([path.join(tmp, 'old'), path.join(tmp, 'new'), '--json', '--engine', engine])).stdout) as {
            changes: {provider_move?: string}[]
          }
        ).changes.map((x) => x.provider_move)
      assert.equal(await kinds('terraform'), ['provider-decides', 'provider-decides'])
      assert.equal(await kinds('opentofu'), ['provider-decides', 'accepted'])
    } finally {
      rmSync(tmp, {recursive: true, force: true})
    }
  },
)

D('--git REV: the tree at REV against the working tree, which is not touched', async () => {
  const repo = mkdtempSync(path.join(tmpdir(), 'tfgraph-diff-git-'))
  try {
    const git = (...args: string[]) => {
      const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {cwd: repo, encoding: 'utf8'})
      assert.is(r.status, 0, r.stderr)
      return r.stdout
    }
    git('init', '-q')
    cpSync(path.join(base, 'rebound/old'), path.join(repo, 'infra'), {recursive: true})
    git('add', '.')
    git('commit', '-q', '-m', 'old')
    rmSync(path.join(repo, 'infra'), {recursive: true})
    cpSync(path.join(base, 'rebound/new'), path.join(repo, 'infra'), {recursive: true})
    writeFileSync(path.join(repo, 'staged.txt'), 'x')
    git('add', 'staged.txt')
    const status = git('status', '--porcelain')
    const r = await real(['infra', '--git', 'HEAD', '--json'], repo)
    assert.is(r.code, 2, r.stderr)
    const doc = JSON.parse(r.stdout) as {old: string; new: string; changes: {address: string; kind: string}[]}
    assert.is(doc.old, 'HEAD:infra')
    assert.equal(
      doc.changes.map((x) => x.kind),
      ['rebound', 'rebound'],
    )
    const text = await run(['infra', '--git', 'HEAD'], repo)
    assert.match(text.stdout, /before: provider\["registry.terraform.io\/hashicorp\/aws"\].east  \(HEAD:infra\/main.tf:15,1-32\)/)
    assert.is(git('status', '--porcelain'), status)
    // from inside the directory, DIR defaults to .
    assert.is((await run(['--git', 'HEAD', '--json'], path.join(repo, 'infra'))).code, 2)
    const bad = await run(['infra', '--git', 'no-such-rev'], repo)
    assert.is(bad.code, 1)
    assert.is(bad.stdout, '')
    assert.is(
      bad.stderr,
      `Error: --git no-such-rev: unknown git revision no-such-rev (in the repository at ${spawnSync('git', ['rev-parse', '--show-toplevel'], {cwd: repo, encoding: 'utf8'}).stdout.trim()})\n`,
    )
  } finally {
    rmSync(repo, {recursive: true, force: true})
  }
})

D.run()
