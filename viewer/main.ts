// The browser side of `tfgraph graph --format html`, bundled by scripts/bundle-viewer.mjs (esbuild) into
// dist/viewer/viewer.js and inlined into every page. Reads the page's data from
// <script id="tfgraph-data" type="application/json">, draws it with sigma.js (WebGL), and builds every
// other element with textContent: names from the configuration are data here, never markup.
//
// Layout: resource graphs the page was written with positions for (ELK) are drawn there; everything else
// is laid out here as the module tree (layout.ts) of what is expanded, again after every collapse, expand
// or focus. A graph of more than OPEN_EXPANDED_MAX nodes opens with its modules collapsed (as many
// expanded, breadth first, as keep the drawing within OPEN_BUDGET nodes); a click on a collapsed module,
// or Enter on it in the outline, expands it. Labels are drawn at the scale of the drawing, beside their
// node, and the camera fits the drawing with its labels.
import Graph from 'graphology'
import Sigma from 'sigma'
import type {CameraState} from 'sigma/types'
import {nodeBoxWidth, PAGE_GEOMETRY as G, type PageNodeKind} from '../src/render/graph-page-geometry.js'
import {layoutTree, type Block, type LeafBlock, type Rect} from './layout.js'

interface PageNode {
  id: string
  kind: PageNodeKind
  address: string
  module: string
  label: string
  name: string
  marks: string[]
  x: number
  y: number
  color: string | null
  attributes: Record<string, unknown>
}
interface PageEdge {
  s: number
  t: number
  kind: string
  label: string | null
}
type Details =
  | {
      kind: 'resource'
      provider: string
      provider_config: string | null
      reference: string
      instance_key: string | null
      chain: string[]
      range: string
    }
  | {
      kind: 'module'
      source: string | null
      version: string | null
      dir: string | null
      providers: string[]
      resources: number
      calls: number
      range: string | null
    }
  | {kind: 'provider-config'; provider: string; arguments: [string, string][]; resources: string[]; modules: string[]; range: string | null}
interface PageDiagnostic {
  severity: string
  summary: string
  detail: string
  range: string | null
  nodes: string[]
}
interface PageData {
  view: string
  engine: string
  root: string
  layout: string
  nodes: PageNode[]
  edges: PageEdge[]
  details: Record<string, Details>
  diagnostics: PageDiagnostic[]
}

/** A graph of more nodes than this opens with its modules collapsed (see also OPEN_FONT). */
const OPEN_EXPANDED_MAX = 300
/**
 * A collapsed opening expands modules, breadth first, while it shows at most OPEN_BUDGET nodes and their
 * labels can be OPEN_FONT pixels high when the drawing fits the canvas (the root's own nodes always show).
 * A smaller graph whose labels would be too small to read at that size opens collapsed too.
 */
const OPEN_BUDGET = 150
const OPEN_FONT = 11
/** Above this many nodes or edges on screen, edges and labels are hidden while the camera moves. */
const MOVING_NODES = 400
const MOVING_EDGES = 800
/** Labels smaller than this (pixels) are not drawn; hovering a node still shows its label. */
const MIN_FONT = 5
/** The largest scale the camera fits a drawing at (pixels per layout unit): labels at most 15 px. */
const MAX_FIT_SCALE = 1.25
/** The scale the camera moves to when it goes to a node too small to read. */
const READ_SCALE = 1
/**
 * Showing a part of the drawing whole makes its labels at least this large (pixels), or it shows its top
 * left corner at this size; the layout wraps long lists so that a part is never wider than the canvas at it.
 */
const READABLE_FONT = 11
/**
 * A module whose nodes shown alone (resources, provider configurations, collapsed modules) are more than
 * this many has them grouped by kind and type, one node per group (`azurerm_* resources (312)`,
 * `modules (40)`); a click on a group shows its nodes.
 */
const FAN_MAX = 30
/**
 * A module showing more nodes alone than this (a fan opened: `modules (355)`) has them in a grid about as
 * wide as it is tall, not in columns as narrow as the canvas; the edges from the module to each of them
 * are not drawn (the grid beside it says what it holds).
 */
const GRID_MIN = 60
const FONT = 'system-ui, -apple-system, "Segoe UI", sans-serif'

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T
function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, cls?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag)
  if (text !== undefined) e.textContent = text
  if (cls) e.className = cls
  return e
}
const plural = (n: number, one: string, many = one + 's'): string => `${n.toLocaleString('en')} ${n === 1 ? one : many}`

performance.mark('tfgraph-start')
const data = JSON.parse($('tfgraph-data').textContent ?? '{}') as PageData
const nodes = data.nodes
const treeMode = data.layout === 'tree'

