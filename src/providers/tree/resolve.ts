// Which provider configuration every resource uses, found as Terraform Core does
// (ProviderConfigTransformer + ProviderTransformer + MissingProviderTransformer), with the chain of
// steps that led there. Keyed by source address, not local name (REFERENCE §a.3).
import {ModulePath} from '../../addrs/module.js'
import {
  AbsProviderConfig,
  impliedLocalName,
  localConfig,
  localConfigString,
  providerString,
  type LocalProviderConfig,
  type Provider,
} from '../../addrs/provider.js'
import {ResourceAddr} from '../../addrs/resource.js'
import type {ComponentAddr, StackPath, StackProviderConfigAddr} from '../../addrs/stack.js'
import type {Diagnostic, SourceRange} from '../../diag/diagnostic.js'
import {engineByName, type Engine} from '../../load/engine.js'
import type {Module, ResourceMode} from '../../load/model.js'
import {recordsByKind} from '../../load/block-kinds.js'
import type {ProviderArgument, ProviderConfig, Resource} from '../../load/records.js'
import type {ModuleNode, ModuleTree} from '../../crawl/crawl.js'
import type {RunMemo} from '../../load/run-memo.js'
import type {LocalNames} from '../../load/local-names.js'
import {moduleText} from './module-text.js'

export type StepKind =
  | 'reference'
  | 'implied-name'
  | 'source'
  | 'passed'
  | 'inherited'
  | 'declared'
  | 'legacy'
  | 'implied-config'
  | 'expected'
  | 'test'
  | 'component'
  | 'stack-config'
  | 'missing'

interface StepBase {
  /** Module where the step happens. */
  readonly module: ModulePath
  readonly range?: SourceRange
}

/**
 * One step of a resource's resolution, as data: what it concerns (modules, names, addresses) and where.
 * The sentence a reader sees is made by `stepText` (step-text.ts).
 */
export type ResolutionStep =
  /** The resource's `provider` argument. */
  | (StepBase & {readonly kind: 'reference'; readonly ref: LocalProviderConfig; readonly range: SourceRange})
  /** No `provider` argument: the local name the resource type implies. */
  | (StepBase & {readonly kind: 'implied-name'; readonly localName: string; readonly resourceType: string})
  /** The provider the local name stands for in `module`: its required_providers entry (`range`), or the implied one. */
  | (StepBase & {readonly kind: 'source'; readonly localName: string; readonly provider: Provider; readonly required: boolean})
  /** `module` receives `key = value` in its call's providers map, from the module `from`. */
  | (StepBase & {
      readonly kind: 'passed'
      readonly key: string
      readonly value: string
      readonly from: ModulePath
      /** The module's own provider block the pass replaces, empty to Terraform only because an override file merges into it. */
      readonly mergedBlock?: SourceRange
    })
  /**
   * No configuration of `provider` in `module`: inherited from the module `from` (`between`: past modules in
   * between), or (`fromCallers`) from the root module, no caller having one.
   */
  | (StepBase & {
      readonly kind: 'inherited'
      readonly provider: Provider
      readonly from: ModulePath
      readonly between: boolean
      readonly fromCallers: boolean
    })
  /** A provider block of `module` (`legacy`: of a non-root module). */
  | (StepBase & {
      readonly kind: 'declared' | 'legacy'
      readonly localName: string
      readonly alias?: string
      readonly empty: boolean
      /** Empty to Terraform only because an override file merges into it (configs/module_merge_body.go). */
      readonly emptyByMerge?: true
    })
  /** The root module has no block for the local name: the engine's empty default configuration. */
  | (StepBase & {readonly kind: 'implied-config'; readonly localName: string})
  /** A shared root module's configuration_aliases entry, expected from its caller. */
  | (StepBase & {readonly kind: 'expected'; readonly localName: string; readonly alias?: string})
  /**
   * A run of a test file serves the root's configuration `localName`(.`alias`) with the file's provider (or
   * mock_provider) block `key`, through the run's providers map (`mapped`) or as the file's default.
   */
  | (StepBase & {
      readonly kind: 'test'
      readonly localName: string
      readonly alias?: string
      readonly file: string
      readonly run: string
      readonly key: string
      /** The block's type (`provider`, `mock_provider`: a row of the file-site table, src/load/file-sites.ts). */
      readonly keyword: string
      readonly mock: boolean
      readonly mapped: boolean
    })
  /**
   * Terraform Stacks: the component (or removed block) `component` gives the root module's configuration
   * `localName`(.`alias`) the value `value` in its providers map (at `range`).
   */
  | (StepBase & {
      readonly kind: 'component'
      readonly localName: string
      readonly alias?: string
      readonly component: ComponentAddr
      readonly value: string
      readonly forEach: boolean
      readonly removed: boolean
    })
  /**
   * Terraform Stacks: the stack's `provider "localName" "name"` block that value stands for (`stack`: the embedded
   * stack's address, '' the root stack); `declared` false when the stack has no such block, `reference` false when
   * the value is no `provider.TYPE.NAME` reference tfgraph can follow (a variable, an expression).
   */
  | (StepBase & {
      readonly kind: 'stack-config'
      readonly stack: StackPath
      readonly localName: string
      readonly name: string
      /** The configuration's address in the stack: `provider["registry.terraform.io/hashicorp/aws"].east` (`stack.s.` before it in an embedded stack). */
      readonly address?: StackProviderConfigAddr
      readonly provider?: Provider
      readonly forEach: boolean
      readonly declared: boolean
      readonly reference: boolean
    })
  /**
   * No configuration: `config` is what the providers map passes (`passed`), the aliased one `module` lacks, or
   * (`notGiven`) the root's configuration that the inbound configurations (a stack component's map) do not give.
   */
  | (StepBase & {readonly kind: 'missing'; readonly config: AbsProviderConfig; readonly passed: boolean; readonly notGiven?: true})

