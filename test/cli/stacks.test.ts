// The commands on Terraform Stacks directories (issue 40): `providers` (text, --resource, JSON `stack`),
// `lint` (Terraform's checks and the rules on the components' modules), `lock` (the stack's
// required_providers), `graph` (DOT, SVG, HTML), `lint --recursive` (a stack is one root), with the outputs
// recorded beside the fixtures (UPDATE_GOLDEN=1 rewrites them).
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {assertGolden} from '../helpers/golden.js'
import {checkedRunner} from '../helpers/cli.js'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

// `tfgraph ARGS` in this process as bin/run.cjs runs it (test/helpers/cli.ts; the same output and exit code,
// test/cli/in-process.test.ts), the first also as a process of its own
const cli = checkedRunner({env: {TF_DATA_DIR: undefined}})
const run = (...args: string[]) => cli([...args, '--no-cache'])

const stacks = path.join(fixturesDir, 'stacks')
const rel = (d: string): string => path.relative(repoRoot, path.join(stacks, d))

test('providers: text, --resource and JSON of a stack', async () => {
  const r = await run('providers', rel('regional'))
  assert.is(r.code, 0, r.stderr)
  assertGolden(path.join(stacks, 'regional', 'expected.providers.txt'), r.stdout)
  const one = await run('providers', rel('regional'), '--resource', 'component.network.module.subnets.aws_subnet.a')
  assert.is(one.code, 0, one.stderr)
  assert.match(one.stdout, 'uses provider["registry.terraform.io/hashicorp/aws"].regional (provider.aws.regional["us-west-2"])')
  const j = await run('providers', rel('regional'), '--json')
  assert.is(j.code, 0, j.stderr)
  assertGolden(path.join(stacks, 'regional', 'expected.providers.json'), j.stdout)
  const doc = JSON.parse(j.stdout) as {
    stack: {components: {address: string; for_each: string | null; providers: unknown[]; resources: unknown[]}[]}
  }
  assert.equal(
    doc.stack.components.map((c) => [c.address, c.for_each, c.resources.length]),
    [
      ['component.network', null, 2],
      ['component.storage', 'var.regions', 2],
    ],
  )
  const filter = await run('providers', rel('regional'), '--resource', 'component.nope')
  assert.is(filter.code, 1)
  assert.match(filter.stderr, '--resource component.nope: no resource has this address')
})

test('providers and lint: the problems of public stacks (a stray .tf file, a git source, a stale lock)', async () => {
  const r = await run('providers', rel('stray-and-remote'))
  assert.is(r.code, 2)
  assertGolden(path.join(stacks, 'stray-and-remote', 'expected.providers.txt'), r.stdout + '--- stderr\n' + r.stderr)
  const skipped = await run('providers', rel('deprecated-files'))
  assert.is(skipped.code, 0)
  assert.match(skipped.stderr, 'Terraform 1.14 and later do not read .tfstack.hcl')
})

test("lint: Stacks' provider errors, and the rules on the components' modules", async () => {
  const r = await run('lint', rel('provider-errors'))
  assert.is(r.code, 2)
  assertGolden(path.join(stacks, 'provider-errors', 'expected.lint.txt'), r.stdout + r.stderr)
  const j = await run('lint', rel('provider-errors'), '--format', 'json')
  const doc = JSON.parse(j.stdout) as {diagnostics: {summary: string; address?: string}[]}
  assert.ok(
    doc.diagnostics.some((d) => d.summary === 'Inline provider configuration not allowed' && d.address === 'component.app.module.cdn'),
  )
  const clean = await run('lint', rel('regional'), '--format', 'compact')
  assert.is(clean.code, 0, clean.stdout + clean.stderr)
  assertGolden(path.join(stacks, 'regional', 'expected.lint.txt'), clean.stdout)
})

test("lock: the stack's lock file against its required_providers", async () => {
  const ok = await run('lock', rel('regional'))
  assert.is(ok.code, 0, ok.stderr)
  assert.match(ok.stdout, /OK\s+registry\.terraform\.io\/hashicorp\/aws\s+5\.7\.0\s+~> 5\.7/)
  const stale = await run('lock', rel('stray-and-remote'))
  assert.is(stale.code, 2)
  assertGolden(path.join(stacks, 'stray-and-remote', 'expected.lock.txt'), stale.stdout + '--- stderr\n' + stale.stderr)
})

test('graph: the stack, its components and provider configurations (DOT golden, SVG, HTML)', async () => {
  const dot = await run('graph', rel('regional'), '--type', 'providers')
  assert.is(dot.code, 0, dot.stderr)
  assertGolden(path.join(stacks, 'regional', 'expected.providers.dot'), dot.stdout)
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-stack-graph-'))
  try {
    const svg = await run('graph', rel('regional'), '--type', 'providers', '-o', path.join(dir, 'g.svg'))
    assert.is(svg.code, 0, svg.stderr)
    const html = await run('graph', rel('regional'), '-o', path.join(dir, 'g.html'))
    assert.is(html.code, 0, html.stderr)
    const focus = await run(
      'graph',
      rel('regional'),
      '--type',
      'providers',
      '--focus',
      'component.storage',
      '--depth',
      '1',
      '--format',
      'json',
    )
    const g = JSON.parse(focus.stdout) as {nodes: {id: string}[]}
    assert.ok(g.nodes.some((n) => n.id === 'component.storage.aws_s3_bucket.data'))
    assert.not.ok(g.nodes.some((n) => n.id === 'component.network.aws_vpc.main'))
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('lint --recursive: a stack directory is one root, its components are not roots', async () => {
  const r = await run('lint', rel('.'), '--recursive')
  assert.match(r.stdout + r.stderr, /10 root modules/)
  for (const module of [
    'regional/modules/storage',
    'provider-errors/app',
    'deprecated-files-1-13/pet',
    'terraform-version-1-13/pet',
    'lock-version-1-16/pet',
  ])
    assert.not.match(r.stdout + r.stderr, new RegExp(`in ${rel(module).replaceAll('/', '\\/')}\\b`))
})

test.run()
