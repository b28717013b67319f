// The graph renderers, one per --format, registered in one map: pure functions (graph, options) → text.
import type {ExportGraph} from '../export/model.js'
import {renderGraphDot} from './graph-dot.js'
import {renderGraphJson, type GraphRenderOptions} from './graph-json.js'
import {renderGraphMermaid} from './graph-mermaid.js'

export const GRAPH_FORMATS = ['dot', 'mermaid', 'json'] as const
export type GraphFormat = (typeof GRAPH_FORMATS)[number]

export const GRAPH_RENDERERS = {
  dot: (g) => renderGraphDot(g),
  mermaid: (g) => renderGraphMermaid(g),
  json: (g, opts) => renderGraphJson(g, opts),
} satisfies Record<GraphFormat, (g: ExportGraph, opts: GraphRenderOptions) => string>

export function renderGraph(g: ExportGraph, format: GraphFormat, opts: GraphRenderOptions = {}): string {
  return GRAPH_RENDERERS[format](g, opts)
}
