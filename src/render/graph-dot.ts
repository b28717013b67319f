// `tfgraph graph --format dot`: Graphviz DOT. The resources view in its Terraform form prints exactly
// what `terraform graph` (≥1.7, resource-only) prints; every other graph is drawn left to right with
// one style per node kind and mark, clusters per module, and every string quoted and escaped. A node
// marked not installed, not loaded or legacy says why in its tooltip (the <title> of the SVG).
//
// For `--format svg` (Graphviz compiled to WebAssembly, which has no fonts and measures text with tables
// of its own) the DOT names Helvetica, whose metrics Graphviz knows, and gives every node a width its
// label fits in whichever sans-serif font draws it (text-width.ts: the wider of DejaVu Sans and Liberation
// Sans, character by character).
import type {ExportGraph, GraphEdge, GraphNode} from '../export/model.js'
import {visible} from '../export/text.js'
import {textWidth} from './text-width.js'

export interface DotOptions {
  /** DOT for Graphviz compiled to WebAssembly, to be drawn as SVG: Helvetica, and node widths that fit. */
  readonly svg?: boolean
}

/** Graphviz's own padding of a label inside a node (4 × GAP across, shapes.c), in points. */
const LABEL_PAD = 16
const NODE_FONT_SIZE = 11
/** Graphviz's default (and minimum) node width, in inches. */
const MIN_WIDTH = 0.75

/**
 * The width (inches) a node needs for its label in any of the fonts text-width.ts knows: the widest
 * line plus Graphviz's padding; a hexagon holds its label in an inscribed ellipse (shapes.c poly_init).
 */
function fittingWidth(label: string, shape: string | undefined, fontSize = NODE_FONT_SIZE): string {
  const text = Math.max(...label.split('\n').map((line) => textWidth(visible(line), fontSize))) + LABEL_PAD
  const points = shape === 'hexagon' ? (text * Math.SQRT2) / Math.cos(Math.PI / 6) : text
  return String(Math.max(MIN_WIDTH, Math.ceil((points / 72) * 100) / 100))
}

/**
 * A DOT quoted string; `\n` in `s` becomes a centred line break. Backslashes and quotes are escaped, and
 * `&` is written `&amp;` because Graphviz decodes HTML entities (`&quot;`, `&#35;`) in labels.
 */
export function dotString(s: string): string {
  return (
    '"' +
    s
      .split('\n')
      .map((line) => visible(line).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/&/g, '&amp;'))
      .join('\\n') +
    '"'
  )
}

const GO_ESCAPES: Readonly<Record<string, string>> = {
  '\u0007': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\u000b': '\\v',
  '\\': '\\\\',
  '"': '\\"',
}

/**
 * Go's `%q` (strconv.Quote) for the strings Terraform prints: escapes, \xNN for other control bytes.
 * Not src/diag/go-quote.ts: this one also writes every UTF-16 surrogate as \uNNNN (an astral character
 * becomes a pair) and keeps non-ASCII characters Go would escape (U+00A0, unassigned code points), so
 * sharing that one would change DOT output for such names.
 */
