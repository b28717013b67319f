// The browser side of `tfgraph graph --format html`, bundled by scripts/bundle.mjs (esbuild) into
// dist/viewer/viewer.js and inlined into every page. Reads the page's data from
// <script id="tfgraph-data" type="application/json">, draws it with sigma.js (WebGL) at the positions
// computed when the page was written, and builds every other element with textContent: names from the
// configuration are data here, never markup.
import Graph from 'graphology'
import Sigma from 'sigma'

interface PageNode {
  id: string
  kind: 'module' | 'provider-config' | 'resource' | 'resource-group'
  address: string
  module: string
  label: string
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

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T
function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, cls?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag)
  if (text !== undefined) e.textContent = text
  if (cls) e.className = cls
  return e
}

performance.mark('tfgraph-start')
const data = JSON.parse($('tfgraph-data').textContent ?? '{}') as PageData
const nodes = data.nodes
const byId = new Map(nodes.map((n, i) => [n.id, i]))

// ---- colours: one per provider configuration, from a palette per theme ----
const LIGHT = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#9467bd',
  '#ff7f0e',
  '#17becf',
  '#8c564b',
  '#e377c2',
  '#bcbd22',
  '#7f7f7f',
  '#393b79',
  '#637939',
]
const DARK = [
  '#6fb1ff',
  '#ff7a7a',
  '#6fd66f',
  '#c9a6ff',
  '#ffb347',
  '#5fe0f0',
  '#d2a07e',
  '#ff9fdc',
  '#e0e060',
  '#b8b8b8',
  '#9ea6ff',
  '#b6d36a',
]
const dark = window.matchMedia('(prefers-color-scheme: dark)')
const colorKeys = [...new Set(nodes.map((n) => n.color).filter((c): c is string => c !== null))].sort()
// the theme's colours, read once (getComputedStyle in a reducer would run for every node of every frame)
const theme = {fg: '', muted: '', line: '', accent: ''}
function readTheme(): void {
  const style = getComputedStyle(document.documentElement)
  for (const k of Object.keys(theme) as (keyof typeof theme)[]) theme[k] = style.getPropertyValue(`--${k}`).trim()
}
readTheme()
const css = (name: string): string => theme[name.slice(2) as keyof typeof theme]
function palette(): string[] {
  return dark.matches ? DARK : LIGHT
}
function colorOf(n: PageNode): string {
  if (n.color === null) return n.kind === 'module' ? css('--muted') : css('--muted')
  const i = colorKeys.indexOf(n.color)
  const p = palette()
  return p[i % p.length] ?? '#888'
}

// ---- the graph ----
const graph = new Graph({type: 'directed', multi: true, allowSelfLoops: true})
const SIZE: Record<PageNode['kind'], number> = {module: 9, 'provider-config': 8, 'resource-group': 6, resource: 4}
nodes.forEach((n) => {
  graph.addNode(n.id, {x: n.x, y: -n.y, size: SIZE[n.kind], label: n.label.split('\n')[0] ?? n.id, color: colorOf(n)})
})
data.edges.forEach((e, i) => {
  const s = nodes[e.s]
  const t = nodes[e.t]
  if (s && t) graph.addEdgeWithKey(`e${i}`, s.id, t.id, {size: 1, color: css('--line'), label: e.label ?? undefined})
})

performance.mark('tfgraph-graph')
// ---- state ----
let selected: string | null = null
let matches: string[] = []
let matchSet = new Set<string>()
let matchIndex = -1
const collapsed = new Set<string>()
let focusSet: Set<string> | null = null
const within = (m: string, c: string): boolean => c === '' || m === c || m.startsWith(c + '.')
function visible(i: number): boolean {
  const n = nodes[i]!
  if (focusSet && !focusSet.has(n.id)) return false
  for (const c of collapsed) if (within(n.module, c) && !(n.kind === 'module' && n.address === c)) return false
  return true
}
let visibleCache: boolean[] = nodes.map((_, i) => visible(i))

