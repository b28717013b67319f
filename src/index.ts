// tfgraph's public API: seven entry points that take a directory or files in memory and return data,
// the documents the commands print as JSON, the graph renderers, and the types they use. Everything
// else under src/ is internal and may change. See docs/library.md.
export {
  analyze,
  lint,
  checkLock,
  loadConfig,
  exportGraph,
  providersDiff,
  openWorkspace,
  type AnalysisInput,
  type AnalysisOptions,
  type Analysis,
  type LintApiOptions,
  type LockApiOptions,
  type ProvidersDiffOptions,
  type ProvidersDiffResult,
  type WorkspaceApiOptions,
} from './api.js'
export type {Workspace, RootAnalysis, RootKind, Finding} from './lint/workspace.js'
export type {ProvidersDiffDocument, ChangeKind} from './providers/compare/diff.js'
export {RunContext, type RunContextOptions} from './load/run-context.js'
export {MemorySource} from './io/memory-source.js'
export {DiskSource, type FileSource, type FileEntry, type StatKind} from './io/inputs.js'
export type {ModuleWalker, ModuleRequest, WalkResult} from './crawl/crawl.js'
export type {Diagnostic, DiagnosticExtra, SourceRange, Pos, Severity} from './diag/diagnostic.js'
export type {ProvidersDocument} from './providers/analyze.js'
export type {LintResult} from './lint/lint.js'
export type {LintConfig} from './lint/config.js'
export type {LintDiagnostic} from './rules/rule.js'
export {lockDocument, type LockCheck, type LockProvider, type LockPackage, type LockStatus} from './lock/check.js'
export {configDocument, type ConfigDocument} from './config.js'
export type {LoadResult} from './load/load-module.js'
export type {GraphExport, GraphOptions} from './export/index.js'
export type {ExportGraph, GraphView} from './export/model.js'
export {lintJson, type LintJson} from './render/lint.js'
export {StateError, type StateJson, type StateObjectJson, type StateStatus} from './state/index.js'
export {renderGraph, GRAPH_FORMATS, type GraphFormat} from './render/graph-formats.js'
