// Which Terraform release's rules a stack is checked with (issue 52, items 8 and 9). Terraform 1.11.4 has
// no stacks runtime; the expectations follow hashicorp/terraform's sources, named in each fixture's README.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyze} from '../../../src/api.js'
import {pinnedRelease} from '../../../src/crawl/pinned-release.js'
import {MemorySource} from '../../../src/io/memory-source.js'
import {analyzeProviders} from '../../helpers/internal.js'
import {fixturesDir} from '../../helpers/paths.js'

const stacks = path.join(fixturesDir, 'stacks')

test('item 8: a stale lock version is an error under Terraform main (1.17.0-alpha), and the header says so', async () => {
  const a = await analyzeProviders(path.join(stacks, 'stray-and-remote'))
  assert.is(a.stack!.behaviourVersion, '1.17.0-alpha')
  assert.ok(a.diagnostics.some((d) => d.summary === "Provider version doesn't match the lockfile"))
})

test('item 8: a component that requires ~> 1.16.0: Terraform 1.16.0 rules, no version check of the lock', async () => {
  const a = await analyzeProviders(path.join(stacks, 'lock-version-1-16'))
  assert.is(a.stack!.behaviourVersion, '1.16.0')
  assert.equal(
    a.diagnostics.map((d) => d.summary),
    [],
  )
})

test('item 8: a required_version that allows 1.16 but not 1.17: 1.16.0, no version check', async () => {
  const files = {
    'components.tfcomponent.hcl':
      'required_providers {\n  random = {\n    source  = "hashicorp/random"\n    version = "~> 3.6"\n  }\n}\n\nprovider "random" "this" {}\n\ncomponent "pet" {\n  source = "./pet"\n  providers = {\n    random = provider.random.this\n  }\n}\n',
    'pet/main.tf': 'terraform {\n  required_version = ">= 1.14, < 1.17"\n}\nresource "random_pet" "name" {}\n',
    '.terraform.lock.hcl': 'provider "registry.terraform.io/hashicorp/random" {\n  version = "3.3.2"\n}\n',
  }
  const r = await analyze({files})
  assert.is(r.providers.stack?.behaviour_version, '1.16.0')
  assert.equal(
    r.diagnostics.map((d) => d.summary),
    [],
  )
  // a constraint that allows 1.17: main's rules, with the check
  const newer = await analyze({
    files: {...files, 'pet/main.tf': 'terraform {\n  required_version = ">= 1.14"\n}\nresource "random_pet" "name" {}\n'},
  })
  assert.is(newer.providers.stack?.behaviour_version, '1.17.0-alpha')
  assert.equal(
    newer.diagnostics.map((d) => d.summary),
    ["Provider version doesn't match the lockfile"],
  )
})

test('item 9: a stack pinned to 1.13 by .terraform-version reads its .tfstack.hcl files', async () => {
  const a = await analyzeProviders(path.join(stacks, 'terraform-version-1-13'))
  assert.is(a.stack!.behaviourVersion, '1.13.0')
  assert.is(a.stack!.readDeprecated, true)
  assert.equal(
    a.stack!.components.map((c) => c.address.key),
    ['component.pet'],
  )
  assert.equal(
    a.diagnostics.map((d) => d.summary),
    ['Deprecated filename usage'],
  )
  // the same stack without the pin: not read (Terraform 1.14 and later), and the warning says how to pin
  const skipped = await analyzeProviders(path.join(stacks, 'deprecated-files'))
  assert.equal(
    skipped.diagnostics.map((d) => d.summary),
    ['Stack files not read'],
  )
  assert.match(skipped.diagnostics[0]!.detail ?? '', /says so in its \.terraform-version or its components' required_version/)
})

test('item 9: the pin and required_version: a constraint that rules the newest release out decides; the pin otherwise', async () => {
  const stack = {
    'components.tfcomponent.hcl':
      'required_providers {\n  random = {\n    source  = "hashicorp/random"\n    version = "~> 3.6"\n  }\n}\n\nprovider "random" "this" {}\n\ncomponent "pet" {\n  source = "./pet"\n  providers = {\n    random = provider.random.this\n  }\n}\n',
    '.terraform.lock.hcl': 'provider "registry.terraform.io/hashicorp/random" {\n  version = "3.3.2"\n}\n',
  }
  const withModule = (required: string, pin: string): Record<string, string> => ({
    ...stack,
    'pet/main.tf': `${required ? `terraform {\n  required_version = "${required}"\n}\n` : ''}resource "random_pet" "name" {}\n`,
    ...(pin ? {'.terraform-version': pin} : {}),
  })
  const version = async (required: string, pin: string): Promise<string | undefined> =>
    (await analyze({files: withModule(required, pin)})).providers.stack?.behaviour_version
  assert.is(await version('', '1.14.2\n'), '1.14.2')
  assert.is(await version('>= 1.10', 'v1.15.0'), '1.15.0')
  assert.is(await version('~> 1.13.0', '1.15.0'), '1.13.5')
  assert.is(await version('', 'latest'), '1.17.0-alpha')
  // a pinned 1.14: not main, so a stale lock version is no error there
  const r = await analyze({files: withModule('', '1.14.2')})
  assert.equal(
    r.diagnostics.map((d) => d.summary),
    [],
  )
})

test('item 9: .terraform-version in an ordinary root decides where required_version does not (fixtures/providers/terraform-version-pin)', async () => {
  // an import block in a child module: an error up to 1.15, allowed from 1.16 (the newest, followed without a pin)
  const pinned = await analyzeProviders(path.join(fixturesDir, 'providers/terraform-version-pin'))
  assert.equal(
    pinned.diagnostics.map((d) => d.summary),
    ['Invalid import configuration'],
  )
  const unpinned = await analyzeProviders(path.join(fixturesDir, 'providers/import-in-child-1-16'))
  assert.equal(
    unpinned.diagnostics.map((d) => d.summary),
    [],
  )
  // a required_version that rules the newest release out decides over the pin
  const files = {
    'main.tf': 'terraform {\n  required_version = ">= 1.5, < 1.16"\n}\nmodule "child" {\n  source = "./child"\n}\n',
    'child/main.tf': 'resource "terraform_data" "b" {}\nimport {\n  to = terraform_data.b\n  id = "b"\n}\n',
    '.terraform-version': '1.16.0\n',
  }
  assert.equal(
    (await analyze({files})).diagnostics.map((d) => d.summary),
    ['Invalid import configuration'],
  )
})

test('item 9: what .terraform-version pins', () => {
  const pin = (text: string): string | undefined => pinnedRelease(new MemorySource('/r', {'.terraform-version': text}), '/r')
  assert.is(pin('1.13.0\n'), '1.13.0')
  assert.is(pin('v1.13.5'), '1.13.5')
  assert.is(pin('# pinned\n\n1.13\n'), '1.13.0')
  assert.is(pin('1.17.0-alpha20260801'), '1.17.0-alpha20260801')
  assert.is(pin('latest'), undefined)
  assert.is(pin('latest:^1.13'), undefined)
  assert.is(pin('min-required'), undefined)
  assert.is(pinnedRelease(new MemorySource('/r', {'main.tf': ''}), '/r'), undefined)
})

test.run()
