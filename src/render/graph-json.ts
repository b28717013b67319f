// `tfgraph graph --format json`: the export model as a versioned document (format_version "1"):
// every node and edge with all its attributes, the clusters and the diagnostics.
import {withoutCode, type DiagnosticJson} from '../diag/diagnostic.js'
import type {AttributeValue, ExportGraph, GraphEdgeKind, GraphMark, GraphNodeKind, GraphView} from '../export/model.js'

export interface GraphDocument {
  readonly format_version: '1'
  readonly view: GraphView
  readonly engine: string
  readonly root: string
  readonly collapsed: boolean
  readonly nodes: readonly {
    id: string
    kind: GraphNodeKind
    address: string
    module: string
    label: string
    cluster: string | null
    marks: readonly GraphMark[]
    attributes: Readonly<Record<string, AttributeValue>>
  }[]
  readonly edges: readonly {
    from: string
    to: string
    kind: GraphEdgeKind
    label: string | null
    attributes: Readonly<Record<string, AttributeValue>>
  }[]
  readonly clusters: readonly {id: string; label: string; module: string}[]
  readonly diagnostics: readonly DiagnosticJson[]
}

export interface GraphRenderOptions {
  /** The root directory as the user gave it (JSON `root`). */
  readonly root?: string
}

export function graphDocument(g: ExportGraph, opts: GraphRenderOptions = {}): GraphDocument {
  return {
    format_version: '1',
    view: g.view,
    engine: g.engine,
    root: opts.root ?? '.',
    collapsed: g.collapsed,
    nodes: g.nodes.map((n) => ({
      id: n.id,
      kind: n.kind,
      address: n.address,
      module: n.module,
      label: n.label,
      cluster: n.cluster,
      marks: n.marks,
      attributes: n.attributes,
    })),
    edges: g.edges.map((e) => ({from: e.from, to: e.to, kind: e.kind, label: e.label, attributes: e.attributes})),
    clusters: g.clusters.map((c) => ({id: c.id, label: c.label, module: c.module})),
    diagnostics: g.diagnostics.map(withoutCode),
  }
}

export function renderGraphJson(g: ExportGraph, opts: GraphRenderOptions = {}): string {
  return JSON.stringify(graphDocument(g, opts), null, 2) + '\n'
}
