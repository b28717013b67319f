// The type-constraint model shared by the files of this folder: cty types as Terraform's `variable` blocks
// constrain them (`any` = cty.DynamicPseudoType), their equality, and their names in messages
// (hcl ext/typeexpr/public.go `TypeString`, cty's FriendlyName methods).

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
  /** The default of `optional(type, default)` (already checked against `type`). */
  readonly default?: CtyValue
}

export type Collection = Extract<TypeConstraint, {kind: 'list' | 'set' | 'map'}>
export type ObjectType = Extract<TypeConstraint, {kind: 'object'}>
export type TupleType = Extract<TypeConstraint, {kind: 'tuple'}>

export const ANY: TypeConstraint = {kind: 'any'}
export const STRING: TypeConstraint = {kind: 'string'}
export const NUMBER: TypeConstraint = {kind: 'number'}
export const BOOL: TypeConstraint = {kind: 'bool'}

export const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k)

export function makeObject(attrs: Iterable<readonly [string, ObjectAttribute]>): ObjectType {
  const attributes: Record<string, ObjectAttribute> = Object.create(null) as Record<string, ObjectAttribute>
  for (const [name, a] of attrs) attributes[name] = a
  return {kind: 'object', attributes}
}

export function objectOf(types: ReadonlyMap<string, TypeConstraint>): ObjectType {
  return makeObject([...types].map(([n, t]) => [n, {type: t, optional: false}] as const))
}

export function attrNames(t: ObjectType): string[] {
  return Object.keys(t.attributes)
}

export function attr(t: ObjectType, name: string): ObjectAttribute | undefined {
  return hasOwn(t.attributes, name) ? t.attributes[name] : undefined
}

export const isPrimitive = (t: TypeConstraint): boolean => t.kind === 'string' || t.kind === 'number' || t.kind === 'bool'
export const isCollection = (t: TypeConstraint): t is Collection => t.kind === 'list' || t.kind === 'set' || t.kind === 'map'

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
      return makeObject(
        attrNames(t).map(
          (n) => [n, {type: withoutOptionalAttributes((t.attributes[n] as ObjectAttribute).type), optional: false}] as const,
        ),
      )
    default:
      return t
  }
}

/** cty `Type.HasDynamicTypes`. */
export function hasDynamicTypes(t: TypeConstraint): boolean {
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
        .map((n) => `${IDENTIFIER.test(n) ? n : approxGoQuote(n)}=${typeString((type.attributes[n] as ObjectAttribute).type)}`)
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
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * Go's `%q`/strconv.Quote, close enough for attribute names and map keys. Not src/diag/go-quote.ts, whose
 * output differs: this one writes \a \b \f \v as \x07 \x08 \x0c \x0b and keeps every non-ASCII character
 * (Go escapes non-printable ones, as Terraform's messages do); sharing it would change those messages.
 */
export function approxGoQuote(s: string): string {
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

/** A cty value, reduced to what literal defaults can hold (values.ts builds them). */
export type CtyValue =
  | {readonly type: TypeConstraint; readonly s: 'unknown'}
  | {readonly type: TypeConstraint; readonly s: 'null'}
  | {readonly type: TypeConstraint; readonly s: 'prim'; readonly v: string | number | boolean}
  /** list, set, tuple */
  | {readonly type: TypeConstraint; readonly s: 'seq'; readonly elems: readonly CtyValue[]}
  /** map, object; keys in cty's iteration order (sorted) */
  | {readonly type: TypeConstraint; readonly s: 'rec'; readonly attrs: ReadonlyMap<string, CtyValue>}