export interface ProviderConfigInfo {
  /** Its absolute address. */
  readonly address: AbsProviderConfig
  /** The module it belongs to (its address's module). */
  readonly module: ModulePath
  readonly localName: string
  readonly alias?: string
  readonly provider: Provider
  /** An empty configuration Terraform creates because none is declared (root only). */
  readonly implied: boolean
  /** A provider block inside a non-root module (legacy module). */
  readonly legacy: boolean
  /** The block has no arguments (an empty or "proxy" block). */
  readonly empty: boolean
  /**
   * A configuration the root module expects from its caller: the root is a shared module that declares
   * this alias in configuration_aliases and has no block for it (`range` is the configuration_aliases entry).
   */
  readonly expected?: boolean
  /** In the resolution of a test run: the test file's provider block that serves this configuration. */
  readonly test?: TestProvided
  /** Given to the root module from outside its tree (a Terraform Stacks component's providers map). */
  readonly inbound?: InboundConfig
  readonly range?: SourceRange
  /** The provider block it is (a declared configuration): the module's record itself. */
  readonly declaration?: ProviderConfig
}

/**
 * A configuration of the root module given from outside the module tree: an entry of a Terraform Stacks
 * component's `providers` map (made by the stack layer). With inbound configurations the root module has
 * only these: no implied empty default configuration, and no shared-module reading (the component is the caller).
 */
export interface InboundConfig {
  readonly localName: string
  readonly alias?: string
  readonly provider: Provider
  /** The steps that end the chain of a resource that uses it: where it comes from. */
  readonly steps: readonly ResolutionStep[]
  /** The providers map entry. */
  readonly range: SourceRange
}

/** A configuration of the root module a test run serves with a provider or mock_provider block of its file. */
export interface TestProvided {
  /** The root module's configuration it serves: its local name and alias there, and its provider. */
  readonly localName: string
  readonly alias?: string
  readonly provider: Provider
  /** The test file (relative path), the run, and the block's key in the file (`aws.w`). */
  readonly file: string
  readonly run: string
  readonly key: string
  /** The block's type (`provider`, `mock_provider`, …). */
  readonly keyword: string
  readonly mock: boolean
  /** Named in the run's providers map (else: the file's default). */
  readonly mapped: boolean
  /** The block's address as the test file names it: `provider["…/aws"].w`. */
  readonly testAddress: string
  readonly range: SourceRange
}

/** How a test run changes the resolution of the module under test: what it serves, where Terraform reports what is missing. */
export interface TestRunResolution {
  readonly provided: readonly TestProvided[]
  /** The run block: where the graph-stage errors of the run are located (Terraform gives them no range). */
  readonly range: SourceRange
}

export interface ProviderPass {
  /** The calling module and the called module. */
  readonly from: ModulePath
  readonly to: ModulePath
  /** Entry as written: `aws.src = aws.east`. */
  readonly key: string
  readonly value: string
  /** The proxy in the child and its target in the parent. */
  readonly childAddress: AbsProviderConfig
  readonly parentAddress: AbsProviderConfig
  readonly range?: SourceRange
}

/** Where a binding comes from when it is not a top-level resource block. */
export type DeclaredBy =
  /** A data resource scoped to the check block `name` (at `range`). */
  | {readonly kind: 'check'; readonly name: string; readonly range: SourceRange}
  /** No resource block: the import block at `range` will generate its configuration. */
  | {readonly kind: 'import'; readonly range: SourceRange}
  /** Terraform's action block at `range` (1.14 and later), which resources trigger from their lifecycle. */
  | {readonly kind: 'action'; readonly range: SourceRange}
  /** A list block of a query file (`range`; Terraform 1.14 and later), read by `terraform query`. */
  | {readonly kind: 'list'; readonly range: SourceRange}

