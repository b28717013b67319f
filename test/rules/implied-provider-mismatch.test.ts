import * as assert from 'uvu/assert'
import {impliedProviderMismatch} from '../../src/rules/implied-provider-mismatch.js'
import {caseDir, ruleTests, runRule} from './rule-tester.js'

const rule = impliedProviderMismatch
const t = ruleTests(rule, {
  valid: ['same-source', 'declared-in-child'],
  invalid: ['cloudflare', 'grandchild-other-name'],
})

t('names both source addresses and where each comes from', async () => {
  const [d] = await runRule(rule, caseDir(rule, 'invalid', 'cloudflare'))
  assert.is(d?.severity, 'error')
  assert.match(d?.detail ?? '', 'implies the source address hashicorp/cloudflare')
  assert.match(d?.detail ?? '', 'the root module declares that name as cloudflare/cloudflare at main.tf:3,5-15')
  assert.match(d?.detail ?? '', 'the resource type cloudflare_record at dns/main.tf:8,1-')
  assert.match(d?.detail ?? '', 'add cloudflare = { source = "cloudflare/cloudflare" }')
})

t('a grandchild and a caller that uses another local name for the same type', async () => {
  const [d] = await runRule(rule, caseDir(rule, 'invalid', 'grandchild-other-name'))
  assert.equal(d?.callers, ['module.a', 'module.a.module.b'])
  assert.match(d?.detail ?? '', 'the root module declares the same provider type as "dd" as datadog/datadog at main.tf:3,5-7')
})

t.run()
