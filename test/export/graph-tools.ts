// Real parsers for the graph formats: Graphviz (the real Graphviz code, compiled to WebAssembly by
// @viz-js/viz — the renderer `tfgraph graph --format svg` uses; no system package) and Mermaid's own
// flowchart parser (the `mermaid` package, with jsdom standing in for the browser it expects).
import {JSDOM} from 'jsdom'
import {loadSvgRenderer} from '../../src/render/graph-svg.js'

const graphviz = await loadSvgRenderer()

/** Renders DOT to SVG with Graphviz; throws with Graphviz's messages when it rejects the input or warns. */
export function dotToSvg(dot: string): string {
  return graphviz.toSvg(dot)
}

const dom = new JSDOM('<!doctype html><html><body></body></html>')

/** Text content of every <text> element of an SVG, entities decoded. */
export function svgTexts(svg: string): string[] {
  const doc = new dom.window.DOMParser().parseFromString(svg, 'image/svg+xml')
  if (doc.getElementsByTagName('parsererror').length > 0) throw new Error('Graphviz wrote SVG that is not well-formed XML')
  return [...doc.getElementsByTagName('text')].map((t) => t.textContent ?? '')
}

interface FlowDb {
  getVertices(): Map<string, {id: string; text?: string}>
  getEdges(): {start: string; end: string; text?: string}[]
  getSubGraphs(): {id: string; title: string; nodes: string[]}[]
}

export interface ParsedFlowchart {
  readonly type: string
  /** id → label, decoded (entity codes resolved, `<br>` as '\n'). */
  readonly vertices: ReadonlyMap<string, string>
  readonly edges: readonly {from: string; to: string; label: string}[]
  readonly subgraphs: readonly {id: string; title: string; nodes: readonly string[]}[]
}

type MermaidModule = typeof import('mermaid')
let mermaidModule: Promise<MermaidModule['default']> | undefined

function loadMermaid(): Promise<MermaidModule['default']> {
  if (!mermaidModule) {
    const g = globalThis as {window?: unknown; document?: unknown}
    g.window = dom.window
    g.document = dom.window.document
    mermaidModule = import('mermaid').then((m) => {
      // Mermaid refuses more than 500 edges by default (a render-time limit, not syntax); the corpus has more
      m.default.initialize({startOnLoad: false, maxEdges: 100_000})
      return m.default
    })
  }
  return mermaidModule
}

/** Mermaid's placeholders for entity codes (`#quot;` → `ﬂ°quot¶ß`) and HTML entities, resolved. */
function decodeMermaidText(s: string): string {
  const withEntities = s.replace(/ﬂ°°/g, '&#').replace(/ﬂ°/g, '&').replace(/¶ß/g, ';')
  const el = dom.window.document.createElement('textarea')
  return withEntities
    .split(/<br\s*\/?>/)
    .map((line) => {
      el.innerHTML = line
      return el.value
    })
    .join('\n')
}

/** Parses a flowchart with Mermaid's parser; throws Mermaid's parse error. */
export async function parseMermaid(text: string): Promise<ParsedFlowchart> {
  const mermaid = await loadMermaid()
  // getDiagramFromText runs the same parser as mermaid.parse (and throws its errors) and keeps the result
  const diagram = await mermaid.mermaidAPI.getDiagramFromText(text)
  const db = diagram.db as unknown as FlowDb
  return {
    type: diagram.type,
    vertices: new Map([...db.getVertices().values()].map((v) => [v.id, decodeMermaidText(v.text ?? v.id)])),
    edges: db.getEdges().map((e) => ({from: e.start, to: e.end, label: decodeMermaidText(e.text ?? '')})),
    subgraphs: db.getSubGraphs().map((s) => ({id: s.id, title: decodeMermaidText(s.title), nodes: s.nodes})),
  }
}
