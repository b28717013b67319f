// Shared by the rules that read every expression of a module (not a rule itself): what they look for, found
// in one walk over a module's arguments (as tflint's WalkExpressions visits them) and kept in the run's memo,
// and the modules a configuration's authors wrote — the root and the modules it calls by local path, each
// directory once, with every call that reaches it.
import type {ModuleNode, ModuleTree} from '../crawl/crawl.js'
import {children, type Expr} from '../hcl/native/ast.js'
import type {Attribute, Block, Body} from '../hcl/syntax.js'
import {attributeFilename} from '../hcl/native/attribute.js'
import type {Module} from '../load/model.js'
import {siteBlocks} from '../load/block-kinds.js'
import type {RunMemo} from '../load/run-memo.js'
import {inRemotePackage, type Finding} from './support.js'
import type {Reference} from '../hcl/references.js'

/** Whether an attribute is written in JSON syntax (a `.tf.json` or `.tofu.json` file). */
export function inJson(a: Attribute): boolean {
  return attributeFilename(a).endsWith('.json')
}

/** A check block's `data` block is one of the module's data resources: read there, not twice. */
const CHECK_DATA: ReadonlySet<string> = new Set(['data'])

/** One module directory a configuration's authors wrote, with every node (call) of the tree that reaches it, in tree order. */
export interface AuthoredModule {
  readonly module: Module
  readonly nodes: readonly ModuleNode[]
}

/**
 * The root module and every module reached through local paths only (not a registry or remote package,
 * nor anything such a package calls: their authors' to fix), each directory once.
 */
export function authoredModules(tree: ModuleTree): AuthoredModule[] {
  const byModule = new Map<Module, ModuleNode[]>()
  for (const node of tree.nodes) {
    const m = node.module
    if (!m || !node.resolved || inRemotePackage(node) || (node.source !== undefined && node.source.kind !== 'local')) continue
    const list = byModule.get(m)
    if (list) list.push(node)
    else byModule.set(m, [node])
  }
  return [...byModule].map(([module, nodes]) => ({module, nodes}))
}

/** A finding about one place of an authored module, made once per call that reaches it (report() keeps the first and names the others). */
export function atEveryCall(am: AuthoredModule, make: (node: ModuleNode) => Omit<Finding, 'module' | 'address'>): Finding[] {
  return am.nodes.map((node) => ({...make(node), address: node.addr.key, module: node}))
}

/** An expression node found in an attribute. */
export interface Found<E extends Expr = Expr> {
  readonly attribute: Attribute
  readonly expr: E
}

/** A legacy index or splat (`.0`, `.*`) in an attribute. */
export interface LegacyIndexFound {
  readonly attribute: Attribute
  /** The step or splat marker, as offsets of the file's text. */
  readonly span: {readonly s: number; readonly e: number}
  readonly splat: boolean
}

/** What the expression rules look for, found in one walk over a module's attributes. */
export interface ExpressionFacts {
  /** `"${x}"` (native syntax only). */
  readonly wraps: readonly Found<Extract<Expr, {k: 'wrap'}>>[]
  readonly legacyIndexes: readonly LegacyIndexFound[]
  /** `lookup(m, k)` with two arguments. */
  readonly lookups: readonly Found<Extract<Expr, {k: 'call'}>>[]
  /** `x == []`, `x != []`. */
  readonly emptyListComparisons: readonly Found<Extract<Expr, {k: 'binary'}>>[]
  /** Object constructors with two items or more (native syntax only). */
  readonly objects: readonly Found<Extract<Expr, {k: 'object'}>>[]
  /** `terraform.workspace`. */
  readonly workspaces: readonly Found<Extract<Expr, {k: 'trav'}>>[]
}

/**
 * What a module's expressions read: the references of every expression of the module (its index, as
 * Terraform reads references; tflint's terraform_unused_declarations reads them so too): `var.x`,
 * `local.x`, `data.T.N`, `module.c.out` (`module.c` alone, or with a computed index, reads every output).
 */
