// A Terraform Stacks directory's analysis in the shape of a module tree's (analysis.ts), for the outputs
// that read one: the components' analyses are in its `stack`.
import {ModulePath} from '../../addrs/module.js'
import type {DiagnosticPlace} from '../../addrs/stack.js'
import {sortDiagnostics, type Diagnostic} from '../../diag/diagnostic.js'
import {rootModuleNode, type ModuleTree} from '../../crawl/crawl.js'
import type {ProvidersAnalysis} from '../analysis.js'
import {buildGraph} from '../tree/build-graph.js'
import {resolveProviders} from '../tree/resolve.js'
import type {StackAnalysis} from './stack-analyze.js'

/**
 * A stack's analysis as the analysis of its directory: the directory alone as the module tree (it is no
 * module), no bindings of its own, the stack's and its components' diagnostics.
 */
export function stackProvidersAnalysis(stack: StackAnalysis<ProvidersAnalysis>): ProvidersAnalysis {
  const root = rootModuleNode(stack.dir, {enabled: true, displayDir: '.', module: undefined, variables: new Map()})
  const tree: ModuleTree = {
    rootDir: stack.dir,
    engine: 'terraform',
    root,
    nodes: [root],
    diagnostics: [],
    diagnosticModules: new Map(),
    incomplete: stack.incomplete,
  }
  const resolution = resolveProviders(tree)
  const diagnostics = sortDiagnostics(stack.diagnostics)
  return {
    tree,
    resolution,
    graph: buildGraph(tree, resolution),
    requirements: [],
    diagnostics,
    diagnosticModules: new Map<Diagnostic, DiagnosticPlace>(
      diagnostics.map((d) => [d, stack.diagnosticAddresses.get(d) ?? ModulePath.root]),
    ),
    stack,
    incomplete: stack.incomplete,
  }
}
