import * as assert from 'uvu/assert'
import {unusedConfigurationAlias} from '../../src/rules/unused-configuration-alias.js'
import {caseDir, ruleTests, runRule} from './rule-tester.js'

const rule = unusedConfigurationAlias
const t = ruleTests(rule, {
  valid: ['used-everywhere'],
  invalid: ['one-unused'],
})

t('the subject is the entry in configuration_aliases', async () => {
  const [d] = await runRule(rule, caseDir(rule, 'invalid', 'one-unused'))
  assert.is(d?.range?.start.column, 9)
  assert.is(d?.range?.end.column, 16)
  assert.match(d?.detail ?? '', 'declares the configuration alias aws.dst in its required_providers entry "aws" at replica/main.tf:3,5-8')
})

t.run()
