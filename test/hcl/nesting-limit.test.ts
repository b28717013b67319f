// The nesting limit checked before a file reaches a parser: the cheap upper bound (a count of the
// characters a level can start at) never hides a file the scan would refuse.
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {MAX_NESTING, nativeNestingExceeded} from '../../src/hcl/nesting-limit.js'

test('brackets one past the limit are refused at the bracket that goes past it', () => {
  assert.is(nativeNestingExceeded(`x = ${'['.repeat(MAX_NESTING)}1${']'.repeat(MAX_NESTING)}\n`), -1)
  const text = `x = ${'['.repeat(MAX_NESTING + 1)}1${']'.repeat(MAX_NESTING + 1)}\n`
  assert.is(nativeNestingExceeded(text), 4 + MAX_NESTING)
})

test('many shallow strings and blocks (more candidate characters than the limit) are not refused', () => {
  const body = Array.from({length: 2000}, (_, i) => `resource "a" "r${i}" {\n  tags = { x = "-${i}" }\n}\n`).join('')
  assert.is(nativeNestingExceeded(body), -1)
})

test('a small limit: the bound and the scan agree on interpolations, heredocs and operator chains', () => {
  // quote, interpolation, quote, interpolation, quote: five levels
  assert.is(nativeNestingExceeded('x = "${"${"a"}"}"\n', 3), 8)
  assert.is(nativeNestingExceeded('x = "${"${"a"}"}"\n', 4), 10)
  assert.is(nativeNestingExceeded('x = "${"${"a"}"}"\n', 5), -1)
  assert.is(nativeNestingExceeded('x = <<EOT\n${[[1]]}\nEOT\n', 3), 13)
  assert.is(nativeNestingExceeded(`x = ${'!'.repeat(40)}true\n`, 3), 4 + 39)
  assert.is(nativeNestingExceeded(`x = ${'!'.repeat(30)}true\n`, 3), -1)
})

test('characters in comments count toward the bound but not toward the nesting', () => {
  assert.is(nativeNestingExceeded(`# ${'['.repeat(MAX_NESTING * 2)}\nx = 1\n`), -1)
})

test.run()
