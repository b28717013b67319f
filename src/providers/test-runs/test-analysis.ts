// What the analysis of a root module's test files returns and takes (test-runs.ts).
import type {ModulePath} from '../../addrs/module.js'
import type {AbsProviderConfig} from '../../addrs/provider.js'
import type {ResourceAddr, ResourceMode} from '../../addrs/resource.js'
import type {Diagnostic, SourceRange} from '../../diag/diagnostic.js'
import type {ModuleTree} from '../../crawl/crawl.js'
import type {RunModuleInfo, RunModuleOptions} from '../../crawl/run-module.js'
import type {RunContext} from '../../load/run-context.js'
import type {TestProviderBlock} from '../../load/test-files.js'
import type {DeclaredBy, ResolutionStep} from '../tree/resolve.js'

export interface TestRunBinding {
  readonly address: ResourceAddr
  readonly module: ModulePath
  readonly mode: ResourceMode
  /** The provider it uses (`host/namespace/type`). */
  readonly provider: string
  /** The configuration in the module under test (as `providers` shows it). */
  readonly providerConfig: AbsProviderConfig | undefined
  /** The test file's block that serves it, by the address the file gives it: `provider["…/aws"].w`; undefined: none. */
  readonly testProviderConfig: string | undefined
  readonly mock: boolean
  readonly resolution: readonly ResolutionStep[]
  readonly range: SourceRange
  readonly declaredBy?: DeclaredBy
}

export interface TestRunAnalysis {
  readonly file: string
  readonly name: string
  readonly command: 'apply' | 'plan'
  readonly range: SourceRange
  /** The module a `module` block runs instead of the module under test. */
  readonly module?: RunModuleInfo
  /** That module's tree (a run of the module under test has none of its own). */
  readonly tree?: ModuleTree
  readonly resources: readonly TestRunBinding[]
  /** Errors Terraform gives this run before it plans anything, and tfgraph's explanation beside them. */
  readonly diagnostics: readonly Diagnostic[]
}

export interface TestFileAnalysis {
  readonly path: string
  readonly providers: ReadonlyMap<string, TestProviderBlock>
  readonly runs: readonly TestRunAnalysis[]
  /** The file's own diagnostics: how it is written, and provider types its runs disagree on. */
  readonly diagnostics: readonly Diagnostic[]
}

export interface TestsAnalysis {
  readonly testDirectory: string
  readonly files: readonly TestFileAnalysis[]
  /** OpenTofu: `.tftest.*` files not read because a `.tofutest.*` twin is there. */
  readonly shadowed: ReadonlyMap<string, string>
  /** Every diagnostic of the test files and their runs, sorted. */
  readonly diagnostics: readonly Diagnostic[]
}

export interface TestsOptions extends RunModuleOptions {
  readonly context?: RunContext
  /** The test directory relative to the root (default `tests`). */
  readonly testDirectory?: string
}
