import * as assert from 'uvu/assert'
import {unusedConfigurationAlias} from '../../src/rules/unused-configuration-alias.js'
import {caseDir, ruleTests, runRule} from './rule-tester.js'

const rule = unusedConfigurationAlias
const t = ruleTests(rule, {
  valid: ['used-everywhere'],
  invalid: ['one-unused'],
  memory: [
    {
      name: 'one declared alias unused',
      files: {
        'main.tf': `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = ">= 5.0" }
  }
}

provider "aws" {
  alias  = "east"
  region = "us-east-1"
}

module "copy" {
  source    = "./copy"
  providers = { aws.src = aws.east, aws.dst = aws.east }
}
`,
        'copy/main.tf': `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", configuration_aliases = [aws.src, aws.dst] }
  }
}

resource "aws_s3_bucket" "b" {
  provider = aws.src
}
`,
      },
      expected: [{code: 'lint.unused-configuration-alias', range: 'copy/main.tf:3,73-80'}],
    },
    {
      name: 'both declared aliases used',
      files: {
        'main.tf': `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = ">= 5.0" }
  }
}

provider "aws" {
  alias  = "east"
  region = "us-east-1"
}

module "copy" {
  source    = "./copy"
  providers = { aws.src = aws.east, aws.dst = aws.east }
}
`,
        'copy/main.tf': `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", configuration_aliases = [aws.src, aws.dst] }
  }
}

resource "aws_s3_bucket" "a" {
  provider = aws.src
}

resource "aws_s3_bucket" "b" {
  provider = aws.dst
}
`,
      },
      expected: [],
    },
  ],
})

t('the subject is the entry in configuration_aliases', async () => {
  const [d] = await runRule(rule, caseDir(rule, 'invalid', 'one-unused'))
  assert.is(d?.range?.start.column, 9)
  assert.is(d?.range?.end.column, 16)
  assert.match(d?.detail ?? '', 'declares the configuration alias aws.dst in its required_providers entry "aws" at replica/main.tf:3,5-8')
})

t.run()
