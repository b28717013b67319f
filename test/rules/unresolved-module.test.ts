import * as assert from 'uvu/assert'
import {unresolvedModule} from '../../src/rules/unresolved-module.js'
import {caseDir, ruleTests, runRule} from './rule-tester.js'

const rule = unresolvedModule
const t = ruleTests(rule, {
  valid: ['local'],
  invalid: ['not-installed', 'nested'],
  memory: [
    {
      name: "an invalid source address is Terraform's own error at the source value, not this rule's (#33)",
      files: {'main.tf': 'module "a" {\n  source = "foo/bar/baz/qux/x"\n}\n'},
      expected: [],
    },
  ],
})

t("an invalid source address: rule terraform reports Terraform's error where Terraform does (#33)", async () => {
  const {lint} = await import('../../src/api.js')
  const r = await lint(
    {files: {'main.tf': 'module "a" {\n  source = "foo/bar/baz/qux/x"\n}\n'}},
    {env: {}, only: ['terraform', 'unresolved-module']},
  )
  assert.equal(
    r.diagnostics.map((d) => `${d.rule} ${d.summary} ${d.range?.start.line},${d.range?.start.column}`),
    ['terraform Invalid module source address 2,12'],
  )
})

t('keeps the crawler summary and detail; adds the reason; the subject is the call', async () => {
  const diags = await runRule(rule, caseDir(rule, 'invalid', 'not-installed'))
  const vpc = diags.find((d) => d.address === 'module.vpc')
  assert.is(vpc?.summary, 'Module not installed')
  // no .terraform at all: the modules are not installed, whatever record the manifest would have
  assert.match(vpc?.detail ?? '', 'is not installed (modules not installed: run "terraform init")')
  assert.match(vpc?.detail ?? '', 'Run "terraform init"')
  assert.is(diags.find((d) => d.address === 'module.dynamic')?.summary, 'Module source not static')
  assert.is(diags.find((d) => d.address === 'module.gone')?.summary, 'Unreadable module directory')
  assert.equal(
    diags.map((d) => d.range?.start.column),
    [1, 1, 1],
  )
})

t('one diagnostic for a call reached twice, with the call chain of the first', async () => {
  const diags = await runRule(rule, caseDir(rule, 'invalid', 'nested'))
  assert.is(diags.length, 1)
  assert.is(diags[0]?.address, 'module.again.module.dns')
  assert.equal(diags[0]?.callers, ['module.again'])
  assert.match(diags[0]?.detail ?? '', 'also reached as module.wrapper.module.dns')
})

t.run()
