import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {hasTofuFiles, isIgnoredName, selectConfigFiles} from '../../src/load/file-set.js'

test('ignored names: dot-files, backups, emacs autosaves', () => {
  assert.ok(isIgnoredName('.hidden.tf'))
  assert.ok(isIgnoredName('main.tf~'))
  assert.ok(isIgnoredName('#main.tf#'))
  assert.not.ok(isIgnoredName('#main.tf'))
  assert.not.ok(isIgnoredName('main.tf'))
})

test('override detection is on the base name', () => {
  const files = selectConfigFiles(
    ['override.tf', 'a_override.tf.json', 'override-x.tf', 'x_override.tofu', 'main.tf', 'notes.txt', '.tf', 'override.tf.json'],
    'terraform',
  )
  assert.equal(
    files.map((f) => `${f.name}:${f.kind}:${f.syntax}`),
    [
      'main.tf:primary:native',
      'override-x.tf:primary:native',
      'a_override.tf.json:override:json',
      'override.tf:override:native',
      'override.tf.json:override:json',
    ],
  )
})

test('byte-wise lexical order (upper case before lower case)', () => {
  assert.equal(
    selectConfigFiles(['b.tf', 'B.tf', 'a.tf', '_.tf'], 'terraform').map((f) => f.name),
    ['B.tf', '_.tf', 'a.tf', 'b.tf'],
  )
})

test('OpenTofu: x.tofu hides x.tf, x.tofu.json hides x.tf.json, never across syntaxes', () => {
  const files = selectConfigFiles(
    ['a.tf', 'a.tofu', 'b.tf.json', 'b.tofu.json', 'c.tf.json', 'c.tofu', 'd_override.tf', 'd_override.tofu'],
    'opentofu',
  )
  const shadowed = Object.fromEntries(files.map((f) => [f.name, f.shadowedBy ?? null]))
  assert.equal(shadowed, {
    'a.tf': 'a.tofu',
    'a.tofu': null,
    'b.tf.json': 'b.tofu.json',
    'b.tofu.json': null,
    'c.tf.json': null,
    'c.tofu': null,
    'd_override.tf': 'd_override.tofu',
    'd_override.tofu': null,
  })
  assert.is(files.find((f) => f.name === 'd_override.tofu')?.kind, 'override')
})

test('Terraform ignores .tofu files; detection of OpenTofu files', () => {
  assert.equal(selectConfigFiles(['a.tofu', 'b.tofu.json'], 'terraform'), [])
  assert.ok(hasTofuFiles(['main.tf', 'x.tofu']))
  assert.ok(hasTofuFiles(['x.tofu.json']))
  assert.not.ok(hasTofuFiles(['main.tf', '.x.tofu', 'tofu']))
})

test.run()
