import {execFileSync} from 'node:child_process'
import {readFileSync} from 'node:fs'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {diagnosticString, formatRange, type Diagnostic, type Pos} from '../../src/diag/diagnostic.js'
import {parseJsonConfig} from '../../src/hcl/parse-json.js'
import type {Attribute, Block, Body, Value} from '../../src/hcl/syntax.js'
import {hasShared, sharedDir} from '../helpers/paths.js'

const F = 'main.tf.json'

function parse(text: string) {
  return parseJsonConfig(text, F)
}

/** Parses text that must give no diagnostics. */
function ok(text: string): Body {
  const r = parse(text)
  assert.equal(r.diagnostics.map(diagnosticString), [], 'no diagnostics expected')
  assert.is(r.file.syntax, 'json')
  assert.is(r.file.filename, F)
  return r.file.body
}

/** `type label…` for each block, recursively, with attribute values: a compact picture of the tree. */
function shape(body: Body): unknown[] {
  const out: unknown[] = []
  for (const a of body.attributes) out.push({[a.name]: a.value})
  for (const b of body.blocks) out.push({[[b.type, ...b.labels.map((l) => l.value)].join(' ')]: shape(b.body)})
  return out
}

function block(body: Body, type: string, i = 0): Block {
  const b = body.blocks.filter((x) => x.type === type)[i]
  if (!b) throw new Error(`no block ${type}[${i}]`)
  return b
}

function attr(body: Body, name: string): Attribute {
  const a = body.attributes.find((x) => x.name === name)
  if (!a) throw new Error(`no attribute ${name}`)
  return a
}

function values(body: Body): Record<string, Value> {
  return Object.fromEntries(body.attributes.map((a) => [a.name, a.value]))
}

/** The position of the n-th occurrence of `needle` (plus `delta` characters), computed independently. */
function posOf(text: string, needle: string, delta = 0, nth = 0): Pos {
  let i = -1
  for (let k = 0; k <= nth; k++) {
    i = text.indexOf(needle, i + 1)
    if (i < 0) throw new Error(`not found: ${needle}`)
  }
  const offset = i + delta
  const before = text.slice(0, offset)
  const lineStart = before.lastIndexOf('\n') + 1
  const lineText = before
    .slice(lineStart)
    .replace(/^\ufeff/, '')
    .replace(/\r/g, '')
  return {line: before.split('\n').length, column: [...lineText].length + 1, byte: Buffer.byteLength(before)}
}

function summaries(diags: readonly Diagnostic[]): string[] {
  return diags.map((d) => d.summary)
}

// ---------------------------------------------------------------------------------------------------------
// Top-level block kinds

test('resource, data and ephemeral: two labels, object form', () => {
  const body = ok(`{
  "resource": {"aws_instance": {"web": {"ami": "ami-1", "count": 2}}},
  "data": {"aws_ami": {"ubuntu": {"most_recent": true}}},
  "ephemeral": {"random_password": {"db": {"length": 16}}}
}`)
  assert.equal(shape(body), [
    {'resource aws_instance web': [{ami: 'ami-1'}, {count: 2}]},
    {'data aws_ami ubuntu': [{most_recent: true}]},
    {'ephemeral random_password db': [{length: 16}]},
  ])
})

test('module, provider, variable, output, check, action: labels', () => {
  const body = ok(`{
  "module": {"net": {"source": "./net", "cidr": "10.0.0.0/16"}},
  "provider": {"aws": {"region": "eu-west-1"}},
  "variable": {"region": {"default": "eu-west-1", "nullable": false}},
  "output": {"id": {"value": "\${aws_instance.web.id}", "sensitive": true}},
  "check": {"health": {"assert": {"condition": "\${true}", "error_message": "bad"}}},
  "action": {"aws_lambda_invoke": {"notify": {"config": {"function_name": "f"}}}}
}`)
  assert.equal(shape(body), [
    {'module net': [{source: './net'}, {cidr: '10.0.0.0/16'}]},
    {'provider aws': [{region: 'eu-west-1'}]},
    {'variable region': [{default: 'eu-west-1'}, {nullable: false}]},
    {'output id': [{value: '${aws_instance.web.id}'}, {sensitive: true}]},
    {'check health': [{assert: [{condition: '${true}'}, {error_message: 'bad'}]}]},
    {'action aws_lambda_invoke notify': [{config: [{function_name: 'f'}]}]},
  ])
})

test('locals, terraform, moved, import, removed, language: no labels', () => {
  const body = ok(`{
  "locals": {"a": 1, "b": "x"},
  "terraform": {"required_version": ">= 1.5"},
  "moved": {"from": "aws_instance.a", "to": "aws_instance.b"},
  "import": {"to": "aws_instance.c", "id": "i-123"},
  "removed": {"from": "aws_instance.d", "lifecycle": {"destroy": false}},
  "language": {"compatible_with": {"opentofu": ">= 1.10"}}
}`)
  assert.equal(shape(body), [
    {locals: [{a: 1}, {b: 'x'}]},
    {terraform: [{required_version: '>= 1.5'}]},
    {moved: [{from: '${aws_instance.a}'}, {to: '${aws_instance.b}'}]},
    {import: [{to: '${aws_instance.c}'}, {id: 'i-123'}]},
    {removed: [{from: '${aws_instance.d}'}, {lifecycle: [{destroy: false}]}]},
    {language: [{compatible_with: {opentofu: '>= 1.10'}}]},
  ])
})

