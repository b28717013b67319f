// A Terraform Stacks configuration analysed: the stack read as Terraform reads it (src/load/stacks), then
// each component's (and removed block's) module tree crawled and resolved as a root module whose
// configurations are the component's `providers` map entries (the resolver's inbound configurations), so
// every resource ends its chain at the stack's `provider "TYPE" "NAME"` block; then Stacks' own provider
// validation. Generic in the analysis of one module tree, which the caller supplies (analyze.ts), so that
// this file and that one do not import each other.
import * as path from 'node:path'
import {isDeepStrictEqual} from 'node:util'
import {ModulePath} from '../../addrs/module.js'
import {providerString} from '../../addrs/provider.js'
import {ComponentAddr, StackPath, StackPlace, StackProviderConfigAddr, type DiagnosticPlace} from '../../addrs/stack.js'
import type {Diagnostic, SourceRange} from '../../diag/diagnostic.js'
import {errorDiag, warningDiag} from '../../diag/diagnostic.js'
import {renameFiles, rootRelative} from '../../diag/file-names.js'
import type {ModuleTree} from '../../crawl/crawl.js'
import type {CrawlOptions} from '../../crawl/crawl.js'
import {partText} from '../../hcl/expr.js'
import {configExtension, isIgnoredName} from '../../load/file-set.js'
import {utf8Text} from '../../io/inputs.js'
import type {RunContext} from '../../load/run-context.js'
import {loadStackConfig, type StackLoadOptions} from '../../load/stacks/load.js'
import type {Deployment, ProvidersMapEntry, Stack, StackConfigNode, StackSource} from '../../load/stacks/model.js'
import {literalString} from '../../hcl/expr.js'
import {parseProviderConstraints} from '../releases/constraints.js'
import {atLeast, behaviourVersion, coreOf, KNOWN_RELEASES, requiredVersionAllows, TERRAFORM_MAIN} from '../releases/engine-version.js'
import {pinnedRelease} from '../../crawl/pinned-release.js'
import type {InboundConfig, Resolution, ResolutionStep} from '../tree/resolve.js'
import {providerSlots} from './stack-slots.js'
import {
  componentProviderDiagnostics,
  lockDiagnostics,
  moduleTreeDiagnostics,
  workspaceReferenceDiagnostics,
  type LockedVersions,
} from './stack-validate.js'
import {dependsOnDiagnostics, providerValue, referenceDiagnostics} from './stack-values.js'

/** What the stack analysis reads of one module tree's analysis. */
export interface TreeAnalysis {
  readonly tree: ModuleTree
  readonly resolution: Resolution
  readonly requirements: readonly {readonly provider: string}[]
  readonly diagnostics: readonly Diagnostic[]
  readonly diagnosticModules: ReadonlyMap<Diagnostic, DiagnosticPlace>
  readonly incomplete: boolean
}

/** The run's limits and module source, which every component's tree is analysed with. */
export type StackBaseOptions = Omit<StackTreeOptions, 'context' | 'displayRoot' | 'inbound'>

export interface StackTreeOptions extends Pick<
  CrawlOptions,
  'env' | 'maxDepth' | 'maxFiles' | 'maxModules' | 'walker' | 'pinnedRelease' | 'initCommand'
> {
  readonly context: RunContext
  readonly displayRoot: string
  readonly inbound: (tree: ModuleTree) => readonly InboundConfig[]
}

/** A `provider "TYPE" "NAME"` block of the stack (or of an embedded stack). */
export interface StackProviderConfigInfo {
  /** `provider["registry.terraform.io/hashicorp/aws"].east`; `stack.s.` before it in an embedded stack; `provider.TYPE.NAME` when the type is undeclared. */
  readonly address: StackProviderConfigAddr
  readonly stack: StackPath
  readonly localName: string
  readonly name: string
  readonly provider?: string
  readonly forEach: boolean
  readonly range: SourceRange
}

/** A slot of a component's root module and what the providers map gives it. */
export interface StackSlotBinding {
  /** `aws`, `aws.east`: the local name and alias in the component's root module. */
  readonly slot: string
  /** The provider the module means by it, when the module is read. */
  readonly provider?: string
  /** The value as written; undefined when the map gives the slot nothing. */
  readonly value?: string
  readonly range?: SourceRange
  /** The stack configuration the value stands for, when tfgraph can tell. */
  readonly config?: StackProviderConfigAddr
}

