// What `tfgraph graph --format html` shows beside the export model: per node, the facts its side panel
// needs (a resource's provider configuration and full resolution chain, as `providers --resource` prints
// it; a module's source, version, providers map and counts; a provider configuration's arguments as
// written and its users), and per diagnostic the nodes it concerns. Read off the analysis; plain data.
import {ModulePath} from '../addrs/module.js'
import {providerString} from '../addrs/provider.js'
import type {ComponentAddr} from '../addrs/stack.js'
import {formatRange, type Diagnostic} from '../diag/diagnostic.js'
import {renameFiles, rootRelative} from '../diag/file-names.js'
import type {ProvidersAnalysis} from '../providers/analyze.js'
import {providersDocument} from '../providers/analyze.js'
import {providerConfigArguments} from '../providers/tree/config-arguments.js'
import {componentModuleNames, stepText} from '../providers/tree/step-text.js'
import type {ModuleNode} from '../crawl/crawl.js'
import type {ResourceBinding} from '../providers/tree/resolve.js'
import type {StackComponentAnalysis} from '../providers/stacks/stack-analyze.js'
import {stackTarget} from '../providers/stacks/stack-document.js'
import type {ExportGraph, GraphNode} from './model.js'

export interface ResourceDetails {
  readonly kind: 'resource'
  readonly provider: string
  readonly provider_config: string | null
  readonly reference: string
  readonly instance_key: string | null
  /** The resolution steps, in order (the text `providers --resource` numbers). */
  readonly chain: readonly string[]
  /** `file:line,col-col` relative to the root directory. */
  readonly range: string
}

export interface ModuleDetails {
  readonly kind: 'module'
  readonly source: string | null
  readonly version: string | null
  readonly dir: string | null
  /** The `providers` map entries of the call, as written (`aws.dst = aws.east`). */
  readonly providers: readonly string[]
  readonly resources: number
  readonly calls: number
  readonly range: string | null
}

export interface ProviderConfigDetails {
  readonly kind: 'provider-config'
  readonly provider: string
  /** Arguments as written: `[name, expression text]` (nested blocks flattened, `assume_role.role_arn`). */
  readonly arguments: readonly (readonly [string, string])[]
  /** Resources using it (addresses). */
  readonly resources: readonly string[]
  /** Modules that receive it, by a `providers` entry or inheritance. */
  readonly modules: readonly string[]
  readonly range: string | null
}

export type NodeDetails = ResourceDetails | ModuleDetails | ProviderConfigDetails

export interface HtmlDiagnostic {
  readonly severity: string
  readonly summary: string
  readonly detail: string
  readonly range: string | null
  /** Ids of graph nodes the diagnostic concerns (its module, addresses it names). */
  readonly nodes: readonly string[]
}

export interface HtmlData {
  /** By node id; nodes without extra facts (resource groups) are absent. */
  readonly details: Readonly<Record<string, NodeDetails>>
  /** The provider configuration each node is coloured by (resources, provider configurations). */
  readonly colorKey: Readonly<Record<string, string>>
  readonly diagnostics: readonly HtmlDiagnostic[]
}

function moduleAddressOf(n: GraphNode): string | undefined {
  return n.kind === 'module' ? n.address : undefined
}

/** The facts the HTML page embeds for the nodes of `g` (already sliced). */
export function htmlData(a: ProvidersAnalysis, g: ExportGraph): HtmlData {
  // the model names files by their absolute paths; the page names them from the analysed root (a stack's directory)
  return renameFiles(a.stack ? stackHtmlData(a, g) : modelHtmlData(a, g), rootRelative(a.tree.rootDir))
}