// ---- colours: one per provider configuration, from a palette per theme ----
// (no red: red marks what is missing — a module not installed, a resource without a configuration)
const LIGHT = ['#1f77b4', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2', '#bcbd22', '#7f7f7f', '#393b79', '#637939']
const DARK = ['#6fb1ff', '#6fd66f', '#c9a6ff', '#ffb347', '#5fe0f0', '#d2a07e', '#ff9fdc', '#e0e060', '#b8b8b8', '#9ea6ff', '#b6d36a']
const dark = window.matchMedia('(prefers-color-scheme: dark)')
const colorKeys = [...new Set(nodes.map((n) => n.color).filter((c): c is string => c !== null))].sort()
// the theme's colours, read once (getComputedStyle in a reducer would run for every node of every frame)
const theme = {fg: '', bg: '', muted: '', line: '', edge: '', accent: '', error: '', warning: ''}
function readTheme(): void {
  const style = getComputedStyle(document.documentElement)
  for (const k of Object.keys(theme) as (keyof typeof theme)[]) theme[k] = style.getPropertyValue(`--${k}`).trim()
}
readTheme()
const palette = (): string[] => (dark.matches ? DARK : LIGHT)

// ---- the module tree: every node hangs under a module (a module node under its caller) ----
// (a Terraform Stacks graph: `component.a` and `stack.s` hang under the stack as modules do)
const parentOf = (m: string): string => m.replace(/\.?(?:module|component|stack)\.[^.]+$/, '')
interface Group {
  readonly address: string
  readonly parent: string | null
  /** The node standing for the module: its module node, or (resources view) one made here; null for a root without one. */
  node: string | null
  /** Its own nodes other than modules, in the page's order. */
  readonly leaves: string[]
  /** The modules it calls. */
  readonly children: string[]
  /** Nodes inside it, at any depth (not its own node). */
  size: number
}
/** A drawn node: one of the page's nodes, or a module node made here for a module the view has none for. */
interface Item {
  readonly id: string
  readonly kind: PageNodeKind
  readonly address: string
  readonly name: string
  /** The module it hangs under (null: the root module's own node). */
  readonly group: string | null
  /** For a module's node: the module. */
  readonly stands: string | null
  readonly page: PageNode | null
}
const groups = new Map<string, Group>()
function groupOf(m: string): Group {
  let g = groups.get(m)
  if (!g) {
    const parent = m === '' ? null : parentOf(m)
    g = {address: m, parent, node: null, leaves: [], children: [], size: 0}
    groups.set(m, g)
    if (parent !== null) groupOf(parent).children.push(m)
  }
  return g
}
const items = new Map<string, Item>()
for (const n of nodes) {
  if (n.kind === 'module') {
    groupOf(n.address).node = n.id
    const parent = n.address === '' ? null : parentOf(n.address)
    if (parent !== null) groupOf(parent)
    items.set(n.id, {id: n.id, kind: n.kind, address: n.address, name: n.name, group: parent, stands: n.address, page: n})
  } else {
    groupOf(n.module).leaves.push(n.id)
    items.set(n.id, {id: n.id, kind: n.kind, address: n.address, name: n.name, group: n.module, stands: null, page: n})
  }
}
// module.m2 before module.m10 (the same order in the drawing and the outline)
const byName = new Intl.Collator('en', {numeric: true}).compare
for (const g of groups.values()) g.children.sort(byName)
const made = new Set<string>()
if (treeMode)
  for (const g of groups.values())
    if (g.node === null && g.address !== '') {
      const id = `module:${g.address}`
      g.node = id
      made.add(id)
      const name = g.address.split('.').slice(-2).join('.')
      items.set(id, {id, kind: 'module', address: g.address, name, group: g.parent, stands: g.address, page: null})
    }
function sizeOf(m: string): number {
  const g = groups.get(m)!
  g.size = g.leaves.length + g.children.reduce((n, c) => n + (groups.get(c)!.node !== null ? 1 : 0) + sizeOf(c), 0)
  return g.size
}
sizeOf('')

// ---- fans: a module's many lone nodes, grouped by kind and type (FAN_MAX) ----
interface Fan {
  readonly id: string
  /** The module whose nodes it groups. */
  readonly module: string
  /** `azurerm_* resources`, `modules`, … (the count is added when drawn). */
  readonly title: string
}
const fans = new Map<string, Fan>()
const fanOf = new Map<string, string>()
const fansOfModule = new Map<string, string[]>()
/** Fans whose nodes are shown one by one. */
const fanOpen = new Set<string>()
/**
 * Nodes shown on their own though their fan is closed: the path to the node a search or the outline
 * selected (its fan stays one node, one fewer in its count; the drawing does not grow by the whole fan).
 */
const pinned = new Set<string>()
/** How many nodes each shown fan stands for now. */
let fanCounts = new Map<string, number>()
function fanKey(it: Item): [key: string, title: string] {
  if (it.kind === 'module') return ['modules', 'modules']
  if (it.kind === 'provider-config') return ['configs', 'provider configurations']
  if (it.kind === 'resource-group') return ['groups', 'resource groups']
  const a = it.page?.attributes ?? {}
  const type = typeof a['type'] === 'string' ? a['type'] : it.name.replace(/^(data|ephemeral)\./, '').split('.')[0]!
  const prefix = type.split('_')[0] || type
  const mode = typeof a['mode'] === 'string' ? a['mode'] : 'managed'
  return mode === 'managed' ? [`r:${prefix}`, `${prefix}_* resources`] : [`${mode}:${prefix}`, `${mode}.${prefix}_*`]
}
/** The root's provider configurations in the providers view: drawn in their own column, never grouped. */
const ownColumn = (it: Item): boolean => it.group === '' && data.view === 'providers' && it.kind === 'provider-config'
for (const g of groups.values()) {
  const members = [...g.leaves, ...g.children.map((c) => groups.get(c)!.node).filter((n): n is string => n !== null)].filter(
    (id) => !ownColumn(items.get(id)!),
  )
  if (members.length <= FAN_MAX) continue
  const byKey = new Map<string, {title: string; ids: string[]}>()
  for (const id of members) {
    const [key, title] = fanKey(items.get(id)!)
    const e = byKey.get(key) ?? {title, ids: []}
    e.ids.push(id)
    byKey.set(key, e)
  }
  const rank = (k: string): number => (k === 'configs' ? 0 : k.startsWith('r:') ? 1 : k === 'groups' ? 3 : k === 'modules' ? 4 : 2)
  for (const [key, {title, ids}] of [...byKey].sort(([a], [b]) => rank(a) - rank(b) || byName(a, b))) {
    if (ids.length < 2) continue
    const id = `fan:${g.address}:${key}`
    fans.set(id, {id, module: g.address, title})
    fansOfModule.set(g.address, [...(fansOfModule.get(g.address) ?? []), id])
    for (const m of ids) fanOf.set(m, id)
    items.set(id, {id, kind: 'resource-group', address: '', name: title, group: g.address, stands: null, page: null})
  }
}

// ---- labels, measured once per text ----
const measureCtx = document.createElement('canvas').getContext('2d')!
measureCtx.font = `${G.font}px ${FONT}`
const widths = new Map<string, number>()
function textWidth(s: string): number {
  let w = widths.get(s)
  if (w === undefined) widths.set(s, (w = measureCtx.measureText(s).width))
  return w
}
function statusWord(it: Item): string {
  // a module's status word, as the DOT and Mermaid labels say it (src/export/build-modules.ts)
  const status = it.page?.attributes['status']
  if (typeof status === 'string') return status
  const marks = it.page?.marks ?? []
  if (marks.includes('unresolved')) return 'not loaded'
  if (marks.includes('no-provider')) return 'no provider configuration'
  if (marks.includes('state-only')) return 'only in the state'
  if (marks.includes('orphan')) return 'orphans in the state'
  return ''
}
const collapsed = new Set<string>()
function labelOf(it: Item): string {
  const fan = fans.get(it.id)
  if (fan) return `${fan.title} (${(fanCounts.get(fan.id) ?? 0).toLocaleString('en')})`
  const status = statusWord(it)
  let text = status ? `${it.name} · ${status}` : it.name
  if (it.stands !== null && collapsed.has(it.stands) && groups.get(it.stands)!.size > 0)
    text += ` (+${groups.get(it.stands)!.size.toLocaleString('en')})`
  return text
}
function colorOf(it: Item): string {
  if (fans.has(it.id)) return theme.muted
  const marks = it.page?.marks ?? []
  if (marks.includes('unresolved') || marks.includes('no-provider') || marks.includes('state-only')) return theme.error
  if (marks.includes('orphan')) return theme.muted
  if (it.kind === 'module') return marks.includes('legacy') ? theme.warning : theme.muted
  const c = it.page?.color ?? null
  if (c === null) return theme.muted
  const p = palette()
  return p[colorKeys.indexOf(c) % p.length] ?? '#888'
}

// ---- the graph ----
// a node joins sigma's graph when it is first shown: a large page opens collapsed, and sigma then
// processes the few hundred nodes on screen, not every node of the page on every frame
const graph = new Graph({type: 'directed', multi: true, allowSelfLoops: true})
function addDrawn(ids: Iterable<string>): void {
  for (const id of ids) {
    if (graph.hasNode(id)) continue
    const it = items.get(id)!
    const r = G.radius[it.kind]
    graph.addNode(id, {x: it.page?.x ?? 0, y: -(it.page?.y ?? 0), size: r, r0: r, label: labelOf(it), color: colorOf(it)})
  }
}
const adjacency = new Map<string, Set<string>>()
const link = (a: string, b: string): void => void (adjacency.get(a) ?? adjacency.set(a, new Set()).get(a)!).add(b)
data.edges.forEach((e) => {
  const s = nodes[e.s]
  const t = nodes[e.t]
  if (!s || !t) return
  link(s.id, t.id)
  link(t.id, s.id)
})
const neighboursOf = (id: string): string[] => [...(adjacency.get(id) ?? [])]
performance.mark('tfgraph-graph')

// ---- what is shown: collapse (modules) and focus (a neighbourhood) ----
let focusSet: Set<string> | null = null
let shown = new Set<string>()
/** Whether everything inside module m shows (m and every module above it expanded). */
function openMemo(): (m: string | null) => boolean {
  const memo = new Map<string, boolean>()
  const open = (m: string | null): boolean => {
    if (m === null) return true
    let v = memo.get(m)
    if (v === undefined) memo.set(m, (v = !collapsed.has(m) && open(groups.get(m)?.parent ?? null)))
    return v
  }
  return open
}
let open = openMemo()
function computeShown(): void {
  open = openMemo()
  shown = new Set()
  if (focusSet) {
    // a focus shows its nodes whatever is collapsed, and the modules around them as anchors
    for (const it of items.values())
      if (focusSet.has(it.id)) {
        shown.add(it.id)
        if (treeMode)
          for (let m = it.group; m !== null; m = groups.get(m)?.parent ?? null) if (made.has(`module:${m}`)) shown.add(`module:${m}`)
      }
    return
  }
  // what shows alone in each open module; a module with more than FAN_MAX such nodes has them drawn as fans
  const lone = new Map<string, string[]>()
  for (const it of items.values()) {
    if (fans.has(it.id) || !open(it.group)) continue
    shown.add(it.id)
    if (fanOf.has(it.id) && !(it.stands !== null && expanded(it.stands))) {
      const list = lone.get(it.group!) ?? []
      list.push(it.id)
      lone.set(it.group!, list)
    }
  }
  fanCounts = new Map()
  for (const ids of lone.values()) {
    if (ids.length <= FAN_MAX) continue
    const byFan = new Map<string, string[]>()
    for (const id of ids) {
      const f = fanOf.get(id)!
      if (!fanOpen.has(f) && !pinned.has(id)) byFan.set(f, [...(byFan.get(f) ?? []), id])
    }
    for (const [f, members] of byFan) {
      if (members.length < 2) continue
      for (const id of members) shown.delete(id)
      shown.add(f)
      fanCounts.set(f, members.length)
    }
  }
}
/** A module shown with its contents: open itself (not collapsed), with something inside. */
const expanded = (m: string): boolean => !collapsed.has(m) && groups.get(m)!.size > 0
/** The shown node a hidden node is drawn into: the collapsed module around it, or the fan it is grouped in. */
function representative(id: string): string | null {
  const inFan = (x: string): string | null => {
    if (shown.has(x)) return x
    const f = fanOf.get(x)
    return f !== undefined && shown.has(f) ? f : null
  }
  const direct = inFan(id)
  if (direct !== null) return direct
  let m = items.get(id)?.group ?? null
  let rep: string | null = null
  for (; m !== null; m = groups.get(m)?.parent ?? null) if (collapsed.has(m)) rep = groups.get(m)?.node ?? null
  return rep !== null ? inFan(rep) : null
}

// ---- layout ----
let layoutAreas: ReadonlyMap<string, Rect> = new Map()
/** Each shown node's box (circle and label), tree layout only. */
let nodeBoxes: ReadonlyMap<string, Rect> = new Map()
let drawingBox: Rect = {x: 0, y: 0, width: 1, height: 1}
/**
 * The providers-map entries that reach a node (`← aws = aws.east`), the labels of its `passes` edges: one
 * more line in its box, under its label (above it for a module shown with its contents, whose label is above its circle).
 */
let lanes = new Map<string, string>()
/** The height of that line (layout units). */
const LANE_LINE = 15
const laneText = (lane: string): string => `← ${lane}`
function boxWidth(id: string): number {
  const it = items.get(id)!
  const lane = lanes.get(id)
  return nodeBoxWidth(it.kind, Math.max(textWidth(labelOf(it)), lane === undefined ? 0 : textWidth(laneText(lane))))
}
const laneLine = (id: string): number => (lanes.has(id) ? LANE_LINE : 0)
/** The labels of the `passes` edges between shown nodes, by the node they reach. */
function computeLanes(): void {
  lanes = new Map()
  if (!treeMode) return
  for (const e of data.edges) {
    if (e.kind !== 'passes' || e.label === null) continue
    const [s, t] = [nodes[e.s]?.id, nodes[e.t]?.id]
    if (s === undefined || t === undefined || !shown.has(s) || !shown.has(t)) continue
    const before = lanes.get(t)
    lanes.set(t, before === undefined ? e.label : `${before}, ${e.label}`)
  }
}
const leaf = (id: string, height: number = G.row + laneLine(id)): LeafBlock => ({kind: 'leaf', id, width: boxWidth(id), height})
/**
 * Where a node's label goes: right of its circle (most), left of it (the root's provider configurations,
 * whose edges leave to the right), or above it (a module shown with its contents: edges come in from the
 * left and leave to the right, under the label).
 */
type LabelSide = 'right' | 'left' | 'above'
let labelSides = new Map<string, LabelSide>()
/** Modules whose nodes shown alone are laid out as a grid (GRID_MIN). */
let gridded = new Set<string>()
function blockOf(m: string): Block | null {
  const g = groups.get(m)!
  const leaves = g.leaves.filter((id) => shown.has(id))
  const before = leaves.filter((id) => ownColumn(items.get(id)!))
  const children: Block[] = leaves.filter((id) => !before.includes(id)).map((id) => leaf(id))
  for (const f of fansOfModule.get(m) ?? []) if (shown.has(f)) children.push(leaf(f))
  for (const c of g.children) {
    const cg = groups.get(c)!
    if (focusSet || !collapsed.has(c)) {
      const b = blockOf(c)
      if (b) children.push(b)
    } else if (cg.node !== null && shown.has(cg.node)) children.push(leaf(cg.node))
  }
  if (children.filter((c) => c.kind === 'leaf').length >= GRID_MIN) gridded.add(m)
  const shownNode = g.node !== null && shown.has(g.node) ? g.node : null
  if (!shownNode && before.length === 0 && children.length === 0) return null
  if (!shownNode && before.length === 0 && children.length === 1) return children[0]!
  if (shownNode !== null && before.length === 0 && children.length === 0) return leaf(shownNode)
  for (const id of before) labelSides.set(id, 'left')
  const above = shownNode !== null && (children.length > 0 || before.length > 0)
  if (shownNode !== null && above) labelSides.set(shownNode, 'above')
  const rise = shownNode === null ? 0 : G.labelRise + laneLine(shownNode)
  const node = shownNode === null ? null : leaf(shownNode, above ? G.row + rise : G.row + laneLine(shownNode))
  return {kind: 'branch', group: m, node, childOffset: above ? rise : 0, before: before.map((id) => leaf(id)), children}
}
/** How wide (layout units) a part of the drawing can be to show whole across the canvas with READABLE_FONT labels. */
function readableWidth(r: {width: number}): number {
  return Math.max(200, (r.width - 24) / (READABLE_FONT / G.font))
}
function aspect(r: {width: number; height: number}): number {
  return Math.min(3, Math.max(0.5, r.width / Math.max(1, r.height)))
}
/** Where the layout put each shown node (graph coordinates) and which side its label takes. */
let placed = new Map<string, {x: number; y: number; side: LabelSide}>()
function relayout(): void {
  placed = new Map()
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  const extend = (x0: number, y0: number, x1: number, y1: number): void => {
    minX = Math.min(minX, x0)
    minY = Math.min(minY, y0)
    maxX = Math.max(maxX, x1)
    maxY = Math.max(maxY, y1)
  }
  if (treeMode) {
    labelSides = new Map()
    gridded = new Set()
    computeLanes()
    const canvas = container.getBoundingClientRect()
    const root = blockOf('')
    const t = root
      ? layoutTree(root, {
          gapX: G.gapX,
          gapY: G.gapY,
          minWrapHeight: G.minWrapHeight,
          aspect: aspect(canvas),
          maxWidth: readableWidth(canvas),
          gridMin: GRID_MIN,
        })
      : {boxes: new Map<string, Rect>(), areas: new Map<string, Rect>(), width: 1, height: 1}
    layoutAreas = t.areas
    nodeBoxes = t.boxes
    for (const [id, b] of t.boxes) {
      const r = G.radius[items.get(id)!.kind]
      const side = labelSides.get(id) ?? 'right'
      const x = side === 'left' ? b.x + b.width - G.labelGap - r : b.x + G.labelGap + r
      // the circle on the box's bottom row when the label is above it, else on its top row (a lane line below)
      placed.set(id, {x, y: -(side === 'above' ? b.y + b.height - G.row / 2 : b.y + G.row / 2), side})
      extend(b.x, b.y, b.x + b.width, b.y + b.height)
    }
  } else {
    for (const id of shown) {
      const it = items.get(id)!
      const r = G.radius[it.kind]
      const x = it.page?.x ?? 0
      const y = it.page?.y ?? 0
      extend(x - r - G.labelGap, y - G.row / 2, x - r - G.labelGap + boxWidth(id), y + G.row / 2)
    }
  }
  if (minX === Infinity) ((minX = 0), (minY = 0), (maxX = 1), (maxY = 1))
  drawingBox = {x: minX, y: minY, width: maxX - minX, height: maxY - minY}
}

// ---- edges: those between shown nodes, and one per pair of collapsed modules (or a module and a node) with its count ----
let aggregatedCount = 0
let edgesShown = 0
/** Edges between a gridded module and the nodes of its grid, not drawn. */
let gridEdges = 0
/** Whether an edge joins a module laid out as a grid and one of the nodes in its grid. */
function inGrid(s: string, t: string): boolean {
  const member = (m: string, x: string): boolean => {
    const it = items.get(x)
    return it !== undefined && it.group === m && !(it.stands !== null && expanded(it.stands) && !focusSet)
  }
  const ms = items.get(s)?.stands ?? null
  const mt = items.get(t)?.stands ?? null
  return (ms !== null && gridded.has(ms) && member(ms, t)) || (mt !== null && gridded.has(mt) && member(mt, s))
}
/** Puts the edges to draw into the graph, all at once (one event for sigma, not one per edge). */
function setEdges(): void {
  graph.clearEdges()
  const counts = new Map<string, number>()
  const direct = new Set<string>()
  edgesShown = 0
  gridEdges = 0
  data.edges.forEach((e, i) => {
    const s = nodes[e.s]?.id
    const t = nodes[e.t]?.id
    if (s === undefined || t === undefined) return
    if (shown.has(s) && shown.has(t) && inGrid(s, t)) {
      gridEdges++
      return
    }
    if (shown.has(s) && shown.has(t)) {
      graph.addEdgeWithKey(`e${i}`, s, t, {size: 1, color: theme.edge, label: e.label ?? undefined})
      direct.add(`${s}\u0000${t}`)
      edgesShown++
      return
    }
    if (focusSet) return
    const rs = representative(s)
    const rt = representative(t)
    if (rs !== null && rt !== null && rs !== rt && inGrid(rs, rt)) gridEdges++
    else if (rs !== null && rt !== null && rs !== rt) counts.set(`${rs}\u0000${rt}`, (counts.get(`${rs}\u0000${rt}`) ?? 0) + 1)
  })
  aggregatedCount = 0
  for (const [k, n] of counts) {
    if (direct.has(k)) continue
    const [s, t] = k.split('\u0000') as [string, string]
    graph.addEdgeWithKey(`agg:${k}`, s, t, {size: Math.min(4, 1 + Math.log2(n) / 2), color: theme.edge, label: plural(n, 'edge')})
    aggregatedCount++
  }
  edgesShown += aggregatedCount
}

// ---- drawing ----
interface LabelBox {
  id: string
  x: number
  y: number
  width: number
  height: number
}
let frameLabels: LabelBox[] = []
let lastLabels: LabelBox[] = []
let haloColor = ''
/**
 * A label cut to the canvas: one that would run past its edge, under the outline or the details panel,
 * ends (or starts) with an ellipsis at the edge instead; none when too little of it would show.
 */
function clipped(ctx: CanvasRenderingContext2D, text: string, x: number, canvasWidth: number): {text: string; x: number; w: number} | null {
  let w = ctx.measureText(text).width
  if (x >= 0 && x + w <= canvasWidth) return {text, x, w}
  const chars = [...text]
  const room = Math.min(canvasWidth, x + w) - Math.max(0, x)
  if (room < ctx.measureText('…mmm').width) return null
  if (x + w > canvasWidth) {
    let keep = chars.length
    while (keep > 1 && ctx.measureText(chars.slice(0, keep).join('') + '…').width > canvasWidth - x) keep--
    text = chars.slice(0, keep).join('') + '…'
  } else {
    let from = 0
    while (from < chars.length - 1 && ctx.measureText('…' + chars.slice(from).join('')).width > x + w) from++
    text = '…' + chars.slice(from).join('')
    x = x + w - ctx.measureText(text).width
  }
  w = ctx.measureText(text).width
  return {text, x, w}
}
function drawLabel(ctx: CanvasRenderingContext2D, d: {x: number; y: number; size: number; label?: string | null; color?: string}): void {
  const text = d.label
  const extra = d as unknown as {key: string; r0?: number; side?: LabelSide; lane?: string; faded?: boolean}
  if (!text || !extra.r0) return
  const scale = d.size / extra.r0
  const font = G.font * scale
  if (font < MIN_FONT) return
  ctx.font = `${font}px ${FONT}`
  const width = container.clientWidth
  const w = ctx.measureText(text).width
  const side = extra.side ?? 'right'
  const x =
    side === 'left' ? d.x - d.size - G.labelGap * scale - w : side === 'above' ? d.x + d.size * 0.8 : d.x + d.size + G.labelGap * scale
  // the text's middle: beside the circle, or above it (its bottom clear of edges leaving the circle); a
  // lane line goes under the label, or between it and the circle when the label is above
  const lineGap = LANE_LINE * scale
  const middle = side === 'above' ? d.y - d.size - font * 0.45 - (extra.lane ? lineGap : 0) : d.y
  const top = middle - font * 0.62
  const shown = clipped(ctx, text, x, width)
  if (shown) {
    ctx.fillStyle = haloColor
    ctx.fillRect(shown.x - 1, top, shown.w + 2, font * 1.24)
    ctx.fillStyle = extra.faded ? theme.muted : theme.fg
    ctx.fillText(shown.text, shown.x, middle + font * 0.35)
    frameLabels.push({id: extra.key, x: shown.x - 1, y: top, width: shown.w + 2, height: font * 1.24})
  }
  // the providers map entries that reach it, in the colour of those edges, on the line the layout left for them
  if (extra.lane && side !== 'left') {
    const lx = side === 'above' ? x : d.x + d.size + G.labelGap * scale
    const lane = clipped(ctx, laneText(extra.lane), lx, width)
    if (!lane) return
    const lmiddle = side === 'above' ? middle + lineGap : d.y + lineGap
    const ltop = lmiddle - font * 0.62
    ctx.fillStyle = haloColor
    ctx.fillRect(lane.x - 1, ltop, lane.w + 2, font * 1.24)
    ctx.fillStyle = theme.accent
    ctx.fillText(lane.text, lane.x, lmiddle + font * 0.35)
    frameLabels.push({id: `${extra.key} ←`, x: lane.x - 1, y: ltop, width: lane.w + 2, height: font * 1.24})
  }
}
/**
 * A hovered, selected or matching node: its label at a readable size on the panel colour, framed, and a
 * ring round the node (sigma's own draws white behind text of the theme's colour, unreadable in the dark).
 */
function drawHover(ctx: CanvasRenderingContext2D, d: {x: number; y: number; size: number; label?: string | null}): void {
  const extra = d as unknown as {r0?: number; side?: LabelSide; lane?: string}
  const scale = extra.r0 ? d.size / extra.r0 : 1
  const font = Math.max(12, G.font * scale)
  ctx.beginPath()
  ctx.arc(d.x, d.y, d.size + 2, 0, 2 * Math.PI)
  ctx.lineWidth = 2
  ctx.strokeStyle = theme.accent
  ctx.stroke()
  if (!d.label) return
  // one box for the label and the providers-map line under it, drawn over the label where it lies: it
  // covers the smaller label it enlarges (never a second copy beside it) and keeps the lane readable
  ctx.font = `${font}px ${FONT}`
  const lane = extra.lane ? laneText(extra.lane) : ''
  const w = Math.max(ctx.measureText(d.label).width, lane && extra.side !== 'left' ? ctx.measureText(lane).width : 0)
  const side = extra.side ?? 'right'
  const gap = Math.max(G.labelGap * scale, 4)
  const x = side === 'left' ? d.x - d.size - gap - w : side === 'above' ? d.x + d.size * 0.8 : d.x + d.size + gap
  const lines = lane && side !== 'left' ? 2 : 1
  const line = font * 1.25
  // the label's middle as drawLabel puts it (above: the lane between the label and the circle)
  const middle = side === 'above' ? d.y - d.size - font * 0.45 - (lines - 1) * line : d.y
  ctx.fillStyle = theme.bg
  ctx.strokeStyle = theme.accent
  ctx.lineWidth = 1
  const top = middle - font * 0.7
  const height = font * 1.4 + (lines - 1) * line
  ctx.fillRect(x - 3, top, w + 6, height)
  ctx.strokeRect(x - 3, top, w + 6, height)
  ctx.fillStyle = theme.fg
  ctx.fillText(d.label, x, middle + font * 0.35)
  if (lines === 2) {
    ctx.fillStyle = theme.accent
    ctx.fillText(lane, x, middle + line + font * 0.35)
  }
  hoverBox = {x: x - 3, y: top, width: w + 6, height, lines}
}
/** The box the last hover drew (CSS pixels of the canvas), for tests. */
let hoverBox: {x: number; y: number; width: number; height: number; lines: number} | null = null
function readHalo(): void {
  // the background behind a label, a little transparent: edges under it stay visible as they cross
  const c = document.createElement('canvas').getContext('2d')!
  c.fillStyle = theme.bg || '#ffffff'
  const hex = c.fillStyle
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
  haloColor = `rgba(${r}, ${g}, ${b}, 0.9)`
}
readHalo()

let selected: string | null = null
/** The modules from the root down to the match a search selected: labelled while the rest is faded. */
let searchPath = new Set<string>()
let matches: string[] = []
let matchSet = new Set<string>()
let matchReps = new Set<string>()
let matchIndex = -1
const container = $('sigma')
const renderer = new Sigma(graph, container, {
  defaultEdgeType: 'arrow',
  labelColor: {color: theme.fg},
  labelFont: FONT,
  labelSize: 12,
  // every label of a shown node is drawn (the layout keeps them apart); too small ones are skipped in drawLabel
  labelDensity: 1e9,
  labelGridCellSize: 60,
  labelRenderedSizeThreshold: 0,
  defaultDrawNodeLabel: drawLabel,
  defaultDrawNodeHover: drawHover,
  // sizes are layout units: nodes, and their labels (drawLabel), scale with the drawing
  itemSizesReference: 'positions',
  zoomToSizeRatioFunction: (ratio) => ratio,
  stagePadding: 0,
  zIndex: true,
  nodeReducer(node, attrs) {
    if (!shown.has(node)) return {...attrs, hidden: true}
    const out = {...attrs}
    if (matches.length > 0) {
      if (matchSet.has(node) || matchReps.has(node)) Object.assign(out, {highlighted: true, zIndex: 2})
      else if (!searchPath.has(node)) Object.assign(out, {color: theme.line, faded: true})
    }
    if (node === selected) Object.assign(out, {highlighted: true, zIndex: 3})
    return out
  },
  edgeReducer(edge, attrs) {
    if (selected !== null && (graph.source(edge) === selected || graph.target(edge) === selected))
      return {...attrs, color: theme.accent, size: 2}
    return attrs
  },
})
renderer.on('beforeRender', () => {
  frameLabels = []
})
renderer.on('afterRender', () => {
  lastLabels = frameLabels
})
performance.mark('tfgraph-sigma')

// ---- the camera: fit a part of the drawing, labels included ----
type GraphBox = {x0: number; y0: number; x1: number; y1: number}
const graphBox = (r: Rect): GraphBox => ({x0: r.x, y0: -(r.y + r.height), x1: r.x + r.width, y1: -r.y})
function cameraFor(r: Rect, maxScale = MAX_FIT_SCALE): CameraState {
  const b = graphBox(r)
  const s0 = {x: 0.5, y: 0.5, ratio: 1, angle: 0}
  const p = renderer.graphToViewport({x: b.x0, y: b.y0}, {cameraState: s0})
  const q = renderer.graphToViewport({x: b.x1, y: b.y1}, {cameraState: s0})
  const {width, height} = renderer.getDimensions()
  const pad = 12
  const w = Math.abs(q.x - p.x)
  const h = Math.abs(q.y - p.y)
  const unitPx = w / Math.max(1e-9, b.x1 - b.x0)
  const ratio = Math.max(w / Math.max(1, width - 2 * pad), h / Math.max(1, height - 2 * pad), unitPx / maxScale)
  const centre = renderer.graphToViewport({x: (b.x0 + b.x1) / 2, y: (b.y0 + b.y1) / 2}, {cameraState: s0})
  const c = renderer.viewportToFramedGraph({x: centre.x, y: centre.y}, {cameraState: s0})
  return {x: c.x, y: c.y, ratio, angle: 0}
}
function fit(r: Rect = drawingBox, animate = true): void {
  const state = cameraFor(r)
  if (animate) void renderer.getCamera().animate(state, {duration: 250})
  else renderer.getCamera().setState(state)
}
/** Pixels per layout unit at the camera's ratio. */
function scaleAt(ratio: number): number {
  const s0 = {x: 0.5, y: 0.5, ratio: 1, angle: 0}
  const p = renderer.graphToViewport({x: 0, y: 0}, {cameraState: s0})
  const q = renderer.graphToViewport({x: 100, y: 0}, {cameraState: s0})
  return Math.abs(q.x - p.x) / 100 / ratio
}
/**
 * Shows a part of the drawing: all of it if its labels can be read so, else its top left corner with
 * READABLE_FONT labels (the layout keeps every part narrower than the canvas at that size).
 */
function show(r: Rect, animate = true): void {
  const state = cameraFor(r)
  const {width, height} = renderer.getDimensions()
  const move = (to: CameraState): void => {
    if (animate) void renderer.getCamera().animate(to, {duration: 250})
    else renderer.getCamera().setState(to)
  }
  if (scaleAt(state.ratio) * G.font >= READABLE_FONT || r.width * r.height === 0) return move(state)
  const scale = (READ_SCALE * READABLE_FONT) / G.font
  const pad = 12
  const centre = {x: r.x + (width / 2 - pad) / scale, y: -(r.y + (height / 2 - pad) / scale)}
  const f = renderer.viewportToFramedGraph(renderer.graphToViewport(centre))
  move({x: f.x, y: f.y, ratio: scaleAt(1) / scale, angle: 0})
}
/** The part of the drawing last expanded or opened (its block), what `0` shows when the whole cannot be read. */
let lastPart: Rect | null = null
/** Whether the last `0` showed a part: the next shows the whole. */
let zeroShowedPart = false
/**
 * `0`: the whole drawing when its labels can be read so; else the part last expanded or opened (or the
 * drawing's top left) with READABLE_FONT labels, and the whole, however small, on the next press.
 */
function fitKey(): void {
  const readable = scaleAt(cameraFor(drawingBox).ratio) * G.font >= READABLE_FONT
  if (readable || zeroShowedPart) {
    zeroShowedPart = false
    return fit()
  }
  zeroShowedPart = true
  show(lastPart ?? drawingBox)
}
function goTo(id: string): void {
  const d = graph.getNodeAttributes(id) as {x: number; y: number}
  const camera = renderer.getCamera()
  const f = renderer.viewportToFramedGraph(renderer.graphToViewport({x: d.x, y: d.y}))
  const ratio = Math.min(camera.ratio, scaleAt(1) / READ_SCALE)
  void camera.animate({x: f.x, y: f.y, ratio}, {duration: 300})
}

// ---- updating after a change of what is shown ----
function update(): void {
  computeShown()
  relayout()
  addDrawn(shown)
  // one event for sigma, not one per node (each would make it process the whole graph again)
  graph.updateEachNodeAttributes(
    (id, a) => {
      const it = items.get(id)!
      const p = placed.get(id)
      return {...a, label: labelOf(it), lane: lanes.get(id) ?? '', ...(p ? {x: p.x, y: p.y, side: p.side} : {})}
    },
    {attributes: ['x', 'y', 'label', 'side', 'lane']},
  )
  setEdges()
  // a large drawing moves without its edges and labels (sigma redraws every frame; WebGL without a GPU is slow)
  renderer.setSetting('hideEdgesOnMove', shown.size > MOVING_NODES || edgesShown > MOVING_EDGES)
  renderer.setSetting('hideLabelsOnMove', shown.size > MOVING_NODES)
  renderer.setCustomBBox({x: [drawingBox.x, drawingBox.x + drawingBox.width], y: [-(drawingBox.y + drawingBox.height), -drawingBox.y]})
  renderer.refresh()
  syncOutline()
  if (matches.length > 0) runSearch()
}

function setCollapsed(m: string, on: boolean, moveCamera = true): void {
  if (on === collapsed.has(m) || !groups.has(m)) return
  if (on) collapsed.add(m)
  else collapsed.delete(m)
  // a collapsed module's fans close with it: expanded again, it shows its groups first
  if (on) for (const f of fansOfModule.get(m) ?? []) fanOpen.delete(f)
  update()
  if (!moveCamera) return
  if (!treeMode) return
  // expanded: show what came out of it; collapsed: its caller's block
  const area = on ? layoutAreas.get(groups.get(m)?.parent ?? '') : layoutAreas.get(m)
  lastPart = area ?? null
  zeroShowedPart = false
  show(area ?? drawingBox)
}
/** Shows a fan's nodes one by one, and the camera on them (its module's block). */
function openFan(f: string, moveCamera = true): void {
  const fan = fans.get(f)
  if (!fan || fanOpen.has(f)) return
  fanOpen.add(f)
  update()
  lastPart = layoutAreas.get(fan.module) ?? null
  zeroShowedPart = false
  if (moveCamera) show(lastPart ?? drawingBox)
}
/**
 * Expands every collapsed module around a node and shows it and the modules on the way on their own
 * (pinned out of their fans, which stay closed), so that it shows without the drawing growing by every
 * node of those fans.
 */
function reveal(id: string): boolean {
  let changed = false
  const before = [...pinned]
  pinned.clear()
  const pin = (x: string | null): void => {
    if (x !== null && fanOf.has(x) && !fanOpen.has(fanOf.get(x)!)) pinned.add(x)
  }
  pin(id)
  for (let m = items.get(id)?.group ?? null; m !== null; m = groups.get(m)?.parent ?? null) {
    if (collapsed.delete(m)) changed = true
    pin(groups.get(m)?.node ?? null)
  }
  if (before.length !== pinned.size || before.some((x) => !pinned.has(x))) changed = true
  if (changed) update()
  return changed
}
/** The node and the module nodes from the root down to it (those drawn). */
function pathTo(id: string): string[] {
  const out = [id]
  for (let m = items.get(id)?.group ?? null; m !== null; m = groups.get(m)?.parent ?? null) {
    const n = groups.get(m)?.node ?? null
    if (n !== null && shown.has(n)) out.unshift(n)
  }
  return out
}
/**
 * A frame widened for the label a highlighted node gets (drawHover: at least 12 px, so wider than its box
 * when the frame is fitted small), so that it does not run under the details panel.
 */
function withHoverRoom(r: Rect, id: string): Rect {
  let out = r
  for (let i = 0; i < 3; i++) {
    const font = scaleAt(cameraFor(out).ratio) * G.font
    if (font >= 12) break
    out = {...r, width: r.width + textWidth(labelOf(items.get(id)!)) * (12 / font - 1)}
  }
  return out
}
/** The box around some shown nodes' boxes (labels included), in layout units. */
function boxAround(ids: string[]): Rect | null {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const id of ids) {
    const b = nodeBoxes.get(id)
    if (!b) continue
    ;[x0, y0, x1, y1] = [Math.min(x0, b.x), Math.min(y0, b.y), Math.max(x1, b.x + b.width), Math.max(y1, b.y + b.height)]
  }
  return x0 === Infinity ? null : {x: x0, y: y0, width: x1 - x0, height: y1 - y0}
}

