// The fuzzer's oracle and generator can fail: each property check reports a violating outcome, and the
// generator produces the inputs the issue asks for (10,000-level nesting, NUL bytes, invalid UTF-8, …).
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import type {CommandOutcome} from './commands.js'
import {applyCase, caseArb, loadBases} from './mutate.js'
import {checkCli, checkOutcome, checkText, type CliResult} from './properties.js'

const ok: CommandOutcome = {command: 'x', exitCode: 0, diagnostics: [], text: ['fine\n'], json: ['{}']}

test('checkOutcome accepts a good outcome and reports each kind of bad one', () => {
  assert.equal(checkOutcome(ok, '/nonexistent', 1, 0), [])
  const props = (o: Partial<CommandOutcome>, ms = 1): string[] => checkOutcome({...ok, ...o}, '/nonexistent', ms, 0).map((v) => v.property)
  assert.equal(props({exitCode: 3}), ['exit code 0, 1 or 2', 'a failing exit code comes with an error diagnostic'])
  assert.equal(props({exitCode: 1}), ['a failing exit code comes with an error diagnostic'])
  assert.equal(props({text: ['a \u001b[31m red']}), ['text output has no terminal control characters'])
  assert.equal(props({text: ['x\u009by']}), ['text output has no terminal control characters'])
  assert.equal(props({text: ['Error\n    at f (/x.js:1:2)']}), ['no stack trace'])
  assert.equal(props({json: ['{']}), ['JSON output parses'])
  assert.equal(props({}, 10_000_000), ['time proportional to the input'])
  const bad = {
    code: 'hcl.syntax' as const,
    severity: 'error' as const,
    summary: 'S',
    detail: '',
    range: {filename: 'f.tf', start: {line: 0, column: 1, byte: 0}, end: {line: 1, column: 1, byte: 0}},
  }
  assert.equal(props({exitCode: 2, diagnostics: [bad]}), ['diagnostic ranges are well-formed'])
  assert.equal(props({exitCode: 2, diagnostics: [{...bad, range: {...bad.range, start: {line: 2, column: 1, byte: 9}}}]}), [
    'diagnostic ranges are well-formed',
  ])
  assert.equal(checkText('x', 'w', 'tabs\tand\nnewlines are fine'), [])
})

test('checkCli reports crashes, signals, stack traces and unparsable JSON', () => {
  const base: CliResult = {args: ['lint', '.'], status: 0, signal: null, stdout: '', stderr: '', ms: 1}
  assert.equal(checkCli('lint', base), [])
  const props = (r: Partial<CliResult>): string[] => checkCli('lint', {...base, ...r}).map((v) => v.property)
  assert.ok(props({status: 134}).includes('exit code 0, 1 or 2'))
  assert.ok(props({status: null, signal: 'SIGKILL'}).includes('exit code 0, 1 or 2'))
  assert.ok(props({stderr: 'TypeError: x is undefined\n    at foo (file.js:1:1)'}).includes('no stack trace'))
  assert.ok(props({stderr: 'fatal error: out of memory'}).includes('no crash message'))
  assert.ok(props({args: ['lint', '.', '--format', 'json'], stdout: '{"a":'}).includes('JSON output parses'))
  assert.ok(props({stdout: 'x\u001b]0;title\u0007'}).includes('text output has no terminal control characters'))
})

test('the generator makes what the issue asks for, deterministically from a seed', () => {
  const bases = loadBases({corpus: false})
  assert.ok(bases.length > 50)
  const sample = fc.sample(caseArb(bases.length, 'quick'), {seed: 3, numRuns: 400})
  assert.equal(fc.sample(caseArb(bases.length, 'quick'), {seed: 3, numRuns: 400}), sample, 'same seed, same cases')
  const kinds = new Set(sample.flatMap((c) => c.mutations.map((m) => m.kind)))
  for (const k of [
    'truncate-token',
    'insert-bytes',
    'deep',
    'long-line',
    'invalid-utf8',
    'bom',
    'newlines',
    'json-wrong-type',
    'rename',
    'fs-entry',
  ])
    assert.ok(kinds.has(k as never), k)
  assert.ok(
    sample.some((c) => c.mutations.some((m) => m.kind === 'deep' && m.depth === 10_000)),
    'nesting 10,000 levels deep',
  )
  const trees = sample.slice(0, 200).map((c) => applyCase(bases, c))
  const all = trees.flatMap((t) => [...t.files.values()])
  assert.ok(
    all.some((b) => b.includes(0)),
    'NUL bytes',
  )
  assert.ok(
    all.some((b) => b.includes(Buffer.from([0xc0, 0x80])) || b.includes(Buffer.from([0xed, 0xa0, 0x80]))),
    'invalid UTF-8',
  )
  assert.ok(
    all.some((b) => b.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))),
    'BOM',
  )
  assert.ok(
    all.some((b) => b.includes('\r\n')),
    'CRLF',
  )
})

test.run()