export interface ResourceBinding {
  readonly address: ResourceAddr
  readonly module: ModulePath
  readonly mode: ResourceMode
  readonly type: string
  readonly name: string
  /** Local reference used: the `provider` argument or the implied local name. */
  readonly reference: string
  readonly provider: string
  readonly providerConfig: AbsProviderConfig | undefined
  /** OpenTofu provider for_each: the instance key expression, e.g. `each.key`. */
  readonly instanceKey?: string
  readonly resolution: readonly ResolutionStep[]
  readonly range: SourceRange
  /** Declared inside a check block, only by an import block (config generation), or an action or list block. */
  readonly declaredBy?: DeclaredBy
  /** The block it is bound from: the module's record itself (none for the resource an import block generates). */
  readonly declaration?: Resource
}

/**
 * An error of Terraform's graph stage (after configuration validation): a `providers` map entry whose
 * configuration the caller does not have (`pass`), or a resource left without a configuration
 * (`resource`). `module` is the module it concerns: the called module, or the resource's module.
 */
export interface GraphDiagnostic {
  readonly kind: 'pass' | 'resource'
  readonly module: ModulePath
  /** The configuration that is missing: the caller's one the entry passes (`pass`), the one the resource refers to (`resource`). */
  readonly config: AbsProviderConfig
  readonly diagnostic: Diagnostic
  /** A resource left without a configuration: its address, the reference it uses and its block. */
  readonly resource?: {readonly address: ResourceAddr; readonly reference: LocalProviderConfig; readonly range: SourceRange}
}

/**
 * The directory is analysed as a shared module: its own required_providers declares configuration_aliases,
 * so it is meant to be called by other modules, which pass those configurations in.
 */
export interface SharedModule {
  /** The configuration_aliases entries of the root module (`aws.east`) with their ranges. */
  readonly aliases: readonly {readonly name: string; readonly range: SourceRange}[]
}

export interface Resolution {
  readonly configs: readonly ProviderConfigInfo[]
  readonly passes: readonly ProviderPass[]
  readonly resources: readonly ResourceBinding[]
  /** Configuration-stage diagnostics (required_providers entries). */
  readonly diagnostics: readonly Diagnostic[]
  /** The module each of `diagnostics` concerns. */
  readonly diagnosticModules: ReadonlyMap<Diagnostic, ModulePath>
  /** Graph-stage errors, each with the module it concerns; the analysis decides which apply. */
  readonly graphDiagnostics: readonly GraphDiagnostic[]
  readonly sharedModule?: SharedModule
}

type Node =
  | {readonly kind: 'declared'; readonly config: AbsProviderConfig; readonly info: ProviderConfigInfo; readonly proxiable: boolean}
  | {readonly kind: 'required'; readonly config: AbsProviderConfig; readonly info: ProviderConfigInfo}
  | {
      readonly kind: 'proxy'
      readonly addr: string
      readonly target: AbsProviderConfig
      readonly pass: ProviderPass
      readonly node: ModuleNode
      /** The child's own block the pass replaces, when an override file's merge made it empty. */
      readonly mergedBlock?: SourceRange
    }

interface ModuleCtx {
  readonly node: ModuleNode
  readonly names: LocalNames
  /** The node's module path (`node.address` as a value). */
  readonly path: ModulePath
}

/**
 * Every binding of a module tree. With `test`, the tree is the module under test of a run of a test file:
 * the run's provider blocks serve the root's configurations (they replace the module's own blocks, or add
 * the configurations it expects from a caller), and no shared-module reading applies: the run is the caller.
 */
export function resolveProviders(
  tree: ModuleTree,
  test?: TestRunResolution,
  memo?: ResolutionMemo,
  inbound?: readonly InboundConfig[],
): Resolution {
  const r = new Resolver(tree, test, inbound)
  // 1. Provider nodes per module, parents before children (tree.nodes is depth-first, pre-order).
  for (const n of tree.nodes) {
    const c = r.ctx.get(n)
    if (!c || !n.module) continue
    if (n.addr.isRoot && !inbound) r.rootRequirements(n, c)
    r.declaredBlocks(n, c)
    if (n.addr.isRoot && test) r.testProvided(test)
    if (n.addr.isRoot && inbound) r.inboundProvided(inbound)
    // a shared module analysed on its own: the aliases it expects from its caller, where it has no block
    if (n.addr.isRoot && r.sharedModule) r.expectedAliases(c)
    r.proxies(n, c)
  }
  // 2. Resources: a module instance whose module and visible configurations are unchanged keeps its bindings.
  r.groupEntries()
  for (const n of tree.nodes) {
    const c = r.ctx.get(n)
    if (c && n.module) r.nodeResources(n, c, n.module, memo)
  }
  return r.result()
}

/**
 * Where resolution keeps what it bound per module instance across analyses of a run (an editor's session):
 * the run's memo, keyed by the module, and the counters of instances bound and kept.
 */
export interface ResolutionMemo {
  readonly memo: RunMemo
  readonly stats: {resolved: number; reused: number}
}

