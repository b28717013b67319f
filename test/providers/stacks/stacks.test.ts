// Terraform Stacks (issue 40): the stack decoder's diagnostics with Terraform's texts and ranges
// (internal/stacks/stackconfig), Stacks' provider validation (stackeval), the bindings of each component's
// module tree through its providers map, and which files are read (.tfstack.* by Terraform 1.13 only).
// Tables of in-memory stacks, as the rule tests: {files, expected: [code, summary, detail part, range]}.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyze} from '../../../src/api.js'
import {formatRange, type Diagnostic} from '../../../src/diag/diagnostic.js'
import {analyzeProviders} from '../../helpers/internal.js'
import {fixturesDir} from '../../helpers/paths.js'

const LOCK = `provider "registry.terraform.io/hashicorp/aws" {
  version = "5.80.0"
}
`
const REQ = `required_providers {
  aws = {
    source  = "hashicorp/aws"
    version = "~> 5.0"
  }
}
`
const MODULE = 'resource "aws_s3_bucket" "b" {}\n'

interface Want {
  readonly code: string
  readonly summary: string
  /** A part of the detail. */
  readonly detail?: string
  /** `file:line,col-col` (Terraform's range), or `extra file:…` (tfgraph's, where Terraform gives none). */
  readonly at?: string
}

function where(d: Diagnostic): string {
  return d.range ? formatRange(d.range) : d.extra?.range ? `extra ${formatRange(d.extra.range)}` : '-'
}

async function check(name: string, files: Record<string, string>, want: readonly Want[]): Promise<void> {
  const {diagnostics} = await analyze({files: {'.terraform.lock.hcl': LOCK, ...files}})
  const got = diagnostics.filter((d) => d.code.startsWith('stack.') || d.code.startsWith('provider.'))
  for (const w of want) {
    const d = got.find((x) => x.code === w.code && x.summary === w.summary && (w.at === undefined || where(x) === w.at))
    assert.ok(
      d,
      `${name}: ${w.code} "${w.summary}" at ${w.at ?? 'any'} in:\n${got.map((x) => `${x.code} ${x.summary} ${where(x)}`).join('\n')}`,
    )
    if (w.detail !== undefined) assert.ok(d!.detail.includes(w.detail), `${name}: detail of ${w.summary}:\n${d!.detail}`)
  }
  assert.is(got.length, want.length, `${name}: ${got.map((x) => `${x.code} ${x.summary} ${where(x)}`).join('\n')}`)
}

test('decoder: provider blocks (names, duplicates, undeclared local name)', async () => {
  await check('bad local name', {'s.tfcomponent.hcl': REQ + 'provider "a!" "x" {}\n'}, [
    {
      code: 'stack.invalid-name',
      summary: 'Invalid provider local name',
      detail: 'Names must be valid identifiers',
      at: 's.tfcomponent.hcl:7,10-14',
    },
  ])
  // Terraform points at the first label for a bad second one: so does tfgraph, and its explanation says which
  const {diagnostics} = await analyze({files: {'s.tfcomponent.hcl': REQ + 'provider "aws" "1x" {}\n'}})
  const bad = diagnostics.find((d) => d.summary === 'Invalid provider configuration name')!
  assert.is(where(bad), 's.tfcomponent.hcl:7,10-15')
  assert.match(bad.extra!.explanation!, 'the second label, "1x"')
  await check('duplicate', {'s.tfcomponent.hcl': REQ + 'provider "aws" "a" {}\nprovider "aws" "a" {}\n'}, [
    {
      code: 'stack.duplicate-provider-config',
      summary: 'Duplicate provider configuration',
      detail: 'An configuration named "aws" for provider "a" was already declared at s.tfcomponent.hcl:7,1-19.',
      at: 's.tfcomponent.hcl:8,1-19',
    },
  ])
  await check('undeclared', {'s.tfcomponent.hcl': 'provider "aws" "a" {}\n'}, [
    {
      code: 'stack.undeclared-provider',
      summary: 'Undeclared provider local name',
      detail: `required_providers block does not include a definition for the local name "aws".`,
      at: 'extra s.tfcomponent.hcl:1,10-15',
    },
  ])
})

