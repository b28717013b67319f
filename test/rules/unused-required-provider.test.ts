import * as assert from 'uvu/assert'
import {unusedRequiredProvider} from '../../src/rules/unused-required-provider.js'
import {caseDir, ruleTests, runRule} from './rule-tester.js'

const rule = unusedRequiredProvider
const code = 'lint.unused-required-provider'
const tf = (providers: string, rest = ''): string => `terraform {\n  required_providers {\n${providers}\n  }\n}\n${rest}`

const t = ruleTests(rule, {
  valid: ['used-in-module', 'inherited-by-child', 'passed-on', 'unresolved-call', 'configuration-aliases'],
  invalid: ['unused-in-root', 'unused-in-child'],
  memory: [
    {
      name: 'used only by the state_store that keeps the state (issue 32)',
      files: {
        'main.tf': `terraform {
  required_providers {
    fs = { source = "hashicorp/fs", version = ">= 1.0" }
  }
  state_store "fs_local" {
    provider "fs" {}
    path = "state"
  }
}
`,
      },
      expected: [],
    },
    {
      name: 'used only by an action (Terraform 1.14)',
      files: {
        'main.tf': tf(
          '    aws = { source = "hashicorp/aws", version = ">= 6.0" }',
          'action "aws_lambda_invoke" "notify" {\n  config {\n    function_name = "f"\n  }\n}\n',
        ),
      },
      expected: [],
    },
    {
      name: 'used only by a list block of a query file (Terraform 1.14)',
      files: {
        'main.tf': tf('    aws = { source = "hashicorp/aws", version = ">= 6.0" }'),
        'main.tfquery.hcl': 'list "aws_instance" "all" {\n  provider = aws\n}\n',
      },
      expected: [],
    },
    {
      name: 'a state_store of another provider does not use it',
      files: {
        'main.tf': `terraform {
  required_providers {
    fs   = { source = "hashicorp/fs", version = ">= 1.0" }
    null = { source = "hashicorp/null", version = ">= 3.0" }
  }
  state_store "fs_local" {
    provider "fs" {}
  }
}
`,
      },
      expected: [{code, range: 'main.tf:4,5-61'}],
    },
    {
      name: 'tflint: unused',
      files: {'main.tf': tf('    null = {\n      source = "hashicorp/null"\n    }')},
      expected: [{code, range: 'main.tf:3,5-5,6'}],
    },
    {
      name: 'tflint: used by a resource',
      files: {'main.tf': tf('    null = { source = "hashicorp/null" }', 'resource "null_resource" "foo" {}\n')},
      expected: [],
    },
    {
      name: 'tflint: used by an ephemeral resource',
      files: {'main.tf': tf('    random = { source = "hashicorp/random" }', 'ephemeral "random_password" "p" {\n  length = 8\n}\n')},
      expected: [],
    },
    {
      name: 'tflint: used by a data source provider argument',
      files: {
        'main.tf': tf('    custom-null = { source = "custom/null" }', 'data "null_data_source" "foo" {\n  provider = custom-null\n}\n'),
      },
      expected: [],
    },
    {
      name: 'tflint: unused beside an override',
      files: {
        'main.tf': tf(
          '    null = { source = "hashicorp/null" }\n    custom-null = { source = "custom/null" }',
          'resource "null_resource" "foo" {\n  provider = custom-null\n}\n',
        ),
      },
      expected: [{code, range: 'main.tf:3,5-41'}],
    },
    {
      name: 'tflint: used by a module providers map',
      files: {
        'main.tf': tf(
          '    custom-null = { source = "custom/null" }',
          'module "m" {\n  source    = "./m"\n  providers = { null = custom-null }\n}\n',
        ),
        'm/main.tf':
          'terraform {\n  required_providers {\n    null = { source = "custom/null" }\n  }\n}\nresource "null_resource" "r" {}\n',
      },
      expected: [],
    },
    {
      name: 'tflint: used by a provider block',
      files: {'main.tf': tf('    null = { source = "hashicorp/null" }', 'provider "null" {}\n')},
      expected: [],
    },
    {
      name: 'tflint: used by a provider-defined function',
      files: {
        'main.tf': tf(
          '    time = { source = "hashicorp/time" }',
          'output "foo" {\n  value = provider::time::rfc3339_parse("2023-07-25T23:43:16Z")\n}\n',
        ),
      },
      expected: [],
    },
    {
      name: 'tflint-ruleset-terraform#21: used by a child module through inheritance (tflint reports it)',
      files: {
        'main.tf': tf('    null = { source = "hashicorp/null" }', 'module "m" {\n  source = "./m"\n}\n'),
        'm/main.tf': 'resource "null_resource" "r" {}\n',
      },
      expected: [],
    },
    {
      name: 'a child module that uses nothing does not use it',
      files: {
        'main.tf': tf('    null = { source = "hashicorp/null" }', 'module "m" {\n  source = "./m"\n}\n'),
        'm/main.tf': 'variable "x" {\n  default = 1\n}\n',
      },
      expected: [{code, range: 'main.tf:3,5-41'}],
    },
    {
      name: 'a grandchild that inherits it',
      files: {
        'main.tf': tf('    null = { source = "hashicorp/null" }', 'module "a" {\n  source = "./a"\n}\n'),
        'a/main.tf': 'module "b" {\n  source = "./b"\n}\n',
        'a/b/main.tf': 'resource "null_resource" "r" {}\n',
      },
      expected: [],
    },
    {
      name: 'an import block that generates configuration',
      files: {'main.tf': tf('    null = { source = "hashicorp/null" }', 'import {\n  to = null_resource.r\n  id = "x"\n}\n')},
      expected: [],
    },
    {
      name: 'a removed block',
      files: {
        'main.tf': tf(
          '    null = { source = "hashicorp/null" }',
          'removed {\n  from = null_resource.r\n  lifecycle {\n    destroy = false\n  }\n}\n',
        ),
      },
      expected: [],
    },
    {
      name: 'JSON syntax',
      files: {'main.tf.json': '{"terraform": {"required_providers": {"null": {"source": "hashicorp/null"}}}}\n'},
      expected: [{code, range: 'main.tf.json:1,39-75'}],
    },
    {
      name: 'caller entry beside a child that means hashicorp/<name> (implied-provider-mismatch reports it)',
      files: {
        'main.tf': tf('    cloudflare = { source = "cloudflare/cloudflare" }', 'module "dns" {\n  source = "./dns"\n}\n'),
        'dns/main.tf': 'resource "cloudflare_record" "www" {}\n',
      },
      expected: [],
    },
  ],
})

t('names the entry, the module and the fix', async () => {
  const diags = await runRule(rule, caseDir(rule, 'invalid', 'unused-in-root'))
  const d = diags.find((x) => x.detail.includes('"null"'))
  assert.is(d?.severity, 'warning')
  assert.is(d?.address, '')
  assert.match(d?.detail ?? '', 'the root module declares "null" (hashicorp/null) in required_providers at main.tf:4,5-6,6')
  assert.match(d?.detail ?? '', 'none of the modules it calls uses that provider')
  assert.match(d?.detail ?? '', 'To fix it, remove the entry')
})

t('a child module: callers and address', async () => {
  const [d] = await runRule(rule, caseDir(rule, 'invalid', 'unused-in-child'))
  assert.is(d?.address, 'module.child')
  assert.equal(d?.callers, ['module.child'])
})

t.run()
