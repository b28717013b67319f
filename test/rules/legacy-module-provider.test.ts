import * as assert from 'uvu/assert'
import {legacyModuleProvider} from '../../src/rules/legacy-module-provider.js'
import {caseDir, ruleTests, runRule} from './rule-tester.js'

const t = ruleTests(legacyModuleProvider, {
  valid: ['proxy-blocks', 'root-only'],
  invalid: ['configured-blocks', 'nested-version-only'],
  memory: [
    {
      name: 'child configures its own provider',
      files: {
        'main.tf': `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = ">= 5.0" }
  }
}

module "child" {
  source = "./child"
}
`,
        'child/main.tf': `provider "aws" {
  region = "us-east-1"
}

resource "aws_s3_bucket" "b" {}
`,
      },
      expected: [{code: 'lint.legacy-module-provider', range: 'child/main.tf:1,1-15'}],
    },
    {
      name: 'child with only an empty proxy block',
      files: {
        'main.tf': `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = ">= 5.0" }
  }
}

module "child" {
  source = "./child"
}
`,
        'child/main.tf': `provider "aws" {
  alias = "proxy"
}

resource "aws_s3_bucket" "b" {
  provider = aws.proxy
}
`,
      },
      expected: [],
    },
  ],
})

t('lists the calls that already fail and those that would, once per directory', async () => {
  const diags = await runRule(legacyModuleProvider, caseDir(legacyModuleProvider, 'invalid', 'configured-blocks'))
  const first = diags.find((d) => d.range?.start.line === 7)
  assert.ok(first)
  assert.is(first.address, 'module.many.provider["registry.terraform.io/hashicorp/aws"]')
  assert.equal(first.callers, ['module.many'])
  assert.match(
    first.detail,
    'Calls that already fail (Terraform reports "Module is incompatible with count, for_each, and depends_on"): module.many (its call uses count at main.tf:17,12-13)',
  )
  assert.match(first.detail, 'would fail as soon as they (or a call above them) used count, for_each or depends_on: module.one')
  assert.match(first.detail, 'also reached as module.one.provider')
  const replica = diags.find((d) => d.range?.start.line === 11)
  assert.match(replica?.detail ?? '', 'configuration_aliases = [aws.replica]')
})

t('an ancestor call with for_each counts; callers is the whole chain', async () => {
  const [d] = await runRule(legacyModuleProvider, caseDir(legacyModuleProvider, 'invalid', 'nested-version-only'))
  assert.equal(d?.callers, ['module.a', 'module.a.module.b'])
  assert.match(d?.detail ?? '', 'module.a.module.b (its caller module.a uses for_each at main.tf:9,14-')
})

t.run()
