import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import * as assert from 'uvu/assert'
import {analyzeProviders} from '../../src/providers/analyze.js'
import {impliedProviderMismatch} from '../../src/rules/implied-provider-mismatch.js'
import {caseDir, ruleTests, runRule} from './rule-tester.js'

const rule = impliedProviderMismatch
const t = ruleTests(rule, {
  valid: ['same-source', 'declared-in-child', 'entry-without-source-same-provider'],
  invalid: ['cloudflare', 'grandchild-other-name', 'entry-without-source'],
  memory: [
    {
      name: 'entry with a version only, in a child of a root that declares another source',
      files: {
        'main.tf':
          'terraform {\n  required_providers {\n    cloudflare = { source = "cloudflare/cloudflare" }\n  }\n}\nmodule "dns" {\n  source = "./dns"\n}\n',
        'dns/main.tf': 'terraform {\n  required_providers {\n    cloudflare = { version = ">= 4" }\n  }\n}\n',
      },
      expected: [{code: 'lint.implied-provider-mismatch', range: 'dns/main.tf:3,5-15'}],
    },
    {
      name: 'string entry in a grandchild, caller with another local name for the type',
      files: {
        'main.tf':
          'terraform {\n  required_providers {\n    dd = { source = "datadog/datadog" }\n  }\n}\nmodule "a" {\n  source = "./a"\n}\n',
        'a/main.tf': 'module "b" {\n  source = "./b"\n}\n',
        'a/b/main.tf': 'terraform {\n  required_providers {\n    datadog = ">= 3"\n  }\n}\nresource "datadog_monitor" "m" {}\n',
      },
      expected: [{code: 'lint.implied-provider-mismatch', range: 'a/b/main.tf:3,5-12'}],
    },
    {
      name: 'entry without source in the root module: no caller',
      files: {'main.tf': 'terraform {\n  required_providers {\n    cloudflare = ">= 4"\n  }\n}\n'},
      expected: [],
    },
    {
      name: 'a nearer caller declares the name without source too',
      files: {
        'main.tf':
          'terraform {\n  required_providers {\n    cloudflare = { source = "cloudflare/cloudflare" }\n  }\n}\nmodule "a" {\n  source = "./a"\n}\n',
        'a/main.tf':
          'terraform {\n  required_providers {\n    cloudflare = { source = "cloudflare/cloudflare" }\n  }\n}\nmodule "b" {\n  source = "./b"\n}\n',
        'a/b/main.tf':
          'terraform {\n  required_providers {\n    cloudflare = { source = "cloudflare/cloudflare", version = ">= 4" }\n  }\n}\n',
      },
      expected: [],
    },
    {
      name: "only a provider-defined function without an entry: Terraform's error, not an implied provider",
      files: {
        'main.tf':
          'terraform {\n  required_providers {\n    time = { source = "example/time" }\n  }\n}\nmodule "c" {\n  source = "./c"\n}\n',
        'c/main.tf': 'output "t" {\n  value = provider::time::rfc3339_parse("x")\n}\n',
      },
      expected: [],
    },
  ],
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

t('entry without source: names the entry, both addresses and the fix', async () => {
  const diags = await runRule(rule, caseDir(rule, 'invalid', 'entry-without-source'))
  const d = diags.find((x) => x.address === 'module.dns')
  assert.is(d?.severity, 'error')
  assert.match(
    d?.detail ?? '',
    'module.dns declares the provider local name "cloudflare" in required_providers at dns/main.tf:4,5-15 without a source address, so Terraform implies hashicorp/cloudflare',
  )
  assert.match(d?.detail ?? '', 'the root module declares that name as cloudflare/cloudflare at main.tf:3,5-15')
  assert.match(d?.detail ?? '', 'cloudflare = { source = "cloudflare/cloudflare", version = ">= 4.0" }')
})

t('entry without source: the requirements agree with recorded terraform providers (Terraform 1.11.4)', async () => {
  const dir = caseDir(rule, 'invalid', 'entry-without-source')
  const oracle = JSON.parse(readFileSync(path.join(dir, 'terraform-oracle.providers.json'), 'utf8')) as {
    modules: Record<string, {provider: string}[]>
  }
  const a = await analyzeProviders(dir, {engine: 'terraform', env: {}})
  const ours: Record<string, string[]> = {}
  for (const r of a.requirements) (ours[r.module] ??= []).push(r.provider)
  const theirs = Object.fromEntries(Object.entries(oracle.modules).map(([m, ps]) => [m, ps.map((p) => p.provider)]))
  assert.equal(ours, theirs)
})

t.run()
