import * as assert from 'uvu/assert'
import {lint} from '../../src/api.js'
import {formatRange} from '../../src/diag/diagnostic.js'
import {missingRequiredProvider} from '../../src/rules/missing-required-provider.js'
import {caseDir, ruleTests, runRule} from './rule-tester.js'

const rule = missingRequiredProvider
const t = ruleTests(rule, {
  valid: ['declared', 'mismatch-is-an-error', 'function-only'],
  invalid: ['undeclared', 'function-and-resource', 'entry-without-source'],
  memory: [
    {
      name: 'an action whose type implies a provider without an entry (Terraform 1.14)',
      files: {'main.tf': 'action "aws_lambda_invoke" "notify" {\n  config {\n    function_name = "f"\n  }\n}\n'},
      expected: [{code: 'lint.missing-required-provider', range: 'main.tf:1,1-36'}],
    },
    {
      name: 'a list block naming a provider without an entry (terraform init does not read query files)',
      files: {'main.tf': 'resource "null_resource" "n" {}\n', 'main.tfquery.hcl': 'list "aws_instance" "all" {\n  provider = aws\n}\n'},
      expected: [
        {code: 'lint.missing-required-provider', range: 'main.tf:1,1-29'},
        {code: 'lint.missing-required-provider', range: 'main.tfquery.hcl:2,14-17'},
      ],
    },
    {
      name: 'tflint: a legacy string entry (#33)',
      files: {'main.tf': 'terraform {\n  required_providers {\n    template = "~> 2"\n  }\n}\nprovider "template" {}\n'},
      expected: [{code: 'lint.missing-required-provider', range: 'main.tf:3,16-22'}],
    },
    {
      name: 'tflint: a legacy string entry in JSON syntax (#33)',
      files: {
        'main.tf.json':
          '{\n  "terraform": {\n    "required_providers": {\n      "template": "~> 2"\n    }\n  },\n  "provider": {"template": {}}\n}\n',
      },
      expected: [{code: 'lint.missing-required-provider', range: 'main.tf.json:4,19-25'}],
    },
    {
      name: 'tflint: an object entry without source (#33)',
      files: {
        'main.tf': 'terraform {\n  required_providers {\n    template = {\n      version = "~> 2"\n    }\n  }\n}\nprovider "template" {}\n',
      },
      expected: [{code: 'lint.missing-required-provider', range: 'main.tf:3,16-5,6'}],
    },
    {
      name: 'an object entry without source, with require_source = false (tflint: source = false)',
      files: {
        'main.tf': 'terraform {\n  required_providers {\n    template = {\n      version = "~> 2"\n    }\n  }\n}\nprovider "template" {}\n',
      },
      config: {rules: new Map(), options: new Map([['missing-required-provider', {require_source: false}]])},
      expected: [],
    },
    {
      name: 'the built-in terraform provider needs no source',
      files: {'main.tf': 'terraform {\n  required_providers {\n    terraform = {}\n  }\n}\nresource "terraform_data" "x" {}\n'},
      expected: [],
    },
    {
      name: 'an entry without source whose caller declares another source: implied-provider-mismatch says it, not this rule',
      files: {
        'main.tf':
          'terraform {\n  required_providers {\n    cloudflare = { source = "cloudflare/cloudflare" }\n  }\n}\nmodule "dns" {\n  source = "./dns"\n}\n',
        'dns/main.tf': 'terraform {\n  required_providers {\n    cloudflare = ">= 4.0"\n  }\n}\nresource "cloudflare_record" "r" {}\n',
      },
      expected: [],
    },
    {
      name: 'a provider-defined function beside a data source',
      files: {'main.tf': 'data "aws_region" "r" {}\n\nlocals {\n  arn = provider::aws::arn_parse("arn:aws:iam::123456789012:user/a")\n}\n'},
      expected: [{code: 'lint.missing-required-provider', range: 'main.tf:1,1-22'}],
    },
    {
      name: 'a provider-defined function in a child module, with a resource',
      files: {
        'main.tf': 'module "c" {\n  source = "./c"\n}\n',
        'c/main.tf': 'output "a" {\n  value = provider::aws::arn_parse("x")\n}\nresource "aws_iam_user" "u" {\n  name = "u"\n}\n',
      },
      expected: [{code: 'lint.missing-required-provider', range: 'c/main.tf:2,11-35'}],
    },
    {
      name: 'a provider-defined function of a declared provider',
      files: {
        'main.tf':
          'terraform {\n  required_providers {\n    aws = { source = "hashicorp/aws" }\n  }\n}\noutput "a" {\n  value = provider::aws::arn_parse("x")\n}\n',
      },
      expected: [],
    },
    {
      name: "only provider-defined functions: Terraform's error instead",
      files: {'main.tf': 'output "a" {\n  value = provider::aws::arn_parse("x")\n}\n'},
      expected: [],
    },
  ],
})

t('a provider-defined function is listed among the uses, and the detail says it needs the entry', async () => {
  const [d] = await runRule(rule, caseDir(rule, 'invalid', 'function-and-resource'))
  assert.match(d?.detail ?? '', 'the function provider::time::rfc3339_parse at main.tf:3,11-40')
  assert.match(d?.detail ?? '', 'the resource type time_static at main.tf:6,1-')
  assert.match(d?.detail ?? '', 'Its provider-defined functions (provider::time::…) are available only through that entry.')
})

t('one diagnostic per module and local name, at the first use, listing the others', async () => {
  const diags = await runRule(rule, caseDir(rule, 'invalid', 'undeclared'))
  const random = diags.find((d) => d.range?.filename === 'main.tf' && d.range.start.line === 15)
  assert.match(random?.detail ?? '', 'the resource type random_pet at main.tf:19,1-')
  assert.match(random?.detail ?? '', 'assumes the source address hashicorp/random')
  assert.match(random?.detail ?? '', 'the required_providers block at main.tf:2,3-')
  const east = diags.find((d) => d.range?.filename === 'child/main.tf' && d.range.start.line === 6)
  assert.equal(east?.callers, ['module.child'])
  assert.is(east?.address, 'module.child')
  assert.match(east?.detail ?? '', 'a terraform { required_providers { … } } block')
})

t("a function-only use is Terraform's own error, under rule terraform, with its text and range", async () => {
  const r = await lint(
    {files: {'main.tf': 'output "t" {\n  value = provider::time::rfc3339_parse("2023-07-25T23:43:16Z")\n}\n'}},
    {env: {}},
  )
  const d = r.diagnostics.find((x) => x.rule === 'terraform')
  assert.is(d?.severity, 'error')
  assert.is(d?.summary, 'Unknown provider function')
  assert.is(
    d?.detail,
    'There is no function named "provider::time::rfc3339_parse". Ensure that provider name "time" is declared in this module\'s required_providers block, and that this provider offers a function named "rfc3339_parse".',
  )
  assert.is(d?.range ? formatRange(d.range) : '', 'main.tf:2,11-40')
  assert.is(r.diagnostics.filter((x) => x.rule === rule.id).length, 0)
})

t.run()
