import {test} from 'uvu'
import * as assert from 'uvu/assert'
import type {Value} from '../../src/hcl/syntax.js'
import {checkConversion, convertValue, formatConversionError, type ConvertOptions} from '../../src/load/types/check.js'

const convertValueOf = (v: Value, t: TypeConstraint, o?: ConvertOptions): string | undefined => convertValue(cty(v), t, o)
const checkConversionOf = (v: Value, t: TypeConstraint, o?: ConvertOptions): ReturnType<typeof checkConversion> =>
  checkConversion(cty(v), t, o)
import {parseTypeConstraint as parseTypeNode, type ParseOptions} from '../../src/load/types/parse.js'
import {fromExpr, type CtyValue} from '../../src/load/types/values.js'
import {parseExpressionText} from '../../src/hcl/native/index.js'
import {parseJsonConfig} from '../../src/hcl/parse-json.js'

/** A type expression written in native syntax (or, with syntax json, the JSON text of the attribute). */
function parseTypeConstraint(source: string, options: ParseOptions = {}): ReturnType<typeof parseTypeNode> {
  if (options.syntax !== 'json') return parseTypeNode(parseExpressionText(source).expr, options)
  const doc = parseJsonConfig(`{"variable": {"v": {"type": ${source}}}}`, 'variables.tf.json')
  const node = doc.file.body.blocks[0]!.body.attributes.find((a) => a.name === 'type')!.node
  return parseTypeNode(node, options)
}

/** A value as cty sees the same literal written in the configuration. */
function cty(v: Value): CtyValue {
  return fromExpr(parseExpressionText(JSON.stringify(v)).expr)
}
import {friendlyName, typeString, type TypeConstraint} from '../../src/load/types/type.js'

function typeOf(source: string): TypeConstraint {
  const r = parseTypeConstraint(source)
  if ('error' in r) throw new Error(`${source}: ${r.summary}: ${r.error}`)
  return r.type
}

// ---------------------------------------------------------------------------------------------------------
// Parsing: hcl ext/typeexpr/get_type.go, terraform internal/configs/named_values.go (decodeVariableType)

const parseOk: [string, string][] = [
  ['string', 'string'],
  ['number', 'number'],
  ['bool', 'bool'],
  ['any', 'any'],
  // named_values.go: bare `list`/`map` are Terraform's own shorthands for list(any)/map(any)
  ['list', 'list(any)'],
  ['map', 'map(any)'],
  ['list(string)', 'list(string)'],
  ['set(number)', 'set(number)'],
  ['map(any)', 'map(any)'],
  ['tuple([string, number])', 'tuple([string,number])'],
  ['object({})', 'object({})'],
  // public.go TypeString: attributes sorted, optional markers not shown
  ['object({b=number, a=string})', 'object({a=string,b=number})'],
  ['list(object({a=string, b=optional(number, 3)}))', 'list(object({a=string,b=number}))'],
  ['map(object({\n  a = string # comment\n  b = optional(list(number), [])\n}))', 'map(object({a=string,b=list(number)}))'],
  ['object({a: string, b: bool,})', 'object({a=string,b=bool})'],
]

for (const [source, expected] of parseOk) {
  test(`parse ${JSON.stringify(source)}`, () => {
    assert.is(typeString(typeOf(source)), expected)
  })
}

test('parse keeps optional markers and defaults', () => {
  const t = typeOf('object({a=string, b=optional(number, 3), c=optional(list(string))})')
  assert.equal(t, {
    kind: 'object',
    attributes: Object.assign(Object.create(null) as object, {
      a: {type: {kind: 'string'}, optional: false},
      b: {type: {kind: 'number'}, optional: true, default: {type: {kind: 'number'}, s: 'prim', v: 3}},
      c: {type: {kind: 'list', element: {kind: 'string'}}, optional: true},
    }),
  })
})

const INVALID = 'Invalid type specification'
const QUOTED = 'Invalid quoted type constraints'
const LEGACY =
  'Terraform 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of Terraform.'

