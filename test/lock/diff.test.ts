import {readdirSync, readFileSync} from 'node:fs'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {diffLockFiles, lockDiffJson, type LockChange, type LockChangeKind} from '../../src/lock/diff.js'
import {lockDiffSummary, renderLockDiffText} from '../../src/render/lock-diff-text.js'
import {assertGolden} from '../helpers/golden.js'

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/lock/diff')
const cases = readdirSync(fixtures, {withFileTypes: true})
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort()

async function diffCase(name: string) {
  const dir = path.join(fixtures, name)
  const read = (f: string): string => readFileSync(path.join(dir, f), 'utf8')
  return diffLockFiles(read('old.terraform.lock.hcl'), read('new.terraform.lock.hcl'), {
    oldName: 'old.terraform.lock.hcl',
    newName: 'new.terraform.lock.hcl',
    engine: 'terraform',
  })
}

for (const name of cases) {
  test(`golden: ${name}`, async () => {
    const d = await diffCase(name)
    assertGolden(path.join(fixtures, name, 'expected.txt'), renderLockDiffText(d))
    assertGolden(path.join(fixtures, name, 'expected.json'), JSON.stringify(lockDiffJson(d), null, 2) + '\n')
  })
}

function only(changes: readonly LockChange[], provider: string): LockChange {
  const c = changes.find((x) => x.provider === provider)
  if (!c) throw new Error(`no change for ${provider}`)
  return c
}

const AWS = 'registry.terraform.io/hashicorp/aws'

test('every category has a fixture and the fixtures are valid lock files', async () => {
  const seen = new Set<string>()
  for (const name of cases) {
    const d = await diffCase(name)
    if (name !== 'parse-error') assert.equal(d.diagnostics, [], name)
    for (const c of d.changes) for (const k of c.kinds) seen.add(k)
  }
  assert.equal([...seen].sort(), ['added', 'constraints-changed', 'downgraded', 'hashes-added', 'hashes-removed', 'removed', 'upgraded'])
})

test('added / removed', async () => {
  const added = only((await diffCase('added')).changes, 'registry.terraform.io/hashicorp/random')
  assert.equal(added.kinds, ['added'])
  assert.is(added.newVersion, '3.6.0')
  assert.is(added.oldVersion, undefined)
  assert.is(added.addedHashes.length, 7)
  const removed = only((await diffCase('removed')).changes, 'registry.terraform.io/hashicorp/null')
  assert.equal(removed.kinds, ['removed'])
  assert.is(removed.oldVersion, '3.2.2')
  assert.is(removed.removedHashes.length, 7)
})

test('upgrades compare as semver, not as strings', async () => {
  const d = await diffCase('upgraded')
  assert.equal(
    d.changes.map((c) => [c.provider, c.kinds]),
    [
      [AWS, ['upgraded']],
      ['registry.terraform.io/hashicorp/google', ['upgraded']],
    ],
  )
  // Version changes replace hashes wholesale: recorded, but not reported as hash categories.
  assert.ok(only(d.changes, AWS).removedHashes.length > 0)
  assert.match(only(d.changes, 'registry.terraform.io/hashicorp/google').note, /major/)
  const down = await diffLockFiles(
    'provider "registry.terraform.io/hashicorp/aws" {\n  version = "5.10.0"\n}\n',
    'provider "registry.terraform.io/hashicorp/aws" {\n  version = "5.9.0"\n}\n',
    {oldName: 'a.hcl', newName: 'b.hcl', engine: 'opentofu'},
  )
  assert.equal(
    down.changes.map((c) => c.kinds),
    [['downgraded']],
  )
  assert.equal(down.diagnostics, [])
})

test('constraints changed, including added constraints', async () => {
  const d = await diffCase('constraints-changed')
  assert.equal(
    d.changes.map((c) => c.kinds),
    [['constraints-changed'], ['constraints-changed']],
  )
  const random = only(d.changes, 'registry.terraform.io/hashicorp/random')
  assert.is(random.oldConstraints, undefined)
  assert.is(random.newConstraints, '~> 3.5')
})

test('new hashes only: scheme migration vs new platform', async () => {
  const mig = only((await diffCase('hashes-scheme-migration')).changes, AWS)
  assert.equal(mig.kinds, ['hashes-added'])
  assert.ok(mig.addedHashes.every((h) => h.startsWith('zh:')))
  assert.match(mig.note, /h1: → zh:/)
  assert.match(mig.note, /\+6 zh:/)
  const plat = only((await diffCase('hashes-new-platform')).changes, 'registry.terraform.io/cloudflare/cloudflare')
  assert.equal(plat.kinds, ['hashes-added'])
  assert.match(plat.note, /\+2 h1:/)
  assert.match(plat.note, /new platform/)
})

