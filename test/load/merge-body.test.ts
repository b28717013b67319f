import {test} from 'uvu'
import * as assert from 'uvu/assert'
import type {Attribute, Block, Body} from '../../src/hcl/syntax.js'
import {mergeBodies} from '../../src/load/merge-body.js'

const pos = {line: 1, column: 1, byte: 0}
const range = (filename: string) => ({filename, start: pos, end: pos})
const a = (name: string, value: string, file = 'base.tf'): Attribute => ({
  kind: 'attribute',
  name,
  nameRange: range(file),
  exprRange: range(file),
  expr: JSON.stringify(value),
  node: {k: 'lit', v: value, s: 0, e: 0},
  value,
})
const blk = (type: string, labels: string[], file = 'base.tf', attrs: Attribute[] = []): Block => ({
  kind: 'block',
  type,
  typeRange: range(file),
  labels: labels.map((value) => ({value, range: range(file)})),
  declRange: range(file),
  range: range(file),
  body: {attributes: attrs, blocks: [], range: range(file)},
})
const body = (attributes: Attribute[], blocks: Block[] = []): Body => ({attributes, blocks, range: range('base.tf')})

test('attributes replace by name, others kept', () => {
  const m = mergeBodies(body([a('x', '1'), a('y', '2')]), body([a('y', 'o', 'o.tf'), a('z', 'n', 'o.tf')]))
  assert.equal(
    m.attributes.map((x) => `${x.name}=${String(x.value)}@${x.nameRange.filename}`),
    ['x=1@base.tf', 'y=o@o.tf', 'z=n@o.tf'],
  )
})

test('a block type in the override replaces every base block of that type and its dynamic form', () => {
  const base = body([], [blk('ebs', []), blk('ebs', []), blk('dynamic', ['ebs']), blk('other', [])])
  const m = mergeBodies(base, body([], [blk('ebs', [], 'o.tf')]))
  assert.equal(
    m.blocks.map((b) => `${b.type}${b.labels.map((l) => ':' + l.value).join('')}@${b.declRange.filename}`),
    ['other@base.tf', 'ebs@o.tf'],
  )
})

test('a dynamic block in the override replaces static base blocks of its type', () => {
  const m = mergeBodies(body([], [blk('foo', [])]), body([], [blk('dynamic', ['foo'], 'o.tf')]))
  assert.equal(
    m.blocks.map((b) => `${b.type}:${b.labels[0]?.value ?? ''}`),
    ['dynamic:foo'],
  )
})

test('skip lists leave base attributes and blocks alone', () => {
  const m = mergeBodies(
    body([a('depends_on', 'x')], [blk('lifecycle', [])]),
    body([a('depends_on', 'y', 'o.tf')], [blk('lifecycle', [], 'o.tf')]),
    {
      skipAttributes: new Set(['depends_on']),
      skipBlocks: new Set(['lifecycle']),
    },
  )
  assert.is(m.attributes[0]?.value, 'x')
  assert.is(m.blocks[0]?.declRange.filename, 'base.tf')
})

test.run()
