import * as assert from 'uvu/assert'
import {unusedProviderAlias} from '../../src/rules/unused-provider-alias.js'
import {caseDir, ruleTests, runRule} from './rule-tester.js'

const rule = unusedProviderAlias
const t = ruleTests(rule, {
  valid: ['used'],
  invalid: ['dangling'],
})

t('a configuration passed to a module that does not use it', async () => {
  const diags = await runRule(rule, caseDir(rule, 'invalid', 'dangling'))
  const west = diags.find((d) => d.address === 'provider["registry.terraform.io/hashicorp/aws"].west')
  assert.match(west?.detail ?? '', 'it is passed to module.child, where no resource uses the configuration it becomes')
  const legacy = diags.find((d) => d.address === 'provider["registry.terraform.io/hashicorp/aws"].legacy_region')
  assert.match(legacy?.detail ?? '', 'no module call receives it in a providers map')
})

t.run()
