// cty's value conversion (zclconf/go-cty cty/convert: conversion*.go, public.go Convert) and its error
// texts (mismatch_msg.go), over the values of values.ts.
import {unify, type Unified} from './unify.js'
import {canCollect, commonElementType, isNull, nullVal, setOf, sortedRec, unknownVal, type CtyValue} from './values.js'
import {
  ANY,
  attr,
  attrNames,
  BOOL,
  compareStrings,
  friendlyName,
  approxGoQuote,
  hasDynamicTypes,
  isCollection,
  isPrimitive,
  NUMBER,
  objectOf,
  STRING,
  typeEquals,
  withoutOptionalAttributes,
  type Collection,
  type ObjectAttribute,
  type ObjectType,
  type TupleType,
  type TypeConstraint,
} from './type.js'

// Messages follow current cty (≥ v1.16.3, as in Terraform ≥ 1.13 and OpenTofu ≥ 1.10), whose MismatchMessage
// adds ", but have <type>" where the given type is unlikely to confuse (e.g. "string required, but have tuple").
// With `detailed: false` they follow cty ≤ v1.16.2 (Terraform ≤ 1.12, OpenTofu ≤ 1.9): "string required".

export type PathStep = {readonly attr: string} | {readonly index: number | string}

export class PathError extends Error {
  constructor(
    message: string,
    readonly path: readonly PathStep[],
  ) {
    super(message)
  }
}

/** cty.PathError → Terraform's tfdiags.FormatCtyPath. */
export function formatPath(path: readonly PathStep[]): string {
  return path
    .map((s) => ('attr' in s ? `.${s.attr}` : typeof s.index === 'number' ? `[${s.index}]` : `[${approxGoQuote(s.index)}]`))
    .join('')
}

type Conv = (v: CtyValue, path: readonly PathStep[]) => CtyValue

export interface Ctx {
  /** cty ≥ v1.16.3 MismatchMessage (", but have …"). */
  readonly detailed: boolean
}

/** unify.ts's `unify`, with this converter's getConversion as its test of convertibility. */
export function unifyTypes(ctx: Ctx, types: readonly TypeConstraint[], unsafe: boolean): Unified | undefined {
  return unify((from, to, u) => getConversion(ctx, from, to, u) !== undefined, types, unsafe)
}

export function getConversion(ctx: Ctx, inTy: TypeConstraint, out: TypeConstraint, unsafe: boolean): Conv | undefined {
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
        const u = unifyTypes(
          ctx,
          attrNames(inTy).map((n) => (inTy.attributes[n] as ObjectAttribute).type),
          true,
        )
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
        const u = unifyTypes(ctx, inTy.elements, true)
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
    if (v.type.kind === 'set' && src.some((e) => e.s === 'unknown'))
      return unknownVal({kind: 'list', element: (v.type as Collection).element})
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
    const u = unifyTypes(ctx, etys, unsafe)
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
    const u = unifyTypes(ctx, etys, unsafe)
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
    const u = unifyTypes(
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
          throw new PathError(
            `map element type is incompatible with attribute ${approxGoQuote(k)}: ${mismatchMessage(ctx, e.type, a.type)}`,
            path,
          )
        }
        if (isNull(val)) val = nullVal(withoutOptionalAttributes(val.type))
        elems.set(k, val)
      }
    }
    for (const name of attrNames(objType).sort(compareStrings)) {
      if (elems.has(name)) continue
      const a = objType.attributes[name] as ObjectAttribute
      if (a.optional) elems.set(name, nullVal(a.type))
      else throw new PathError(`map has no element for required attribute ${approxGoQuote(name)}`, path)
    }
    return sortedRec(objectOf(new Map([...elems].map(([n, e]) => [n, e.type]))), elems)
  }
}

function unifyCollectionElements(
  ctx: Ctx,
  elems: Map<string, CtyValue>,
  path: readonly PathStep[],
  unsafe: boolean,
): Map<string, CtyValue> {
  const u = unifyTypes(
    ctx,
    [...elems.values()].map((e) => e.type),
    unsafe,
  )
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
  const u = unifyTypes(
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

// public.go Convert
export function convert(ctx: Ctx, v: CtyValue, want: TypeConstraint): CtyValue {
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
    if (!getConversion(ctx, g.type, w.type, true))
      unsafeMismatch = `attribute ${approxGoQuote(name)}: ${mismatchMessage(ctx, g.type, w.type)}`
    if (safeMismatch !== '') continue
    if (!getConversion(ctx, g.type, w.type, false))
      safeMismatch = `attribute ${approxGoQuote(name)}: ${mismatchMessage(ctx, g.type, w.type)}`
  }
  if (missing.length > 0) {
    missing.sort(compareStrings)
    const q = missing.map(approxGoQuote)
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
      return `element ${approxGoQuote(name)}: ${mismatchMessage(ctx, g, wantEty)}`
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
