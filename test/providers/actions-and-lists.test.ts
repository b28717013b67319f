// Terraform 1.14's action blocks and query files (issue 32): bound like resources (action.TYPE.NAME,
// list.TYPE.NAME), counted as uses by the rules and the requirements (actions only: `terraform init` does not
// read query files), and Terraform's own errors for them with its texts and ranges. Terraform 1.11.4 (the
// oracle) predates both, so each expectation names the source it follows (internal/configs at v1.16.0-rc2).
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyze, checkLock, lint} from '../../src/api.js'
import {formatRange} from '../../src/diag/diagnostic.js'
import {fixturesDir} from '../helpers/paths.js'

const AWS = 'provider["registry.terraform.io/hashicorp/aws"]'
const REQ = 'terraform {\n  required_providers {\n    aws = { source = "hashicorp/aws", version = ">= 6.0" }\n  }\n}\n'

/** `severity summary @range` of every diagnostic, sorted. */
async function diags(files: Record<string, string>, engine: 'terraform' | 'opentofu' = 'terraform'): Promise<string[]> {
  const a = await analyze({files}, {engine, env: {}})
  return a.diagnostics.map((d) => `${d.severity} ${d.summary} @${d.range ? formatRange(d.range) : '-'}`).sort()
}

test('actions and list blocks are bound like resources, with what declares them (fixture actions-and-lists)', async () => {
  const a = await analyze(path.join(fixturesDir, 'providers', 'actions-and-lists'), {env: {}})
  const bound = Object.fromEntries(
    a.providers.resources.map((r) => [r.address, `${r.provider_config} ${r.declared_by?.kind ?? ''}`.trim()]),
  )
  assert.equal(bound, {
    // action.go Action.ProviderConfigAddr: the provider argument …
    'action.aws_lambda_invoke.notify': `${AWS}.west action`,
    // … else the local name its type implies
    'action.aws_lambda_invoke.audit': `${AWS} action`,
    'aws_instance.web': AWS,
    // query_file.go: a list block names its configuration; a query file's provider blocks join the module's
    'list.aws_instance.all': `${AWS} list`,
    'list.aws_instance.east': `${AWS}.east list`,
    'module.child.aws_s3_bucket.b': AWS,
    'module.child.list.aws_s3_bucket.all': `${AWS} list`,
  })
  // config_build.go buildChildModules: list blocks only in the root module
  assert.equal(
    a.diagnostics.map((d) => `${d.summary} @${d.range ? formatRange(d.range) : '-'}`),
    ['Invalid list configuration @child/child.tfquery.hcl:1,1-27'],
  )
})

test('requirements: an action requires its provider (Config.addProviderRequirements), a list block does not (init reads no query file)', async () => {
  const action = await analyze({files: {'main.tf': 'action "aws_lambda_invoke" "n" {\n  provider = awsx\n}\n'}}, {env: {}})
  assert.equal(
    action.providers.requirements.map((r) => r.provider),
    ['registry.terraform.io/hashicorp/awsx'],
  )
  const list = await analyze(
    {files: {'main.tf': 'resource "null_resource" "n" {}\n', 'main.tfquery.hcl': 'list "aws_instance" "all" {\n  provider = aws\n}\n'}},
    {env: {}},
  )
  assert.equal(
    list.providers.requirements.map((r) => r.provider),
    ['registry.terraform.io/hashicorp/null'],
  )
  const lock = await checkLock({files: {'main.tf': `${REQ}action "aws_lambda_invoke" "n" {}\n`}}, {env: {}})
  assert.equal(
    lock.providers.map((p) => `${p.provider} ${p.status}`),
    ['registry.terraform.io/hashicorp/aws missing'],
  )
})

test('action blocks: decodeActionBlock and appendFile errors, texts and ranges', async () => {
  const got = await diags({
    'main.tf': `action "aws-lambda.x" "1n" {
  count    = 1
  for_each = {}
  unknown  = 1
  config {}
}

action "aws_lambda_invoke" "twice" {
  config {}
  config {}
}

action "aws_lambda_invoke" "a" {}
action "aws_lambda_invoke" "a" {}
`,
  })
  assert.equal(got, [
    'error Duplicate action "aws_lambda_invoke" configuration @main.tf:14,1-31',
    'error Duplicate config block @main.tf:10,3-9',
    'error Invalid action name @main.tf:1,23-27',
    'error Invalid action type name @main.tf:1,8-22',
    'error Invalid combination of "count" and "for_each" @main.tf:3,3-11',
    'error Unsupported argument @main.tf:4,3-10',
  ])
  // a second config block drops the action (decodeActionBlock returns nil): nothing binds it
  const a = await analyze({files: {'main.tf': 'action "aws_lambda_invoke" "twice" {\n  config {}\n  config {}\n}\n'}}, {env: {}})
  assert.equal(a.providers.resources, [])
})

