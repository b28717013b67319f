// `tfgraph providers`: crawl the module tree, resolve every resource's provider configuration, build
// the graph, collect requirements. Returns data only; renderers turn it into text or JSON.
import {sortDiagnostics, type Diagnostic, type SourceRange} from '../diag/diagnostic.js'
import {buildGraph, type ModuleGraph} from '../graph/build-graph.js'
import {crawl, type CrawlOptions, type ModuleTree} from '../graph/crawl.js'
import {moduleRequirements, type ModuleRequirement} from './requirements.js'
import {resolveProviders, type Resolution} from './resolve.js'
import {validateProviderConfigs} from './validate.js'

export interface ProvidersAnalysis {
  readonly tree: ModuleTree
  readonly resolution: Resolution
  readonly graph: ModuleGraph
  readonly requirements: readonly ModuleRequirement[]
  readonly diagnostics: readonly Diagnostic[]
  readonly incomplete: boolean
}

export async function analyzeProviders(dir: string, opts: CrawlOptions = {}): Promise<ProvidersAnalysis> {
  const tree = await crawl(dir, opts)
  const resolution = resolveProviders(tree)
  const graph = buildGraph(tree, resolution)
  const requirements = tree.nodes.flatMap((n) => moduleRequirements(n, tree.engine))
  return {tree, resolution, graph, requirements, diagnostics: sortDiagnostics([...tree.diagnostics, ...validateProviderConfigs(tree), ...resolution.diagnostics]), incomplete: tree.incomplete}
}

export interface ProvidersDocument {
  readonly format_version: '1'
  readonly engine: string
  readonly root: string
  readonly modules: readonly {
    path: string
    source: string | null
    version: string | null
    dir: string | null
    resolved: boolean
    unresolved_reason?: string
    count: boolean
    for_each: boolean
    depends_on: boolean
    range: SourceRange | null
  }[]
  readonly provider_configs: readonly {
    address: string
    module: string
    local_name: string
    alias: string | null
    provider: string
    implied: boolean
    legacy: boolean
    range: SourceRange | null
  }[]
  readonly provider_passes: readonly {from: string; to: string; key: string; value: string; child_address: string; parent_address: string}[]
  readonly resources: readonly {
    address: string
    module: string
    mode: string
    type: string
    name: string
    provider: string
    provider_config: string | null
    instance_key?: string
    resolution: readonly {kind: string; module: string; text: string; range?: SourceRange}[]
    range: SourceRange
  }[]
  readonly requirements: readonly {module: string; provider: string; canonical: string; constraints: readonly {constraint: string; range: SourceRange | null}[]}[]
  readonly diagnostics: readonly Diagnostic[]
}

export function providersDocument(a: ProvidersAnalysis, rootArg: string): ProvidersDocument {
  return {
    format_version: '1',
    engine: a.tree.engine,
    root: rootArg,
    modules: a.tree.nodes.map((n) => ({
      path: n.address,
      source: n.sourceText ?? null,
      version: n.version ?? null,
      dir: n.displayDir ?? null,
      resolved: n.resolved,
      ...(n.unresolvedReason ? {unresolved_reason: n.unresolvedReason} : {}),
      count: n.count,
      for_each: n.forEach,
      depends_on: n.dependsOn,
      range: n.call?.declRange ?? null,
    })),
    provider_configs: a.resolution.configs.map((c) => ({
      address: c.address,
      module: c.module,
      local_name: c.localName,
      alias: c.alias ?? null,
      provider: c.provider,
      implied: c.implied,
      legacy: c.legacy,
      range: c.range ?? null,
    })),
    provider_passes: a.resolution.passes.map((p) => ({from: p.from, to: p.to, key: p.key, value: p.value, child_address: p.childAddress, parent_address: p.parentAddress})),
    resources: a.resolution.resources.map((r) => ({
      address: r.address,
      module: r.module,
      mode: r.mode,
      type: r.type,
      name: r.name,
      provider: r.provider,
      provider_config: r.providerConfig ?? null,
      ...(r.instanceKey !== undefined ? {instance_key: r.instanceKey} : {}),
      resolution: r.resolution.map((s) => ({kind: s.kind, module: s.module, text: s.text, ...(s.range ? {range: s.range} : {})})),
      range: r.range,
    })),
    requirements: a.requirements.map((q) => ({module: q.module, provider: q.provider, canonical: q.canonical, constraints: q.constraints.map((c) => ({constraint: c.constraint, range: c.range ?? null}))})),
    diagnostics: a.diagnostics,
  }
}