export interface Reads {
  readonly variables: ReadonlySet<string>
  readonly locals: ReadonlySet<string>
  /** `data.TYPE.NAME`. */
  readonly data: ReadonlySet<string>
  /** Module call name → the outputs read (`*`: the whole call, so every output). */
  readonly outputs: ReadonlyMap<string, ReadonlySet<string>>
}

function isEmptyTuple(e: Expr): boolean {
  return e.k === 'tuple' && e.items.length === 0
}

/** The splat marker (`.*` or `[*]`): the anonymous element at the start of what the splat applies. */
function splatMarker(each: Expr): Expr | undefined {
  let x: Expr = each
  while (x.k === 'rel') x = x.src
  return x.k === 'anon' ? x : undefined
}

/**
 * Calls `fn` with every attribute of a module tflint's WalkExpressions visits, in no order: the arguments of
 * local values, outputs, module calls, provider configurations, resources, data sources, ephemeral
 * resources, checks, moved, import and removed blocks and other top-level blocks, nested blocks included,
 * and of variables their `default` and validation blocks (a type is a type expression, the other settings
 * constants). The `terraform` block is not read: its arguments are constants.
 */
function forEachAttribute(
  m: Module,
  fn: (a: Attribute) => void,
  each?: (b: Block, walk: () => void) => void,
  eachLocal?: (a: Attribute, walk: () => void) => void,
): void {
  const body = (b: Body, skip?: ReadonlySet<string>): void => {
    for (const a of b.attributes) fn(a)
    for (const nb of b.blocks) if (!skip?.has(nb.type)) body(nb.body)
  }
  // each top-level block's attributes, through `each` when given (a block is always walked the same way)
  const blocks = (bs: Iterable<Block>, skip?: ReadonlySet<string>): void => {
    for (const b of bs) {
      if (each) each(b, () => body(b.body, skip))
      else body(b.body, skip)
    }
  }
  const variable = (v: Block): void => {
    for (const a of v.body.attributes) if (a.name === 'default') fn(a)
    for (const nb of v.body.blocks) body(nb.body)
  }
  for (const v of m.variables.values()) {
    if (each) each(v, () => variable(v))
    else variable(v)
  }
  for (const a of m.locals.values()) {
    if (eachLocal) eachLocal(a, () => fn(a))
    else fn(a)
  }
  blocks(m.outputs.values())
  for (const bs of [
    m.moduleCalls,
    m.providerConfigs,
    m.managedResources,
    m.dataResources,
    m.ephemeralResources,
    m.actions,
    m.listResources,
  ])
    blocks([...bs.values()].map((r) => r.block))
  blocks(m.checks, CHECK_DATA)
  for (const bs of [m.moved, ...siteBlocks(m).map(([, s]) => s), m.otherBlocks]) blocks(bs)
}

/** ExpressionFacts while they are collected. */
interface Facts {
  wraps: Found<Extract<Expr, {k: 'wrap'}>>[]
  legacyIndexes: LegacyIndexFound[]
  lookups: Found<Extract<Expr, {k: 'call'}>>[]
  emptyListComparisons: Found<Extract<Expr, {k: 'binary'}>>[]
  objects: Found<Extract<Expr, {k: 'object'}>>[]
  workspaces: Found<Extract<Expr, {k: 'trav'}>>[]
}

/** The attribute being walked: its source text is read once, only when a step's first character is asked. */
class Walked {
  #text: string | undefined
  constructor(
    readonly a: Attribute,
    readonly json: boolean,
  ) {}
  /** Whether the part at offset `s` of the file's text starts with a dot (`.0`, `.*`). */
  dotAt(s: number): boolean {
    this.#text ??= this.a.expr
    return this.#text.charCodeAt(s - this.a.node.s) === 46
  }
}