export interface StackComponentAnalysis<A extends TreeAnalysis> {
  /** `component.s3`, `stack.net.component.vpc`; a removed block: the component it removes. */
  readonly address: ComponentAddr
  readonly stack: StackPath
  readonly kind: 'component' | 'removed'
  readonly source: StackSource
  /** The `for_each` expression as written. */
  readonly forEach?: string
  readonly declRange: SourceRange
  /** The module directory, relative to the root stack's. */
  readonly displayDir?: string
  readonly dir?: string
  readonly unresolvedReason?: string
  readonly providers: readonly StackSlotBinding[]
  /** The module tree's analysis, the providers map being the root's configurations. */
  readonly analysis?: A
}

export interface StackAnalysis<A extends TreeAnalysis> {
  readonly dir: string
  readonly config: StackConfigNode
  /** The Terraform release whose rules apply: Terraform's main branch (`1.17.0-alpha`) unless the components' required_version rules it out, then the newest release they allow. */
  readonly behaviourVersion: string
  /** `.tfstack.*` files were read (Terraform 1.13). */
  readonly readDeprecated: boolean
  readonly components: readonly StackComponentAnalysis<A>[]
  readonly providerConfigs: readonly StackProviderConfigInfo[]
  readonly embeddedStacks: readonly {
    readonly address: StackPath
    readonly source: string
    readonly displayDir?: string
    readonly resolved: boolean
  }[]
  readonly deployments: readonly (Deployment & {readonly stack: StackPath})[]
  readonly lockFile: boolean
  readonly diagnostics: readonly Diagnostic[]
  /** Where in the stack each diagnostic is, where it is a component's (`component.a`, `component.a.module.b`). */
  readonly diagnosticAddresses: ReadonlyMap<Diagnostic, StackPlace>
  readonly incomplete: boolean
}

function versionProblem(s: string): string | undefined {
  const r = parseProviderConstraints(s)
  return 'error' in r ? r.error : undefined
}

/** Codes of the diagnostics Terraform reports only once a component's configuration validates (its graph and evaluation walks). */
const LATER_STAGES = new Set<string>(['provider.config-not-present', 'provider.missing-in-parent', 'provider.unknown-function'])

function hasConfigFiles(ctx: RunContext, dir: string): boolean {
  try {
    return ctx.files
      .list(dir)
      .some((e) => (e.kind === 'file' || e.kind === 'link') && !isIgnoredName(e.name) && configExtension(e.name, 'terraform'))
  } catch {
    return false
  }
}

/** The names of a local source as Terraform prints final sources: from the root stack's directory. */
function shownDir(root: string, dir: string): string {
  const rel = path.relative(root, dir).split(path.sep).join('/')
  return rel === '' ? '.' : rel
}

/** The steps that end a resource's chain at a providers map entry: the component's entry, then the stack's block. */
function inboundSteps(
  node: StackConfigNode,
  address: ComponentAddr,
  kind: 'component' | 'removed',
  forEach: boolean,
  e: ProvidersMapEntry,
): ResolutionStep[] {
  const v = providerValue(node.stack, e.attribute, e.value)
  const component: ResolutionStep = {
    kind: 'component',
    module: ModulePath.root,
    localName: e.localName,
    ...(e.alias ? {alias: e.alias} : {}),
    component: address,
    value: e.valueText,
    forEach,
    removed: kind === 'removed',
    range: e.valueRange,
  }
  if (v.kind !== 'ref')
    return [
      component,
      {
        kind: 'stack-config',
        module: ModulePath.root,
        stack: node.address,
        localName: '',
        name: '',
        forEach: false,
        declared: false,
        reference: false,
      },
    ]
  const c = v.config
  return [
    component,
    {
      kind: 'stack-config',
      module: ModulePath.root,
      stack: node.address,
      localName: v.localName,
      name: v.name,
      ...(c ? {address: new StackProviderConfigAddr(node.address, c.localName, c.name, c.provider)} : {}),
      ...(c?.provider ? {provider: c.provider} : {}),
      forEach: c?.forEach !== undefined,
      declared: c !== undefined,
      reference: true,
      ...(c ? {range: c.declRange} : {}),
    },
  ]
}

