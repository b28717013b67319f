// One index per module, built with it (issue #36): every expression of the module with where it stands,
// the references each makes (read by src/hcl/references.ts, the one interpreter of references), the
// declarations by address, the provider-defined function calls, and what stands at a position of a file.
// Whoever needs a reference of the module (the crawler's call sources and static evaluation, the
// provider-function check, the resource graph, the lint rules, the language server) reads it here, and a
// module reached from many roots or calls is read once.
//
// Built lazily, part by part, on first use: the slots (one walk over the bodies, no expression read: every
// attribute with whether validate evaluates it, whether it names provider configurations, the dynamic
// iterators in scope) when anything is asked; an attribute's references when they are asked; the function
// calls for every expression holding `::`; where each attribute stands (blocks, declarations) and the
// positions only for the sites and the language server. The crawler, the checks and the rules keep nothing
// per body. Nothing is read twice.
//
// Sites cover the merged model (after override files): every attribute of every block, nested blocks
// included, local values, the terraform block's settings and required_providers entries. A data resource
// declared in a check block stands in its check. The meta-arguments that name provider configurations
// (`provider`, a module call's `providers`) make no references: Terraform reads them as provider
// references. `dynamic` blocks bind their iterator (the `iterator` argument, else the label) in their
// `labels` and nested blocks, as Terraform's dynblock does, so `setting.value` in a `dynamic "setting"`
// content is no reference. JSON comment properties (`"//"`) are not expressions.
import {configGeneratingImports, type ImportTarget} from './imports.js'
import type {Pos, SourceRange} from '../diag/diagnostic.js'
import {subRange} from '../diag/positions.js'
import {referenceText} from '../hcl/expr.js'
import type {Expr, ObjectExpr, ObjectItem} from '../hcl/native/ast.js'
import {children} from '../hcl/native/ast.js'
import {attributeFunctionCalls, attributeReferences, type ProviderFunctionCall, type Reference} from '../hcl/references.js'
import type {Attribute, Block} from '../hcl/syntax.js'
import {attributeFilename} from '../hcl/native/attribute.js'
import type {ResourceMode} from '../addrs/resource.js'
import type {ModuleCall, ProviderConfig, Resource} from './records.js'
import {recordsByKind, siteBlocks, type BlockKind, type NamingSite} from './block-kinds.js'
import type {ModuleElements} from './module-elements.js'

/** The top-level element an expression stands in. */
export type Container =
  | 'variable'
  | 'locals'
  | 'output'
  | 'module'
  | 'provider'
  /** A block kind of the module's table (load/block-kinds.ts): `resource`, `data`, `ephemeral`, `action`, `list`, … */
  | BlockKind['keyword']
  | 'check'
  | 'moved'
  /** A top-level site of the module's table (`NamingSite`): `import`, `removed`, … */
  | NamingSite['keyword']
  /** A `required_providers` entry. */
  | 'required_providers'
  /** The terraform block's other settings and blocks (required_version, backend, cloud, provider_meta, …). */
  | 'terraform'
  /** Other top-level blocks the engine accepts (OpenTofu's `language`). */
  | 'other'

/** Something the module declares, by its address in the module (Terraform's string form). */
export type Declaration =
  | {readonly kind: 'variable'; readonly address: string; readonly name: string; readonly block: Block}
  | {readonly kind: 'local'; readonly address: string; readonly name: string; readonly attribute: Attribute}
  | {readonly kind: 'output'; readonly address: string; readonly name: string; readonly block: Block}
  | {readonly kind: 'module'; readonly address: string; readonly name: string; readonly block: Block; readonly call: ModuleCall}
  | {
      readonly kind: 'resource'
      /** `aws_instance.a`, `data.t.n`, `ephemeral.t.n`, `action.t.n`, `list.t.n`. */
      readonly address: string
      readonly mode: ResourceMode
      readonly type: string
      readonly name: string
      readonly block: Block
      readonly resource: Resource
    }
  | {
      readonly kind: 'provider'
      /** `provider.aws`, `provider.aws.east`. */
      readonly address: string
      readonly localName: string
      readonly alias: string | undefined
      readonly block: Block
      readonly config: ProviderConfig
    }

