// The state's JSON reader: what it keeps is what JSON.parse gives; what it skips is never built; what is
// not JSON is an error that says whether the text ends early.
import {readdirSync, readFileSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {JsonScanError, parseSkipping} from '../../src/state/json-scan.js'
import {fixturesDir} from '../helpers/paths.js'

const SKIP = new Set(['attributes', 'private'])

/** JSON.parse's value with the skipped keys' values read as null. */
function expected(text: string): unknown {
  return JSON.parse(text, (k, v: unknown) => (SKIP.has(k) ? null : v))
}

test('the fixtures states: as JSON.parse, attributes skipped', () => {
  const dir = path.join(fixturesDir, 'state')
  for (const c of readdirSync(dir)) {
    const text = readFileSync(path.join(dir, c, 'terraform.tfstate'), 'utf8')
    assert.equal(parseSkipping(text, SKIP), expected(text), c)
  }
})

test('values of every kind, escapes, and skipped values with brackets and quotes in strings', () => {
  const text = String.raw` { "a": [1, -2.5e3, true, false, null, "x\"y\\u00e9\n"], "attributes": {"s": "}]\"{[", "n": [1, {"d": "\\"}]},
    "private": "eyJ9Ig==", "b": {}, "c": [], "attributes_not": {"k": "v"} } `
  assert.equal(parseSkipping(text, SKIP), expected(text))
  assert.equal(parseSkipping('{"attributes": 12, "x": 1}', SKIP), {attributes: null, x: 1})
})

test('not JSON: truncated or not, one message', () => {
  const fail = (t: string): JsonScanError => {
    try {
      parseSkipping(t, SKIP)
    } catch (e) {
      assert.instance(e, JsonScanError)
      return e as JsonScanError
    }
    throw new Error(`no error for ${t}`)
  }
  for (const t of ['{', '{"a": [1, 2', '{"attributes": {"x": "}', '{"a": "abc', '[1,']) assert.ok(fail(t).truncated, t)
  for (const t of ['{"a": }', '{"a" 1}', '[1 2]', '{} x', 'nul', '{"a": 01}', '{"a": "\\q"}']) assert.not.ok(fail(t).truncated, t)
  assert.match(fail('{} x').message, /more text after the JSON value at position 3/)
  assert.match(fail('['.repeat(100) + ']'.repeat(100)).message, /nesting deeper than 64 levels/)
})

test.run()
