// cty's type unification (cty/convert unify.go) and the preference order it tries (sort_types.go,
// compare_types.go).
import {
  ANY,
  attr,
  attrNames,
  isPrimitive,
  objectOf,
  typeEquals,
  type Collection,
  type ObjectAttribute,
  type ObjectType,
  type TupleType,
  type TypeConstraint,
} from './type.js'

/**
 * Does cty have a conversion (safe or, with `unsafe`, unsafe) from one type to the other? unify.go asks
 * the converter's getConversion; here the converter (convert.ts, which unifies element types itself)
 * passes it in, so that the two files do not import each other.
 */
export type Convertible = (from: TypeConstraint, to: TypeConstraint, unsafe: boolean) => boolean

// unify.go. Returns undefined for cty.NilType; `dynamicAll` marks unifyAllAsDynamic (every value becomes DynamicVal).
export interface Unified {
  readonly type: TypeConstraint
  readonly dynamicAll?: boolean
}

export function unify(convertible: Convertible, types: readonly TypeConstraint[], unsafe: boolean): Unified | undefined {
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
  if (mapCt > 0 && mapCt + dynamicCt === n) return unifyCollectionTypes(convertible, 'map', types, unsafe, dynamicCt > 0)
  if (mapCt > 0 && mapCt + objectCt + dynamicCt === n) {
    const u = unifyObjectsAsMaps(convertible, types, unsafe)
    if (u && u.type.kind === 'map') return u
  } else if (listCt > 0 && listCt + dynamicCt === n) return unifyCollectionTypes(convertible, 'list', types, unsafe, dynamicCt > 0)
  else if (listCt > 0 && listCt + tupleCt + dynamicCt === n) {
    const u = unifyTuplesAsList(convertible, types, unsafe)
    if (u && u.type.kind === 'list') return u
  } else if (setCt > 0 && setCt + dynamicCt === n) return unifyCollectionTypes(convertible, 'set', types, unsafe, dynamicCt > 0)
  else if (objectCt > 0 && objectCt + dynamicCt === n) return unifyObjectTypes(convertible, types as ObjectType[], unsafe, dynamicCt > 0)
  else if (tupleCt > 0 && tupleCt + dynamicCt === n) return unifyTupleTypes(convertible, types as TupleType[], unsafe, dynamicCt > 0)
  else if (objectCt > 0 && tupleCt > 0) return undefined

  preferences: for (const wantIdx of sortTypes(types)) {
    const want = types[wantIdx] as TypeConstraint
    for (let i = 0; i < n; i++) {
      if (i === wantIdx) continue
      const t = types[i] as TypeConstraint
      if (typeEquals(t, want)) continue
      if (!convertible(t, want, unsafe)) continue preferences
    }
    return {type: want}
  }
  return undefined
}

function allConvert(convertible: Convertible, types: readonly TypeConstraint[], to: TypeConstraint, unsafe: boolean): boolean {
  return types.every((t) => typeEquals(t, to) || convertible(t, to, unsafe))
}

function unifyTuplesAsList(convertible: Convertible, types: readonly TypeConstraint[], unsafe: boolean): Unified | undefined {
  const tuples = types.filter((t): t is TupleType => t.kind === 'tuple')
  const ty = unifyTupleTypesToList(convertible, tuples, unsafe)
  if (!ty || ty.type.kind !== 'list') return undefined
  const listed = types.map((t) => (t.kind === 'tuple' ? ty.type : t))
  const u = unify(convertible, listed, unsafe)
  return u && u.type.kind === 'list' ? u : undefined
}

function unifyObjectsAsMaps(convertible: Convertible, types: readonly TypeConstraint[], unsafe: boolean): Unified | undefined {
  const objs = types.filter((t): t is ObjectType => t.kind === 'object')
  const ty = unifyObjectTypesToMap(convertible, objs, unsafe)
  if (!ty || ty.type.kind !== 'map') return undefined
  const mapped = types.map((t) => (t.kind === 'object' ? ty.type : t))
  const u = unify(convertible, mapped, unsafe)
  return u && u.type.kind === 'map' ? u : undefined
}

function unifyCollectionTypes(
  convertible: Convertible,
  kind: 'list' | 'set' | 'map',
  types: readonly TypeConstraint[],
  unsafe: boolean,
  hasDynamic: boolean,
): Unified | undefined {
  if (hasDynamic) return {type: ANY, dynamicAll: true}
  const e = unify(
    convertible,
    types.map((t) => (t as Collection).element),
    unsafe,
  )
  if (!e) return undefined
  const ret: TypeConstraint = {kind, element: e.type}
  return allConvert(convertible, types, ret, unsafe) ? {type: ret} : undefined
}

function unifyObjectTypes(
  convertible: Convertible,
  types: readonly ObjectType[],
  unsafe: boolean,
  hasDynamic: boolean,
): Unified | undefined {
  if (hasDynamic) return {type: ANY, dynamicAll: true}
  const first = types[0] as ObjectType
  const firstNames = attrNames(first)
  for (const t of types.slice(1)) {
    const names = attrNames(t)
    if (names.length !== firstNames.length || names.some((nm) => !attr(first, nm))) return unifyObjectTypesToMap(convertible, types, unsafe)
  }
  const ret = new Map<string, TypeConstraint>()
  for (const name of firstNames) {
    const u = unify(
      convertible,
      types.map((t) => (t.attributes[name] as ObjectAttribute).type),
      unsafe,
    )
    if (!u) return undefined
    ret.set(name, u.type)
  }
  const retTy = objectOf(ret)
  return allConvert(convertible, types, retTy, unsafe) ? {type: retTy} : unifyObjectTypesToMap(convertible, types, unsafe)
}

function unifyObjectTypesToMap(convertible: Convertible, types: readonly ObjectType[], unsafe: boolean): Unified | undefined {
  const atys = types.flatMap((t) => attrNames(t).map((n) => (t.attributes[n] as ObjectAttribute).type))
  const e = unify(convertible, atys, unsafe)
  if (!e) return undefined
  const ret: TypeConstraint = {kind: 'map', element: e.type}
  return allConvert(convertible, types, ret, unsafe) ? {type: ret} : undefined
}

function unifyTupleTypes(convertible: Convertible, types: readonly TupleType[], unsafe: boolean, hasDynamic: boolean): Unified | undefined {
  if (hasDynamic) return {type: ANY, dynamicAll: true}
  const first = types[0] as TupleType
  if (types.some((t) => t.elements.length !== first.elements.length)) return unifyTupleTypesToList(convertible, types, unsafe)
  const ret: TypeConstraint[] = []
  for (let i = 0; i < first.elements.length; i++) {
    const u = unify(
      convertible,
      types.map((t) => t.elements[i] as TypeConstraint),
      unsafe,
    )
    if (!u) return undefined
    ret.push(u.type)
  }
  const retTy: TypeConstraint = {kind: 'tuple', elements: ret}
  return allConvert(convertible, types, retTy, unsafe) ? {type: retTy} : unifyTupleTypesToList(convertible, types, unsafe)
}

function unifyTupleTypesToList(convertible: Convertible, types: readonly TupleType[], unsafe: boolean): Unified | undefined {
  const e = unify(
    convertible,
    types.flatMap((t) => t.elements),
    unsafe,
  )
  if (!e) return undefined
  const ret: TypeConstraint = {kind: 'list', element: e.type}
  return allConvert(convertible, types, ret, unsafe) ? {type: ret} : undefined
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