test('decoder: required_providers (source, version, built-in providers, duplicates)', async () => {
  await check('no source', {'s.tfcomponent.hcl': 'required_providers {\n  aws = {\n    version = "~> 5.0"\n  }\n}\n'}, [
    {
      code: 'stack.missing-requirement-attribute',
      summary: 'Missing required attribute',
      detail: 'must include the attribute "source"',
      at: 's.tfcomponent.hcl:2,9-10',
    },
  ])
  await check('no version', {'s.tfcomponent.hcl': 'required_providers {\n  aws = {\n    source = "hashicorp/aws"\n  }\n}\n'}, [
    {
      code: 'stack.missing-requirement-attribute',
      summary: 'Missing required attribute',
      detail: 'for an installable provider must include the attribute "version"',
      at: 's.tfcomponent.hcl:2,9-10',
    },
  ])
  await check(
    'built-in with version',
    {'s.tfcomponent.hcl': 'required_providers {\n  t = {\n    source  = "terraform.io/builtin/terraform"\n    version = "1.0"\n  }\n}\n'},
    [
      {
        code: 'stack.builtin-provider-version',
        summary: 'Unsupported attribute',
        detail: 'is built in to Terraform',
        at: 's.tfcomponent.hcl:2,7-8',
      },
    ],
  )
  // Terraform reports a bad version at the entry's source
  await check(
    'bad version',
    {'s.tfcomponent.hcl': 'required_providers {\n  aws = {\n    source  = "hashicorp/aws"\n    version = "> > 1"\n  }\n}\n'},
    [
      {
        code: 'stack.invalid-version',
        summary: 'Invalid version constraint',
        detail: 'Cannot use "> > 1" as a version constraint',
        at: 's.tfcomponent.hcl:3,15-30',
      },
    ],
  )
  await check('two blocks in a file', {'s.tfcomponent.hcl': REQ + REQ}, [
    {
      code: 'stack.duplicate-required-providers',
      summary: 'Duplicate provider requirements',
      detail: 'already declared at s.tfcomponent.hcl:1,1-19',
      at: 's.tfcomponent.hcl:7,1-19',
    },
  ])
  // across files Terraform drops the second block silently (Declarations.merge)
  await check('two blocks, two files', {'a.tfcomponent.hcl': REQ, 'b.tfcomponent.hcl': REQ}, [])
  // terraform is added when the block does not name it
  await check('built-in added', {'s.tfcomponent.hcl': 'required_providers {}\nprovider "terraform" "x" {}\n'}, [])
})

test('decoder: components (sources, versions, providers maps) and the language edition', async () => {
  await check('registry without version', {'s.tfcomponent.hcl': 'component "a" {\n  source = "app.terraform.io/org/name"\n}\n'}, [
    {code: 'stack.missing-version', summary: 'Missing required version constraints', at: 's.tfcomponent.hcl:2,12-39'},
  ])
  await check('local with version', {'s.tfcomponent.hcl': 'component "a" {\n  source  = "./m"\n  version = "1.0"\n}\n', 'm/main.tf': ''}, [
    {code: 'stack.unsupported-version', summary: 'Unsupported version constraints', at: 's.tfcomponent.hcl:3,3-18'},
  ])
  await check(
    'map keys',
    {
      's.tfcomponent.hcl':
        REQ +
        'provider "aws" "a" {}\ncomponent "c" {\n  source = "./m"\n  providers = {\n    aws.a.b = provider.aws.a\n    aws     = provider.aws.a\n    aws     = provider.aws.a\n  }\n}\n',
      'm/main.tf': MODULE,
    },
    [
      {code: 'stack.invalid-provider-reference', summary: 'Invalid provider configuration reference', at: 's.tfcomponent.hcl:11,5-12'},
      {
        code: 'stack.duplicate-provider-assignment',
        summary: 'Duplicate provider configuration assignment',
        detail: 'A provider configuration for aws was already assigned at s.tfcomponent.hcl:12,15-29.',
        at: 's.tfcomponent.hcl:13,15-29',
      },
    ],
  )
  await check('edition', {'s.tfcomponent.hcl': 'language = TFStack2030\n'}, [
    {
      code: 'stack.invalid-language',
      summary: 'Invalid language edition',
      detail: 'might be intended for a newer version of Terraform',
      at: 'extra s.tfcomponent.hcl:1,12-23',
    },
  ])
})