// ---- outline: modules as nested lists, each node an item with its address ----
const outlineItems = new Map<string, HTMLButtonElement>()
const moduleRows = new Map<string, {li: HTMLLIElement; list: HTMLUListElement; toggle: HTMLButtonElement | null; count: HTMLSpanElement}>()
const moduleTitle = (m: string): string => (m === '' ? 'root module' : m)
function buildOutline(): void {
  const root = el('ul')
  root.setAttribute('role', 'tree')
  root.setAttribute('aria-label', 'Graph outline')
  const sorted = [...groups.keys()].sort((a, b) => (a === '' ? -1 : b === '' ? 1 : byName(a, b)))
  for (const m of sorted) {
    const g = groups.get(m)!
    const li = el('li')
    li.setAttribute('role', 'treeitem')
    const row = el('div', undefined, 'row')
    let toggle: HTMLButtonElement | null = null
    if (g.size > 0) {
      toggle = el('button', '▾', 'toggle')
      toggle.type = 'button'
      toggle.addEventListener('click', () => setCollapsed(m, !collapsed.has(m)))
      row.append(toggle)
    } else row.append(el('span', '', 'toggle'))
    const own = g.node
    const name = el('button', undefined, 'item address module-name')
    name.append(...cutInMiddle(moduleTitle(m)))
    name.type = 'button'
    if (own !== null) {
      name.addEventListener('click', () => {
        if (collapsed.has(m)) setCollapsed(m, false)
        select(own, true)
      })
      outlineItems.set(own, name)
    } else name.addEventListener('click', () => setCollapsed(m, !collapsed.has(m)))
    const count = el('span', '', 'hidden-count')
    row.append(name, count)
    const list = el('ul')
    list.setAttribute('role', 'group')
    li.append(row, list)
    moduleRows.set(m, {li, list, toggle, count})
  }
  for (const n of nodes) if (n.kind !== 'module') leavesOf.set(n.module, [...(leavesOf.get(n.module) ?? []), n])
  // child modules after the module's own nodes (which are made when the module's list first shows: fillOutline)
  for (const m of sorted) (m === '' ? root : moduleRows.get(parentOf(m))!.list).append(moduleRows.get(m)!.li)
  $('outline').append(root)
}
/** A module's own nodes (not modules), by module, in the page's order. */
const leavesOf = new Map<string, PageNode[]>()
/** Modules whose own nodes are in the outline: a collapsed module's are made when it is first expanded. */
const filled = new Set<string>()
function fillOutline(m: string): void {
  if (filled.has(m)) return
  filled.add(m)
  const rows = document.createDocumentFragment()
  for (const n of leavesOf.get(m) ?? []) {
    const li = el('li')
    li.setAttribute('role', 'treeitem')
    const b = el('button', undefined, 'item address')
    b.append(...cutInMiddle(n.address || n.id))
    b.type = 'button'
    b.addEventListener('click', () => select(n.id, true))
    if (matchSet.has(n.id)) b.classList.add('match')
    if (selected === n.id) b.classList.add('selected')
    outlineItems.set(n.id, b)
    li.append(b)
    rows.append(li)
  }
  moduleRows.get(m)?.list.prepend(rows)
}
function syncOutline(): void {
  // the lists that show: every expanded module's (a focus: the modules of its nodes)
  if (focusSet)
    for (const id of shown) {
      const m = items.get(id)!.group
      if (m !== null && !fans.has(id)) fillOutline(m)
    }
  else for (const m of moduleRows.keys()) if (!collapsed.has(m) && open(groups.get(m)!.parent)) fillOutline(m)
  for (const m of filled)
    for (const n of leavesOf.get(m) ?? []) {
      const b = outlineItems.get(n.id)
      // a node grouped into a fan stays listed: a click on it shows it
      if (b) (b.parentElement as HTMLElement).hidden = focusSet ? !shown.has(n.id) : !open(n.module)
    }
  const hasShown = new Set<string>()
  if (focusSet)
    for (const id of shown)
      for (let m: string | null = items.get(id)!.stands ?? items.get(id)!.group; m !== null; m = groups.get(m)?.parent ?? null)
        hasShown.add(m)
  for (const [m, row] of moduleRows) {
    const isCollapsed = collapsed.has(m) && !focusSet
    row.list.hidden = isCollapsed
    if (row.toggle) {
      row.toggle.textContent = isCollapsed ? '▸' : '▾'
      row.toggle.setAttribute('aria-expanded', String(!isCollapsed))
      row.toggle.setAttribute('aria-label', `${isCollapsed ? 'expand' : 'collapse'} ${moduleTitle(m)}`)
    }
    row.count.textContent = isCollapsed ? `(${groups.get(m)!.size.toLocaleString('en')} hidden)` : ''
    row.li.hidden = focusSet ? !hasShown.has(m) : !open(groups.get(m)!.parent)
  }
  // what is drawn: one circle per node shown (the modules drawn for the resources view included), one per fan
  const c = drawnCounts()
  const closed = [...collapsed].filter((m) => open(groups.get(m)?.parent ?? null)).length
  $('status').textContent = [
    `${c.nodes.toLocaleString('en')} of ${plural(c.total, 'node')} shown`,
    c.groups > 0 ? `${plural(c.groups, 'group')} of ${plural(c.grouped, 'node')} (click to show)` : '',
    closed > 0 && !focusSet ? `${plural(closed, 'module')} collapsed (click to expand)` : '',
    gridEdges > 0 ? `${plural(gridEdges, 'edge')} into grids not drawn` : '',
  ]
    .filter(Boolean)
    .join(' · ')
}
/** Circles drawn: nodes (page nodes and modules drawn for the resources view) and fans, and how many nodes the fans hold. */
function drawnCounts(): {nodes: number; groups: number; grouped: number; total: number} {
  let groupsShown = 0
  let grouped = 0
  for (const id of shown)
    if (fans.has(id)) {
      groupsShown++
      grouped += fanCounts.get(id) ?? 0
    }
  return {nodes: shown.size - groupsShown, groups: groupsShown, grouped, total: items.size - fans.size}
}
// a row's full text when it does not fit: the title on hover, and a tip beside it on keyboard focus
const tip = el('div', '', 'tip')
tip.id = 'tip'
tip.hidden = true
tip.setAttribute('role', 'tooltip')
document.body.append(tip)
function showTip(b: HTMLElement): void {
  if (!isCut(b)) {
    tip.hidden = true
    return
  }
  const r = b.getBoundingClientRect()
  tip.textContent = b.textContent
  tip.style.left = `${r.left}px`
  tip.style.top = `${r.bottom + 2}px`
  tip.hidden = false
}
const outlineItemOf = (t: EventTarget | null): HTMLButtonElement | null =>
  t instanceof Element ? t.closest<HTMLButtonElement>('#outline button.item') : null
