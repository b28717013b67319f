// cty values reduced to what literal defaults can hold, read from expression nodes, with cty's set and
// collection rules (set_internals.go, ListVal/SetVal/MapVal).
import {literalOf, objectKeyName, type Expr} from '../../hcl/expr.js'
import {ANY, BOOL, compareStrings, NUMBER, objectOf, STRING, typeEquals, typeString, type CtyValue, type TypeConstraint} from './type.js'

export type {CtyValue} from './type.js'

export const unknownVal = (type: TypeConstraint): CtyValue => ({type, s: 'unknown'})
export const nullVal = (type: TypeConstraint): CtyValue => ({type, s: 'null'})
export const DYNAMIC_VAL = unknownVal(ANY)

export function sortedRec(type: TypeConstraint, entries: Iterable<readonly [string, CtyValue]>): CtyValue {
  const sorted = [...entries].sort((a, b) => compareStrings(a[0], b[0]))
  return {type, s: 'rec', attrs: new Map(sorted)}
}

/**
 * The cty value HCL gives an expression evaluated with no variables and no functions, as far as a literal
 * default holds it: literals are primitives, tuple and object constructors tuples and objects, `null` is
 * `cty.NullVal(cty.DynamicPseudoType)`; a template with interpolations is an unknown string, and anything
 * else (a reference, a call, an operator, a lone `"${…}"`) an unknown of unknown type (cty.DynamicVal).
 */
export function fromExpr(e: Expr): CtyValue {
  switch (e.k) {
    case 'tuple': {
      const elems = e.items.map(fromExpr)
      return {type: {kind: 'tuple', elements: elems.map((x) => x.type)}, s: 'seq', elems}
    }
    case 'object': {
      const entries = new Map<string, CtyValue>()
      for (const item of e.items) {
        const k = objectKeyName(item)
        if (k === undefined) return DYNAMIC_VAL
        if (!entries.has(k)) entries.set(k, fromExpr(item.value))
      }
      return fromEntries(entries)
    }
    case 'tmpl':
      return literalOf(e) === undefined ? unknownVal(STRING) : primitive(literalOf(e) ?? null)
    case 'parens':
      return fromExpr(e.inner)
    default: {
      const v = e.k === 'wrap' ? undefined : literalOf(e)
      return v === undefined ? DYNAMIC_VAL : primitive(v)
    }
  }
}

/** A known primitive (or null) value. */
export function primitive(v: string | number | boolean | null): CtyValue {
  if (v === null) return nullVal(ANY)
  if (typeof v === 'boolean') return {type: BOOL, s: 'prim', v}
  if (typeof v === 'number') return {type: NUMBER, s: 'prim', v}
  return {type: STRING, s: 'prim', v}
}

/** An object value from its attributes (cty keeps them sorted). */
export function fromEntries(entries: ReadonlyMap<string, CtyValue>): CtyValue {
  return sortedRec(objectOf(new Map([...entries].map(([k, v]) => [k, v.type]))), entries)
}

export function isNull(v: CtyValue): boolean {
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
export function setOf(ety: TypeConstraint, elems: readonly CtyValue[]): CtyValue {
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
export function commonElementType(elems: Iterable<CtyValue>): TypeConstraint {
  let ety: TypeConstraint = ANY
  for (const e of elems) {
    if (ety.kind === 'any') ety = e.type
  }
  return ety
}

// cty.CanListVal / CanSetVal / CanMapVal
export function canCollect(elems: Iterable<CtyValue>): boolean {
  let ety: TypeConstraint = ANY
  for (const e of elems) {
    if (ety.kind === 'any') ety = e.type
    else if (e.type.kind !== 'any' && !typeEquals(ety, e.type)) return false
  }
  return true
}
