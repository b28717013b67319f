import * as assert from 'uvu/assert'
import {unusedProviderAlias} from '../../src/rules/unused-provider-alias.js'
import {caseDir, ruleTests, runRule} from './rule-tester.js'

const rule = unusedProviderAlias
const t = ruleTests(rule, {
  valid: ['used'],
  invalid: ['dangling'],
  memory: [
    {
      name: 'aliased configuration only an action uses (issue 32: was a false finding)',
      files: {
        'main.tf': `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = ">= 6.0" }
  }
}

provider "aws" {
  alias  = "west"
  region = "us-west-2"
}

action "aws_lambda_invoke" "notify" {
  provider = aws.west
  config {
    function_name = "notify"
  }
}
`,
      },
      expected: [],
    },
    {
      name: 'aliased configuration only a list block of a query file uses',
      files: {
        'main.tf': `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = ">= 6.0" }
  }
}

provider "aws" {
  alias  = "west"
  region = "us-west-2"
}
`,
        'main.tfquery.hcl': 'list "aws_instance" "all" {\n  provider = aws.west\n}\n',
      },
      expected: [],
    },
    {
      name: 'aliased configuration an action of another alias does not use',
      files: {
        'main.tf': `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = ">= 6.0" }
  }
}

provider "aws" {
  alias  = "west"
  region = "us-west-2"
}

action "aws_lambda_invoke" "notify" {
  config {
    function_name = "notify"
  }
}
`,
      },
      expected: [{code: 'lint.unused-provider-alias', range: 'main.tf:7,1-15'}],
    },
    {
      name: 'aliased configuration no resource uses',
      files: {
        'main.tf': `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = ">= 5.0" }
  }
}

provider "aws" {
  alias  = "west"
  region = "us-west-2"
}

resource "aws_s3_bucket" "b" {}
`,
      },
      expected: [{code: 'lint.unused-provider-alias', range: 'main.tf:7,1-15'}],
    },
    {
      name: 'aliased configuration a resource names',
      files: {
        'main.tf': `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = ">= 5.0" }
  }
}

provider "aws" {
  alias  = "west"
  region = "us-west-2"
}

resource "aws_s3_bucket" "b" {
  provider = aws.west
}
`,
      },
      expected: [],
    },
    {
      name: 'aliased configuration passed to a module that uses it',
      files: {
        'main.tf': `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = ">= 5.0" }
  }
}

provider "aws" {
  alias  = "west"
  region = "us-west-2"
}

module "child" {
  source    = "./child"
  providers = { aws = aws.west }
}
`,
        'child/main.tf': `resource "aws_s3_bucket" "b" {}
`,
      },
      expected: [],
    },
  ],
})

t('a configuration passed to a module that does not use it', async () => {
  const diags = await runRule(rule, caseDir(rule, 'invalid', 'dangling'))
  const west = diags.find((d) => d.address === 'provider["registry.terraform.io/hashicorp/aws"].west')
  assert.match(west?.detail ?? '', 'it is passed to module.child, where no resource uses the configuration it becomes')
  const legacy = diags.find((d) => d.address === 'provider["registry.terraform.io/hashicorp/aws"].legacy_region')
  assert.match(legacy?.detail ?? '', 'no module call receives it in a providers map')
})

t.run()
