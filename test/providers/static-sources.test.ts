// Module `source`/`version` evaluated statically (#27): `path.*` values, and what Terraform (1.15+, while
// installing modules) and OpenTofu (while loading the configuration) report for what they cannot evaluate
// there. Each fixture's README names the source lines followed (the recorded Terraform, 1.11, rejects
// references in module sources and the `const` argument altogether).
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyzeProviders, formatRange, type Diagnostic} from '../helpers/internal.js'
import {fixturesDir} from '../helpers/paths.js'

const base = path.join(fixturesDir, 'providers')

const line = (d: Diagnostic): string => `${d.code} ${d.range ? formatRange(d.range) : '-'} ${d.summary}: ${d.detail}`

async function analysis(name: string) {
  return analyzeProviders(path.join(base, name), {env: {}})
}

function bindings(a: Awaited<ReturnType<typeof analysis>>): Record<string, string | null> {
  return Object.fromEntries(a.resolution.resources.map((r) => [r.address.key, r.providerConfig?.key ?? null]))
}

for (const [name, registry] of [
  ['source-path', 'registry.terraform.io'],
  ['tofu-source-path', 'registry.opentofu.org'],
] as const) {
  test(`${name}: path.module and path.root in sources load the modules, and their resources are bound`, async () => {
    const a = await analysis(name)
    const nul = `provider["${registry}/hashicorp/null"]`
    assert.equal(bindings(a), {
      'module.direct.null_resource.a': nul,
      'module.direct.module.inner.null_resource.inner': nul,
      'module.via_local.null_resource.b': nul,
      'module.via_root.null_resource.b': nul,
    })
    const byAddress = new Map(a.tree.nodes.map((n) => [n.addr.key, n]))
    assert.is(byAddress.get('module.direct')?.sourceText, './mods/a')
    assert.is(byAddress.get('module.via_local')?.displayDir, 'mods/b')
    // path.root is "." in a child too: "./inner" beside the child
    assert.is(byAddress.get('module.direct.module.inner')?.displayDir, 'mods/a/inner')
    // path.module of the child is "mods/a": not a local path
    assert.is(byAddress.get('module.direct.module.registry_shaped')?.sourceText, 'mods/a/x')
    assert.is(byAddress.get('module.direct.module.registry_shaped')?.source?.kind, 'registry')
    const product = name.startsWith('tofu-') ? 'OpenTofu' : 'Terraform'
    assert.equal(a.diagnostics.filter((d) => d.severity === 'error').map(line), [
      `module.invalid-source mods/a/main.tf:16,12-32 Invalid module source address: ${product} failed to determine your intended installation method for remote module package "mods/a/x/y".\n\nIf you intended this as a path relative to the current module, use "./mods/a/x/y" instead. The "./" prefix indicates that the address is a relative filesystem path.`,
    ])
    assert.not.ok(a.diagnostics.some((d) => /not static/.test(d.summary)))
  })
}

test('source-errors (Terraform): null, a null template part, provider functions, sensitive values', async () => {
  const a = await analysis('source-errors')
  const unknown = 'Only literal values and const variables can be evaluated during init.'
  const derived = 'The module source cannot be derived from a sensitive or ephemeral value.'
  const unsuitable = 'Unsuitable value: null value is not allowed.'
  assert.equal(a.diagnostics.map(line), [
    `module.source-null main.tf:14,12-16 Unsuitable module source: ${unsuitable}`,
    `module.source-null main.tf:18,12-25 Unsuitable module source: ${unsuitable}`,
    `module.source-null main.tf:22,12-23 Unsuitable module source: ${unsuitable}`,
    'module.template-null main.tf:27,17-30 Invalid template interpolation value: The expression result is null. Cannot include a null value in a string template.',
    `module.source-unknown main.tf:32,12-28 Unknown module source: ${unknown}`,
    `module.source-unknown main.tf:36,12-31 Unknown module source: ${unknown}`,
    `module.source-sensitive main.tf:41,12-33 Unknown module source: ${derived}`,
    'module.version-sensitive main.tf:46,13-31 Unknown module version: The module version cannot be derived from a sensitive or ephemeral value.',
  ])
  assert.equal(bindings(a), {'module.ok.null_resource.a': 'provider["registry.terraform.io/hashicorp/null"]'})
  // the version failed: Terraform installs nothing, so no "not installed" either
  assert.is(a.tree.nodes.find((n) => n.addr.key === 'module.sensitive_version')?.resolved, false)
})

test('const-sensitive (Terraform): a const variable is neither sensitive nor ephemeral; its value is marked all the same', async () => {
  const a = await analysis('const-sensitive')
  const derived = 'The module source cannot be derived from a sensitive or ephemeral value.'
  const conflict = (arg: string) => `A variable that is marked as "const" cannot also be marked as "${arg}".`
  assert.equal(a.diagnostics.map(line).sort(), [
    `module.source-sensitive main.tf:35,12-22 Unknown module source: ${derived}`,
    `module.source-sensitive main.tf:39,12-32 Unknown module source: ${derived}`,
    `module.source-sensitive main.tf:43,12-21 Unknown module source: ${derived}`,
    `variable.const-ephemeral main.tf:15,1-16 Const variable cannot be ephemeral: ${conflict('ephemeral')}`,
    `variable.const-ephemeral main.tf:9,1-23 Const variable cannot be ephemeral: ${conflict('ephemeral')}`,
    `variable.const-sensitive main.tf:15,1-16 Const variable cannot be sensitive: ${conflict('sensitive')}`,
    `variable.const-sensitive main.tf:3,1-18 Const variable cannot be sensitive: ${conflict('sensitive')}`,
    // the override block has both; "overridden" gets sensitive only from its override: no error
    `variable.const-sensitive override.tf:5,1-17 Const variable cannot be sensitive: ${conflict('sensitive')}`,
  ])
})