test('validation: a slot not given, a configuration of another provider, no configuration at all', async () => {
  const module = `terraform {\n  required_providers {\n    aws = {\n      source                = "hashicorp/aws"\n      configuration_aliases = [aws.east]\n    }\n  }\n}\n${MODULE}`
  await check(
    'alias not given',
    {
      's.tfcomponent.hcl':
        REQ + 'provider "aws" "a" {}\ncomponent "c" {\n  source = "./m"\n  providers = {\n    aws = provider.aws.a\n  }\n}\n',
      'm/main.tf': module,
    },
    [
      {
        code: 'stack.missing-provider-config',
        summary: 'Missing required provider configuration',
        detail: 'The root module for component.c requires a provider configuration named "aws.east" for provider "hashicorp/aws"',
        at: 's.tfcomponent.hcl:8,1-14',
      },
    ],
  )
  const two =
    'required_providers {\n  amazon = {\n    source  = "hashicorp/aws"\n    version = "~> 5.0"\n  }\n  gcp = {\n    source  = "hashicorp/google"\n    version = "~> 6.0"\n  }\n}\nprovider "gcp" "g" {}\nprovider "amazon" "a" {}\n'
  const lock2 = LOCK + 'provider "registry.terraform.io/hashicorp/google" {\n  version = "6.0.0"\n}\n'
  await check(
    'another provider, the right one under another name',
    {
      '.terraform.lock.hcl': lock2,
      's.tfcomponent.hcl': two + 'component "c" {\n  source = "./m"\n  providers = {\n    aws = provider.gcp.g\n  }\n}\n',
      'm/main.tf': MODULE,
    },
    [
      {
        code: 'stack.invalid-provider-config',
        summary: 'Invalid provider configuration',
        detail:
          'not for provider "registry.terraform.io/hashicorp/google".\n\nThis stack has a configured provider of the correct type under the name "amazon".',
        at: 's.tfcomponent.hcl:16,11-25',
      },
    ],
  )
  await check(
    'a string',
    {
      's.tfcomponent.hcl':
        REQ + 'provider "aws" "a" {}\ncomponent "c" {\n  source = "./m"\n  providers = {\n    aws = "us-east-1"\n  }\n}\n',
      'm/main.tf': MODULE,
    },
    [
      {
        code: 'stack.invalid-provider-config',
        summary: 'Invalid provider configuration',
        detail: 'The provider configuration slot aws requires a configuration for provider "registry.terraform.io/hashicorp/aws".',
        at: 's.tfcomponent.hcl:11,11-22',
      },
    ],
  )
  // a variable of type providerconfig(aws) is a configuration of aws: valid
  await check(
    'providerconfig variable',
    {
      's.tfcomponent.hcl':
        REQ +
        'variable "p" {\n  type = providerconfig(aws)\n}\ncomponent "c" {\n  source = "./m"\n  providers = {\n    aws = var.p\n  }\n}\n',
      'm/main.tf': MODULE,
    },
    [],
  )
})

test('validation: inline provider blocks (both texts), the lock file (missing, no file)', async () => {
  const files = {
    's.tfcomponent.hcl':
      REQ + 'provider "aws" "a" {}\ncomponent "c" {\n  source = "./m"\n  providers = {\n    aws = provider.aws.a\n  }\n}\n',
    'm/main.tf': 'provider "aws" {\n  region = "x"\n}\nmodule "n" {\n  source = "./n"\n}\n',
    'm/n/main.tf': 'provider "aws" {\n  alias  = "b"\n  region = "x"\n}\n',
  }
  const {diagnostics} = await analyze({files: {'.terraform.lock.hcl': LOCK, ...files}})
  const inline = diagnostics.filter((d) => d.code === 'stack.inline-provider-config')
  assert.equal(
    inline.map((d) => [where(d), d.detail.split('\n')[0]]),
    [
      [
        'm/main.tf:1,1-15',
        'A module used as a stack component must have all of its provider configurations passed from the stack configuration, using the "providers" argument within the component configuration block.',
      ],
      ['m/n/main.tf:1,1-15', 'This module is not compatible with Terraform Stacks, because it declares an inline provider configuration.'],
    ],
  )
  const unlocked = await analyze({files})
  const missing = unlocked.diagnostics.find((d) => d.code === 'stack.provider-not-locked')!
  assert.is(missing.summary, 'Provider missing from lockfile')
  assert.is(where(missing), 's.tfcomponent.hcl:7,1-19')
  assert.match(missing.extra!.explanation!, 'no .terraform.lock.hcl')
})