test('terraform block: required_providers, backend, cloud, provider_meta, state_store, encryption', () => {
  const body = ok(`{"terraform": {
  "required_providers": {"aws": {"source": "hashicorp/aws", "version": "~> 5.0", "configuration_aliases": ["aws.west"]}, "null": ">= 3.0"},
  "backend": {"s3": {"bucket": "b", "key": "k"}},
  "cloud": {"organization": "o", "workspaces": {"name": "w"}},
  "provider_meta": {"aws": {"module_name": "m"}},
  "state_store": {"fs": {"provider": {"local": {"path": "p"}}}},
  "encryption": {"key_provider": {"pbkdf2": {"k": {"passphrase": "x"}}}, "method": {"aes_gcm": {"m": {"keys": "\${key_provider.pbkdf2.k}"}}},
                 "state": {"method": "\${method.aes_gcm.m}", "fallback": {"method": "\${method.unencrypted.u}"}}},
  "experiments": ["some_experiment"]
}}`)
  const tf = block(body, 'terraform')
  assert.equal(shape(tf.body), [
    {experiments: ['${some_experiment}']},
    {
      required_providers: [{aws: {configuration_aliases: ['${aws.west}'], source: 'hashicorp/aws', version: '~> 5.0'}}, {null: '>= 3.0'}],
    },
    {'backend s3': [{bucket: 'b'}, {key: 'k'}]},
    {cloud: [{organization: 'o'}, {workspaces: [{name: 'w'}]}]},
    {'provider_meta aws': [{module_name: 'm'}]},
    {'state_store fs': [{'provider local': [{path: 'p'}]}]},
    {
      encryption: [
        {'key_provider pbkdf2 k': [{passphrase: 'x'}]},
        {'method aes_gcm m': [{keys: '${key_provider.pbkdf2.k}'}]},
        {state: [{method: '${method.aes_gcm.m}'}, {fallback: [{method: '${method.unencrypted.u}'}]}]},
      ],
    },
  ])
})

test('a top-level required_providers block is read (the loader explains where it belongs)', () => {
  const body = ok('{"required_providers": {"aws": {"source": "hashicorp/aws"}}}')
  assert.equal(shape(body), [{required_providers: [{aws: {source: 'hashicorp/aws'}}]}])
})

test('unknown top-level properties: HCL JSON wording with a suggestion', () => {
  const text = '{"resources": {}, "whatever": 1, "provider": {"aws": {}}}'
  const r = parse(text)
  assert.equal(r.diagnostics.map(diagnosticString), [
    'main.tf.json:1,2-13: Extraneous JSON object property; No argument or block type is named "resources". Did you mean "resource"?',
    'main.tf.json:1,19-29: Extraneous JSON object property; No argument or block type is named "whatever".',
  ])
  assert.equal(shape(r.file.body), [{'provider aws': []}])
})

// ---------------------------------------------------------------------------------------------------------
// Object and array forms

test('array forms: at a label level and at the body level', () => {
  const body = ok(`{
  "provider": {"aws": [{"region": "a"}, {"alias": "b", "region": "b"}]},
  "resource": [
    {"aws_instance": {"a": {"ami": "1"}}},
    {"aws_instance": [{"b": {"ami": "2"}}, {"c": {"ami": "3"}}]}
  ],
  "variable": [{"x": {}}, {"y": {"default": 1}}],
  "locals": [{"l1": 1}, {"l2": 2}]
}`)
  assert.equal(shape(body), [
    {'provider aws': [{region: 'a'}]},
    {'provider aws': [{alias: 'b'}, {region: 'b'}]},
    {'resource aws_instance a': [{ami: '1'}]},
    {'resource aws_instance b': [{ami: '2'}]},
    {'resource aws_instance c': [{ami: '3'}]},
    {'variable x': []},
    {'variable y': [{default: 1}]},
    {locals: [{l1: 1}]},
    {locals: [{l2: 2}]},
  ])
})

test('one block type key may appear several times; null bodies give no block', () => {
  const body = ok('{"resource": {"a": {"x": {}}}, "locals": null, "resource": {"a": {"y": {"lifecycle": null}}}}')
  assert.equal(shape(body), [{'resource a x': []}, {'resource a y': []}])
})

test('a body given as an array of objects inside the array form is one merged body', () => {
  const body = ok('{"variable": {"v": [[{"type": "string"}, {"default": "d"}]]}}')
  assert.equal(shape(body), [{'variable v': [{type: '${string}'}, {default: 'd'}]}])
})

