import * as assert from 'uvu/assert'
import {unusedMockProvider} from '../../src/rules/unused-mock-provider.js'
import {caseDir, ruleTests, runRule} from './rule-tester.js'

const rule = unusedMockProvider
const tf =
  'terraform {\n  required_version = ">= 1.7"\n  required_providers {\n    aws = { source = "hashicorp/aws", version = ">= 6.0" }\n  }\n}\n'
const t = ruleTests(rule, {
  valid: ['mock-used'],
  invalid: ['mock-unused'],
  memory: [
    {
      name: 'a mock for the provider of a child module',
      files: {
        'main.tf': `${tf}module "m" {\n  source = "./m"\n}\n`,
        'm/main.tf': 'resource "random_id" "r" {\n  byte_length = 4\n}\n',
        'tests/t.tftest.hcl': 'mock_provider "random" {}\nrun "r" {}\n',
      },
      expected: [],
    },
    {
      name: 'a mock for the provider of a module a run executes',
      files: {
        'main.tf': `${tf}resource "aws_s3_bucket" "b" {}\n`,
        'setup/main.tf': 'resource "random_id" "r" {\n  byte_length = 4\n}\n',
        'tests/t.tftest.hcl': 'mock_provider "random" {}\nrun "setup" {\n  module {\n    source = "./setup"\n  }\n}\n',
      },
      expected: [],
    },
    {
      name: 'an aliased mock of a provider nothing uses',
      files: {
        'main.tf': `${tf}resource "aws_s3_bucket" "b" {}\n`,
        'tests/t.tftest.hcl': 'mock_provider "awscc" {\n  alias = "x"\n}\nrun "r" {}\n',
      },
      expected: [{code: 'lint.unused-mock-provider', range: 'tests/t.tftest.hcl:1,1-22'}],
    },
    {
      name: 'a real provider block is not a mock (the rule is about mocks)',
      files: {'main.tf': `${tf}resource "aws_s3_bucket" "b" {}\n`, 'tests/t.tftest.hcl': 'provider "google" {}\nrun "r" {}\n'},
      expected: [],
    },
  ],
})

t('names the file, the provider, and a local name the module uses', async () => {
  const [d] = await runRule(rule, caseDir(rule, 'invalid', 'mock-unused'))
  assert.match(d?.detail ?? '', 'tests/plan.tftest.hcl declares mock_provider "google"')
  assert.match(d?.detail ?? '', 'registry.terraform.io/hashicorp/google')
  assert.is(d?.severity, 'warning')
})

t.run()
