// The third fidelity scan (issue 52), what the fixtures with recorded answers cannot show: the behaviour
// that follows the release the root's required_version allows, and the engine, in memory.
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyze} from '../../src/api.js'
import {formatRange} from '../../src/diag/diagnostic.js'

type Files = Record<string, string>
const said = async (files: Files, engine?: 'terraform' | 'opentofu'): Promise<string[]> =>
  (await analyze({files}, {env: {}, ...(engine ? {engine} : {})})).diagnostics.map(
    (d) => `${d.severity} ${d.summary}${d.range ? ` ${formatRange(d.range)}` : ''}`,
  )

test('local values in a module source: an error before Terraform 1.15, evaluated from 1.15 and in OpenTofu', async () => {
  const files = (constraint?: string, ext = 'tf'): Files => ({
    [`main.${ext}`]: `${constraint ? `terraform {\n  required_version = "${constraint}"\n}\n` : ''}locals {\n  src = "./m"\n}\nmodule "a" {\n  source = local.src\n}\n`,
    'm/main.tf': 'resource "terraform_data" "a" {}\n',
  })
  assert.equal(await said(files('~> 1.11.0')), [
    'error Unsuitable value type main.tf:8,12-21',
    'error Variables not allowed main.tf:8,12-17',
  ])
  assert.equal(await said(files('< 1.15')), ['error Unsuitable value type main.tf:8,12-21', 'error Variables not allowed main.tf:8,12-17'])
  // the newest release a constraint allows decides
  assert.equal(await said(files('>= 1.11')), [])
  assert.equal(await said(files()), [])
  assert.equal(await said(files('~> 1.11.0', 'tofu'), 'opentofu'), [])
  // a release pinned in .terraform-version decides where required_version does not (#52 item 9)
  assert.equal(await said({...files(), '.terraform-version': '1.11.4\n'}), [
    'error Unsuitable value type main.tf:5,12-21',
    'error Variables not allowed main.tf:5,12-17',
  ])
  assert.equal(await said({...files(), '.terraform-version': '1.15.0\n'}), [])
  // literals only: nothing to say
  const literal = {'main.tf': 'terraform {\n  required_version = "~> 1.11.0"\n}\nmodule "a" {\n  source = "./m"\n}\n', 'm/main.tf': ''}
  assert.equal(await said(literal), [])
})

test("errors in the root module's own files: the rest is marked as what Terraform says once they are fixed", async () => {
  const files = (rootError: boolean): Files => ({
    'main.tf': `provider "aws" {\n  alias = "west"\n}\nmodule "c" {\n  source = "./c"\n  providers = {\n    aws = aws.west\n  }\n}\n${rootError ? 'variable "a" {}\nvariable "a" {}\n' : ''}`,
    'c/main.tf': 'resource "aws_instance" "a" {}\n',
  })
  const marked = async (f: Files) =>
    (await analyze({files: f}, {env: {}})).diagnostics.map((d) => `${d.summary} ${d.extra?.after_root_errors === true}`)
  assert.equal(await marked(files(true)), ['Reference to undefined provider true', 'Duplicate variable declaration false'])
  assert.equal(await marked(files(false)), ['Reference to undefined provider false'])
  // an error in a child module's files stops nothing of the root's
  const child = {...files(false), 'c/main.tf': 'variable "a" {}\nvariable "a" {}\n'}
  assert.ok((await marked(child)).every((x) => x.endsWith('false')))
})

test.run()