/** What binding one module instance's resources added to a resolution, and what it read to do it. */
interface NodeResolution {
  /** The provider configurations visible from the instance (its own and its callers'), as text. */
  readonly visible: string
  readonly resources: readonly ResourceBinding[]
  readonly graphDiagnostics: readonly GraphDiagnostic[]
  /** The root's implied configurations it inherits: each provider with the local name to give it. */
  readonly implied: readonly {readonly provider: Provider; readonly localName: string}[]
}

function rangeKey(r: SourceRange | undefined): string {
  return r ? `${r.filename}:${r.start.line},${r.start.column},${r.start.byte}-${r.end.line},${r.end.column},${r.end.byte}` : ''
}

/** A configuration node as text: everything a binding's steps can take from it. */
function entryKey(node: Node): string {
  if (node.kind === 'proxy') {
    const p = node.pass
    return [
      'P',
      node.addr,
      node.target.toString(),
      p.from.key,
      p.to.key,
      p.key,
      p.value,
      p.childAddress.key,
      p.parentAddress.key,
      rangeKey(p.range),
      rangeKey(node.mergedBlock),
    ].join('\u0000')
  }
  const i = node.info
  return [
    node.kind,
    node.kind === 'declared' && node.proxiable,
    i.address.key,
    i.module.key,
    i.localName,
    i.alias ?? '',
    providerString(i.provider),
    i.implied,
    i.legacy,
    i.empty,
    i.expected === true,
    rangeKey(i.range),
    i.test ? JSON.stringify(i.test) : '',
    i.inbound ? JSON.stringify(i.inbound) : '',
  ].join('\u0000')
}

/** One resolution: the provider configuration nodes, the passes between modules, and the bindings. */
class Resolver {
  readonly engine: Engine
  readonly diagnostics: Diagnostic[] = []
  readonly diagnosticModules = new Map<Diagnostic, ModulePath>()
  readonly graphDiagnostics: GraphDiagnostic[] = []
  readonly ctx = new Map<ModuleNode, ModuleCtx>()
  readonly sharedModule: SharedModule | undefined
  readonly nodes = new Map<string, Node>()
  readonly passes: ProviderPass[] = []
  readonly impliedRoot = new Map<string, ProviderConfigInfo>()
  private readonly impliedConfigs = new Map<string, AbsProviderConfig>()
  readonly resources: ResourceBinding[] = []
  /** The configuration nodes of each module instance (by address) as text, once phase 1 is done. */
  private readonly entries = new Map<string, string[]>()
  /**
   * The same without the aliased configurations no providers map passes on (a declared, required or
   * implied one: no module below can reach it — aliases are never inherited), as the modules below see them.
   */
  private readonly below = new Map<string, string[]>()
  private readonly visibleCache = new Map<string, string>()
  private readonly belowCache = new Map<string, string>()
  /** The root's implied configurations the instance being bound inherits. */
  private implied: {provider: Provider; localName: string}[] = []
  /** What the root's configurations come from, in the memo's keys: a test run, a stack component's map, or the tree itself. */
  private readonly mode: string

  constructor(
    readonly tree: ModuleTree,
    readonly test?: TestRunResolution,
    readonly inbound?: readonly InboundConfig[],
  ) {
    this.engine = engineByName(tree.engine)
    this.mode = test ? 'test' : inbound ? 'inbound' : ''
    for (const n of tree.nodes) {
      if (!n.module) continue
      const names = n.module.names
      this.diagnostics.push(...names.diagnostics)
      for (const d of names.diagnostics) if (!this.diagnosticModules.has(d)) this.diagnosticModules.set(d, n.addr)
      this.ctx.set(n, {node: n, names, path: n.addr})
    }
    this.sharedModule = test || inbound ? undefined : sharedModuleOf(this.ctx.get(tree.root))
  }

  /** Configurations given to the root from outside its tree (a stack component's providers map). */
  inboundProvided(inbound: readonly InboundConfig[]): void {
    for (const i of inbound) this.givenToRoot(i, {inbound: i})
  }

  /** A test run's provider blocks, as the root's configurations they serve (Terraform's test runner). */
  testProvided(test: TestRunResolution): void {
    for (const t of test.provided) this.givenToRoot(t, {test: t})
  }

  /** A root configuration served from outside the module's own blocks; `from` says what serves it. */
  private givenToRoot(g: InboundConfig | TestProvided, from: {readonly inbound: InboundConfig} | {readonly test: TestProvided}): void {
    this.declareRoot(g.localName, g.provider, g.alias, from, g.range)
  }

  /**
   * A root configuration with no block of its own: given from outside (`from`: the inbound configuration or
   * the test run's provider block), or expected from the caller (`{expected: true}`: empty, and only when no
   * block declares it).
   */
  private declareRoot(
    localName: string,
    provider: Provider,
    alias: string | undefined,
    from: {readonly inbound: InboundConfig} | {readonly test: TestProvided} | {readonly expected: true},
    range: SourceRange | undefined,
  ): void {
    const config = this.absConfig([], provider, alias)
    const addr = config.key
    const empty = 'expected' in from
    if (empty && this.nodes.has(addr)) return
    this.nodes.set(addr, {
      kind: 'declared',
      config,
      proxiable: false,
      info: {
        address: config,
        module: ModulePath.root,
        localName,
        ...(alias ? {alias} : {}),
        provider,
        implied: false,
        legacy: false,
        empty,
        ...from,
        range,
      },
    })
  }