$('outline').addEventListener('focusin', (ev) => {
  const b = outlineItemOf(ev.target)
  if (b) showTip(b)
})
$('outline').addEventListener('focusout', () => {
  tip.hidden = true
})
$('outline').addEventListener('mouseover', (ev) => {
  const b = outlineItemOf(ev.target)
  if (b && !b.title && isCut(b)) b.title = b.textContent ?? ''
})

// ---- selection and the side panel ----
function dl(rows: [string, string | null | undefined][]): HTMLDListElement {
  const d = el('dl')
  for (const [k, v] of rows) if (v !== null && v !== undefined && v !== '') d.append(el('dt', k), el('dd', v))
  return d
}
function linkList(list: string[], empty: string): HTMLElement {
  if (list.length === 0) return el('p', empty, 'muted')
  const ul = el('ul')
  for (const a of list) {
    const li = el('li')
    const id = items.has(a) ? a : nodes.find((n) => n.address === a)?.id
    if (id !== undefined) {
      const b = el('button', items.get(id)?.address || a, 'link')
      b.type = 'button'
      b.addEventListener('click', () => select(id, true))
      li.append(b)
    } else li.textContent = a
    ul.append(li)
  }
  return ul
}
/** Why a node is marked: the panel says it in words. */
function statusNotes(it: Item): HTMLElement[] {
  const out: HTMLElement[] = []
  const marks = it.page?.marks ?? []
  const note = (title: string, text: string, cls: string): void => {
    const box = el('div', undefined, `note ${cls}`)
    box.append(el('strong', title), el('p', text))
    out.push(box)
  }
  if (marks.includes('unresolved')) {
    const reason = String(it.page?.attributes['unresolved_reason'] ?? 'its directory could not be read')
    const installed = it.page?.attributes['status'] === 'not installed'
    note(
      installed ? 'Not installed' : 'Not loaded',
      `${reason}. ${installed ? `Run "${data.engine === 'opentofu' ? 'tofu' : 'terraform'} init" to install it; until then` : 'So'} its resources, provider configurations and module calls are not in this graph.`,
      'error',
    )
  }
  if (marks.includes('legacy'))
    note(
      'Legacy module',
      it.kind === 'module'
        ? 'It has provider blocks of its own. Terraform refuses count, for_each and depends_on on a call to such a module, and its resources cannot outlive the module call: removing the call removes the provider configuration they need to be destroyed.'
        : 'A provider block inside a module that is not the root (a legacy module): the module cannot be called with count, for_each or depends_on.',
      'warning',
    )
  if (marks.includes('no-provider'))
    note('No provider configuration', 'No provider configuration was found for this resource: see its resolution chain.', 'error')
  if (marks.includes('state-only'))
    note(
      'Only in the state',
      'Objects of the state were created through this provider configuration, which the configuration no longer has: terraform plan fails ("Provider configuration not present") until it is back or the objects are gone from the state.',
      'error',
    )
  if (marks.includes('orphan'))
    note(
      'Orphans in the state',
      'Objects of the state the configuration no longer declares: Terraform destroys them through this configuration.',
      'warning',
    )
  return out
}
function groupButtons(m: string): HTMLElement {
  const p = el('p')
  const g = groups.get(m)!
  if (g.size === 0) return p
  const b = el('button', collapsed.has(m) ? `Expand (${plural(g.size, 'node')} inside)` : 'Collapse', 'action')
  b.type = 'button'
  b.addEventListener('click', () => {
    setCollapsed(m, !collapsed.has(m))
    showPanel(selected)
  })
  p.append(b)
  return p
}
function showPanel(id: string | null): void {
  const panel = $('details')
  panel.replaceChildren()
  if (id === null) {
    panel.append(el('p', 'Click a node, or pick one in the outline, to see its details.', 'muted'))
    return
  }
  const it = items.get(id)!
  const n = it.page
  const d = data.details[id]
  panel.append(el('h2', it.address || 'root module'))
  panel.append(
    dl([
      ['kind', it.kind],
      ['module', it.group === null ? null : it.group === '' ? 'root' : it.group],
    ]),
  )
  for (const s of statusNotes(it)) panel.append(s)
  if (it.stands !== null) panel.append(groupButtons(it.stands))
  if (d?.kind === 'resource') {
    panel.append(el('h3', 'Provider configuration'))
    panel.append(
      dl([
        ['uses', d.provider_config ?? '(no configuration found)'],
        ['provider', d.provider],
        ['reference', d.reference],
        ['instance key', d.instance_key],
        ['defined at', d.range],
      ]),
    )
    panel.append(el('h3', 'Resolution chain'))
    const ol = el('ol')
    ol.id = 'chain'
    for (const step of d.chain) ol.append(el('li', step))
    panel.append(ol)
  } else if (d?.kind === 'module') {
    panel.append(
      dl([
        ['source', d.source],
        ['version', d.version],
        ['directory', d.dir],
        ['resources', String(d.resources)],
        ['module calls', String(d.calls)],
        ['called at', d.range],
      ]),
    )
    panel.append(el('h3', 'providers map'))
    panel.append(d.providers.length === 0 ? el('p', 'none (default configurations are inherited)', 'muted') : linkList(d.providers, ''))
  } else if (d?.kind === 'provider-config') {
    panel.append(
      dl([
        ['provider', d.provider],
        ['declared at', d.range],
      ]),
    )
    panel.append(el('h3', 'Arguments as written'))
    panel.append(d.arguments.length === 0 ? el('p', 'none (empty configuration)', 'muted') : dl(d.arguments.map(([k, v]) => [k, v])))
    panel.append(el('h3', `Used by ${plural(d.resources.length, 'resource')}`))
    panel.append(linkList(d.resources, 'no resource'))
    panel.append(el('h3', 'Modules receiving it'))
    panel.append(linkList(d.modules, 'none'))
  } else if (n) {
    const attrs = Object.entries(n.attributes).filter(([, v]) => v !== null && typeof v !== 'object')
    panel.append(dl(attrs.map(([k, v]) => [k, String(v)])))
  } else if (it.stands !== null) {
    const g = groups.get(it.stands)!
    panel.append(dl([['inside', plural(g.size, 'node')]]))
  }
  const neighbours = neighboursOf(id)
  panel.append(el('h3', `${plural(neighbours.length, 'neighbour')}`))
  panel.append(neighbours.length === 0 ? el('p', 'none', 'muted') : neighbourList(neighbours))
}
/** Rows of the neighbour list (CSS pixels): one line each. */
const NEIGHBOUR_ROW = 20
/** More neighbours than this get a filter box. */
const NEIGHBOUR_FILTER = 12
/**
 * A node's neighbours: one line a row (cut in the middle, the full address on hover), only the rows in
 * view made (a node can have thousands), with a filter when there are many.
 */
