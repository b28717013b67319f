// Properties of tfgraph's HCL native-syntax parser (src/hcl/native), with @cdktf/hcl2json as the oracle:
// (a) random documents from a grammar of HCL (bodies, blocks, every kind of expression nested a few
// levels, templates with directives, heredocs, comments, CRLF, BOM); (b) real files broken at random
// (truncated, characters deleted, duplicated, inserted: braces, quotes, `${`, `%{`, `<<`, newlines, NUL).
// For each: the parser does not throw, finishes within TIME_LIMIT_MS, agrees with hcl2json on whether the
// file is valid, and then on the JSON document or on the first error's summary and range.
//
// A fixed seed here (the test of `npm test`); HCL_FUZZ_SEED and HCL_FUZZ_RUNS change it, which is how
// scripts/hcl-fuzz.mjs runs the same properties long, with a random seed.
import {existsSync} from 'node:fs'
import * as path from 'node:path'
import {performance} from 'node:perf_hooks'
import fc from 'fast-check'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {parseHclNative} from '../../src/hcl/native/index.js'
import {
  INVALID_SNIPPETS,
  VALID_SNIPPETS,
  compareParsers,
  distinctFiles,
  formatDifference,
  listNativeFiles,
  seededShuffle,
  type Verdict,
} from '../helpers/hcl-oracle.js'
import {fixturesDir, sharedDir} from '../helpers/paths.js'

const SEED = envNumber('HCL_FUZZ_SEED') ?? 20261125
const RUNS = envNumber('HCL_FUZZ_RUNS') ?? 200
/** Per file; a slower parse is measured twice more before it counts (a GC pause is not the parser). */
const TIME_LIMIT_MS = 200
const FILE = 'main.tf'

function envNumber(name: string): number | undefined {
  const v = process.env[name]
  if (v === undefined || v === '') return undefined
  const n = Number(v)
  if (!Number.isInteger(n)) throw new Error(`${name} must be a whole number, not ${v}`)
  return n
}

// -------------------------------------------------------------------------------- the grammar (a)

const IDENTS = ['a', 'b', 'x', 'foo', 'bar_baz', 'a-b', 'é', 'n1', 'var', 'local', 'each', 'string_var', 'numbers', 'set_x']
const ATTR_NAMES = ['a', 'b', 'x', 'count', 'name', 'tags', 'value', 'é', 'a-b', 'string_var', 'type', 'for_each']
/** Block types, each with a fixed number of labels (blocks whose labels are a prefix of another's are beyond hcl2json). */
const BLOCK_TYPES: ReadonlyArray<readonly [string, number]> = [
  ['resource', 2],
  ['variable', 1],
  ['locals', 0],
  ['dynamic', 1],
  ['lifecycle', 0],
  ['blk2', 2],
]
const FUNCTIONS = ['f', 'merge', 'lookup', 'jsonencode', 'provider::aws::arn_parse', 'list', 'string_fn', 'tomap']
/** Pieces of literal text; none ends in `$` or `%` nor starts with `{` (that would start an interpolation or a directive). */
const STRING_PIECES = [
  'a',
  'bc',
  ' ',
  'é',
  '😀',
  '\\n',
  '\\t',
  '\\"',
  '\\\\',
  '\\u00e9',
  '\\U0001F600',
  '$${x}',
  '%%{y}',
  '$x',
  'a%b',
  'x{y',
  '}',
  '日本',
  ':',
]
const HEREDOC_PIECES = ['a', 'bc', ' ', 'é', '😀', '\\n', '"', '$${x}', '%%{y}', '$x', 'a%b', 'x{y', '}', '\t', 'EO']

const ident = fc.constantFrom(...IDENTS)
const number = fc.oneof(
  fc.nat({max: 100000}).map(String),
  fc.constantFrom('0', '1.5', '0.25', '1e3', '1E+3', '2.5e-2', '007', '1e400', '123456789012345678901234567890', '9007199254740993'),
)
const quoted = fc.array(fc.constantFrom(...STRING_PIECES), {maxLength: 5}).map((p) => `"${p.join('')}"`)
const literal = fc.oneof(number, quoted, fc.constantFrom('true', 'false', 'null'))