// ---------------------------------------------------------------------------------------------------------
// Nested blocks

test('resource bodies: lifecycle, provisioner with connection, dynamic with content, escaping block', () => {
  const body = ok(`{"resource": {"aws_instance": {"web": {
  "ami": "ami-1",
  "connection": {"type": "ssh", "host": "\${self.public_ip}"},
  "lifecycle": {
    "create_before_destroy": true,
    "ignore_changes": ["tags", "ami"],
    "replace_triggered_by": ["aws_instance.other.id"],
    "precondition": [{"condition": "\${var.ok}", "error_message": "a"}, {"condition": "\${var.ok2}", "error_message": "b"}],
    "postcondition": {"condition": "\${self.id != \\"\\"}", "error_message": "c"},
    "action_trigger": {"events": ["before_create", "after_update"], "actions": ["action.aws_lambda_invoke.notify"]}
  },
  "provisioner": [
    {"local-exec": {"command": "echo hi", "when": "destroy", "on_failure": "continue"}},
    {"remote-exec": {"inline": ["a"], "connection": {"host": "h"}}}
  ],
  "dynamic": {"ingress": {
    "for_each": "\${var.rules}",
    "iterator": "rule",
    "content": {"port": "\${rule.value}", "dynamic": {"cidr": {"for_each": "\${rule.value.cidrs}", "content": {"block": "\${cidr.value}"}}}}
  }},
  "_": {"count": 1}
}}}}`)
  const web = block(body, 'resource')
  assert.equal(shape(web.body), [
    {ami: 'ami-1'},
    {connection: [{type: 'ssh'}, {host: '${self.public_ip}'}]},
    {
      lifecycle: [
        {create_before_destroy: true},
        {ignore_changes: ['${tags}', '${ami}']},
        {replace_triggered_by: ['${aws_instance.other.id}']},
        {precondition: [{condition: '${var.ok}'}, {error_message: 'a'}]},
        {precondition: [{condition: '${var.ok2}'}, {error_message: 'b'}]},
        {postcondition: [{condition: '${self.id != ""}'}, {error_message: 'c'}]},
        {action_trigger: [{events: ['${before_create}', '${after_update}']}, {actions: ['${action.aws_lambda_invoke.notify}']}]},
      ],
    },
    {'provisioner local-exec': [{command: 'echo hi'}, {when: '${destroy}'}, {on_failure: '${continue}'}]},
    {'provisioner remote-exec': [{inline: ['a']}, {connection: [{host: 'h'}]}]},
    {
      'dynamic ingress': [
        {for_each: '${var.rules}'},
        {iterator: '${rule}'},
        {content: [{port: '${rule.value}'}, {'dynamic cidr': [{for_each: '${rule.value.cidrs}'}, {content: [{block: '${cidr.value}'}]}]}]},
      ],
    },
    {_: [{count: 1}]},
  ])
})

test('variable validation, output preconditions, check data + assert, module lifecycle', () => {
  const body = ok(`{
  "variable": {"v": {"type": "list(string)", "validation": [{"condition": "\${length(var.v) > 0}", "error_message": "e"}]}},
  "output": {"o": {"value": "\${1}", "depends_on": ["aws_instance.a"], "precondition": {"condition": "\${true}", "error_message": "p"}}},
  "check": {"c": {"data": {"http": {"h": {"url": "https://x", "provider": "http.alt"}}}, "assert": {"condition": "\${true}", "error_message": "m"}}},
  "module": {"m": {"source": "./m", "lifecycle": {"enabled": "\${var.on}"}}}
}`)
  assert.equal(shape(body), [
    {'variable v': [{type: '${list(string)}'}, {validation: [{condition: '${length(var.v) > 0}'}, {error_message: 'e'}]}]},
    {'output o': [{value: '${1}'}, {depends_on: ['${aws_instance.a}']}, {precondition: [{condition: '${true}'}, {error_message: 'p'}]}]},
    {
      'check c': [
        {'data http h': [{url: 'https://x'}, {provider: '${http.alt}'}]},
        {assert: [{condition: '${true}'}, {error_message: 'm'}]},
      ],
    },
    {'module m': [{source: './m'}, {lifecycle: [{enabled: '${var.on}'}]}]},
  ])
})

test('module and provider bodies: unknown names are attributes, objects stay values', () => {
  const body = ok(`{
  "module": {"m": {"source": "./m", "settings": {"b": 1, "a": [{"x": true}]}, "tags": [{"k": "v"}]}},
  "provider": {"aws": {"assume_role": {"role_arn": "r"}, "default_tags": [{"tags": {"t": "1"}}]}}
}`)
  assert.equal(shape(body), [
    {'module m': [{source: './m'}, {settings: {a: [{x: true}], b: 1}}, {tags: [{k: 'v'}]}]},
    {'provider aws': [{assume_role: {role_arn: 'r'}}, {default_tags: [{tags: {t: '1'}}]}]},
  ])
})

