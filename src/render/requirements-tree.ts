// `tfgraph providers --requirements`: Terraform's "Providers required by configuration" tree of the
// module tree's provider requirements (providers/requirements.ts), as text.
import type {ModuleNode, ModuleTree} from '../crawl/crawl.js'
import {moduleRequirements} from '../providers/requirements.js'
import {terminalInline} from './terminal-text.js'

/** Terraform's "Providers required by configuration" tree, with each level sorted. */
export function requirementsTree(tree: ModuleTree): string {
  const lines: string[] = ['.']
  // depth first without recursion (a chain of modules can be deeper than the JavaScript stack)
  const pending: {line: string; child?: ModuleNode; childPrefix: string}[] = []
  const expand = (n: ModuleNode, prefix: string): void => {
    const reqs = moduleRequirements(n)
    const children = [...n.children].sort((a, b) => (a.address < b.address ? -1 : 1))
    const items: {label: string; child?: ModuleNode}[] = [
      ...reqs.map((r) => ({label: `provider[${r.provider}]${r.canonical ? ' ' + r.canonical : ''}`})),
      ...children.map((c) => ({label: `module.${c.path[c.path.length - 1] ?? ''}${c.resolved ? '' : ' (not loaded)'}`, child: c})),
    ]
    for (let i = items.length - 1; i >= 0; i--) {
      const it = items[i]!
      const last = i === items.length - 1
      pending.push({
        line: `${prefix}${last ? '└── ' : '├── '}${terminalInline(it.label)}`,
        ...(it.child ? {child: it.child} : {}),
        childPrefix: prefix + (last ? '    ' : '│   '),
      })
    }
  }
  expand(tree.root, '')
  for (let p = pending.pop(); p; p = pending.pop()) {
    lines.push(p.line)
    if (p.child) expand(p.child, p.childPrefix)
  }
  return `\nProviders required by configuration:\n${lines.join('\n')}\n\n`
}
