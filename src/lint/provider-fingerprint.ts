// A module directory's provider-facing fingerprint (#48 item 3): everything of one loaded module that an
// analysis's tree stage reads — the crawl (module calls, the static evaluation of their arguments through
// variables and locals), resolution, validation, requirements, the graph and refactoring stages, the
// release checks, provider functions, module arguments, test runs — and the rules that run on a root's
// tree (scope `tree`, and the `module` rules without a module stage), as a position-free string. Two loads
// of a directory with the same fingerprint give every root that reaches it the same tree-stage findings,
// moved with the text (src/lint/reanchor.ts); what differs is the module stage's (src/lint/module-stage.ts).
//
// What is left out, because nothing of the tree stage reads it (checked against the code, and by
// test/lint/provider-fingerprint.test.ts): the literal values inside the bodies of resources and the other
// blocks of the block-kind table (their attributes are kept by name only when they reference something or
// call a provider function, with those references and calls), comments and layout (positions), and the
// `description` arguments of variables and outputs. Everything else is kept as written (conservatively: a
// variable's default is kept even when no call argument reads it). The table `PARTS` classifies every field
// of the model, so a field added to it is a compile error here until it is classified.
import * as path from 'node:path'
import type {Diagnostic} from '../diag/diagnostic.js'
import type {Attribute, Block, Body} from '../hcl/syntax.js'
import type {Module} from '../load/model.js'
import type {ModuleElements} from '../load/module-elements.js'
import {mayCall} from '../load/module-index.js'
import type {Resource} from '../load/records.js'
import type {RunMemo} from '../load/run-memo.js'
import {expressionFacts} from '../rules/module-expressions.js'

/**
 * How the fingerprint reads each field of the model: `whole` (every block or attribute as written, without
 * positions), `records` (the block-kind records: their meta-arguments whole, the rest as their references
 * and provider-function calls), `derived` (computed from fields that are kept), `self` (the directory,
 * engine, files, diagnostics: kept as they are).
 */
export type FingerprintPart = 'whole' | 'whole-but-description' | 'records' | 'derived' | 'self'

export const PARTS: {readonly [K in keyof ModuleElements]-?: FingerprintPart} = {
  dir: 'self',
  engine: 'self',
  files: 'self',
  variables: 'whole-but-description',
  locals: 'whole',
  outputs: 'whole-but-description',
  moduleCalls: 'whole',
  providerConfigs: 'whole',
  managedResources: 'records',
  dataResources: 'records',
  ephemeralResources: 'records',
  requiredProviderAttributes: 'whole',
  requiredProviders: 'derived',
  requiredProvidersBlock: 'whole',
  requiredVersion: 'whole',
  backend: 'whole',
  cloud: 'whole',
  stateStore: 'whole',
  providerMetas: 'whole',
  terraformAttributes: 'whole',
  terraformBlocks: 'whole',
  moved: 'whole',
  imports: 'whole',
  removed: 'whole',
  siteBlocks: 'whole',
  checks: 'whole',
  checkData: 'derived',
  actions: 'records',
  listResources: 'records',
  blockKinds: 'self',
  resources: 'records',
  providerArguments: 'derived',
  otherBlocks: 'whole',
  overrides: 'self',
  names: 'derived',
  decodeDiagnostics: 'self',
}

/**
 * Prints already computed, by the parser's objects they are of (a block, an argument): an editor's run keeps
 * one across edits, so that a load whose files did not change but one reads only that file's blocks again
 * (the parser gives an unchanged file's same objects). Each print is a pure function of its object.
 */
export interface FingerprintCache {
  /** A block-kind record's print by its block, with the mode it was read in. */
  readonly records: WeakMap<Block, {readonly mode: string; readonly json: string}>
  /** A block kept whole: as written, and without its `description`. */
  readonly blocks: WeakMap<Block, string>
  readonly blocksButDescription: WeakMap<Block, string>
  /** An argument kept whole (a local value, a `required_providers` entry): as written. */
  readonly attributes: WeakMap<Attribute, string>
}

export function fingerprintCache(): FingerprintCache {
  return {records: new WeakMap(), blocks: new WeakMap(), blocksButDescription: new WeakMap(), attributes: new WeakMap()}
}

/** A piece of the fingerprint already in JSON (a cached print). */
class Json {
  constructor(readonly json: string) {}
}

/** `JSON.stringify` of a value whose pieces may already be JSON (`Json`): the same string as without them. */
function toJson(x: unknown): string {
  if (x instanceof Json) return x.json
  if (Array.isArray(x)) {
    let out = '['
    for (let i = 0; i < x.length; i++) out += (i > 0 ? ',' : '') + (x[i] === undefined ? 'null' : toJson(x[i]))
    return out + ']'
  }
  return JSON.stringify(x)
}

