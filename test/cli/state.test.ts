// `--state` on `providers` and `lint` (issue #51): a file or stdin, the text and JSON, exit codes, the one
// line for what is not a state, nothing of the state in the results cache, outputs unchanged without it.
import {spawnSync} from 'node:child_process'
import {mkdtempSync, readdirSync, readFileSync, rmSync, statSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {checkedRunner} from '../helpers/cli.js'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

const cache = mkdtempSync(path.join(tmpdir(), 'tfgraph-state-cli-'))

// `tfgraph ARGS` in this process as bin/run.cjs runs it (test/helpers/cli.ts; the same output and exit code,
// test/cli/in-process.test.ts), the first also as a process of its own; with stdin, a process of its own
const cli = checkedRunner({env: {TFGRAPH_CACHE_DIR: cache, TF_DATA_DIR: undefined, TFGRAPH_NO_CACHE: undefined}})
async function run(args: string[], input?: string) {
  if (input === undefined) return cli(args)
  const env: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1', TFGRAPH_CACHE_DIR: cache}
  delete env['TF_DATA_DIR']
  delete env['TFGRAPH_NO_CACHE']
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin/run.cjs'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env,
    input,
  })
  return {code: r.status, stdout: r.stdout, stderr: r.stderr}
}

const fx = (c: string, f: string) => path.relative(repoRoot, path.join(fixturesDir, 'state', c, f))
const stateText = (c: string) => readFileSync(fx(c, 'terraform.tfstate'), 'utf8')

interface Doc {
  state?: {
    serial: number
    lineage: string
    terraform_version: string
    objects: {
      address: string
      mode: string
      type: string
      recorded_provider_config: string
      provider_config: string | null
      status: string
      moved_from: string | null
    }[]
  }
}

test('providers --state: objects per recorded configuration, orphans apart; the errors; exit 2', async () => {
  const r = await run(['providers', fx('removed-alias', 'v2'), '--state', fx('removed-alias', 'terraform.tfstate')])
  assert.is(r.code, 2, r.stderr)
  assert.match(
    r.stdout,
    /state fixtures\/state\/removed-alias\/terraform.tfstate \(serial 4, written by 1.11.4\): 3 objects, 1 declared, 2 orphaned, 2 whose provider configuration is gone/,
  )
  assert.match(r.stdout, /terraform_data.b: re-homed to provider\["terraform.io\/builtin\/terraform"\]/)
  assert.match(
    r.stdout,
    /orphans whose provider configuration is gone[^\n]*\n  module.legacy.provider\["terraform.io\/builtin\/terraform"\] \(1 object\)\n    module.legacy.terraform_data.z\[0\]/,
  )
  assert.is(r.stderr.match(/^Error: Provider configuration not present$/gm)?.length, 2)
  assert.match(r.stderr, /^Warning: A state object moves to another provider configuration$/m)
  assert.not.match(r.stderr, /\n\s+at /)
})

test('providers --state - --json: the state section, read from stdin', async () => {
  const r = await run(['providers', fx('moved', 'v2'), '--state', '-', '--json'], stateText('moved'))
  assert.is(r.code, 0, r.stderr)
  const doc = JSON.parse(r.stdout) as Doc
  assert.is(doc.state?.terraform_version, '1.11.4')
  assert.equal(doc.state?.objects[1], {
    address: 'terraform_data.d',
    mode: 'managed',
    type: 'terraform_data',
    recorded_provider_config: 'provider["terraform.io/builtin/terraform"].x',
    provider_config: 'provider["terraform.io/builtin/terraform"]',
    status: 'rehomed',
    moved_from: 'terraform_data.d',
  })
})

test('lint --state: the state findings (rule state), exit 2 on the errors; nothing of the state cached', async () => {
  const r = await run(['lint', fx('nested', 'v2'), '--state', fx('nested', 'terraform.tfstate'), '--format', 'json'])
  assert.is(r.code, 2, r.stderr)
  const doc = JSON.parse(r.stdout) as {diagnostics: {rule: string; summary: string; detail: string}[]}
  const state = doc.diagnostics.filter((d) => d.rule === 'state')
  assert.equal(
    state.map((d) => d.summary),
    ['Provider configuration not present', 'Provider configuration not present'],
  )
  const lineage = JSON.parse(stateText('nested')).lineage as string
  const files = (d: string): string[] =>
    readdirSync(d).flatMap((e) => (statSync(path.join(d, e)).isDirectory() ? files(path.join(d, e)) : [path.join(d, e)]))
  for (const f of files(cache))
    assert.not.ok(readFileSync(f, 'utf8').includes('module.a.module.b[0]') || readFileSync(f, 'utf8').includes(lineage), f)
  const clean = await run(['lint', fx('alias-to-default', 'v2'), '--state', '-', '--format', 'compact'], stateText('alias-to-default'))
  assert.is(clean.code, 0, clean.stderr)
  assert.match(clean.stdout, /warning: A state object moves to another provider configuration \[state\]/)
})