/** The page's facts, files named as the model names them. */
function modelHtmlData(a: ProvidersAnalysis, g: ExportGraph): HtmlData {
  const bindings = new Map(a.resolution.resources.map((r) => [r.address.key, r]))
  const configs = new Map(a.resolution.configs.map((c) => [c.address.key, c]))
  const modules = new Map(a.tree.nodes.map((m) => [m.addr.key, m]))
  // a configuration's arguments, read from the JSON document of `providers --json` (made the first time one is asked)
  let args: Map<string, Readonly<Record<string, {text: string}>>> | undefined
  const argsOf = (address: string): readonly (readonly [string, string])[] => {
    args ??= providerConfigArguments(a.tree, providersDocument(a, '.'))
    return Object.entries(args.get(address) ?? {}).map(([k, v]) => [k, v.text] as const)
  }
  const usersByConfig = new Map<string, string[]>()
  for (const r of a.resolution.resources)
    if (r.providerConfig) usersByConfig.set(r.providerConfig.key, [...(usersByConfig.get(r.providerConfig.key) ?? []), r.address.key])
  const modulesByConfig = new Map<string, Set<string>>()
  for (const p of a.resolution.passes)
    modulesByConfig.set(p.parentAddress.key, (modulesByConfig.get(p.parentAddress.key) ?? new Set()).add(p.to.key))
  for (const r of a.resolution.resources)
    if (r.providerConfig && !r.module.isRoot)
      modulesByConfig.set(r.providerConfig.key, (modulesByConfig.get(r.providerConfig.key) ?? new Set()).add(r.module.key))
  const resourceCount = new Map<string, number>()
  for (const r of a.resolution.resources) resourceCount.set(r.module.key, (resourceCount.get(r.module.key) ?? 0) + 1)
  const callCount = new Map<string, number>()
  for (const m of a.tree.nodes)
    if (!m.addr.isRoot) {
      const parent = ModulePath.of(m.path.slice(0, -1)).toString()
      callCount.set(parent, (callCount.get(parent) ?? 0) + 1)
    }

  const details: Record<string, NodeDetails> = {}
  const colorKey: Record<string, string> = {}
  for (const n of g.nodes) {
    if (n.kind === 'resource') {
      const b = bindings.get(n.address)
      if (!b) continue
      details[n.id] = {
        kind: 'resource',
        provider: b.provider,
        provider_config: b.providerConfig?.key ?? null,
        reference: b.reference,
        instance_key: b.instanceKey ?? null,
        chain: b.resolution.map((s) => stepText(s, a.tree.engine)),
        range: formatRange(b.range),
      }
      if (b.providerConfig) colorKey[n.id] = b.providerConfig.key
    } else if (n.kind === 'provider-config') {
      const c = configs.get(n.address)
      colorKey[n.id] = n.address
      details[n.id] = {
        kind: 'provider-config',
        provider: c ? providerString(c.provider) : String(n.attributes['provider'] ?? ''),
        arguments: c ? argsOf(c.address.key) : [],
        resources: usersByConfig.get(n.address) ?? [],
        modules: [...(modulesByConfig.get(n.address) ?? [])].sort(),
        range: c?.range ? formatRange(c.range) : null,
      }
    } else {
      const address = moduleAddressOf(n)
      const m = address === undefined ? undefined : modules.get(address)
      if (!m || address === undefined) continue
      details[n.id] = {
        kind: 'module',
        source: m.sourceText ?? null,
        version: m.version ?? null,
        dir: m.displayDir ?? null,
        providers: a.resolution.passes.filter((p) => p.to.key === address).map((p) => `${p.key} = ${p.value}`),
        resources: resourceCount.get(address) ?? 0,
        calls: callCount.get(address) ?? 0,
        range: m.call ? formatRange(m.call.declRange) : null,
      }
    }
  }

  // a diagnostic's nodes: its module's node, and every node whose address it names
  const byAddress = new Map<string, string>()
  for (const n of g.nodes) if (n.address !== '') byAddress.set(n.address, n.id)
  const moduleNode = new Map(g.nodes.filter((n) => n.kind === 'module').map((n) => [n.address, n.id]))
  const addressLike = /(?:module\.[\w-]+\.)*(?:(?:data|ephemeral)\.)?[A-Za-z_][\w-]*\.[A-Za-z_][\w-]*|provider\["[^"]+"\](?:\.[\w-]+)?/g
  const diagnostics = g.diagnostics.map((d: Diagnostic) => {
    const nodes = new Set<string>()
    const mod = a.diagnosticModules.get(d)?.key
    if (mod !== undefined && moduleNode.has(mod)) nodes.add(moduleNode.get(mod)!)
    for (const m of `${d.summary} ${d.detail}`.matchAll(addressLike)) {
      const id = byAddress.get(m[0])
      if (id !== undefined) nodes.add(id)
    }
    return {severity: d.severity, summary: d.summary, detail: d.detail, range: d.range ? formatRange(d.range) : null, nodes: [...nodes]}
  })
  return {details, colorKey, diagnostics}
}