  groupEntries(): void {
    // the configurations a providers map passes on (what `follow` reaches from below)
    const passed = new Set<string>()
    for (const node of this.nodes.values()) if (node.kind === 'proxy') passed.add(node.target.key)
    for (const node of this.nodes.values()) {
      const module = node.kind === 'proxy' ? node.pass.to.key : node.info.module.key
      const key = entryKey(node)
      const list = this.entries.get(module) ?? []
      list.push(key)
      this.entries.set(module, list)
      if (node.kind !== 'proxy' && node.info.alias !== undefined && !passed.has(node.config.key)) continue
      const below = this.below.get(module) ?? []
      below.push(key)
      this.below.set(module, below)
    }
  }

  /**
   * The configurations visible from `n`, as text: its own, and of every module above it those a binding in
   * `n` can reach (`bind`: its own configurations, those `follow` reaches through providers maps, and the
   * default ones `inherit` finds above) — an aliased configuration above that no map passes on is not.
   */
  visible(n: ModuleNode): string {
    return this.seenWith(n, this.entries, this.visibleCache)
  }

  /** What of `n`'s configurations and its callers' the modules below `n` can reach, as text (see `visible`). */
  private seenBelow(n: ModuleNode): string {
    return this.seenWith(n, this.below, this.belowCache)
  }

  /** What the modules above `n` show below them, then `n`'s own entries of `own`, as text (kept in `cache`). */
  private seenWith(n: ModuleNode, own: Map<string, string[]>, cache: Map<string, string>): string {
    let v = cache.get(n.addr.key)
    if (v === undefined) {
      const mine = (own.get(n.addr.key) ?? []).join('\u0001')
      v = (n.parent ? this.seenBelow(n.parent) : this.mode) + '\u0002' + n.addr.key + '\u0003' + mine
      cache.set(n.addr.key, v)
    }
    return v
  }

  /** A module instance's bindings: kept from the memo when its module and the configurations it sees are unchanged. */
  nodeResources(n: ModuleNode, c: ModuleCtx, m: Module, memo: ResolutionMemo | undefined): void {
    if (!memo) {
      this.moduleResources(n, c, m)
      return
    }
    const store = memo.memo.get(m, 'resolution', () => new Map<string, NodeResolution>())
    const key = `${this.mode}\u0000${n.addr.key}`
    const visible = this.visible(n)
    const kept = store.get(key)
    if (kept && kept.visible === visible) {
      this.resources.push(...kept.resources)
      this.graphDiagnostics.push(...kept.graphDiagnostics)
      for (const x of kept.implied) this.impliedConfig(x.provider, x.localName)
      memo.stats.reused++
      return
    }
    const from = {resources: this.resources.length, graph: this.graphDiagnostics.length}
    this.implied = []
    this.moduleResources(n, c, m)
    store.set(key, {
      visible,
      resources: this.resources.slice(from.resources),
      graphDiagnostics: this.graphDiagnostics.slice(from.graph),
      implied: this.implied,
    })
    memo.stats.resolved++
  }

  /** The root's implied empty configuration of `provider` (Terraform creates it when something inherits it). */
  impliedConfig(provider: Provider, localName: string): AbsProviderConfig {
    const kept = this.impliedConfigs.get(providerString(provider))
    if (kept) return kept
    const config = this.absConfig([], provider)
    const addr = config.key
    this.impliedConfigs.set(providerString(provider), config)
    if (!this.impliedRoot.has(addr)) {
      this.impliedRoot.set(addr, {
        address: config,
        module: ModulePath.root,
        localName: this.ctx.get(this.tree.root)?.names.localNameFor(provider) ?? localName,
        provider,
        implied: true,
        legacy: false,
        empty: true,
      })
    }
    return config
  }

  absConfig(path: readonly string[], provider: Provider, alias?: string): AbsProviderConfig {
    return new AbsProviderConfig(ModulePath.of(path), provider, alias)
  }

  abs(path: readonly string[], provider: Provider, alias?: string): string {
    return this.absConfig(path, provider, alias).toString()
  }

  /** The root's required_providers entries without a block: the engine's empty default configurations. */
  rootRequirements(n: ModuleNode, c: ModuleCtx): void {
    for (const [name, r] of c.names.requirements) {
      if (n.module?.providerConfigs.has(name)) continue
      const config = this.absConfig([], r.provider)
      const addr = config.key
      if (this.nodes.has(addr)) continue
      this.nodes.set(addr, {
        kind: 'required',
        config,
        info: {
          address: config,
          module: ModulePath.root,
          localName: name,
          provider: r.provider,
          implied: true,
          legacy: false,
          empty: true,
          range: r.attribute.nameRange,
        },
      })
    }
  }

