import {existsSync, readdirSync, readFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import type {Diagnostic, Pos, SourceRange} from '../../src/diag/diagnostic.js'
import {parseHclNative} from '../../src/hcl/native/index.js'
import type {Attribute as ScanAttribute, Block as ScanBlock, Body as ScanBody} from '../../src/hcl/syntax.js'

/** The parser's tree without the values (this file checks structure and positions; values: differential.test.ts). */
function structure(b: ScanBody): ScanBody {
  return {
    // the expected objects below name no value and no expression node
    attributes: b.attributes.map((a) => ({
      kind: a.kind,
      name: a.name,
      nameRange: a.nameRange,
      exprRange: a.exprRange,
      expr: a.expr,
    })) as unknown as ScanAttribute[],
    blocks: b.blocks.map((k) => ({...k, body: structure(k.body)})),
    range: b.range,
  }
}

const scanNative = (text: string, filename: string): {body: ScanBody; diagnostics: Diagnostic[]} => {
  const r = parseHclNative(text, filename)
  return {body: structure(r.file.body), diagnostics: r.diagnostics}
}
import {hasShared, sharedDir} from '../helpers/paths.js'

const F = 'main.tf'
const P = (line: number, column: number, byte: number): Pos => ({line, column, byte})
const R = (l1: number, c1: number, b1: number, l2: number, c2: number, b2: number): SourceRange => ({
  filename: F,
  start: P(l1, c1, b1),
  end: P(l2, c2, b2),
})

/** Reference position of JS string index `i` (slow and obviously correct). */
function posOf(text: string, i: number): Pos {
  const before = text.slice(0, i)
  const nl = before.lastIndexOf('\n')
  let lineText = before.slice(nl + 1)
  if (nl < 0 && lineText.startsWith('\ufeff')) lineText = lineText.slice(1)
  return {line: before.split('\n').length, column: [...lineText].length + 1, byte: Buffer.byteLength(before)}
}

/** Reference range of the `nth` occurrence of `needle` in `text`. */
function rangeOf(text: string, needle: string, nth = 0): SourceRange {
  let i = -1
  for (let k = 0; k <= nth; k++) {
    i = text.indexOf(needle, i + 1)
    if (i < 0) throw new Error(`${needle} not found`)
  }
  return {filename: F, start: posOf(text, i), end: posOf(text, i + needle.length)}
}

function scan(text: string): {body: ScanBody; diagnostics: Diagnostic[]} {
  return scanNative(text, F)
}

function clean(text: string): ScanBody {
  const r = scan(text)
  assert.equal(r.diagnostics, [], 'no diagnostics expected')
  return r.body
}

function attr(body: ScanBody, name: string): ScanAttribute {
  const a = body.attributes.find((x) => x.name === name)
  if (!a) throw new Error(`attribute ${name} not found`)
  return a
}

function block(body: ScanBody, type: string, nth = 0): ScanBlock {
  const b = body.blocks.filter((x) => x.type === type)[nth]
  if (!b) throw new Error(`block ${type} not found`)
  return b
}

const exprs = (body: ScanBody): Record<string, string> => Object.fromEntries(body.attributes.map((a) => [a.name, a.expr]))
const summaries = (d: readonly Diagnostic[]): string[] => d.map((x) => x.summary)

/** Checks that every range is well formed and consistent with the text (byte <-> line/column <-> index). */
function checkRanges(text: string, body: ScanBody, filename = F): void {
  const buf = Buffer.from(text, 'utf8')
  const lineStarts = [0]
  for (let k = 0; k < buf.length; k++) if (buf[k] === 10) lineStarts.push(k + 1)
  const bom = text.charCodeAt(0) === 0xfeff
  const check = (p: Pos): void => {
    const ls = lineStarts[p.line - 1]
    assert.ok(ls !== undefined, `line ${p.line} exists`)
    let b = ls + (bom && p.line === 1 ? 3 : 0)
    const lineText = buf.subarray(b, lineStarts[p.line] ?? buf.length).toString('utf8')
    const cps = [...lineText].slice(0, p.column - 1)
    assert.is(cps.length, p.column - 1, `column ${p.column} within line ${p.line}`)
    b += Buffer.byteLength(cps.join(''))
    assert.is(p.byte, b, `byte of ${p.line}:${p.column}`)
  }
  const checkRange = (r: SourceRange): void => {
    assert.is(r.filename, filename)
    check(r.start)
    check(r.end)
    assert.ok(r.start.byte <= r.end.byte, 'start <= end')
  }
  // The file body starts at byte 0 (before any BOM).
  assert.equal(body.range.start, {line: 1, column: 1, byte: 0})
  check(body.range.end)
  const stack: ScanBody[] = [body]
  for (let b = stack.pop(); b; b = stack.pop()) {
    if (b !== body) checkRange(b.range)
    for (const a of b.attributes) {
      checkRange(a.nameRange)
      checkRange(a.exprRange)
      assert.is(buf.subarray(a.nameRange.start.byte, a.nameRange.end.byte).toString('utf8'), a.name)
      assert.is(buf.subarray(a.exprRange.start.byte, a.exprRange.end.byte).toString('utf8'), a.expr)
      assert.ok(a.nameRange.end.byte <= a.exprRange.start.byte)
    }
    for (const bl of b.blocks) {
      checkRange(bl.typeRange)
      checkRange(bl.declRange)
      checkRange(bl.range)
      assert.is(buf.subarray(bl.typeRange.start.byte, bl.typeRange.end.byte).toString('utf8'), bl.type)
      assert.equal(bl.declRange.start, bl.typeRange.start)
      assert.equal(bl.declRange.end, bl.labels.length ? bl.labels[bl.labels.length - 1]!.range.end : bl.typeRange.end)
      for (const l of bl.labels) checkRange(l.range)
      assert.ok(bl.range.start.byte <= bl.body.range.start.byte && bl.body.range.end.byte <= bl.range.end.byte)
      stack.push(bl.body)
    }
  }
}

// --- structure and exact ranges ------------------------------------------------------------------

test('module block: type, labels, declRange, range, body range, attributes', () => {
  const src = 'module "example" {\n  source = "./mod"\n  count  = 2\n}\n'
  const body = clean(src)
  assert.is(body.blocks.length, 1)
  assert.is(body.attributes.length, 0)
  const m = body.blocks[0]!
  assert.is(m.kind, 'block')
  assert.is(m.type, 'module')
  assert.equal(m.typeRange, R(1, 1, 0, 1, 7, 6))
  assert.equal(m.labels, [{value: 'example', range: R(1, 8, 7, 1, 17, 16)}])
  assert.equal(m.declRange, R(1, 1, 0, 1, 17, 16))
  assert.equal(m.range, R(1, 1, 0, 4, 2, 52))
  assert.equal(m.body.range, R(1, 19, 18, 4, 1, 51))
  assert.equal(m.body.attributes, [
    {kind: 'attribute', name: 'source', nameRange: R(2, 3, 21, 2, 9, 27), exprRange: R(2, 12, 30, 2, 19, 37), expr: '"./mod"'},
    {kind: 'attribute', name: 'count', nameRange: R(3, 3, 40, 3, 8, 45), exprRange: R(3, 12, 49, 3, 13, 50), expr: '2'},
  ])
  assert.equal(body.range, R(1, 1, 0, 5, 1, 53))
})

test('blocks without labels, with bare labels and with several labels', () => {
  const src = 'terraform {\n}\nresource "aws_s3_bucket" "b" {\n}\nfoo bar "baz" qux {\n}\n'
  const body = clean(src)
  assert.equal(
    body.blocks.map((b) => [b.type, b.labels.map((l) => l.value)]),
    [
      ['terraform', []],
      ['resource', ['aws_s3_bucket', 'b']],
      ['foo', ['bar', 'baz', 'qux']],
    ],
  )
  const t = body.blocks[0]!
  assert.equal(t.declRange, t.typeRange)
  assert.equal(t.declRange, R(1, 1, 0, 1, 10, 9))
  const r = body.blocks[1]!
  assert.equal(r.labels[0]!.range, rangeOf(src, '"aws_s3_bucket"'))
  assert.equal(r.labels[1]!.range, rangeOf(src, '"b"'))
  assert.equal(r.declRange, {filename: F, start: posOf(src, src.indexOf('resource')), end: rangeOf(src, '"b"').end})
  const f = body.blocks[2]!
  assert.equal(f.labels[0]!.range, rangeOf(src, 'bar'))
  assert.equal(f.labels[2]!.range, rangeOf(src, 'qux'))
  checkRanges(src, body)
})

test('single-line blocks', () => {
  const src = [
    'resource "a" "b" {}',
    'foo { a = 1 }',
    'bar {a=2}',
    'resource "x" "y" {',
    '  lifecycle { ignore_changes = all }',
    '}',
    '',
  ].join('\n')
  const body = clean(src)
  assert.equal(
    body.blocks.map((b) => b.type),
    ['resource', 'foo', 'bar', 'resource'],
  )
  const empty = body.blocks[0]!
  assert.equal(empty.body.attributes, [])
  assert.equal(empty.body.range, R(1, 19, 18, 1, 19, 18))
  assert.equal(empty.range, R(1, 1, 0, 1, 20, 19))
  const foo = body.blocks[1]!
  assert.equal(foo.body.attributes[0]!.exprRange, R(2, 11, 30, 2, 12, 31))
  assert.is(foo.body.attributes[0]!.expr, '1')
  assert.equal(foo.range, R(2, 1, 20, 2, 14, 33))
  assert.is(body.blocks[2]!.body.attributes[0]!.expr, '2')
  const res = body.blocks[3]!
  const lc = block(res.body, 'lifecycle')
  assert.equal(exprs(lc.body), {ignore_changes: 'all'})
  assert.equal(lc.range, rangeOf(src, 'lifecycle { ignore_changes = all }'))
  assert.equal(attr(lc.body, 'ignore_changes').exprRange, rangeOf(src, 'all'))
  checkRanges(src, body)
})

test('nested blocks', () => {
  const src = `resource "aws_instance" "web" {
  ami = "ami-123"

  dynamic "ebs" {
    for_each = var.disks
    content {
      size = ebs.value.size
    }
  }

  lifecycle {
    create_before_destroy = true
  }
}
`
  const body = clean(src)
  const r = body.blocks[0]!
  assert.equal(exprs(r.body), {ami: '"ami-123"'})
  assert.equal(
    r.body.blocks.map((b) => b.type),
    ['dynamic', 'lifecycle'],
  )
  const dyn = r.body.blocks[0]!
  assert.equal(
    dyn.labels.map((l) => l.value),
    ['ebs'],
  )
  assert.equal(exprs(dyn.body), {for_each: 'var.disks'})
  const content = block(dyn.body, 'content')
  assert.equal(exprs(content.body), {size: 'ebs.value.size'})
  assert.equal(content.range.start, P(6, 5, 98))
  assert.equal(content.range.end, posOf(src, src.indexOf('    }\n  }') + 5))
  checkRanges(src, body)
})

test('heredocs with interpolation, nested braces, quotes and indented markers', () => {
  const src = `locals {
  a = <<EOF
hello \${ {b = "}"}["b"] } "unbalanced {
  EOFX
EOF
  b = <<-EOT
    x %{ if true }y%{ endif } $\${lit} %%{lit}
    EOT
  c = jsonencode(<<JSON
{"k": "}"}
JSON
  )
  d = 1 # after
  e = <<EOF
\${<<INNER
in \${"}"}
INNER
}
EOF
  f = <<EOF
EOF
}
`
  const body = clean(src)
  const l = body.blocks[0]!
  assert.equal(exprs(l.body), {
    a: '<<EOF\nhello ${ {b = "}"}["b"] } "unbalanced {\n  EOFX\nEOF',
    b: '<<-EOT\n    x %{ if true }y%{ endif } $${lit} %%{lit}\n    EOT',
    c: 'jsonencode(<<JSON\n{"k": "}"}\nJSON\n  )',
    d: '1',
    e: '<<EOF\n${<<INNER\nin ${"}"}\nINNER\n}\nEOF',
    f: '<<EOF\nEOF',
  })
  assert.equal(attr(l.body, 'a').exprRange, {filename: F, start: P(2, 7, 15), end: P(5, 4, posOf(src, src.indexOf('EOF\n  b') + 3).byte)})
  assert.equal(attr(l.body, 'b').exprRange.end, P(8, 8, posOf(src, src.indexOf('EOT\n  c') + 3).byte))
  checkRanges(src, body)
})

test('CRLF heredoc', () => {
  const src = 'a = <<EOF\r\nx\r\nEOF\r\nb = 2\r\n'
  const body = clean(src)
  assert.equal(exprs(body), {a: '<<EOF\r\nx\r\nEOF', b: '2'})
  assert.equal(attr(body, 'a').exprRange, R(1, 5, 4, 3, 4, 17))
  checkRanges(src, body)
})

test('strings containing braces, comment markers and nested templates', () => {
  const src = [
    'a = "}"',
    'b = "# not // a /* comment */"',
    'c = "a${ {b = "}"}["b"] }c" # trailing',
    'd = "x${"y${"z"}"}w"',
    'e = "esc \\" } $${x} %%{y} \\\\"',
    'f = "${var.a}}"',
    'g = "%{ for x in ["}"] }${x}%{ endfor }"',
    'h = "${~ x ~}"',
    'i = { "k}" = "v{" }',
    '',
  ].join('\n')
  const body = clean(src)
  assert.equal(exprs(body), {
    a: '"}"',
    b: '"# not // a /* comment */"',
    c: '"a${ {b = "}"}["b"] }c"',
    d: '"x${"y${"z"}"}w"',
    e: '"esc \\" } $${x} %%{y} \\\\"',
    f: '"${var.a}}"',
    g: '"%{ for x in ["}"] }${x}%{ endfor }"',
    h: '"${~ x ~}"',
    i: '{ "k}" = "v{" }',
  })
  assert.equal(attr(body, 'c').exprRange, rangeOf(src, '"a${ {b = "}"}["b"] }c"'))
  checkRanges(src, body)
})

test('comments everywhere', () => {
  const src = `# top
// top2
/* multi
   line */
resource /* c1 */ "a" /* c2 */ "b" { # c3
  x = 1 # trailing
  y = [ # inside
    1, // inside2
    /* inside3 */ 2,
  ] /* trailing2 */
  z = /* lead */ 3 // trailing3
  w = 1 /* mid */ + 2
  # comment } with brace
  // comment { with brace
  /* comment } */
}
#no newline at end`
  const body = clean(src)
  assert.is(body.blocks.length, 1)
  const r = body.blocks[0]!
  assert.equal(
    r.labels.map((l) => l.value),
    ['a', 'b'],
  )
  assert.equal(r.labels[1]!.range, rangeOf(src, '"b"'))
  assert.equal(r.declRange.end, rangeOf(src, '"b"').end)
  assert.equal(exprs(r.body), {
    x: '1',
    y: '[ # inside\n    1, // inside2\n    /* inside3 */ 2,\n  ]',
    z: '3',
    w: '1 /* mid */ + 2',
  })
  const three = src.indexOf('3 // trailing3')
  assert.equal(attr(r.body, 'z').exprRange, {filename: F, start: posOf(src, three), end: posOf(src, three + 1)})
  checkRanges(src, body)
})

test('multi-line expressions: lists, maps, calls, for-expressions, conditionals, splats', () => {
  const src = `locals {
  l = [
    "a",
    "b",
  ]
  m = {
    k = "v"
    n = { x = 1 }
  }
  f = merge(
    var.a,
    { b = 2 },
  )
  fl = [for x in var.list : upper(x) if x != ""]
  fm = {
    for k, v in var.map :
    k => v...
  }
  c = (
    var.x
    ? "a"
    : "b"
  )
  s = var.list[*].id
  t = var.x ? { a = 1 } : { a = 2 }
  u = a / b
  v = 1<2 ? "<<" : "x"
  w = -1
}
`
  const body = clean(src)
  const l = body.blocks[0]!
  const e = exprs(l.body)
  assert.is(e.l, '[\n    "a",\n    "b",\n  ]')
  assert.is(e.m, '{\n    k = "v"\n    n = { x = 1 }\n  }')
  assert.is(e.f, 'merge(\n    var.a,\n    { b = 2 },\n  )')
  assert.is(e.fl, '[for x in var.list : upper(x) if x != ""]')
  assert.is(e.fm, '{\n    for k, v in var.map :\n    k => v...\n  }')
  assert.is(e.c, '(\n    var.x\n    ? "a"\n    : "b"\n  )')
  assert.is(e.s, 'var.list[*].id')
  assert.is(e.t, 'var.x ? { a = 1 } : { a = 2 }')
  assert.is(e.u, 'a / b')
  assert.is(e.v, '1<2 ? "<<" : "x"')
  assert.is(e.w, '-1')
  assert.is(l.body.blocks.length, 0)
  assert.equal(attr(l.body, 'm').exprRange, {filename: F, start: P(6, 7, 45), end: P(9, 4, 80)})
  checkRanges(src, body)
})

// --- encodings --------------------------------------------------------------------------------------

test('non-ASCII text: columns in code points, bytes in UTF-8', () => {
  const src = '# héllo wörld 😀\nα = "ü😀"\nb = 1\n/* é */ c = "😀" # ü\n'
  const body = clean(src)
  assert.equal(body.attributes, [
    {kind: 'attribute', name: 'α', nameRange: R(2, 1, 21, 2, 2, 23), exprRange: R(2, 5, 26, 2, 9, 34), expr: '"ü😀"'},
    {kind: 'attribute', name: 'b', nameRange: R(3, 1, 35, 3, 2, 36), exprRange: R(3, 5, 39, 3, 6, 40), expr: '1'},
    {kind: 'attribute', name: 'c', nameRange: R(4, 9, 50, 4, 10, 51), exprRange: R(4, 13, 54, 4, 16, 60), expr: '"😀"'},
  ])
  assert.equal(body.range.end, P(5, 1, Buffer.byteLength(src)))
  checkRanges(src, body)
})

test('non-ASCII labels and block bodies', () => {
  const src = 'resource "ünï" "😀x" {\n  name = "日本語"\n  tags = { k = "é" }\n}\n'
  const body = clean(src)
  const r = body.blocks[0]!
  assert.equal(r.labels, [
    {value: 'ünï', range: R(1, 10, 9, 1, 15, 16)},
    {value: '😀x', range: R(1, 16, 17, 1, 20, 24)},
  ])
  assert.equal(r.declRange, R(1, 1, 0, 1, 20, 24))
  assert.equal(attr(r.body, 'name').exprRange, R(2, 10, 36, 2, 15, 47))
  checkRanges(src, body)
})

test('CRLF line endings count as one newline', () => {
  const src = 'a = 1\r\nb {\r\n  c = "x"\r\n}\r\n'
  const body = clean(src)
  assert.equal(body.attributes, [{kind: 'attribute', name: 'a', nameRange: R(1, 1, 0, 1, 2, 1), exprRange: R(1, 5, 4, 1, 6, 5), expr: '1'}])
  const b = body.blocks[0]!
  assert.equal(b.typeRange, R(2, 1, 7, 2, 2, 8))
  assert.equal(b.body.attributes[0]!.nameRange, R(3, 3, 14, 3, 4, 15))
  assert.equal(b.body.attributes[0]!.exprRange, R(3, 7, 18, 3, 10, 21))
  assert.equal(b.body.range, R(2, 4, 10, 4, 1, 23))
  assert.equal(b.range, R(2, 1, 7, 4, 2, 24))
  checkRanges(src, body)
})

test('a leading BOM is skipped (columns start after it; bytes are file offsets)', () => {
  const src = '\ufeffa = 1\nb = "é"\n'
  const body = clean(src)
  assert.equal(body.attributes[0]!.nameRange, R(1, 1, 3, 1, 2, 4))
  assert.equal(body.attributes[0]!.exprRange, R(1, 5, 7, 1, 6, 8))
  assert.equal(body.attributes[1]!.nameRange, R(2, 1, 9, 2, 2, 10))
  assert.equal(body.range, R(1, 1, 0, 3, 1, 18))
  checkRanges(src, body)
  assert.equal(clean('\ufeff').range, R(1, 1, 0, 1, 1, 3))
})

test('quoted labels: escapes are decoded', () => {
  const src = 'x "a\\"b\\\\c\\n\\t\\r\\u00e9\\U0001F600$${d}%%{e}" {}\n'
  const body = clean(src)
  const b = body.blocks[0]!
  assert.is(b.labels[0]!.value, 'a"b\\c\n\t\ré😀${d}%{e}')
  assert.equal(b.labels[0]!.range, {filename: F, start: P(1, 3, 2), end: posOf(src, src.indexOf(' {'))})
  checkRanges(src, body)
})

test('unicode identifiers, dashes and digits in names', () => {
  const body = clean('résumé-2_x = 1\nblock-type lbl-1 {\n}\n')
  assert.equal(exprs(body), {'résumé-2_x': '1'})
  assert.equal(
    body.blocks[0]!.labels.map((l) => l.value),
    ['lbl-1'],
  )
})

test('empty and comment-only files', () => {
  for (const src of ['', '\n\n', '# only\n', '/* a */', '  \t\r\n']) {
    const body = clean(src)
    assert.equal(body.attributes, [])
    assert.equal(body.blocks, [])
    assert.equal(body.range.start, P(1, 1, 0))
    assert.equal(body.range.end, posOf(src, src.length))
  }
})

// --- malformed input ---------------------------------------------------------------------------------

test('fuzz: random HCL-ish input never throws and keeps ranges consistent', () => {
  const pieces = [
    'a',
    'b = ',
    '"',
    '${',
    '%{',
    '}',
    '{',
    '[',
    ']',
    '(',
    ')',
    '\n',
    '\r\n',
    ' ',
    '#',
    '//',
    '/*',
    '*/',
    '<<EOF\n',
    'EOF',
    '\\',
    'é',
    '😀',
    '$$',
    'x {',
    '"l"',
    '=',
    ',',
    '\u0000',
    '\ufeff',
    '<<-',
    '~',
  ]
  let seed = 12345
  const rnd = (n: number): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed % n
  }
  for (let k = 0; k < 3000; k++) {
    let s = ''
    const n = 1 + rnd(40)
    for (let j = 0; j < n; j++) s += pieces[rnd(pieces.length)]
    const r = scanNative(s, F)
    if (!s.includes('\u0000')) checkRanges(s, r.body)
    for (const d of r.diagnostics) {
      assert.ok(d.range, 'diagnostics have ranges')
      assert.ok(d.summary.length > 0 && d.detail.length > 0)
    }
  }
})

