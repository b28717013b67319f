import * as assert from 'uvu/assert'
import {moduleVersionMissing} from '../../src/rules/module-version-missing.js'
import {caseDir, ruleTests, runRule} from './rule-tester.js'

const rule = moduleVersionMissing
const t = ruleTests(rule, {
  valid: ['versioned'],
  invalid: ['no-version', 'major-unbounded'],
  memory: [
    {
      name: 'tflint: exact option, several constraints (#33)',
      files: {'main.tf': 'module "m" {\n  source  = "ns/name/provider"\n  version = "1.0.0, 1.0.1"\n}\n'},
      config: {rules: new Map(), options: new Map([['module-version-missing', {exact: true}]])},
      expected: [{code: 'lint.module-version-missing', range: 'main.tf:3,13-27'}],
    },
    {
      name: 'tflint: exact option, a range (#33)',
      files: {'main.tf': 'module "m" {\n  source  = "ns/name/provider"\n  version = "~> 1.0.0"\n}\n'},
      config: {rules: new Map(), options: new Map([['module-version-missing', {exact: true}]])},
      expected: [{code: 'lint.module-version-missing', range: 'main.tf:3,13-23'}],
    },
    {
      name: 'tflint: exact option, a partial version (#33)',
      files: {'main.tf': 'module "m" {\n  source  = "ns/name/provider"\n  version = "1.0"\n}\n'},
      config: {rules: new Map(), options: new Map([['module-version-missing', {exact: true}]])},
      expected: [{code: 'lint.module-version-missing', range: 'main.tf:3,13-18'}],
    },
    {
      name: 'tflint: exact option, exact versions pass (#33)',
      files: {
        'main.tf':
          'module "a" {\n  source  = "ns/a/provider"\n  version = "1.0.0"\n}\nmodule "b" {\n  source  = "ns/b/provider"\n  version = "= 2.0.0-pre"\n}\n',
      },
      config: {rules: new Map(), options: new Map([['module-version-missing', {exact: true}]])},
      expected: [],
    },
    {
      name: 'version = null is no version (#33)',
      files: {'main.tf': 'module "m" {\n  source  = "ns/name/provider"\n  version = null\n}\n'},
      expected: [{code: 'lint.module-version-missing', range: 'main.tf:3,13-17'}],
    },
    {
      name: 'version from a const variable that is null (#33)',
      files: {
        'main.tf':
          'variable "v" {\n  type    = string\n  const   = true\n  default = null\n}\nmodule "m" {\n  source  = "ns/name/provider"\n  version = var.v\n}\n',
      },
      expected: [{code: 'lint.module-version-missing', range: 'main.tf:8,13-18'}],
    },
    {
      name: 'version from a const variable given a value (#33)',
      files: {
        'main.tf':
          'variable "v" {\n  type    = string\n  const   = true\n  default = "1.2.0"\n}\nmodule "m" {\n  source  = "ns/name/provider"\n  version = var.v\n}\n',
      },
      expected: [],
    },
    {
      name: 'registry call without version',
      files: {'main.tf': 'module "vpc" {\n  source = "terraform-aws-modules/vpc/aws"\n}\n'},
      expected: [{code: 'lint.module-version-missing', range: 'main.tf:1,1-13'}],
    },
    {
      name: 'private registry call without version, in JSON syntax',
      files: {'main.tf.json': '{"module": {"vpc": {"source": "app.terraform.io/example/vpc/aws"}}}\n'},
      expected: [{code: 'lint.module-version-missing', range: 'main.tf.json:1,20-21'}],
    },
    {
      name: 'version from a variable is not missing',
      files: {
        'main.tf':
          'variable "v" {\n  type = string\n}\n\nmodule "vpc" {\n  source  = "terraform-aws-modules/vpc/aws"\n  version = var.v\n}\n',
      },
      expected: [],
    },
    {
      name: 'local, git and archive sources take no version',
      files: {
        'main.tf':
          'module "a" {\n  source = "./a"\n}\n\nmodule "b" {\n  source = "git::https://example.com/b.git?ref=v1.0.0"\n}\n\nmodule "c" {\n  source = "https://example.com/c.zip"\n}\n',
        'a/main.tf': 'variable "x" {\n  default = 1\n}\n',
      },
      expected: [],
    },
    {
      name: 'require_major_bound: a minimum alone is reported',
      files: {'main.tf': 'module "vpc" {\n  source  = "terraform-aws-modules/vpc/aws"\n  version = ">= 5.0"\n}\n'},
      config: {rules: new Map(), options: new Map([['module-version-missing', {require_major_bound: true}]])},
      expected: [{code: 'lint.module-version-missing', range: 'main.tf:3,13-21'}],
    },
    {
      name: 'require_major_bound: "~> 5.0" caps the major version',
      files: {'main.tf': 'module "vpc" {\n  source  = "terraform-aws-modules/vpc/aws"\n  version = "~> 5.0"\n}\n'},
      config: {rules: new Map(), options: new Map([['module-version-missing', {require_major_bound: true}]])},
      expected: [],
    },
  ],
})

t('says which version is installed and suggests a constraint from it', async () => {
  const diags = await runRule(rule, caseDir(rule, 'invalid', 'no-version'))
  const vpc = diags.find((d) => d.address === 'module.vpc')
  assert.match(vpc?.detail ?? '', '(installed: 5.1.2)')
  assert.match(vpc?.detail ?? '', 'version = "~> 5.1"')
  const label = diags.find((d) => d.address === 'module.local.module.label')
  assert.equal(label?.callers, ['module.local'])
  assert.not.match(label?.detail ?? '', 'installed:')
})

t.run()