/** Where the attributes of one body stand (shared by them). */
export interface BodyInfo {
  readonly container: Container
  /** The blocks around the body, outermost first, the body's own block last (none for local values and required_providers entries). */
  readonly blocks: readonly Block[]
  /** What the top-level element declares (for a data resource in a check block: the data resource). */
  readonly declaration: Declaration | undefined
  /** The iterators of the `dynamic` blocks around the body. */
  readonly scope: ReadonlySet<string> | undefined
  /** Whether Terraform's validate walk evaluates the body's expressions with the module's provider functions. */
  readonly evaluated: boolean
  /** Attributes of the body that are not evaluated expressions (meta-arguments read as references or constants). */
  readonly notEvaluated: ReadonlySet<string>
}

/** One expression of the module: the attribute and where it stands. */
export interface ExpressionSite {
  readonly attribute: Attribute
  readonly body: BodyInfo
}

/** A reference with the expression that makes it (offsets in `site.attribute.expr`). */
export interface IndexedReference {
  readonly reference: Reference
  readonly site: ExpressionSite
}

/** A provider-defined function call (`provider::NAME::FUNCTION(…)`) of the module. */
export interface ProviderFunctionUse {
  /** The provider local name (`time` in `provider::time::rfc3339_parse`). */
  readonly provider: string
  /** The function's name as Terraform prints it: `provider::time::rfc3339_parse`. */
  readonly name: string
  /** The function's name inside the provider: `rfc3339_parse`. */
  readonly function: string
  /** The name in the source, as Terraform's range (not the arguments). */
  readonly range: SourceRange
  /**
   * Whether `terraform validate` evaluates the expression with the module's provider functions, so that an
   * undeclared provider is its "Unknown provider function" error (checked with Terraform 1.11.4): false in
   * conditions and error messages (variable validation, preconditions, postconditions, check blocks), where
   * it reports another error or none, and in blocks it does not evaluate while validating (import, removed).
   */
  readonly validated: boolean
}

/** A position of a file: line and column (columns count characters, as SourceRange does) or a byte offset. */
export type IndexPosition = {readonly line: number; readonly column: number} | {readonly byte: number}

/**
 * What stands at a position, outermost first: blocks (and, inside a block's header, `header`), the
 * attribute, then the parts of its expression down to the innermost (object items between an object
 * and their key and value). A range holds a position at its end too (a cursor just after a name).
 */
export type PositionHit =
  | {readonly kind: 'block'; readonly block: Block; readonly body: BodyInfo}
  | {readonly kind: 'header'; readonly block: Block; readonly body: BodyInfo}
  | {readonly kind: 'attribute'; readonly site: ExpressionSite}
  | {readonly kind: 'expression'; readonly site: ExpressionSite; readonly expr: Expr}
  | {readonly kind: 'item'; readonly site: ExpressionSite; readonly object: ObjectExpr; readonly item: ObjectItem}

/** Attributes that are not expressions Terraform evaluates (meta-arguments read as references or constants). */
export const NOT_EVALUATED: ReadonlySet<string> = new Set(['depends_on', 'provider', 'providers', 'ignore_changes', 'replace_triggered_by'])
/** A module call's arguments that are not evaluated with the module's functions (its source is read at init). */
export const MODULE_NOT_EVALUATED: ReadonlySet<string> = new Set([...NOT_EVALUATED, 'source', 'version'])
/** Nested blocks whose expressions the validate walk does not evaluate with the provider functions. */
const CONDITION_BLOCKS: ReadonlySet<string> = new Set(['lifecycle', 'precondition', 'postcondition', 'validation'])
const NO_REFERENCES: readonly Reference[] = Object.freeze([])
const NO_CALLS: readonly ProviderFunctionCall[] = Object.freeze([])

/**
 * The references of attributes read so far, kept by a run across its modules (their unchanged files' attributes
 * are the parser's same objects, read with no dynamic iterator in scope: a pure function of the attribute).
 */
export type ReferenceMemo = WeakMap<Attribute, readonly Reference[]>

/** The parts of a module the index reads (the merged model: `Module` without its index). */
export type IndexedModule = ModuleElements

/** The provider-defined function calls of a module: each attribute's (by slot), and all of them in file order. */
interface CallIndex {
  readonly bySlot: ReadonlyMap<number, readonly ProviderFunctionCall[]>
  readonly uses: readonly ProviderFunctionUse[]
}

/**
 * Every attribute of a module by slot (model order), with what reading it needs: whether validate evaluates
 * it with the provider functions, whether it names provider configurations, the dynamic iterators in scope.
 * What the hot paths (the crawler, the provider-function check, the rules) read: nothing per body is kept.
 */