// --- limits -----------------------------------------------------------------------------------------

test('10,000 nested brackets, interpolations and blocks are refused with one diagnostic, never a stack overflow', () => {
  const n = 10000
  for (const src of [
    'a = ' + '['.repeat(n) + ']'.repeat(n) + '\n',
    'a = ' + '"${'.repeat(n) + 'x' + '}"'.repeat(n) + '\n',
    'b {\n'.repeat(n) + 'x = 1\n' + '}\n'.repeat(n),
    'c { '.repeat(n),
    'a = ' + '('.repeat(n) + '\nb = 1\n',
    'a = ' + '-'.repeat(n) + '1\n',
  ]) {
    const r = scan(src)
    assert.equal(summaries(r.diagnostics), ['Configuration nested too deeply'])
  }
  // 400 levels are read
  const ok = clean('b {\n'.repeat(400) + 'x = 1\n' + '}\n'.repeat(400))
  assert.is(ok.blocks.length, 1)
})

test('pathological inputs stay linear', () => {
  const cases = [
    'a = [\n'.repeat(20000),
    'a = "\n'.repeat(20000),
    '/*\n'.repeat(20000),
    'a = 1 /*\n'.repeat(20000),
    'a = <<EOF\n'.repeat(20000),
    '}\n'.repeat(20000),
    '"'.repeat(100000),
    'x "'.repeat(50000),
    '('.repeat(100000),
    ')]}'.repeat(50000),
    'a = ' + '"${'.repeat(50000),
    'é '.repeat(100000),
    'a = (1]\n'.repeat(20000),
  ]
  for (const src of cases) {
    const t0 = performance.now()
    const r = scanNative(src, F)
    const ms = performance.now() - t0
    assert.ok(ms < 2000, `took ${ms.toFixed(0)} ms on ${JSON.stringify(src.slice(0, 12))}`)
    assert.ok(r.diagnostics.length > 0)
  }
})