/** The arguments of a block-kind record kept whole: what names its provider, repeats it, orders it. */
const META_ARGUMENTS: ReadonlySet<string> = new Set(['provider', 'count', 'for_each', 'depends_on', 'enabled'])
/** Nested blocks of a record kept whole (the tree stage reads their structure: conditions, replacement). */
const META_BLOCKS: ReadonlySet<string> = new Set(['lifecycle'])

/** A block as written, without positions: type, labels, the file it is in, its arguments' texts, its nested blocks. */
function blockPrint(b: Block, skipTop?: ReadonlySet<string>): unknown {
  return [b.type, b.labels.map((l) => l.value), path.basename(b.declRange.filename), bodyPrint(b.body, skipTop)]
}

function bodyPrint(body: Body, skip?: ReadonlySet<string>): unknown {
  return [body.attributes.filter((a) => !skip?.has(a.name)).map((a) => [a.name, a.expr]), body.blocks.map((b) => blockPrint(b))]
}

/** An argument as written (its file is its block's; a local value's is its `locals` block's, which no stage reads). */
function attributePrint(a: Attribute): unknown {
  return [a.name, a.expr]
}

/** A reference or function call without its offsets. */
function positionFree(x: object): unknown {
  return Object.entries(x).filter(([k]) => k !== 'start' && k !== 'end' && k !== 'range')
}

/** `recordPrint` through the cache (its labels and body are its block's; its mode, the kind map's). */
function recordJson(m: Module, r: Resource, cache: FingerprintCache | undefined): Json {
  const seen = cache?.records.get(r.block)
  if (seen && seen.mode === r.mode) return new Json(seen.json)
  const json = JSON.stringify(recordPrint(m, r))
  cache?.records.set(r.block, {mode: r.mode, json})
  return new Json(json)
}

/** A block-kind record: its name and file, its meta-arguments whole, the rest of its body as what it references and calls. */
function recordPrint(m: Module, r: Resource): unknown {
  const reads: unknown[] = []
  const referencesOf = m.index.recordReferences(r.block)
  const walk = (body: Body, at: string): void => {
    for (const a of body.attributes) {
      if (at === '' && META_ARGUMENTS.has(a.name)) continue
      const refs = referencesOf(a)
      // none without `::` (asked of the index, they are found for every expression of the module at once)
      const calls = mayCall(a) ? m.index.functionCallsOf(a) : []
      if (refs.length > 0 || calls.length > 0) reads.push([at + a.name, refs.map(positionFree), calls.map(positionFree)])
    }
    body.blocks.forEach((b, i) => {
      if (at === '' && META_BLOCKS.has(b.type)) return
      // the nested blocks' structure (types and labels: whether an expression is evaluated depends on it)
      reads.push([`${at}${b.type}#${i}`, b.labels.map((l) => l.value)])
      walk(b.body, `${at}${b.type}#${i}.`)
    })
  }
  walk(r.block.body, '')
  return [
    r.mode,
    r.type,
    r.name,
    r.block.type,
    path.basename(r.declRange.filename),
    r.block.body.attributes.filter((a) => META_ARGUMENTS.has(a.name)).map(attributePrint),
    r.block.body.blocks.filter((b) => META_BLOCKS.has(b.type)).map((b) => blockPrint(b)),
    reads,
  ]
}

function diagnosticPrint(d: Diagnostic): unknown {
  return [d.code, d.severity, d.summary, d.detail, d.extra?.explanation ?? null, d.range ? path.basename(d.range.filename) : null]
}

const DESCRIPTION: ReadonlySet<string> = new Set(['description'])

/** The value of one field of the model, read as `PARTS` says. */
function partPrint(m: Module, key: keyof ModuleElements, part: FingerprintPart, cache: FingerprintCache | undefined): unknown {
  switch (part) {
    case 'derived':
      return null
    case 'records': {
      // `resources`: the same records as the kind maps, its other kinds read below
      if (key === 'resources') return null
      const value = m[key] as ReadonlyMap<string, Resource>
      return [...value.entries()].map(([k, r]) => [k, recordJson(m, r, cache)])
    }
    case 'self':
      switch (key) {
        case 'dir':
          return m.dir
        case 'engine':
          return m.engine
        case 'files':
          return m.files.map((f) => [f.name, f.kind, f.syntax, f.shadowedBy ?? null])
        case 'blockKinds':
          return m.blockKinds.rows.map((k) => k.keyword)
        case 'overrides':
          return [...m.overrides.entries()]
        case 'decodeDiagnostics':
          return m.decodeDiagnostics.map(diagnosticPrint)
        default:
          throw new Error(`provider fingerprint: no reading of ${key}`)
      }
    case 'whole':
    case 'whole-but-description': {
      const skip = part === 'whole-but-description' ? DESCRIPTION : undefined
      return wholePrint(m[key], skip, cache && (skip ? cache.blocksButDescription : cache.blocks), cache?.attributes)
    }
  }
}

