import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {diagnosticString, type Diagnostic} from '../../src/diag/diagnostic.js'
import {parseLockFile, type LockEngine} from '../../src/lock/lockfile.js'
import {expectedMarkers} from '../helpers/markers.js'
import {hasShared, sharedDir} from '../helpers/paths.js'

const dir = path.join(sharedDir, 'conformance', 'opentofu', 'internal', 'depsfile', 'testdata', 'locks-files')
/** The upstream lock-file fixtures live under ../shared. */
const upstream = hasShared('lock/lockfile: upstream locks-files fixtures', 'conformance/opentofu') ? test : test.skip
const cases = ['empty.hcl', 'valid-provider-locks.hcl', 'invalid-provider-addrs.hcl', 'invalid-versions.hcl', 'unsupported-block.hcl']

// Upstream (depsfile TestLoadLocksFromFile) builds a map line → summary from the diagnostics in emission order,
// so the last diagnostic starting on a line wins (line 33 of invalid-provider-addrs.hcl also lacks a version).
function lineMap(diags: readonly Diagnostic[]): string[] {
  const m = new Map<number, string>()
  for (const d of diags) m.set(d.range?.start.line ?? 0, `${d.severity} ${d.summary}`)
  return [...m].map(([line, s]) => `${line} ${s}`).sort()
}

for (const engine of ['opentofu', 'terraform'] as const) {
  for (const name of cases) {
    upstream(`locks-files/${name} (${engine}): line → summary markers`, async () => {
      const file = path.join(dir, name)
      const {diagnostics} = await parseLockFile(readFileSync(file, 'utf8'), name, engine)
      assert.equal(lineMap(diagnostics), expectedMarkers(file))
    })
  }
}

async function parse(text: string, engine: LockEngine = 'terraform') {
  return parseLockFile(text, '.terraform.lock.hcl', engine)
}

async function diagStrings(text: string, engine: LockEngine = 'terraform'): Promise<string[]> {
  return (await parse(text, engine)).diagnostics.map(diagnosticString)
}

upstream('valid-provider-locks.hcl values', async () => {
  const {locks, diagnostics} = await parseLockFile(
    readFileSync(path.join(dir, 'valid-provider-locks.hcl'), 'utf8'),
    'valid-provider-locks.hcl',
    'opentofu',
  )
  assert.equal(diagnostics, [])
  assert.equal(
    locks.map((l) => ({provider: l.provider, version: l.version, constraints: l.constraints, hashes: l.hashes, line: l.range.start.line})),
    [
      {provider: 'terraform.io/test/version-only', version: '1.0.0', constraints: undefined, hashes: [], line: 2},
      {provider: 'terraform.io/test/version-and-constraints', version: '1.2.0', constraints: '~> 1.2', hashes: [], line: 6},
      {
        provider: 'terraform.io/test/all-the-things',
        version: '3.0.10',
        constraints: '>= 3.0.2',
        hashes: ['test:placeholder-hash-1', 'test:placeholder-hash-2', 'test:placeholder-hash-3'],
        line: 11,
      },
    ],
  )
})

test('typical terraform lock file', async () => {
  const text = `# This file is maintained automatically by "terraform init".
# Manual edits may be lost in future updates.

provider "registry.terraform.io/hashicorp/aws" {
  version     = "5.31.0"
  constraints = "~> 5.0"
  hashes = [
    "h1:abc=",
    "zh:0123",
  ]
}
`
  const {locks, diagnostics} = await parse(text)
  assert.equal(diagnostics, [])
  assert.equal(locks, [
    {
      provider: 'registry.terraform.io/hashicorp/aws',
      version: '5.31.0',
      constraints: '~> 5.0',
      hashes: ['h1:abc=', 'zh:0123'],
      range: locks[0]!.range,
      errors: 0,
    },
  ])
  assert.is(locks[0]!.range.start.line, 4)
})