interface Run<A extends TreeAnalysis> {
  readonly ctx: RunContext
  readonly root: string
  readonly opts: StackBaseOptions
  readonly analyze: (dir: string, opts: StackTreeOptions) => Promise<A>
  readonly locks: LockedVersions
  readonly lockFile: boolean
  /** The newest rules apply (the 1.17 lock checks with them). */
  readonly newest: boolean
  readonly refsSeen: Set<string>
}

type Decl = {
  readonly kind: 'component' | 'removed'
  readonly dependsOn?: ProvidersMapEntry['attribute']
  readonly address: ComponentAddr
  readonly source: StackSource
  readonly forEach: ProvidersMapEntry['attribute'] | undefined
  readonly providers: readonly ProvidersMapEntry[]
  readonly declRange: SourceRange
}

/** The components and removed components of one stack node. */
function declsOf(node: StackConfigNode): Decl[] {
  const out: Decl[] = []
  for (const c of [...node.stack.components.values()].sort((a, b) => (a.name < b.name ? -1 : 1)))
    out.push({
      kind: 'component',
      address: new ComponentAddr(node.address, c.name),
      source: c.source,
      forEach: c.forEach,
      providers: c.providers,
      declRange: c.declRange,
      ...(c.dependsOn ? {dependsOn: c.dependsOn} : {}),
    })
  for (const r of node.stack.removed) {
    if (!r.fromComponent) continue
    const stack = r.fromStack.reduce((p, s) => p.child(s.name), node.address)
    const address = new ComponentAddr(stack, r.fromComponent.name)
    out.push({kind: 'removed', address, source: r.source, forEach: r.forEach, providers: r.providers, declRange: r.declRange})
  }
  return out
}

/** One component: its module tree analysed with the providers map as inbound configurations, and Stacks' checks of it. */
async function analyzeComponent<A extends TreeAnalysis>(
  run: Run<A>,
  node: StackConfigNode,
  d: Decl,
): Promise<{component: StackComponentAnalysis<A>; diagnostics: Diagnostic[]; modules?: ReadonlyMap<Diagnostic, DiagnosticPlace>}> {
  const forEach = d.forEach ? partText(d.forEach, d.forEach.node).trim() : undefined
  const base = {
    address: d.address,
    stack: node.address,
    kind: d.kind,
    source: d.source,
    ...(forEach ? {forEach} : {}),
    declRange: d.declRange,
  }
  const given = d.providers.map((e) => ({
    slot: e.alias ? `${e.localName}.${e.alias}` : e.localName,
    value: e.valueText,
    range: e.valueRange,
  }))
  if (d.source.kind !== 'local')
    return {
      component: {...base, providers: given, unresolvedReason: `${d.source.kind} source: not fetched (tfgraph reads no network)`},
      diagnostics: [
        warningDiag(
          'stack.source-not-fetched',
          'Component source not fetched',
          `${d.address.key} comes from ${JSON.stringify(d.source.text)}, a ${d.source.kind} source. tfgraph reads no network, so the resources of its modules are not shown and its providers map is not checked against them; a local copy (source = "./path") would be.`,
          d.source.range,
        ),
      ],
    }
  const dir = path.resolve(node.stack.dir, d.source.text)
  const displayDir = shownDir(run.root, dir)
  if (!hasConfigFiles(run.ctx, dir))
    return {
      component: {...base, dir, displayDir, providers: given, unresolvedReason: 'no Terraform module at the source'},
      diagnostics: [
        errorDiag(
          'stack.component-not-found',
          d.kind === 'removed' ? "Can't load module for removed component" : "Can't load module for component",
          `The source location ${displayDir === '.' ? './' : displayDir.startsWith('..') ? displayDir : './' + displayDir} does not contain a Terraform module.`,
          d.source.range,
        ),
      ],
    }
  const analysis = await run.analyze(dir, {
    ...run.opts,
    context: run.ctx,
    displayRoot: run.root,
    inbound: (tree) =>
      d.providers.map((e) => ({
        localName: e.localName,
        ...(e.alias ? {alias: e.alias} : {}),
        provider: tree.root.module?.names.providerFor(e.localName) ?? {
          host: 'registry.terraform.io',
          namespace: 'hashicorp',
          type: e.localName,
        },
        steps: inboundSteps(node, d.address, d.kind, forEach !== undefined, e),
        range: e.valueRange,
      })),
  })
  const modules = new Map(analysis.diagnosticModules)
  const diagnostics = componentDiagnostics(run, node, d, analysis, modules)
  return {component: {...base, dir, displayDir, providers: slotBindings(node, d, analysis), analysis}, diagnostics, modules}
}

