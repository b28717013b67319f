// A state matched to the configuration (issue #51), against what Terraform 1.11.4 said of each fixture
// (fixtures/state/<case>/: v1 applied, v2 planned with that state; scripts/oracle-state.mjs recorded
// terraform.tfstate and terraform-plan.txt): the statuses, and the "Provider configuration not present"
// errors exactly as Terraform gives them, once per object instance.
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyzeProviders} from '../../src/providers/analyze.js'
import {analyzeState, stateJson, type StateAnalysis} from '../../src/state/index.js'
import {fixturesDir} from '../helpers/paths.js'

const dir = (c: string) => path.join(fixturesDir, 'state', c)

async function matched(c: string): Promise<StateAnalysis> {
  const a = await analyzeProviders(path.join(dir(c), 'v2'))
  return analyzeState(a, readFileSync(path.join(dir(c), 'terraform.tfstate'), 'utf8'), 'terraform.tfstate')
}

/** Terraform's errors in terraform-plan.txt: summary and detail (its paragraphs unwrapped), and the plan's exit status. */
function recorded(c: string): {exit: number; errors: {summary: string; detail: string}[]} {
  const text = readFileSync(path.join(dir(c), 'terraform-plan.txt'), 'utf8')
  const exit = Number(/exit (\d+)/.exec(text)![1])
  const errors = text
    .split(/^Error: /m)
    .slice(1)
    .map((block) => {
      const [summary, , ...rest] = block.split('\n')
      const end = rest.indexOf('')
      return {summary: summary!, detail: rest.slice(0, end < 0 ? undefined : end).join(' ')}
    })
  return {exit, errors}
}

function statuses(s: StateAnalysis): string[] {
  return stateJson(s.match).objects.map(
    (o) => `${o.address} ${o.status} ${o.provider_config ?? '-'}${o.moved_from ? ` <- ${o.moved_from}` : ''}`,
  )
}

async function errorsAgree(c: string): Promise<StateAnalysis> {
  const s = await matched(c)
  const r = recorded(c)
  const errors = s.diagnostics.filter((d) => d.severity === 'error')
  assert.equal(
    errors.map((d) => ({summary: d.summary, detail: d.detail})),
    r.errors,
    c,
  )
  assert.is(errors.length > 0, r.exit !== 0, `${c}: terraform plan exit ${r.exit}`)
  return s
}

const B = 'provider["terraform.io/builtin/terraform"]'

test('removed alias and removed module with its own provider block: two errors, b re-homed', async () => {
  const s = await errorsAgree('removed-alias')
  assert.equal(statuses(s), [
    `terraform_data.a orphan-configuration-missing -`,
    `terraform_data.b rehomed ${B}`,
    `module.legacy.terraform_data.z[0] orphan-configuration-missing -`,
  ])
  const missing = s.diagnostics.filter((d) => d.code === 'state.provider-configuration-missing')
  assert.match(missing[0]!.extra!.explanation!, /a provider "terraform" block with alias = "x" in the root module/)
  assert.match(missing[1]!.extra!.explanation!, /in module.legacy \(a module the configuration no longer calls\)/)
  assert.match(missing[0]!.extra!.explanation!, /terraform state rm 'terraform_data.a'/)
  assert.match(missing[0]!.extra!.explanation!, /A removed block alone does not help/)
  const rehomed = s.diagnostics.filter((d) => d.code === 'state.rehomed')
  assert.is(rehomed.length, 1)
  assert.match(
    rehomed[0]!.detail,
    /records terraform_data.b under provider\["terraform.io\/builtin\/terraform"\].x; the configuration now binds terraform_data.b to provider\["terraform.io\/builtin\/terraform"\]/,
  )
  assert.is(rehomed[0]!.extra?.range?.filename, 'main.tf')
})

test('a removed block with destroy = false still needs the configuration', async () => {
  const s = await errorsAgree('removed-block-keep')
  assert.equal(statuses(s), ['terraform_data.a orphan-configuration-missing -'])
  assert.equal(stateJson(s.match).objects[0]!.removed, {from: 'terraform_data.a', destroy: false})
  assert.match(s.diagnostics[0]!.extra!.explanation!, /The removed block \(terraform_data.a, destroy = false\) does not help/)
})

