// The language since Terraform 1.5 (issue 27): data sources scoped in check blocks and import blocks that
// generate configuration are bound, required and locked like any resource, every rule counts them as uses,
// and the checks that depend on the Terraform version follow the root's required_version. The bindings and
// errors of the fixtures are compared with recorded Terraform answers in fixtures.test.ts.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyze, checkLock, lint, loadConfig} from '../../src/api.js'
import {atLeast, behaviourVersion, KNOWN_RELEASES} from '../../src/providers/releases/engine-version.js'
import {fixturesDir} from '../helpers/paths.js'

const fixture = (name: string): string => path.join(fixturesDir, 'providers', name)

test('check-scoped data: bound through the providers map, in both engines, with the check named', async () => {
  for (const engine of ['terraform', 'opentofu'] as const) {
    const host = engine === 'terraform' ? 'registry.terraform.io' : 'registry.opentofu.org'
    const a = await analyze(fixture('check-scoped-data'), {engine, env: {}})
    const home = a.providers.resources.find((r) => r.address === 'module.health.data.http.home')
    assert.is(home?.provider_config, `provider["${host}/hashicorp/http"].probe`, engine)
    assert.equal(home?.declared_by?.kind === 'check' ? home.declared_by.check : undefined, 'site')
    assert.equal(
      a.providers.requirements.map((r) => `${r.module || '.'} ${r.provider}`),
      [`. ${host}/hashicorp/http`, `module.health ${host}/hashicorp/http`],
    )
  }
})

test('check-scoped data: no "Unused provider configuration" for the alias only a check uses', async () => {
  const r = await lint(fixture('check-scoped-data'), {env: {}})
  assert.equal(
    r.diagnostics.filter((d) => d.rule === 'unused-provider-alias' || d.rule === 'unused-configuration-alias'),
    [],
  )
})

test('check-scoped data: the lock check requires its provider', async () => {
  const files = {
    'main.tf':
      'check "site" {\n  data "http" "home" {\n    url = "https://example.com"\n  }\n  assert {\n    condition     = data.http.home.status_code == 200\n    error_message = "down"\n  }\n}\n',
    '.terraform.lock.hcl': '',
  }
  const lock = await checkLock({files}, {env: {}})
  assert.equal(
    lock.providers.map((p) => `${p.status} ${p.provider}`),
    ['missing registry.terraform.io/hashicorp/http'],
  )
})

test('check-scoped data: an undeclared provider rule and an unused required_providers entry see it', async () => {
  const check = (provider: string): string =>
    `check "site" {\n  data "http" "home" {\n${provider}    url = "https://example.com"\n  }\n  assert {\n    condition     = data.http.home.status_code == 200\n    error_message = "down"\n  }\n}\n`
  const missing = await lint({files: {'main.tf': check('')}}, {env: {}})
  const m = missing.diagnostics.filter((d) => d.rule === 'missing-required-provider')
  assert.is(m.length, 1)
  assert.match(m[0]!.detail, /data source \(in a check block\) http\.home|the data source \(in a check block\) type http/)
  const declared = await lint(
    {
      files: {
        'main.tf': check(''),
        'versions.tf': 'terraform {\n  required_providers {\n    http = { source = "hashicorp/http", version = ">= 3.0" }\n  }\n}\n',
      },
    },
    {env: {}},
  )
  assert.equal(
    declared.diagnostics.filter((d) => d.rule === 'unused-required-provider' || d.rule === 'missing-required-provider'),
    [],
  )
})

test('config-generating import: bound through its provider argument or the implied provider, and counted as a use', async () => {
  const a = await analyze(fixture('import-generates-config'), {env: {}})
  const by = new Map(a.providers.resources.map((r) => [r.address, r]))
  assert.is(by.get('aws_s3_bucket.legacy')?.provider_config, 'provider["registry.terraform.io/hashicorp/aws"].west')
  assert.is(by.get('aws_s3_bucket.legacy')?.declared_by?.kind, 'import')
  assert.is(by.get('aws_s3_bucket.legacy')?.resolution[0]?.kind, 'reference')
  assert.is(by.get('random_id.suffix')?.provider_config, 'provider["registry.terraform.io/hashicorp/random"]')
  assert.is(by.get('aws_s3_bucket.logs')?.declared_by, undefined, 'a declared target is bound by its resource block')
  const r = await lint(fixture('import-generates-config'), {env: {}})
  assert.equal(
    r.diagnostics.filter((d) => d.rule === 'unused-provider-alias').map((d) => d.range?.start.line),
    [],
    'aws.west is used by the import',
  )
  const missing = r.diagnostics.filter((d) => d.rule === 'missing-required-provider')
  assert.is(missing.length, 1)
  assert.match(missing[0]!.detail, /random_id of the import block for random_id\.suffix/)
})

test('import blocks in child modules: an error before Terraform 1.16 and always in OpenTofu', async () => {
  const errs = async (name: string, engine: 'terraform' | 'opentofu'): Promise<string[]> =>
    (await analyze(fixture(name), {engine, env: {}})).diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => `${d.summary} ${d.range?.filename}:${d.range?.start.line}`)
  assert.equal(await errs('import-in-child', 'terraform'), ['Invalid import configuration child/main.tf:5'])
  assert.equal(await errs('import-in-child-1-16', 'terraform'), [])
  assert.equal(await errs('import-in-child-1-16', 'opentofu'), ['Invalid import configuration child/main.tf:5'])
})

test('Invalid import provider argument: OpenTofu words it its own way; a provider on an import into a module', async () => {
  const tofu = await analyze(fixture('import-provider-argument'), {engine: 'opentofu', env: {}})
  assert.equal(
    tofu.diagnostics.filter((d) => d.summary === 'Invalid import provider argument').map((d) => `${d.range?.start.line} ${d.detail}`),
    [
      '18 The provider argument in the target resource block must be specified and match the import block.',
      '29 The provider argument in the target resource block must match the import block.',
    ],
  )
  const files = {
    'main.tf':
      'module "m" {\n  source = "./m"\n}\nimport {\n  to       = module.m.aws_s3_bucket.b\n  id       = "b"\n  provider = aws\n}\n',
    'm/main.tf': 'resource "aws_s3_bucket" "b" {}\n',
  }
  const a = await analyze({files}, {env: {}})
  const d = a.diagnostics.filter((x) => x.summary === 'Invalid import provider argument')
  assert.equal(
    d.map((x) => `${x.range?.start.line},${x.range?.start.column}-${x.range?.end.column}`),
    ['7,3-17'],
  )
  assert.match(d[0]!.detail, /Use the providers argument within the module block/)
})

test('behaviour version: the newest release the root allows, else the newest release', async () => {
  const newest = KNOWN_RELEASES.terraform[KNOWN_RELEASES.terraform.length - 1]!
  const version = async (constraint: string | undefined): Promise<string> => {
    const files = {'main.tf': constraint === undefined ? '' : `terraform {\n  required_version = "${constraint}"\n}\n`}
    return behaviourVersion((await loadConfig({files})).module, 'terraform').version
  }
  assert.is(await version(undefined), newest)
  assert.is(await version('>= 1.5'), newest)
  assert.is(await version('< 1.16'), '1.15.9')
  assert.is(await version('~> 1.11.0'), '1.11.4')
  assert.is(await version('>= 99'), newest, 'no known release: the newest')
  assert.ok(atLeast('1.16.0', '1.16.0') && !atLeast('1.15.9', '1.16.0'))
})

test.run()