// ---------------------------------------------------------------------------------------------------------
// Meta-arguments written as strings

test('meta-arguments Terraform reads as references or keywords get the hcl2json ${…} form', () => {
  const body = ok(`{
  "resource": {"aws_instance": {"a": {
    "provider": "aws.west", "depends_on": ["aws_vpc.main", "module.net"], "count": "\${var.n}", "for_each": "\${toset(var.s)}",
    "lifecycle": {"ignore_changes": "all"}
  }}},
  "data": {"aws_ami": {"x": {"provider": "\${aws.east}", "depends_on": []}}},
  "module": {"m": {"source": "./m", "providers": {"aws": "aws.west", "aws.dst": "aws.east"}, "depends_on": ["aws_instance.a"], "count": 2}},
  "variable": {"v": {"type": "map(object({a = string}))", "default": "list(string)"}},
  "import": {"to": "aws_instance.a", "provider": "aws.west", "id": "aws_instance.a"}
}`)
  assert.equal(values(block(body, 'resource').body), {
    provider: '${aws.west}',
    depends_on: ['${aws_vpc.main}', '${module.net}'],
    count: '${var.n}',
    for_each: '${toset(var.s)}',
  })
  assert.equal(values(block(block(body, 'resource').body, 'lifecycle').body), {ignore_changes: '${all}'})
  assert.equal(values(block(body, 'data').body), {provider: '${aws.east}', depends_on: []})
  assert.equal(values(block(body, 'module').body), {
    source: './m',
    providers: {aws: '${aws.west}', 'aws.dst': '${aws.east}'},
    depends_on: ['${aws_instance.a}'],
    count: 2,
  })
  // `type` is a type expression; `default` is an ordinary (template) string
  assert.equal(values(block(body, 'variable').body), {type: '${map(object({a = string}))}', default: 'list(string)'})
  assert.equal(values(block(body, 'import').body), {to: '${aws_instance.a}', provider: '${aws.west}', id: 'aws_instance.a'})
  // the raw JSON text is kept as written
  assert.is(attr(block(body, 'resource').body, 'provider').expr, '"aws.west"')
})

test('ordinary strings are templates and stay as written; literals keep their JSON types', () => {
  const body = ok(`{"locals": {
  "s": "\${var.x}", "t": "a-\${var.y}-b", "u": "plain", "e": "\${ var.z }", "dollar": "$\${not}",
  "n": 1.5, "i": -3, "big": 1e3, "b": false, "z": null,
  "list": [1, "two", [true], {"k": null}],
  "obj": {"zeta": 1, "Alpha": 2, "alpha": 3, "é": 4, "\u{1F600}": 5, "\uFF5E": 6, "//": "kept: not a body", "__proto__": 7}
}}`)
  const v = values(block(body, 'locals').body)
  assert.equal(v.s, '${var.x}')
  assert.equal(v.t, 'a-${var.y}-b')
  assert.equal(v.u, 'plain')
  assert.equal(v.e, '${ var.z }')
  assert.equal(v.dollar, '$${not}')
  assert.equal([v.n, v.i, v.big, v.b, v.z], [1.5, -3, 1000, false, null])
  assert.equal(v.list, [1, 'two', [true], {k: null}])
  const obj = v.obj
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) throw new Error('object expected')
  // keys sorted byte-wise (UTF-8 order = code point order), like Go's encoding/json used by hcl2json
  assert.equal(Object.keys(obj), ['//', 'Alpha', '__proto__', 'alpha', 'zeta', 'é', '\uFF5E', '\u{1F600}'])
  assert.is(Object.getPrototypeOf(obj), Object.prototype)
  assert.ok(Object.hasOwn(obj, '__proto__'))
})

// ---------------------------------------------------------------------------------------------------------
// Comments

test('"//" properties are comments in bodies at every level', () => {
  const body = ok(`{
  "//": "file comment",
  "resource": {"aws_instance": {"web": {"//": "resource comment", "ami": "a",
    "lifecycle": {"//": "x", "create_before_destroy": true},
    "provisioner": {"local-exec": {"//": "y", "command": "c"}}}}},
  "locals": {"//": "locals comment", "a": 1, "//": "twice is fine"},
  "terraform": {"//": 1, "required_providers": {"//": "rp", "aws": {"source": "hashicorp/aws"}}},
  "module": {"m": {"//": ["anything"], "source": "./m"}}
}`)
  assert.equal(shape(body), [
    {'resource aws_instance web': [{ami: 'a'}, {lifecycle: [{create_before_destroy: true}]}, {'provisioner local-exec': [{command: 'c'}]}]},
    {locals: [{a: 1}]},
    {terraform: [{required_providers: [{aws: {source: 'hashicorp/aws'}}]}]},
    {'module m': [{source: './m'}]},
  ])
})