test('nested modules: one error per instance of the removed inner call', async () => {
  const s = await errorsAgree('nested')
  assert.equal(statuses(s), [
    `module.a.terraform_data.in_a bound ${B}`,
    'module.a.module.b[0].terraform_data.deep["one"] orphan-configuration-missing -',
    'module.a.module.b[1].terraform_data.deep["one"] orphan-configuration-missing -',
  ])
})

test('a module for_each key removed, alias kept: an orphan destroyed through the alias, no error', async () => {
  const s = await errorsAgree('foreach-key-alias-kept')
  assert.equal(statuses(s), [`module.m["a"].terraform_data.r bound ${B}.x`, `module.m["b"].terraform_data.r orphan ${B}.x`])
  assert.equal(s.diagnostics, [])
})

test('a module for_each key removed with the alias: no error (Terraform reads the configuration the module has now)', async () => {
  const s = await errorsAgree('foreach-key-alias-removed')
  assert.equal(statuses(s), [`module.m["a"].terraform_data.r rehomed ${B}`, `module.m["b"].terraform_data.r orphan ${B}`])
  assert.equal(
    s.diagnostics.map((d) => d.code),
    ['state.rehomed', 'state.rehomed'],
  )
  assert.match(
    s.diagnostics[1]!.detail,
    /Terraform destroys it through provider\["terraform.io\/builtin\/terraform"\], not through the configuration that created it/,
  )
})

test('provider changed from an alias to the default: re-homed, no error', async () => {
  const s = await errorsAgree('alias-to-default')
  assert.equal(statuses(s), [`terraform_data.a rehomed ${B}`])
  assert.equal(
    s.diagnostics.map((d) => d.code),
    ['state.rehomed'],
  )
})

test('moved blocks: a chain, a move to another configuration, a module renamed', async () => {
  const s = await errorsAgree('moved')
  assert.equal(statuses(s), [
    `terraform_data.a bound ${B}.x <- terraform_data.a`,
    `terraform_data.d rehomed ${B} <- terraform_data.d`,
    `module.old.terraform_data.r bound ${B}.x <- module.old.terraform_data.r`,
  ])
  assert.match(s.diagnostics[0]!.detail, /binds terraform_data.e \(moved from terraform_data.d\)/)
})

test('an orphaned data source needs no configuration: Terraform drops it', async () => {
  const s = await errorsAgree('data-source')
  assert.equal(statuses(s), [`data.terraform_remote_state.s orphan -`, `terraform_data.keep bound ${B}`])
})

test('a count reduced with the alias removed: no error, the instance left is destroyed through the default', async () => {
  const s = await errorsAgree('count-reduced')
  assert.equal(statuses(s), [`terraform_data.r[0] rehomed ${B}`, `terraform_data.r[1] orphan ${B}`])
})

test('module keys static evaluation cannot know: said, never guessed as orphans (Terraform destroys module.m["b"])', async () => {
  const s = await errorsAgree('unknown-keys')
  assert.equal(statuses(s), [`module.m["a"].terraform_data.r bound ${B}.x`, `module.m["b"].terraform_data.r bound ${B}.x`])
  assert.equal(
    stateJson(s.match).objects.map((o) => o.instance_keys),
    ['unknown', 'unknown'],
  )
})

test('a deposed object of an orphan: its own error, named as Terraform names it (state edited, plan by Terraform)', async () => {
  const s = await errorsAgree('deposed')
  assert.equal(statuses(s), [
    'terraform_data.a orphan-configuration-missing -',
    'terraform_data.a orphan-configuration-missing -',
    `terraform_data.keep bound ${B}`,
  ])
  assert.equal(
    stateJson(s.match).objects.map((o) => o.deposed ?? null),
    [null, '0a1b2c3d', null],
  )
})

test('a state of another configuration: said once', async () => {
  const a = await analyzeProviders(path.join(dir('moved'), 'v2'))
  const s = analyzeState(a, readFileSync(path.join(dir('nested'), 'terraform.tfstate'), 'utf8'), 'other.tfstate')
  const other = s.diagnostics.filter((d) => d.code === 'state.other-configuration')
  assert.is(other.length, 1)
  assert.match(other[0]!.detail, /^None of the 3 managed objects of other.tfstate is declared by this configuration/)
})

test.run()