  /** The module's provider blocks. */
  declaredBlocks(n: ModuleNode, c: ModuleCtx): void {
    for (const [, b] of [...(n.module?.providerConfigs ?? [])].sort(([a], [z]) => (a < z ? -1 : 1))) {
      const {localName, alias, empty} = b
      const provider = c.names.providerFor(localName)
      const config = this.absConfig(n.path, provider, alias)
      const addr = config.key
      if (this.nodes.has(addr)) continue
      this.nodes.set(addr, {
        kind: 'declared',
        config,
        proxiable: !n.addr.isRoot && empty,
        info: {
          address: config,
          module: c.path,
          localName,
          ...(alias ? {alias} : {}),
          provider,
          implied: false,
          legacy: !n.addr.isRoot,
          empty,
          range: b.declRange,
          declaration: b,
        },
      })
    }
  }

  /** A shared root module's configuration_aliases entries it has no block for: expected from its caller. */
  expectedAliases(c: ModuleCtx): void {
    for (const [name, r] of [...c.names.requirements].sort(([a], [z]) => (a < z ? -1 : 1))) {
      for (const entry of r.aliases) {
        const ref = entry.value
        if (!ref?.alias || ref.localName !== name) continue
        this.declareRoot(name, r.provider, ref.alias, {expected: true}, entry.range)
      }
    }
  }

  /** Proxies from the caller's `providers` map. */
  proxies(n: ModuleNode, c: ModuleCtx): void {
    const parent = n.parent
    const providersAttr = n.call?.providersAttribute
    if (!parent || !this.ctx.get(parent) || !n.call || !providersAttr) return
    for (const {inChild, inParent, valueRange} of n.call.providerEntries) {
      if (!inChild || !inParent) continue
      const provider = c.names.providerFor(inChild.localName)
      const childConfig = this.absConfig(n.path, provider, inChild.alias)
      const childAddr = childConfig.key
      const parentConfig = this.absConfig(parent.path, provider, inParent.alias)
      const parentAddr = parentConfig.key
      const pass: ProviderPass = {
        from: parentConfig.module,
        to: c.path,
        key: localConfigString(inChild),
        value: localConfigString(inParent),
        childAddress: childConfig,
        parentAddress: parentConfig,
        range: providersAttr.exprRange,
      }
      this.passes.push(pass)
      // the child's resources still follow the map (to nothing): they are shown as NOT FOUND through it,
      // not as if they inherited a configuration the map overrides
      if (!this.nodes.has(parentAddr)) this.missingInParent(n, c.path, parent, inChild, inParent, parentConfig, valueRange)
      const existing = this.nodes.get(childAddr)
      if (existing && !(existing.kind === 'declared' && existing.proxiable)) continue
      const merged = existing?.info.declaration?.emptyByMerge ? existing.info.declaration.declRange : undefined
      this.nodes.set(childAddr, {
        kind: 'proxy',
        addr: childAddr,
        target: parentConfig,
        pass,
        node: n,
        ...(merged ? {mergedBlock: merged} : {}),
      })
    }
  }

  /** Terraform's graph builder fails with a plain error (no detail, no range). */
  missingInParent(
    n: ModuleNode,
    module: ModulePath,
    parent: ModuleNode,
    inChild: LocalProviderConfig,
    inParent: LocalProviderConfig,
    parentConfig: AbsProviderConfig,
    valueRange: SourceRange,
  ): void {
    const parentAddr = parentConfig.key
    this.graphDiagnostics.push({
      kind: 'pass',
      module,
      config: parentConfig,
      diagnostic: {
        code: 'provider.missing-in-parent',
        severity: 'error',
        summary: `missing provider ${parentAddr}`,
        detail: '',
        extra: {
          range: valueRange,
          explanation: `The call to ${n.addr.key} passes ${localConfigString(inParent)} as ${localConfigString(inChild)}, but ${moduleText(parent)} has no configuration ${parentAddr} to pass. Declare it in ${moduleText(parent)} (a provider "${inParent.localName}" block${inParent.alias ? ` with alias = "${inParent.alias}"` : ''})${parent.addr.isRoot ? '' : `, or have the caller of ${parent.addr.key} pass it in`}.`,
        },
      },
    })
  }

  /** Follows proxies from a configuration address to the configuration it stands for, with the steps. */
  follow(addr: string, steps: ResolutionStep[]): AbsProviderConfig | undefined {
    for (let guard = 0; guard < 1000; guard++) {
      const node = this.nodes.get(addr)
      if (!node) return undefined
      if (node.kind === 'proxy') {
        steps.push({
          kind: 'passed',
          module: node.pass.to,
          key: node.pass.key,
          value: node.pass.value,
          from: node.pass.from,
          ...(node.pass.range ? {range: node.pass.range} : {}),
          ...(node.mergedBlock ? {mergedBlock: node.mergedBlock} : {}),
        })
        addr = node.target.toString()
        continue
      }
      steps.push(...configSteps(node))
      return node.config
    }
    return undefined
  }