/** The map's entries and the slots it leaves out, with what each stands for. */
function slotBindings(node: StackConfigNode, d: Decl, a: TreeAnalysis): StackSlotBinding[] {
  const names = a.tree.root.module?.names
  const out: StackSlotBinding[] = d.providers.map((e) => {
    const v = providerValue(node.stack, e.attribute, e.value)
    const c = v.kind === 'ref' ? v.config : undefined
    return {
      slot: e.alias ? `${e.localName}.${e.alias}` : e.localName,
      ...(names ? {provider: providerString(names.providerFor(e.localName))} : {}),
      value: e.valueText,
      range: e.valueRange,
      ...(c ? {config: new StackProviderConfigAddr(node.address, c.localName, c.name, c.provider)} : {}),
    }
  })
  for (const s of providerSlots(a.tree.root)) {
    const slot = s.alias ? `${s.localName}.${s.alias}` : s.localName
    if (!out.some((b) => b.slot === slot)) out.push({slot, provider: providerString(s.provider)})
  }
  return out.sort((x, y) => (x.slot < y.slot ? -1 : x.slot > y.slot ? 1 : 0))
}

/** Terraform's checks of one component (ComponentConfig.checkValid), in its order: each stage runs only when the earlier ones pass. */
function componentDiagnostics<A extends TreeAnalysis>(
  run: Run<A>,
  node: StackConfigNode,
  d: Decl,
  a: A,
  modules: Map<Diagnostic, DiagnosticPlace>,
): Diagnostic[] {
  const moduleDiags = moduleTreeDiagnostics(a.tree, modules)
  const configStage = a.diagnostics.filter((x) => !LATER_STAGES.has(x.code))
  const treeFailed = configStage.some((x) => x.severity === 'error' && x.code !== 'module.not-installed')
  if (treeFailed) return [...configStage, ...moduleDiags]
  // depends_on is checked, then the providers, whatever the other finds (ComponentConfig.checkValid)
  moduleDiags.push(...(d.dependsOn ? dependsOnDiagnostics(node.stack, d.dependsOn) : []))
  const scope = {address: d.address, declRange: d.declRange, providers: d.providers, stack: node.stack}
  const providerDiags = componentProviderDiagnostics(scope, providerSlots(a.tree.root), run.refsSeen)
  if (providerDiags.some((x) => x.severity === 'error')) return [...configStage, ...moduleDiags, ...providerDiags]
  // a provider the lock file lacks: Terraform cannot read its schema and validates no further (reported once, for the stack)
  const unlocked = a.requirements.some((r) => !r.provider.startsWith('terraform.io/builtin/') && !run.locks.has(r.provider))
  if (unlocked) return [...configStage, ...moduleDiags, ...providerDiags]
  // the root's configurations are the map's: a configuration it lacks is Missing required provider configuration above
  const later = a.diagnostics.filter(
    (x) => LATER_STAGES.has(x.code) && !(x.code === 'provider.config-not-present' && a.diagnosticModules.get(x)?.key === ''),
  )
  // the validate walk evaluates the expressions: terraform.workspace has no value in a stack
  return [...configStage, ...moduleDiags, ...providerDiags, ...later, ...workspaceReferenceDiagnostics(a.tree, modules)]
}

