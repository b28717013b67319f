// `tfgraph graph --format dot`: Graphviz DOT. The resources view in its Terraform form prints exactly
// what `terraform graph` (≥1.7, resource-only) prints; every other graph is drawn left to right with
// one style per node kind and mark, clusters per module, and every string quoted and escaped.
import type {ExportGraph, GraphEdge, GraphNode} from '../export/model.js'
import {visible} from '../export/text.js'

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

/** Terraform's resource-only DOT (internal/command/graph.go resourceOnlyGraph), byte for byte. */
export function renderTerraformResourcesDot(g: ExportGraph): string {
  const out = ['digraph G {', '  rankdir = "RL";', '  node [shape = rect, fontname = "sans-serif"];']
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
      out.push(`  subgraph ${goQuote('cluster_' + current)} {`, `    label = ${goQuote(current)}`, `    fontname = "sans-serif"`)
    }
    out.push(`${current === '' ? '  ' : '    '}${goQuote(n.id)} [label=${goQuote(n.label)}];`)
  }
  if (current !== '') out.push('  }')
  for (const e of g.edges) out.push(`  ${goQuote(e.from)} -> ${goQuote(e.to)};`)
  out.push('}')
  return out.join('\n') + '\n'
}

type Attrs = Record<string, string>

function nodeAttrs(n: GraphNode): Attrs {
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
  if (m.has('unresolved') || m.has('no-provider')) (style.push('dashed'), (a['color'] = '#b00000'), (a['fontcolor'] = '#b00000'))
  if (style.length > 0) a['style'] = [...new Set(style)].join(',')
  return a
}

function edgeAttrs(e: GraphEdge): Attrs {
  const a: Attrs = {}
  if (e.label !== null) a['label'] = e.label
  switch (e.kind) {
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

export function renderGraphDot(g: ExportGraph): string {
  if (g.terraformResources) return renderTerraformResourcesDot(g)
  const out = [
    `digraph ${dotString('tfgraph ' + g.view)} {`,
    `  rankdir = "${g.view === 'resources' ? 'RL' : 'LR'}";`,
    '  node [shape = "box", fontname = "sans-serif", fontsize = "11"];',
    '  edge [fontname = "sans-serif", fontsize = "9"];',
  ]
  if (g.nodes.length === 0) out.push('  /* nothing to show */')
  const byCluster = new Map<string, GraphNode[]>()
  const clusterIds = new Set(g.clusters.map((c) => c.id))
  for (const n of g.nodes) {
    if (n.cluster === null || !clusterIds.has(n.cluster)) out.push(`  ${dotString(n.id)}${attrList(nodeAttrs(n))};`)
    else byCluster.set(n.cluster, [...(byCluster.get(n.cluster) ?? []), n])
  }
  for (const c of g.clusters) {
    out.push(
      `  subgraph ${dotString(c.id.startsWith('cluster') ? c.id : 'cluster_' + c.id)} {`,
      `    label = ${dotString(c.label)};`,
      '    fontname = "sans-serif";',
    )
    for (const n of byCluster.get(c.id) ?? []) out.push(`    ${dotString(n.id)}${attrList(nodeAttrs(n))};`)
    out.push('  }')
  }
  for (const e of g.edges) out.push(`  ${dotString(e.from)} -> ${dotString(e.to)}${attrList(edgeAttrs(e))};`)
  out.push('}')
  return out.join('\n') + '\n'
}