// --- the shared corpus --------------------------------------------------------------------------------

const CORPUS = join(sharedDir, 'corpus')

function tfFiles(dir: string): string[] {
  const out: string[] = []
  const stack = [dir]
  for (let d = stack.pop(); d !== undefined; d = stack.pop()) {
    for (const e of readdirSync(d, {withFileTypes: true})) {
      const p = join(d, e.name)
      if (e.isDirectory()) stack.push(p)
      else if (e.isFile() && e.name.endsWith('.tf')) out.push(p)
    }
  }
  return out.sort()
}

if (hasShared('hcl/scan: the corpus files', 'corpus')) {
  test('corpus: every .tf file scans without diagnostics and with consistent ranges', () => {
    const files = tfFiles(CORPUS)
    assert.ok(files.length > 0)
    const texts = files.map((f) => readFileSync(f, 'utf8'))
    let bytes = 0
    const t0 = performance.now()
    const results = texts.map((t, k) => {
      bytes += t.length
      return scanNative(t, relative(CORPUS, files[k]!))
    })
    const ms = performance.now() - t0
    console.log(`  scanned ${files.length} files (${(bytes / 1e6).toFixed(1)} MB) in ${ms.toFixed(0)} ms`)
    results.forEach((r, k) => {
      assert.equal(r.diagnostics, [], files[k])
      checkRanges(texts[k]!, r.body, relative(CORPUS, files[k]!))
    })
  })

  test('corpus: structure of a few real files', () => {
    const vpc = join(CORPUS, 'terraform-aws-modules__terraform-aws-vpc')
    assert.ok(existsSync(vpc), `${vpc} is part of the shared corpus`)
    const versions = readFileSync(join(vpc, 'versions.tf'), 'utf8')
    const v = scanNative(versions, 'versions.tf')
    assert.equal(v.diagnostics, [])
    assert.equal(
      v.body.blocks.map((b) => b.type),
      ['terraform'],
    )
    const tf = v.body.blocks[0]!
    assert.equal(exprs(tf.body), {required_version: '">= 1.0"'})
    assert.equal(
      tf.body.blocks.map((b) => [b.type, b.labels.map((l) => l.value)]),
      [
        ['required_providers', []],
        ['provider_meta', ['aws']],
      ],
    )
    assert.is(exprs(tf.body.blocks[0]!.body).aws, '{\n      source  = "hashicorp/aws"\n      version = ">= 6.28"\n    }')

    const flow = scanNative(readFileSync(join(vpc, 'vpc-flow-logs.tf'), 'utf8'), 'vpc-flow-logs.tf')
    assert.equal(flow.diagnostics, [])
    assert.equal(
      flow.body.blocks.map((b) => [b.type, ...b.labels.map((l) => l.value)].join(' ')),
      [
        'data aws_region current',
        'data aws_caller_identity current',
        'data aws_partition current',
        'locals',
        'resource aws_flow_log this',
        'resource aws_cloudwatch_log_group flow_log',
        'resource aws_iam_role vpc_flow_log_cloudwatch',
        'data aws_iam_policy_document flow_log_cloudwatch_assume_role',
        'resource aws_iam_role_policy_attachment vpc_flow_log_cloudwatch',
        'resource aws_iam_policy vpc_flow_log_cloudwatch',
        'data aws_iam_policy_document vpc_flow_log_cloudwatch',
      ],
    )
    assert.equal(
      flow.body.blocks.map((b) => b.range.start.line),
      [1, 7, 11, 15, 34, 65, 79, 92, 118, 125, 134],
    )

    const main = scanNative(readFileSync(join(vpc, 'main.tf'), 'utf8'), 'main.tf')
    assert.equal(main.diagnostics, [])
    const locals = main.body.blocks[0]!
    assert.is(locals.type, 'locals')
    assert.is(
      exprs(locals.body).max_subnet_length,
      'max(\n    local.len_private_subnets,\n    local.len_public_subnets,\n    local.len_elasticache_subnets,\n    local.len_database_subnets,\n    local.len_redshift_subnets,\n  )',
    )
    const awsVpc = main.body.blocks[1]!
    assert.equal([awsVpc.type, ...awsVpc.labels.map((l) => l.value)], ['resource', 'aws_vpc', 'this'])
    assert.equal(awsVpc.declRange, {
      filename: 'main.tf',
      start: P(28, 1, awsVpc.range.start.byte),
      end: P(28, 26, awsVpc.range.start.byte + 25),
    })
  })

  test('corpus: structure and expressions agree with hcl2json on a sample', async () => {
    const {parse} = await import('@cdktf/hcl2json')
    const files = tfFiles(CORPUS).filter((_, k) => k % 40 === 0)
    for (const f of files) {
      const text = readFileSync(f, 'utf8')
      const json: unknown = await parse(f, text)
      compareWithJson(scanNative(text, f).body, json, relative(CORPUS, f))
    }
  })
} else {
  test.skip('corpus: every .tf file scans without diagnostics (no corpus)', () => {})
}

