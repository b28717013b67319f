// Variable type constraints and cty's type conversion, as Terraform uses them for `variable` blocks.
//
// Ported from (read them alongside this file):
// - hashicorp/terraform internal/configs/named_values.go `decodeVariableType` (legacy forms) and
//   internal/configs/module_merge.go `(*Variable).merge` (re-converting the default after overrides);
// - hashicorp/hcl ext/typeexpr/get_type.go (type expressions and their "Invalid type specification" details),
//   ext/typeexpr/defaults.go (optional attribute defaults), ext/typeexpr/public.go (`TypeString`);
// - zclconf/go-cty cty/convert/*.go: conversion.go, conversion_primitive.go, conversion_collection.go,
//   conversion_object.go, conversion_tuple.go, conversion_dynamic.go, unify.go, sort_types.go,
//   compare_types.go and mismatch_msg.go (the error texts), plus cty's FriendlyName methods.
//
// Messages follow current cty (≥ v1.16.3, as in Terraform ≥ 1.13 and OpenTofu ≥ 1.10), whose MismatchMessage
// adds ", but have <type>" where the given type is unlikely to confuse (e.g. "string required, but have tuple").
// Pass `legacyMismatch: true` for cty ≤ v1.16.2 (Terraform ≤ 1.12, OpenTofu ≤ 1.9): "string required".
import type {Value} from '../hcl/syntax.js'

// ---------------------------------------------------------------------------------------------------------
// Types

export type TypeConstraint =
  | {readonly kind: 'any'}
  | {readonly kind: 'string'}
  | {readonly kind: 'number'}
  | {readonly kind: 'bool'}
  | {readonly kind: 'list' | 'set' | 'map'; readonly element: TypeConstraint}
  | {readonly kind: 'object'; readonly attributes: Readonly<Record<string, ObjectAttribute>>}
  | {readonly kind: 'tuple'; readonly elements: readonly TypeConstraint[]}

export interface ObjectAttribute {
  readonly type: TypeConstraint
  readonly optional: boolean
  /** The default of `optional(type, default)` (already checked against `type`), in hcl2json shape. */
  readonly default?: Value
}

type Collection = Extract<TypeConstraint, {kind: 'list' | 'set' | 'map'}>
type ObjectType = Extract<TypeConstraint, {kind: 'object'}>
type TupleType = Extract<TypeConstraint, {kind: 'tuple'}>

const ANY: TypeConstraint = {kind: 'any'}
const STRING: TypeConstraint = {kind: 'string'}
const NUMBER: TypeConstraint = {kind: 'number'}
const BOOL: TypeConstraint = {kind: 'bool'}

const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k)

function makeObject(attrs: Iterable<readonly [string, ObjectAttribute]>): ObjectType {
  const attributes: Record<string, ObjectAttribute> = Object.create(null) as Record<string, ObjectAttribute>
  for (const [name, a] of attrs) attributes[name] = a
  return {kind: 'object', attributes}
}

function objectOf(types: ReadonlyMap<string, TypeConstraint>): ObjectType {
  return makeObject([...types].map(([n, t]) => [n, {type: t, optional: false}] as const))
}

function attrNames(t: ObjectType): string[] {
  return Object.keys(t.attributes)
}

function attr(t: ObjectType, name: string): ObjectAttribute | undefined {
  return hasOwn(t.attributes, name) ? t.attributes[name] : undefined
}

const isPrimitive = (t: TypeConstraint): boolean => t.kind === 'string' || t.kind === 'number' || t.kind === 'bool'
const isCollection = (t: TypeConstraint): t is Collection => t.kind === 'list' || t.kind === 'set' || t.kind === 'map'

/** cty `Type.Equals`: structural equality; object optional-attribute markers count, defaults do not. */
export function typeEquals(a: TypeConstraint, b: TypeConstraint): boolean {
  if (a === b) return true
  switch (a.kind) {
    case 'any':
    case 'string':
    case 'number':
    case 'bool':
      return a.kind === b.kind
    case 'list':
    case 'set':
    case 'map':
      return b.kind === a.kind && typeEquals(a.element, (b as Collection).element)
    case 'tuple': {
      if (b.kind !== 'tuple' || b.elements.length !== a.elements.length) return false
      return a.elements.every((e, i) => typeEquals(e, b.elements[i] as TypeConstraint))
    }
    case 'object': {
      if (b.kind !== 'object') return false
      const an = attrNames(a)
      if (an.length !== attrNames(b).length) return false
      for (const name of an) {
        const x = a.attributes[name] as ObjectAttribute
        const y = attr(b, name)
        if (!y || x.optional !== y.optional || !typeEquals(x.type, y.type)) return false
      }
      return true
    }
  }
}

/** cty `Type.WithoutOptionalAttributesDeep` (also drops the attribute defaults). */
export function withoutOptionalAttributes(t: TypeConstraint): TypeConstraint {
  switch (t.kind) {
    case 'list':
    case 'set':
    case 'map':
      return {kind: t.kind, element: withoutOptionalAttributes(t.element)}
    case 'tuple':
      return {kind: 'tuple', elements: t.elements.map(withoutOptionalAttributes)}
    case 'object':
      return makeObject(attrNames(t).map((n) => [n, {type: withoutOptionalAttributes((t.attributes[n] as ObjectAttribute).type), optional: false}] as const))
    default:
      return t
  }
}

/** cty `Type.HasDynamicTypes`. */
function hasDynamicTypes(t: TypeConstraint): boolean {
  switch (t.kind) {
    case 'any':
      return true
    case 'list':
    case 'set':
    case 'map':
      return hasDynamicTypes(t.element)
    case 'tuple':
      return t.elements.some(hasDynamicTypes)
    case 'object':
      return attrNames(t).some((n) => hasDynamicTypes((t.attributes[n] as ObjectAttribute).type))
    default:
      return false
  }
}

const IDENTIFIER = /^[\p{ID_Start}_][\p{ID_Continue}-]*$/u

/**
 * hcl ext/typeexpr `TypeString`: the type as native syntax, e.g. `list(string)`,
 * `map(object({a=string,b=number}))` (attributes sorted, no spaces, optional markers not shown).
 */
export function typeString(type: TypeConstraint): string {
  switch (type.kind) {
    case 'any':
      return 'any'
    case 'string':
    case 'number':
    case 'bool':
      return type.kind
    case 'list':
    case 'set':
    case 'map':
      return `${type.kind}(${typeString(type.element)})`
    case 'tuple':
      return `tuple([${type.elements.map(typeString).join(',')}])`
    case 'object': {
      const parts = attrNames(type)
        .sort(compareStrings)
        .map((n) => `${IDENTIFIER.test(n) ? n : goQuote(n)}=${typeString((type.attributes[n] as ObjectAttribute).type)}`)
      return `object({${parts.join(',')}})`
    }
  }
}

/** cty `Type.FriendlyName` (`dynamic` for any) or, for `constraint`, `FriendlyNameForConstraint` (`any type`). */
export function friendlyName(type: TypeConstraint, constraint = false): string {
  switch (type.kind) {
    case 'any':
      return constraint ? 'any type' : 'dynamic'
    case 'string':
    case 'number':
    case 'bool':
      return type.kind
    case 'list':
    case 'set':
    case 'map': {
      const elem = constraint && type.element.kind === 'any' ? 'any single type' : friendlyName(type.element, constraint)
      return `${type.kind} of ${elem}`
    }
    case 'object':
      return 'object'
    case 'tuple':
      return 'tuple'
  }
}

// Go compares strings bytewise (UTF-8); this agrees with that for every string without astral characters.
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Go's `%q`/strconv.Quote, close enough for attribute names and map keys. */
function goQuote(s: string): string {
  let out = '"'
  for (const ch of s) {
    const c = ch.codePointAt(0) as number
    if (ch === '"' || ch === '\\') out += '\\' + ch
    else if (ch === '\n') out += '\\n'
    else if (ch === '\r') out += '\\r'
    else if (ch === '\t') out += '\\t'
    else if (c < 0x20 || c === 0x7f) out += '\\x' + c.toString(16).padStart(2, '0')
    else out += ch
  }
  return out + '"'
}

// ---------------------------------------------------------------------------------------------------------
// Parsing type expressions (hcl ext/typeexpr/get_type.go + terraform decodeVariableType)

export interface TypeDiagnostic {
  readonly summary: string
  readonly detail: string
}

export type ParseResult =
  | {readonly type: TypeConstraint}
  /** `error`/`summary` are the first diagnostic; Terraform then treats the variable's type as `any`. */
  | {readonly error: string; readonly summary: string; readonly diagnostics: readonly TypeDiagnostic[]}

export interface ParseOptions {
  /** Message wording for invalid `optional(…, default)` defaults; see {@link ConvertOptions.legacyMismatch}. */
  readonly legacyMismatch?: boolean
  /**
   * `json` when `source` is the JSON text of the attribute (a JSON-syntax file): a JSON string holds a native
   * type expression, and the legacy quoted forms are not special. Default `native`.
   */
  readonly syntax?: 'native' | 'json'
}

const INVALID_TYPE = 'Invalid type specification'
const QUOTED_SUMMARY = 'Invalid quoted type constraints'
const QUOTED_PREFIX =
  'Terraform 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of Terraform.'

/**
 * Parses the raw source text of a variable's `type` argument as Terraform does (`decodeVariableType`):
 * legacy quoted forms are errors, bare `list`/`map` mean `list(any)`/`map(any)`, everything else goes through
 * typeexpr `TypeConstraintWithDefaults` (`any` allowed, `optional(type[, default])` only on object attributes).
 */