interface Slots {
  readonly attributes: Attribute[]
  readonly slot: Map<Attribute, number>
  /** Per slot: VALIDATED | PROVIDER_ARGUMENT. */
  readonly flags: number[]
  /** The dynamic iterators in scope, for the few slots that have any. */
  readonly scopes: Map<number, ReadonlySet<string>>
}

const VALIDATED = 1
const PROVIDER_ARGUMENT = 2

/** Where each attribute stands (by slot), and every body of the model (the language server's positions). */
interface Sites {
  readonly bodies: BodyInfo[]
  readonly all: BodyInfo[]
}

/** The declarations of a module by address, by block, and by local value. */
interface Declarations {
  readonly byAddress: Map<string, Declaration>
  readonly byBlock: Map<Block, Declaration>
  readonly byLocal: Map<Attribute, Declaration>
}

export class ModuleIndex {
  readonly #module: IndexedModule
  #slots: Slots | undefined
  #sites: Sites | undefined
  #declarations: Declarations | undefined
  /** Each attribute's references (by slot), filled as they are asked. */
  #refs: (readonly Reference[] | undefined)[] | undefined
  #allRefs: readonly IndexedReference[] | undefined
  #byAddress: Map<string, IndexedReference[]> | undefined
  #calls: CallIndex | undefined
  #positions: Map<string, Intervals> | undefined
  #generatingImports: readonly ImportTarget[] | undefined

  readonly #memo: ReferenceMemo | undefined

  constructor(module: IndexedModule, memo?: ReferenceMemo) {
    this.#module = module
    this.#memo = memo
  }

