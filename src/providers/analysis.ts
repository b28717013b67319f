// What `analyzeProviders` returns and takes: the analysis of a directory (a module tree, or a stack's
// components) that every output and the lint pipeline read.
import type {Diagnostic} from '../diag/diagnostic.js'
import type {DiagnosticPlace} from '../addrs/stack.js'
import type {CrawlOptions, ModuleTree} from '../crawl/crawl.js'
import type {ModuleGraph} from './tree/build-graph.js'
import type {ModuleRequirement} from './tree/requirements.js'
import type {InboundConfig, Resolution, SharedModule} from './tree/resolve.js'
import type {TestsAnalysis} from './test-runs/test-runs.js'
import type {StackAnalysis} from './stacks/stack-analyze.js'

export interface ProvidersAnalysis {
  readonly tree: ModuleTree
  readonly resolution: Resolution
  readonly graph: ModuleGraph
  readonly requirements: readonly ModuleRequirement[]
  readonly diagnostics: readonly Diagnostic[]
  /** The module (for a stack: the place of the stack) each diagnostic concerns, where it is known. */
  readonly diagnosticModules: ReadonlyMap<Diagnostic, DiagnosticPlace>
  /** Set when the directory is analysed as a shared module (its required_providers declares configuration_aliases). */
  readonly sharedModule?: SharedModule
  /** The root module's test files and the bindings of each run, when asked for (their diagnostics are in `diagnostics` too). */
  readonly tests?: TestsAnalysis
  /**
   * Set when the directory is a Terraform Stacks configuration: its components, each with its module tree's
   * analysis; `tree` is then the directory alone (no module), and `diagnostics` holds the stack's and its components'.
   */
  readonly stack?: StackAnalysis<ProvidersAnalysis>
  /** The root directory holds test files and no configuration files (Terraform 1.12 and later run it). */
  readonly testsOnly?: true
  readonly incomplete: boolean
}

export interface AnalyzeOptions extends CrawlOptions {
  /** Also read the root module's test files and analyse their runs; `directory`: the test directory (default `tests`). */
  readonly tests?: boolean | {readonly directory?: string}
  /**
   * The root module's configurations come from outside its tree (a stack component's providers map): made from
   * the crawled tree, given to the resolver. Such a directory is analysed as a module, never as a stack.
   */
  readonly inbound?: (tree: ModuleTree) => readonly InboundConfig[]
}