const parseErrors: [string, string, string][] = [
  // named_values.go decodeVariableType: legacy quoted forms
  ['"string"', QUOTED, `${LEGACY} Remove the quotes around "string".`],
  [
    '"list"',
    QUOTED,
    `${LEGACY} Remove the quotes around "list" and write list(string) instead to explicitly indicate that the list elements are strings.`,
  ],
  [
    '"map"',
    QUOTED,
    `${LEGACY} Remove the quotes around "map" and write map(string) instead to explicitly indicate that the map elements are strings.`,
  ],
  [
    '"number"',
    'Invalid legacy variable type hint',
    'To provide a full type expression, remove the surrounding quotes and give the type expression directly.',
  ],
  // get_type.go
  ['list(list)', INVALID, 'The list type constructor requires one argument specifying the element type.'],
  ['set', INVALID, 'The set type constructor requires one argument specifying the element type.'],
  ['object', INVALID, 'The object type constructor requires one argument specifying the attribute types and values as a map.'],
  ['tuple', INVALID, 'The tuple type constructor requires one argument specifying the element types as a list.'],
  ['list(string, number)', INVALID, 'The list type constructor requires one argument specifying the element type.'],
  ['map()', INVALID, 'The map type constructor requires one argument specifying the element type.'],
  ['str', INVALID, 'The keyword "str" is not a valid type specification.'],
  ['true', INVALID, 'The keyword "true" is not a valid type specification.'],
  ['string(1)', INVALID, 'Primitive type keyword "string" does not expect arguments.'],
  ['any()', INVALID, 'Type constraint keyword "any" does not expect arguments.'],
  ['foo(string)', INVALID, 'Keyword "foo" is not a valid type constructor.'],
  ['optional(string)', INVALID, 'Keyword "optional" is valid only as a modifier for object type attributes.'],
  ['list(optional(string))', INVALID, 'Keyword "optional" is valid only as a modifier for object type attributes.'],
  [
    '(string)',
    INVALID,
    'A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).',
  ],
  [
    'string.foo',
    INVALID,
    'A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).',
  ],
  ['tuple(string)', INVALID, 'Tuple type constructor requires a list of element types.'],
  [
    'object([string])',
    INVALID,
    'Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.',
  ],
  ['object({"a" = string})', INVALID, 'Object constructor map keys must be attribute names.'],
  ['object({(a) = string})', INVALID, 'Object constructor map keys must be attribute names.'],
  ['object({a = string, a = number})', INVALID, 'Object constructor map keys must be unique.'],
  ['object({a = optional()})', INVALID, 'Optional attribute modifier requires the attribute type as its argument.'],
  [
    'object({a = optional(string, "x", "y")})',
    INVALID,
    'Optional attribute modifier expects at most two arguments: the attribute type, and a default value.',
  ],
  [
    'object({a = optional(number, "x")})',
    'Invalid default value for optional attribute',
    "This default value is not compatible with the attribute's type constraint: a number is required.",
  ],
  [
    'object({a = optional(bool, 1)})',
    'Invalid default value for optional attribute',
    "This default value is not compatible with the attribute's type constraint: bool required, but have number.",
  ],
  [
    'object({a = optional(object({b=string}), {})})',
    'Invalid default value for optional attribute',
    'This default value is not compatible with the attribute\'s type constraint: attribute "b" is required.',
  ],
  // hcl traversal.go / hclsyntax expression.go: evaluating the default with no variables or functions
  ['object({a = optional(string, var.x)})', 'Variables not allowed', 'Variables may not be used here.'],
  ['object({a = optional(string, upper("x"))})', 'Function calls not allowed', 'Functions may not be called here.'],
]

for (const [source, summary, detail] of parseErrors) {
  test(`parse error ${JSON.stringify(source)}`, () => {
    const r = parseTypeConstraint(source)
    assert.ok('error' in r, 'expected an error')
    if ('error' in r) {
      assert.is(r.summary, summary)
      assert.is(r.error, detail)
    }
  })
}

test('parse: optional default messages follow legacyMismatch too', () => {
  const r = parseTypeConstraint('object({a = optional(bool, 1)})', {legacyMismatch: true})
  assert.ok('error' in r && r.error === "This default value is not compatible with the attribute's type constraint: bool required.")
})

test('parse reports every diagnostic, first one as error', () => {
  const r = parseTypeConstraint('object({a = str, b = list})')
  assert.ok('error' in r)
  if ('error' in r) {
    assert.is(r.diagnostics.length, 2)
    assert.is(r.error, 'The keyword "str" is not a valid type specification.')
    assert.is(r.diagnostics[1]?.detail, 'The list type constructor requires one argument specifying the element type.')
  }
})

