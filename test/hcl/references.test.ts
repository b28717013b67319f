// The reference reader (src/hcl/references.ts, over the syntax tree of src/hcl/native): a table of
// expressions and the references Terraform finds in them (hcl `Expression.Variables()` + `addrs.ParseRef`),
// then properties on arbitrary input.
import {getReferencesInExpression} from '@cdktf/hcl2json'
import fc from 'fast-check'
import {readdirSync, readFileSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {findProviderFunctionCalls, findReferences, type Reference, type ReferenceScanOptions} from '../../src/hcl/references.js'
import {parseHclNative} from '../../src/hcl/native/index.js'
import type {Body as ScanBody} from '../../src/hcl/syntax.js'
import {hasShared, sharedDir} from '../helpers/paths.js'

const addresses = (text: string, opts?: ReferenceScanOptions): string[] => findReferences(text, opts).map((r) => r.address)

// [expression, expected addresses in source order]
const NATIVE: readonly (readonly [string, readonly string[]])[] = [
  // roots
  ['var.region', ['var.region']],
  ['local.name', ['local.name']],
  ['aws_instance.web', ['aws_instance.web']],
  ['aws_instance.web.id', ['aws_instance.web']],
  ['data.aws_ami.ubuntu.id', ['data.aws_ami.ubuntu']],
  ['ephemeral.random_password.p.result', ['ephemeral.random_password.p']],
  ['resource.aws_instance.web.id', ['aws_instance.web']],
  ['module.net', ['module.net']],
  ['module.net.vpc_id', ['module.net.vpc_id']],
  ['module.net[0].vpc_id', ['module.net.vpc_id']],
  ['module.net["a"].vpc_id', ['module.net.vpc_id']],
  ['module.net[0]', ['module.net']],
  // a non-literal index ends the traversal: the whole call
  ['module.net[each.key].vpc_id', ['module.net']],
  ['module.net[*].vpc_id', ['module.net']],
  // not objects of the graph
  ['count.index', []],
  ['each.value.id', []],
  ['self.private_ip', []],
  ['path.module', []],
  ['terraform.workspace', []],
  ['true ? null : false', []],
  ['string', []],
  ['list(string)', []],
  // a single name, or a name followed by an index, is not a resource reference
  ['aws_instance', []],
  ['aws_instance["web"]', []],
  ['var', []],
  ['data.aws_ami', []],
  // index, splat and attribute chains
  ['aws_instance.a[0].id', ['aws_instance.a']],
  ['aws_instance.a["k"].id', ['aws_instance.a']],
  ['aws_instance.a[*].id', ['aws_instance.a']],
  ['aws_instance.a.*.id', ['aws_instance.a']],
  ['aws_instance.a.0.id', ['aws_instance.a']],
  ['aws_instance.a[count.index].id', ['aws_instance.a']],
  ['aws_instance.a[local.i].subnet.id', ['aws_instance.a', 'local.i']],
  ['aws_instance.a[var.k]["x"].id', ['aws_instance.a', 'var.k']],
  // identifiers may contain dashes
  ['var.my-var - 1', ['var.my-var']],
  ['aws_instance.web-1.id', ['aws_instance.web-1']],
  // functions, provider functions, attributes of results
  ['lookup(aws_x.y, "k", data.t.n.id)', ['aws_x.y', 'data.t.n']],
  ['lookup (var.m, "k")', ['var.m']],
  ['provider::aws::arn_parse(var.arn).region', ['var.arn']],
  ['f(x).aws_instance.web', []],
  ['(aws_instance.a).b.c', ['aws_instance.a']],
  ['[aws_instance.a][0].b.c', ['aws_instance.a']],
  // object keys
  ['{ foo = bar.baz }', ['bar.baz']],
  ['{ aws_instance = 1, "aws_x.y" = 2, key: var.v }', ['var.v']],
  ['{ (local.k) = 1 }', ['local.k']],
  // operators and conditionals
  ['var.a == var.b ? aws_a.b : aws_c.d', ['var.a', 'var.b', 'aws_a.b', 'aws_c.d']],
  ['!var.x && -local.n > 0.5e3 || 1.5 < var.y', ['var.x', 'local.n', 'var.y']],
  ['[var.a, var.b...]', ['var.a', 'var.b']],
  // strings and templates
  ['"aws_x.y and var.z"', []],
  ['"hello ${var.x} and aws_x.y ${local.z}"', ['var.x', 'local.z']],
  ['"$${var.x} %%{if var.y}"', []],
  ['"a \\"quoted\\" ${var.x}"', ['var.x']],
  ['"${ "nested ${var.inner}" }"', ['var.inner']],
  ['"${~ var.x ~}"', ['var.x']],
  ['"%{ if var.enabled }${var.a}%{ else }${var.b}%{ endif }"', ['var.enabled', 'var.a', 'var.b']],
  ['"%{ for s in var.list }${s.id}%{ endfor }${s.id}"', ['var.list', 's.id']],
  ['"%{for a in var.x}%{for b in a.y}${a.z}${b.w}%{endfor}${b.v}%{endfor}"', ['var.x', 'b.v']],
  // heredocs
  ['<<EOT\naws_x.y ${module.c.out}\nEOT', ['module.c.out']],
  ['<<-EOT\n  text var.x\n  ${var.y}\n  EOT', ['var.y']],
  ['<<EOT\n%{ for a in var.l }${a.b}%{ endfor }${a.c}\nEOT', ['var.l', 'a.c']],
  ['<<EOT\r\n${var.crlf}\r\nEOT', ['var.crlf']],
  ['<<EOT\nEOT', []],
  // comments
  ['var.a # aws_x.y', ['var.a']],
  ['var.a // aws_x.y', ['var.a']],
  ['var.a /* aws_x.y */ + var.b', ['var.a', 'var.b']],
  ['[\n  var.a, # aws_x.y\n  var.b,\n]', ['var.a', 'var.b']],
  // inside parentheses HCL continues a traversal over newlines and comments, as Terraform reads it
  ['(\n  module.c\n  .out\n)', ['module.c.out']],
  ['(data.t # the type\n  .n.id)', ['data.t.n']],
  // for expressions
  ['[for s in var.list : s.id]', ['var.list']],
  ['[for s in var.list : s.id if s.enabled]', ['var.list']],
  ['{ for k, v in var.m : k => v.x if v.y }', ['var.m']],
  ['{ for k, v in var.m : v.group => k... }', ['var.m']],
  ['[for s in s.list : s.x]', ['s.list']],
  ['[for x in a ? b.c : d.e : x.y]', ['b.c', 'd.e']],
  ['[for x in { a = 1 } : x.y]', []],
  ['[for a in var.l : [for b in a.m : b.n if a.o]]', ['var.l']],
  ['[for a in var.l : a.x][0].y.z', ['var.l']],
  ['[[for a in var.l : a.x], a.y]', ['var.l', 'a.y']],
  ['[forx.y, for.z]', ['forx.y', 'for.z']],
  // a comment before `for` (the iterator symbols are still in scope)
  ['{\n  # by key\n  for k, v in var.m : k => v.x\n}', ['var.m']],
  ['[ /* each */ for s in var.l : s.id]', ['var.l']],
  ['[\n  // each\n  for s in var.l : s.id if s.on\n]', ['var.l']],
  // object keys: a bare name is a literal key; other key expressions are read
  ['{ aws_x.y = 1, (var.k) = 2, "${local.s}" = 3 }', ['aws_x.y', 'var.k', 'local.s']],
]

test('native expressions: the table', () => {
  for (const [text, expected] of NATIVE) assert.equal(addresses(text), [...expected], text)
})

test('references carry their kind, parts and the offsets of the traversal', () => {
  const text = 'x = [aws_instance.a[0].id, module.c["k"].out, data.t.n, local.l, var.v]'
  const refs = findReferences(text)
  assert.equal(
    refs.map((r) => text.slice(r.start, r.end)),
    ['aws_instance.a', 'module.c["k"].out', 'data.t.n', 'local.l', 'var.v'],
  )
  assert.equal(refs[0], {kind: 'resource', mode: 'managed', type: 'aws_instance', name: 'a', address: 'aws_instance.a', start: 5, end: 19})
  assert.equal(refs[1], {kind: 'module', call: 'c', output: 'out', address: 'module.c.out', start: 27, end: 44})
  assert.equal(refs[2], {kind: 'resource', mode: 'data', type: 't', name: 'n', address: 'data.t.n', start: 46, end: 54})
  assert.equal(refs[3], {kind: 'local', name: 'l', address: 'local.l', start: 56, end: 63})
  assert.equal(refs[4], {kind: 'var', name: 'v', address: 'var.v', start: 65, end: 70})
})

test('scope: names bound around the expression (dynamic block iterators) are not references', () => {
  const scope = new Set(['ingress'])
  assert.equal(addresses('ingress.value.port + egress.value.port', {scope}), ['egress.value'])
  assert.equal(addresses('ingress.value.port + egress.value.port'), ['ingress.value', 'egress.value'])
  assert.equal(addresses('"${ingress.key}"', {scope}), [])
})

test('JSON values: strings are templates; depends_on-style strings are references', () => {
  const json = '{"a": "${var.x}", "b": ["x ${lookup(local.m, \\"k\\")} ${aws_x.y.id}"], "c": "aws_x.z is text", "d": 1}'
  const refs = findReferences(json, {syntax: 'json'})
  assert.equal(
    refs.map((r) => r.address),
    ['var.x', 'local.m', 'aws_x.y'],
  )
  // offsets point into the JSON text, escapes included
  assert.equal(
    refs.map((r) => json.slice(r.start, r.end)),
    ['var.x', 'local.m', 'aws_x.y'],
  )
  assert.equal(addresses('["aws_x.y", "module.c", "data.t.n"]', {syntax: 'json', jsonStringsAreExpressions: true}), [
    'aws_x.y',
    'module.c',
    'data.t.n',
  ])
  assert.equal(addresses('"aws_x.y"', {syntax: 'json'}), [])
  assert.equal(addresses('"$${var.x} \\u0024{var.y}"', {syntax: 'json'}), ['var.y'])
  assert.equal(addresses('"${[for s in var.l : s.id]}"', {syntax: 'json'}), ['var.l'])
  assert.equal(addresses('{"${var.key}": true}', {syntax: 'json'}), ['var.key'])
  assert.equal(addresses('"unterminated ${var.x', {syntax: 'json'}), ['var.x'])
  // a reference string written as a template is still read (`"depends_on": ["${aws_x.y}"]`)
  const dependsOn = '["${aws_x.y}", "module.c"]'
  const refs2 = findReferences(dependsOn, {syntax: 'json', jsonStringsAreExpressions: true})
  assert.equal(
    refs2.map((r) => [r.address, dependsOn.slice(r.start, r.end)]),
    [
      ['aws_x.y', 'aws_x.y'],
      ['module.c', 'module.c'],
    ],
  )
  // escapes before and inside a template: offsets still point into the JSON text
  const escaped = '{"\\u0061": "\\"q\\" ${lookup(var.m, \\"k\\")} ${\\u0020data.t.n.id}"}'
  assert.equal(
    findReferences(escaped, {syntax: 'json'}).map((r) => escaped.slice(r.start, r.end)),
    ['var.m', 'data.t.n'],
  )
})

test('malformed input: unbalanced brackets and quotes are scanned without throwing', () => {
  for (const text of [
    '(((',
    ')))',
    '"${',
    '"${var.x',
    '${var.x}',
    '<<',
    '<<EOT',
    '<<EOT\n${var.a',
    '[for',
    '[for x',
    '{for a in',
    '"%{for x in var.l}',
    '%{endfor}',
    '/*',
    '"\\',
    'var.',
    'module.',
    'data.x.',
    '[',
    '}}}var.x',
  ]) {
    assert.type(findReferences(text), 'object', text)
    assert.type(findReferences(text, {syntax: 'json'}), 'object', text)
    assert.type(findReferences(text, {syntax: 'json', jsonStringsAreExpressions: true}), 'object', text)
  }
  assert.equal(addresses(')] var.x'), ['var.x'])
  // a quoted string ends at a newline, as HCL requires
  assert.equal(addresses('"abc\nvar.x'), ['var.x'])
})

test('a deeply nested expression does not overflow the stack', () => {
  const depth = 200_000
  const text = '['.repeat(depth) + 'var.deep' + ']'.repeat(depth) + ' + "${'.repeat(1000) + 'local.x' + '}"'.repeat(1000)
  assert.equal(addresses(text), ['var.deep', 'local.x'])
})

test('deep nesting is read in pieces: scopes, steps, call arguments and offsets as in shallow text', () => {
  const inner = 's.x + aws_a.b.id + module.c[0].o + module.d[s].o + f(var.p, local.q)'
  const wrap = (n: number, open: string, close: string, core: string): string => open.repeat(n) + core + close.repeat(n)
  for (const n of [3, 150, 700]) {
    const cases: [string, string[]][] = [
      [`[for s in var.l : ${wrap(n, '[', ']', inner)}]`, ['var.l', 'aws_a.b', 'module.c.o', 'module.d', 'var.p', 'local.q']],
      [wrap(n, 'f(var.a, ', ')', 'var.z'), [...Array<string>(n).fill('var.a'), 'var.z']],
      [wrap(n, '{k = ', '}', 'aws_i.j[0].id'), ['aws_i.j']],
      [wrap(n, '"${', '}"', 'module.m["k"].out'), ['module.m.out']],
      [`{for k, v in var.m : k => ${wrap(n, '(', ')', 'v.a + k.b + data.t.n.id')}}`, ['var.m', 'data.t.n']],
      [`module.w[${wrap(n, '[', ']', '0')}].out`, ['module.w']],
    ]
    for (const [text, expected] of cases) {
      const refs = findReferences(text)
      assert.equal(
        refs.map((r) => r.address),
        expected,
        `${n}: ${text.slice(0, 60)}`,
      )
      for (const r of refs) assert.ok(text.slice(r.start, r.end).startsWith(r.address.split('.')[0]!), `${n}: ${r.address} at ${r.start}`)
    }
  }
  // JSON: a deeply nested template in a string, offsets into the JSON text
  const json = JSON.stringify({v: '${' + wrap(400, '[', ']', 'var.j') + '} ${local.k}'})
  assert.equal(
    findReferences(json, {syntax: 'json'}).map((r) => json.slice(r.start, r.end)),
    ['var.j', 'local.k'],
  )
})

// Property tests (fixed seeds).
const TOKENS = [
  '${',
  '%{',
  '}',
  '{',
  '"',
  '\\',
  '[',
  ']',
  '(',
  ')',
  ' ',
  '\n',
  '\r\n',
  'for ',
  ' in ',
  ' : ',
  '?',
  '.',
  '*',
  '#',
  '//',
  '/*',
  '*/',
  '<<EOT\n',
  '<<-X\n',
  '\nEOT',
  '\nX',
  'EOT',
  'var.x',
  'local.y',
  'module.m',
  '.out',
  'aws_x.y',
  'data.t.n',
  'each.key',
  '[0]',
  '["k"]',
  '$${',
  '%%{',
  'endfor',
  '~',
  '::',
  '=',
  ',',
  'x',
  's',
  '😀',
  '\ud800',
  'é',
]
const tokenText = fc.array(fc.constantFrom(...TOKENS), {maxLength: 40}).map((ts) => ts.join(''))
const anyText = fc.oneof(fc.string({unit: 'binary', maxLength: 60}), fc.string({maxLength: 60}), tokenText)

test('property: never throws on any text, and every reference lies inside the text, at its root name', () => {
  fc.assert(
    fc.property(anyText, (text) => {
      for (const r of findReferences(text)) {
        if (!(r.start >= 0 && r.start < r.end && r.end <= text.length)) return false
        const root =
          r.kind === 'var' ? 'var' : r.kind === 'local' ? 'local' : r.kind === 'module' ? 'module' : r.mode === 'managed' ? '' : r.mode
        const slice = text.slice(r.start, r.end)
        if (root !== '' && !slice.startsWith(root)) return false
        if (r.kind === 'resource' && !slice.includes(r.name)) return false
      }
      return true
    }),
    {numRuns: 3000, seed: 42},
  )
})

test('property: never throws on any text read as JSON, with offsets inside the text', () => {
  const jsonish = fc.oneof(
    anyText,
    fc.json({maxDepth: 3}),
    tokenText.map((t) => JSON.stringify({v: t, l: [t, {k: t}]})),
  )
  fc.assert(
    fc.property(jsonish, fc.boolean(), (text, expressions) => {
      for (const r of findReferences(text, {syntax: 'json', jsonStringsAreExpressions: expressions}))
        if (!(r.start >= 0 && r.start < r.end && r.end <= text.length)) return false
      return true
    }),
    {numRuns: 3000, seed: 7},
  )
})

test('property: a reference inside a string literal is found only inside ${…}', () => {
  const name = fc
    .stringMatching(/^[a-z][a-z0-9_]{0,8}$/)
    .filter(
      (n) =>
        ![
          'true',
          'false',
          'null',
          'for',
          'in',
          'if',
          'count',
          'each',
          'self',
          'path',
          'terraform',
          'string',
          'number',
          'bool',
          'any',
        ].includes(n),
    )
  fc.assert(
    fc.property(name, name, fc.string({unit: fc.constantFrom('a', ' ', '.', '-', ':'), maxLength: 10}), (type, rname, filler) => {
      const ref = `${type}.${rname}`
      const expect =
        type === 'var' || type === 'local'
          ? [ref]
          : type === 'module'
            ? [ref]
            : type === 'data' || type === 'ephemeral' || type === 'resource'
              ? []
              : [ref]
      assert.equal(addresses(`"${filler}${ref}${filler}"`), [])
      assert.equal(addresses(`"${filler}\${${ref}}${filler}"`), expect)
      assert.equal(addresses(`<<EOT\n${filler}${ref}\n\${${ref}}\nEOT`), expect)
      assert.equal(addresses(`[for ${type} in [] : ${ref}]`), [])
    }),
    {numRuns: 500, seed: 11},
  )
})

// Differential check against HCL's own parser (hcl2json's getReferencesInExpression, Go HCL compiled to
// WebAssembly) on a sample of real expressions: every object reference it finds, we find. (It misses some
// that we find: it drops references in for-expression bodies, e.g. `[for m in x : lookup(local.ctx, m)]`.)
const corpus = path.join(sharedDir, 'corpus')
const OTHER = new Set(['count', 'each', 'path', 'self', 'terraform', 'true', 'false', 'null'])

/** hcl2json's traversal text (`module.c."k"`, `aws_x.y.0.id`) → the object, with module calls whole. */
function objectOf(value: string): string | undefined {
  const parts = value.match(/"(?:[^"\\]|\\.)*"|[^.]+/g) ?? []
  const isIndex = (p: string | undefined): boolean => p === undefined || /^\d+$/.test(p) || p.startsWith('"')
  const [r, a, b] = parts
  if (r === undefined || OTHER.has(r) || isIndex(a)) return undefined
  if (r === 'var' || r === 'local' || r === 'module') return `${r}.${a}`
  if (r === 'data' || r === 'ephemeral' || r === 'resource') return isIndex(b) ? undefined : `${r === 'resource' ? '' : r + '.'}${a}.${b}`
  return `${r}.${a}`
}