function traversal(d: number): fc.Arbitrary<string> {
  const step = fc.oneof(
    {arbitrary: ident.map((n) => `.${n}`), weight: 4},
    {arbitrary: fc.nat({max: 3}).map((n) => `[${n}]`), weight: 2},
    {arbitrary: quoted.map((q) => `[${q}]`), weight: 1},
    {arbitrary: d > 0 ? expr(d - 1).map((e) => `[${e}]`) : ident.map((n) => `[${n}]`), weight: 1},
  )
  const splat = fc.constantFrom('', '', '', '.*', '[*]')
  return fc
    .tuple(
      ident,
      fc.array(step, {maxLength: 3}),
      splat,
      fc.array(
        ident.map((n) => `.${n}`),
        {maxLength: 2},
      ),
      fc.boolean(),
      fc.nat({max: 9}),
    )
    .map(([root, steps, sp, after, legacy, idx]) => `${root}${steps.join('')}${legacy ? `.${idx}` : ''}${sp}${sp ? after.join('') : ''}`)
}

const memo = new Map<number, fc.Arbitrary<string>>()

/** A single-line expression nested at most `d` levels. */
function expr(d: number): fc.Arbitrary<string> {
  const known = memo.get(d)
  if (known) return known
  const leaf = fc.oneof({arbitrary: literal, weight: 3}, {arbitrary: traversal(0), weight: 3}, {arbitrary: template(0), weight: 1})
  if (d <= 0) {
    memo.set(d, leaf)
    return leaf
  }
  const sub = expr(d - 1)
  const binop = fc.constantFrom('+', '-', '*', '/', '%', '==', '!=', '<', '<=', '>', '>=', '&&', '||')
  const gap = fc.constantFrom(' ', ' ', ' ', '  ', ' /* c */ ', '\t')
  const a = fc.oneof(
    {arbitrary: leaf, weight: 4},
    {arbitrary: traversal(d), weight: 2},
    {arbitrary: fc.tuple(sub, gap, binop, gap, sub).map((p) => p.join('')), weight: 3},
    {
      arbitrary: fc
        .oneof(
          fc.tuple(
            fc.constantFrom('-', '- '),
            fc.oneof(
              number,
              traversal(0),
              sub.map((e) => `(${e})`),
            ),
          ),
          fc.tuple(
            fc.constantFrom('!', '! '),
            fc.oneof(
              fc.constantFrom('true', 'false'),
              traversal(0),
              sub.map((e) => `(${e})`),
            ),
          ),
        )
        .map(([op, e]) => `${op}${e}`),
      weight: 2,
    },
    {arbitrary: fc.tuple(sub, sub, sub).map(([c, t, f]) => `${c} ? ${t} : ${f}`), weight: 2},
    {arbitrary: sub.map((e) => `(${e})`), weight: 1},
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...FUNCTIONS), fc.array(sub, {maxLength: 3}), fc.boolean(), fc.constantFrom('', '.x', '[0]'))
        .map(([f, args, expand, post]) => `${f}(${args.join(', ')}${expand && args.length > 0 ? '...' : ''})${post}`),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(fc.array(sub, {maxLength: 4}), fc.boolean(), fc.constantFrom('', '[0]'))
        .map(([items, comma, post]) => `[${items.join(', ')}${comma && items.length > 0 ? ',' : ''}]${post}`),
      weight: 2,
    },
    {arbitrary: object(d, false), weight: 2},
    {
      arbitrary: fc
        .tuple(fc.boolean(), ident, ident, sub, sub, fc.option(sub, {nil: undefined}))
        .map(([two, k, v, coll, val, cond]) => `[for ${two ? `${k}, ${v}` : v} in ${coll} : ${val}${cond ? ` if ${cond}` : ''}]`),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(ident, ident, sub, sub, sub, fc.boolean(), fc.option(sub, {nil: undefined}))
        .map(
          ([k, v, coll, key, val, group, cond]) =>
            `{for ${k}, ${v} in ${coll} : ${key} => ${val}${group ? '...' : ''}${cond ? ` if ${cond}` : ''}}`,
        ),
      weight: 1,
    },
    {arbitrary: template(d), weight: 2},
  )
  memo.set(d, a)
  return a
}

