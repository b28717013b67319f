// `tfgraph graph --format mermaid`: a Mermaid `flowchart`. The resources view in its Terraform form
// prints what `terraform graph -format=mermaid` (Terraform 1.16) prints whenever Terraform's node ids
// are valid Mermaid ids; other graphs get ids derived from addresses (`m_`, `p_`, `r_`, `g_` + the
// address with other characters as `_`), quoted labels with Mermaid entity codes, and classes per mark.
import type {ExportGraph, GraphMark, GraphNode, GraphNodeKind} from '../export/model.js'
import {visible} from '../export/text.js'

/** A quoted Mermaid label: entity codes for `#"<>&` and backticks; '\n' in `s` becomes `<br>`. */
export function mermaidLabel(s: string): string {
  const esc = (line: string): string =>
    visible(line)
      .replace(/#/g, '#35;')
      .replace(/&/g, '#amp;')
      .replace(/"/g, '#quot;')
      .replace(/</g, '#lt;')
      .replace(/>/g, '#gt;')
      .replace(/`/g, '#96;')
  return '"' + s.split('\n').map(esc).join('<br>') + '"'
}

/** Terraform's MermaidEscapeLabel (internal/dag/mermaid.go). */
function terraformMermaidLabel(s: string): string {
  return '"' + s.replace(/\n/g, ' ').replace(/"/g, '&quot;') + '"'
}

// Words Mermaid's flowchart grammar takes as keywords at the start of a statement.
const KEYWORDS = new Set([
  'end',
  'subgraph',
  'graph',
  'flowchart',
  'flowchart-elk',
  'style',
  'linkstyle',
  'classdef',
  'class',
  'click',
  'call',
  'href',
  'callback',
  'direction',
  'default',
  'interpolate',
  'acctitle',
  'accdescr',
])
const SEGMENT = /^[\p{L}_][\p{L}\p{N}_]*(?:-[\p{L}\p{N}_]+)*$/u

/** Whether Terraform's raw address works as a Mermaid node id (as it does for every usual address). */
function terraformIdOk(id: string): boolean {
  const parts = id.split('.')
  return parts.every((p) => SEGMENT.test(p)) && !KEYWORDS.has((parts[0] ?? '').toLowerCase())
}

function renderTerraformResourcesMermaid(g: ExportGraph): string {
  const out = ['flowchart LR']
  if (g.nodes.length === 0) {
    out.push('  %% This configuration does not contain any resources.', '  %% For a more detailed graph, try: terraform graph -type=plan')
    return out.join('\n') + '\n'
  }
  let current = ''
  for (const n of g.nodes) {
    if (n.module !== current) {
      if (current !== '') out.push('  end')
      current = n.module
      out.push(`  subgraph ${current}`)
    }
    out.push(`${current === '' ? '  ' : '    '}${n.id}[${terraformMermaidLabel(n.label)}]`)
  }
  if (current !== '') out.push('  end')
  for (const e of g.edges) out.push(`  ${e.from} --> ${e.to}`)
  return out.join('\n') + '\n'
}

/** Mermaid's default `maxEdges` (a render-time limit that a diagram cannot raise for itself). */
const MERMAID_MAX_EDGES = 500

const PREFIX: Readonly<Record<GraphNodeKind, string>> = {module: 'm_', 'provider-config': 'p_', resource: 'r_', 'resource-group': 'g_'}

/** Stable Mermaid ids: a kind prefix and the id with every other character as `_`; `_2`, `_3` on clashes. */
export function mermaidIds(g: ExportGraph): Map<string, string> {
  const ids = new Map<string, string>()
  const used = new Set<string>()
  const make = (base: string): string => {
    let id = base
    for (let i = 2; used.has(id); i++) id = `${base}_${i}`
    used.add(id)
    return id
  }
  for (const n of g.nodes) ids.set(n.id, make(PREFIX[n.kind] + (n.id.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '') || 'x')))
  for (const c of g.clusters)
    ids.set(`cluster:${c.id}`, make('c_' + (c.module.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '') || 'x')))
  return ids
}

function shape(n: GraphNode): [string, string] {
  const m = new Set(n.marks)
  switch (n.kind) {
    case 'module':
      return m.has('multi-instance') ? ['[[', ']]'] : ['(', ')']
    case 'provider-config':
      return ['{{', '}}']
    case 'resource':
      return m.has('data') ? ['[/', '/]'] : ['[', ']']
    case 'resource-group':
      return ['[(', ')]']
  }
}

const CLASSES: readonly [GraphMark, string][] = [
  ['root', 'stroke-width:3px'],
  ['unresolved', 'stroke:#b00000,stroke-dasharray:4 3,color:#b00000'],
  ['no-provider', 'stroke:#b00000,stroke-dasharray:4 3,color:#b00000'],
  ['legacy', 'fill:#fff2cc'],
  ['shared-dir', 'stroke-width:2px,stroke-dasharray:1 2'],
  ['implied', 'stroke-dasharray:4 3'],
  ['ephemeral', 'stroke-dasharray:1 2'],
  ['state-only', 'stroke:#b00000,stroke-dasharray:4 3,color:#b00000'],
  ['orphan', 'stroke:#888888,stroke-dasharray:4 3'],
]

export function renderGraphMermaid(g: ExportGraph): string {
  if (g.terraformResources && g.nodes.every((n) => terraformIdOk(n.id)) && g.clusters.every((c) => terraformIdOk(c.module)))
    return renderTerraformResourcesMermaid(g)
  const ids = mermaidIds(g)
  const id = (key: string): string => ids.get(key) ?? 'x'
  const out = [`flowchart ${g.view === 'resources' ? 'RL' : 'LR'}`]
  if (g.nodes.length === 0) out.push('  %% nothing to show')
  if (g.edges.length > MERMAID_MAX_EDGES)
    out.push(
      `  %% ${g.edges.length} edges: Mermaid draws at most ${MERMAID_MAX_EDGES} unless initialised with a higher maxEdges; --collapse or --focus make the chart smaller`,
    )
  const line = (n: GraphNode, pad: string): string => {
    const [open, close] = shape(n)
    return `${pad}${id(n.id)}${open}${mermaidLabel(n.label)}${close}`
  }
  const clusterIds = new Set(g.clusters.map((c) => c.id))
  for (const n of g.nodes) if (n.cluster === null || !clusterIds.has(n.cluster)) out.push(line(n, '  '))
  for (const c of g.clusters) {
    out.push(`  subgraph ${id(`cluster:${c.id}`)} [${mermaidLabel(c.label)}]`)
    for (const n of g.nodes) if (n.cluster === c.id) out.push(line(n, '    '))
    out.push('  end')
  }
  for (const e of g.edges) {
    const arrow = e.kind === 'inherits' || e.kind === 'provides' || e.attributes['state'] === true ? '-.->' : '-->'
    out.push(`  ${id(e.from)} ${arrow}${e.label !== null ? `|${mermaidLabel(e.label)}|` : ''} ${id(e.to)}`)
  }
  for (const [mark, css] of CLASSES) {
    const members = g.nodes.filter((n) => n.marks.includes(mark)).map((n) => id(n.id))
    if (members.length === 0) continue
    out.push(`  classDef ${mark.replace(/-/g, '_')} ${css}`, `  class ${members.join(',')} ${mark.replace(/-/g, '_')}`)
  }
  return out.join('\n') + '\n'
}
