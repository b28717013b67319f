// The second fidelity scan (issue 39), what the fixtures with recorded answers cannot show: behaviour that
// follows the release the root's required_version allows (import blocks, provider namespaces, the test-file
// schema) and the engine (OpenTofu's own rules), in memory.
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyze, checkLock} from '../../src/api.js'
import {formatRange} from '../../src/diag/diagnostic.js'

type Files = Record<string, string>
const said = async (files: Files, engine?: 'terraform' | 'opentofu', tests = false): Promise<string[]> =>
  (await analyze({files}, {env: {}, ...(engine ? {engine} : {}), ...(tests ? {tests: true} : {})})).diagnostics.map(
    (d) => `${d.severity} ${d.summary}${d.range ? ` ${formatRange(d.range)}` : ''}`,
  )
const version = (constraint: string | undefined): string => (constraint ? `terraform {\n  required_version = "${constraint}"\n}\n` : '')

test('import blocks: id required before 1.12 (identity unknown), id or identity from 1.12', async () => {
  const imports = 'resource "aws_instance" "a" {}\nimport {\n  to = aws_instance.a\n}\n'
  assert.equal(await said({'main.tf': version('< 1.12') + imports}), ['error Missing required argument main.tf:5,8-8'])
  assert.equal(await said({'main.tf': version(undefined) + imports}), ['error Invalid import block main.tf:2,1-7'])
  const both = 'resource "aws_instance" "a" {}\nimport {\n  to       = aws_instance.a\n  id       = "i"\n  identity = {id = "i"}\n}\n'
  assert.equal(await said({'main.tf': both}), ['error Invalid import block main.tf:2,1-7'])
  assert.equal(await said({'main.tf': version('~> 1.11.0') + both}), ['error Unsupported argument main.tf:8,3-11'])
})

test("OpenTofu: the import, moved and removed checks are Terraform's (OpenTofu words them otherwise)", async () => {
  const files = {
    'main.tofu':
      'resource "aws_instance" "a" {}\nimport {\n  to = aws_instance.a\n  id = "i"\n}\nimport {\n  to = aws_instance.a\n  id = "j"\n}\nremoved {\n  from = aws_instance.b[0]\n}\n',
  }
  assert.equal(await said(files), [])
})

test('provider namespaces with underscores: bound from Terraform 1.16, an error before, always under OpenTofu', async () => {
  const main = (constraint?: string) =>
    `terraform {\n${constraint ? `  required_version = "${constraint}"\n` : ''}  required_providers {\n    foo = {\n      source = "example.com/my_org/foo"\n    }\n  }\n}\nresource "foo_thing" "a" {}\n`
  const newest = await analyze({files: {'main.tf': main()}}, {env: {}})
  assert.equal(newest.diagnostics, [])
  assert.is(newest.providers.resources[0]?.provider_config, 'provider["example.com/my_org/foo"]')
  assert.equal(await said({'main.tf': main('< 1.16')}), ['error Invalid provider namespace main.tf:5,16-40'])
  assert.equal(await said({'main.tf': main()}, 'opentofu'), ['error Invalid provider namespace main.tf:4,16-40'])
  // the lock file Terraform 1.16 writes for it
  const lock = await checkLock({
    files: {
      'main.tf': main(),
      '.terraform.lock.hcl':
        'provider "example.com/my_org/foo" {\n  version = "1.0.0"\n  hashes = [\n    "h1:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",\n  ]\n}\n',
    },
  })
  assert.equal(
    lock.diagnostics.filter((d) => d.severity === 'error').map((d) => d.summary),
    [],
  )
})

test('test files follow the release: test and parallel from 1.12; OpenTofu has neither, and mock_provider for_each from 1.11', async () => {
  const tf = (constraint?: string) => ({
    'main.tf': version(constraint) + 'resource "terraform_data" "a" {}\n',
    'tests/a.tftest.hcl': 'test {\n  parallel = true\n}\nrun "r" {\n  command  = plan\n  parallel = true\n}\n',
  })
  assert.equal(await said(tf(), undefined, true), [])
  assert.equal(await said(tf('< 1.12'), undefined, true), [
    'error Unsupported block type tests/a.tftest.hcl:1,1-5',
    'error Unsupported argument tests/a.tftest.hcl:6,3-11',
  ])
  assert.equal(await said(tf(), 'opentofu', true), [
    'error Unsupported block type tests/a.tftest.hcl:1,1-5',
    'error Unsupported argument tests/a.tftest.hcl:6,3-11',
  ])
  const mock = (constraint?: string) => ({
    'main.tofu': version(constraint) + 'resource "terraform_data" "a" {}\n',
    'tests/a.tftest.hcl': 'mock_provider "terraform" {\n  alias    = "m"\n  for_each = toset(["a"])\n}\nrun "r" {\n  command = plan\n}\n',
  })
  assert.equal(await said(mock(), undefined, true), [])
  assert.equal(await said(mock('< 1.11'), undefined, true), ['error Unsupported argument tests/a.tftest.hcl:3,3-11'])
  // Terraform's mock_provider has no for_each
  assert.equal(await said({...mock(), 'main.tf': 'resource "terraform_data" "a" {}\n', 'main.tofu': ''}, 'terraform', true), [
    'error Unsupported argument tests/a.tftest.hcl:3,3-11',
  ])
})

test("a missing provider passed and used in one module: Terraform's single error, the resource in its explanation", async () => {
  const a = await analyze(
    {
      files: {
        'main.tf':
          'provider "aws" {}\nmodule "c" {\n  source    = "./c"\n  providers = {\n    aws = aws.west\n  }\n}\nresource "aws_s3_bucket" "b" {\n  provider = aws.west\n}\n',
        'c/main.tf': 'terraform {\n  required_providers {\n    aws = {source = "hashicorp/aws"}\n  }\n}\nresource "aws_s3_bucket" "c" {}\n',
      },
    },
    {env: {}},
  )
  assert.equal(
    a.diagnostics.map((d) => d.summary),
    ['missing provider provider["registry.terraform.io/hashicorp/aws"].west'],
  )
  assert.match(a.diagnostics[0]!.extra?.explanation ?? '', 'aws_s3_bucket.b (main.tf:9) uses that configuration too')
})

test.run()