  /** Every resource of a module (each block kind of its table, in order), and the resources its import blocks will create. */
  moduleResources(n: ModuleNode, c: ModuleCtx, m: Module): void {
    // actions and list blocks choose a configuration as resources do (Action.ProviderConfigAddr; a list block
    // must name one)
    for (const [kind, records] of recordsByKind(m)) {
      for (const [key, r] of records) {
        const check = kind.keyword === 'data' ? m.checkData.get(key) : undefined
        const declaredBy: DeclaredBy | undefined = check
          ? {kind: 'check', name: check.labels[0]?.value ?? '', range: check.declRange}
          : kind.declaredBy
            ? {kind: kind.declaredBy, range: r.declRange}
            : undefined
        this.bind(n, c, {
          mode: r.mode,
          type: r.type,
          name: r.name,
          provider: r.provider,
          declRange: r.declRange,
          declaredBy,
          declaration: r,
        })
      }
    }
    // an import block whose target resource is not declared generates its configuration: the resource it
    // will create is bound through the import's provider argument, or the provider its type implies
    for (const t of m.index.generatingImports)
      this.bind(n, c, {
        mode: 'managed',
        type: t.type,
        name: t.name,
        provider: m.providerArguments.get(t.block),
        declRange: t.block.declRange,
        declaredBy: {kind: 'import', range: t.block.declRange},
      })
  }

  /** One resource's binding: its reference, the provider it means, and the configuration it ends at. */
  bind(n: ModuleNode, c: ModuleCtx, res: ResourceDecl): void {
    const {mode, type, name, provider: arg, declRange, declaredBy, declaration} = res
    const address = new ResourceAddr(c.path, mode, type, name)
    const steps: ResolutionStep[] = []
    let ref = arg?.value
    if (arg && ref) steps.push({kind: 'reference', module: c.path, ref, range: arg.attribute.exprRange})
    if (!ref) {
      const implied = impliedLocalName(type)
      ref = localConfig(implied)
      steps.push({kind: 'implied-name', module: c.path, localName: implied, resourceType: type})
    }
    const provider = c.names.providerFor(ref.localName)
    const req = c.names.requirements.get(ref.localName)
    steps.push({
      kind: 'source',
      module: c.path,
      localName: ref.localName,
      provider,
      required: req !== undefined,
      ...(req ? {range: req.attribute.nameRange} : {}),
    })
    const own = this.nodes.get(this.abs(n.path, provider, ref.alias))
    let found = this.follow(this.abs(n.path, provider, ref.alias), steps)
    // a providers map entry overrides inheritance even when what it passes does not exist
    const passedMissing = !found && own?.kind === 'proxy'
    if (!found && !ref.alias && !passedMissing) found = this.inherit(n, c, provider, ref, steps)
    if (!found) {
      const wantConfig = this.absConfig(n.path, provider, ref.alias)
      const passed = passedMissing && own.kind === 'proxy'
      // inbound configurations only (a stack component): what the root is not given is missing, nothing is implied
      const notGiven = this.inbound !== undefined && !passed && (n.addr.isRoot || !ref.alias)
      steps.push({
        kind: 'missing',
        module: c.path,
        config: passed ? own.target : notGiven ? this.absConfig([], provider, ref.alias) : wantConfig,
        passed,
        ...(notGiven ? {notGiven} : {}),
      })
      this.notPresent(n, c.path, address, ref, wantConfig, arg?.attribute.exprRange ?? declRange)
    }
    this.resources.push({
      address,
      module: c.path,
      mode,
      type,
      name,
      reference: localConfigString(ref),
      provider: providerString(provider),
      providerConfig: found,
      ...(ref.key !== undefined ? {instanceKey: ref.key} : {}),
      resolution: steps,
      range: declRange,
      ...(declaredBy ? {declaredBy} : {}),
      ...(declaration ? {declaration} : {}),
    })
  }

  /** A default configuration from the nearest caller that has one, else the root's implied empty one (none with inbound configurations). */
  inherit(
    n: ModuleNode,
    c: ModuleCtx,
    provider: Provider,
    ref: LocalProviderConfig,
    steps: ResolutionStep[],
  ): AbsProviderConfig | undefined {
    for (let p = n.parent; p; p = p.parent) {
      const addr = this.abs(p.path, provider)
      if (!this.nodes.has(addr)) continue
      steps.push({
        kind: 'inherited',
        module: c.path,
        provider,
        from: this.ctx.get(p)?.path ?? p.addr,
        between: p.addr.key !== n.parent?.addr.key,
        fromCallers: false,
      })
      const found = this.follow(addr, steps)
      if (found) return found
    }
    if (this.inbound) return undefined
    if (!c.path.isRoot) steps.push({kind: 'inherited', module: c.path, provider, from: ModulePath.root, between: false, fromCallers: true})
    steps.push({kind: 'implied-config', module: ModulePath.root, localName: c.names.localNameFor(provider) ?? ref.localName})
    this.implied.push({provider, localName: ref.localName})
    return this.impliedConfig(provider, ref.localName)
  }

