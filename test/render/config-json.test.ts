// config --json document: blocks of one type are collected in linear time, and values from the
// configuration are never changed by collecting blocks under the same key.
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {bodyToJson} from '../../src/render/config-json.js'
import type {Block, Body, Value} from '../helpers/internal.js'

const at = {filename: 'main.tf', start: {line: 1, column: 1, byte: 0}, end: {line: 1, column: 1, byte: 0}}
const empty: Body = {attributes: [], blocks: [], range: at}

function block(type: string, labels: string[], body: Body = empty): Block {
  return {kind: 'block', type, typeRange: at, labels: labels.map((value) => ({value, range: at})), declRange: at, range: at, body}
}

test('50,000 blocks of one type: linear (each block used to copy all earlier ones: 100,000 took minutes)', () => {
  const blocks = Array.from({length: 50_000}, (_, i) => block('resource', ['null_resource', `r${i}`]))
  const t = Date.now()
  const doc = bodyToJson({attributes: [], blocks, range: at}) as {resource: {null_resource: Record<string, unknown>}}
  assert.ok(Date.now() - t < 5000, `${Date.now() - t} ms`)
  assert.is(Object.keys(doc.resource.null_resource).length, 50_000)
  const repeated = bodyToJson({attributes: [], blocks: Array.from({length: 50_000}, () => block('b', [])), range: at}) as {b: unknown[]}
  assert.is(repeated.b.length, 50_000)
})

test('a block under the name of an attribute: the attribute value is copied, not changed', () => {
  const value: Value = {existing: [{x: 1}]}
  const body: Body = {
    attributes: [
      {kind: 'attribute', name: 'resource', nameRange: at, exprRange: at, expr: '{…}', node: {k: 'lit', v: null, s: 0, e: 0}, value},
    ],
    blocks: [block('resource', ['existing']), block('resource', ['other'])],
    range: at,
  }
  const doc = bodyToJson(body)
  assert.equal(value, {existing: [{x: 1}]}, 'the value is unchanged')
  assert.equal(doc['resource'], {existing: [{x: 1}, {}], other: [{}]})
})

test.run()