const objectOfReference = (r: Reference): string => (r.kind === 'module' ? `module.${r.call}` : r.address)

const corpusTest = hasShared('hcl/references: the corpus differential', 'corpus') ? test : test.skip

corpusTest('differential: every reference HCL finds in a sample of corpus expressions is found', async () => {
  const files: string[] = []
  const walk = (d: string): void => {
    for (const e of readdirSync(d, {withFileTypes: true}).sort((x, y) => (x.name < y.name ? -1 : 1))) {
      if (e.isDirectory()) walk(path.join(d, e.name))
      else if (e.name.endsWith('.tf')) files.push(path.join(d, e.name))
    }
  }
  walk(corpus)
  const exprs: string[] = []
  const collect = (b: ScanBody): void => {
    for (const a of b.attributes) exprs.push(a.expr)
    for (const x of b.blocks) collect(x.body)
  }
  // every 4th file, every 100th expression (the whole corpus, 113,374 expressions, agreed too, in ~2 minutes)
  files.forEach((f, i) => i % 4 === 0 && collect(parseHclNative(readFileSync(f, 'utf8'), 'main.tf').file.body))
  assert.ok(exprs.length > 10_000, `${exprs.length} expressions`)
  let compared = 0
  let found = 0
  // hcl2json rewrites heredocs before parsing, so they are left out
  for (let i = 0; i < exprs.length; i += 100) {
    const e = exprs[i] ?? ''
    if (e.includes('<<')) continue
    const theirs = (await getReferencesInExpression('main.tf', '${' + e + '}'))
      .map((r) => objectOf(r.value))
      .filter((x): x is string => x !== undefined)
    const ours = new Set(findReferences(e).map(objectOfReference))
    for (const t of theirs) assert.ok(ours.has(t), `${JSON.stringify(e)}: HCL finds ${t}; we find ${[...ours].join(', ')}`)
    compared++
    found += theirs.length
  }
  assert.ok(compared > 200 && found > 120, `${compared} expressions, ${found} references compared`)
})

