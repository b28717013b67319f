// Every internal entry point the tests use, in one import (the public API is src/index.ts: a few
// functions; tests reach under it on purpose).
export * from '../../src/diag/index.js'
export type {Attribute, Block, Body, ConfigFile, Label, Value} from '../../src/hcl/syntax.js'
export * from '../../src/load/index.js'
export * from '../../src/render/index.js'
export {loadConfig, configDocument, type ConfigDocument} from '../../src/config.js'
export * from '../../src/addrs/provider.js'
export {DEFAULT_MAX_MODULES, type CrawlLimits, type CrawlOptions, type ModuleNode, type ModuleTree} from '../../src/crawl/crawl.js'
export {
  buildGraph,
  moduleSubtree,
  type ModuleGraph,
  type NodeAttributes,
  type EdgeAttributes,
} from '../../src/providers/tree/build-graph.js'
export {
  resolveProviders,
  type Resolution,
  type ResourceBinding,
  type ResolutionStep,
  type ProviderConfigInfo,
  type ProviderPass,
} from '../../src/providers/tree/resolve.js'
export {analyzeProviders, providersDocument, type ProvidersAnalysis, type ProvidersDocument} from '../../src/providers/analyze.js'
export {stepText} from '../../src/providers/tree/step-text.js'
export {moduleRequirements, type ModuleRequirement} from '../../src/providers/tree/requirements.js'
export {requirementsTree} from '../../src/render/requirements-tree.js'
export {providersFilterProblem, renderProvidersText, type ProvidersTextOptions} from '../../src/render/providers-text.js'
export {lint, TERRAFORM_RULE, type LintOptions, type LintResult} from '../../src/lint/lint.js'
export {callersOf} from '../../src/rules/support.js'
export {lintCached, findRootModules, type LintOutcome} from '../../src/lint/cached.js'
export {readLintConfig, type LintConfig} from '../../src/lint/config.js'
export {applyIgnores, ignoredRules} from '../../src/lint/ignore.js'
export {RULES, ruleById} from '../../src/rules/index.js'
export type {Rule, LintDiagnostic, RuleContext} from '../../src/rules/rule.js'
export {renderLintText, renderLintCompact, renderSarif, lintJson, lintJsonMany, type LintJson} from '../../src/render/lint.js'
export {checkLock, lockDocument, type LockCheck, type LockProvider, type LockPackage, type LockStatus} from '../../src/lock/check.js'
export {renderLockText} from '../../src/render/lock-text.js'
export {parseLockFile, type ProviderLock} from '../../src/lock/lockfile.js'
export {hashDirH1, hashZipH1, hashZipZh} from '../../src/lock/hash.js'
export {diffLockFiles, lockDiffJson, type LockDiff, type LockChange} from '../../src/lock/diff.js'
export {renderLockDiffText} from '../../src/render/lock-diff-text.js'
export {exportGraph, buildExportGraph, isSliced, type GraphOptions, type GraphExport} from '../../src/export/index.js'
export * from '../../src/export/model.js'
export {compareResourceNodes, type ResourceGraph, type ResourceGraphNode, type ResourceGraphEdge} from '../../src/export/resources.js'
export {findReferences, type Reference, type ReferenceMode, type ReferenceScanOptions} from '../../src/hcl/references.js'
export {renderGraph, GRAPH_FORMATS, GRAPH_RENDERERS, type GraphFormat} from '../../src/render/graph-formats.js'
export {renderGraphDot, renderTerraformResourcesDot, dotString, goQuote} from '../../src/render/graph-dot.js'
export {renderGraphMermaid, mermaidLabel} from '../../src/render/graph-mermaid.js'
export {renderGraphJson, graphDocument, type GraphDocument, type GraphRenderOptions} from '../../src/render/graph-json.js'

export {RunContext, withRunContext} from '../../src/load/run-context.js'
export {MemorySource, MEMORY_ROOT} from '../../src/io/memory-source.js'
export {DiskSource} from '../../src/io/inputs.js'
export {installedModulesWalker, type ModuleWalker, type ModuleRequest, type WalkResult} from '../../src/crawl/walker.js'

// The stages below name files as the model does, by their absolute paths; the tests read them as the
// outputs name them, from the root (as analyzeProviders, the documents and the renderers do).
import {crawl as crawlTree, type CrawlOptions as CrawlOpts, type ModuleTree as Tree} from '../../src/crawl/crawl.js'
import {renameFiles, rootRelative} from '../../src/diag/file-names.js'
import {resourceGraph as resourceGraphOf, type ResourceGraph as Graph} from '../../src/export/resources.js'
import {validateProviderConfigs as validateConfigs} from '../../src/providers/tree/validate.js'

/** crawl, with the tree's diagnostics naming files from the root. */
export async function crawl(dir: string, opts: CrawlOpts = {}): Promise<Tree> {
  const tree = await crawlTree(dir, opts)
  return {...tree, diagnostics: renameFiles(tree.diagnostics, rootRelative(tree.rootDir))}
}

/** validateProviderConfigs, naming files from the root. */
export function validateProviderConfigs(tree: Tree): ReturnType<typeof validateConfigs> {
  return renameFiles(validateConfigs(tree), rootRelative(tree.rootDir))
}

/** resourceGraph, naming files from the root. */
export function resourceGraph(tree: Tree): Graph {
  return renameFiles(resourceGraphOf(tree), rootRelative(tree.rootDir))
}