test('"//" at a label level is a label, as in HCL (so a comment string there is a type error)', () => {
  const r = parse('{"resource": {"//": "no comments here", "aws_instance": {"a": {}}}}')
  assert.equal(r.diagnostics.map(diagnosticString), [
    'main.tf.json:1,21-39: Incorrect JSON value type; Either a JSON object or JSON array of objects is required here, to specify name labels for this block.',
    "main.tf.json:1,21-39: Missing block label; At least one object property is required, whose name represents the resource block's name.",
  ])
  assert.equal(shape(r.file.body), [{'resource aws_instance a': []}])
})

test('JavaScript comments are syntax errors, and the rest is still read', () => {
  const text = '{\n  // line comment\n  "locals": {"a": 1 /* after a value */, "b" /* before colon */: 2}\n}'
  const r = parse(text)
  assert.equal(summaries(r.diagnostics), ['Invalid start of value', 'Missing attribute seperator comma', 'Missing property value colon'])
  for (const d of r.diagnostics) assert.match(d.detail, 'JSON does not permit comments')
  assert.equal(r.diagnostics[0]?.range?.start, posOf(text, '//'))
  assert.equal(r.diagnostics[0]?.range?.end, posOf(text, '//', '// line comment'.length))
  assert.equal(shape(r.file.body), [{locals: [{a: 1}, {b: 2}]}])
})

// ---------------------------------------------------------------------------------------------------------
// Positions

test('exact ranges: key, value, labels, type, declRange, block and body', () => {
  const text = '{\n  "resource": {\n    "aws_instance": {\n      "web": {\n        "ami": "ami-123"\n      }\n    }\n  }\n}\n'
  const body = ok(text)
  const web = block(body, 'resource')
  const r = (s: {start: Pos; end: Pos}) => [s.start.line, s.start.column, s.start.byte, s.end.line, s.end.column, s.end.byte]
  assert.equal(r(web.typeRange), [2, 3, 4, 2, 13, 14])
  assert.equal(
    web.labels.map((l) => [l.value, ...r(l.range)]),
    [
      ['aws_instance', 3, 5, 22, 3, 19, 36],
      ['web', 4, 7, 46, 4, 12, 51],
    ],
  )
  assert.equal(r(web.declRange), [4, 14, 53, 4, 15, 54]) // the body's opening brace (HCL DefRange)
  assert.equal(r(web.body.range), [4, 14, 53, 6, 8, 87])
  assert.equal(r(web.range), [2, 3, 4, 6, 8, 87])
  const ami = attr(web.body, 'ami')
  assert.equal(r(ami.nameRange), [5, 9, 63, 5, 14, 68])
  assert.equal(r(ami.exprRange), [5, 16, 70, 5, 25, 79])
  assert.equal(ami.exprRange.start, posOf(text, '"ami-123"'))
  assert.equal(web.declRange.start, posOf(text, '{', 0, 3))
  assert.is(ami.expr, '"ami-123"')
  assert.is(formatRange(web.declRange), 'main.tf.json:4,14-15')
  // the file body covers the whole text
  assert.equal(r(body.range), [1, 1, 0, 10, 1, Buffer.byteLength(text)])
})

test('array form: every block of the array shares the bracket as declRange; ranges end at each element', () => {
  const text = '{"provider": {"aws": [\n  {"region": "a"},\n  {"region": "b"}\n]}}'
  const body = ok(text)
  const [a, b] = body.blocks
  if (!a || !b) throw new Error('two blocks expected')
  assert.equal(a.declRange.start, posOf(text, '['))
  assert.equal(b.declRange.start, posOf(text, '['))
  assert.equal(a.body.range.start, posOf(text, '{"region": "a"'))
  assert.equal(b.range.end, posOf(text, '{"region": "b"}', '{"region": "b"}'.length))
  assert.equal(a.labels[0]?.range.start, posOf(text, '"aws"'))
})

test('non-ASCII, CRLF and BOM: columns in code points, bytes in UTF-8', () => {
  const text = '\ufeff{\r\n  "locals": {\r\n    "ünï": "日本🎉", "b": "x"\r\n  }\r\n}\r\n'
  const body = ok(text)
  const locals = block(body, 'locals')
  const u = attr(locals.body, 'ünï')
  const b = attr(locals.body, 'b')
  assert.equal(u.nameRange.start, {line: 3, column: 5, byte: 25})
  assert.equal(u.nameRange.end, {line: 3, column: 10, byte: 32})
  assert.equal(u.exprRange, {filename: F, start: {line: 3, column: 12, byte: 34}, end: {line: 3, column: 17, byte: 46}})
  assert.equal(b.nameRange.start, {line: 3, column: 19, byte: 48})
  assert.equal(b.nameRange.start, posOf(text, '"b"'))
  assert.equal(locals.typeRange.start, {line: 2, column: 3, byte: 8})
  assert.is(u.value, '日本🎉')
  assert.is(u.expr, '"日本🎉"')
  // the BOM counts in bytes, not in columns
  assert.equal(body.range.start, {line: 1, column: 1, byte: 0})
  assert.equal(body.range.end, {line: 6, column: 1, byte: Buffer.byteLength(text)})
})