/** An object constructor: single-line (commas) or, when `multiline`, one item per line with `=` or `:`. */
function object(d: number, multiline: boolean): fc.Arbitrary<string> {
  const sub = expr(d - 1)
  const key = fc.oneof(
    {arbitrary: fc.constantFrom(...ATTR_NAMES), weight: 4},
    {arbitrary: quoted, weight: 2},
    {arbitrary: sub.map((e) => `(${e})`), weight: 1},
    {arbitrary: fc.constantFrom('a.b', 'null', 'true', '1', 'x . y'), weight: 1},
    {arbitrary: template(0), weight: 1},
  )
  const item = fc.tuple(key, fc.constantFrom(' = ', ' : ', '=', ': '), sub).map((p) => p.join(''))
  return fc
    .tuple(fc.array(item, {maxLength: 4}), fc.boolean())
    .map(([items, comma]) =>
      multiline
        ? `{\n${items.map((i) => `    ${i}${comma ? ',' : ''}\n`).join('')}  }`
        : `{${items.join(', ')}${comma && items.length > 0 ? ',' : ''}}`,
    )
}

/** A quoted template: literal pieces, interpolations and directives (with strip markers). */
function template(d: number): fc.Arbitrary<string> {
  return templateParts(d, STRING_PIECES).map((p) => `"${p}"`)
}

function templateParts(d: number, pieces: readonly string[]): fc.Arbitrary<string> {
  const lit = fc.constantFrom(...pieces)
  const inner = d > 0 ? expr(d - 1) : fc.oneof(traversal(0), literal)
  const strip = fc.constantFrom('', '', '~')
  const sp = fc.constantFrom('', ' ')
  const interp = fc.tuple(strip, sp, inner, sp, strip).map(([s1, a, e, b, s2]) => `\${${s1}${a}${e}${b}${s2}}`)
  const parts: fc.Arbitrary<string>[] = [lit, lit, interp]
  if (d > 0) {
    const body = templateParts(d - 1, pieces)
    parts.push(
      fc
        .tuple(strip, inner, body, fc.option(body, {nil: undefined}), strip)
        .map(([s1, c, t, f, s2]) => `%{${s1} if ${c} ${s2}}${t}${f !== undefined ? `%{else}${f}` : ''}%{${s1}endif${s2}}`),
      fc
        .tuple(fc.boolean(), ident, ident, inner, body, strip)
        .map(([two, k, v, coll, b, s]) => `%{ for ${two ? `${k}, ${v}` : v} in ${coll} ${s}}${b}%{${s} endfor }`),
    )
  }
  return fc.array(fc.oneof(...parts), {maxLength: 4}).map((p) => p.join(''))
}

/** A heredoc, `<<EOT` or `<<-EOT` (indented), ending with its newline. */
const heredoc = fc
  .tuple(
    fc.boolean(),
    fc.array(templateParts(1, HEREDOC_PIECES), {maxLength: 4}),
    fc.array(fc.constantFrom('', ' ', '  ', '    ', '\t'), {minLength: 4, maxLength: 4}),
  )
  .map(([indented, lines, pads]) => {
    const marker = indented ? '<<-EOT' : '<<EOT'
    const body = lines.map((l, i) => `${indented ? `  ${pads[i] ?? ''}` : ''}${l}\n`).join('')
    return `${marker}\n${body}${indented ? '  ' : ''}EOT\n`
  })

/** The value of an attribute: an expression, a multi-line tuple or object, a heredoc (alone or as a call argument). */
const attributeValue: fc.Arbitrary<{text: string; endsLine: boolean}> = fc.oneof(
  {arbitrary: expr(3).map((text) => ({text, endsLine: false})), weight: 8},
  {arbitrary: object(2, true).map((text) => ({text, endsLine: false})), weight: 1},
  {
    arbitrary: fc
      .array(expr(1), {maxLength: 3})
      .map((items) => ({text: `[\n${items.map((i) => `    ${i},\n`).join('')}  ]`, endsLine: false})),
    weight: 1,
  },
  {arbitrary: heredoc.map((text) => ({text, endsLine: true})), weight: 2},
  {arbitrary: fc.tuple(heredoc, expr(1)).map(([h, e]) => ({text: `f(${h}, ${e})`, endsLine: false})), weight: 1},
)

const trailing = fc.constantFrom('', '', '', ' # c', ' // c', ' /* c */')
const comment = fc.constantFrom('# comment', '// comment', '/* comment */', '/* multi\n   line */')

interface BodyItem {
  readonly kind: 'attribute' | 'block' | 'comment'
  readonly name: string
  readonly text: (indent: string) => string
}

