// tfgraph's HCL native-syntax parser (src/hcl/native) against @cdktf/hcl2json, the oracle, run live: no
// expected output is written down here. Small snippets of every construct and of the common syntax
// errors; a fixed-seed sample of 300 distinct files of ../shared (corpus and conformance); and the
// harness itself, with parsers made to differ. `node --import tsx scripts/hcl-differential.mjs` compares every file.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import type {Diagnostic} from '../../src/diag/diagnostic.js'
import type {NativeParse} from '../../src/hcl/parse-pool.js'
import type {Attribute, Block, Body, Value} from '../../src/hcl/syntax.js'
import {
  CONVERSION_LIMIT_SNIPPETS,
  INVALID_SNIPPETS,
  VALID_SNIPPETS,
  compareFile,
  compareParsers,
  distinctFiles,
  firstError,
  firstJsonDifference,
  formatDifferences,
  hcl2jsonParse,
  listNativeFiles,
  seededShuffle,
  type Difference,
  type Snippet,
} from '../helpers/hcl-oracle.js'
import {hasShared, sharedDir} from '../helpers/paths.js'

const SAMPLE_SEED = 20261125
const SAMPLE_SIZE = 300

async function differences(snippets: readonly Snippet[]): Promise<Difference[]> {
  const out: Difference[] = []
  for (const s of snippets) {
    const d = await compareFile(s.text, 'main.tf')
    if (d) out.push({...d, filename: `snippet “${s.name}”`})
  }
  return out
}

function report(diffs: readonly Difference[], of: number, what: string): string {
  return `${diffs.length} of ${of} ${what} differ from hcl2json:\n${formatDifferences(diffs)}`
}

test('snippet tables: unique, and each says what hcl2json says (accepted, syntax error, cannot convert)', async () => {
  const all = [...VALID_SNIPPETS, ...INVALID_SNIPPETS, ...CONVERSION_LIMIT_SNIPPETS]
  assert.is(new Set(all.map((s) => s.name)).size, all.length, 'duplicate snippet names')
  assert.is(new Set(all.map((s) => s.text)).size, all.length, 'duplicate snippet texts')
  const wrong: string[] = []
  for (const [list, want] of [
    [VALID_SNIPPETS, 'valid'],
    [INVALID_SNIPPETS, 'invalid'],
    [CONVERSION_LIMIT_SNIPPETS, 'conversion-limit'],
  ] as const) {
    for (const s of list) {
      const c = await compareParsers(s.text, 'main.tf', () => ({file: emptyFile(), diagnostics: []}))
      if (c.verdict !== want) wrong.push(`${s.name}: listed as ${want}, hcl2json says ${c.verdict}${c.message ? ` (${c.message})` : ''}`)
    }
  }
  assert.equal(wrong, [])
})

test(`valid snippets (${VALID_SNIPPETS.length}): no error, the same JSON document as hcl2json`, async () => {
  const diffs = await differences(VALID_SNIPPETS)
  assert.ok(diffs.length === 0, report(diffs, VALID_SNIPPETS.length, 'valid snippets'))
})

test(`invalid snippets (${INVALID_SNIPPETS.length}): an error, the first one with hcl2json's summary and range`, async () => {
  const diffs = await differences(INVALID_SNIPPETS)
  assert.ok(diffs.length === 0, report(diffs, INVALID_SNIPPETS.length, 'invalid snippets'))
})

test('snippets hcl2json cannot convert: never a difference, and tfgraph’s parser does not throw', async () => {
  const diffs = await differences(CONVERSION_LIMIT_SNIPPETS)
  assert.ok(diffs.length === 0, report(diffs, CONVERSION_LIMIT_SNIPPETS.length, 'snippets'))
})

// ------------------------------------------------------------------------------- the harness itself

const FILE = 'main.tf'

function at(line: number, column: number, byte = 0) {
  return {line, column, byte}
}

function range(l1: number, c1: number, l2: number, c2: number) {
  return {filename: FILE, start: at(l1, c1), end: at(l2, c2)}
}

function emptyFile(): NativeParse['file'] {
  return {filename: FILE, syntax: 'native', body: {attributes: [], blocks: [], range: range(1, 1, 1, 1)}}
}

function attr(name: string, value: Value): Attribute {
  return {
    kind: 'attribute',
    name,
    nameRange: range(1, 1, 1, 2),
    exprRange: range(1, 5, 1, 6),
    expr: JSON.stringify(value),
    node: {k: 'lit', v: null, s: 0, e: 0},
    value,
  }
}

function block(type: string, labels: readonly string[], body: Partial<Body>): Block {
  return {
    kind: 'block',
    type,
    typeRange: range(1, 1, 1, 2),
    labels: labels.map((value) => ({value, range: range(1, 1, 1, 2)})),
    declRange: range(1, 1, 1, 2),
    range: range(1, 1, 1, 2),
    body: {attributes: body.attributes ?? [], blocks: body.blocks ?? [], range: range(1, 1, 1, 1)},
  }
}

function parsed(body: Partial<Body>, diagnostics: Diagnostic[] = []): () => NativeParse {
  return () => ({
    file: {
      filename: FILE,
      syntax: 'native',
      body: {attributes: body.attributes ?? [], blocks: body.blocks ?? [], range: range(1, 1, 1, 1)},
    },
    diagnostics,
  })
}