test('bindings: every resource of a component ends at the stack configuration, with the chain', async () => {
  const a = await analyze(path.join(fixturesDir, 'stacks', 'regional'))
  const s = a.providers.stack!
  const storage = s.components.find((c) => c.address === 'component.storage')!
  assert.is(storage.for_each, 'var.regions')
  const bucket = storage.resources.find((r) => r.address === 'component.storage.aws_s3_bucket.data')!
  assert.is(bucket.provider_config, 'provider["registry.terraform.io/hashicorp/aws"].regional')
  assert.is(bucket.value, 'provider.aws.regional[each.value]')
  assert.equal(
    bucket.chain.map((c) => c.kind),
    ['implied-name', 'source', 'component', 'stack-config'],
  )
  const subnet = s.components
    .find((c) => c.address === 'component.network')!
    .resources.find((r) => r.module_address === 'module.subnets.aws_subnet.a')!
  assert.equal(
    subnet.chain.map((c) => c.text),
    [
      'local name "aws" implied by the resource type aws_subnet',
      'component.network.module.subnets requires aws = hashicorp/aws (modules/network/subnets/main.tf:3,5-8)',
      'component.network.module.subnets receives aws = aws.mirror from component.network',
      'component.network gives aws.mirror = provider.aws.regional["us-west-2"] in its providers map (components.tfcomponent.hcl:20,18-52)',
      'the stack defines provider "aws" "regional" for registry.terraform.io/hashicorp/aws (for_each: one configuration per key) at providers.tfcomponent.hcl:12,1-26',
    ],
  )
  // the module-level arrays are the directory's own: a stack directory is no module
  assert.equal(a.providers.resources, [])
  assert.equal(s.deployments, [{stack: '', name: 'production', inputs: ['regions'], range: s.deployments[0]!.range}])
})

test('bindings: a configuration the map does not give is NOT FOUND (no implied default), and said once', async () => {
  const a = await analyzeProviders('.', {})
  assert.ok(!a.stack, 'the repository itself is no stack')
  const m = await analyze({
    files: {
      '.terraform.lock.hcl': LOCK,
      's.tfcomponent.hcl': REQ + 'component "c" {\n  source = "./m"\n}\n',
      'm/main.tf': MODULE,
    },
  })
  const r = m.providers.stack!.components[0]!.resources[0]!
  assert.is(r.provider_config, null)
  assert.is(
    r.chain[r.chain.length - 1]!.text,
    'no configuration provider["registry.terraform.io/hashicorp/aws"] is given to the component: its providers map has no entry for it',
  )
  assert.equal(
    m.diagnostics.filter((d) => d.severity === 'error').map((d) => d.summary),
    ['Missing required provider configuration'],
  )
})

test('files: .tfstack.hcl read only when a component module requires Terraform 1.13; a stray .tf file and a remote source said', async () => {
  const skipped = await analyzeProviders(path.join(fixturesDir, 'stacks', 'deprecated-files'))
  assert.is(skipped.stack!.behaviourVersion, '1.17.0-alpha')
  assert.equal(skipped.stack!.components, [])
  assert.equal(
    skipped.diagnostics.map((d) => d.summary),
    ['Stack files not read'],
  )
  const read = await analyzeProviders(path.join(fixturesDir, 'stacks', 'deprecated-files-1-13'))
  assert.is(read.stack!.behaviourVersion, '1.13.5')
  assert.equal(
    read.stack!.components.map((c) => c.address.key),
    ['component.pet'],
  )
  assert.equal(
    read.diagnostics.map((d) => d.summary),
    ['Deprecated filename usage'],
  )
  const mixed = await analyze({
    files: {
      'a.tfcomponent.hcl': REQ,
      'b.tfstack.hcl': 'provider "aws" "a" {}\ncomponent "c" {\n  source = "./m"\n  providers = {\n    aws = provider.aws.a\n  }\n}\n',
      'm/main.tf': 'terraform {\n  required_version = "~> 1.13.0"\n}\n' + MODULE,
      '.terraform.lock.hcl': LOCK,
    },
  })
  assert.ok(
    mixed.diagnostics.some(
      (d) => d.summary === 'Invalid stack configuration directory' && d.extra?.explanation === 'b.tfstack.hcl was not read.',
    ),
    mixed.diagnostics.map((d) => d.summary).join(', '),
  )
  const stray = await analyzeProviders(path.join(fixturesDir, 'stacks', 'stray-and-remote'))
  assert.equal(
    stray.diagnostics.map((d) => `${d.severity} ${d.summary}`),
    [
      "error Provider version doesn't match the lockfile",
      'warning Component source not fetched',
      'warning Configuration files outside the stack',
    ],
  )
  assert.is(
    stray.stack!.components.find((c) => c.address.key === 'component.names')?.unresolvedReason,
    'remote source: not fetched (tfgraph reads no network)',
  )
})

test.run()