test('address diagnostics: details', async () => {
  assert.equal(await diagStrings('provider "terraform.io/builtin/terraform" {}\n'), [
    `.terraform.lock.hcl:1,10-42: Invalid provider source address; Cannot lock a version for built-in provider terraform.io/builtin/terraform. Built-in providers are bundled inside Terraform itself, so you can't select a version for them independently of the Terraform release you are currently running.`,
  ])
  assert.equal(await diagStrings('provider "terraform.io/builtin/terraform" {}\n', 'opentofu'), [
    `.terraform.lock.hcl:1,10-42: Invalid provider source address; Cannot lock a version for built-in provider terraform.io/builtin/terraform. Built-in providers are bundled inside OpenTofu itself, so you can't select a version for them independently of the OpenTofu release you are currently running.`,
  ])
  assert.equal(await diagStrings('provider "registry.terraform.io/-/null" {}\n'), [
    `.terraform.lock.hcl:1,10-40: Invalid provider source address; Provider source address registry.terraform.io/-/null is a special provider that is not eligible for dependency locking.`,
  ])
  assert.equal(await diagStrings('provider "hashicorp/aws" {}\n', 'opentofu'), [
    `.terraform.lock.hcl:1,10-25: Non-normalized provider source address; The provider source address for this provider lock must be written as "registry.opentofu.org/hashicorp/aws", the fully-qualified and normalized form.`,
  ])
  assert.equal(await diagStrings('provider "a/b/c/d" {}\n'), [
    `.terraform.lock.hcl:1,10-19: Invalid provider source address; The provider source address for a provider lock must be a valid, fully-qualified address of the form "hostname/namespace/type".`,
  ])
})

upstream('invalid-provider-addrs.hcl line 33: missing version, then the duplicate (emission order)', async () => {
  const {diagnostics} = await parseLockFile(readFileSync(path.join(dir, 'invalid-provider-addrs.hcl'), 'utf8'), 'x.hcl', 'opentofu')
  assert.equal(
    diagnostics.filter((d) => d.range?.start.line === 33).map((d) => d.summary),
    ['Missing required argument', 'Duplicate provider lock'],
  )
})

test('duplicate provider lock names the first DefRange; subject is the type keyword', async () => {
  const text = 'provider "example.com/a/b" {\n  version = "1.0.0"\n}\n\nprovider "example.com/a/b" {\n  version = "1.0.0"\n}\n'
  assert.equal(await diagStrings(text), [
    '.terraform.lock.hcl:5,1-9: Duplicate provider lock; This lockfile already declared a lock for provider example.com/a/b at .terraform.lock.hcl:1,1-27.',
  ])
})

test('version diagnostics: details and subjects', async () => {
  const block = (body: string) => `provider "example.com/a/b" {\n${body}\n}\n`
  assert.equal(await diagStrings(block('  version = "1.0"')), [
    '.terraform.lock.hcl:2,13-18: Invalid provider version number; The selected version number for provider example.com/a/b must be written in normalized form: "1.0.0".',
  ])
  assert.equal(await diagStrings(block('  version = ""')), [
    '.terraform.lock.hcl:2,13-15: Invalid provider version number; The selected version number for provider example.com/a/b is invalid: empty specification.',
    '.terraform.lock.hcl:2,13-15: Invalid provider version number; The selected version number for provider example.com/a/b must be written in normalized form: "0.0.0".',
  ])
  assert.equal(await diagStrings(block('  version = null')), [
    '.terraform.lock.hcl:2,13-17: Missing required argument; A provider lock block must contain a "version" argument.',
  ])
  assert.equal(await diagStrings(block('')), [
    '.terraform.lock.hcl:1,28-28: Missing required argument; The argument "version" is required, but no definition was found.',
  ])
  const {locks} = await parse(block('  version = "1.2.3-beta.1+abc"'))
  assert.is(locks[0]!.version, '1.2.3-beta.1+abc')
})

test('constraints diagnostics', async () => {
  const block = (c: string) => `provider "example.com/a/b" {\n  version = "1.0.0"\n  constraints = ${c}\n}\n`
  assert.equal(await diagStrings(block('">= 1.0"')), [
    '.terraform.lock.hcl:3,17-25: Invalid provider version constraints; The recorded version constraints for provider example.com/a/b must be written in normalized form: ">= 1.0.0".',
  ])
  assert.equal(await diagStrings(block('"=> 1.0.0"')), [
    '.terraform.lock.hcl:3,17-27: Invalid provider version constraints; The recorded version constraints for provider example.com/a/b are invalid: invalid specification "=> 1.0.0": invalid constraint operator "=>"; did you mean ">="?.',
    '.terraform.lock.hcl:3,17-27: Invalid provider version constraints; The recorded version constraints for provider example.com/a/b must be written in normalized form: "".',
  ])
  assert.equal(await diagStrings(block('">= 1.0.0, < 2.0.0"')), [])
})