function neighbourList(ids: string[]): HTMLElement {
  const box = el('div', undefined, 'neighbours')
  const all = ids.map((id) => ({id, text: items.get(id)?.address || id})).sort((a, b) => byName(a.text, b.text))
  let list = all
  const scroller = el('div', undefined, 'vlist')
  const spacer = el('div', undefined, 'vspacer')
  scroller.append(spacer)
  const draw = (): void => {
    const first = Math.max(0, Math.floor(scroller.scrollTop / NEIGHBOUR_ROW) - 2)
    const last = Math.min(list.length, first + Math.ceil((scroller.clientHeight || 240) / NEIGHBOUR_ROW) + 4)
    const rows = list.slice(first, last).map((n, i) => {
      const b = el('button', undefined, 'link vrow')
      b.type = 'button'
      b.title = n.text
      b.append(...cutInMiddle(n.text))
      b.style.top = `${(first + i) * NEIGHBOUR_ROW}px`
      b.addEventListener('click', () => select(n.id, true))
      return b
    })
    spacer.replaceChildren(...rows)
  }
  const resize = (): void => {
    spacer.style.height = `${list.length * NEIGHBOUR_ROW}px`
    scroller.style.height = `${Math.min(list.length, 12) * NEIGHBOUR_ROW + 2}px`
    draw()
  }
  if (all.length > NEIGHBOUR_FILTER) {
    const filter = el('input')
    filter.type = 'search'
    filter.placeholder = `filter ${all.length.toLocaleString('en')} neighbours`
    filter.setAttribute('aria-label', 'filter the neighbours')
    filter.addEventListener('input', () => {
      const q = filter.value.trim().toLowerCase()
      list = q === '' ? all : all.filter((n) => n.text.toLowerCase().includes(q))
      scroller.scrollTop = 0
      resize()
    })
    box.append(filter)
  }
  scroller.addEventListener('scroll', draw)
  box.append(scroller)
  resize()
  // drawn again once in the page, when the scroller has its height
  requestAnimationFrame(draw)
  return box
}
/**
 * A long address as two spans: its head, cut with an ellipsis when the row is too narrow, and its tail
 * (the end names the node), always shown — cut in the middle; the element's text stays the full address.
 */