test('positions stay right on one very long line (generated JSON)', () => {
  const res: Record<string, unknown> = {}
  for (let i = 0; i < 3000; i++) res[`r${i}`] = {ami: `ami-${i}`, tags: {Name: `ñ${i}`}}
  const text = JSON.stringify({resource: {aws_instance: res}})
  const body = ok(text)
  assert.is(body.blocks.length, 3000)
  for (const i of [0, 1, 1234, 2999]) {
    const b = body.blocks[i]
    if (!b) throw new Error('missing block')
    assert.equal(b.labels[1]?.range.start, posOf(text, `"r${i}"`))
    assert.equal(attr(b.body, 'tags').exprRange.end, posOf(text, `{"Name":"ñ${i}"}`, `{"Name":"ñ${i}"}`.length))
  }
})

// ---------------------------------------------------------------------------------------------------------
// Malformed JSON

const syntaxCases: [string, string, string][] = [
  // [text, expected first summary, text the error starts at]
  ['', 'Missing value', ''],
  ['{"locals": {"a": 1,}}', 'Trailing comma in object', ','],
  ['{"locals": {"a": [1, 2,]}}', 'Trailing comma in array', ',]'],
  ['{"locals": {"a" = 1}}', 'Missing property value colon', '='],
  ['{"locals": {"a" 1}}', 'Missing property value colon', '1'],
  ['{"locals": {"a"}}', 'Missing object value', '}}'],
  ['{"locals": {"a": }}', 'Missing JSON value', '}}'],
  ['{"locals": {"a": [1, ]}}', 'Trailing comma in array', ','],
  ['{"locals": {"a": 1 "b": 2}}', 'Missing attribute seperator comma', '"b"'],
  ['{"locals": {"a": [1 2]}}', 'Missing attribute seperator comma', '2]'],
  ['{"locals": {"a": [1, 2}}', 'Mismatched brackets', '}}'],
  ['{"locals": {"a": {"b": 1]}}', 'Mismatched braces', ']'],
  ['{"locals": {"a": 1}', 'Unclosed object', '{"locals"'],
  ['{"locals": {"a": [1', 'Unclosed object', '[1'],
  ['{"locals": {}} []', 'Extraneous data after value', '[]'],
  ['{"locals": {}} x', 'Extraneous data after value', 'x'],
  ['{"locals": {"a": True}}', 'Invalid JSON keyword', 'True'],
  ['{"locals": {"a": undefined}}', 'Invalid JSON keyword', 'undefined'],
  ['{"locals": {"a": \'x\'}}', 'Invalid start of value', "'x'"],
  ['{"locals": {a: 1}}', 'Invalid JSON keyword', 'a:'],
  ['{"locals": {1: 1}}', 'Invalid object property name', '1:'],
  ['{"locals": {"a": 01}}', 'Invalid JSON number', '01'],
  ['{"locals": {"a": .5}}', 'Invalid JSON number', '.5'],
  ['{"locals": {"a": "x\\q"}}', 'Invalid JSON string', '"x\\q"'],
  ['{"locals": {"a": "\u0001"}}', 'Invalid JSON string', '"\u0001"'],
  ['{"locals": {"a": "open', 'Invalid JSON string', '"open'],
  ['{"locals": {,}}', 'Invalid start of value', ',}'],
  ['resource "x" "y" {}', 'Invalid JSON keyword', 'resource'],
]

for (const [text, summary, at] of syntaxCases) {
  test(`syntax error: ${JSON.stringify(text)} → ${summary}`, () => {
    const r = parse(text)
    const first = r.diagnostics[0]
    assert.ok(first, 'a diagnostic expected')
    assert.is(first.summary, summary)
    assert.is(first.severity, 'error')
    assert.ok(first.detail.length > 0)
    assert.equal(first.range?.start, posOf(text, at))
    assert.is(first.range?.filename, F)
  })
}

test('syntax errors: HCL details and the recovered content', () => {
  const r = parse('{"locals": {"a": 1, "b": tru, "c": 3,}}')
  assert.equal(r.diagnostics.map(diagnosticString), [
    'main.tf.json:1,26-29: Invalid JSON keyword; "tru" is not a valid JSON keyword. Did you mean "true"?',
    'main.tf.json:1,37-38: Trailing comma in object; JSON does not permit a trailing comma after the final property in an object.',
  ])
  assert.equal(shape(r.file.body), [{locals: [{a: 1}, {c: 3}]}])
})