test('const-sensitive as OpenTofu: no such check, but a sensitive value is no module source', async () => {
  const a = await analyzeProviders(path.join(base, 'const-sensitive'), {env: {}, engine: 'opentofu'})
  assert.not.ok(a.diagnostics.some((d) => d.code === 'variable.const-sensitive' || d.code === 'variable.const-ephemeral'))
  assert.equal(
    a.diagnostics.map((d) => `${d.summary} ${d.range ? formatRange(d.range) : '-'}`),
    [
      'Sensitive value not allowed main.tf:35,12-22',
      'Ephemeral value not allowed main.tf:39,12-32',
      'Sensitive value not allowed main.tf:43,12-21',
    ],
  )
})

test('tofu-source-errors (OpenTofu): static-context errors, at the reference, with the value that needed it', async () => {
  const a = await analysis('tofu-source-errors')
  const notConst =
    'Unable to use variable in static context: The variable "not_const" cannot be used in a static context, because it is declared as "const = false".'
  const unsuitable = 'Unsuitable value type: Unsuitable value: null value is not allowed'
  assert.equal(a.diagnostics.map(line), [
    // the failures in local values, once however many expressions read them
    `config.static-non-const-variable main.tofu:24,19-32 ${notConst}`,
    'config.static-provider-function main.tofu:25,22-36 Provider function in static context: Unable to use provider::x::f in static context, which is required by local.from_function',
    'config.static-dynamic-value main.tofu:27,19-39 Dynamic value in static context: Unable to use data.aws_regions.all in static context, which is required by local.regions',
    'module.source-sensitive main.tofu:31,12-22 Sensitive value not allowed: Sensitive values, or values derived from sensitive values, cannot be used as module.sensitive.source.',
    'module.source-sensitive main.tofu:35,12-33 Sensitive value not allowed: Sensitive values, or values derived from sensitive values, cannot be used as module.sensitive_function.source.',
    'module.source-sensitive main.tofu:39,12-32 Ephemeral value not allowed: Ephemeral values, or values derived from ephemeral values, cannot be used as module.ephemeral.source.',
    `config.static-non-const-variable main.tofu:43,12-25 ${notConst}`,
    'config.static-value-unavailable main.tofu:47,12-27 Unable to compute static value: module.not_const_local.source depends on local.not_const which is not available',
    'config.static-provider-function main.tofu:51,12-26 Provider function in static context: Unable to use provider::x::f in static context, which is required by module.provider_function.source',
    'config.static-value-unavailable main.tofu:55,12-31 Unable to compute static value: module.provider_function_local.source depends on local.from_function which is not available',
    `module.source-null main.tofu:59,12-16 ${unsuitable}`,
    `module.source-null main.tofu:63,12-25 ${unsuitable}`,
    'module.template-null main.tofu:67,17-30 Invalid template interpolation value: The expression result is null. Cannot include a null value in a string template.',
    'module.version-sensitive main.tofu:72,13-31 Invalid version constraint: Sensitive values, or values derived from sensitive values, cannot be used as version arguments.',
    'config.static-dynamic-value main.tofu:83,14-34 Dynamic value in static context: Unable to use data.aws_regions.all in static context, which is required by provider.aws.by_region.for_each',
    'config.static-value-unavailable main.tofu:89,14-27 Unable to compute static value: provider.aws.by_local.for_each depends on local.regions which is not available',
    `config.static-non-const-variable main.tofu:95,21-34 ${notConst}`,
  ])
  assert.equal(bindings(a), {
    'data.aws_regions.all': 'provider["registry.opentofu.org/hashicorp/aws"]',
    'module.ok.null_resource.a': 'provider["registry.opentofu.org/hashicorp/null"]',
  })
})

test('OpenTofu in a child module: what it evaluates is named with the module address', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-static-'))
  try {
    const files: Record<string, string> = {
      'main.tofu': 'module "c" {\n  source = "./c"\n}\n',
      'c/main.tf': [
        'variable "secret" {\n  default   = "./d"\n  sensitive = true\n}',
        'locals {\n  regions = data.aws_regions.all.names\n}',
        'module "x" {\n  source = var.secret\n}',
        'data "aws_regions" "all" {}',
        'provider "aws" {\n  alias    = "each"\n  for_each = local.regions\n}',
        '',
      ].join('\n'),
    }
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, rel)), {recursive: true})
      writeFileSync(path.join(dir, rel), text)
    }
    const a = await analyzeProviders(dir, {env: {}})
    assert.equal(a.diagnostics.map(line), [
      'config.static-dynamic-value c/main.tf:6,13-33 Dynamic value in static context: Unable to use data.aws_regions.all in static context, which is required by module.c:local.regions',
      'module.source-sensitive c/main.tf:9,12-22 Sensitive value not allowed: Sensitive values, or values derived from sensitive values, cannot be used as module.c:module.x.source.',
      'config.static-value-unavailable c/main.tf:14,14-27 Unable to compute static value: module.c:provider.aws.each.for_each depends on module.c:local.regions which is not available',
    ])
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test.run()