test('JSON syntax: the string holds a native type expression; quotes are not legacy there', () => {
  const parse = (s: string) => parseTypeConstraint(s, {syntax: 'json'})
  const t = parse('"list(string)"')
  assert.ok('type' in t && typeString(t.type) === 'list(string)')
  const s = parse('"string"')
  assert.ok('type' in s && typeString(s.type) === 'string')
  const l = parse('"list"')
  assert.ok('type' in l && typeString(l.type) === 'list(any)')
  const bad = parse('{"a": "string"}')
  assert.ok('error' in bad && bad.summary === INVALID)
})

// ---------------------------------------------------------------------------------------------------------
// Conversion: zclconf/go-cty cty/convert. `current` is cty ≥ v1.16.3 (Terraform ≥ 1.13, OpenTofu ≥ 1.10: both
// engines' own tests expect e.g. "string required, but have object."); `legacy` is cty ≤ v1.16.2 where it differs.

type Row = readonly [type: string, value: Value, current: string | null, source: string, legacy?: string]

const rows: Row[] = [
  // conversion_primitive.go
  ['string', 1.5, null, 'conversion_primitive.go: number→string is safe'],
  ['string', true, null, 'conversion_primitive.go: bool→string is safe'],
  ['number', '3', null, 'conversion_primitive.go: string→number when it parses'],
  ['number', '1e3', null, 'conversion_primitive.go: big.ParseFloat syntax'],
  ['number', 'abc', 'a number is required', 'conversion_primitive.go'],
  ['number', ' 1', 'a number is required', 'conversion_primitive.go: no surrounding spaces'],
  ['bool', 'true', null, 'conversion_primitive.go'],
  ['bool', '0', null, 'conversion_primitive.go: "1"/"0" are accepted too'],
  ['bool', 'yes', 'a bool is required', 'conversion_primitive.go'],
  ['bool', 'True', 'a bool is required; to convert from string, use lowercase "true"', 'conversion_primitive.go'],
  ['bool', 'FALSE', 'a bool is required; to convert from string, use lowercase "false"', 'conversion_primitive.go'],
  ['bool', 1, 'bool required, but have number', 'conversion.go has no number→bool; mismatch_msg.go', 'bool required'],
  ['number', false, 'number required, but have bool', 'mismatch_msg.go (mismatch_msg_test.go)', 'number required'],
  // null and unknown: conversion.go getConversion wrapper passes them through
  ['number', null, null, 'conversion.go: null converts to any type'],
  ['list(object({a=string}))', [null], null, 'conversion.go: null elements too'],
  ['number', '${var.x}', null, 'conversion.go: unknown (cty.DynamicVal) converts to anything'],
  ['list(string)', ['${var.x}', 'a'], null, 'unify.go + conversion_dynamic.go dynamicFixup'],
  ['number', 'a${var.x}', null, 'a template is an unknown string; string→number is possible'],
  [
    'list(string)',
    'a${var.x}',
    'list of string required, but have string',
    'an unknown string is still a string',
    'list of string required',
  ],
  ['number', '$${x}', 'a number is required', '$${ is an escaped literal, not a template'],
  // structural → primitive
  ['string', ['a'], 'string required, but have tuple', 'mismatch_msg.go typesAreLikelyToCauseConfusion', 'string required'],
  ['string', {a: 1}, 'string required, but have object', 'mismatch_msg.go', 'string required'],
  ['number', [], 'number required, but have tuple', 'mismatch_msg.go', 'number required'],
  // primitive / wrong kind → structural
  ['list(string)', 'a', 'list of string required, but have string', 'mismatch_msg.go', 'list of string required'],
  [
    'list(any)',
    'a',
    'list of dynamic required, but have string',
    'mismatch_msg.go uses FriendlyName here',
    'list of any single type required',
  ],
  ['map(string)', ['a'], 'map of string required', 'mismatch_msg.go mismatchMessageCollectionsFromStructural'],
  ['set(string)', {a: 'x'}, 'set of string required', 'mismatch_msg.go mismatchMessageCollectionsFromStructural'],
  ['object({a=string})', ['x'], 'object required, but have tuple', 'mismatch_msg.go', 'object required'],
  ['object({a=string})', 'x', 'object required, but have string', 'mismatch_msg.go', 'object required'],
  ['tuple([string])', {a: 'x'}, 'tuple required', 'mismatch_msg.go: object/tuple counts as confusing'],
  ['any', [1, 'a', {b: null}], null, 'conversion.go: anything converts to DynamicPseudoType'],
  // conversion_collection.go: tuple → list/set
  ['list(string)', [1, true, 'x'], null, 'conversion_collection.go conversionTupleToList'],
  ['list(string)', [], null, 'conversion_collection.go: empty tuple short-circuit'],
  [
    'list(string)',
    [[1]],
    'element 0: string required, but have tuple',
    'mismatch_msg.go mismatchMessageCollectionsFromStructural',
    'element 0: string required',
  ],
  ['set(number)', [1, {}], 'element 1: number required, but have object', 'mismatch_msg.go', 'element 1: number required'],
  ['list(number)', [1, 'x'], 'a number is required', 'conversion_primitive.go, at path [1]'],
  ['list(any)', [1, 'a'], null, 'unify.go: number and string unify to string'],
  ['list(any)', [1, [2]], 'all list elements must have the same type', 'mismatch_msg.go'],
  ['set(any)', [['a'], 'b'], 'all set elements must have the same type', 'mismatch_msg.go (public_test.go, terraform#24377)'],
  ['list(any)', [{a: 1}, {b: 'x'}], null, 'unify.go unifyObjectTypesToMap: list(map(string))'],
  // tuple → tuple: conversion_tuple.go
  ['tuple([string, number])', ['a', '1'], null, 'conversion_tuple.go'],
  ['tuple([string, number])', ['a'], 'tuple required', 'conversion_tuple.go: lengths differ (public_test.go)'],
  ['tuple([string])', ['a', 'b'], 'tuple required', 'conversion_tuple.go'],
  ['tuple([number])', [[]], 'tuple required', 'conversion_tuple.go: element conversion impossible'],
  // object → map: conversion_collection.go conversionObjectToMap
  ['map(string)', {a: 1, b: true}, null, 'conversion_collection.go'],
  ['map(string)', {}, null, 'conversion_collection.go: empty object short-circuit'],
  ['map(string)', {a: 1, b: [1]}, 'element "b": string required, but have tuple', 'mismatch_msg.go', 'element "b": string required'],
  ['map(number)', {a: '1', b: 'x'}, 'a number is required', 'conversion_primitive.go, at path ["b"]'],
  ['map(any)', {a: 1, b: true}, 'all map elements must have the same type', 'mismatch_msg.go (public_test.go)'],
  [
    'map(list(string))',
    {a: [1], b: [[2]]},
    'element "b": element 0: string required, but have tuple',
    'mismatch_msg.go, nested',
    'element "b": element 0: string required',
  ],
  [
    'map(map(object({x=map(any)})))',
    {a: {x: null}, b: {x: {c: 1, d: 2}}},
    'element "b": element "x": attribute "x" is required',
    'public_test.go (terraform#24167)',
  ],
  // object → object: conversion_object.go, mismatch_msg.go mismatchMessageObjects
  ['object({a=string})', {a: 'x', extra: [1]}, null, 'conversion_object.go: extra attributes are dropped, not an error'],
  ['object({a=string})', {}, 'attribute "a" is required', 'mismatch_msg.go'],
  ['object({b=string, a=number})', {}, 'attributes "a" and "b" are required', 'mismatch_msg.go: sorted'],
  ['object({foo=string, bar=string, baz=string})', {}, 'attributes "bar", "baz", and "foo" are required', 'mismatch_msg.go'],
  ['object({a=string, b=optional(number)})', {a: 'x'}, null, 'conversion_object.go: optional attributes may be absent'],
  ['object({a=number})', {a: true}, 'attribute "a": number required, but have bool', 'public_test.go', 'attribute "a": number required'],
  ['object({a=number})', {a: 'x'}, 'a number is required', 'conversion_primitive.go, at path .a'],
  [
    'object({a=object({b=list(string)})})',
    {a: {b: 'x'}},
    'attribute "a": attribute "b": list of string required, but have string',
    'mismatch_msg.go, nested',
    'attribute "a": attribute "b": list of string required',
  ],
  ['object({a=string, b=number})', {a: [], c: 1}, 'attribute "b" is required', 'mismatch_msg.go: missing attributes reported first'],
  ['list(object({a=string, b=optional(number, 3)}))', [{a: 'x'}, {b: 1}], 'element 1: attribute "a" is required', 'mismatch_msg.go'],
]