const container = $('sigma')
const renderer = new Sigma(graph, container, {
  defaultEdgeType: 'arrow',
  labelColor: {color: css('--fg')},
  labelSize: 11,
  labelRenderedSizeThreshold: nodes.length < 300 ? 3 : 7,
  hideEdgesOnMove: nodes.length > 3000,
  zIndex: true,
  nodeReducer(node, attrs) {
    const i = byId.get(node)!
    const out = {...attrs}
    if (!visibleCache[i]) return {...out, hidden: true}
    if (matches.length > 0) {
      if (matchSet.has(node)) Object.assign(out, {highlighted: true, zIndex: 2})
      else Object.assign(out, {color: css('--line'), label: ''})
    }
    if (node === selected) Object.assign(out, {highlighted: true, size: (attrs['size'] as number) * 1.6, zIndex: 3, forceLabel: true})
    return out
  },
  edgeReducer(edge, attrs) {
    if (selected !== null && (graph.source(edge) === selected || graph.target(edge) === selected))
      return {...attrs, color: css('--accent'), size: 2}
    return attrs
  },
})

performance.mark('tfgraph-sigma')
// ---- outline: modules as nested lists, each node an item with its address ----
const outlineItems = new Map<string, HTMLButtonElement>()
const moduleItems = new Map<string, {li: HTMLLIElement; list: HTMLUListElement; toggle: HTMLButtonElement; count: HTMLSpanElement}>()
function buildOutline(): void {
  const root = el('ul')
  root.setAttribute('role', 'tree')
  root.setAttribute('aria-label', 'Graph outline')
  const modules = new Set<string>([''])
  for (const n of nodes) {
    let m = n.kind === 'module' ? n.address : n.module
    while (m !== '' && !modules.has(m)) {
      modules.add(m)
      m = m.replace(/\.?module\.[^.]+$/, '')
    }
  }
  const parentOf = (m: string): string => m.replace(/\.?module\.[^.]+$/, '')
  const sorted = [...modules].sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0))
  for (const m of sorted) {
    const li = el('li')
    li.setAttribute('role', 'treeitem')
    const toggle = el('button', '▾', 'toggle')
    toggle.setAttribute('aria-expanded', 'true')
    toggle.setAttribute('aria-label', `collapse ${m === '' ? 'root module' : m}`)
    toggle.addEventListener('click', () => setCollapsed(m, !collapsed.has(m)))
    const own = nodes.find((n) => n.kind === 'module' && n.address === m)
    li.append(toggle)
    if (own) {
      const b = el('button', m === '' ? 'root module' : m, 'item module-name')
      b.addEventListener('click', () => select(own.id, true))
      outlineItems.set(own.id, b)
      li.append(b)
    } else li.append(el('span', m === '' ? 'root module' : m, 'module-name'))
    const count = el('span', '', 'hidden-count')
    li.append(' ', count)
    const list = el('ul')
    list.setAttribute('role', 'group')
    li.append(list)
    moduleItems.set(m, {li, list, toggle, count})
  }
  for (const n of nodes) {
    if (n.kind === 'module') continue
    const li = el('li')
    li.setAttribute('role', 'treeitem')
    const b = el('button', n.address || n.id, 'item')
    b.title = `${n.kind}: ${n.label.replace(/\n/g, ' — ')}`
    b.addEventListener('click', () => select(n.id, true))
    outlineItems.set(n.id, b)
    li.append(b)
    moduleItems.get(n.module)?.list.append(li)
  }
  // child modules after the module's own nodes
  for (const m of sorted) (m === '' ? root : moduleItems.get(parentOf(m))!.list).append(moduleItems.get(m)!.li)
  $('outline').append(root)
}

