import * as assert from 'uvu/assert'
import {unsatisfiableProviderConstraints} from '../../src/rules/unsatisfiable-provider-constraints.js'
import {caseDir, ruleTests, runRule} from './rule-tester.js'

const rule = unsatisfiableProviderConstraints
const t = ruleTests(rule, {
  valid: ['compatible', 'other-providers'],
  invalid: ['root-vs-module', 'two-modules'],
  memory: [
    {
      name: 'root and module exclude each other',
      files: {
        'main.tf': `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = "~> 4.0" }
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
      expected: [{code: 'lint.unsatisfiable-provider-constraints', range: 'mod/versions.tf:3,49-57'}],
    },
    {
      name: 'root and module overlap',
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
    aws = { source = "hashicorp/aws", version = ">= 5.10" }
  }
}
`,
      },
      expected: [],
    },
  ],
})

t('lists every constraint with its module and file:line', async () => {
  const [d] = await runRule(rule, caseDir(rule, 'invalid', 'root-vs-module'))
  assert.match(d?.detail ?? '', '  - the root module: "~> 4.0" at main.tf:5,17-25\n  - module.mod: ">= 5.0" at mod/versions.tf:5,17-25')
  assert.match(d?.detail ?? '', 'together: ~> 4.0, >= 5.0.0')
  assert.is(d?.address, 'module.mod')
  assert.equal(d?.callers, ['module.mod'])
})

t.run()