test('hashes removed for the same version is flagged as suspicious', async () => {
  const d = await diffCase('hashes-removed')
  const c = only(d.changes, AWS)
  assert.equal(c.kinds, ['hashes-removed'])
  assert.is(c.removedHashes.length, 2)
  assert.match(c.note, /suspicious/)
  assert.match(renderLockDiffText(d), /SUSPICIOUS/)
})

test('reordered blocks and hashes are no change', async () => {
  const d = await diffCase('unchanged')
  assert.equal(d.changes, [])
  assert.is(renderLockDiffText(d), 'No provider changes in the lock file.\n')
})

test('parse diagnostics of either file are returned, never thrown', async () => {
  const d = await diffCase('parse-error')
  assert.ok(d.diagnostics.length >= 2)
  assert.ok(d.diagnostics.every((x) => x.range?.filename === 'new.terraform.lock.hcl'))
  const broken = await diffLockFiles('provider "registry.terraform.io/hashicorp/aws" {', '', {
    oldName: 'old.hcl',
    newName: 'new.hcl',
    engine: 'terraform',
  })
  assert.ok(broken.diagnostics.some((x) => x.severity === 'error' && x.range?.filename === 'old.hcl'))
  assert.equal(broken.changes, [])
  assert.equal(broken.unparsable, ['old.hcl'])
  assert.match(renderLockDiffText(broken), /^Error: old\.hcl is not valid HCL, so nothing was compared:\n {2}error: old\.hcl:1,/)
})

test('JSON document shape', async () => {
  const j = lockDiffJson(await diffCase('mixed'))
  assert.is(j.format_version, '1')
  assert.equal(
    j.changes.map((c) => c.provider),
    [...j.changes.map((c) => c.provider)].sort(),
  )
  for (const c of j.changes) assert.ok(c.kinds.length > 0 && !c.kinds.includes('unchanged'))
})

test('summary grammar: singular and plural, one category in a sentence, several as a list', () => {
  const change = (provider: string, ...kinds: LockChangeKind[]): LockChange => ({
    provider,
    kinds,
    addedHashes: [],
    removedHashes: [],
    note: '',
  })
  const summary = (...changes: LockChange[]) => lockDiffSummary({changes, diagnostics: [], unparsable: []})
  assert.is(summary(), 'No provider changes in the lock file.')
  assert.is(summary(change('a', 'added')), '1 provider added.')
  assert.is(summary(change('a', 'added'), change('b', 'added')), '2 providers added.')
  assert.is(summary(change('a', 'upgraded')), '1 provider upgraded.')
  assert.is(summary(change('a', 'removed'), change('b', 'removed'), change('c', 'removed')), '3 providers removed.')
  assert.is(summary(change('a', 'constraints-changed')), '1 provider with changed constraints.')
  assert.is(summary(change('a', 'hashes-added'), change('b', 'hashes-added')), '2 providers with new hashes only.')
  assert.is(summary(change('a', 'hashes-removed')), '1 provider with hashes removed.')
  assert.is(summary(change('a', 'upgraded', 'constraints-changed')), '1 provider changed: 1 upgraded, 1 with changed constraints.')
  assert.is(summary(change('a', 'added'), change('b', 'removed')), '2 providers changed: 1 added, 1 removed.')
})

test('summary grammar on every fixture: never "1 providers", no bare count before a plural noun', async () => {
  for (const name of cases) {
    const first =
      renderLockDiffText(await diffCase(name))
        .split('\n')
        .find((l) => /provider/.test(l)) ?? ''
    assert.not.match(first, /\b1 providers\b/, name)
    assert.not.match(first, /\b1 (hashes|constraints)\b/, name)
    assert.not.match(first, /\b([2-9]|\d\d+) provider\b/, name)
  }
})

test('a file with errors: the errors come first, before the changes they may distort', async () => {
  const text = renderLockDiffText(await diffCase('parse-error'))
  assert.match(
    text,
    /^Error: new\.terraform\.lock\.hcl has errors; providers it could not read may appear as added or removed:\n {2}error: /,
  )
  assert.ok(text.indexOf('Invalid provider version number') < text.indexOf('1 provider downgraded.'))
})

test.run()