function syncOutline(): void {
  nodes.forEach((n, i) => {
    const b = outlineItems.get(n.id)
    if (b && n.kind !== 'module') (b.parentElement as HTMLElement).hidden = !visibleCache[i]
  })
  for (const [m, item] of moduleItems) {
    const isCollapsed = collapsed.has(m)
    item.list.hidden = isCollapsed
    item.toggle.textContent = isCollapsed ? '▸' : '▾'
    item.toggle.setAttribute('aria-expanded', String(!isCollapsed))
    item.toggle.setAttribute('aria-label', `${isCollapsed ? 'expand' : 'collapse'} ${m === '' ? 'root module' : m}`)
    const inside = nodes.filter((n) => within(n.module, m) && !(n.kind === 'module' && n.address === m))
    item.count.textContent = isCollapsed ? `(${inside.length} hidden)` : ''
    if (focusSet)
      item.li.hidden = !nodes.some((n, i) => visibleCache[i] && (n.kind === 'module' ? within(n.address, m) : within(n.module, m)))
    else item.li.hidden = false
  }
  $('status').textContent = `${visibleCache.filter(Boolean).length} of ${nodes.length} nodes shown`
}

function update(): void {
  visibleCache = nodes.map((_, i) => visible(i))
  syncOutline()
  renderer.refresh()
}

function setCollapsed(m: string, on: boolean): void {
  if (on) collapsed.add(m)
  else collapsed.delete(m)
  update()
}

// ---- selection and the side panel ----
function dl(rows: [string, string | null | undefined][]): HTMLDListElement {
  const d = el('dl')
  for (const [k, v] of rows) if (v !== null && v !== undefined && v !== '') d.append(el('dt', k), el('dd', v))
  return d
}
function linkList(items: string[], empty: string): HTMLElement {
  if (items.length === 0) return el('p', empty, 'muted')
  const ul = el('ul')
  for (const a of items) {
    const li = el('li')
    const id = byId.has(a) ? a : nodes.find((n) => n.address === a)?.id
    if (id !== undefined) {
      const b = el('button', a, 'link')
      b.addEventListener('click', () => select(id, true))
      li.append(b)
    } else li.textContent = a
    ul.append(li)
  }
  return ul
}

function showPanel(id: string | null): void {
  const panel = $('details')
  panel.replaceChildren()
  if (id === null) {
    panel.append(el('p', 'Click a node, or pick one in the outline, to see its details.', 'muted'))
    return
  }
  const n = nodes[byId.get(id)!]!
  const d = data.details[id]
  panel.append(el('h2', n.address || 'root module'))
  panel.append(
    dl([
      ['kind', n.kind],
      ['module', n.module === '' ? 'root' : n.module],
      ['marks', n.marks.join(', ')],
    ]),
  )
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
    panel.append(el('h3', `Used by ${d.resources.length} resource${d.resources.length === 1 ? '' : 's'}`))
    panel.append(linkList(d.resources, 'no resource'))
    panel.append(el('h3', 'Modules receiving it'))
    panel.append(linkList(d.modules, 'none'))
  } else {
    const attrs = Object.entries(n.attributes).filter(([, v]) => v !== null && typeof v !== 'object')
    panel.append(dl(attrs.map(([k, v]) => [k, String(v)])))
  }
  const neighbours = graph.hasNode(id) ? graph.neighbors(id) : []
  panel.append(el('h3', `${neighbours.length} neighbour${neighbours.length === 1 ? '' : 's'}`))
  panel.append(linkList(neighbours.slice(0, 50), 'none'))
}

function select(id: string | null, moveCamera = false): void {
  if (selected) outlineItems.get(selected)?.classList.remove('selected')
  selected = id
  if (id) {
    const item = outlineItems.get(id)
    item?.classList.add('selected')
    item?.scrollIntoView({block: 'nearest'})
    if (moveCamera) {
      const d = renderer.getNodeDisplayData(id)
      if (d) void renderer.getCamera().animate({x: d.x, y: d.y, ratio: Math.min(renderer.getCamera().ratio, 0.5)}, {duration: 300})
    }
  }
  showPanel(id)
  renderer.refresh()
}

renderer.on('clickNode', ({node}) => select(node))
renderer.on('clickStage', () => select(null))

