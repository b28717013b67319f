// What `terraform plan` says of removed and moved blocks from the configuration alone (issue 39): every
// fixture with a recorded plan (terraform-oracle.plan.json, scripts/oracle-plan.mjs) gets the same errors —
// severity, summary, detail and range — and in-memory cases for what the configuration does not decide.
import {existsSync, readdirSync, readFileSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyze} from '../../../src/api.js'
import {formatRange} from '../../../src/diag/diagnostic.js'
import {analyzeProviders} from '../../helpers/internal.js'
import {fixturesDir} from '../../helpers/paths.js'

const base = path.join(fixturesDir, 'providers')

interface PlanDiag {
  severity: string
  summary: string
  detail: string
  range?: {filename: string; start: {line: number; column: number}; end: {line: number; column: number}}
}

/** Terraform's JSON widens an empty range (HCL's missing-item position) to one character; tfgraph keeps it empty. */
const endColumn = (r: NonNullable<PlanDiag['range']>): number =>
  r.end.line === r.start.line && r.end.column === r.start.column ? r.end.column + 1 : r.end.column
const key = (d: PlanDiag): string =>
  `${d.severity} ${d.summary} @${d.range ? `${d.range.filename}:${d.range.start.line},${d.range.start.column}-${d.range.end.line},${endColumn(d.range)}` : '-'}\n${d.detail}`

for (const name of readdirSync(base).sort()) {
  const file = path.join(base, name, 'terraform-oracle.plan.json')
  if (!existsSync(file)) continue
  test(`providers ${name}: the errors of terraform plan`, async () => {
    const oracle = JSON.parse(readFileSync(file, 'utf8')) as {terraform_version: string; diagnostics: PlanDiag[]}
    const a = await analyzeProviders(path.join(base, name), {engine: 'terraform', env: {}})
    const mine = a.diagnostics.filter((d) => d.severity === 'error').map((d) => key(d as PlanDiag))
    assert.equal(
      mine.sort(),
      oracle.diagnostics
        .filter((d) => d.severity === 'error')
        .map(key)
        .sort(),
      `Terraform ${oracle.terraform_version}`,
    )
  })
}

const summaries = async (files: Record<string, string>) =>
  (await analyze({files}, {env: {}})).diagnostics.map((d) => `${d.summary} ${d.range ? formatRange(d.range) : ''}`)

test('moves the instances decide are left to the plan: instance keys, repeated modules', async () => {
  assert.equal(
    await summaries({
      'main.tf':
        'resource "terraform_data" "a" {\n  count = 2\n}\nmoved {\n  from = terraform_data.a[0]\n  to   = terraform_data.b\n}\nmodule "m" {\n  source = "./m"\n  count  = 2\n}\n',
      'm/main.tf':
        'resource "terraform_data" "x" {}\nresource "terraform_data" "y" {}\nmoved {\n  from = terraform_data.x\n  to   = terraform_data.y\n}\n',
    }),
    [],
  )
})

test('moves through module instance keys: decided where count or for_each is a literal', async () => {
  const files = (forEach: string, from: string) => ({
    'main.tf': `module "old" {\n  source   = "./m"\n  ${forEach}\n}\nmoved {\n  from = ${from}\n  to   = module.new.terraform_data.d\n}\nmodule "new" {\n  source = "./m"\n}\n`,
    'm/main.tf': 'resource "terraform_data" "d" {}\n',
  })
  assert.equal(await summaries(files('count = 2', 'module.old[1].terraform_data.d')), ['Moved object still exists main.tf:5,1-6'])
  assert.equal(await summaries(files('count = 2', 'module.old[2].terraform_data.d')), [])
  assert.equal(await summaries(files('for_each = {a = 1}', 'module.old["a"].terraform_data.d')), [
    'Moved object still exists main.tf:5,1-6',
  ])
  assert.equal(await summaries(files('for_each = toset(["a"])', 'module.old["b"].terraform_data.d')), [])
  // instances the configuration does not decide: left to the plan
  assert.equal(await summaries(files('for_each = toset(var.keys)', 'module.old["a"].terraform_data.d')), [])
  // a key on a call without count or for_each names no instance
  assert.equal(await summaries(files('', 'module.old["a"].terraform_data.d')), [])
})

test('a move out of a repeated module call names no instance without a key: not still declared', async () => {
  assert.equal(
    await summaries({
      'main.tf':
        'module "m" {\n  source = "./m"\n  count  = 1\n}\nmoved {\n  from = module.m.terraform_data.x\n  to   = terraform_data.x\n}\nresource "terraform_data" "x" {}\n',
      'm/main.tf': 'resource "terraform_data" "x" {}\n',
    }),
    [],
  )
})

test('a removed block in a child module, and the parent one wins for the same object', async () => {
  assert.equal(
    await summaries({
      'main.tf': 'module "m" {\n  source = "./m"\n}\nremoved {\n  from = module.m.terraform_data.x\n}\n',
      'm/main.tf': 'resource "terraform_data" "x" {}\nremoved {\n  from = terraform_data.x\n}\n',
    }),
    ['Removed resource still exists m/main.tf:1,1-30'],
  )
})

test('plan-stage errors wait for validation: a configuration error hides them', async () => {
  const files = {
    'main.tf': 'resource "terraform_data" "a" {}\nremoved {\n  from = terraform_data.a\n}\nresource "terraform_data" "a" {}\n',
  }
  const got = await summaries(files)
  assert.ok(got.some((s) => s.startsWith('Duplicate resource')))
  assert.not.ok(got.some((s) => s.startsWith('Removed resource still exists')))
})

test('OpenTofu: not checked (its texts differ)', async () => {
  const a = await analyze({files: {'main.tofu': 'resource "terraform_data" "a" {}\nremoved {\n  from = terraform_data.a\n}\n'}}, {env: {}})
  assert.equal(a.diagnostics, [])
})
test.run()
