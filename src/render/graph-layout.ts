// Node positions for `tfgraph graph --format html`. Resource graphs up to ELK_MAX_RESOURCES nodes are laid
// out when the page is written, by ELK's layered layout (elkjs), dependents to the right of what they
// depend on, each node's box as wide as its circle and label (graph-page-geometry.ts). Every other graph —
// the modules and providers views, which are the module tree with what hangs off it, and larger resource
// graphs (ELK takes 19.5 s for 0-org-setup's 702 resources and 3,064 edges) — is laid out by the viewer
// itself as a module tree (viewer/layout.ts), for whichever modules are expanded: the page carries no
// positions for them ('tree'). Deterministic: the same graph gives the same coordinates (rounded to 0.1).
import {createRequire} from 'node:module'
import type {ExportGraph} from '../export/model.js'
import {nodeBoxWidth, PAGE_GEOMETRY} from './graph-page-geometry.js'
import {pageLabel} from './graph-page-label.js'

const require = createRequire(import.meta.url)

export interface Layout {
  readonly engine: 'elk-layered' | 'tree' | 'none'
  /** By node id: [x, y] of the node's circle (y downwards). Empty for 'tree': the viewer lays it out. */
  readonly positions: ReadonlyMap<string, readonly [number, number]>
}

export const ELK_MAX_RESOURCES = 250

const round = (v: number): number => Math.round(v * 10) / 10 || 0

async function elkLayout(g: ExportGraph): Promise<Layout> {
  // CommonJS packages: loaded with require, which gives their exports as their types describe
  const ELK = require('elkjs/lib/elk.bundled.js') as typeof import('elkjs/lib/elk.bundled.js').default
  const elk = new ELK()
  const ids = new Set(g.nodes.map((n) => n.id))
  const out = await elk.layout({
    id: '__root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'LEFT',
      'elk.layered.spacing.nodeNodeBetweenLayers': String(PAGE_GEOMETRY.gapX),
      'elk.spacing.nodeNode': String(PAGE_GEOMETRY.gapY),
      'elk.separateConnectedComponents': 'true',
      'elk.randomSeed': '1',
    },
    children: g.nodes.map((n) => ({
      id: n.id,
      width: nodeBoxWidth(n.kind, [...pageLabel(n)].length * PAGE_GEOMETRY.charWidth),
      height: PAGE_GEOMETRY.row,
    })),
    edges: g.edges
      .filter((e) => ids.has(e.from) && ids.has(e.to) && e.from !== e.to)
      .map((e, i) => ({id: `e${i}`, sources: [e.from], targets: [e.to]})),
  })
  const kinds = new Map(g.nodes.map((n) => [n.id, n.kind]))
  const positions = new Map<string, readonly [number, number]>()
  for (const c of out.children ?? []) {
    // the circle at the left of the box, its label to the right, inside the box
    const r = PAGE_GEOMETRY.radius[kinds.get(c.id) ?? 'resource']
    positions.set(c.id, [round((c.x ?? 0) + PAGE_GEOMETRY.labelGap + r), round((c.y ?? 0) + PAGE_GEOMETRY.row / 2)])
  }
  return {engine: 'elk-layered', positions}
}

export async function layoutGraph(g: ExportGraph): Promise<Layout> {
  if (g.nodes.length === 0) return {engine: 'none', positions: new Map()}
  return g.view === 'resources' && g.nodes.length <= ELK_MAX_RESOURCES ? elkLayout(g) : {engine: 'tree', positions: new Map()}
}
