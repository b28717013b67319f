import * as assert from 'uvu/assert'
import {missingRequiredProvider} from '../../src/rules/missing-required-provider.js'
import {caseDir, ruleTests, runRule} from './rule-tester.js'

const rule = missingRequiredProvider
const t = ruleTests(rule, {
  valid: ['declared', 'mismatch-is-an-error'],
  invalid: ['undeclared'],
})

t('one diagnostic per module and local name, at the first use, listing the others', async () => {
  const diags = await runRule(rule, caseDir(rule, 'invalid', 'undeclared'))
  const random = diags.find((d) => d.range?.filename === 'main.tf' && d.range.start.line === 15)
  assert.match(random?.detail ?? '', 'the resource type random_pet at main.tf:19,1-')
  assert.match(random?.detail ?? '', 'assumes the source address hashicorp/random')
  assert.match(random?.detail ?? '', 'the required_providers block at main.tf:2,3-')
  const east = diags.find((d) => d.range?.filename === 'child/main.tf' && d.range.start.line === 6)
  assert.equal(east?.callers, ['module.child'])
  assert.is(east?.address, 'module.child')
  assert.match(east?.detail ?? '', 'a terraform { required_providers { … } } block')
})

t.run()