type Json = null | boolean | number | string | readonly Json[] | {readonly [key: string]: Json}

function isObject(v: unknown): v is {readonly [key: string]: Json} {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** Blocks map to hcl2json's nested objects by type/labels/occurrence; non-literal expressions to `${expr}`. */
function compareWithJson(body: ScanBody, json: unknown, where: string): void {
  assert.ok(isObject(json), where)
  for (const a of body.attributes) {
    assert.ok(a.name in json, `${where}: attribute ${a.name}`)
    const v = json[a.name]
    if (typeof v === 'string' && v.startsWith('${') && !a.expr.startsWith('"') && !a.expr.startsWith('<<')) {
      assert.is(v, '${' + a.expr + '}', `${where}: ${a.name}`)
    }
  }
  const seen = new Map<string, number>()
  for (const b of body.blocks) {
    let node: unknown = json[b.type]
    for (const l of b.labels) node = isObject(node) ? node[l.value] : undefined
    const key = [b.type, ...b.labels.map((l) => l.value)].join('\u0000')
    const n = seen.get(key) ?? 0
    seen.set(key, n + 1)
    assert.ok(Array.isArray(node), `${where}: block ${key}`)
    compareWithJson(b.body, (node as readonly unknown[])[n], `${where} ${b.type}`)
  }
}

test.run()