function cutInMiddle(text: string): HTMLSpanElement[] {
  const keep = Math.min(Math.floor(text.length / 2), 22)
  const tail = el('span', undefined, 'tail')
  tail.append(el('span', text.slice(text.length - keep)))
  return [el('span', text.slice(0, text.length - keep), 'head'), tail]
}
/** Whether a row shows less than its text (its head cut). */
function isCut(b: HTMLElement): boolean {
  const head = b.querySelector<HTMLElement>('.head')
  return b.scrollWidth > b.clientWidth || (head !== null && head.scrollWidth > head.clientWidth)
}

function select(id: string | null, moveCamera = false): void {
  if (selected) outlineItems.get(selected)?.classList.remove('selected')
  selected = id
  searchPath = new Set()
  if (id) {
    if (!focusSet && reveal(id) && !moveCamera) moveCamera = true
    const item = outlineItems.get(id)
    item?.classList.add('selected')
    item?.scrollIntoView({block: 'nearest'})
    // a search match: the path from the root to it labelled (the rest faded), framed to fit
    const path = matchSet.has(id) && shown.has(id) ? pathTo(id) : []
    searchPath = new Set(path)
    const frame = treeMode && path.length > 1 ? boxAround(path) : null
    if (moveCamera && frame) fit(withHoverRoom(frame, id))
    else if (moveCamera && shown.has(id)) goTo(id)
  }
  showPanel(id)
  renderer.refresh({skipIndexation: true})
}