/** The stack's lock file: provider → locked version (read with the run's parser; its own errors are `tfgraph lock`'s to report). */
async function lockedVersions(ctx: RunContext, dir: string): Promise<{present: boolean; locks: Map<string, string>}> {
  const file = path.join(dir, '.terraform.lock.hcl')
  const locks = new Map<string, string>()
  if (ctx.files.stat(file) === null) return {present: false, locks}
  try {
    const parsed = await ctx.parser.parse(utf8Text(ctx.files.read(file)), '.terraform.lock.hcl')
    for (const b of parsed.file.body.blocks) {
      const version = literalString(b.body.attributes.find((x) => x.name === 'version'))
      if (b.type === 'provider' && b.labels[0] && version !== undefined) locks.set(b.labels[0].value, version)
    }
  } catch {
    // unreadable: as if empty
  }
  return {present: true, locks}
}

/**
 * The release whose rules apply: the newest release every component's root module allows when a
 * required_version rules the newest out; else the release the stack pins in `.terraform-version` (HCP
 * Terraform runs the stack with it) when every component allows it; else Terraform's main branch when
 * every component allows it, else the newest release.
 */
async function stackBehaviour(ctx: RunContext, config: StackConfigNode): Promise<Behaviour> {
  const releases = KNOWN_RELEASES.terraform
  const newest = releases[releases.length - 1]!
  const pinned = pinnedRelease(ctx.files, config.stack.dir)
  let lowest = newest
  let decided = false
  let mainAllowed = true
  let pinAllowed = pinned !== undefined
  for (const c of config.stack.components.values()) {
    if (c.source.kind !== 'local') continue
    const loaded = await ctx.loads.load(path.resolve(config.stack.dir, c.source.text), {engine: 'terraform'})
    const b = behaviourVersion(loaded.module, 'terraform')
    decided ||= b.fromRequiredVersion
    if (!atLeast(b.version, lowest)) lowest = b.version
    mainAllowed &&= requiredVersionAllows(loaded.module, TERRAFORM_MAIN.core)
    if (pinned) pinAllowed &&= requiredVersionAllows(loaded.module, coreOf(pinned))
  }
  const base = {readDeprecated: false}
  if (decided) return {...base, version: lowest, fromRequiredVersion: true, main: false}
  if (pinned && pinAllowed)
    return {...base, version: pinned, fromRequiredVersion: false, main: atLeast(pinned, TERRAFORM_MAIN.version), pinned}
  if (mainAllowed) return {...base, version: TERRAFORM_MAIN.version, fromRequiredVersion: false, main: true}
  return {...base, version: newest, fromRequiredVersion: false, main: false}
}

interface Behaviour {
  readonly version: string
  /** A component's required_version rules out the newest release. */
  readonly fromRequiredVersion: boolean
  /** Terraform's main branch's rules apply (with them the lock checks only it has). */
  readonly main: boolean
  /** The release `.terraform-version` pins, when it is the one followed. */
  readonly pinned?: string
  readonly readDeprecated: boolean
}

/** The stack configuration at `dir`, read as the applicable Terraform release reads it. */
async function loadWithBehaviour(ctx: RunContext, dir: string): Promise<{config: StackConfigNode; behaviour: Behaviour}> {
  const opts = (readDeprecated: boolean, readAll = false): StackLoadOptions => ({
    readDeprecated,
    versionProblem,
    ...(readAll ? {readAll} : {}),
  })
  const names = ctx.files.list(dir).map((e) => e.name)
  const deprecated = names.some((n) => n.endsWith('.tfstack.hcl') || n.endsWith('.tfstack.json'))
  if (!deprecated) {
    const config = await loadStackConfig(ctx, dir, opts(false))
    return {config, behaviour: await stackBehaviour(ctx, config)}
  }
  // the components live in the deprecated files: read them to see what their modules' required_version allows
  const b = await stackBehaviour(ctx, await loadStackConfig(ctx, dir, opts(true, true)))
  if (!atLeast(b.version, '1.14.0')) return {config: await loadStackConfig(ctx, dir, opts(true)), behaviour: {...b, readDeprecated: true}}
  return {config: await loadStackConfig(ctx, dir, opts(false)), behaviour: b}
}

function* nodesOf(n: StackConfigNode): Generator<StackConfigNode> {
  yield n
  for (const c of [...n.children.values()]) yield* nodesOf(c)
}

