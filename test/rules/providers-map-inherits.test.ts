import * as assert from 'uvu/assert'
import {providersMapInherits} from '../../src/rules/providers-map-inherits.js'
import {caseDir, ruleTests, runRule} from './rule-tester.js'

const rule = providersMapInherits
const t = ruleTests(rule, {
  valid: ['all-listed', 'no-map', 'aliases-only'],
  invalid: ['omitted-default', 'nested'],
  memory: [
    {
      name: 'map lists an alias only, the default is inherited silently',
      files: {
        'main.tf': `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = ">= 5.0" }
  }
}

provider "aws" {
  region = "eu-west-1"
}

provider "aws" {
  alias  = "us"
  region = "us-east-1"
}

module "net" {
  source    = "./net"
  providers = { aws.other = aws.us }
}
`,
        'net/main.tf': `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", configuration_aliases = [aws.other] }
  }
}

resource "aws_vpc" "a" {}

resource "aws_vpc" "b" {
  provider = aws.other
}
`,
      },
      expected: [{code: 'lint.providers-map-inherits', range: 'main.tf:18,15-37'}],
    },
    {
      name: 'map lists every configuration the module uses',
      files: {
        'main.tf': `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = ">= 5.0" }
  }
}

provider "aws" {
  region = "eu-west-1"
}

provider "aws" {
  alias  = "us"
  region = "us-east-1"
}

module "net" {
  source    = "./net"
  providers = { aws = aws, aws.other = aws.us }
}
`,
        'net/main.tf': `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", configuration_aliases = [aws.other] }
  }
}

resource "aws_vpc" "a" {}

resource "aws_vpc" "b" {
  provider = aws.other
}
`,
      },
      expected: [],
    },
  ],
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
  assert.match(
    d?.detail ?? '',
    'inherited from module.a; module.a receives google = google from the root module; the root module defines provider "google" at main.tf:7,1-18',
  )
})

t.run()