test('what is not a state: exit 1, one line', async () => {
  const cases: [string, RegExp][] = [
    ['', /^Error: stdin is empty: no state was given; run terraform state pull/],
    [stateText('moved').slice(0, 300), /^Error: stdin is not a state: the JSON ends early \(truncated\?\)/],
    [
      JSON.stringify({format_version: '1.0', values: {}}),
      /^Error: stdin is terraform show -json output of a state, which drops provider aliases/,
    ],
    [JSON.stringify({version: 3, modules: []}), /^Error: stdin is a state of format version 3/],
    [JSON.stringify({hello: 'world'}), /^Error: stdin is JSON but not a Terraform state/],
  ]
  for (const [input, want] of cases) {
    for (const cmd of ['providers', 'lint']) {
      const r = await run([cmd, fx('moved', 'v2'), '--state', '-'], input)
      assert.is(r.code, 1, `${cmd}: ${r.stderr}`)
      assert.match(r.stderr, want)
      assert.is(r.stderr.trim().split('\n').length, 1, r.stderr)
      assert.is(r.stdout, '')
    }
  }
  const missing = await run(['providers', fx('moved', 'v2'), '--state', 'no-such.tfstate'])
  assert.is(missing.code, 1)
  assert.match(missing.stderr, /cannot read the state: no-such.tfstate does not exist; run terraform state pull/)
  const recursive = await run(['lint', fx('moved', 'v2'), '--state', 'x', '--recursive'])
  assert.is(recursive.code, 1)
  assert.match(recursive.stderr, /--state is the state of one root module/)
})

test('lock --state: the objects that keep an entry no module requires, or that none does', async () => {
  const r = await run(['lock', 'fixtures/lock/statuses', '--state', fx('lock-unused', 'terraform.tfstate'), '--json'])
  assert.is(r.code, 2, r.stderr)
  const doc = JSON.parse(r.stdout) as {
    providers: {provider: string; status: string; state_objects?: string[]}[]
    diagnostics: {summary: string; detail: string}[]
  }
  const unused = doc.providers.find((p) => p.status === 'unused')!
  assert.equal(unused.state_objects, ['module.legacy.null_resource.wait[0]', 'module.legacy.null_resource.wait[1]'])
  assert.ok(doc.providers.filter((p) => p.status !== 'unused').every((p) => !('state_objects' in p)))
  const detail = doc.diagnostics.find((d) => d.summary === 'Unused dependency lock')!.detail
  assert.match(
    detail,
    /2 objects of the state still use it \(module.legacy.null_resource.wait\[0\], module.legacy.null_resource.wait\[1\]\): "terraform init" keeps the entry/,
  )
  const none = await run(['lock', 'fixtures/lock/statuses', '--state', '-'], JSON.stringify({version: 4, resources: []}))
  assert.match(none.stderr, /No object of the state uses it either: the next "terraform init" removes the entry/)
  const bad = await run(['lock', 'fixtures/lock/statuses', '--state', '-'], '{"format_version": "1.0", "values": {}}')
  assert.is(bad.code, 1)
  assert.match(bad.stderr, /^Error: stdin is terraform show -json output/)
  const plain = JSON.parse((await run(['lock', 'fixtures/lock/statuses', '--json'])).stdout) as {providers: object[]}
  assert.ok(plain.providers.every((p) => !('state_objects' in p)))
})