renderer.on('clickNode', ({node}) => {
  // a click on a fan shows its nodes
  if (fans.has(node)) {
    select(null)
    openFan(node)
    return
  }
  const it = items.get(node)
  // a click on a collapsed module expands it
  if (it?.stands != null && collapsed.has(it.stands) && groups.get(it.stands)!.size > 0 && !focusSet) setCollapsed(it.stands, false)
  select(node)
})
renderer.on('clickStage', () => select(null))

// ---- focus with a depth ----
function focusOn(id: string, depth: number): void {
  const seen = new Set([id])
  let frontier = [id]
  for (let d = 0; d < depth; d++) {
    const next: string[] = []
    for (const f of frontier)
      for (const m of adjacency.get(f) ?? [])
        if (!seen.has(m)) {
          seen.add(m)
          next.push(m)
        }
    frontier = next
  }
  focusSet = seen
  $('unfocus').hidden = false
  update()
  fit()
}
function clearFocus(): void {
  focusSet = null
  $('unfocus').hidden = true
  update()
  fit()
}
const depthValue = (): number => Number(($('depth') as HTMLInputElement).value) || 0
$('focus').addEventListener('click', () => {
  if (selected) focusOn(selected, depthValue())
})
$('unfocus').addEventListener('click', clearFocus)
$('depth').addEventListener('change', () => {
  if (focusSet && selected) focusOn(selected, depthValue())
})

// ---- search: every node, collapsed or not; a match inside a collapsed module lights the module ----
const search = $('search') as HTMLInputElement
function haystack(n: PageNode): string {
  const d = data.details[n.id]
  const extra = d && d.kind !== 'module' ? d.provider : ''
  return `${n.address}\n${n.label}\n${n.name}\n${n.kind}\n${n.module}\n${String(n.attributes['type'] ?? '')}\n${String(n.attributes['provider'] ?? '')}\n${extra}\n${n.color ?? ''}`.toLowerCase()
}
const haystacks = nodes.map(haystack)
function runSearch(): void {
  for (const id of matches) outlineItems.get(id)?.classList.remove('match')
  const q = search.value.trim().toLowerCase()
  matches = q === '' ? [] : nodes.filter((n, i) => (!focusSet || focusSet.has(n.id)) && haystacks[i]!.includes(q)).map((n) => n.id)
  matchSet = new Set(matches)
  matchReps = new Set(matches.map(representative).filter((r): r is string => r !== null))
  matchIndex = -1
  for (const id of matches) outlineItems.get(id)?.classList.add('match')
  const hidden = matches.filter((id) => !shown.has(id)).length
  $('matches').textContent =
    q === ''
      ? ''
      : `${plural(matches.length, 'match', 'matches')}${hidden > 0 ? ` (${hidden.toLocaleString('en')} in collapsed modules)` : ''}`
  renderer.refresh({skipIndexation: true})
}
search.addEventListener('input', runSearch)
search.addEventListener('keydown', (ev) => {
  if (ev.key === 'Enter' && matches.length > 0) {
    matchIndex = (matchIndex + (ev.shiftKey ? matches.length - 1 : 1)) % matches.length
    select(matches[matchIndex]!, true)
  } else if (ev.key === 'Escape') {
    search.value = ''
    runSearch()
  }
})