  /**
   * Terraform's text names the graph node (`<address> (expand)` in a plan; `terraform test` reports it from
   * its validate walk, whose node is the address alone) and gives no source range.
   */
  notPresent(
    n: ModuleNode,
    module: ModulePath,
    resourceAddr: ResourceAddr,
    ref: LocalProviderConfig,
    config: AbsProviderConfig,
    at: SourceRange,
  ): void {
    const address = resourceAddr.key
    const want = config.key
    const vertex = this.test ? address : `${address} (expand)`
    this.graphDiagnostics.push({
      kind: 'resource',
      module,
      config,
      resource: {address: resourceAddr, reference: ref, range: at},
      diagnostic: {
        code: 'provider.config-not-present',
        severity: 'error',
        summary: 'Provider configuration not present',
        detail: `To work with ${vertex} its original provider configuration at ${want} is required, but it has been removed. This occurs when a provider configuration is removed while objects created by that provider still exist in the state. Re-add the provider configuration to destroy ${vertex}, after which you can remove the provider configuration again.`,
        extra: {
          range: at,
          explanation: `${address} uses ${localConfigString(ref)}, but ${moduleText(n)} has no provider "${ref.localName}" block with alias = "${ref.alias ?? ''}"${n.addr.isRoot ? '' : ', no providers map entry for it in its call, and aliased configurations are never inherited'}. Nothing here concerns a state: ${this.engine.product} reports a missing configuration with this text.`,
        },
      },
    })
  }

  result(): Resolution {
    const configs: ProviderConfigInfo[] = []
    for (const node of this.nodes.values()) if (node.kind !== 'proxy') configs.push(node.info)
    for (const info of this.impliedRoot.values()) if (!this.nodes.has(info.address.key)) configs.push(info)
    configs.sort((a, b) => (a.address.key < b.address.key ? -1 : a.address.key > b.address.key ? 1 : 0))
    const resources = [...this.resources].sort((a, b) => (a.address.key < b.address.key ? -1 : a.address.key > b.address.key ? 1 : 0))
    const {passes, diagnostics, diagnosticModules, graphDiagnostics, sharedModule} = this
    return {configs, passes, resources, diagnostics, diagnosticModules, graphDiagnostics, ...(sharedModule ? {sharedModule} : {})}
  }
}

/** What a binding is made from: a resource block, or an import block's target. */
interface ResourceDecl {
  readonly mode: ResourceMode
  readonly type: string
  readonly name: string
  readonly provider: ProviderArgument | undefined
  readonly declRange: SourceRange
  readonly declaredBy: DeclaredBy | undefined
  readonly declaration?: Resource
}

/** The steps a configuration node ends a resolution with. */
function configSteps(node: Exclude<Node, {kind: 'proxy'}>): readonly ResolutionStep[] {
  return node.info.inbound ? node.info.inbound.steps : [configStep(node)]
}

/** The step a configuration node ends a resolution with. */
function configStep(node: Exclude<Node, {kind: 'proxy'}>): ResolutionStep {
  const info = node.info
  const t = info.test
  if (t)
    return {
      kind: 'test',
      module: ModulePath.root,
      localName: t.localName,
      ...(t.alias ? {alias: t.alias} : {}),
      file: t.file,
      run: t.run,
      key: t.key,
      keyword: t.keyword,
      mock: t.mock,
      mapped: t.mapped,
      range: t.range,
    }
  if (info.expected)
    return {
      kind: 'expected',
      module: ModulePath.root,
      localName: info.localName,
      ...(info.alias ? {alias: info.alias} : {}),
      ...(info.range ? {range: info.range} : {}),
    }
  if (node.kind === 'required') return {kind: 'implied-config', module: ModulePath.root, localName: info.localName}
  return {
    kind: info.legacy ? 'legacy' : 'declared',
    module: node.config.module,
    localName: info.localName,
    ...(info.alias ? {alias: info.alias} : {}),
    empty: info.empty,
    ...(info.declaration?.emptyByMerge ? {emptyByMerge: true} : {}),
    ...(info.range ? {range: info.range} : {}),
  }
}

/** The root's configuration_aliases entries when it declares any (it is then analysed as a shared module). */
function sharedModuleOf(root: ModuleCtx | undefined): SharedModule | undefined {
  if (!root) return undefined
  const aliases: {name: string; range: SourceRange}[] = []
  for (const [name, r] of [...root.names.requirements].sort(([a], [z]) => (a < z ? -1 : 1))) {
    for (const entry of r.aliases) if (entry.value?.localName === name) aliases.push({name: entry.text, range: entry.range})
  }
  return aliases.length > 0 ? {aliases} : undefined
}
