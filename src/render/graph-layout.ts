// Node positions for `tfgraph graph --format html`, computed once when the page is written (never in the
// browser on open): ELK's layered layout (elkjs) for the modules and providers views (trees, nearly) up
// to ELK_MAX_NODES and resource graphs up to ELK_MAX_RESOURCES, ForceAtlas2 (graphology) from positions
// seeded per module beyond: on the largest corpus root (0-org-setup) ELK takes 2.8 s for the providers
// view's 740 nodes but 19.5 s for the resources view's 702 nodes and 3,064 edges, ForceAtlas2 0.9 s. Both are deterministic:
// the same graph gives the same coordinates (rounded to 0.1).
import {createRequire} from 'node:module'
import type {ExportGraph} from '../export/model.js'

const require = createRequire(import.meta.url)

export interface Layout {
  readonly engine: 'elk-layered' | 'forceatlas2' | 'none'
  /** By node id: [x, y]. */
  readonly positions: ReadonlyMap<string, readonly [number, number]>
}

export const ELK_MAX_NODES = 2000
export const ELK_MAX_RESOURCES = 250

const round = (v: number): number => Math.round(v * 10) / 10 || 0

function nodeBox(label: string): {width: number; height: number} {
  const lines = label.split('\n')
  return {width: Math.min(320, 20 + 7 * Math.max(...lines.map((l) => l.length))), height: 14 + 14 * lines.length}
}

async function elkLayout(g: ExportGraph): Promise<Layout> {
  // CommonJS packages: loaded with require, which gives their exports as their types describe
  const ELK = require('elkjs/lib/elk.bundled.js') as typeof import('elkjs/lib/elk.bundled.js').default
  const elk = new ELK()
  const ids = new Set(g.nodes.map((n) => n.id))
  const out = await elk.layout({
    id: '__root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': g.view === 'resources' ? 'LEFT' : 'RIGHT',
      'elk.layered.spacing.nodeNodeBetweenLayers': '60',
      'elk.spacing.nodeNode': '16',
      'elk.separateConnectedComponents': 'true',

      'elk.randomSeed': '1',
    },
    children: g.nodes.map((n) => ({id: n.id, ...nodeBox(n.label)})),
    edges: g.edges
      .filter((e) => ids.has(e.from) && ids.has(e.to) && e.from !== e.to)
      .map((e, i) => ({id: `e${i}`, sources: [e.from], targets: [e.to]})),
  })
  const positions = new Map<string, readonly [number, number]>()
  for (const c of out.children ?? []) positions.set(c.id, [round((c.x ?? 0) + (c.width ?? 0) / 2), round((c.y ?? 0) + (c.height ?? 0) / 2)])
  return {engine: 'elk-layered', positions}
}

async function forceLayout(g: ExportGraph): Promise<Layout> {
  const {MultiDirectedGraph} = await import('graphology')
  const forceAtlas2 = require('graphology-layout-forceatlas2') as typeof import('graphology-layout-forceatlas2').default
  const graph = new MultiDirectedGraph({allowSelfLoops: false})
  // seed: one point per module on a spiral (in drawing order), its nodes on a small circle around it
  const modules: string[] = []
  const members = new Map<string, string[]>()
  for (const n of g.nodes) {
    const list = members.get(n.module)
    if (list) list.push(n.id)
    else (modules.push(n.module), members.set(n.module, [n.id]))
  }
  modules.forEach((m, i) => {
    const angle = i * 2.399963
    const radius = 40 * Math.sqrt(i)
    const list = members.get(m) ?? []
    const r = 4 * Math.sqrt(list.length)
    list.forEach((id, j) => {
      const t = (2 * Math.PI * j) / list.length
      graph.addNode(id, {x: radius * Math.cos(angle) + r * Math.cos(t), y: radius * Math.sin(angle) + r * Math.sin(t)})
    })
  })
  for (const e of g.edges) if (graph.hasNode(e.from) && graph.hasNode(e.to) && e.from !== e.to) graph.addEdge(e.from, e.to)
  const settings = {...forceAtlas2.inferSettings(graph), barnesHutOptimize: graph.order > 2000, adjustSizes: false}
  forceAtlas2.assign(graph, {iterations: graph.order > 5000 ? 60 : 150, settings})
  const positions = new Map<string, readonly [number, number]>()
  graph.forEachNode((id: string, attr: Record<string, unknown>) =>
    positions.set(id, [round((attr['x'] as number) * 10), round((attr['y'] as number) * 10)]),
  )
  return {engine: 'forceatlas2', positions}
}

export async function layoutGraph(g: ExportGraph, opts: {readonly engine?: Layout['engine']} = {}): Promise<Layout> {
  if (g.nodes.length === 0) return {engine: 'none', positions: new Map()}
  const engine =
    opts.engine ?? (g.nodes.length <= (g.view === 'resources' ? ELK_MAX_RESOURCES : ELK_MAX_NODES) ? 'elk-layered' : 'forceatlas2')
  return engine === 'elk-layered' ? elkLayout(g) : forceLayout(g)
}