test('provider-defined function calls: name, provider, function and the range of the name (as Terraform 1.11.4 reports it)', () => {
  const calls = (text: string, opts?: ReferenceScanOptions) =>
    findProviderFunctionCalls(text, opts).map((c) => [c.name, c.provider, c.function, text.slice(c.start, c.end)])
  assert.equal(calls('provider::time::rfc3339_parse("x")'), [
    ['provider::time::rfc3339_parse', 'time', 'rfc3339_parse', 'provider::time::rfc3339_parse'],
  ])
  assert.equal(calls('[provider::a::f(1), provider :: b :: g (2)]'), [
    ['provider::a::f', 'a', 'f', 'provider::a::f'],
    ['provider::b::g', 'b', 'g', 'provider :: b :: g'],
  ])
  assert.equal(calls('"x-${provider::u::f(local.x)}"'), [['provider::u::f', 'u', 'f', 'provider::u::f']])
  assert.equal(calls('provider::time::alias::fn(1)'), [['provider::time::alias::fn', 'time', 'fn', 'provider::time::alias::fn']])
  assert.equal(calls('"provider::x::y(1)"'), [], 'string text')
  assert.equal(calls('core::abs(1) + foo(2) # provider::x::y(1)'), [], 'other namespaces, plain calls and comments')
  assert.equal(calls('{"value": "${provider::t::f(\\"x\\")}"}', {syntax: 'json'}), [['provider::t::f', 't', 'f', 'provider::t::f']])
  // the references around a call are still found, and the call is not one
  assert.equal(addresses('provider::aws::arn_parse(var.arn).region'), ['var.arn'])
})

test.run()