/** Analyses the stack configuration at `dir`; `analyze` analyses one module tree (the caller's analyzeProviders). */
export async function analyzeStack<A extends TreeAnalysis>(
  dir: string,
  ctx: RunContext,
  opts: StackBaseOptions,
  analyze: (dir: string, opts: StackTreeOptions) => Promise<A>,
): Promise<StackAnalysis<A>> {
  const root = path.resolve(dir)
  const {config, behaviour} = await loadWithBehaviour(ctx, root)
  const lock = await lockedVersions(ctx, root)
  // the lock checks of versions and of providers without a block: Terraform's main branch (1.17.0-alpha)
  // only; a component's required_version that rules it out rules them out too
  const newest = behaviour.main
  // the components' modules follow the release the stack pins
  // and their modules are installed by `terraform stacks init` (the source bundle), not `terraform init`
  const treeOpts: StackBaseOptions = {
    ...opts,
    ...(behaviour.pinned ? {pinnedRelease: behaviour.pinned} : {}),
    initCommand: 'terraform stacks init',
  }
  const run: Run<A> = {ctx, root, opts: treeOpts, analyze, locks: lock.locks, lockFile: lock.present, newest, refsSeen: new Set()}
  const diagnostics: Diagnostic[] = []
  const components: StackComponentAnalysis<A>[] = []
  const providerConfigs: StackProviderConfigInfo[] = []
  const embeddedStacks: {address: StackPath; source: string; displayDir?: string; resolved: boolean}[] = []
  const deployments: (Deployment & {stack: StackPath})[] = []
  const addresses = new Map<Diagnostic, StackPlace>()
  const shownAddresses = new Map<Diagnostic, StackPlace>()
  let incomplete = false
  for (const node of nodesOf(config)) {
    const s = node.stack
    incomplete ||= s.incomplete
    diagnostics.push(...s.diagnostics, ...node.diagnostics)
    for (const c of s.providerConfigs.values())
      providerConfigs.push({
        address: new StackProviderConfigAddr(node.address, c.localName, c.name, c.provider),
        stack: node.address,
        localName: c.localName,
        name: c.name,
        ...(c.provider ? {provider: providerString(c.provider)} : {}),
        forEach: c.forEach !== undefined,
        range: c.declRange,
      })
    for (const call of s.embeddedStacks.values()) {
      const child = node.children.get(call.name)
      const address = node.address.child(call.name)
      embeddedStacks.push({
        address,
        source: call.source.text,
        ...(child ? {displayDir: child.displayDir} : {}),
        resolved: child !== undefined,
      })
      if (call.source.kind !== 'local') diagnostics.push(embeddedNotFetched(address, call.source))
    }
    deployments.push(...s.deployments.map((x) => ({...x, stack: node.address})))
    for (const d of declsOf(node)) {
      const r = await analyzeComponent(run, node, d)
      components.push(r.component)
      diagnostics.push(...r.diagnostics)
      const within = r.modules
      for (const x of r.diagnostics) {
        const m = within?.get(x)
        if (!addresses.has(x)) addresses.set(x, new StackPlace(d.address, m instanceof ModulePath ? m : ModulePath.root))
      }
      incomplete ||= r.component.analysis?.incomplete ?? false
    }
    diagnostics.push(...stackReferences(run, s))
  }
  diagnostics.push(...lockFileDiagnostics(run, config), ...notes(run, config, components))
  // the components' modules name files by their absolute paths; the stack's diagnostics name them from its directory
  const named = rootRelative(root)
  const renamed = diagnostics.map((x) => {
    // a diagnostic already named so (the stack's own files) stays the same value: the stack's tree holds it
    const r = renameFiles(x, named)
    const y = isDeepStrictEqual(r, x) ? x : r
    const a = addresses.get(x)
    if (a !== undefined && !shownAddresses.has(y)) shownAddresses.set(y, a)
    return y
  })
  const shown = unique(renamed)
  return {
    dir: root,
    config,
    behaviourVersion: behaviour.version,
    readDeprecated: behaviour.readDeprecated,
    components,
    providerConfigs,
    embeddedStacks,
    deployments,
    lockFile: lock.present,
    diagnostics: shown,
    diagnosticAddresses: shownAddresses,
    incomplete,
  }
}