/** The facts of a stack's graph: its components' resources (chains named from the stack), components and provider configurations. */
function stackHtmlData(a: ProvidersAnalysis, g: ExportGraph): HtmlData {
  const s = a.stack!
  const resources = new Map<string, {component: ComponentAddr; binding: ResourceBinding}>()
  const modules = new Map<string, {component: StackComponentAnalysis<ProvidersAnalysis>; node?: ModuleNode}>()
  for (const c of s.components) {
    modules.set(c.address.key, {component: c})
    for (const m of c.analysis?.tree.nodes ?? []) if (!m.addr.isRoot) modules.set(`${c.address.key}.${m.addr.key}`, {component: c, node: m})
    for (const r of c.analysis?.resolution.resources ?? [])
      resources.set(`${c.address.key}.${r.address.key}`, {component: c.address, binding: r})
  }
  const details: Record<string, NodeDetails> = {}
  const colorKey: Record<string, string> = {}
  for (const n of g.nodes) {
    if (n.kind === 'resource') {
      const r = resources.get(n.address)
      if (!r) continue
      const target = stackTarget(r.binding).config?.key ?? null
      details[n.id] = {
        kind: 'resource',
        provider: r.binding.provider,
        provider_config: target,
        reference: r.binding.reference,
        instance_key: r.binding.instanceKey ?? null,
        chain: r.binding.resolution.map((x) => stepText(x, 'terraform', componentModuleNames(r.component))),
        range: formatRange(r.binding.range),
      }
      if (target) colorKey[n.id] = target
    } else if (n.kind === 'provider-config') {
      const p = s.providerConfigs.find((x) => x.address.key === n.address)
      if (!p) continue
      colorKey[n.id] = n.address
      const users = [...resources].filter(([, r]) => stackTarget(r.binding).config?.key === n.address).map(([address]) => address)
      const block = s.config.stack.providerConfigs.get(`${p.localName}.${p.name}`)?.config
      details[n.id] = {
        kind: 'provider-config',
        provider: p.provider ?? '',
        arguments: (block?.body.attributes ?? []).map((x) => [x.name, x.expr] as const),
        resources: users,
        modules: s.components.filter((c) => c.providers.some((b) => b.config?.key === n.address)).map((c) => c.address.key),
        range: formatRange(p.range),
      }
    } else {
      const m = modules.get(n.address)
      if (!m) continue
      const c = m.component
      const own = m.node
      details[n.id] = {
        kind: 'module',
        source: own ? (own.sourceText ?? null) : c.source.text,
        version: own ? (own.version ?? null) : (c.source.version ?? null),
        dir: own ? (own.displayDir ?? null) : (c.displayDir ?? null),
        providers: own
          ? (c.analysis?.resolution.passes ?? []).filter((x) => x.to.key === own.addr.key).map((x) => `${x.key} = ${x.value}`)
          : c.providers.map((b) => `${b.slot} = ${b.value ?? 'NOT GIVEN'}`),
        resources: [...resources.values()].filter((r) => r.component.equals(c.address) && r.binding.module.key === (own?.addr.key ?? ''))
          .length,
        calls: (own ? own.children : (c.analysis?.tree.root.children ?? [])).length,
        range: formatRange(own?.call?.declRange ?? c.declRange),
      }
    }
  }
  const diagnostics = g.diagnostics.map((d: Diagnostic) => {
    const place = s.diagnosticAddresses.get(d)
    const address = place?.key
    const node = address === undefined ? undefined : g.nodes.find((n) => n.address === address)
    return {
      severity: d.severity,
      summary: d.summary,
      detail: d.detail,
      range: d.range ? formatRange(d.range) : null,
      nodes: node ? [node.id] : [],
    }
  })
  return {details, colorKey, diagnostics}
}
