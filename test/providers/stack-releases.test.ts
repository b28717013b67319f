// Which Terraform release's rules a stack is checked with (issue 52, items 8 and 9). Terraform 1.11.4 has
// no stacks runtime; the expectations follow hashicorp/terraform's sources, named in each fixture's README.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyze} from '../../src/api.js'
import {analyzeProviders} from '../helpers/internal.js'
import {fixturesDir} from '../helpers/paths.js'

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

test.run()