function isBlock(x: unknown): x is Block {
  return typeof x === 'object' && x !== null && (x as {kind?: unknown}).kind === 'block'
}

function isAttribute(x: unknown): x is Attribute {
  return typeof x === 'object' && x !== null && (x as {kind?: unknown}).kind === 'attribute'
}

/** A field kept whole: blocks and attributes as written; maps and lists of them (and of records holding a `block`). */
function wholePrint(
  x: unknown,
  skip: ReadonlySet<string> | undefined,
  cache: WeakMap<Block, string> | undefined,
  attributes?: WeakMap<Attribute, string>,
): unknown {
  if (x === undefined || x === null) return null
  const block = (b: Block): unknown => {
    if (!cache) return blockPrint(b, skip)
    let json = cache.get(b)
    if (json === undefined) {
      json = JSON.stringify(blockPrint(b, skip))
      cache.set(b, json)
    }
    return new Json(json)
  }
  if (isBlock(x)) return block(x)
  if (isAttribute(x)) {
    if (!attributes) return attributePrint(x)
    let json = attributes.get(x)
    if (json === undefined) attributes.set(x, (json = JSON.stringify(attributePrint(x))))
    return new Json(json)
  }
  if (x instanceof Map) return [...(x as Map<unknown, unknown>).entries()].map(([k, v]) => [k, wholePrint(v, skip, cache, attributes)])
  if (Array.isArray(x)) return x.map((v: unknown) => wholePrint(v, skip, cache, attributes))
  if (typeof x === 'object') {
    // a record (a module call, a provider configuration): its block as written
    const b = (x as {block?: unknown}).block
    if (isBlock(b)) return block(b)
  }
  throw new Error('provider fingerprint: a field kept whole is neither a block, an attribute nor a record of one')
}

/**
 * The provider-facing fingerprint of a loaded module directory (`loadDiagnostics`: those of reading it):
 * equal for two loads when every root's tree stage reads the same of them.
 */
export function providerFingerprint(m: Module, loadDiagnostics: readonly Diagnostic[], memo?: RunMemo, cache?: FingerprintCache): string {
  return toJson(valueOf(m, loadDiagnostics, memo, cache))
}

/**
 * `providerFingerprint` as the value it is the JSON of (`FingerprintValue`), not written out: with a cache,
 * an unchanged block's print in it is the same string as in an earlier load's, and the fingerprint, tens of
 * kilobytes, is compared part by part (`sameFingerprint`) without being made one string.
 */
export function fingerprintValue(
  m: Module,
  loadDiagnostics: readonly Diagnostic[],
  memo?: RunMemo,
  cache?: FingerprintCache,
): FingerprintValue {
  return {value: valueOf(m, loadDiagnostics, memo, cache)}
}

/** A fingerprint as the value it is the JSON of (`fingerprintValue`). */
export interface FingerprintValue {
  readonly value: unknown
}

/**
 * Whether two fingerprints are the same: their values part by part (each the JSON of the same value, an
 * already printed block by its print). The same parts give the same JSON; two loads of a directory, whose
 * values have the same shape, are the same fingerprint only with the same parts.
 */
export function sameFingerprint(a: FingerprintValue | undefined, b: FingerprintValue | undefined): boolean {
  if (a === b) return true
  return a !== undefined && b !== undefined && sameValue(a.value, b.value)
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (a instanceof Json) return b instanceof Json && a.json === b.json
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false
    return true
  }
  // a primitive unequal to `b`, or an object of another kind (written by JSON.stringify)
  if (typeof a !== 'object' || a === null || b instanceof Json || Array.isArray(b)) return false
  return typeof b === 'object' && b !== null && JSON.stringify(a) === JSON.stringify(b)
}

/** What the fingerprint is the JSON of. */
function valueOf(m: Module, loadDiagnostics: readonly Diagnostic[], memo?: RunMemo, cache?: FingerprintCache): unknown[] {
  const out: unknown[] = []
  for (const key of Object.keys(PARTS) as (keyof ModuleElements)[]) out.push([key, partPrint(m, key, PARTS[key], cache)])
  // the kinds of the block-kind table beyond the built-in maps
  const builtIn = new Set<unknown>([m.managedResources, m.dataResources, m.ephemeralResources, m.actions, m.listResources])
  for (const [keyword, map] of m.resources) {
    if (builtIn.has(map)) continue
    out.push([keyword, [...map.entries()].map(([k, r]) => [k, recordJson(m, r, cache)])])
  }
  // `terraform.workspace` anywhere (a rule reads it with the root's backend): how many, and in which arguments
  out.push(['workspaces', expressionFacts(m, memo).workspaces.map((w) => w.attribute.name)])
  out.push(['load', loadDiagnostics.map(diagnosticPrint)])
  return out
}