// ---- legend and diagnostics ----
/** A provider configuration as the legend names it: `aws.east`, `module.monitoring aws` (the title has the address). */
function configName(address: string): string {
  const n = nodes.find((x) => x.kind === 'provider-config' && x.address === address)
  if (n) return n.module === '' ? n.name : `${n.module} ${n.name}`
  return address.replace(/registry\.(terraform\.io|opentofu\.org)\//g, '')
}
function buildLegend(): void {
  const legend = $('legend')
  legend.replaceChildren()
  const marks: [string, string][] = []
  const all = nodes.flatMap((n) => n.marks)
  if (all.includes('unresolved')) marks.push([theme.error, 'module not installed or not loaded'])
  if (nodes.some((n) => n.kind === 'module' && n.marks.includes('legacy')))
    marks.push([theme.warning, 'legacy module (own provider blocks)'])
  if (all.includes('no-provider')) marks.push([theme.error, 'resource without a provider configuration'])
  if (all.includes('state-only')) marks.push([theme.error, 'provider configuration only in the state (--state)'])
  if (colorKeys.length === 0 && marks.length === 0 && !treeMode) {
    legend.hidden = true
    return
  }
  const body = el('details')
  body.open = colorKeys.length + marks.length <= 6
  body.append(el('summary', 'Legend'))
  const ul = el('ul')
  colorKeys.forEach((k, i) => {
    const li = el('li')
    const sw = el('span', '', 'swatch')
    sw.style.background = palette()[i % palette().length] ?? '#888'
    const b = el('button', configName(k), 'link')
    b.title = k
    b.type = 'button'
    b.addEventListener('click', () => {
      search.value = k
      runSearch()
    })
    li.append(sw, b)
    ul.append(li)
  })
  for (const [color, text] of marks) {
    const li = el('li')
    const sw = el('span', '', 'swatch')
    sw.style.background = color
    li.append(sw, text)
    ul.append(li)
  }
  if (treeMode && nodes.length > OPEN_EXPANDED_MAX) ul.append(el('li', '(+N) a collapsed module: click it to expand', 'muted'))
  body.append(ul)
  legend.append(body)
}
function buildDiagnostics(): void {
  const box = $('diagnostics')
  const summary = el('summary', `Diagnostics (${data.diagnostics.length})`)
  box.append(summary)
  if (data.diagnostics.length === 0) box.append(el('p', 'none', 'muted'))
  const ul = el('ul')
  for (const d of data.diagnostics) {
    const li = el('li')
    li.append(el('strong', `${d.severity}: ${d.summary}`, d.severity))
    if (d.range) li.append(' ', el('span', d.range, 'muted'))
    if (d.detail) li.append(el('div', d.detail))
    if (d.nodes.length > 0) li.append(linkList(d.nodes, ''))
    ul.append(li)
  }
  box.append(ul)
}

// ---- theme changes ----
dark.addEventListener('change', () => {
  readTheme()
  readHalo()
  graph.updateEachNodeAttributes((id, a) => ({...a, color: colorOf(items.get(id)!)}), {attributes: ['color']})
  graph.updateEachEdgeAttributes((_e, a) => ({...a, color: theme.edge}), {attributes: ['color']})
  renderer.setSetting('labelColor', {color: theme.fg})
  buildLegend()
})

// ---- keyboard ----
document.addEventListener('keydown', (ev) => {
  const target = ev.target as HTMLElement
  const typing = target instanceof HTMLInputElement
  if (ev.key === '/' && !typing) {
    ev.preventDefault()
    search.focus()
  } else if (ev.key === 'Escape' && !typing) {
    if (focusSet) clearFocus()
    else select(null)
  } else if (!typing && (ev.key === '+' || ev.key === '=')) void renderer.getCamera().animatedZoom({duration: 200})
  else if (!typing && ev.key === '-') void renderer.getCamera().animatedUnzoom({duration: 200})
  else if (!typing && ev.key === '0') fitKey()
  else if (!typing && ev.key === 'f' && selected) focusOn(selected, depthValue())
  else if ((ev.key === 'ArrowDown' || ev.key === 'ArrowUp') && target.closest('#outline')) {
    const list = [...document.querySelectorAll<HTMLButtonElement>('#outline button')].filter((b) => b.offsetParent !== null)
    const i = list.indexOf(target as HTMLButtonElement)
    const next = list[i + (ev.key === 'ArrowDown' ? 1 : -1)]
    if (next) {
      ev.preventDefault()
      next.focus()
    }
  }
})

// ---- opening: a large graph collapsed by module, as many modules expanded as the budget allows ----
/** The label size (pixels) at which the drawing of what is shown now fits the canvas. */
function fitFont(): number {
  computeShown()
  relayout()
  const {width, height} = container.getBoundingClientRect()
  const scale = Math.min((width - 24) / drawingBox.width, (height - 24) / drawingBox.height, MAX_FIT_SCALE)
  return scale * G.font
}
function openingCollapse(): void {
  if (!treeMode) return
  if (nodes.length <= OPEN_EXPANDED_MAX && fitFont() >= OPEN_FONT) return
  for (const g of groups.values()) if (g.address !== '' && g.size > 0) collapsed.add(g.address)
  let count = groups.get('')!.leaves.length + groups.get('')!.children.length
  const queue = [...groups.get('')!.children]
  // breadth first: a module is expanded if what it adds keeps the budget and the labels readable (the layout decides)
  while (queue.length > 0) {
    const m = queue.shift()!
    const g = groups.get(m)!
    const add = g.leaves.length + g.children.length
    if (!collapsed.has(m) || count + add > OPEN_BUDGET) continue
    collapsed.delete(m)
    if (fitFont() < OPEN_FONT) {
      collapsed.add(m)
      continue
    }
    count += add
    queue.push(...g.children)
  }
}

buildLegend()
openingCollapse()
buildOutline()
performance.mark('tfgraph-outline')
buildDiagnostics()
showPanel(null)
update()
performance.mark('tfgraph-layout')
// what fits at a readable size: all of it, or its top left corner with READABLE_FONT labels
show(drawingBox, false)
// the nodes the page can draw: the graph's, and the modules the resources view draws its resources in
$('count').textContent =
  `${plural(nodes.length + made.size, 'node')}${made.size > 0 ? ` (${plural(nodes.length, 'resource')}, ${plural(made.size, 'module')})` : ''}, ${plural(data.edges.length, 'edge')} · ${data.view} view · layout ${treeMode ? 'module tree' : data.layout}`

// for tests and scripts: counts, what is shown and where
declare global {
  interface Window {
    tfgraph: unknown
  }
}
window.tfgraph = {
  renderer,
  graph,
  nodeCount: nodes.length,
  edgeCount: data.edges.length,
  visibleNodes: () => nodes.filter((n) => shown.has(n.id)).length,
  drawnCounts,
  /** The fans shown: id, label and the module they are in. */
  fans: () =>
    [...fans.keys()].filter((id) => shown.has(id)).map((id) => ({id, label: labelOf(items.get(id)!), module: fans.get(id)!.module})),
  openFan,
  /** The providers-map entries drawn before the node they reach. */
  lanes: () => [...lanes].filter(([id]) => shown.has(id)).map(([id, text]) => ({id, text})),
  canvasWidth: () => container.clientWidth,
  shownIds: () => [...shown],
  collapsedModules: () => [...collapsed].sort(),
  nodeViewport(id: string): {x: number; y: number} | null {
    const d = renderer.getNodeDisplayData(id)
    return d ? renderer.framedGraphToViewport(d) : null
  },
  /** Every shown node's circle on screen: centre and radius in CSS pixels. */
  nodeDiscs: () =>
    [...shown].flatMap((id) => {
      const d = renderer.getNodeDisplayData(id)
      if (!d) return []
      const p = renderer.framedGraphToViewport(d)
      return [{id, x: p.x, y: p.y, r: renderer.scaleSize(d.size)}]
    }),
  /** The labels drawn in the last frame, in CSS pixels of the canvas. */
  labelBoxes: () => lastLabels.slice(),
  /** Edges not drawn because they join a module to the nodes of its grid. */
  gridEdges: () => gridEdges,
  /** The nodes labelled as the path to the match a search selected. */
  searchPath: () => [...searchPath],
  /** The box the last hover drew: CSS pixels of the canvas, and its lines (2: the label and its providers-map entry). */
  hoverBox: () => hoverBox,
  collapse: (m: string, on = true) => setCollapsed(m, on),
  expandAll: () => {
    collapsed.clear()
    for (const f of fans.keys()) fanOpen.add(f)
    update()
    fit(drawingBox, false)
  },
  select,
  focusOn,
}
// ready once the first frame is on screen (the rAF after the one sigma draws in)
requestAnimationFrame(() =>
  requestAnimationFrame(() => {
    performance.mark('tfgraph-ready')
    document.body.dataset['ready'] = 'true'
  }),
)