export function parseTypeConstraint(source: string, options: ParseOptions = {}): ParseResult {
  let text = source
  if (options.syntax === 'json') {
    let decoded: unknown
    try {
      decoded = JSON.parse(source)
    } catch {
      decoded = undefined
    }
    if (typeof decoded !== 'string') return fail([{summary: INVALID_TYPE, detail: NOT_A_TYPE}])
    text = decoded
  }

  let expr: Expr
  try {
    expr = new Parser(text).parseWhole()
  } catch (e) {
    if (e instanceof SyntaxErr) return fail([{summary: INVALID_TYPE, detail: NOT_A_TYPE}])
    throw e
  }

  if (options.syntax !== 'json' && expr.k === 'literal' && expr.quoted && typeof expr.value === 'string') {
    // named_values.go: exprIsNativeQuotedString
    switch (expr.value) {
      case 'string':
        return fail([{summary: QUOTED_SUMMARY, detail: `${QUOTED_PREFIX} Remove the quotes around "string".`}])
      case 'list':
        return fail([
          {
            summary: QUOTED_SUMMARY,
            detail: `${QUOTED_PREFIX} Remove the quotes around "list" and write list(string) instead to explicitly indicate that the list elements are strings.`,
          },
        ])
      case 'map':
        return fail([
          {
            summary: QUOTED_SUMMARY,
            detail: `${QUOTED_PREFIX} Remove the quotes around "map" and write map(string) instead to explicitly indicate that the map elements are strings.`,
          },
        ])
      default:
        return fail([
          {
            summary: 'Invalid legacy variable type hint',
            detail: 'To provide a full type expression, remove the surrounding quotes and give the type expression directly.',
          },
        ])
    }
  }

  // Terraform's own shorthands, only at the top level.
  const kw = keywordOf(expr)
  if (kw === 'list') return {type: {kind: 'list', element: ANY}}
  if (kw === 'map') return {type: {kind: 'map', element: ANY}}

  const diags: TypeDiagnostic[] = []
  const type = getType(expr, diags, options)
  return diags.length > 0 ? fail(diags) : {type}
}

function fail(diags: readonly TypeDiagnostic[]): ParseResult {
  const first = diags[0] as TypeDiagnostic
  return {error: first.detail, summary: first.summary, diagnostics: diags}
}

const NOT_A_TYPE =
  'A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).'

// getType with constraint=true, withDefaults=true (TypeConstraintWithDefaults).
function getType(expr: Expr, diags: TypeDiagnostic[], options: ParseOptions): TypeConstraint {
  const err = (detail: string): TypeConstraint => {
    diags.push({summary: INVALID_TYPE, detail})
    return ANY
  }
  const kw = keywordOf(expr)
  switch (kw) {
    case 'bool':
      return BOOL
    case 'string':
      return STRING
    case 'number':
      return NUMBER
    case 'any':
      return ANY
    case 'list':
    case 'map':
    case 'set':
      return err(`The ${kw} type constructor requires one argument specifying the element type.`)
    case 'object':
      return err('The object type constructor requires one argument specifying the attribute types and values as a map.')
    case 'tuple':
      return err('The tuple type constructor requires one argument specifying the element types as a list.')
    case '':
      break
    default:
      return err(`The keyword ${goQuote(kw)} is not a valid type specification.`)
  }

  if (expr.k !== 'call') return err(NOT_A_TYPE)
  const {name, args} = expr
  switch (name) {
    case 'bool':
    case 'string':
    case 'number':
      return err(`Primitive type keyword ${goQuote(name)} does not expect arguments.`)
    case 'any':
      return err(`Type constraint keyword ${goQuote(name)} does not expect arguments.`)
  }
  if (args.length !== 1) {
    switch (name) {
      case 'list':
      case 'set':
      case 'map':
        return err(`The ${name} type constructor requires one argument specifying the element type.`)
      case 'object':
        return err('The object type constructor requires one argument specifying the attribute types and values as a map.')
      case 'tuple':
        return err('The tuple type constructor requires one argument specifying the element types as a list.')
    }
  }
  const arg = args[0] as Expr
  switch (name) {
    case 'list':
    case 'set':
    case 'map':
      return {kind: name, element: getType(arg, diags, options)}
    case 'object': {
      if (arg.k !== 'object') {
        return err('Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.')
      }
      const attrs = new Map<string, ObjectAttribute>()
      for (const item of arg.items) {
        const attrName = item.forced ? '' : keywordOf(item.key)
        if (attrName === '') {
          diags.push({summary: INVALID_TYPE, detail: 'Object constructor map keys must be attribute names.'})
          continue
        }
        if (attrs.has(attrName)) {
          diags.push({summary: INVALID_TYPE, detail: 'Object constructor map keys must be unique.'})
          continue
        }
        let atyExpr = item.value
        let optional = false
        let defaultValue: Value | undefined
        if (atyExpr.k === 'call' && atyExpr.name === 'optional') {
          const call = atyExpr
          const first = call.args[0]
          if (first === undefined) {
            diags.push({summary: INVALID_TYPE, detail: 'Optional attribute modifier requires the attribute type as its argument.'})
            continue
          }
          if (call.args.length === 2) {
            const evaluated = evaluate(call.args[1] as Expr)
            if ('diag' in evaluated) diags.push(evaluated.diag)
            else {
              optional = true
              defaultValue = evaluated.value
            }
          } else if (call.args.length === 1) {
            optional = true
          } else {
            diags.push({
              summary: INVALID_TYPE,
              detail: 'Optional attribute modifier expects at most two arguments: the attribute type, and a default value.',
            })
          }
          atyExpr = first
        }
        const aty = getType(atyExpr, diags, options)
        if (defaultValue !== undefined) {
          const problem = convertInternal(fromValue(defaultValue), aty, {legacyMismatch: options.legacyMismatch ?? false})
          if (problem) {
            diags.push({
              summary: 'Invalid default value for optional attribute',
              detail: `This default value is not compatible with the attribute's type constraint: ${problem.message}.`,
            })
            defaultValue = undefined
          }
        }
        attrs.set(attrName, defaultValue === undefined ? {type: aty, optional} : {type: aty, optional, default: defaultValue})
      }
      return makeObject(attrs)
    }
    case 'tuple': {
      if (arg.k !== 'tuple') return err('Tuple type constructor requires a list of element types.')
      return {kind: 'tuple', elements: arg.items.map((e) => getType(e, diags, options))}
    }
    case 'optional':
      return err(`Keyword ${goQuote(name)} is valid only as a modifier for object type attributes.`)
    default:
      return err(`Keyword ${goQuote(name)} is not a valid type constructor.`)
  }
}

/** hcl.ExprAsKeyword: a lone root name (or the keywords true/false/null), else "". */
function keywordOf(e: Expr): string {
  if (e.k === 'traversal') return e.steps === 0 ? e.root : ''
  if (e.k === 'literal' && e.keyword) return e.keyword
  return ''
}