/** Records what one expression node is, for the facts, and pushes the nodes under it to visit. */
function visit(f: Facts, w: Walked, e: Expr, stack: Expr[]): void {
  const a = w.a
  switch (e.k) {
    case 'lit':
    case 'anon':
      return
    case 'wrap':
      if (!w.json) f.wraps.push({attribute: a, expr: e})
      stack.push(e.inner)
      return
    case 'tmpl':
      for (const p of e.parts) if (p.k !== 'lit') stack.push(p)
      return
    case 'trav':
      if (e.steps.length === 0) return
      if (e.root === 'terraform' && e.steps[0]?.k === 'attr' && e.steps[0].name === 'workspace') f.workspaces.push({attribute: a, expr: e})
      for (const st of e.steps) if (st.k === 'index' && w.dotAt(st.s)) f.legacyIndexes.push({attribute: a, span: st, splat: false})
      return
    case 'rel':
      for (const st of e.steps) if (st.k === 'index' && w.dotAt(st.s)) f.legacyIndexes.push({attribute: a, span: st, splat: false})
      stack.push(e.src)
      return
    case 'splat': {
      const marker = splatMarker(e.each)
      if (marker && w.dotAt(marker.s)) f.legacyIndexes.push({attribute: a, span: marker, splat: true})
      stack.push(e.src, e.each)
      return
    }
    case 'call':
      if (e.name === 'lookup' && e.args.length === 2 && !e.expandFinal) f.lookups.push({attribute: a, expr: e})
      for (const x of e.args) if (x.k !== 'lit') stack.push(x)
      return
    case 'binary':
      if ((e.op === '==' || e.op === '!=') && (isEmptyTuple(e.left) || isEmptyTuple(e.right)))
        f.emptyListComparisons.push({attribute: a, expr: e})
      stack.push(e.left, e.right)
      return
    case 'object':
      if (!w.json && e.items.length > 1) f.objects.push({attribute: a, expr: e})
      for (const it of e.items) {
        if (it.key.k !== 'lit' && !(it.key.k === 'trav' && it.key.steps.length === 0)) stack.push(it.key)
        if (it.value.k !== 'lit') stack.push(it.value)
      }
      return
    case 'cond':
      stack.push(e.cond, e.then, e.else)
      return
    case 'index':
      stack.push(e.coll, e.key)
      return
    case 'unary':
      stack.push(e.operand)
      return
    case 'parens':
      stack.push(e.inner)
      return
    case 'tuple':
      for (const x of e.items) if (x.k !== 'lit') stack.push(x)
      return
    default:
      for (const x of children(e)) stack.push(x)
  }
}

/** A quoted string or heredoc without interpolations: nothing to look at. */
function plainText(e: Expr): boolean {
  if (e.k === 'lit') return true
  if (e.k !== 'tmpl') return false
  for (const p of e.parts) if (p.k !== 'lit') return false
  return true
}

function noFacts(): Facts {
  return {wraps: [], legacyIndexes: [], lookups: [], emptyListComparisons: [], objects: [], workspaces: []}
}

/** `to` with `from`'s facts after its own. */
function addFacts(to: Facts, from: Facts): void {
  for (const k of FACT_KINDS) if (from[k].length > 0) (to[k] as unknown[]).push(...from[k])
}

const FACT_KINDS = ['wraps', 'legacyIndexes', 'lookups', 'emptyListComparisons', 'objects', 'workspaces'] as const

/** The facts of each top-level block, and of each local value, kept across a run's loads of a module. */
interface FactsByPart {
  readonly blocks: WeakMap<Block, Facts>
  readonly locals: WeakMap<Attribute, Facts>
}

/**
 * The facts of a module's expressions; with `byPart`, each top-level block's and each local value's are kept
 * there and taken from there (a pure function of the block or the argument: an editor's edit walks only the
 * edited file's blocks and local values again).
 */