/** An embedded stack from a registry or remote source: said as a remote component's source is. */
function embeddedNotFetched(address: StackPath, source: StackSource): Diagnostic {
  return warningDiag(
    'stack.embedded-source-not-fetched',
    'Embedded stack source not fetched',
    `${address.key} comes from ${JSON.stringify(source.text)}, a ${source.kind} source. tfgraph reads no network, so its components, provider configurations and their modules are not shown or checked; a local copy (source = "./path") would be.`,
    source.range,
  )
}

/** The references of the stack's expressions (the providers maps are checked per slot, as Terraform evaluates them). */
function stackReferences<A extends TreeAnalysis>(run: Run<A>, s: Stack): Diagnostic[] {
  const maps = new Set([...s.components.values(), ...s.removed].map((c) => c.providersAttribute).filter((a) => a !== undefined))
  const out: Diagnostic[] = []
  for (const a of s.expressions) if (!maps.has(a)) referenceDiagnostics(s, a, a.node, run.refsSeen, out)
  for (const call of s.embeddedStacks.values()) if (call.dependsOn) out.push(...dependsOnDiagnostics(s, call.dependsOn))
  return out
}

function lockFileDiagnostics<A extends TreeAnalysis>(run: Run<A>, config: StackConfigNode): Diagnostic[] {
  const out: Diagnostic[] = []
  for (const node of nodesOf(config)) out.push(...lockDiagnostics(node.stack, run.locks, run.newest))
  if (run.lockFile) return out
  return out.map((d) => ({
    ...d,
    extra: {...d.extra, explanation: 'The stack directory has no .terraform.lock.hcl; "terraform stacks providers lock" writes one.'},
  }))
}

/** tfgraph's own warnings: files Terraform does not read, configuration files no component uses. */
function notes<A extends TreeAnalysis>(
  run: Run<A>,
  config: StackConfigNode,
  components: readonly StackComponentAnalysis<A>[],
): Diagnostic[] {
  const out: Diagnostic[] = []
  for (const node of nodesOf(config)) {
    const skipped = node.stack.skippedFiles
    const fileStart = (name: string): SourceRange => {
      const start = {line: 1, column: 1, byte: 0}
      return {filename: node.displayDir === '.' ? name : `${node.displayDir}/${name}`, start, end: start}
    }
    if (skipped.length > 0)
      out.push(
        atFile(
          fileStart(skipped[0]!),
          warningDiag(
            'stack.files-not-read',
            'Stack files not read',
            `${skipped.map((f) => (node.displayDir === '.' ? f : `${node.displayDir}/${f}`)).join(', ')}: Terraform 1.14 and later do not read .tfstack.hcl or .tfstack.json files (1.13 read them with the warning "Deprecated filename usage"). Rename them to .tfcomponent.hcl or .tfcomponent.json (a stack that runs Terraform 1.13 says so in its .terraform-version or its components' required_version).`,
          ),
        ),
      )
    const stackDir = node.stack.dir
    if (!hasConfigFiles(run.ctx, stackDir) || components.some((c) => c.dir === stackDir)) continue
    const files = run.ctx.files
      .list(stackDir)
      .filter((e) => e.kind === 'file' && !isIgnoredName(e.name) && configExtension(e.name, 'terraform'))
      .map((e) => (node.displayDir === '.' ? e.name : `${node.displayDir}/${e.name}`))
      .sort()
    const first = files[0]
    const note = warningDiag(
      'stack.unused-module-files',
      'Configuration files outside the stack',
      `${files.join(', ')}: a stack reads only its .tfcomponent.hcl files, and no component uses this directory as its source ("./"), so Terraform ignores these files.`,
    )
    out.push(first ? atFile({filename: first, start: {line: 1, column: 1, byte: 0}, end: {line: 1, column: 1, byte: 0}}, note) : note)
  }
  return out
}

/** tfgraph's own note, located at a file (its `extra.range`: the note is no Terraform diagnostic with a range). */
function atFile(at: SourceRange, d: Diagnostic): Diagnostic {
  return {...d, extra: {range: at}}
}

/** Diagnostics once each (components that share a module report its problems once). */
function unique(diags: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>()
  return diags.filter((d) => {
    const r = d.range ?? d.extra?.range
    const k = [d.code, d.severity, d.summary, d.detail, r?.filename, r?.start.byte, r?.end.byte].join('\0')
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
}
