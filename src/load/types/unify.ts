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
    const u = unifyStructuralAs(convertible, 'map', types, unsafe)
    if (u) return u
  } else if (listCt > 0 && listCt + dynamicCt === n) return unifyCollectionTypes(convertible, 'list', types, unsafe, dynamicCt > 0)
  else if (listCt > 0 && listCt + tupleCt + dynamicCt === n) {
    const u = unifyStructuralAs(convertible, 'list', types, unsafe)
    if (u) return u
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

// unify.go unifyObjectsAsMaps (`kind` map) and unifyTuplesAsList (`kind` list): the objects (tuples) unified as
// one map (list) type, then all the types with that type in their place.
function unifyStructuralAs(
  convertible: Convertible,
  kind: 'map' | 'list',
  types: readonly TypeConstraint[],
  unsafe: boolean,
): Unified | undefined {
  const from = kind === 'map' ? 'object' : 'tuple'
  const ty =
    kind === 'map'
      ? unifyObjectTypesToMap(
          convertible,
          types.filter((t): t is ObjectType => t.kind === 'object'),
          unsafe,
        )
      : unifyTupleTypesToList(
          convertible,
          types.filter((t): t is TupleType => t.kind === 'tuple'),
          unsafe,
        )
  if (!ty || ty.type.kind !== kind) return undefined
  const u = unify(
    convertible,
    types.map((t) => (t.kind === from ? ty.type : t)),
    unsafe,
  )
  return u && u.type.kind === kind ? u : undefined
}

function unifyCollectionTypes(
  convertible: Convertible,
  kind: 'list' | 'set' | 'map',
  types: readonly TypeConstraint[],
  unsafe: boolean,
  hasDynamic: boolean,
): Unified | undefined {
  if (hasDynamic) return {type: ANY, dynamicAll: true}
  return collectionOf(
    convertible,
    kind,
    types.map((t) => (t as Collection).element),
    types,
    unsafe,
  )
}

/** The collection type of `kind` whose element type unifies `elements`, if every one of `types` converts to it. */
function collectionOf(
  convertible: Convertible,
  kind: 'list' | 'set' | 'map',
  elements: readonly TypeConstraint[],
  types: readonly TypeConstraint[],
  unsafe: boolean,
): Unified | undefined {
  const e = unify(convertible, elements, unsafe)
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
  return collectionOf(convertible, 'map', atys, types, unsafe)
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
  return collectionOf(
    convertible,
    'list',
    types.flatMap((t) => t.elements),
    types,
    unsafe,
  )
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
    if (an.length !== attrNames(b).length || an.some((k) => !attr(b, k))) return 0
    return partsOrder(
      an.map((k) => compareTypes((a.attributes[k] as ObjectAttribute).type, (attr(b, k) as ObjectAttribute).type)),
      swap,
    )
  }
  if (a.kind === 'tuple' && b.kind === 'tuple') {
    if (a.elements.length !== b.elements.length) return 0
    return partsOrder(
      a.elements.map((e, i) => compareTypes(e, (b as TupleType).elements[i] as TypeConstraint)),
      swap,
    )
  }
  return 0
}

/** compare_types.go's object and tuple cases: one side is the supertype if its parts are, each at least (0 when mixed or alike). */
function partsOrder(cmps: readonly number[], swap: number): number {
  const aSuper = cmps.some((c) => c < 0)
  const bSuper = cmps.some((c) => c > 0)
  if (aSuper && bSuper) return 0
  if (aSuper) return -1 * swap
  if (bSuper) return 1 * swap
  return 0
}