test('root must be an object (or an array of objects)', () => {
  for (const text of ['5', '"str"', 'null', 'true']) {
    const r = parse(text)
    assert.equal(summaries(r.diagnostics), ['Root value must be object'])
    assert.equal(r.diagnostics[0]?.range?.start, {line: 1, column: 1, byte: 0})
    assert.equal(r.file.body.blocks, [])
  }
  assert.equal(summaries(parse('  ').diagnostics), ['Missing value', 'Root value must be object'])
  const arr = ok('[{"locals": {"a": 1}}, {"locals": {"b": 2}}]')
  assert.equal(shape(arr), [{locals: [{a: 1}]}, {locals: [{b: 2}]}])
  const bad = parse('[{"locals": {"a": 1}}, 5]')
  assert.equal(bad.diagnostics.map(diagnosticString), [
    'main.tf.json:1,24-25: Incorrect JSON value type; A JSON object is required here, to define arguments and child blocks.',
  ])
  assert.equal(shape(bad.file.body), [{locals: [{a: 1}]}])
})

const sample = `{
  "terraform": {"required_providers": {"aws": {"source": "hashicorp/aws"}}},
  "provider": {"aws": [{"region": "a"}, {"alias": "b", "region": "ü"}]},
  "resource": {"aws_instance": {"web": {"ami": "\${var.ami}", "lifecycle": {"ignore_changes": ["tags"]}}}},
  "locals": {"x": [1, 2.5, true, null, {"k": "v"}]}
}`

test('never throws: every proper prefix of a configuration gives a result with errors', () => {
  ok(sample)
  for (let i = 0; i < sample.length; i++) {
    const r = parse(sample.slice(0, i))
    assert.ok(r.diagnostics.length > 0, `prefix ${i} should not be valid`)
    assert.is(r.file.syntax, 'json')
  }
  for (const junk of [
    '}',
    ']',
    ':',
    ',',
    '{{',
    '[[',
    '{"a"',
    '{"a":',
    '"',
    '\\',
    '/',
    '/*',
    '{"resource": {"a": {"b": [',
    '\u0000',
    '\ud800',
  ]) {
    const r = parse(junk)
    assert.ok(r.diagnostics.length > 0, junk)
  }
})

// ---------------------------------------------------------------------------------------------------------
// Wrong types

const missingType = "Missing block label; At least one object property is required, whose name represents the resource block's type."
const missingName = "Missing block label; At least one object property is required, whose name represents the resource block's name."

const typeCases: [string, string | string[], string][] = [
  // [text, expected diagnostics (without file name), text the first range starts at]
  // As in HCL, a label level with nothing usable also reports the missing label.
  [
    '{"resource": 5}',
    [
      'Incorrect JSON value type; Either a JSON object or JSON array of objects is required here, to specify type labels for this block.',
      missingType,
    ],
    '5',
  ],
  [
    '{"resource": "x"}',
    [
      'Incorrect JSON value type; Either a JSON object or JSON array of objects is required here, to specify type labels for this block.',
      missingType,
    ],
    '"x"',
  ],
  [
    '{"resource": [5]}',
    ['Incorrect JSON value type; A JSON object is required here, to specify type labels for this block.', missingType],
    '5',
  ],
  [
    '{"resource": {"aws_instance": true}}',
    [
      'Incorrect JSON value type; Either a JSON object or JSON array of objects is required here, to specify name labels for this block.',
      missingName,
    ],
    'true',
  ],
  [
    '{"resource": {"aws_instance": ["x"]}}',
    ['Incorrect JSON value type; A JSON object is required here, to specify name labels for this block.', missingName],
    '"x"',
  ],
  [
    '{"resource": {"aws_instance": {"a": 1}}}',
    'Incorrect JSON value type; Either a JSON object or a JSON array is required here, representing the contents of one or more "resource" blocks.',
    '1',
  ],
  [
    '{"variable": {"x": "str"}}',
    'Incorrect JSON value type; Either a JSON object or a JSON array is required here, representing the contents of one or more "variable" blocks.',
    '"str"',
  ],
  [
    '{"variable": {"x": [{"default": 1}, "str"]}}',
    'Incorrect JSON value type; Either a JSON object or JSON array of objects is required here, to define arguments and child blocks.',
    '"str"',
  ],
  [
    '{"variable": {"x": [[{"default": 1}, 2]]}}',
    'Incorrect JSON value type; A JSON object is required here, to define arguments and child blocks.',
    '2',
  ],
  [
    '{"locals": 5}',
    'Incorrect JSON value type; Either a JSON object or a JSON array is required here, representing the contents of one or more "locals" blocks.',
    '5',
  ],
  [
    '{"locals": [{"a": 1}, [{"b": 2}]]}',
    'Incorrect JSON value type; A JSON object is required here, setting the arguments for this block.',
    '[{"b"',
  ],
  ['{"locals": [{"a": 1}, 7]}', 'Incorrect JSON value type; A JSON object is required here, setting the arguments for this block.', '7'],
  [
    '{"terraform": {"backend": {"s3": "x"}}}',
    'Incorrect JSON value type; Either a JSON object or a JSON array is required here, representing the contents of one or more "backend" blocks.',
    '"x"',
  ],
  [
    '{"terraform": {"required_providers": [1]}}',
    'Incorrect JSON value type; A JSON object is required here, setting the arguments for this block.',
    '1',
  ],
  [
    '{"resource": {"a": {"b": {"lifecycle": 1}}}}',
    'Incorrect JSON value type; Either a JSON object or a JSON array is required here, representing the contents of one or more "lifecycle" blocks.',
    '1}}}}',
  ],
  [
    '{"resource": {"a": {"b": {"provisioner": {"local-exec": false}}}}}',
    'Incorrect JSON value type; Either a JSON object or a JSON array is required here, representing the contents of one or more "provisioner" blocks.',
    'false',
  ],
  [
    '{"resource": {"a": {"b": {"provisioner": []}}}}',
    "Missing block label; At least one object property is required, whose name represents the provisioner block's type.",
    '[]',
  ],
  [
    '{"resource": {}}',
    "Missing block label; At least one object property is required, whose name represents the resource block's type.",
    '{}',
  ],
  [
    '{"resource": null}',
    "Missing block label; At least one object property is required, whose name represents the resource block's type.",
    'null',
  ],
  [
    '{"resource": {"aws_instance": {}}}',
    "Missing block label; At least one object property is required, whose name represents the resource block's name.",
    '{}}',
  ],
  [
    '{"module": {"m": {"source": "a", "source": "b"}}}',
    'Duplicate argument; The argument "source" was already set at main.tf.json:1,19-32.',
    '"source": "b"',
  ],
  ['{"locals": {"a": 1, "a": 2}}', 'Duplicate attribute definition; The argument "a" was already set at main.tf.json:1,13-19.', '"a": 2'],
  [
    '{"locals": [[{"a": 1}, {"a": 2}]]}',
    'Incorrect JSON value type; A JSON object is required here, setting the arguments for this block.',
    '[{"a": 1}',
  ],
  [
    '{"variable": {"v": [[{"type": "string"}, {"type": "number"}]]}}',
    'Duplicate argument; The argument "type" was already set at main.tf.json:1,23-39.',
    '"type": "number"',
  ],
]

