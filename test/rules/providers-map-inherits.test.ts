import * as assert from 'uvu/assert'
import {providersMapInherits} from '../../src/rules/providers-map-inherits.js'
import {caseDir, ruleTests, runRule} from './rule-tester.js'

const rule = providersMapInherits
const t = ruleTests(rule, {
  valid: ['all-listed', 'no-map', 'aliases-only'],
  invalid: ['omitted-default', 'nested'],
})

t('names what is inherited, from where, and the entry to add', async () => {
  const [d] = await runRule(rule, caseDir(rule, 'invalid', 'omitted-default'))
  assert.is(d?.address, 'module.network')
  assert.equal(d?.callers, [])
  assert.match(d?.detail ?? '', 'lists google but not "aws"')
  assert.match(d?.detail ?? '', 'module.network.aws_vpc.main (network/main.tf:9,1-')
  assert.match(d?.detail ?? '', 'inherited from the root module; the root module defines provider "aws" at main.tf:9,1-15')
  assert.match(d?.detail ?? '', 'add aws = aws to the providers map of module.network')
})

t('inheritance through a caller that received the configuration in its own map', async () => {
  const [d] = await runRule(rule, caseDir(rule, 'invalid', 'nested'))
  assert.is(d?.address, 'module.a.module.b')
  assert.equal(d?.callers, ['module.a'])
  assert.match(d?.detail ?? '', 'inherited from module.a; module.a receives google = google from the root module; the root module defines provider "google" at main.tf:7,1-18')
})

t.run()