function body(d: number): fc.Arbitrary<(indent: string) => string> {
  const attribute = fc
    .tuple(fc.constantFrom(...ATTR_NAMES), fc.constantFrom(' = ', '=', '  =  ', '\t=\t'), attributeValue, trailing)
    .map(([name, eq, v, tr]): BodyItem => ({
      kind: 'attribute',
      name,
      text: (indent) => `${indent}${name}${eq}${v.text}${v.endsLine ? '' : `${tr}\n`}`,
    }))
  const labels = (n: number) => fc.array(fc.oneof(quoted, ident), {minLength: n, maxLength: n}).map((ls) => ls.map((l) => ` ${l}`).join(''))
  const blockType = fc.constantFrom(...BLOCK_TYPES)
  const oneLine = fc
    .tuple(
      blockType.chain(([t, n]) => labels(n).map((ls) => `${t}${ls}`)),
      fc.option(fc.tuple(fc.constantFrom(...ATTR_NAMES), expr(1)), {nil: undefined}),
    )
    .map(([head, a]): BodyItem => ({
      kind: 'block',
      name: head.split(' ')[0]!,
      text: (indent) => `${indent}${head} {${a ? ` ${a[0]} = ${a[1]} ` : ''}}\n`,
    }))
  const items: fc.Arbitrary<BodyItem>[] = [
    attribute,
    attribute,
    oneLine,
    comment.map((c): BodyItem => ({kind: 'comment', name: '', text: (indent) => `${indent}${c}\n`})),
  ]
  if (d > 0) {
    const nested = fc
      .tuple(
        blockType.chain(([t, n]) => labels(n).map((ls) => `${t}${ls}`)),
        body(d - 1),
      )
      .map(([head, inner]): BodyItem => ({
        kind: 'block',
        name: head.split(' ')[0]!,
        text: (indent) => `${indent}${head} {\n${inner(`${indent}  `)}${indent}}\n`,
      }))
    items.push(nested, nested)
  }
  return fc.array(fc.oneof(...items), {maxLength: d > 0 ? 6 : 4}).map((list) => {
    // attribute names are unique in a body and never a block type of the same body
    const seen = new Set<string>()
    const kept = list.filter((i) => i.kind !== 'attribute' || (!seen.has(i.name) && seen.add(i.name)))
    return (indent: string) => kept.map((i) => i.text(indent)).join('')
  })
}

/** A whole document, with its line endings (LF or CRLF), an optional BOM and blank lines. */
const documentArb: fc.Arbitrary<string> = fc
  .tuple(body(2), fc.boolean(), fc.nat({max: 9}), fc.constantFrom('', '\n'))
  .map(([b, bom, crlfRoll, extra]) => {
    const text = `${b('')}${extra}`
    const crlf = crlfRoll === 0
    return `${bom && crlfRoll === 1 ? '\ufeff' : ''}${crlf ? text.replace(/\n/g, '\r\n') : text}`
  })

// ----------------------------------------------------------------------------- mutations (b)

const INSERTS = [
  '{',
  '}',
  '"',
  '$',
  '%',
  '<<',
  '\n',
  '\u0000',
  '${',
  '%{',
  '#',
  '/*',
  '*/',
  '\\',
  '=',
  '(',
  ')',
  '[',
  ']',
  ',',
  'é',
  '\t',
  '\r\n',
  '~',
  'EOT\n',
  '-',
  ':',
  '?',
  '...',
  '.',
  '*',
  ' ',
  '<<EOT\n',
  '😀',
  '\ufeff',
]

type Mutation =
  | {readonly op: 'truncate'; readonly at: number}
  | {readonly op: 'delete'; readonly at: number; readonly n: number}
  | {readonly op: 'duplicate'; readonly at: number}
  | {readonly op: 'insert'; readonly at: number; readonly s: string}

const position = fc.double({min: 0, max: 1, maxExcluded: true, noNaN: true})
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  position.map((at): Mutation => ({op: 'truncate', at})),
  fc.tuple(position, fc.integer({min: 1, max: 3})).map(([at, n]): Mutation => ({op: 'delete', at, n})),
  position.map((at): Mutation => ({op: 'duplicate', at})),
  fc.tuple(position, fc.constantFrom(...INSERTS)).map(([at, s]): Mutation => ({op: 'insert', at, s})),
  fc.tuple(position, fc.constantFrom(...INSERTS)).map(([at, s]): Mutation => ({op: 'insert', at, s})),
)

