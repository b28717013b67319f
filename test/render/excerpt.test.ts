// The source line of a diagnostic: short lines are shown whole (as before), long ones are cut to a window
// around the column with `…` on the cut sides, and the caret offset points at the column in what is shown.
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {excerpt} from '../../src/render/excerpt.js'
import {renderDiagnosticText} from '../../src/render/diagnostics-text.js'
import type {Diagnostic} from '../../src/diag/diagnostic.js'

/** The character under the caret, as shown. */
function under(e: {text: string; caret: number; caretWidth: number}): string {
  return [...e.text].slice(e.caret, e.caret + e.caretWidth).join('')
}

test('a short line is shown whole: tabs as two spaces, controls escaped, caret offsets in shown characters', () => {
  const e = excerpt('\tname = "a\u001bb" x', 12, {endColumn: 13})
  assert.is(e.text, '  name = "a\\u001bb" x')
  assert.is(e.cut, false)
  assert.is(under(e), 'b')
  const esc = excerpt('\tname = "a\u001bb" x', 11, {endColumn: 12})
  assert.is(under(esc), '\\u001b', 'an escaped character is marked whole')
})

test('a long line is cut around the column, … on the cut sides, within the width', () => {
  const line = 'a'.repeat(5000) + 'XYZ' + 'b'.repeat(5000)
  const e = excerpt(line, 5001, {endColumn: 5004})
  assert.is(e.cut, true)
  assert.ok(e.text.startsWith('…') && e.text.endsWith('…'), e.text)
  assert.ok([...e.text].length <= 120, `${[...e.text].length} characters`)
  assert.is(under(e), 'XYZ')
  assert.ok(e.caret > 20 && e.caret < 60, `column about a third in (${e.caret})`)
})

test('cut at one side only: near the start or the end of the line', () => {
  const line = 'x'.repeat(300)
  const start = excerpt(line, 3)
  assert.ok(!start.text.startsWith('…') && start.text.endsWith('…'))
  assert.is(start.caret, 2)
  const end = excerpt(line + 'E', 301)
  assert.ok(end.text.startsWith('…') && !end.text.endsWith('…'))
  assert.is(under(end), 'E')
  assert.is([...end.text].length, 120, 'the room the end leaves goes before the column')
  const past = excerpt(line, 301)
  assert.is(past.caret, [...past.text].length, 'a column after the last character: the caret after the text')
})

test('binary: escapes count in the width and are never split', () => {
  const line = Array.from({length: 9000}, (_, i) => String.fromCharCode(i % 32))
    .join('')
    .replace(/[\t\n\r]/g, 'x')
  for (const column of [1, 17, 4500, 9000]) {
    const e = excerpt(line, column)
    assert.ok([...e.text].length <= 120, `column ${column}: ${[...e.text].length} characters`)
    assert.ok(/^…?(\\u00[01][0-9a-f]|x)+…?$/.test(e.text), e.text)
    assert.is(
      under(e),
      line[column - 1] === 'x'
        ? 'x'
        : `\\u00${line
            .charCodeAt(column - 1)
            .toString(16)
            .padStart(2, '0')}`,
    )
  }
})

test('astral characters count as one column each (columns are code points)', () => {
  const line = '😀'.repeat(200) + 'Q' + '😀'.repeat(200)
  const e = excerpt(line, 201)
  assert.is(under(e), 'Q')
})

test('renderDiagnosticText: a long line is cut and a caret marks the column; a short line is unchanged, no caret', () => {
  const range = (line: number, c1: number, c2: number) => ({
    filename: 'f.hcl',
    start: {line, column: c1, byte: 0},
    end: {line, column: c2, byte: 0},
  })
  const long: Diagnostic = {
    code: 'hcl.syntax',
    severity: 'error',
    summary: 'Missing item separator',
    detail: 'Expected a comma.',
    range: range(1, 4001, 4002),
  }
  const lines = ['"z",'.repeat(1000) + '!' + '"z",'.repeat(1000)]
  const text = renderDiagnosticText(long, {sourceLines: () => lines})
  const [src, caret] = text.split('\n').filter((l) => l.startsWith('     1: ') || /^\s+\^+$/.test(l))
  assert.ok(src && caret, text)
  assert.ok(src.length <= 130, `${src.length} characters`)
  assert.is(src[caret.indexOf('^')], '!')
  const short: Diagnostic = {...long, range: range(1, 5, 6)}
  const shortText = renderDiagnosticText(short, {sourceLines: () => ['a = b c']})
  assert.ok(shortText.includes('     1: a = b c\n'), shortText)
  assert.not.match(shortText, /\^/)
})

test.run()