// ---- focus with a depth ----
function focusOn(id: string, depth: number): void {
  const seen = new Set([id])
  let frontier = [id]
  for (let d = 0; d < depth; d++) {
    const next: string[] = []
    for (const f of frontier)
      for (const m of graph.neighbors(f))
        if (!seen.has(m)) {
          seen.add(m)
          next.push(m)
        }
    frontier = next
  }
  focusSet = seen
  $('unfocus').hidden = false
  update()
}
function clearFocus(): void {
  focusSet = null
  $('unfocus').hidden = true
  update()
}
$('focus').addEventListener('click', () => {
  if (selected) focusOn(selected, Number(($('depth') as HTMLInputElement).value) || 0)
})
$('unfocus').addEventListener('click', clearFocus)
$('depth').addEventListener('change', () => {
  if (focusSet && selected) focusOn(selected, Number(($('depth') as HTMLInputElement).value) || 0)
})

// ---- search ----
const search = $('search') as HTMLInputElement
function haystack(n: PageNode): string {
  const d = data.details[n.id]
  const extra = d && d.kind !== 'module' ? d.provider : ''
  return `${n.address}\n${n.label}\n${n.kind}\n${n.module}\n${String(n.attributes['type'] ?? '')}\n${String(n.attributes['provider'] ?? '')}\n${extra}\n${n.color ?? ''}`.toLowerCase()
}
const haystacks = nodes.map(haystack)
function runSearch(): void {
  for (const id of matches) outlineItems.get(id)?.classList.remove('match')
  const q = search.value.trim().toLowerCase()
  matches = q === '' ? [] : nodes.filter((n, i) => visibleCache[i] && haystacks[i]!.includes(q)).map((n) => n.id)
  matchSet = new Set(matches)
  matchIndex = -1
  for (const id of matches) outlineItems.get(id)?.classList.add('match')
  $('matches').textContent = q === '' ? '' : `${matches.length} match${matches.length === 1 ? '' : 'es'}`
  renderer.refresh()
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
function buildLegend(): void {
  const legend = $('legend')
  legend.replaceChildren()
  if (colorKeys.length === 0) {
    legend.hidden = true
    return
  }
  legend.append(el('strong', 'Provider configurations'))
  const ul = el('ul')
  colorKeys.forEach((k, i) => {
    const li = el('li')
    const sw = el('span', '', 'swatch')
    sw.style.background = palette()[i % palette().length] ?? '#888'
    const b = el('button', k, 'link')
    b.addEventListener('click', () => {
      search.value = k
      runSearch()
    })
    li.append(sw, b)
    ul.append(li)
  })
  legend.append(ul)
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
  graph.forEachNode((id) => graph.setNodeAttribute(id, 'color', colorOf(nodes[byId.get(id)!]!)))
  graph.forEachEdge((e) => graph.setEdgeAttribute(e, 'color', css('--line')))
  renderer.setSetting('labelColor', {color: css('--fg')})
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
  else if (!typing && ev.key === '0') void renderer.getCamera().animatedReset({duration: 200})
  else if (!typing && ev.key === 'f' && selected) focusOn(selected, Number(($('depth') as HTMLInputElement).value) || 0)
  else if ((ev.key === 'ArrowDown' || ev.key === 'ArrowUp') && target.closest('#outline')) {
    const items = [...document.querySelectorAll<HTMLButtonElement>('#outline button')].filter((b) => b.offsetParent !== null)
    const i = items.indexOf(target as HTMLButtonElement)
    const next = items[i + (ev.key === 'ArrowDown' ? 1 : -1)]
    if (next) {
      ev.preventDefault()
      next.focus()
    }
  }
})

buildOutline()
performance.mark('tfgraph-outline')
buildLegend()
buildDiagnostics()
showPanel(null)
syncOutline()
$('count').textContent = `${nodes.length} nodes, ${data.edges.length} edges · ${data.view} view · layout ${data.layout}`

// for tests and scripts: counts, and where a node is drawn
declare global {
  interface Window {
    tfgraph: unknown
  }
}
window.tfgraph = {
  renderer,
  graph,
  nodeCount: graph.order,
  edgeCount: graph.size,
  visibleNodes: () => visibleCache.filter(Boolean).length,
  nodeViewport(id: string): {x: number; y: number} | null {
    const d = renderer.getNodeDisplayData(id)
    return d ? renderer.framedGraphToViewport(d) : null
  },
  collapse: setCollapsed,
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