function syntaxError(summary: string, r: ReturnType<typeof range>, severity: 'error' | 'warning' = 'error'): Diagnostic {
  return {code: 'hcl.syntax', severity, summary, detail: '', range: r}
}

test('harness: a body equal to hcl2json’s document is no difference; each change is found at its JSON path', async () => {
  const text = 'a = 1\nb "x" {\n  c = "${y}"\n}\n'
  const exact = parsed({attributes: [attr('a', 1)], blocks: [block('b', ['x'], {attributes: [attr('c', '${y}')]})]})
  assert.is(await compareFile(text, FILE, exact), null)
  const changed = await compareFile(
    text,
    FILE,
    parsed({attributes: [attr('a', 1)], blocks: [block('b', ['x'], {attributes: [attr('c', 'y')]})]}),
  )
  assert.equal(changed, {kind: 'json-differs', filename: FILE, path: '$.b.x[0].c', native: 'y', hcl2json: '${y}'})
  const missing = await compareFile(text, FILE, parsed({attributes: [attr('a', 1)]}))
  assert.equal(missing, {kind: 'json-differs', filename: FILE, path: '$.b', native: undefined, hcl2json: {x: [{c: '${y}'}]}})
  const rejects = await compareFile(text, FILE, parsed({}, [syntaxError('Bad', range(1, 1, 1, 2))]))
  assert.is(rejects?.kind, 'native-rejects-valid')
  // warnings are not errors
  assert.is(
    await compareFile('a = 1\n', FILE, parsed({attributes: [attr('a', 1)]}, [syntaxError('Note', range(1, 1, 1, 2), 'warning')])),
    null,
  )
})

test('harness: a syntax error must be reported with hcl2json’s first summary and range', async () => {
  const text = 'a = 1 b = 2\nc = 3 d = 4\n'
  const oracle = await hcl2jsonParse(text, FILE)
  assert.is(oracle.ok, false)
  const want = firstError(oracle.ok ? '' : oracle.message, FILE, text)
  assert.ok(want.range, 'hcl2json’s error has a range')
  const r = want.range!
  const same = range(r.start.line, r.start.column, r.end.line, r.end.column)
  assert.is(await compareFile(text, FILE, parsed({}, [syntaxError(want.summary, same), syntaxError('Later', range(2, 1, 2, 2))])), null)
  // the first error counts, not one of the later ones
  const second = await compareFile(text, FILE, parsed({}, [syntaxError('Other', range(2, 1, 2, 2)), syntaxError(want.summary, same)]))
  assert.is(second?.kind, 'first-error-differs')
  const shifted = await compareFile(text, FILE, parsed({}, [syntaxError(want.summary, {...same, end: at(r.end.line, r.end.column + 1)})]))
  assert.is(shifted?.kind, 'first-error-differs')
  assert.is((await compareFile(text, FILE, parsed({})))?.kind, 'native-accepts-invalid')
  assert.is((await compareFile(text, FILE, parsed({}, [syntaxError(want.summary, same, 'warning')])))?.kind, 'native-accepts-invalid')
})

test('harness: a parser that throws is a difference; files hcl2json cannot convert are not', async () => {
  const threw = await compareFile('a = 1\n', FILE, () => {
    throw new Error('boom')
  })
  assert.is(threw?.kind, 'native-threw')
  for (const s of CONVERSION_LIMIT_SNIPPETS) {
    const c = await compareParsers(s.text, FILE, parsed({}))
    assert.is(c.verdict, 'conversion-limit', s.name)
    assert.is(c.difference, null, s.name)
  }
  // never handed to hcl2json (it would corrupt the instance): too deep to compare
  const deep = await compareParsers(`a = ${'['.repeat(600)}${']'.repeat(600)}\n`, FILE, parsed({}))
  assert.is(deep.verdict, 'too-deep')
})

test('harness: JSON paths and values; key order and -0 do not matter', () => {
  assert.is(firstJsonDifference({a: [1, {b: -0}], c: 'x'}, {c: 'x', a: [1, {b: 0}]}), undefined)
  assert.equal(firstJsonDifference({a: [1, 2]}, {a: [1]}), {path: '$.a[1]', native: 2, hcl2json: undefined})
  assert.equal(firstJsonDifference({'a.b': {x: null}}, {'a.b': {x: false}}), {path: '$["a.b"].x', native: null, hcl2json: false})
  assert.equal(firstJsonDifference({a: {}}, {a: []}), {path: '$.a', native: {}, hcl2json: []})
})

// ------------------------------------------------------------------------------------ ../shared sample

if (hasShared(`differential: a sample of ${SAMPLE_SIZE} corpus and conformance files`, 'corpus')) {
  test(`${SAMPLE_SIZE} distinct files of ../shared (seed ${SAMPLE_SEED}): tfgraph's parser equals hcl2json`, async () => {
    const dirs = [path.join(sharedDir, 'corpus'), path.join(sharedDir, 'conformance')]
    const sample = seededShuffle(distinctFiles(listNativeFiles(dirs)), SAMPLE_SEED).slice(0, SAMPLE_SIZE)
    assert.ok(sample.length >= Math.min(SAMPLE_SIZE, 100), `only ${sample.length} native-syntax files under ${sharedDir}`)
    const diffs: Difference[] = []
    for (const f of sample) {
      const d = await compareFile(f.text, path.relative(sharedDir, f.path))
      if (d) diffs.push(d)
    }
    assert.ok(diffs.length === 0, report(diffs, sample.length, 'files'))
  })
}

test.run()
