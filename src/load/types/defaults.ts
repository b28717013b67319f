// The defaults of `optional(type, default)` object attributes applied to a value
// (hcl ext/typeexpr/defaults.go).
import {convert, getConversion, PathError, unifyTypes, type Ctx} from './convert.js'
import {attrNames, compareStrings, objectOf, typeEquals, type ObjectAttribute, type TypeConstraint} from './type.js'
import {commonElementType, DYNAMIC_VAL, setOf, sortedRec, type CtyValue} from './values.js'

export interface Defaults {
  readonly type: TypeConstraint
  readonly values: ReadonlyMap<string, CtyValue>
  readonly children: ReadonlyMap<string, Defaults>
}

export function defaultsFor(ctx: Ctx, type: TypeConstraint): Defaults | undefined {
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
            values.set(name, convert(ctx, a.default, a.type))
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

export function applyDefaults(ctx: Ctx, d: Defaults, v: CtyValue): CtyValue {
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
    if (converted)
      return sortedRec(
        {kind: 'map', element: commonElementType(converted)},
        keys.map((k, i) => [k, converted[i] as CtyValue] as const),
      )
  }
  return sortedRec(objectOf(new Map([...values].map(([k, e]) => [k, e.type]))), values)
}

// defaults.go unifyAsSlice/unifyAsMap: convert.UnifyUnsafe, then each conversion; undefined on failure.
function unifyValues(ctx: Ctx, values: readonly CtyValue[]): CtyValue[] | undefined {
  const u = unifyTypes(
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