test('providers diff --state: the configurations the change removes while objects of the state need them (exit 2)', async () => {
  const args = [
    'providers',
    'diff',
    fx('removed-alias', 'v1'),
    fx('removed-alias', 'v2'),
    '--state',
    fx('removed-alias', 'terraform.tfstate'),
  ]
  const r = await run(args)
  assert.is(r.code, 2, r.stderr)
  assert.match(
    r.stdout,
    /\nstate fixtures\/state\/removed-alias\/terraform.tfstate:\n  removes module.legacy.provider\["terraform.io\/builtin\/terraform"\], which 1 object of the state still uses \(module.legacy.terraform_data.z\[0\]\)/,
  )
  assert.match(
    r.stdout,
    /removes provider\["terraform.io\/builtin\/terraform"\].x, which 1 object of the state still uses \(terraform_data.a\)/,
  )
  const doc = JSON.parse((await run([...args, '--json'])).stdout) as {
    state: {orphaned: {provider_config: string; objects: string[]}[]; rehomed: object[]}
  }
  assert.equal(doc.state.orphaned, [
    {provider_config: 'module.legacy.provider["terraform.io/builtin/terraform"]', objects: ['module.legacy.terraform_data.z[0]']},
    {provider_config: 'provider["terraform.io/builtin/terraform"].x', objects: ['terraform_data.a']},
  ])
  assert.equal(doc.state.rehomed, [
    {
      address: 'terraform_data.b',
      before: 'provider["terraform.io/builtin/terraform"].x',
      after: 'provider["terraform.io/builtin/terraform"]',
    },
  ])
  // a key removed while its alias stays: nothing lost, exit 0
  const kept = await run(
    ['providers', 'diff', fx('foreach-key-alias-kept', 'v1'), fx('foreach-key-alias-kept', 'v2'), '--state', '-'],
    stateText('foreach-key-alias-kept'),
  )
  assert.is(kept.code, 0, kept.stderr)
  assert.match(kept.stdout, /no object of the state loses its provider configuration or moves to another one/)
  const bad = await run(['providers', 'diff', fx('moved', 'v1'), fx('moved', 'v2'), '--state', '-'], '')
  assert.is(bad.code, 1)
  assert.match(bad.stderr, /stdin is empty/)
})

test('graph --type providers --state: the orphans and the configurations only the state names, dashed', async () => {
  const args = ['graph', fx('removed-alias', 'v2'), '--type', 'providers', '--state', fx('removed-alias', 'terraform.tfstate')]
  const json = await run([...args, '--format', 'json'])
  assert.is(json.code, 2, json.stderr)
  const g = JSON.parse(json.stdout) as {
    nodes: {id: string; marks: string[]}[]
    edges: {from: string; to: string; attributes: Record<string, unknown>}[]
  }
  const marked = (m: string) => g.nodes.filter((n) => n.marks.includes(m)).map((n) => n.id)
  assert.equal(marked('state-only'), [
    'module.legacy.provider["terraform.io/builtin/terraform"]',
    'provider["terraform.io/builtin/terraform"].x',
  ])
  assert.equal(marked('orphan'), [
    'state-orphans:module.legacy.provider["terraform.io/builtin/terraform"]',
    'state-orphans:provider["terraform.io/builtin/terraform"].x',
  ])
  assert.is(g.edges.filter((e) => e.attributes['state'] === true).length, 2)
  assert.match(
    (await run([...args, '--format', 'dot'])).stdout,
    /"terraform.x\\nterraform.io\/builtin\/terraform\\nremoved: only in the state", shape = "hexagon", color = "#b00000", fontcolor = "#b00000", style = "dashed"/,
  )
  assert.match((await run([...args, '--format', 'mermaid'])).stdout, /classDef state_only stroke:#b00000,stroke-dasharray:4 3/)
  const other = await run(['graph', fx('removed-alias', 'v2'), '--state', fx('removed-alias', 'terraform.tfstate')])
  assert.is(other.code, 1)
  assert.match(other.stderr, /--state draws into the providers view: add --type providers/)
  const plain = JSON.parse((await run(['graph', fx('removed-alias', 'v2'), '--type', 'providers', '--format', 'json'])).stdout) as {
    nodes: {marks: string[]}[]
  }
  assert.ok(plain.nodes.every((n) => !n.marks.includes('orphan') && !n.marks.includes('state-only')))
})

test('without --state the outputs are unchanged', async () => {
  const r = await run(['providers', fx('moved', 'v2'), '--json'])
  assert.not.ok('state' in (JSON.parse(r.stdout) as object))
  assert.not.match((await run(['providers', fx('moved', 'v2')])).stdout, /^state /m)
})

test.after(() => rmSync(cache, {recursive: true, force: true}))
test.run()