for (const [type, value, current, source, legacy] of rows) {
  test(`convert ${JSON.stringify(value)} to ${type} (${source})`, () => {
    assert.is(convertValueOf(value, typeOf(type)) ?? null, current, 'current cty')
    assert.is(convertValueOf(value, typeOf(type), {legacyMismatch: true}) ?? null, legacy ?? current, 'cty ≤ 1.16.2')
  })
}

test('conversion errors carry the cty path, formatted like tfdiags.FormatError', () => {
  // cty PathError.Error() is the bare message (module_merge.go prints it with %s); tfdiags.FormatError
  // (named_values.go since Terraform 1.10) prefixes tfdiags.FormatCtyPath.
  const cases: [string, Value, string][] = [
    ['list(number)', [1, 'x'], '[1]: a number is required'],
    ['map(number)', {a: '1', b: 'x'}, '["b"]: a number is required'],
    ['object({a=object({b=number})})', {a: {b: 'x'}}, '.a.b: a number is required'],
    ['list(object({a=object({b=number})}))', [{a: {b: 1}}, {a: {b: 'x'}}], '[1].a.b: a number is required'],
    ['string', ['a'], 'string required, but have tuple'],
  ]
  for (const [type, value, expected] of cases) {
    const err = checkConversionOf(value, typeOf(type))
    assert.ok(err, `${type} should fail`)
    if (err) assert.is(formatConversionError(err), expected)
  }
})

