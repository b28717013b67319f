import * as assert from 'uvu/assert'
import {providerConstraintNotMinimum} from '../../src/rules/provider-constraint-not-minimum.js'
import {caseDir, ruleTests, runRule} from './rule-tester.js'

const rule = providerConstraintNotMinimum
const t = ruleTests(rule, {
  valid: ['minimums-only', 'root-may-pin'],
  invalid: ['upper-bounds', 'json-syntax'],
  memory: [
    {
      name: 'pessimistic constraint in a child module',
      files: {
        'main.tf': `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = "~> 5.0" }
  }
}

module "mod" {
  source = "./mod"
}
`,
        'mod/versions.tf': `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = "~> 5.0" }
  }
}
`,
      },
      expected: [{code: 'lint.provider-constraint-not-minimum', range: 'mod/versions.tf:3,49-57'}],
    },
    {
      name: 'minimum constraint in a child module',
      files: {
        'main.tf': `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = "~> 5.0" }
  }
}

module "mod" {
  source = "./mod"
}
`,
        'mod/versions.tf': `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = ">= 5.0" }
  }
}
`,
      },
      expected: [],
    },
  ],
})

t('the subject is the version value itself; the fix suggests a minimum', async () => {
  const diags = await runRule(rule, caseDir(rule, 'invalid', 'upper-bounds'))
  const aws = diags.find((d) => d.range?.start.line === 5)
  assert.is(aws?.range?.start.column, 17)
  assert.match(aws?.detail ?? '', '"~> 5.0" sets an upper bound (next major version)')
  assert.match(aws?.detail ?? '', 'version = ">= 5.0.0"')
  assert.equal(aws?.callers, ['module.mod'])
  const random = diags.find((d) => d.range?.start.line === 10)
  assert.match(random?.detail ?? '', '"< 4.0.0" sets an upper bound')
  assert.match(random?.detail ?? '', 'version = ">= 3.0.0"')
  const exact = diags.find((d) => d.range?.start.line === 12)
  assert.match(exact?.detail ?? '', '"3.2.1" allows exactly one version')
})

t.run()