function collectFacts(m: Module, byPart?: FactsByPart): ExpressionFacts {
  const all = noFacts()
  let f = all
  const stack: Expr[] = []
  forEachAttribute(
    m,
    (a) => {
      // a literal (most arguments) holds nothing any expression rule looks for
      if (plainText(a.node)) return
      const w = new Walked(a, inJson(a))
      // a reference alone (`var.x`, `module.m.out`: the most frequent argument after a literal)
      if (a.node.k === 'trav') return visit(f, w, a.node, stack)
      stack.push(a.node)
      while (stack.length > 0) visit(f, w, stack.pop()!, stack)
    },
    byPart && ((b, walk) => addFacts(all, partFacts(byPart.blocks, b, walk))),
    byPart && ((a, walk) => addFacts(all, partFacts(byPart.locals, a, walk))),
  )
  return all

  /** The facts of one part, walked (`walk`) into a list of their own the first time. */
  function partFacts<K extends object>(kept: WeakMap<K, Facts>, part: K, walk: () => void): Facts {
    let mine = kept.get(part)
    if (!mine) {
      f = mine = noFacts()
      walk()
      f = all
      kept.set(part, mine)
    }
    return mine
  }
}

/** The expression facts of a module: from the run's memo when there is one (a module reached from many roots is walked once). */
export function expressionFacts(m: Module, memo: RunMemo | undefined): ExpressionFacts {
  return memo
    ? memo.get(m, 'expression-facts', () =>
        collectFacts(
          m,
          memo.get(memo, 'expression-facts-by-part', () => ({
            blocks: new WeakMap<Block, Facts>(),
            locals: new WeakMap<Attribute, Facts>(),
          })),
        ),
      )
    : collectFacts(m)
}

/** Reads while they are collected. */
interface ReadSets {
  readonly variables: Set<string>
  readonly locals: Set<string>
  readonly data: Set<string>
  readonly outputs: Map<string, Set<string>>
}

function noReads(): ReadSets {
  return {variables: new Set<string>(), locals: new Set<string>(), data: new Set<string>(), outputs: new Map<string, Set<string>>()}
}

/** What one top-level element's expressions read, with what its reading depended on besides it (`ModuleIndex.forEachElement`). */
interface ElementReads {
  readonly key: string
  readonly reads: ReadSets
}

/**
 * What a module's expressions read; with `byElement`, each top-level element's reads are kept there and taken
 * from there (a set of names: what reads them asks only whether one is there): an edit reads again only the
 * edited file's elements' references, and walks none of the others.
 */
function collectReads(m: Module, byElement?: WeakMap<object, ElementReads>): Reads {
  const r = noReads()
  if (!byElement) {
    for (const refs of m.index.referenceLists()) addReads(r, refs)
    return r
  }
  m.index.forEachElement((element, key, read) => {
    if (key === undefined) {
      for (const refs of read()) addReads(r, refs)
      return
    }
    let kept = byElement.get(element)
    if (kept?.key !== key) {
      const mine = noReads()
      for (const refs of read()) addReads(mine, refs)
      byElement.set(element, (kept = {key, reads: mine}))
    }
    const x = kept.reads
    for (const v of x.variables) r.variables.add(v)
    for (const l of x.locals) r.locals.add(l)
    for (const d of x.data) r.data.add(d)
    for (const [call, outputs] of x.outputs) {
      const set = r.outputs.get(call)
      if (set) for (const o of outputs) set.add(o)
      else r.outputs.set(call, new Set(outputs))
    }
  })
  return r
}

/** What one expression's references read, added to `r`. */
function addReads(r: ReadSets, refs: readonly Reference[]): void {
  for (const x of refs) {
    switch (x.kind) {
      case 'var':
        r.variables.add(x.name)
        break
      case 'local':
        r.locals.add(x.name)
        break
      case 'resource':
        if (x.mode === 'data') r.data.add(x.address)
        break
      case 'module': {
        const set = r.outputs.get(x.call)
        if (set) set.add(x.output ?? '*')
        else r.outputs.set(x.call, new Set([x.output ?? '*']))
      }
    }
  }
}

/** What a module's expressions read: from the run's memo when there is one (each top-level element's kept there across loads). */
export function moduleReads(m: Module, memo: RunMemo | undefined): Reads {
  return memo
    ? memo.get(m, 'reads', () =>
        collectReads(
          m,
          memo.get(memo, 'reads-by-element', () => new WeakMap<object, ElementReads>()),
        ),
      )
    : collectReads(m)
}
