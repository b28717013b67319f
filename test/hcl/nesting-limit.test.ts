// The nesting limit of native syntax, measured by the lexer as it reads the tokens (no pass of its own
// over the text): it refuses at the same opener or operator as the scan that ran before the lexer until
// #53 (test/helpers/nesting-scan.ts), and parseHclNative turns that into the diagnostic.
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {MAX_NESTING} from '../../src/hcl/nesting-limit.js'
import {lex} from '../../src/hcl/native/lexer.js'
import {parseHclNative} from '../../src/hcl/native/index.js'
import {nestingScan} from '../helpers/nesting-scan.js'

/** Where the lexer stops for being nested deeper than `limit`, or -1; checked against the old scan. */
function tooDeep(text: string, limit = MAX_NESTING): number {
  const at = lex(text, text.charCodeAt(0) === 0xfeff ? 1 : 0, false, limit).tooDeep
  assert.is(at, nestingScan(text, limit), `the lexer and the scan agree on ${JSON.stringify(text.slice(0, 60))} (limit ${limit})`)
  return at
}

test('brackets one past the limit are refused at the bracket that goes past it', () => {
  assert.is(tooDeep(`x = ${'['.repeat(MAX_NESTING)}1${']'.repeat(MAX_NESTING)}\n`), -1)
  const text = `x = ${'['.repeat(MAX_NESTING + 1)}1${']'.repeat(MAX_NESTING + 1)}\n`
  assert.is(tooDeep(text), 4 + MAX_NESTING)
})

test('many shallow strings and blocks are not refused', () => {
  const body = Array.from({length: 2000}, (_, i) => `resource "a" "r${i}" {\n  tags = { x = "-${i}" }\n}\n`).join('')
  assert.is(tooDeep(body), -1)
})

test('a small limit: interpolations, heredocs and operator chains', () => {
  // quote, interpolation, quote, interpolation, quote: five levels
  assert.is(tooDeep('x = "${"${"a"}"}"\n', 3), 8)
  assert.is(tooDeep('x = "${"${"a"}"}"\n', 4), 10)
  assert.is(tooDeep('x = "${"${"a"}"}"\n', 5), -1)
  assert.is(tooDeep('x = <<EOT\n${[[1]]}\nEOT\n', 3), 13)
  assert.is(tooDeep(`x = ${'!'.repeat(40)}true\n`, 3), 4 + 39)
  assert.is(tooDeep(`x = ${'!'.repeat(30)}true\n`, 3), -1)
})

test('characters in comments do not count toward the nesting', () => {
  assert.is(tooDeep(`# ${'['.repeat(MAX_NESTING * 2)}\nx = 1\n`), -1)
  assert.is(tooDeep(`/* ${'('.repeat(MAX_NESTING * 2)} */\nx = 1\n`), -1)
})

test('operators: binary minus is not counted, a new top-level line starts again, blocks keep counting', () => {
  // a - b - c …: binary; -(-(-x)): unary
  assert.is(tooDeep(`x = ${Array.from({length: 100}, (_, i) => `a${i}`).join(' - ')}\n`, 2), -1)
  assert.is(tooDeep(`x = ${'-'.repeat(30)}1\n`, 2), 4 + 29)
  const lines = Array.from({length: 30}, (_, i) => `x${i} = ${'!'.repeat(9)}true # note\n`).join('')
  assert.is(tooDeep(lines, 0), -1)
  // inside a block the expression does not end at a newline: a `?` and a unary `-` a line, the tenth
  // operator (line 5's `-`) is one level more than the block's
  const many = `locals {\n${Array.from({length: 10}, (_, i) => `  x${i} = a ? b : -c\n`).join('')}}\n`
  assert.is(tooDeep(many, 1), many.indexOf('x4 = a ? b : -') + 'x4 = a ? b : '.length)
  assert.is(tooDeep(many, 3), -1)
})

test('the lexer agrees with the old scan on nesting built from every kind of level', () => {
  const levels: [string, string][] = [
    ['[', ']'],
    ['(', ')'],
    ['{ a = ', ' }'],
    ['"${', '}"'],
    ['"%{ if ', ' }x%{ endif }"'],
    ['<<EOT\n${', '}\nEOT\n'],
    ['<<-EOT\n  %{ for x in ', ' }y%{ endfor }\n  EOT\n'],
    ['-', ''],
    ['!', ''],
    ['a ? ', ' : b'],
    ['f(1, ', ')'],
    ['{for k, v in ', ' : k => v}'],
    ['"a$${b}${', '}"'],
  ]
  let seed = 53
  const next = (): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed
  }
  for (let round = 0; round < 300; round++) {
    let expr = 'x'
    const depth = 1 + (next() % 40)
    for (let d = 0; d < depth; d++) {
      const [open, close] = levels[next() % levels.length]!
      expr = `${open}${expr}${close}`
    }
    const text = next() % 2 ? `v = ${expr}\n` : `block "l" {\n  nested {\n    v = ${expr}\n  }\n}\n`
    for (const limit of [2, 5, 10, 20, 40]) tooDeep(text, limit)
  }
})

test('parseHclNative: nesting at the limit is parsed; one level more is refused at the opener past it', () => {
  const at = parseHclNative(`x = ${'['.repeat(MAX_NESTING)}1${']'.repeat(MAX_NESTING)}\n`, 'at.tf')
  assert.equal(at.diagnostics, [])
  assert.is(at.file.body.attributes.length, 1)
  const blocks = parseHclNative(`${'a {\n'.repeat(MAX_NESTING)}${'}\n'.repeat(MAX_NESTING)}`, 'blocks.tf')
  assert.equal(blocks.diagnostics, [])
  const past = parseHclNative(`x = ${'['.repeat(MAX_NESTING + 1)}1${']'.repeat(MAX_NESTING + 1)}\n`, 'past.tf')
  assert.is(past.diagnostics.length, 1)
  const d = past.diagnostics[0]!
  assert.is(d.code, 'hcl.too-deeply-nested')
  assert.is(d.summary, 'Configuration nested too deeply')
  assert.equal(d.range, {
    filename: 'past.tf',
    start: {line: 1, column: 5 + MAX_NESTING, byte: 4 + MAX_NESTING},
    end: {line: 1, column: 6 + MAX_NESTING, byte: 5 + MAX_NESTING},
  })
  assert.equal(past.file.body.attributes, [])
  const deepBlocks = parseHclNative(`${'a {\n'.repeat(MAX_NESTING + 1)}${'}\n'.repeat(MAX_NESTING + 1)}`, 'deep.tf')
  assert.is(deepBlocks.diagnostics[0]!.code, 'hcl.too-deeply-nested')
  assert.is(deepBlocks.diagnostics[0]!.range!.start.line, MAX_NESTING + 1)
  // with a byte-order mark: bytes count it, columns do not
  const bom = parseHclNative(`\ufeffx = ${'('.repeat(MAX_NESTING + 1)}1${')'.repeat(MAX_NESTING + 1)}\n`, 'bom.tf')
  assert.equal(bom.diagnostics[0]!.range!.start, {line: 1, column: 5 + MAX_NESTING, byte: 7 + MAX_NESTING})
})

test.run()