/** Evaluates an `optional(...)` default with no variables or functions, as `expr.Value(nil)` does. */
function evaluate(e: Expr): {value: Value} | {diag: TypeDiagnostic} {
  switch (e.k) {
    case 'literal':
      // Value strings keep HCL's template escapes (`$${`, `%%{`), as hcl2json does.
      return {value: typeof e.value === 'string' ? e.value.replace(/\$\{/g, '$$${').replace(/%\{/g, '%%{') : e.value}
    case 'traversal':
      return {diag: {summary: 'Variables not allowed', detail: 'Variables may not be used here.'}}
    case 'call':
      return {diag: {summary: 'Function calls not allowed', detail: 'Functions may not be called here.'}}
    case 'paren':
      return evaluate(e.inner)
    case 'tuple': {
      const out: Value[] = []
      for (const item of e.items) {
        const r = evaluate(item)
        if ('diag' in r) return r
        out.push(r.value)
      }
      return {value: out}
    }
    case 'object': {
      const out: Record<string, Value> = {}
      for (const item of e.items) {
        let key: string
        const kw = item.forced ? '' : keywordOf(item.key)
        if (kw !== '') key = kw
        else {
          const r = evaluate(item.key)
          if ('diag' in r) return r
          if (typeof r.value === 'string') key = r.value
          else if (typeof r.value === 'number' || typeof r.value === 'boolean') key = String(r.value)
          else key = ''
        }
        const v = evaluate(item.value)
        if ('diag' in v) return v
        Object.defineProperty(out, key, {value: v.value, enumerable: true, writable: true, configurable: true})
      }
      return {value: out}
    }
    case 'opaque':
      // Operators, conditionals, templates…: not evaluated here; treated as an unknown value.
      return {value: '${' + e.src + '}'}
  }
}

// --- a small reader for HCL native expressions (enough for type expressions and literal defaults) ---

type Expr =
  | {readonly k: 'literal'; readonly value: Value; readonly keyword?: 'true' | 'false' | 'null'; readonly quoted?: boolean}
  | {readonly k: 'traversal'; readonly root: string; readonly steps: number}
  | {readonly k: 'call'; readonly name: string; readonly args: readonly Expr[]}
  | {readonly k: 'tuple'; readonly items: readonly Expr[]}
  | {readonly k: 'object'; readonly items: readonly {readonly key: Expr; readonly forced: boolean; readonly value: Expr}[]}
  | {readonly k: 'paren'; readonly inner: Expr}
  | {readonly k: 'opaque'; readonly src: string}

interface Token {
  readonly t: 'ident' | 'number' | 'string' | 'template' | 'punct' | 'nl' | 'eof'
  readonly text: string
  /** string: the decoded literal value. */
  readonly value?: string
  readonly start: number
  readonly end: number
}

class SyntaxErr extends Error {}

const PUNCT = ['...', '::', '==', '!=', '<=', '>=', '&&', '||', '=>', '(', ')', '[', ']', '{', '}', ',', '=', ':', '.', '?', '!', '-', '+', '*', '/', '%', '<', '>']

function tokenize(src: string): Token[] {
  const out: Token[] = []
  let i = 0
  const n = src.length
  while (i < n) {
    const c = src[i] as string
    if (c === ' ' || c === '\t' || c === '\r') {
      i++
      continue
    }
    if (c === '\n') {
      out.push({t: 'nl', text: c, start: i, end: i + 1})
      i++
      continue
    }
    if (c === '#' || src.startsWith('//', i)) {
      while (i < n && src[i] !== '\n') i++
      continue
    }
    if (src.startsWith('/*', i)) {
      const end = src.indexOf('*/', i + 2)
      if (end < 0) throw new SyntaxErr('unterminated comment')
      i = end + 2
      continue
    }
    const ident = /^[\p{ID_Start}_][\p{ID_Continue}-]*/u.exec(src.slice(i))
    if (ident) {
      out.push({t: 'ident', text: ident[0], start: i, end: i + ident[0].length})
      i += ident[0].length
      continue
    }
    const num = /^[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(src.slice(i))
    if (num) {
      out.push({t: 'number', text: num[0], start: i, end: i + num[0].length})
      i += num[0].length
      continue
    }
    if (c === '"') {
      const tok = readString(src, i)
      out.push(tok)
      i = tok.end
      continue
    }
    if (src.startsWith('<<', i)) {
      const tok = readHeredoc(src, i)
      out.push(tok)
      i = tok.end
      continue
    }
    const p = PUNCT.find((q) => src.startsWith(q, i))
    if (!p) throw new SyntaxErr(`unexpected character ${c}`)
    out.push({t: 'punct', text: p, start: i, end: i + p.length})
    i += p.length
  }
  out.push({t: 'eof', text: '', start: n, end: n})
  return out
}

// Skips a `${…}`/`%{…}` sequence starting at the opening brace; returns the index after the closing brace.
function skipInterpolation(src: string, open: number): number {
  let depth = 0
  let i = open
  while (i < src.length) {
    const c = src[i]
    if (c === '{') depth++
    else if (c === '}') {
      depth--
      if (depth === 0) return i + 1
    } else if (c === '"') {
      i = readString(src, i).end
      continue
    }
    i++
  }
  throw new SyntaxErr('unterminated interpolation')
}

function readString(src: string, start: number): Token {
  let i = start + 1
  let value = ''
  let template = false
  while (i < src.length) {
    const c = src[i] as string
    if (c === '"') return {t: template ? 'template' : 'string', text: src.slice(start, i + 1), value, start, end: i + 1}
    if (c === '\n') break
    if (c === '\\') {
      const e = src[i + 1]
      const simple: Record<string, string> = {n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\'}
      if (e !== undefined && hasOwn(simple, e)) {
        value += simple[e] as string
        i += 2
        continue
      }
      const hex = e === 'u' ? /^[0-9a-fA-F]{4}/.exec(src.slice(i + 2)) : e === 'U' ? /^[0-9a-fA-F]{8}/.exec(src.slice(i + 2)) : null
      if (hex) {
        value += String.fromCodePoint(parseInt(hex[0], 16))
        i += 2 + hex[0].length
        continue
      }
      throw new SyntaxErr('invalid escape')
    }
    if ((c === '$' || c === '%') && src[i + 1] === c && src[i + 2] === '{') {
      value += c + '{'
      i += 3
      continue
    }
    if ((c === '$' || c === '%') && src[i + 1] === '{') {
      template = true
      i = skipInterpolation(src, i + 1)
      continue
    }
    value += c
    i++
  }
  throw new SyntaxErr('unterminated string')
}

function readHeredoc(src: string, start: number): Token {
  const m = /^<<(-?)([\p{ID_Start}_][\p{ID_Continue}-]*)\r?\n/u.exec(src.slice(start))
  if (!m) throw new SyntaxErr('invalid heredoc')
  const marker = m[2] as string
  const bodyStart = start + m[0].length
  const lines: string[] = []
  let i = bodyStart
  while (i <= src.length) {
    let eol = src.indexOf('\n', i)
    if (eol < 0) eol = src.length
    const line = src.slice(i, eol).replace(/\r$/, '')
    if (line.trim() === marker) {
      let body = lines.map((l) => l + '\n')
      if (m[1] === '-') {
        const indents = lines.filter((l) => l.trim() !== '').map((l) => (/^[ \t]*/.exec(l) as RegExpExecArray)[0].length)
        const strip = indents.length ? Math.min(...indents) : 0
        body = lines.map((l) => l.slice(strip) + '\n')
      }
      const raw = body.join('')
      const template = /(^|[^$])\$\{|(^|[^%])%\{/.test(raw)
      const value = raw.replace(/\$\$\{/g, '${').replace(/%%\{/g, '%{')
      return {t: template ? 'template' : 'string', text: src.slice(start, eol), value, start, end: eol}
    }
    lines.push(line)
    if (eol >= src.length) break
    i = eol + 1
  }
  throw new SyntaxErr('unterminated heredoc')
}

const BINARY_OPS = new Set(['==', '!=', '<=', '>=', '&&', '||', '+', '-', '*', '/', '%', '<', '>', '?'])

class Parser {
  private readonly toks: Token[]
  private pos = 0
  constructor(private readonly src: string) {
    this.toks = tokenize(src)
  }

  parseWhole(): Expr {
    this.skipNL()
    const e = this.parseExpr()
    this.skipNL()
    if (this.peek().t !== 'eof') throw new SyntaxErr('extra tokens')
    return e
  }

  private peek(): Token {
    return this.toks[this.pos] as Token
  }
  private next(): Token {
    const t = this.peek()
    if (t.t !== 'eof') this.pos++
    return t
  }
  private skipNL(): boolean {
    let saw = false
    while (this.peek().t === 'nl') {
      this.pos++
      saw = true
    }
    return saw
  }
  private isPunct(text: string): boolean {
    const t = this.peek()
    return t.t === 'punct' && t.text === text
  }
  private expect(text: string): Token {
    this.skipNL()
    const t = this.next()
    if (t.t !== 'punct' || t.text !== text) throw new SyntaxErr(`expected ${text}`)
    return t
  }

  private parseExpr(): Expr {
    const start = this.peek().start
    const first = this.parseUnary()
    const save = this.pos
    this.skipNL()
    const t = this.peek()
    if (!(t.t === 'punct' && BINARY_OPS.has(t.text))) {
      this.pos = save
      return first
    }
    // Operators and conditionals are not evaluated: consume the rest of the expression as opaque text.
    while (true) {
      const save2 = this.pos
      this.skipNL()
      const op = this.peek()
      if (!(op.t === 'punct' && BINARY_OPS.has(op.text))) {
        this.pos = save2
        break
      }
      this.next()
      this.skipNL()
      if (op.text === '?') {
        this.parseExpr()
        this.expect(':')
        this.skipNL()
      }
      this.parseUnary()
    }
    const end = (this.toks[this.pos - 1] as Token).end
    return {k: 'opaque', src: this.src.slice(start, end)}
  }

  private parseUnary(): Expr {
    const t = this.peek()
    if (t.t === 'punct' && (t.text === '-' || t.text === '!')) {
      this.next()
      this.skipNL()
      const inner = this.parseUnary()
      if (t.text === '-' && inner.k === 'literal' && typeof inner.value === 'number') return {k: 'literal', value: -inner.value}
      return {k: 'opaque', src: this.src.slice(t.start, (this.toks[this.pos - 1] as Token).end)}
    }
    return this.parsePostfix()
  }

  private parsePostfix(): Expr {
    const start = this.peek().start
    let e = this.parsePrimary()
    let steps = 0
    while (true) {
      if (this.isPunct('.')) {
        this.next()
        const t = this.next()
        if (!(t.t === 'ident' || t.t === 'number' || (t.t === 'punct' && t.text === '*'))) throw new SyntaxErr('bad attribute')
        steps++
      } else if (this.isPunct('[')) {
        this.next()
        this.skipNL()
        if (this.isPunct('*')) this.next()
        else this.parseExpr()
        this.expect(']')
        steps++
      } else break
    }
    if (steps === 0) return e
    if (e.k === 'traversal') e = {k: 'traversal', root: e.root, steps: e.steps + steps}
    else e = {k: 'opaque', src: this.src.slice(start, (this.toks[this.pos - 1] as Token).end)}
    return e
  }

  private skipBalanced(open: string, close: string): void {
    // The opening bracket has been consumed.
    let depth = 1
    while (depth > 0) {
      const t = this.next()
      if (t.t === 'eof') throw new SyntaxErr('unbalanced')
      if (t.t === 'punct' && t.text === open) depth++
      else if (t.t === 'punct' && t.text === close) depth--
    }
  }

  private parsePrimary(): Expr {
    const t = this.next()
    switch (t.t) {
      case 'number':
        return {k: 'literal', value: Number(t.text)}
      case 'string':
        return {k: 'literal', value: t.value ?? '', quoted: true}
      case 'template':
        return {k: 'opaque', src: t.text}
      case 'ident': {
        if (t.text === 'true' || t.text === 'false') return {k: 'literal', value: t.text === 'true', keyword: t.text}
        if (t.text === 'null') return {k: 'literal', value: null, keyword: 'null'}
        let name = t.text
        while (this.isPunct('::')) {
          this.next()
          const part = this.next()
          if (part.t !== 'ident') throw new SyntaxErr('bad function name')
          name += '::' + part.text
        }
        if (this.isPunct('(')) {
          this.next()
          const args: Expr[] = []
          this.skipNL()
          while (!this.isPunct(')')) {
            args.push(this.parseExpr())
            this.skipNL()
            if (this.isPunct('...')) {
              this.next()
              this.skipNL()
            }
            if (this.isPunct(',')) {
              this.next()
              this.skipNL()
            } else if (!this.isPunct(')')) throw new SyntaxErr('expected , or )')
          }
          this.next()
          return {k: 'call', name, args}
        }
        if (name.includes('::')) throw new SyntaxErr('namespaced name without call')
        return {k: 'traversal', root: name, steps: 0}
      }
      case 'punct':
        if (t.text === '(') {
          this.skipNL()
          const inner = this.parseExpr()
          this.expect(')')
          return {k: 'paren', inner}
        }
        if (t.text === '[') {
          this.skipNL()
          const f = this.peek()
          if (f.t === 'ident' && f.text === 'for') {
            this.skipBalanced('[', ']')
            return {k: 'opaque', src: this.src.slice(t.start, (this.toks[this.pos - 1] as Token).end)}
          }
          const items: Expr[] = []
          while (!this.isPunct(']')) {
            items.push(this.parseExpr())
            this.skipNL()
            if (this.isPunct(',')) {
              this.next()
              this.skipNL()
            } else if (!this.isPunct(']')) throw new SyntaxErr('expected , or ]')
          }
          this.next()
          return {k: 'tuple', items}
        }
        if (t.text === '{') {
          this.skipNL()
          const f = this.peek()
          if (f.t === 'ident' && f.text === 'for') {
            this.skipBalanced('{', '}')
            return {k: 'opaque', src: this.src.slice(t.start, (this.toks[this.pos - 1] as Token).end)}
          }
          const items: {key: Expr; forced: boolean; value: Expr}[] = []
          while (!this.isPunct('}')) {
            const key = this.parseExpr()
            this.skipNL()
            const sep = this.next()
            if (!(sep.t === 'punct' && (sep.text === '=' || sep.text === ':'))) throw new SyntaxErr('expected = or :')
            this.skipNL()
            const value = this.parseExpr()
            items.push({key: key.k === 'paren' ? key.inner : key, forced: key.k === 'paren', value})
            const sawNL = this.skipNL()
            if (this.isPunct(',')) {
              this.next()
              this.skipNL()
            } else if (!sawNL && !this.isPunct('}')) throw new SyntaxErr('expected , or newline or }')
          }
          this.next()
          return {k: 'object', items}
        }
        throw new SyntaxErr(`unexpected ${t.text}`)
      default:
        throw new SyntaxErr('unexpected end')
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Values (cty.Value, reduced to what literal defaults can hold)

type CtyValue =
  | {readonly type: TypeConstraint; readonly s: 'unknown'}
  | {readonly type: TypeConstraint; readonly s: 'null'}
  | {readonly type: TypeConstraint; readonly s: 'prim'; readonly v: string | number | boolean}
  /** list, set, tuple */
  | {readonly type: TypeConstraint; readonly s: 'seq'; readonly elems: readonly CtyValue[]}
  /** map, object; keys in cty's iteration order (sorted) */
  | {readonly type: TypeConstraint; readonly s: 'rec'; readonly attrs: ReadonlyMap<string, CtyValue>}

const unknownVal = (type: TypeConstraint): CtyValue => ({type, s: 'unknown'})
const nullVal = (type: TypeConstraint): CtyValue => ({type, s: 'null'})
const DYNAMIC_VAL = unknownVal(ANY)

function sortedRec(type: TypeConstraint, entries: Iterable<readonly [string, CtyValue]>): CtyValue {
  const sorted = [...entries].sort((a, b) => compareStrings(a[0], b[0]))
  return {type, s: 'rec', attrs: new Map(sorted)}
}

/**
 * The cty value HCL gives a literal in hcl2json shape: arrays are tuples, objects are objects, `null` is
 * `cty.NullVal(cty.DynamicPseudoType)`. A string holding an unescaped `${…}`/`%{…}` is a non-literal
 * expression: a lone `${…}` has an unknown type (cty.DynamicVal), other templates are unknown strings.
 * `$${`/`%%{` are the escapes for a literal `${`/`%{`.
 */
function fromValue(value: Value): CtyValue {
  if (value === null) return nullVal(ANY)
  if (typeof value === 'boolean') return {type: BOOL, s: 'prim', v: value}
  if (typeof value === 'number') return {type: NUMBER, s: 'prim', v: value}
  if (typeof value === 'string') {
    const kind = templateKind(value)
    if (kind === 'wrap') return DYNAMIC_VAL
    if (kind === 'template') return unknownVal(STRING)
    return {type: STRING, s: 'prim', v: value.replace(/\$\$\{/g, '${').replace(/%%\{/g, '%{')}
  }
  if (isValueArray(value)) {
    const elems = value.map(fromValue)
    return {type: {kind: 'tuple', elements: elems.map((e) => e.type)}, s: 'seq', elems}
  }
  const entries: [string, CtyValue][] = Object.keys(value).map((k) => [k, fromValue(value[k] as Value)])
  return sortedRec(objectOf(new Map(entries.map(([k, v]) => [k, v.type]))), entries)
}

function isValueArray(v: Value): v is readonly Value[] {
  return Array.isArray(v)
}

function templateKind(s: string): 'literal' | 'wrap' | 'template' {
  let sawTemplate = false
  for (let i = 0; i < s.length; i++) {
    const c = s[i]
    if ((c === '$' || c === '%') && s[i + 1] === c && s[i + 2] === '{') {
      i += 2
      continue
    }
    if ((c === '$' || c === '%') && s[i + 1] === '{') {
      if (i === 0 && c === '$') {
        try {
          if (skipInterpolation(s, 1) === s.length) return 'wrap'
        } catch {
          // fall through: treat as a template
        }
      }
      sawTemplate = true
      break
    }
  }
  return sawTemplate ? 'template' : 'literal'
}

function isNull(v: CtyValue): boolean {
  return v.s === 'null'
}

function valueKey(v: CtyValue): string {
  switch (v.s) {
    case 'unknown':
      return '?' + typeString(v.type)
    case 'null':
      return '~' + typeString(v.type)
    case 'prim':
      return typeof v.v + ':' + String(v.v)
    case 'seq':
      return '[' + v.elems.map(valueKey).join(',') + ']'
    case 'rec':
      return '{' + [...v.attrs].map(([k, e]) => JSON.stringify(k) + ':' + valueKey(e)).join(',') + '}'
  }
}

// cty sets: duplicates coalesce; known primitives sort by value, then unknowns, then nulls (set_internals.go Less).
function setOf(ety: TypeConstraint, elems: readonly CtyValue[]): CtyValue {
  const seen = new Map<string, CtyValue>()
  for (const e of elems) {
    const k = valueKey(e)
    if (!seen.has(k)) seen.set(k, e)
  }
  const rank = (v: CtyValue): number => (v.s === 'null' ? 2 : v.s === 'unknown' ? 1 : 0)
  const sorted = [...seen.values()].sort((a, b) => {
    const r = rank(a) - rank(b)
    if (r !== 0) return r
    if (a.s === 'prim' && b.s === 'prim') {
      if (typeof a.v === 'number' && typeof b.v === 'number') return a.v - b.v
      if (typeof a.v === 'boolean' && typeof b.v === 'boolean') return Number(a.v) - Number(b.v)
      return compareStrings(String(a.v), String(b.v))
    }
    return compareStrings(valueKey(a), valueKey(b))
  })
  return {type: {kind: 'set', element: ety}, s: 'seq', elems: sorted}
}

// cty.ListVal / SetVal / MapVal element type: the first non-dynamic element type.
function commonElementType(elems: Iterable<CtyValue>): TypeConstraint {
  let ety: TypeConstraint = ANY
  for (const e of elems) {
    if (ety.kind === 'any') ety = e.type
  }
  return ety
}

// cty.CanListVal / CanSetVal / CanMapVal
function canCollect(elems: Iterable<CtyValue>): boolean {
  let ety: TypeConstraint = ANY
  for (const e of elems) {
    if (ety.kind === 'any') ety = e.type
    else if (e.type.kind !== 'any' && !typeEquals(ety, e.type)) return false
  }
  return true
}

// Go's big.Float Text('f', -1) for the numbers we can hold.
function numberToString(n: number): string {
  if (Number.isNaN(n)) return 'NaN'
  if (!Number.isFinite(n)) return n > 0 ? '+Inf' : '-Inf'
  const s = String(n)
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(s)
  if (!m) return s
  const [, sign, int, frac = '', expText] = m as unknown as [string, string, string, string | undefined, string]
  const exp = Number(expText)
  const digits = int + frac
  const point = int.length + exp
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length)
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`
}

// cty.ParseNumberVal → big.ParseFloat(s, 10, …): optional sign, decimal mantissa, e/E (base 10) or p/P
// (base 2) exponent, or Inf/inf. No surrounding spaces, no underscores, no 0x prefixes.
function parseNumber(s: string): number | undefined {
  const m = /^([+-]?)(?:(inf|Inf)|(\d+\.?\d*|\.\d+)(?:([eEpP])([+-]?\d+))?)$/.exec(s)
  if (!m) return undefined
  const sign = m[1] === '-' ? -1 : 1
  if (m[2]) return sign * Infinity
  const mantissa = Number(m[3])
  if (m[4] === undefined) return sign * mantissa
  const exp = Number(m[5])
  return sign * (m[4] === 'p' || m[4] === 'P' ? mantissa * 2 ** exp : Number(`${m[3]}e${exp}`))
}

// ---------------------------------------------------------------------------------------------------------
// Conversion (cty/convert)

type PathStep = {readonly attr: string} | {readonly index: number | string}

class PathError extends Error {
  constructor(
    message: string,
    readonly path: readonly PathStep[],
  ) {
    super(message)
  }
}

/** cty.PathError → Terraform's tfdiags.FormatCtyPath. */
function formatPath(path: readonly PathStep[]): string {
  return path.map((s) => ('attr' in s ? `.${s.attr}` : typeof s.index === 'number' ? `[${s.index}]` : `[${goQuote(s.index)}]`)).join('')
}

type Conv = (v: CtyValue, path: readonly PathStep[]) => CtyValue

interface Ctx {
  /** cty ≥ v1.16.3 MismatchMessage (", but have …"). */
  readonly detailed: boolean
}

function getConversion(ctx: Ctx, inTy: TypeConstraint, out: TypeConstraint, unsafe: boolean): Conv | undefined {
  const conv = getConversionKnown(ctx, inTy, out, unsafe)
  if (!conv) return undefined
  return (v, path) => {
    if (out.kind === 'any') return v
    if (v.s === 'unknown' || v.s === 'null') {
      const o = withoutOptionalAttributes(out)
      const t = dynamicReplace(ctx, v.type, o)
      return v.s === 'unknown' ? unknownVal(t) : nullVal(t)
    }
    return conv(v, path)
  }
}

function getConversionKnown(ctx: Ctx, inTy: TypeConstraint, out: TypeConstraint, unsafe: boolean): Conv | undefined {
  if (out.kind === 'any') return (v) => v
  if (unsafe && inTy.kind === 'any') return dynamicFixup(ctx, out)
  if (isPrimitive(inTy) && isPrimitive(out)) return primitiveConversion(inTy, out, unsafe)
  if (out.kind === 'object' && inTy.kind === 'object') return conversionObjectToObject(ctx, inTy, out, unsafe)
  if (out.kind === 'tuple' && inTy.kind === 'tuple') return conversionTupleToTuple(ctx, inTy, out, unsafe)
  if (out.kind === 'list' && (inTy.kind === 'list' || inTy.kind === 'set')) {
    if (typeEquals(inTy.element, out.element)) return conversionCollectionToList(ctx, out.element, undefined)
    const convEty = getConversion(ctx, inTy.element, out.element, unsafe)
    return convEty && conversionCollectionToList(ctx, out.element, convEty)
  }
  if (out.kind === 'set' && (inTy.kind === 'list' || inTy.kind === 'set')) {
    if (inTy.kind === 'list' && !unsafe) return undefined
    const convEty = getConversion(ctx, inTy.element, out.element, unsafe)
    if (typeEquals(inTy.element, out.element)) return conversionCollectionToSet(out.element, undefined)
    return convEty && conversionCollectionToSet(out.element, convEty)
  }
  if (out.kind === 'map' && inTy.kind === 'map') {
    const convEty = getConversion(ctx, inTy.element, out.element, unsafe)
    return convEty && conversionCollectionToMap(ctx, out.element, convEty)
  }
  if (out.kind === 'list' && inTy.kind === 'tuple') return conversionTupleToList(ctx, inTy, out.element, unsafe)
  if (out.kind === 'set' && inTy.kind === 'tuple') return conversionTupleToSet(ctx, inTy, out.element, unsafe)
  if (out.kind === 'map' && inTy.kind === 'object') return conversionObjectToMap(ctx, inTy, out.element, unsafe)
  if (out.kind === 'object' && inTy.kind === 'map') return unsafe ? conversionMapToObject(ctx, inTy, out, unsafe) : undefined
  return undefined
}

// conversion_primitive.go. (Same-type primitives have no entry: callers check equality first.)
function primitiveConversion(inTy: TypeConstraint, out: TypeConstraint, unsafe: boolean): Conv | undefined {
  if (out.kind === 'string' && inTy.kind === 'number') {
    return (v) => ({type: STRING, s: 'prim', v: numberToString(v.s === 'prim' ? Number(v.v) : NaN)})
  }
  if (out.kind === 'string' && inTy.kind === 'bool') {
    return (v) => ({type: STRING, s: 'prim', v: v.s === 'prim' && v.v === true ? 'true' : 'false'})
  }
  if (!unsafe || inTy.kind !== 'string') return undefined
  if (out.kind === 'number') {
    return (v, path) => {
      const n = parseNumber(v.s === 'prim' ? String(v.v) : '')
      if (n === undefined) throw new PathError('a number is required', path)
      return {type: NUMBER, s: 'prim', v: n}
    }
  }
  if (out.kind === 'bool') {
    return (v, path) => {
      const s = v.s === 'prim' ? String(v.v) : ''
      if (s === 'true' || s === '1') return {type: BOOL, s: 'prim', v: true}
      if (s === 'false' || s === '0') return {type: BOOL, s: 'prim', v: false}
      const lower = s.toLowerCase()
      if (lower === 'true' || lower === 'false') {
        throw new PathError(`a bool is required; to convert from string, use lowercase "${lower}"`, path)
      }
      throw new PathError('a bool is required', path)
    }
  }
  return undefined
}

// conversion_dynamic.go
function dynamicFixup(ctx: Ctx, want: TypeConstraint): Conv {
  return (v, path) => {
    try {
      return convert(ctx, v, want)
    } catch (e) {
      if (e instanceof PathError) throw new PathError(e.message, [...path, ...e.path])
      throw e
    }
  }
}

function dynamicReplace(ctx: Ctx, inTy: TypeConstraint, out: TypeConstraint): TypeConstraint {
  if (inTy.kind === 'any') return out
  switch (out.kind) {
    case 'any':
      return inTy
    case 'string':
    case 'number':
    case 'bool':
      return out
    case 'map':
      if (inTy.kind === 'map') return {kind: 'map', element: dynamicReplace(ctx, inTy.element, out.element)}
      if (inTy.kind === 'object') {
        const u = unify(ctx, attrNames(inTy).map((n) => (inTy.attributes[n] as ObjectAttribute).type), true)
        return {kind: 'map', element: dynamicReplace(ctx, u?.type ?? ANY, out.element)}
      }
      return out
    case 'object': {
      const types = new Map<string, TypeConstraint>()
      for (const name of attrNames(out)) {
        const aty = (out.attributes[name] as ObjectAttribute).type
        if (inTy.kind === 'map') types.set(name, dynamicReplace(ctx, inTy.element, aty))
        if (inTy.kind === 'object') {
          const ia = attr(inTy, name)
          types.set(name, ia ? dynamicReplace(ctx, ia.type, aty) : aty)
        }
      }
      return objectOf(types)
    }
    case 'set':
    case 'list':
      if (inTy.kind === 'set' || inTy.kind === 'list') return {kind: out.kind, element: dynamicReplace(ctx, inTy.element, out.element)}
      if (inTy.kind === 'tuple') {
        const u = unify(ctx, inTy.elements, true)
        return {kind: out.kind, element: dynamicReplace(ctx, u?.type ?? ANY, out.element)}
      }
      return out
    case 'tuple':
      return {
        kind: 'tuple',
        elements: out.elements.map((e, i) => dynamicReplace(ctx, inTy.kind === 'tuple' ? (inTy.elements[i] ?? ANY) : ANY, e)),
      }
  }
}

// conversion_object.go
function conversionObjectToObject(ctx: Ctx, inTy: ObjectType, out: ObjectType, unsafe: boolean): Conv | undefined {
  const attrConvs = new Map<string, Conv | undefined>()
  for (const name of attrNames(out)) {
    const outAttr = out.attributes[name] as ObjectAttribute
    const inAttr = attr(inTy, name)
    if (!inAttr) {
      if (outAttr.optional) continue
      return undefined
    }
    if (typeEquals(inAttr.type, outAttr.type)) {
      attrConvs.set(name, undefined)
      continue
    }
    const c = getConversion(ctx, inAttr.type, outAttr.type, unsafe)
    if (!c) return undefined
    attrConvs.set(name, c)
  }
  return (v, path) => {
    const out2: [string, CtyValue][] = []
    if (v.s === 'rec') {
      for (const [name, e] of v.attrs) {
        if (!attrConvs.has(name)) continue
        const c = attrConvs.get(name)
        let val = c ? c(e, [...path, {attr: name}]) : e
        if (isNull(val)) val = nullVal(withoutOptionalAttributes(val.type))
        out2.push([name, val])
      }
    }
    const have = new Set(out2.map(([n]) => n))
    for (const name of attrNames(out)) {
      const a = out.attributes[name] as ObjectAttribute
      if (a.optional && !have.has(name)) out2.push([name, nullVal(withoutOptionalAttributes(a.type))])
    }
    return sortedRec(objectOf(new Map(out2.map(([n, e]) => [n, e.type]))), out2)
  }
}

// conversion_tuple.go
function conversionTupleToTuple(ctx: Ctx, inTy: TupleType, out: TupleType, unsafe: boolean): Conv | undefined {
  if (inTy.elements.length !== out.elements.length) return undefined
  const convs: (Conv | undefined)[] = []
  for (let i = 0; i < out.elements.length; i++) {
    const o = out.elements[i] as TypeConstraint
    const n = inTy.elements[i] as TypeConstraint
    if (typeEquals(n, o)) {
      convs.push(undefined)
      continue
    }
    const c = getConversion(ctx, n, o, unsafe)
    if (!c) return undefined
    convs.push(c)
  }
  return (v, path) => {
    const elems = v.s === 'seq' ? v.elems.map((e, i) => convs[i]?.(e, [...path, {index: i}]) ?? e) : []
    return {type: {kind: 'tuple', elements: elems.map((e) => e.type)}, s: 'seq', elems}
  }
}

// conversion_collection.go
function seqElems(v: CtyValue): readonly CtyValue[] {
  if (v.s === 'seq') return v.elems
  if (v.s === 'rec') return [...v.attrs.values()]
  return []
}

function conversionCollectionToList(ctx: Ctx, ety: TypeConstraint, conv: Conv | undefined): Conv {
  return (v, path) => {
    const src = seqElems(v)
    if (v.type.kind === 'set' && src.some((e) => e.s === 'unknown')) return unknownVal({kind: 'list', element: (v.type as Collection).element})
    const elems = src.map((e, i) => {
      let val = conv ? conv(e, [...path, {index: i}]) : e
      if (isNull(val)) val = nullVal(withoutOptionalAttributes(val.type))
      return val
    })
    if (elems.length === 0) {
      const t = ety.kind === 'any' ? (isCollection(v.type) ? v.type.element : ANY) : withoutOptionalAttributes(ety)
      return {type: {kind: 'list', element: t}, s: 'seq', elems: []}
    }
    if (!canCollect(elems)) throw new PathError('element types must all match for conversion to list', path)
    return {type: {kind: 'list', element: commonElementType(elems)}, s: 'seq', elems}
  }
}

function conversionCollectionToSet(ety: TypeConstraint, conv: Conv | undefined): Conv {
  return (v, path) => {
    const elems = seqElems(v).map((e, i) => {
      let val = conv ? conv(e, [...path, {index: i}]) : e
      if (isNull(val)) val = nullVal(withoutOptionalAttributes(val.type))
      return val
    })
    if (elems.length === 0) {
      const t = ety.kind === 'any' ? (isCollection(v.type) ? v.type.element : ANY) : withoutOptionalAttributes(ety)
      return setOf(t, [])
    }
    if (!canCollect(elems)) throw new PathError('element types must all match for conversion to set', path)
    return setOf(commonElementType(elems), elems)
  }
}

function conversionCollectionToMap(ctx: Ctx, ety: TypeConstraint, conv: Conv | undefined): Conv {
  return (v, path) => {
    let elems = new Map<string, CtyValue>()
    if (v.s === 'rec') {
      for (const [k, e] of v.attrs) elems.set(k, conv ? conv(e, [...path, {index: k}]) : e)
    }
    if (elems.size === 0) {
      const t = ety.kind === 'any' ? (isCollection(v.type) ? v.type.element : ANY) : withoutOptionalAttributes(ety)
      return {type: {kind: 'map', element: t}, s: 'rec', attrs: new Map()}
    }
    if (isCollection(ety) || ety.kind === 'object') elems = unifyCollectionElements(ctx, elems, path, false)
    if (!canCollect(elems.values())) throw new PathError('element types must all match for conversion to map', path)
    return sortedRec({kind: 'map', element: commonElementType(elems.values())}, elems)
  }
}

function conversionTupleToSet(ctx: Ctx, tupleType: TupleType, setEtyIn: TypeConstraint, unsafe: boolean): Conv | undefined {
  const etys = tupleType.elements
  if (etys.length === 0) return () => setOf(withoutOptionalAttributes(setEtyIn), [])
  let setEty = setEtyIn
  if (setEty.kind === 'any') {
    const u = unify(ctx, etys, unsafe)
    if (!u) return undefined
    setEty = u.type
    if (setEty.kind === 'any' && !etys.every((t) => t.kind === 'any')) return undefined
  }
  const convs: (Conv | undefined)[] = []
  for (const t of etys) {
    if (typeEquals(t, setEty)) {
      convs.push(undefined)
      continue
    }
    const c = getConversion(ctx, t, setEty, unsafe)
    if (!c) return undefined
    convs.push(c)
  }
  return (v, path) => {
    const elems = seqElems(v).map((e, i) => {
      const c = convs[i]
      let val = c ? c(e, [...path, {index: i}]) : e
      if (isNull(val)) val = nullVal(withoutOptionalAttributes(val.type))
      return val
    })
    if (!canCollect(elems)) throw new PathError('element types must all match for conversion to set', path)
    return setOf(commonElementType(elems), elems)
  }
}

function conversionTupleToList(ctx: Ctx, tupleType: TupleType, listEtyIn: TypeConstraint, unsafe: boolean): Conv | undefined {
  const etys = tupleType.elements
  if (etys.length === 0) return () => ({type: {kind: 'list', element: withoutOptionalAttributes(listEtyIn)}, s: 'seq', elems: []})
  let listEty = listEtyIn
  if (listEty.kind === 'any') {
    const u = unify(ctx, etys, unsafe)
    if (!u) return undefined
    listEty = u.type
    if (listEty.kind === 'any' && !etys.every((t) => t.kind === 'any')) return undefined
  }
  const convs: (Conv | undefined)[] = []
  for (const t of etys) {
    if (typeEquals(t, listEty)) {
      convs.push(undefined)
      continue
    }
    const c = getConversion(ctx, t, listEty, unsafe)
    if (!c) return undefined
    convs.push(c)
  }
  return (v, path) => {
    let elems = seqElems(v).map((e, i) => {
      const c = convs[i]
      return c ? c(e, [...path, {index: i}]) : e
    })
    // cty passes the path of the last element here (a quirk kept for fidelity).
    elems = unifyListElements(ctx, elems, [...path, {index: Math.max(0, elems.length - 1)}], unsafe)
    if (!canCollect(elems)) throw new PathError('element types must all match for conversion to list', path)
    return {type: {kind: 'list', element: commonElementType(elems)}, s: 'seq', elems}
  }
}

function conversionObjectToMap(ctx: Ctx, objectType: ObjectType, mapEtyIn: TypeConstraint, unsafe: boolean): Conv | undefined {
  const names = attrNames(objectType)
  if (names.length === 0) return () => ({type: {kind: 'map', element: withoutOptionalAttributes(mapEtyIn)}, s: 'rec', attrs: new Map()})
  let mapEty = mapEtyIn
  if (mapEty.kind === 'any') {
    const u = unify(
      ctx,
      names.map((n) => (objectType.attributes[n] as ObjectAttribute).type),
      unsafe,
    )
    if (!u) return undefined
    mapEty = u.type
  }
  const convs = new Map<string, Conv>()
  for (const name of names) {
    const t = (objectType.attributes[name] as ObjectAttribute).type
    if (typeEquals(t, mapEty)) continue
    const c = getConversion(ctx, t, mapEty, unsafe)
    if (!c) return undefined
    convs.set(name, c)
  }
  const finalEty = mapEty
  return (v, path) => {
    let elems = new Map<string, CtyValue>()
    if (v.s === 'rec') {
      for (const [k, e] of v.attrs) {
        const c = convs.get(k)
        elems.set(k, c ? c(e, [...path, {index: k}]) : e)
      }
    }
    if (isCollection(finalEty) || finalEty.kind === 'object') elems = unifyCollectionElements(ctx, elems, path, unsafe)
    if (!canCollect(elems.values())) throw new PathError('attribute types must all match for conversion to map', path)
    return sortedRec({kind: 'map', element: commonElementType(elems.values())}, elems)
  }
}

function conversionMapToObject(ctx: Ctx, mapType: Collection, objType: ObjectType, unsafe: boolean): Conv | undefined {
  const mapEty = mapType.element
  const convs = new Map<string, Conv | undefined>()
  for (const name of attrNames(objType)) {
    const a = objType.attributes[name] as ObjectAttribute
    if (typeEquals(a.type, mapEty)) continue
    const c = getConversion(ctx, mapEty, a.type, unsafe)
    if (!c) {
      if (a.optional && unsafe) {
        convs.set(name, undefined)
        continue
      }
      return undefined
    }
    convs.set(name, c)
  }
  return (v, path) => {
    const elems = new Map<string, CtyValue>()
    if (v.s === 'rec') {
      for (const [k, e] of v.attrs) {
        const a = attr(objType, k)
        if (!a) continue
        let val = e
        const c = convs.get(k)
        if (c) val = c(e, [...path, {index: k}])
        else if (convs.has(k)) {
          throw new PathError(`map element type is incompatible with attribute ${goQuote(k)}: ${mismatchMessage(ctx, e.type, a.type)}`, path)
        }
        if (isNull(val)) val = nullVal(withoutOptionalAttributes(val.type))
        elems.set(k, val)
      }
    }
    for (const name of attrNames(objType).sort(compareStrings)) {
      if (elems.has(name)) continue
      const a = objType.attributes[name] as ObjectAttribute
      if (a.optional) elems.set(name, nullVal(a.type))
      else throw new PathError(`map has no element for required attribute ${goQuote(name)}`, path)
    }
    return sortedRec(objectOf(new Map([...elems].map(([n, e]) => [n, e.type]))), elems)
  }
}

function unifyCollectionElements(ctx: Ctx, elems: Map<string, CtyValue>, path: readonly PathStep[], unsafe: boolean): Map<string, CtyValue> {
  const u = unify(ctx, [...elems.values()].map((e) => e.type), unsafe)
  if (!u) throw new PathError('cannot find a common base type for all elements', path)
  const out = new Map<string, CtyValue>()
  for (const [name, e] of elems) {
    if (typeEquals(e.type, u.type)) {
      out.set(name, e)
      continue
    }
    const c = getConversion(ctx, e.type, u.type, unsafe)
    if (!c) throw new PathError('cannot find a common base type for all elements', path) // cty would panic here
    out.set(name, c(e, [...path, {index: name}]))
  }
  return out
}

function unifyListElements(ctx: Ctx, elems: CtyValue[], path: readonly PathStep[], unsafe: boolean): CtyValue[] {
  const u = unify(
    ctx,
    elems.map((e) => e.type),
    unsafe,
  )
  if (!u) throw new PathError('cannot find a common base type for all elements', path)
  return elems.map((e, i) => {
    if (typeEquals(e.type, u.type)) return e
    const c = getConversion(ctx, e.type, u.type, unsafe)
    if (!c) throw new PathError('cannot find a common base type for all elements', path) // cty would panic here
    return c(e, [...path, {index: i}])
  })
}

// unify.go. Returns undefined for cty.NilType; `dynamicAll` marks unifyAllAsDynamic (every value becomes DynamicVal).
interface Unified {
  readonly type: TypeConstraint
  readonly dynamicAll?: boolean
}

function unify(ctx: Ctx, types: readonly TypeConstraint[], unsafe: boolean): Unified | undefined {
  if (types.length === 0) return undefined
  let mapCt = 0
  let listCt = 0
  let setCt = 0
  let objectCt = 0
  let tupleCt = 0
  let dynamicCt = 0
  for (const t of types) {
    if (t.kind === 'map') mapCt++
    else if (t.kind === 'list') listCt++
    else if (t.kind === 'set') setCt++
    else if (t.kind === 'object') objectCt++
    else if (t.kind === 'tuple') tupleCt++
    else if (t.kind === 'any') dynamicCt++
  }
  const n = types.length
  if (mapCt > 0 && mapCt + dynamicCt === n) return unifyCollectionTypes(ctx, 'map', types, unsafe, dynamicCt > 0)
  if (mapCt > 0 && mapCt + objectCt + dynamicCt === n) {
    const u = unifyObjectsAsMaps(ctx, types, unsafe)
    if (u && u.type.kind === 'map') return u
  } else if (listCt > 0 && listCt + dynamicCt === n) return unifyCollectionTypes(ctx, 'list', types, unsafe, dynamicCt > 0)
  else if (listCt > 0 && listCt + tupleCt + dynamicCt === n) {
    const u = unifyTuplesAsList(ctx, types, unsafe)
    if (u && u.type.kind === 'list') return u
  } else if (setCt > 0 && setCt + dynamicCt === n) return unifyCollectionTypes(ctx, 'set', types, unsafe, dynamicCt > 0)
  else if (objectCt > 0 && objectCt + dynamicCt === n) return unifyObjectTypes(ctx, types as ObjectType[], unsafe, dynamicCt > 0)
  else if (tupleCt > 0 && tupleCt + dynamicCt === n) return unifyTupleTypes(ctx, types as TupleType[], unsafe, dynamicCt > 0)
  else if (objectCt > 0 && tupleCt > 0) return undefined

  preferences: for (const wantIdx of sortTypes(types)) {
    const want = types[wantIdx] as TypeConstraint
    for (let i = 0; i < n; i++) {
      if (i === wantIdx) continue
      const t = types[i] as TypeConstraint
      if (typeEquals(t, want)) continue
      if (!getConversion(ctx, t, want, unsafe)) continue preferences
    }
    return {type: want}
  }
  return undefined
}

function allConvert(ctx: Ctx, types: readonly TypeConstraint[], to: TypeConstraint, unsafe: boolean): boolean {
  return types.every((t) => typeEquals(t, to) || getConversion(ctx, t, to, unsafe) !== undefined)
}

function unifyTuplesAsList(ctx: Ctx, types: readonly TypeConstraint[], unsafe: boolean): Unified | undefined {
  const tuples = types.filter((t): t is TupleType => t.kind === 'tuple')
  const ty = unifyTupleTypesToList(ctx, tuples, unsafe)
  if (!ty || ty.type.kind !== 'list') return undefined
  const listed = types.map((t) => (t.kind === 'tuple' ? ty.type : t))
  const u = unify(ctx, listed, unsafe)
  return u && u.type.kind === 'list' ? u : undefined
}

function unifyObjectsAsMaps(ctx: Ctx, types: readonly TypeConstraint[], unsafe: boolean): Unified | undefined {
  const objs = types.filter((t): t is ObjectType => t.kind === 'object')
  const ty = unifyObjectTypesToMap(ctx, objs, unsafe)
  if (!ty || ty.type.kind !== 'map') return undefined
  const mapped = types.map((t) => (t.kind === 'object' ? ty.type : t))
  const u = unify(ctx, mapped, unsafe)
  return u && u.type.kind === 'map' ? u : undefined
}

function unifyCollectionTypes(ctx: Ctx, kind: 'list' | 'set' | 'map', types: readonly TypeConstraint[], unsafe: boolean, hasDynamic: boolean): Unified | undefined {
  if (hasDynamic) return {type: ANY, dynamicAll: true}
  const e = unify(
    ctx,
    types.map((t) => (t as Collection).element),
    unsafe,
  )
  if (!e) return undefined
  const ret: TypeConstraint = {kind, element: e.type}
  return allConvert(ctx, types, ret, unsafe) ? {type: ret} : undefined
}

function unifyObjectTypes(ctx: Ctx, types: readonly ObjectType[], unsafe: boolean, hasDynamic: boolean): Unified | undefined {
  if (hasDynamic) return {type: ANY, dynamicAll: true}
  const first = types[0] as ObjectType
  const firstNames = attrNames(first)
  for (const t of types.slice(1)) {
    const names = attrNames(t)
    if (names.length !== firstNames.length || names.some((nm) => !attr(first, nm))) return unifyObjectTypesToMap(ctx, types, unsafe)
  }
  const ret = new Map<string, TypeConstraint>()
  for (const name of firstNames) {
    const u = unify(
      ctx,
      types.map((t) => (t.attributes[name] as ObjectAttribute).type),
      unsafe,
    )
    if (!u) return undefined
    ret.set(name, u.type)
  }
  const retTy = objectOf(ret)
  return allConvert(ctx, types, retTy, unsafe) ? {type: retTy} : unifyObjectTypesToMap(ctx, types, unsafe)
}

function unifyObjectTypesToMap(ctx: Ctx, types: readonly ObjectType[], unsafe: boolean): Unified | undefined {
  const atys = types.flatMap((t) => attrNames(t).map((n) => (t.attributes[n] as ObjectAttribute).type))
  const e = unify(ctx, atys, unsafe)
  if (!e) return undefined
  const ret: TypeConstraint = {kind: 'map', element: e.type}
  return allConvert(ctx, types, ret, unsafe) ? {type: ret} : undefined
}

function unifyTupleTypes(ctx: Ctx, types: readonly TupleType[], unsafe: boolean, hasDynamic: boolean): Unified | undefined {
  if (hasDynamic) return {type: ANY, dynamicAll: true}
  const first = types[0] as TupleType
  if (types.some((t) => t.elements.length !== first.elements.length)) return unifyTupleTypesToList(ctx, types, unsafe)
  const ret: TypeConstraint[] = []
  for (let i = 0; i < first.elements.length; i++) {
    const u = unify(
      ctx,
      types.map((t) => t.elements[i] as TypeConstraint),
      unsafe,
    )
    if (!u) return undefined
    ret.push(u.type)
  }
  const retTy: TypeConstraint = {kind: 'tuple', elements: ret}
  return allConvert(ctx, types, retTy, unsafe) ? {type: retTy} : unifyTupleTypesToList(ctx, types, unsafe)
}

function unifyTupleTypesToList(ctx: Ctx, types: readonly TupleType[], unsafe: boolean): Unified | undefined {
  const e = unify(
    ctx,
    types.flatMap((t) => t.elements),
    unsafe,
  )
  if (!e) return undefined
  const ret: TypeConstraint = {kind: 'list', element: e.type}
  return allConvert(ctx, types, ret, unsafe) ? {type: ret} : undefined
}

// sort_types.go + compare_types.go
function sortTypes(tys: readonly TypeConstraint[]): number[] {
  const l = tys.length
  const edges: number[][] = tys.map(() => [])
  for (let i = 0; i < l - 1; i++) {
    for (let j = i + 1; j < l; j++) {
      const cmp = compareTypes(tys[i] as TypeConstraint, tys[j] as TypeConstraint)
      if (cmp < 0) (edges[i] as number[]).push(j)
      else if (cmp > 0) (edges[j] as number[]).push(i)
    }
  }
  const inDegree = new Array<number>(l).fill(0)
  for (const outs of edges) for (const j of outs) inDegree[j] = (inDegree[j] as number) + 1
  const result: number[] = []
  inDegree.forEach((d, i) => {
    if (d === 0) result.push(i)
  })
  for (let q = 0; q < result.length; q++) {
    for (const j of edges[result[q] as number] as number[]) {
      inDegree[j] = (inDegree[j] as number) - 1
      if (inDegree[j] === 0) result.push(j)
    }
  }
  return result
}

function compareTypes(a0: TypeConstraint, b0: TypeConstraint): number {
  let a = a0
  let b = b0
  if (a.kind === 'any' || b.kind === 'any') {
    if (a.kind !== 'any') return -1
    if (b.kind !== 'any') return 1
    return 0
  }
  if (isPrimitive(a) && isPrimitive(b)) {
    if (a.kind === 'string' || b.kind === 'string') {
      if (a.kind !== 'string') return 1
      if (b.kind !== 'string') return -1
      return 0
    }
  }
  if ((a.kind === 'list' && b.kind === 'list') || (a.kind === 'set' && b.kind === 'set') || (a.kind === 'map' && b.kind === 'map')) {
    return compareTypes(a.element, (b as Collection).element)
  }
  let swap = 1
  if (
    (a.kind === 'tuple' && b.kind === 'list') ||
    (a.kind === 'object' && b.kind === 'map') ||
    (a.kind === 'set' && b.kind === 'tuple') ||
    (a.kind === 'set' && b.kind === 'list')
  ) {
    ;[a, b] = [b, a]
    swap = -1
  }
  if (b.kind === 'set' && (a.kind === 'tuple' || a.kind === 'list')) return -1 * swap
  if (a.kind === 'list' && b.kind === 'tuple') return -1 * swap
  if (a.kind === 'map' && b.kind === 'object') return -1 * swap
  if (a.kind === 'object' && b.kind === 'object') {
    const an = attrNames(a)
    if (an.length !== attrNames(b).length) return 0
    let aSuper = false
    let bSuper = false
    for (const k of an) {
      const bk = attr(b, k)
      if (!bk) return 0
      const cmp = compareTypes((a.attributes[k] as ObjectAttribute).type, bk.type)
      if (cmp < 0) aSuper = true
      else if (cmp > 0) bSuper = true
    }
    if (aSuper && bSuper) return 0
    if (aSuper) return -1 * swap
    if (bSuper) return 1 * swap
    return 0
  }
  if (a.kind === 'tuple' && b.kind === 'tuple') {
    if (a.elements.length !== b.elements.length) return 0
    let aSuper = false
    let bSuper = false
    a.elements.forEach((e, i) => {
      const cmp = compareTypes(e, (b as TupleType).elements[i] as TypeConstraint)
      if (cmp < 0) aSuper = true
      else if (cmp > 0) bSuper = true
    })
    if (aSuper && bSuper) return 0
    if (aSuper) return -1 * swap
    if (bSuper) return 1 * swap
    return 0
  }
  return 0
}

// public.go Convert
function convert(ctx: Ctx, v: CtyValue, want: TypeConstraint): CtyValue {
  if (typeEquals(v.type, withoutOptionalAttributes(want))) return v
  const conv = getConversion(ctx, v.type, want, true)
  if (!conv) throw new PathError(mismatchMessage(ctx, v.type, want), [])
  return conv(v, [])
}

// mismatch_msg.go. Go iterates attribute maps in random order; where cty reports the first of several
// mismatching attributes/elements, we take them in sorted order.
function mismatchMessage(ctx: Ctx, got: TypeConstraint, want: TypeConstraint): string {
  if (got.kind === 'object' && want.kind === 'object') return mismatchMessageObjects(ctx, got, want)
  if (got.kind === 'tuple' && want.kind === 'list' && want.element.kind === 'any') return 'all list elements must have the same type'
  if (got.kind === 'tuple' && want.kind === 'set' && want.element.kind === 'any') return 'all set elements must have the same type'
  if (got.kind === 'object' && want.kind === 'map' && want.element.kind === 'any') return 'all map elements must have the same type'
  if ((got.kind === 'tuple' || got.kind === 'object') && isCollection(want)) return mismatchMessageCollectionsFromStructural(ctx, got, want)
  if (isCollection(got) && isCollection(want)) return mismatchMessageCollectionsFromCollections(ctx, got, want)
  if (ctx.detailed && !typesAreLikelyToCauseConfusion(got, want)) return `${friendlyName(want)} required, but have ${friendlyName(got)}`
  return friendlyName(want, true) + ' required'
}

function mismatchMessageObjects(ctx: Ctx, got: ObjectType, want: ObjectType): string {
  const missing: string[] = []
  let unsafeMismatch = ''
  let safeMismatch = ''
  for (const name of attrNames(want).sort(compareStrings)) {
    const w = want.attributes[name] as ObjectAttribute
    const g = attr(got, name)
    if (!g) {
      if (!w.optional) missing.push(name)
      continue
    }
    if (typeEquals(g.type, w.type)) continue
    if (unsafeMismatch !== '') continue
    if (!getConversion(ctx, g.type, w.type, true)) unsafeMismatch = `attribute ${goQuote(name)}: ${mismatchMessage(ctx, g.type, w.type)}`
    if (safeMismatch !== '') continue
    if (!getConversion(ctx, g.type, w.type, false)) safeMismatch = `attribute ${goQuote(name)}: ${mismatchMessage(ctx, g.type, w.type)}`
  }
  if (missing.length > 0) {
    missing.sort(compareStrings)
    const q = missing.map(goQuote)
    if (q.length === 1) return `attribute ${q[0] as string} is required`
    if (q.length === 2) return `attributes ${q[0] as string} and ${q[1] as string} are required`
    return `attributes ${q.slice(0, -1).join(', ')}, and ${q[q.length - 1] as string} are required`
  }
  if (unsafeMismatch !== '') return unsafeMismatch
  if (safeMismatch !== '') return safeMismatch
  return 'incorrect object attributes'
}

function mismatchMessageCollectionsFromStructural(ctx: Ctx, got: TupleType | ObjectType, want: Collection): string {
  if ((want.kind === 'list' || want.kind === 'set') && got.kind !== 'tuple') return friendlyName(want, true) + ' required'
  if (want.kind === 'map' && got.kind !== 'object') return friendlyName(want, true) + ' required'
  const wantEty = want.element
  if (got.kind === 'tuple') {
    for (let i = 0; i < got.elements.length; i++) {
      const g = got.elements[i] as TypeConstraint
      if (typeEquals(g, wantEty) || getConversion(ctx, g, wantEty, true)) continue
      return `element ${i}: ${mismatchMessage(ctx, g, wantEty)}`
    }
  } else {
    for (const name of attrNames(got).sort(compareStrings)) {
      const g = (got.attributes[name] as ObjectAttribute).type
      if (typeEquals(g, wantEty) || getConversion(ctx, g, wantEty, true)) continue
      return `element ${goQuote(name)}: ${mismatchMessage(ctx, g, wantEty)}`
    }
  }
  return `all elements must be ${friendlyName(wantEty, true)}`
}

function mismatchMessageCollectionsFromCollections(ctx: Ctx, got: Collection, want: Collection): string {
  if ((want.kind === 'list' || want.kind === 'set') && got.kind === 'map') return friendlyName(want, true) + ' required'
  if (want.kind === 'map' && got.kind !== 'map') return friendlyName(want, true) + ' required'
  return `incorrect ${want.kind} element type: ${mismatchMessage(ctx, got.element, want.element)}`
}

// cty ≥ v1.16.3 only (mismatch_msg.go at HEAD; note the `got.IsObjectType() && got.IsTupleType()` typo is kept).
function typesAreLikelyToCauseConfusion(got: TypeConstraint, want: TypeConstraint): boolean {
  if (isPrimitive(got) !== isPrimitive(want)) return false
  if (want.kind === 'string') return false
  if ((want.kind === 'bool' && got.kind === 'number') || (got.kind === 'bool' && want.kind === 'number')) return false
  if (isCollection(got) && isCollection(want) && !hasDynamicTypes(got.element) && hasDynamicTypes(want.element)) return false
  if (got.kind === 'tuple' && want.kind === 'object') return false
  return true
}

// ---------------------------------------------------------------------------------------------------------
// Optional attribute defaults (hcl ext/typeexpr/defaults.go)

interface Defaults {
  readonly type: TypeConstraint
  readonly values: ReadonlyMap<string, CtyValue>
  readonly children: ReadonlyMap<string, Defaults>
}

function defaultsFor(ctx: Ctx, type: TypeConstraint): Defaults | undefined {
  const values = new Map<string, CtyValue>()
  const children = new Map<string, Defaults>()
  switch (type.kind) {
    case 'list':
    case 'set':
    case 'map': {
      const d = defaultsFor(ctx, type.element)
      if (d) children.set('', d)
      break
    }
    case 'tuple':
      type.elements.forEach((e, i) => {
        const d = defaultsFor(ctx, e)
        if (d) children.set(String(i), d)
      })
      break
    case 'object':
      for (const name of attrNames(type)) {
        const a = type.attributes[name] as ObjectAttribute
        if (a.default !== undefined) {
          try {
            values.set(name, convert(ctx, fromValue(a.default), a.type))
          } catch (e) {
            if (!(e instanceof PathError)) throw e
          }
        }
        const d = defaultsFor(ctx, a.type)
        if (d) children.set(name, d)
      }
      break
    default:
      return undefined
  }
  return values.size === 0 && children.size === 0 ? undefined : {type, values, children}
}

function childDefaults(d: Defaults, key: number | string): Defaults | undefined {
  if (typeof key === 'number' && d.type.kind === 'tuple') return d.children.get(String(key))
  if (typeof key === 'string' && d.type.kind === 'object') return d.children.get(key)
  return d.children.get('')
}

function applyDefaults(ctx: Ctx, d: Defaults, v: CtyValue): CtyValue {
  if (v.s === 'unknown' || v.s === 'null' || v.s === 'prim') return v
  if (d.values.size === 0 && d.children.size === 0) return v
  if (v.s === 'seq') {
    const values = v.elems.map((e, i) => {
      const c = childDefaults(d, i)
      return c ? applyDefaults(ctx, c, e) : e
    })
    if (v.type.kind === 'set' || v.type.kind === 'list') {
      if (values.length === 0) return {type: v.type, s: 'seq', elems: []}
      const converted = unifyValues(ctx, values)
      if (converted) {
        const ety = commonElementType(converted)
        return v.type.kind === 'set' ? setOf(ety, converted) : {type: {kind: 'list', element: ety}, s: 'seq', elems: converted}
      }
    }
    return {type: {kind: 'tuple', elements: values.map((e) => e.type)}, s: 'seq', elems: values}
  }
  const values = new Map<string, CtyValue>()
  for (const [k, e] of v.attrs) {
    const c = childDefaults(d, k)
    values.set(k, c ? applyDefaults(ctx, c, e) : e)
  }
  for (const [key, dv] of d.values) {
    const cur = values.get(key)
    if (cur === undefined || cur.s === 'null') {
      const c = d.children.get(key)
      values.set(key, c ? applyDefaults(ctx, c, dv) : dv)
    }
  }
  if (v.type.kind === 'map') {
    if (values.size === 0) return v
    const keys = [...values.keys()].sort(compareStrings)
    const converted = unifyValues(
      ctx,
      keys.map((k) => values.get(k) as CtyValue),
    )
    if (converted) return sortedRec({kind: 'map', element: commonElementType(converted)}, keys.map((k, i) => [k, converted[i] as CtyValue] as const))
  }
  return sortedRec(objectOf(new Map([...values].map(([k, e]) => [k, e.type]))), values)
}

// defaults.go unifyAsSlice/unifyAsMap: convert.UnifyUnsafe, then each conversion; undefined on failure.
function unifyValues(ctx: Ctx, values: readonly CtyValue[]): CtyValue[] | undefined {
  const u = unify(
    ctx,
    values.map((e) => e.type),
    true,
  )
  if (!u) return undefined
  if (u.dynamicAll) return values.map(() => DYNAMIC_VAL)
  try {
    return values.map((e) => {
      if (typeEquals(e.type, u.type)) return e
      const c = getConversion(ctx, e.type, u.type, true)
      if (!c) throw new PathError('no conversion', [])
      return c(e, [])
    })
  } catch (e) {
    if (e instanceof PathError) return undefined
    throw e
  }
}

// ---------------------------------------------------------------------------------------------------------
// Public conversion API

export interface ConvertOptions {
  /**
   * Apply `type`'s `optional(…, default)` defaults before converting, as `decodeVariableBlock` does for a
   * block's own default (a null value is left alone). The re-check after merging overrides does not.
   */
  readonly applyDefaults?: boolean
  /**
   * The value was first decoded against this type (the base block's constraint, with its defaults applied),
   * as module_merge.go re-converts the already-converted default. If that first conversion fails, Terraform
   * has already reported it and the value is unknown, so this returns no error.
   */
  readonly from?: TypeConstraint
  /**
   * cty ≤ v1.16.2 wording (Terraform ≤ 1.12, OpenTofu ≤ 1.9): "string required" where current cty says
   * "string required, but have tuple".
   */
  readonly legacyMismatch?: boolean
}

export interface ConversionError {
  /** cty's message (`err.Error()`), e.g. `string required` or `a number is required`. */
  readonly message: string
  /** Where in the value it failed, in tfdiags.FormatCtyPath form (`[0].name`, `["key"]`); "" for the value itself. */
  readonly path: string
}

function convertInternal(v: CtyValue, type: TypeConstraint, options: ConvertOptions): ConversionError | undefined {
  const ctx: Ctx = {detailed: !(options.legacyMismatch ?? false)}
  try {
    let value = v
    if (options.from) {
      try {
        const d = defaultsFor(ctx, options.from)
        if (d && value.s !== 'null') value = applyDefaults(ctx, d, value)
        value = convert(ctx, value, options.from)
      } catch (e) {
        if (e instanceof PathError) value = DYNAMIC_VAL
        else throw e
      }
    }
    if (options.applyDefaults) {
      const d = defaultsFor(ctx, type)
      if (d && value.s !== 'null') value = applyDefaults(ctx, d, value)
    }
    convert(ctx, value, type)
    return undefined
  } catch (e) {
    if (e instanceof PathError) return {message: e.message, path: formatPath(e.path)}
    throw e
  }
}

/**
 * cty `convert.Convert(value, type)`: undefined when the value converts, else cty's error text exactly as
 * `err.Error()` prints it (no path), which is what module_merge.go puts into
 * `Overriding this variable's type constraint has made its default value invalid: %s.`
 */
export function convertValue(value: Value, type: TypeConstraint, options: ConvertOptions = {}): string | undefined {
  return checkConversion(value, type, options)?.message
}

/** Like {@link convertValue} but also says where in the value the conversion failed. */
export function checkConversion(value: Value, type: TypeConstraint, options: ConvertOptions = {}): ConversionError | undefined {
  return convertInternal(fromValue(value), type, options)
}

/**
 * tfdiags.FormatError: `<path>: <message>` when the error has a path, else the message. Terraform ≥ 1.10 uses
 * this for `This default value is not compatible with the variable's type constraint: %s.`; earlier versions,
 * and the re-check after merging overrides, print the bare message.
 */
export function formatConversionError(error: ConversionError): string {
  return error.path === '' ? error.message : `${error.path}: ${error.message}`
}