/** Applies mutations by code point (never splitting a surrogate pair: JavaScript text cannot hold invalid UTF-8 in the first place). */
function mutate(text: string, ms: readonly Mutation[]): string {
  let cps = Array.from(text)
  for (const m of ms) {
    const i = Math.floor(m.at * (cps.length + 1))
    if (m.op === 'truncate') cps = cps.slice(0, i)
    else if (m.op === 'delete') cps.splice(i, m.n)
    else if (m.op === 'duplicate') {
      if (i < cps.length) cps.splice(i, 0, cps[i]!)
    } else cps.splice(i, 0, ...Array.from(m.s))
  }
  return cps.join('')
}

/** Files to break: 60 distinct small files of ../shared/corpus when it is there, else the snippets and fixtures/. */
function mutationSeeds(): {readonly from: string; readonly texts: readonly string[]} {
  const small = (files: ReturnType<typeof distinctFiles>) => files.filter((f) => f.bytes > 0 && f.bytes <= 16_000).map((f) => f.text)
  const corpus = path.join(sharedDir, 'corpus')
  if (existsSync(corpus))
    return {from: '../shared/corpus', texts: seededShuffle(small(distinctFiles(listNativeFiles([corpus]))), SEED).slice(0, 60)}
  const fixtures = small(distinctFiles(listNativeFiles([fixturesDir])))
  return {
    from: 'snippets and fixtures/',
    texts: [...VALID_SNIPPETS.map((s) => s.text), ...INVALID_SNIPPETS.map((s) => s.text), ...fixtures],
  }
}

// ------------------------------------------------------------------------------------- the property

/** tfgraph's parse time of a file, at best of three when the first is over the limit. */
function parseMs(text: string): number {
  let best = Infinity
  for (let i = 0; i < 3 && best > TIME_LIMIT_MS; i++) {
    const t0 = performance.now()
    parseHclNative(text, FILE)
    best = Math.min(best, performance.now() - t0)
  }
  return best
}

async function agrees(text: string, verdicts: Map<Verdict, number>): Promise<void> {
  const c = await compareParsers(text, FILE)
  verdicts.set(c.verdict, (verdicts.get(c.verdict) ?? 0) + 1)
  if (c.difference) throw new Error(`${formatDifference(c.difference)}\n  text: ${JSON.stringify(text)}`)
  if (c.nativeMs > TIME_LIMIT_MS) {
    const ms = parseMs(text)
    if (ms > TIME_LIMIT_MS)
      throw new Error(`tfgraph's parser took ${ms.toFixed(0)} ms (limit ${TIME_LIMIT_MS}) on ${JSON.stringify(text.slice(0, 200))}…`)
  }
}

function summary(verdicts: Map<Verdict, number>): string {
  return [...verdicts].map(([v, n]) => `${n} ${v}`).join(', ')
}

test(`generated documents (${RUNS}, seed ${SEED}): tfgraph's parser agrees with hcl2json`, async () => {
  const verdicts = new Map<Verdict, number>()
  await fc.assert(
    fc.asyncProperty(documentArb, (text) => agrees(text, verdicts)),
    {seed: SEED, numRuns: RUNS, includeErrorInReport: true},
  )
  // the grammar is meant to produce valid documents: most of them must be, or the property tests little
  const valid = verdicts.get('valid') ?? 0
  const total = [...verdicts.values()].reduce((s, n) => s + n, 0)
  assert.ok(valid >= 0.8 * total, `only ${valid} of ${total} generated documents are valid for hcl2json (${summary(verdicts)})`)
})

test(`mutated files (${RUNS}, seed ${SEED}): tfgraph's parser agrees with hcl2json`, async () => {
  const seeds = mutationSeeds()
  assert.ok(seeds.texts.length > 0, `no files to mutate from ${seeds.from}`)
  const verdicts = new Map<Verdict, number>()
  const arb = fc.tuple(fc.nat({max: seeds.texts.length - 1}), fc.array(mutation, {minLength: 1, maxLength: 3}))
  await fc.assert(
    fc.asyncProperty(arb, ([i, ms]) => agrees(mutate(seeds.texts[i]!, ms), verdicts)),
    {seed: SEED, numRuns: RUNS, includeErrorInReport: true},
  )
  // breaking files must break some of them, or the property tests little
  assert.ok((verdicts.get('invalid') ?? 0) > 0, `no mutated file was invalid for hcl2json (${summary(verdicts)})`)
})

test.run()
