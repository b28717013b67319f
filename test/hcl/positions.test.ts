// Offsets to HCL positions (src/hcl/native/positions.ts): the line starts' byte offsets found by scanning for
// characters beyond ASCII, and a line of ASCII in a text that has some counted without a loop (#53), give
// every position the character-by-character count gives.
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {Positions, utf8Length} from '../../src/hcl/native/positions.js'
import type {Pos} from '../../src/diag/diagnostic.js'

/** The positions as counted before: every line's UTF-8 length summed, every column counted. */
function countedPos(text: string, index: number, lineStarts?: readonly number[]): Pos {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0
  let starts = lineStarts ? [...lineStarts] : undefined
  if (!starts) {
    starts = [bom]
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
  }
  let lineBytes: number[] | undefined
  if (Buffer.byteLength(text, 'utf8') !== text.length + 2 * bom) {
    lineBytes = [bom ? 3 : 0]
    for (let l = 1; l < starts.length; l++) lineBytes.push(lineBytes[l - 1]! + utf8Length(text, starts[l - 1]!, starts[l]!))
  }
  if (index < bom) index = bom
  if (index > text.length) index = text.length
  let lo = 0
  while (lo + 1 < starts.length && starts[lo + 1]! <= index) lo++
  const ls = starts[lo]!
  if (!lineBytes) return {line: lo + 1, column: index - ls + 1, byte: index + (bom ? 2 : 0)}
  let column = 1
  for (let i = ls; i < index; i++) {
    const c = text.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < index) {
      const d = text.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) i++
    }
    column++
  }
  return {line: lo + 1, column, byte: lineBytes[lo]! + utf8Length(text, ls, index)}
}

const PIECES = ['a', 'xyz', ' ', '\n', '\n', '\r\n', 'é', 'ü', '→', '日本', '😀', '\ud83d', '\ude00', '\u07ff', '\u0800', '"', '= 1', '\t']

/** A text of random pieces (lone surrogates, pairs, two- and three-byte characters, line feeds), seeded. */
function randomText(seed: number, length: number): string {
  let s = seed
  const next = (): number => {
    s = (s * 1103515245 + 12345) & 0x7fffffff
    return s
  }
  let text = next() % 5 === 0 ? '\ufeff' : ''
  for (let i = 0; i < length; i++) text += PIECES[next() % PIECES.length]
  return text
}

test('every offset of random texts: the same position as counted', () => {
  for (let seed = 1; seed <= 300; seed++) {
    const text = randomText(seed, 1 + (seed % 60))
    const p = new Positions(text, 'f.tf')
    for (let i = -1; i <= text.length + 1; i++) assert.equal(p.pos(i), countedPos(text, i), `seed ${seed} offset ${i}`)
  }
})

test('line starts given by the lexer: the same positions', () => {
  for (let seed = 1; seed <= 100; seed++) {
    const text = randomText(seed * 7, 40)
    const starts = [text.charCodeAt(0) === 0xfeff ? 1 : 0]
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
    const p = new Positions(text, 'f.tf', [...starts])
    for (let i = 0; i <= text.length; i++) assert.equal(p.pos(i), countedPos(text, i, starts), `seed ${seed} offset ${i}`)
  }
})

test('ASCII lines after and before wider ones', () => {
  const text = 'a = "é"\nb = 1\nc = "😀"\nd = 2\n'
  const p = new Positions(text, 'f.tf')
  assert.equal(p.pos(text.indexOf('b')), {line: 2, column: 1, byte: 9})
  assert.equal(p.pos(text.indexOf('d') + 4), {line: 4, column: 5, byte: 30})
  for (let i = 0; i <= text.length; i++) assert.equal(p.pos(i), countedPos(text, i))
})

test.run()
