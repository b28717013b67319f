import * as assert from 'uvu/assert'
import {providerVersionMissing} from '../../src/rules/provider-version-missing.js'
import {caseDir, ruleTests, runRule} from './rule-tester.js'

const rule = providerVersionMissing
const child = 'terraform {\n  required_providers {\n    aws = { source = "hashicorp/aws" }\n  }\n}\n\nresource "aws_s3_bucket" "b" {}\n'
const rootNoVersion =
  'terraform {\n  required_providers {\n    aws = { source = "hashicorp/aws" }\n  }\n}\n\nresource "aws_s3_bucket" "b" {}\n'
const t = ruleTests(rule, {
  valid: ['root-locked', 'remote-package'],
  invalid: ['shared-module', 'root-unlocked', 'configuration-aliases'],
  memory: [
    {
      name: 'called module without a version',
      files: {'main.tf': 'module "mod" {\n  source = "./mod"\n}\n', 'mod/main.tf': child},
      expected: [{code: 'lint.provider-version-missing', range: 'mod/main.tf:3,5-8'}],
    },
    {
      name: 'root without a lock file',
      files: {'main.tf': rootNoVersion},
      expected: [{code: 'lint.provider-version-missing', range: 'main.tf:3,5-8'}],
    },
    {
      name: 'root with a lock file selecting it',
      files: {
        'main.tf': rootNoVersion,
        '.terraform.lock.hcl': 'provider "registry.terraform.io/hashicorp/aws" {\n  version = "5.31.0"\n}\n',
      },
      expected: [],
    },
    {
      name: 'option root = "never"',
      files: {'main.tf': rootNoVersion},
      config: {rules: new Map(), options: new Map([['provider-version-missing', {root: 'never'}]])},
      expected: [],
    },
    {
      name: 'option root = "always"',
      files: {
        'main.tf': rootNoVersion,
        '.terraform.lock.hcl': 'provider "registry.terraform.io/hashicorp/aws" {\n  version = "5.31.0"\n}\n',
      },
      config: {rules: new Map(), options: new Map([['provider-version-missing', {root: 'always'}]])},
      expected: [{code: 'lint.provider-version-missing', range: 'main.tf:3,5-8'}],
    },
    {
      name: 'the legacy version argument of a provider block is a constraint',
      files: {'main.tf': 'module "mod" {\n  source = "./mod"\n}\n', 'mod/main.tf': child + '\nprovider "aws" {\n  version = ">= 5.0"\n}\n'},
      expected: [],
    },
    {
      name: 'a providers map passing an alias does not need a version in the caller (tflint-ruleset-terraform#190)',
      files: {
        'main.tf':
          'provider "aws" {\n  alias  = "usw2"\n  region = "us-west-2"\n}\n\nmodule "test" {\n  source = "./mod"\n  providers = {\n    aws.this = aws.usw2\n  }\n}\n',
        'mod/main.tf':
          'terraform {\n  required_providers {\n    aws = {\n      source                = "hashicorp/aws"\n      version               = ">= 5.0"\n      configuration_aliases = [aws.this]\n    }\n  }\n}\n',
      },
      expected: [],
    },
  ],
})

t('a module called twice is one finding; the root is explained by its lock file', async () => {
  const shared = await runRule(rule, caseDir(rule, 'invalid', 'shared-module'))
  assert.is(shared.length, 1)
  assert.match(shared[0]?.detail ?? '', 'also reached as module.mod')
  assert.match(shared[0]?.detail ?? '', 'version = ">= X.Y"')
  const root = await runRule(rule, caseDir(rule, 'invalid', 'root-unlocked'))
  assert.match(root[0]?.detail ?? '', 'The dependency lock file does not select a version of registry.terraform.io/hashicorp/random')
})

t.run()
