import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {formatRange, diagnosticString, sortDiagnostics, errorDiag, warningDiag} from '../../src/diag/index.js'

const r = (l1: number, c1: number, l2: number, c2: number) => ({
  filename: 'main.tf',
  start: {line: l1, column: c1, byte: 0},
  end: {line: l2, column: c2, byte: 0},
})

test('range text follows Terraform', () => {
  assert.is(formatRange(r(2, 11, 2, 12)), 'main.tf:2,11-12')
  assert.is(formatRange(r(19, 3, 20, 11)), 'main.tf:19,3-20,11')
})

test('diagnostic string is range: summary; detail', () => {
  assert.is(diagnosticString(errorDiag('hcl.syntax', 'Bad', 'Very bad.', r(1, 1, 1, 5))), 'main.tf:1,1-5: Bad; Very bad.')
  assert.is(diagnosticString(warningDiag('module.not-installed', 'W', '')), 'W')
})

test('sorting is by file then position, errors first', () => {
  const a = warningDiag('module.not-installed', 'b', '', {...r(1, 1, 1, 2), start: {line: 1, column: 1, byte: 5}})
  const b = errorDiag('hcl.syntax', 'a', '', {...r(1, 1, 1, 2), start: {line: 1, column: 1, byte: 5}})
  const c = errorDiag('hcl.syntax', 'c', '', {...r(1, 1, 1, 2), filename: 'a.tf'})
  assert.equal(
    sortDiagnostics([a, b, c]).map((d) => d.summary),
    ['c', 'a', 'b'],
  )
})

test.run()
