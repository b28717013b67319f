// The neutral, serialisable model every `tfgraph graph` view is built into: nodes, edges and clusters
// with plain attributes. Builders (one per view) produce it from the analysis, slicing functions
// narrow it, renderers (src/render/graph-*.ts) print it. Nothing here knows DOT or Mermaid.
import type {Diagnostic} from '../diag/diagnostic.js'

export const GRAPH_VIEWS = ['modules', 'providers', 'resources'] as const
export type GraphView = (typeof GRAPH_VIEWS)[number]

export type GraphNodeKind = 'module' | 'provider-config' | 'resource' | 'resource-group'

/** What a renderer marks visually; data, never presentation. */
export type GraphMark =
  /** The root module. */
  | 'root'
  /** A module call with `count` or `for_each`. */
  | 'multi-instance'
  /** A module call whose directory could not be found or read. */
  | 'unresolved'
  /** A module with its own non-empty provider blocks, or a provider block inside one. */
  | 'legacy'
  /** A module directory called from more than one place. */
  | 'shared-dir'
  /** An empty default provider configuration Terraform creates in the root module. */
  | 'implied'
  /** A provider configuration with an alias. */
  | 'aliased'
  | 'data'
  | 'ephemeral'
  /** A resource for which no provider configuration was found. */
  | 'no-provider'
  /** `graph --state`: a provider configuration only the state names (the configuration removed it). */
  | 'state-only'
  /** `graph --state`: objects of the state the configuration no longer declares. */
  | 'orphan'

export type GraphEdgeKind =
  /** Module → module call. */
  | 'calls'
  /** Provider configuration → the module that declares it (or, implied, the root). */
  | 'provides'
  /** Calling module → called module: an entry of the call's `providers` map. */
  | 'passes'
  /** Module → module: default configurations inherited by a child without a `providers` entry. */
  | 'inherits'
  /** Module → resource (or resource group) using a configuration the module has. */
  | 'uses'
  /** Dependent → dependency (resources view). */
  | 'depends-on'

export type AttributeValue = string | number | boolean | null | readonly string[]

export interface GraphNode {
  /** Unique and stable within the graph; a Terraform address where one exists. */
  readonly id: string
  readonly kind: GraphNodeKind
  /** Terraform address ('' for the root module). */
  readonly address: string
  /** The module the node belongs to ('' root); a module node belongs to itself. */
  readonly module: string
  /** Display text; '\n' separates lines. User text in it has control characters made visible. */
  readonly label: string
  /** Id of the cluster the node is drawn in, or null. */
  readonly cluster: string | null
  readonly marks: readonly GraphMark[]
  readonly attributes: Readonly<Record<string, AttributeValue>>
}

export interface GraphEdge {
  readonly from: string
  readonly to: string
  readonly kind: GraphEdgeKind
  readonly label: string | null
  readonly attributes: Readonly<Record<string, AttributeValue>>
}

export interface GraphCluster {
  readonly id: string
  readonly label: string
  /** The module address the cluster stands for. */
  readonly module: string
}

export interface ExportGraph {
  readonly view: GraphView
  readonly engine: string
  /**
   * Terraform's resource-only graph (resources view, not collapsed): node ids are configuration
   * addresses and labels module-local addresses, so renderers can print `terraform graph`'s own form.
   */
  readonly terraformResources: boolean
  readonly collapsed: boolean
  /** In drawing order (deterministic). */
  readonly nodes: readonly GraphNode[]
  readonly edges: readonly GraphEdge[]
  readonly clusters: readonly GraphCluster[]
  readonly diagnostics: readonly Diagnostic[]
}

/** A module-level view of an analysis (modules, providers): no Terraform resources, nothing collapsed, no clusters. */
export function analysisView(
  view: GraphView,
  a: {readonly tree: {readonly engine: string}; readonly diagnostics: readonly Diagnostic[]},
  nodes: readonly GraphNode[],
  edges: readonly GraphEdge[],
): ExportGraph {
  return {view, engine: a.tree.engine, terraformResources: false, collapsed: false, nodes, edges, clusters: [], diagnostics: a.diagnostics}
}
