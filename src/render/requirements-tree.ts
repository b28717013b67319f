// `tfgraph providers --requirements`: Terraform's "Providers required by configuration" tree of the
// module tree's provider requirements (providers/tree/requirements.ts), as text.
import type {ModuleNode, ModuleTree} from '../crawl/crawl.js'
import {moduleRequirements} from '../providers/tree/requirements.js'
import type {TestsAnalysis} from '../providers/test-runs/test-runs.js'
import {terminalInline} from './terminal-text.js'

/** One line of the tree and what opens below it: a module (its requirements and calls), or a test file's runs. */
interface Item {
  readonly label: string
  readonly child?: ModuleNode
  readonly runs?: readonly {readonly name: string; readonly root: ModuleNode}[]
}

/**
 * Terraform's "Providers required by configuration" tree, with each level sorted. With the root module's
 * tests, each test file is a `test.<name>` branch and each run that executes another module a `run.<name>`
 * branch with that module's requirements (Terraform lists no test file's own provider blocks).
 */
export function requirementsTree(tree: ModuleTree, tests?: TestsAnalysis): string {
  const lines: string[] = ['.']
  // depth first without recursion (a chain of modules can be deeper than the JavaScript stack)
  const pending: {line: string; item: Item; childPrefix: string}[] = []
  const push = (items: readonly Item[], prefix: string): void => {
    for (let i = items.length - 1; i >= 0; i--) {
      const it = items[i]!
      const last = i === items.length - 1
      pending.push({
        line: `${prefix}${last ? '└── ' : '├── '}${terminalInline(it.label)}`,
        item: it,
        childPrefix: prefix + (last ? '    ' : '│   '),
      })
    }
  }
  const testItems = (n: ModuleNode): Item[] =>
    n === tree.root && tests
      ? tests.files.map((f) => ({
          label: `test.${f.path
            .replace(/\.tftest\.hcl$/, '')
            .split('/')
            .join('.')}`,
          runs: f.runs.flatMap((r) => (r.tree ? [{name: r.name, root: r.tree.root}] : [])),
        }))
      : []
  const expand = (n: ModuleNode, prefix: string): void => {
    const reqs = moduleRequirements(n)
    const children = [...n.children].sort((a, b) => (a.addr.key < b.addr.key ? -1 : 1))
    push(
      [
        ...reqs.map((r) => ({label: `provider[${r.provider}]${r.canonical ? ' ' + r.canonical : ''}`})),
        ...testItems(n),
        ...children.map((c) => ({label: `module.${c.path[c.path.length - 1] ?? ''}${c.resolved ? '' : ' (not loaded)'}`, child: c})),
      ],
      prefix,
    )
  }
  expand(tree.root, '')
  for (let p = pending.pop(); p; p = pending.pop()) {
    lines.push(p.line)
    if (p.item.child) expand(p.item.child, p.childPrefix)
    if (p.item.runs)
      push(
        p.item.runs.map((r) => ({label: `run.${r.name}`, child: r.root})),
        p.childPrefix,
      )
  }
  return `\nProviders required by configuration:\n${lines.join('\n')}\n\n`
}