test('action blocks in override files: merged (Action.merge), or "Missing resource to override"', async () => {
  const a = await analyze(
    {
      files: {
        'main.tf': `${REQ}provider "aws" {\n  alias = "west"\n}\naction "aws_lambda_invoke" "n" {}\n`,
        'override.tf': 'action "aws_lambda_invoke" "n" {\n  provider = aws.west\n}\naction "aws_lambda_invoke" "nope" {}\n',
      },
    },
    {env: {}},
  )
  assert.equal(
    a.providers.resources.map((r) => `${r.address} ${r.provider_config}`),
    [`action.aws_lambda_invoke.n ${AWS}.west`],
  )
  assert.equal(
    a.diagnostics.map((d) => `${d.summary} @${formatRange(d.range!)}: ${d.detail}`),
    [
      'Missing resource to override @override.tf:4,1-34: There is no action named "nope". An override file can only override a resource block defined in a primary configuration file.',
    ],
  )
})

test('action_trigger blocks: decodeActionTriggerBlock errors; refused in data and ephemeral resources', async () => {
  const got = await diags({
    'main.tf': `action "aws_lambda_invoke" "n" {}
action "aws_lambda_invoke" "m" {}

resource "aws_instance" "a" {
  lifecycle {
    action_trigger {
      events  = [after_create, after_create, at_noon]
      actions = [action.aws_lambda_invoke.n, module.m.x, aws_instance.b, "x"]
    }
    action_trigger {
      on_failure = stop
    }
    action_trigger {
      events  = [before_destroy]
      actions = [var.on ? action.aws_lambda_invoke.n : action.aws_lambda_invoke.m]
    }
  }
}

data "aws_ami" "d" {
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.aws_lambda_invoke.n]
    }
  }
}
`,
  })
  assert.equal(got, [
    'error Duplicate "after_create" event @main.tf:7,32-44',
    'error Invalid "event" value at_noon @main.tf:7,46-53',
    'error Invalid "on_failure" keyword @main.tf:11,20-24',
    'error Invalid action argument inside action_triggers @main.tf:15,18-82',
    'error Invalid action argument inside action_triggers @main.tf:8,58-72',
    'error Invalid data resource lifecycle nested block @main.tf:22,5-19',
    'error Invalid reference to action outside this module @main.tf:8,46-56',
    'error Missing required argument @main.tf:10,20-20',
    'error Missing required argument @main.tf:10,20-20',
    'error No actions specified @main.tf:10,5-19',
    'error No actions specified @main.tf:8,74-77',
    'error No events specified @main.tf:10,5-19',
  ])
})

test('query files: decodeQueryListBlock, loadQueryFile and appendQueryFile errors, texts and ranges', async () => {
  const got = await diags({
    'main.tf': `${REQ}provider "aws" {\n  alias = "east"\n}\n`,
    'main.tfquery.hcl': `list "aws_instance" "test" {
  count = 1
  config {}
}
list "aws_instance" "test2" {
  provider   = aws
  depends_on = [list.aws_instance.test]
}
list "aws_instance" "dup" {
  provider = aws
}
list "aws_instance" "dup" {
  provider = aws
}
provider "aws" {
  alias = "east"
}
resource "aws_instance" "r" {}
`,
  })
  assert.equal(got, [
    // query_file.go decodeQueryListBlock: a list block must name its provider configuration
    'error Duplicate "list" block names @main.tfquery.hcl:12,1-26',
    'error Duplicate list "aws_instance" configuration @main.tfquery.hcl:12,1-26',
    // module.go appendQueryFile: a query file's provider blocks join the module's
    'error Duplicate provider configuration @main.tfquery.hcl:15,1-15',
    'error Missing "provider" attribute @main.tfquery.hcl:1,1-27',
    'error Unsupported argument @main.tfquery.hcl:7,3-13',
    // queryFileSchema: list, provider, locals and variable blocks only
    'error Unsupported block type @main.tfquery.hcl:18,1-9',
  ])
})

test('query files: JSON syntax (.tfquery.json), and none for OpenTofu', async () => {
  const files = {
    'main.tf': REQ,
    'main.tfquery.json': '{"list": {"aws_instance": {"all": {"provider": "aws", "config": {}}}}}\n',
    'other.tfquery.hcl': 'list "aws_instance" "other" {\n  provider = aws\n}\n',
  }
  const tf = await analyze({files}, {env: {}})
  assert.equal(
    tf.providers.resources.map((r) => `${r.address} ${r.provider_config}`),
    [`list.aws_instance.all ${AWS}`, `list.aws_instance.other ${AWS}`],
  )
  assert.equal(tf.diagnostics, [])
  const tofu = await analyze({files}, {engine: 'opentofu', env: {}})
  assert.equal(tofu.providers.resources, [])
})

test('lint: no unused-provider-alias for an alias only an action uses; missing-required-provider for an action', async () => {
  const r = await lint(path.join(fixturesDir, 'providers', 'actions-and-lists'), {env: {}})
  assert.equal(
    r.diagnostics.filter((d) => d.rule === 'unused-provider-alias' || d.rule === 'unused-required-provider'),
    [],
  )
})

test.run()