test('hashes diagnostics', async () => {
  const block = (h: string) => `provider "example.com/a/b" {\n  version = "1.0.0"\n  hashes = ${h}\n}\n`
  assert.equal(await diagStrings(block('[]')), [
    '.terraform.lock.hcl:3,12-14: Invalid provider hash set; The "hashes" argument must either be omitted or contain at least one hash value.',
  ])
  assert.equal(await diagStrings(block('[\n    "nocolon",\n    ":x",\n    "h0:ok",\n  ]')), [
    '.terraform.lock.hcl:3,12-7,4: Invalid provider hash string; Cannot interpret "nocolon" as a provider hash: hash string must start with a scheme keyword followed by a colon.',
    '.terraform.lock.hcl:3,12-7,4: Invalid provider hash string; Cannot interpret ":x" as a provider hash: hash string must start with a scheme keyword followed by a colon.',
  ])
  assert.equal((await parse(block('["h0:ok", "zh:1"]'))).locks[0]!.hashes, ['h0:ok', 'zh:1'])
})

test('unsupported arguments and blocks; module warning once', async () => {
  const text = `foo = 1
module "x" {}
module "y" {}
provider "example.com/a/b" {
  version = "1.0.0"
  versions = "1"
  hashes "x" {}
}
`
  assert.equal(await diagStrings(text, 'opentofu'), [
    '.terraform.lock.hcl:1,1-4: Unsupported argument; An argument named "foo" is not expected here.',
    '.terraform.lock.hcl:2,1-7: Dependency locks for modules are not yet supported; OpenTofu v1.12.6 only supports dependency locks for providers, not for modules. This configuration may be intended for a later version of OpenTofu that also supports dependency locks for modules.',
    '.terraform.lock.hcl:6,3-11: Unsupported argument; An argument named "versions" is not expected here. Did you mean "version"?',
    '.terraform.lock.hcl:7,3-9: Unsupported block type; Blocks of type "hashes" are not expected here. Did you mean to define argument "hashes"? If so, use the equals sign to assign it a value.',
  ])
  const tf = await parseLockFile('module "x" {}\n', 'l.hcl', 'terraform', {productVersion: '1.9.0'})
  assert.equal(tf.diagnostics.map(diagnosticString), [
    'l.hcl:1,1-7: Dependency locks for modules are not yet supported; Terraform v1.9.0 only supports dependency locks for providers, not for modules. This configuration may be intended for a later version of Terraform that also supports dependency locks for modules.',
  ])
})

test('label count errors', async () => {
  assert.equal(await diagStrings('provider {\n}\n'), [
    '.terraform.lock.hcl:1,10-11: Missing source_addr for provider; All provider blocks must have 1 labels (source_addr).',
  ])
  assert.equal(await diagStrings('\nprovider "a" "b" {}\n'), [
    '.terraform.lock.hcl:2,14-17: Extraneous label for provider; Only 1 labels (source_addr) are expected for provider blocks.',
  ])
})

test('syntax errors are reported and yield no locks', async () => {
  const r = await parse('provider "example.com/a/b" {\n  version = \n}\n')
  assert.is(r.locks.length, 0)
  assert.ok(r.diagnostics.length > 0)
})

test('syntax errors: one diagnostic each (the parser glues them into one message), repeats beyond three counted', async () => {
  const r = await parse('a = 1\nb = \u0001\u0002 x\n')
  assert.is(r.syntaxValid, false)
  assert.equal(r.locks, [])
  assert.equal(r.diagnostics.map(diagnosticString), [
    '.terraform.lock.hcl:2,5-6: Invalid character; This character is not used within the language.',
    '.terraform.lock.hcl:2,6-7: Invalid character; This character is not used within the language.',
    '.terraform.lock.hcl:2,5-6: Invalid expression; Expected the start of an expression, but found an invalid expression token.',
  ])
  const many = await parse(`a = ${'\u0001'.repeat(50)}\n`)
  const invalid = many.diagnostics.filter((d) => d.summary === 'Invalid character')
  assert.is(invalid.length, 3)
  assert.equal(
    invalid.map((d) => d.range?.start.column),
    [5, 6, 7],
  )
  assert.is(invalid[0]?.extra?.explanation, '47 more errors like this one in .terraform.lock.hcl, not listed.')
  assert.is((await parse('provider "registry.terraform.io/hashicorp/aws" {\n  version = "1.0.0"\n}\n')).syntaxValid, true)
})

test.run()