export function goQuote(s: string): string {
  // eslint-disable-next-line no-control-regex
  return (
    '"' +
    s.replace(
      /[\u0000-\u001f\u007f"\\]|[\u0080-\u009f\u2028\u2029]|[\ud800-\udfff]/g,
      (c) =>
        GO_ESCAPES[c] ??
        (c.charCodeAt(0) < 0x80
          ? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`
          : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    ) +
    '"'
  )
}

/** Terraform's resource-only DOT (internal/command/graph.go resourceOnlyGraph), byte for byte (not with `svg`). */
export function renderTerraformResourcesDot(g: ExportGraph, opts: DotOptions = {}): string {
  const font = opts.svg ? 'Helvetica' : 'sans-serif'
  const out = ['digraph G {', '  rankdir = "RL";', `  node [shape = rect, fontname = "${font}"];`]
  if (g.nodes.length === 0) {
    out.push(
      '  /* This configuration does not contain any resources.         */',
      '  /* For a more detailed graph, try: terraform graph -type=plan */',
    )
  }
  let current = ''
  for (const n of g.nodes) {
    if (n.module !== current) {
      if (current !== '') out.push('  }')
      current = n.module
      out.push(`  subgraph ${goQuote('cluster_' + current)} {`, `    label = ${goQuote(current)}`, `    fontname = "${font}"`)
    }
    // Graphviz's default font size, 14
    const width = opts.svg ? `, width=${fittingWidth(n.label, 'rect', 14)}` : ''
    out.push(`${current === '' ? '  ' : '    '}${goQuote(n.id)} [label=${goQuote(n.label)}${width}];`)
  }
  if (current !== '') out.push('  }')
  for (const e of g.edges) out.push(`  ${goQuote(e.from)} -> ${goQuote(e.to)};`)
  out.push('}')
  return out.join('\n') + '\n'
}

type Attrs = Record<string, string>

/** Why a node is marked, for its tooltip. */
function nodeTooltip(n: GraphNode): string | undefined {
  const m = new Set(n.marks)
  const reason = n.attributes['unresolved_reason']
  if (m.has('unresolved')) return `${n.address}: ${typeof reason === 'string' ? reason : 'not loaded'}`
  if (m.has('legacy') && n.kind === 'module')
    return `${n.address}: legacy module — it has provider blocks of its own, so calls to it cannot use count, for_each or depends_on`
  if (m.has('legacy')) return `${n.address}: a provider block inside a module that is not the root (legacy)`
  if (m.has('no-provider')) return `${n.address}: no provider configuration was found for it`
  if (m.has('state-only')) return `${n.address}: only the state names it: the configuration removed it`
  if (m.has('orphan')) return `objects of the state the configuration no longer declares`
  return undefined
}

function nodeAttrs(n: GraphNode, opts: DotOptions): Attrs {
  const a: Attrs = {label: n.label}
  const style: string[] = []
  const m = new Set(n.marks)
  switch (n.kind) {
    case 'module':
      style.push('rounded')
      if (m.has('multi-instance')) a['shape'] = 'box3d'
      if (m.has('root')) style.push('bold')
      if (m.has('shared-dir')) a['peripheries'] = '2'
      break
    case 'provider-config':
      a['shape'] = 'hexagon'
      if (m.has('implied')) style.push('dashed')
      break
    case 'resource':
      if (m.has('data')) a['shape'] = 'note'
      if (m.has('ephemeral')) style.push('dotted')
      break
    case 'resource-group':
      a['shape'] = 'folder'
      break
  }
  if (m.has('legacy')) (style.push('filled'), (a['fillcolor'] = '#fff2cc'))
  if (m.has('unresolved') || m.has('no-provider') || m.has('state-only'))
    (style.push('dashed'), (a['color'] = '#b00000'), (a['fontcolor'] = '#b00000'))
  if (m.has('orphan')) (style.push('dashed'), (a['color'] = '#888888'))
  if (style.length > 0) a['style'] = [...new Set(style)].join(',')
  const tooltip = nodeTooltip(n)
  if (tooltip !== undefined) a['tooltip'] = tooltip
  if (opts.svg) a['width'] = fittingWidth(n.label, a['shape'])
  return a
}

function edgeAttrs(e: GraphEdge, view: ExportGraph['view']): Attrs {
  const a: Attrs = {}
  if (e.label !== null) a['label'] = e.label
  switch (e.kind) {
    case 'calls':
      // the providers view draws a call only where no configuration travels along it: grey, thin
      if (view === 'providers') a['color'] = '#999999'
      break
    case 'provides':
      a['style'] = 'dotted'
      a['arrowhead'] = 'none'
      break
    case 'passes':
      a['color'] = '#1f5fa8'
      a['fontcolor'] = '#1f5fa8'
      break
    case 'inherits':
      a['style'] = 'dashed'
      a['color'] = '#5a8f29'
      a['fontcolor'] = '#5a8f29'
      break
    case 'uses':
      a['color'] = '#666666'
      if (e.attributes['state'] === true) a['style'] = 'dashed'
      break
    default:
      break
  }
  return a
}

function attrList(a: Attrs): string {
  const parts = Object.entries(a).map(([k, v]) => `${k} = ${dotString(v)}`)
  return parts.length === 0 ? '' : ` [${parts.join(', ')}]`
}

export function renderGraphDot(g: ExportGraph, opts: DotOptions = {}): string {
  if (g.terraformResources) return renderTerraformResourcesDot(g, opts)
  const font = opts.svg ? 'Helvetica' : 'sans-serif'
  const out = [
    `digraph ${dotString('tfgraph ' + g.view)} {`,
    `  rankdir = "${g.view === 'resources' ? 'RL' : 'LR'}";`,
    `  node [shape = "box", fontname = "${font}", fontsize = "${NODE_FONT_SIZE}"];`,
    `  edge [fontname = "${font}", fontsize = "9"];`,
  ]
  if (g.nodes.length === 0) out.push('  /* nothing to show */')
  const byCluster = new Map<string, GraphNode[]>()
  const clusterIds = new Set(g.clusters.map((c) => c.id))
  for (const n of g.nodes) {
    if (n.cluster === null || !clusterIds.has(n.cluster)) out.push(`  ${dotString(n.id)}${attrList(nodeAttrs(n, opts))};`)
    else byCluster.set(n.cluster, [...(byCluster.get(n.cluster) ?? []), n])
  }
  for (const c of g.clusters) {
    out.push(
      `  subgraph ${dotString(c.id.startsWith('cluster') ? c.id : 'cluster_' + c.id)} {`,
      `    label = ${dotString(c.label)};`,
      `    fontname = "${font}";`,
    )
    for (const n of byCluster.get(c.id) ?? []) out.push(`    ${dotString(n.id)}${attrList(nodeAttrs(n, opts))};`)
    out.push('  }')
  }
  for (const e of g.edges) out.push(`  ${dotString(e.from)} -> ${dotString(e.to)}${attrList(edgeAttrs(e, g.view))};`)
  out.push('}')
  return out.join('\n') + '\n'
}