  /** The import blocks that generate their target's configuration (imports.ts), worked out once for the resolver, the requirements, the rules and rename. */
  get generatingImports(): readonly ImportTarget[] {
    return (this.#generatingImports ??= configGeneratingImports(this.#module))
  }

  get #s(): Slots {
    if (!this.#slots) {
      const v = new SlotVisitor()
      walkModule(this.#module, v)
      this.#slots = v
    }
    return this.#slots
  }

  get #d(): Declarations {
    return (this.#declarations ??= collectDeclarations(this.#module))
  }

  get #where(): Sites {
    if (!this.#sites) {
      const v = new SiteVisitor(this.#s, this.#d)
      walkModule(this.#module, v)
      this.#sites = v
    }
    return this.#sites
  }

  /** Every declaration of the module by address (`var.x`, `local.x`, `output.x`, `module.c`, `aws_instance.a`, `data.t.n`, `provider.aws.east`, …), in model order. */
  get declarations(): ReadonlyMap<string, Declaration> {
    return this.#d.byAddress
  }

  /** The declaration at an address of the module. */
  declaration(address: string): Declaration | undefined {
    return this.#d.byAddress.get(address)
  }

  /** Every expression of the module, in model order (kind of element, then as declared). */
  *sites(): IterableIterator<ExpressionSite> {
    const {attributes} = this.#s
    const {bodies} = this.#where
    for (let i = 0; i < attributes.length; i++) yield {attribute: attributes[i]!, body: bodies[i]!}
  }

  /** Where an attribute of the module stands; undefined for an attribute that is not one of the module's. */
  site(a: Attribute): ExpressionSite | undefined {
    const i = this.#s.slot.get(a)
    return i === undefined ? undefined : {attribute: a, body: this.#where.bodies[i]!}
  }

  /**
   * The references of one of the module's attributes, in source order (offsets in `a.expr`), read in the
   * scope it stands in. An attribute that is not the module's is read on its own (no scope).
   */
  referencesOf(a: Attribute): readonly Reference[] {
    const i = this.#s.slot.get(a)
    return i === undefined ? attributeReferences(a) : this.#referencesAt(i)
  }

  /** The references of the attribute in slot `i`. */
  #referencesAt(i: number): readonly Reference[] {
    const s = this.#s
    const refs = (this.#refs ??= new Array<readonly Reference[] | undefined>(s.attributes.length))
    const cached = refs[i]
    if (cached) return cached
    return (refs[i] = s.flags[i]! & PROVIDER_ARGUMENT ? NO_REFERENCES : this.#read(s.attributes[i]!, s.scopes.get(i)))
  }

  /** `readReferences`, through the run's memo when no dynamic iterator is in scope. */
  #read(a: Attribute, scope: ReadonlySet<string> | undefined): readonly Reference[] {
    if (scope || !this.#memo) return readReferences(a, scope)
    let refs = this.#memo.get(a)
    if (!refs) {
      refs = readReferences(a, undefined)
      this.#memo.set(a, refs)
    }
    return refs
  }

  /** Every reference of the module with the expression that makes it, in model order. */
  get references(): readonly IndexedReference[] {
    if (this.#allRefs) return this.#allRefs
    const out: IndexedReference[] = []
    const {attributes} = this.#s
    const {bodies} = this.#where
    for (let i = 0; i < attributes.length; i++) {
      const refs = this.#referencesAt(i)
      if (refs.length === 0) continue
      const site = {attribute: attributes[i]!, body: bodies[i]!}
      for (const reference of refs) out.push({reference, site})
    }
    return (this.#allRefs = out)
  }

  /** The reference lists of every expression (each attribute's, in model order): what reads all of them without the sites. */
  *referenceLists(): IterableIterator<readonly Reference[]> {
    const n = this.#s.attributes.length
    for (let i = 0; i < n; i++) {
      const refs = this.#referencesAt(i)
      if (refs.length > 0) yield refs
    }
  }

  /**
   * The reference lists `referenceLists` gives, top-level element by element (a block with its nested blocks,
   * or an argument that stands in no block), for a reader that keeps what it makes of an element's (a pure
   * function of the element and `key`: its provider argument, `''` none; undefined when it depends on more,
   * a check block's data resources on the module's): `each` is told each element, and `read` walks it
   * (without the index's slots: an element kept is not walked at all).
   */
  forEachElement(each: (element: Block | Attribute, key: string | undefined, read: () => (readonly Reference[])[]) => void): void {
    let lists: (readonly Reference[])[] = []
    const v: Visitor = {
      body: () => undefined,
      // as `#referencesAt` reads an attribute: a provider argument makes none
      attribute: (a, f, scope) => {
        const refs = a.name === f.providerArgument ? NO_REFERENCES : this.#read(a, scope)
        if (refs.length > 0) lists.push(refs)
      },
    }
    walkModule(this.#module, v, (element, key, walk) =>
      each(element, key, () => {
        lists = []
        walk()
        return lists
      }),
    )
  }

  /**
   * `referencesOf` for the arguments of one block-kind record's block (a resource, a data source, …: its
   * nested blocks' included), read by walking that block alone as the index walks it, not the whole
   * module's slots (the provider fingerprint prints an edited file's records, the rest from its cache).
   */
  recordReferences(b: Block): (a: Attribute) => readonly Reference[] {
    if (this.#slots) return (a) => this.referencesOf(a)
    const refs = new Map<Attribute, readonly Reference[]>()
    const v: Visitor = {
      body: () => undefined,
      attribute: (a, f, scope) => {
        if (!refs.has(a)) refs.set(a, a.name === f.providerArgument ? NO_REFERENCES : this.#read(a, scope))
      },
    }
    // as walkModule walks a record (a check block's data source too: its provider argument, no iterator around it)
    new Walker(v, new Set()).element(b, 'other', false, NOT_EVALUATED, 'provider')
    return (a) => refs.get(a) ?? attributeReferences(a)
  }

  /** The references to one object of the module (`var.x`, `module.c.out`, `module.c`, `data.t.n`, …). */
  referencesTo(address: string): readonly IndexedReference[] {
    if (!this.#byAddress) {
      this.#byAddress = new Map()
      for (const r of this.references) {
        const list = this.#byAddress.get(r.reference.address)
        if (list) list.push(r)
        else this.#byAddress.set(r.reference.address, [r])
      }
    }
    return this.#byAddress.get(address) ?? []
  }

  /** The provider-defined function calls of one of the module's attributes (offsets in `a.expr`). */
  functionCallsOf(a: Attribute): readonly ProviderFunctionCall[] {
    const i = this.#s.slot.get(a)
    if (i === undefined) return attributeFunctionCalls(a)
    return this.#functionCalls().bySlot.get(i) ?? NO_CALLS
  }

  /** Every provider-defined function call of the module, in file order. */
  get functionCalls(): readonly ProviderFunctionUse[] {
    return this.#functionCalls().uses
  }

  #functionCalls(): CallIndex {
    return (this.#calls ??= collectCalls(this.#s))
  }

  /**
   * What stands at a position of `filename` (a file name as the module's ranges name it), outermost first.
   * Blocks stand in the file of their range; an attribute an override file gave a block stands in that file.
   */
  at(filename: string, p: IndexPosition): PositionHit[] {
    this.#positions ??= buildPositions(this.#s, this.#where)
    const intervals = this.#positions.get(filename)
    if (!intervals) return []
    const hits = intervals.holding(p)
    const last = hits[hits.length - 1]
    if (last?.kind === 'attribute') hits.push(...expressionHits(last.site, p))
    return hits
  }
}

// ---------------------------------------------------------------------------------------------------------
// The walk

/** A literal, or a quoted string or heredoc without interpolations: no references (most arguments). */
function plainLiteral(e: Expr): boolean {
  if (e.k === 'lit') return true
  if (e.k !== 'tmpl') return false
  for (const p of e.parts) if (p.k !== 'lit') return false
  return true
}

function readReferences(a: Attribute, scope: ReadonlySet<string> | undefined): readonly Reference[] {
  if (plainLiteral(a.node)) return NO_REFERENCES
  const refs = attributeReferences(a, scope)
  return refs.length === 0 ? NO_REFERENCES : refs
}

/** One body of the walk (or a group of attributes without a block: local values, the terraform block's settings). */
interface Frame {
  readonly container: Container
  /** The blocks around the body, its own last: the walk's stack (copied by whoever keeps it). */
  readonly blocks: readonly Block[]
  /** The block whose declaration the body belongs to: its top-level block, or a check block's data resource. */
  readonly declaring: Block | undefined
  readonly scope: ReadonlySet<string> | undefined
  readonly evaluated: boolean
  readonly notEvaluated: ReadonlySet<string>
  /**
   * The meta-argument of the body that names provider configurations (`provider = aws.east` of a resource,
   * data source, action, list or import block; `providers = { … }` of a module call): Terraform decodes
   * it as provider references (hcl.AbsTraversalForExpr), never as references to objects of the module.
   */
  readonly providerArgument: string | undefined
}

/** What a walk over a module's expressions tells, in model order. */
interface Visitor {
  body(f: Frame): void
  /** An attribute of the body `f`, read in `scope` (a dynamic block's `labels`: with its iterator). */
  attribute(a: Attribute, f: Frame, scope: ReadonlySet<string> | undefined): void
}

class Walker {
  readonly #stack: Block[] = []
  constructor(
    private readonly v: Visitor,
    /** The data resources declared in check blocks (they declare in their check's body). */
    private readonly checkData: ReadonlySet<Block>,
  ) {}

  /** A top-level block, its nested blocks included. */
  element(b: Block, container: Container, evaluated: boolean, notEvaluated = NOT_EVALUATED, providerArgument?: string): void {
    this.#body(b, container, b, undefined, evaluated, notEvaluated, providerArgument)
  }

  /** Attributes that stand in no block of the model. */
  group(container: Container, attributes: Iterable<Attribute>, evaluated: boolean): void {
    const f: Frame = {
      container,
      blocks: [],
      declaring: undefined,
      scope: undefined,
      evaluated,
      notEvaluated: new Set<string>(),
      providerArgument: undefined,
    }
    this.v.body(f)
    for (const a of attributes) this.v.attribute(a, f, undefined)
  }

  #body(
    b: Block,
    container: Container,
    declaring: Block,
    scope: ReadonlySet<string> | undefined,
    evaluated: boolean,
    notEvaluated: ReadonlySet<string>,
    providerArgument: string | undefined,
  ): void {
    const stack = this.#stack
    stack.push(b)
    const f: Frame = {container, blocks: stack, declaring, scope, evaluated, notEvaluated, providerArgument}
    this.v.body(f)
    // dynblock: `for_each` (and `iterator`) in the scope around, `labels` and the content with the iterator
    let inner = scope
    if (b.type === 'dynamic' && stack.length > 1) {
      const iterator = b.body.attributes.find((a) => a.name === 'iterator')
      const names = new Set(scope)
      names.add(iterator ? referenceText(iterator) : (b.labels[0]?.value ?? ''))
      inner = names
    }
    for (const a of b.body.attributes) if (a.name !== '//') this.v.attribute(a, f, a.name === 'labels' ? inner : scope)
    for (const nb of b.body.blocks) {
      const data = this.checkData.has(nb)
      const nested = evaluated && !CONDITION_BLOCKS.has(nb.type)
      this.#body(nb, container, data ? nb : declaring, inner, nested, NOT_EVALUATED, data ? 'provider' : undefined)
    }
    stack.pop()
  }
}

/**
 * Called by a walk for each top-level element of a module (a block with its nested blocks, or an argument
 * that stands in no block), with what its references depend on besides the element (`key`: its provider
 * argument, `''` none; undefined: more than the element, a check block's data resources depending on the
 * module's), and `walk`, which walks it.
 */
type AroundElement = (element: Block | Attribute, key: string | undefined, walk: () => void) => void

/**
 * Every expression of a module, in model order: declarations, then checks (with the data resources they
 * declare), the rest, the terraform block. With `around`, each top-level element is walked through it
 * (an argument that stands in no block as a group of its own).
 */
function walkModule(m: IndexedModule, v: Visitor, around?: AroundElement): void {
  const checkData = new Set<Block>()
  const data = new Set<Block>()
  for (const r of m.dataResources.values()) data.add(r.block)
  for (const chk of m.checks) for (const nb of chk.body.blocks) if (data.has(nb)) checkData.add(nb)
  const w = new Walker(v, checkData)
  const element = (b: Block, container: Container, evaluated: boolean, notEvaluated = NOT_EVALUATED, providerArgument?: string): void => {
    if (!around) return w.element(b, container, evaluated, notEvaluated, providerArgument)
    around(b, container === 'check' ? undefined : (providerArgument ?? ''), () =>
      w.element(b, container, evaluated, notEvaluated, providerArgument),
    )
  }
  const group = (container: Container, attributes: Iterable<Attribute>, evaluated: boolean): void => {
    if (!around) return w.group(container, attributes, evaluated)
    for (const a of attributes) around(a, '', () => w.group(container, [a], evaluated))
  }
  for (const b of m.variables.values()) element(b, 'variable', false)
  group('locals', m.locals.values(), true)
  for (const b of m.outputs.values()) element(b, 'output', true)
  for (const c of m.moduleCalls.values()) element(c.block, 'module', true, MODULE_NOT_EVALUATED, 'providers')
  for (const p of m.providerConfigs.values()) element(p.block, 'provider', true)
  for (const [kind, records] of recordsByKind(m)) {
    for (const [key, {block: b}] of records) {
      if (checkData.has(b)) continue
      // a data resource of a check block is not evaluated with the provider functions
      element(b, kind.keyword, kind.evaluated && !(kind.keyword === 'data' && m.checkData.has(key)), NOT_EVALUATED, 'provider')
    }
  }
  for (const b of m.checks) element(b, 'check', false)
  for (const b of m.moved) element(b, 'moved', false)
  // the table's top-level sites (import, removed, …): not evaluated; a `reference` site's provider argument names a configuration
  for (const [site, blocks] of siteBlocks(m))
    for (const b of blocks) element(b, site.keyword, false, NOT_EVALUATED, site.reference ? site.argument : undefined)
  for (const b of m.otherBlocks) element(b, 'other', false)
  group('required_providers', m.requiredProviderAttributes.values(), false)
  group('terraform', [...m.requiredVersion, ...m.terraformAttributes.values()], false)
  for (const b of [m.backend, m.cloud, m.stateStore, ...m.providerMetas.values(), ...m.terraformBlocks])
    if (b) element(b, 'terraform', false)
}

/** The light part of the index: slots, flags, scopes. */
class SlotVisitor implements Visitor, Slots {
  readonly attributes: Attribute[] = []
  readonly slot = new Map<Attribute, number>()
  readonly flags: number[] = []
  readonly scopes = new Map<number, ReadonlySet<string>>()

  body(): void {}

  attribute(a: Attribute, f: Frame, scope: ReadonlySet<string> | undefined): void {
    if (this.slot.has(a)) return
    const i = this.attributes.length
    this.slot.set(a, i)
    this.attributes.push(a)
    const validated = f.evaluated && !f.notEvaluated.has(a.name) ? VALIDATED : 0
    this.flags.push(validated | (a.name === f.providerArgument ? PROVIDER_ARGUMENT : 0))
    if (scope) this.scopes.set(i, scope)
  }
}

/** Where each attribute stands (the second walk, for the sites and the positions). */
class SiteVisitor implements Visitor, Sites {
  readonly bodies: BodyInfo[] = []
  readonly all: BodyInfo[] = []
  #current: BodyInfo | undefined
  /** The current body's variant with another scope (a dynamic block's `labels`). */
  #inner: BodyInfo | undefined

  constructor(
    private readonly slots: Slots,
    private readonly decls: Declarations,
  ) {}

  body(f: Frame): void {
    const declaration = f.declaring && this.decls.byBlock.get(f.declaring)
    const info: BodyInfo = {
      container: f.container,
      blocks: f.blocks.slice(),
      declaration,
      scope: f.scope,
      evaluated: f.evaluated,
      notEvaluated: f.notEvaluated,
    }
    this.#current = info
    this.#inner = undefined
    if (info.blocks.length > 0) this.all.push(info)
  }

  attribute(a: Attribute, f: Frame, scope: ReadonlySet<string> | undefined): void {
    const i = this.slots.slot.get(a)!
    if (this.bodies[i]) return
    let info = this.#current!
    if (f.container === 'locals') info = {...info, declaration: this.decls.byLocal.get(a)}
    else if (scope !== info.scope) info = this.#inner ??= {...info, scope}
    this.bodies[i] = info
  }
}

function label(b: Block, i: number): string {
  return b.labels[i]?.value ?? ''
}

/** The declarations of a module, in model order (the first of an address kept). */
function collectDeclarations(m: IndexedModule): Declarations {
  const out: Declarations = {byAddress: new Map(), byBlock: new Map(), byLocal: new Map()}
  const declare = (d: Declaration): void => {
    if (!out.byAddress.has(d.address)) out.byAddress.set(d.address, d)
    if (d.kind === 'local') out.byLocal.set(d.attribute, d)
    else out.byBlock.set(d.block, d)
  }
  for (const [name, block] of m.variables) declare({kind: 'variable', address: `var.${name}`, name, block})
  for (const [name, attribute] of m.locals) declare({kind: 'local', address: `local.${name}`, name, attribute})
  for (const [name, block] of m.outputs) declare({kind: 'output', address: `output.${name}`, name, block})
  for (const [name, call] of m.moduleCalls) declare({kind: 'module', address: `module.${name}`, name, block: call.block, call})
  for (const [key, config] of m.providerConfigs) {
    const dot = key.indexOf('.')
    const localName = dot < 0 ? key : key.slice(0, dot)
    const alias = dot < 0 ? undefined : key.slice(dot + 1)
    declare({kind: 'provider', address: `provider.${key}`, localName, alias, block: config.block, config})
  }
  for (const [{mode}, records] of recordsByKind(m)) {
    for (const resource of records.values()) {
      const {block} = resource
      const type = label(block, 0)
      const name = label(block, 1)
      declare({kind: 'resource', address: `${mode === 'managed' ? '' : mode + '.'}${type}.${name}`, mode, type, name, block, resource})
    }
  }
  return out
}

// ---------------------------------------------------------------------------------------------------------
// Provider-defined function calls

/** Whether an attribute's text may hold a provider-defined function call (`::`; a JSON string may write it escaped): `functionCallsOf` gives none when not. */
export function mayCall(a: Attribute): boolean {
  const t = a.expr
  // the text test first: the attribute's file name is looked up only for the few with `\u`
  return t.includes('::') || (t.includes('\\u') && attributeFilename(a).endsWith('.json'))
}

function collectCalls(s: Slots): CallIndex {
  const bySlot = new Map<number, readonly ProviderFunctionCall[]>()
  const uses: ProviderFunctionUse[] = []
  for (let i = 0; i < s.attributes.length; i++) {
    const a = s.attributes[i]!
    if (!mayCall(a)) continue
    const calls = attributeFunctionCalls(a)
    if (calls.length === 0) continue
    bySlot.set(i, calls)
    const validated = (s.flags[i]! & VALIDATED) !== 0
    for (const f of calls)
      uses.push({provider: f.provider, name: f.name, function: f.function, range: subRange(a.exprRange, a.expr, f.start, f.end), validated})
  }
  uses.sort((a, b) =>
    a.range.filename < b.range.filename ? -1 : a.range.filename > b.range.filename ? 1 : a.range.start.byte - b.range.start.byte,
  )
  return {bySlot, uses}
}

// ---------------------------------------------------------------------------------------------------------
// Positions

/** `p` compared with a position of a range: negative before it, 0 at it, positive after it. */
function compare(p: IndexPosition, q: Pos): number {
  return 'byte' in p ? p.byte - q.byte : p.line - q.line || p.column - q.column
}

interface Interval {
  readonly start: Pos
  readonly end: Pos
  readonly hit: PositionHit
}

/** The intervals of one file, by start (outer first at equal starts), with the furthest end up to each. */
class Intervals {
  readonly #list: Interval[]
  readonly #maxEnd: Pos[] = []

  constructor(list: Interval[]) {
    this.#list = list.sort((a, b) => a.start.byte - b.start.byte || b.end.byte - a.end.byte)
    let max: Pos | undefined
    for (const iv of this.#list) {
      if (!max || iv.end.byte > max.byte) max = iv.end
      this.#maxEnd.push(max)
    }
  }

  /** The hits whose ranges hold `p` (ends included), outermost first. */
  holding(p: IndexPosition): PositionHit[] {
    const list = this.#list
    // the last interval starting at or before p
    let lo = 0
    let hi = list.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      if (compare(p, list[mid]!.start) >= 0) lo = mid + 1
      else hi = mid - 1
    }
    const out: PositionHit[] = []
    for (let i = hi; i >= 0 && compare(p, this.#maxEnd[i]!) <= 0; i--) if (compare(p, list[i]!.end) <= 0) out.push(list[i]!.hit)
    return out.reverse()
  }
}

function attributeSpan(a: Attribute): {start: Pos; end: Pos; filename: string} {
  return {filename: a.nameRange.filename, start: a.nameRange.start, end: a.exprRange.end}
}

function buildPositions(s: Slots, sites: Sites): Map<string, Intervals> {
  const byFile = new Map<string, Interval[]>()
  const add = (r: {readonly filename: string; readonly start: Pos; readonly end: Pos}, hit: PositionHit): void => {
    const list = byFile.get(r.filename)
    const iv = {start: r.start, end: r.end, hit}
    if (list) list.push(iv)
    else byFile.set(r.filename, [iv])
  }
  for (const body of sites.all) {
    const block = body.blocks[body.blocks.length - 1]!
    add(block.range, {kind: 'block', block, body})
    add(block.declRange, {kind: 'header', block, body})
  }
  for (let i = 0; i < s.attributes.length; i++) {
    const attribute = s.attributes[i]!
    add(attributeSpan(attribute), {kind: 'attribute', site: {attribute, body: sites.bodies[i]!}})
  }
  return new Map([...byFile].map(([f, list]) => [f, new Intervals(list)]))
}

/**
 * The offset in `a.expr` of a position (a position past the end of a line lies between that line's last
 * character and the newline: half an offset after it); undefined before the expression.
 */
function offsetIn(a: Attribute, p: IndexPosition): number | undefined {
  const r = a.exprRange
  if (compare(p, r.start) < 0) return undefined
  const t = a.expr
  let {line, column, byte} = r.start
  let i = 0
  while (i < t.length) {
    const c = compare(p, {line, column, byte})
    if (c === 0) return i
    if (c < 0) return i - 0.5
    const cp = t.codePointAt(i)!
    const width = cp > 0xffff ? 2 : 1
    byte += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4
    if (cp === 10) {
      line++
      column = 1
    } else column++
    i += width
  }
  return compare(p, {line, column, byte}) === 0 ? i : i + 0.5
}

/** The parts of an attribute's expression that hold a position, outermost first. */
function expressionHits(site: ExpressionSite, p: IndexPosition): PositionHit[] {
  const a = site.attribute
  const q = offsetIn(a, p)
  if (q === undefined) return []
  const at = q + a.node.s
  const holds = (x: {readonly s: number; readonly e: number}): boolean => x.s <= at && at <= x.e
  const out: PositionHit[] = []
  let x: Expr | undefined = holds(a.node) ? a.node : undefined
  while (x) {
    out.push({kind: 'expression', site, expr: x})
    let next: Expr | undefined
    if (x.k === 'object') {
      const item = x.items.find((it) => holds({s: it.key.s, e: it.value.e}))
      if (item) {
        out.push({kind: 'item', site, object: x, item})
        next = holds(item.key) ? item.key : holds(item.value) ? item.value : undefined
      }
    } else next = children(x).find(holds)
    x = next
  }
  return out
}