test('from: the default was first converted to the base block type (module_merge.go)', () => {
  // invalid-modules/override-variable-causes-bad-default: base list(string) default, override type = string.
  assert.is(convertValueOf(['this is valid'], typeOf('string'), {from: typeOf('list(string)')}), 'string required, but have list of string')
  assert.is(convertValueOf(['this is valid'], typeOf('string'), {from: typeOf('list(string)'), legacyMismatch: true}), 'string required')
  // A list(string) default is a list, no longer a tuple: cty has no list → tuple conversion.
  assert.is(convertValueOf([1], typeOf('tuple([number])'), {from: typeOf('list(string)')}), 'tuple required')
  assert.is(convertValueOf([1], typeOf('tuple([number])')), undefined)
  // conversion_collection.go conversionMapToObject, on a map(string) default (public_test.go)
  const fromMap: ConvertOptions = {from: typeOf('map(string)')}
  assert.is(
    convertValueOf({greeting: 'Hello', name: 'John'}, typeOf('object({greeting=list(string), name=string})'), fromMap),
    'object required',
  )
  assert.is(
    convertValueOf({name: 'John'}, typeOf('object({name=string, greeting=string})'), fromMap),
    'map has no element for required attribute "greeting"',
  )
  const optionalObject = typeOf('object({a=string, b=optional(string), c=optional(object({d=string}))})')
  assert.is(
    convertValueOf({a: 'boop', c: 'foobar'}, optionalObject, fromMap),
    'map element type is incompatible with attribute "c": object required, but have string',
  )
  assert.is(
    convertValueOf({a: 'boop', c: 'foobar'}, optionalObject, {...fromMap, legacyMismatch: true}),
    'map element type is incompatible with attribute "c": object required',
  )
  assert.is(convertValueOf({a: '1'}, typeOf('object({a=number})'), fromMap), undefined)
  // If the base conversion failed, Terraform already reported it and the default is unknown.
  assert.is(convertValueOf([[1]], typeOf('string'), {from: typeOf('list(string)')}), undefined)
})

test('applyDefaults: optional attribute defaults are filled in before converting (defaults.go)', () => {
  const t = typeOf('list(object({a=optional(any, 1), o=optional(object({x=optional(number, 5)}), {})}))')
  assert.is(convertValueOf([{}, {a: 'x'}], t, {applyDefaults: true}), undefined)
  assert.is(convertValueOf([{}, {a: 'x'}], t), undefined)
  assert.is(convertValueOf(null, t, {applyDefaults: true}), undefined)
  assert.is(convertValueOf([{o: {x: 'y'}}], t, {applyDefaults: true}), 'a number is required')
})

test('friendly names (cty FriendlyName / FriendlyNameForConstraint)', () => {
  assert.is(friendlyName(typeOf('list(any)')), 'list of dynamic')
  assert.is(friendlyName(typeOf('list(any)'), true), 'list of any single type')
  assert.is(friendlyName(typeOf('map(set(string))'), true), 'map of set of string')
  assert.is(friendlyName(typeOf('object({a=string})')), 'object')
  assert.is(friendlyName(typeOf('any'), true), 'any type')
})

test.run()