for (const [text, expected, at] of typeCases) {
  test(`structure error: ${text}`, () => {
    const r = parse(text)
    assert.equal(
      r.diagnostics.map((d) => diagnosticString(d).replace(/^main\.tf\.json:[0-9,-]+: /, '')),
      typeof expected === 'string' ? [expected] : expected,
    )
    assert.equal(r.diagnostics[0]?.range?.start, posOf(text, at))
  })
}

test('wrong parts are skipped, the rest is kept', () => {
  const r = parse(`{
  "variable": {"bad": "str", "good": {"default": 1}},
  "resource": {"aws_instance": {"x": 5, "y": {"ami": "a", "lifecycle": "oops"}}},
  "locals": {"a": 1, "a": 2, "b": 3}
}`)
  assert.equal(summaries(r.diagnostics), [
    'Incorrect JSON value type',
    'Incorrect JSON value type',
    'Incorrect JSON value type',
    'Duplicate attribute definition',
  ])
  assert.equal(shape(r.file.body), [
    {'variable good': [{default: 1}]},
    {'resource aws_instance y': [{ami: 'a'}]},
    {locals: [{a: 1}, {b: 3}]},
  ])
})

test('duplicate nested block keys are separate blocks, not duplicates', () => {
  const body = ok('{"resource": {"a": {"b": {"lifecycle": {"create_before_destroy": true}, "lifecycle": {"prevent_destroy": true}}}}}')
  assert.equal(shape(block(body, 'resource').body), [{lifecycle: [{create_before_destroy: true}]}, {lifecycle: [{prevent_destroy: true}]}])
})

// ---------------------------------------------------------------------------------------------------------
// Conformance fixtures

const conformanceTest = hasShared('hcl/parse-json: the JSON files of the conformance set', 'conformance') ? test : test.skip

conformanceTest('JSON fixtures of the conformance set load without diagnostics', () => {
  const root = `${sharedDir}/conformance`
  const files = execFileSync('find', [root, '(', '-name', '*.tf.json', '-o', '-name', '*.tofu.json', ')'], {encoding: 'utf8'})
    .split('\n')
    .filter(Boolean)
  assert.ok(files.length > 0)
  for (const f of files) {
    const r = parseJsonConfig(readFileSync(f, 'utf8'), f)
    assert.equal(r.diagnostics.map(diagnosticString), [], f)
    assert.ok(r.file.body.blocks.length > 0, f)
  }
  const pj = files.find((f) => f.endsWith('provider_from_json/main.tf.json'))
  if (pj) {
    const body = parseJsonConfig(readFileSync(pj, 'utf8'), pj).file.body
    assert.equal(shape(body), [
      {locals: [{instances: {a: 1}}]},
      {'provider null': [{alias: 'blah'}, {for_each: '${local.instances}'}]},
      {'resource null_resource test': [{for_each: '${local.instances}'}, {provider: '${null.blah[each.key]}'}]},
    ])
  }
})

test.run()
