// cty values reduced to what literal defaults can hold, read from hcl2json-shaped values, with cty's
// set and collection rules (set_internals.go, ListVal/SetVal/MapVal).
import {interpolationEnd} from '../../hcl/expr-tokens.js'
import type {Value} from '../../hcl/syntax.js'
import {ANY, BOOL, compareStrings, NUMBER, objectOf, STRING, typeEquals, typeString, type TypeConstraint} from './type.js'

export type CtyValue =
  | {readonly type: TypeConstraint; readonly s: 'unknown'}
  | {readonly type: TypeConstraint; readonly s: 'null'}
  | {readonly type: TypeConstraint; readonly s: 'prim'; readonly v: string | number | boolean}
  /** list, set, tuple */
  | {readonly type: TypeConstraint; readonly s: 'seq'; readonly elems: readonly CtyValue[]}
  /** map, object; keys in cty's iteration order (sorted) */
  | {readonly type: TypeConstraint; readonly s: 'rec'; readonly attrs: ReadonlyMap<string, CtyValue>}

export const unknownVal = (type: TypeConstraint): CtyValue => ({type, s: 'unknown'})
export const nullVal = (type: TypeConstraint): CtyValue => ({type, s: 'null'})
export const DYNAMIC_VAL = unknownVal(ANY)

export function sortedRec(type: TypeConstraint, entries: Iterable<readonly [string, CtyValue]>): CtyValue {
  const sorted = [...entries].sort((a, b) => compareStrings(a[0], b[0]))
  return {type, s: 'rec', attrs: new Map(sorted)}
}

/**
 * The cty value HCL gives a literal in hcl2json shape: arrays are tuples, objects are objects, `null` is
 * `cty.NullVal(cty.DynamicPseudoType)`. A string holding an unescaped `${…}`/`%{…}` is a non-literal
 * expression: a lone `${…}` has an unknown type (cty.DynamicVal), other templates are unknown strings.
 * `$${`/`%%{` are the escapes for a literal `${`/`%{`.
 */
export function fromValue(value: Value): CtyValue {
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
          if (interpolationEnd(s, 1) === s.length) return 'wrap'
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
