// The tree stage of an analysis, after the crawl: the root's test files, resolution, graph, validation,
// and the checks Terraform makes once the graph is built, in Terraform's order; each diagnostic with the
// module it concerns, its files named for the reader.
import {ModulePath} from '../addrs/module.js'
import {renameFiles, rootRelative} from '../diag/file-names.js'
import {sortDiagnostics, type Diagnostic} from '../diag/diagnostic.js'
import type {ModuleTree} from '../crawl/crawl.js'
import type {RunContext} from '../load/run-context.js'
import type {AnalyzeOptions, ProvidersAnalysis} from './analysis.js'
import {buildGraph} from './tree/build-graph.js'
import {engineBehaviour} from './releases/engine-version.js'
import {graphStageDiagnostics} from './tree/graph-stage.js'
import {moduleArgumentDiagnostics} from './tree/module-arguments.js'
import {unknownFunctionDiagnostics} from './tree/provider-functions.js'
import {refactoringPlanErrors} from './tree/refactoring-stage.js'
import {releaseDiagnostics} from './releases/release-checks.js'
import {moduleRequirements} from './tree/requirements.js'
import {resolveProviders} from './tree/resolve.js'
import {analyzeTestsWith, uniqueDiagnostics} from './test-runs/test-runs.js'
import {validateProviderConfigsByModule} from './tree/validate.js'

/**
 * The tree stage after the crawl: the root's test files, resolution, graph, validation, and the checks
 * Terraform makes once the graph is built, each diagnostic with the module it concerns.
 */
export async function analyzeTree(ctx: RunContext, tree: ModuleTree, opts: AnalyzeOptions): Promise<ProvidersAnalysis> {
  // the model names files by their absolute paths; the analysis's diagnostics name them from the root (a
  // stack component's: from the stack's directory), the files its texts list from the tree's root
  const name = rootRelative(opts.displayRoot ?? tree.rootDir)
  const fromRoot = rootRelative(tree.rootDir)
  const behaviour = engineBehaviour(tree.root.module, tree.engine, tree.pinnedRelease)
  const testDirectory = typeof opts.tests === 'object' ? opts.tests.directory : undefined
  const tests = opts.tests
    ? await analyzeTestsWith(ctx, tree, behaviour, {
        ...(opts.walker ? {walker: opts.walker} : {}),
        ...(opts.env ? {env: opts.env} : {}),
        ...(testDirectory !== undefined ? {testDirectory} : {}),
        ...(opts.maxDepth !== undefined ? {maxDepth: opts.maxDepth} : {}),
        ...(opts.maxFiles !== undefined ? {maxFiles: opts.maxFiles} : {}),
        ...(opts.maxModules !== undefined ? {maxModules: opts.maxModules} : {}),
      })
    : undefined

  // a directory of test files only: an empty root module, not "No configuration files" (Terraform 1.12, #36429)
  const testsOnly =
    tests !== undefined && tests.files.length > 0 && tree.engine === 'terraform' && (tree.root.module?.files.length ?? 0) === 0
  const treeDiags = testsOnly ? tree.diagnostics.filter((d) => d.code !== 'load.no-config-files') : tree.diagnostics
  const memo = {memo: ctx.memo, stats: ctx.stats}
  // an editor's run answers requests between the stages, and abandons an analysis whose inputs changed
  const checkpoint = ctx.checkpoint
  await checkpoint?.(true)
  const resolution = resolveProviders(tree, undefined, memo, opts.inbound?.(tree))
  await checkpoint?.(true)
  const requirements = tree.nodes.flatMap((n) => moduleRequirements(n, ctx.memo))
  await checkpoint?.(true)
  const validation = validateProviderConfigsByModule(tree, behaviour, ctx.memo)
  await checkpoint?.(true)
  const release = releaseDiagnostics(tree, behaviour)
  // every diagnostic carries the module it concerns from the stage that made it
  const modules = new Map<Diagnostic, ModulePath>([
    ...tree.diagnosticModules,
    ...resolution.diagnosticModules,
    ...validation.modules,
    ...release.modules,
  ])
  const configStage = [...treeDiags, ...release.diagnostics, ...validation.diagnostics, ...resolution.diagnostics]
  const errorModules = new Map<string, ModulePath>()
  for (const d of configStage)
    if (d.severity === 'error') {
      const m = modules.get(d) ?? ModulePath.root
      errorModules.set(m.key, m)
    }
  await checkpoint?.(true)
  // the graph builder checks module-call arguments before it connects providers (as graphStageDiagnostics:
  // where no configuration error concerns the called module or a module above it)
  const argumentStage = moduleArgumentDiagnostics(tree).filter((a) => ![...errorModules.values()].some((m) => m.contains(a.module)))
  await checkpoint?.(true)
  for (const a of argumentStage) modules.set(a.diagnostic, a.module)
  const graphStage = graphStageDiagnostics(resolution.graphDiagnostics, [...errorModules.values()], fromRoot)
  for (const g of graphStage) modules.set(g.diagnostic, g.module)
  const graphErrors = graphStage.length > 0 || argumentStage.some((a) => a.diagnostic.severity === 'error')
  const evalStage: Diagnostic[] = []
  if (errorModules.size === 0 && !graphErrors)
    for (const {diagnostic, module} of unknownFunctionDiagnostics(tree)) {
      modules.set(diagnostic, module)
      evalStage.push(diagnostic)
    }
  // what `terraform plan` goes on to say of a configuration that validated (removed and moved blocks)
  const planStage =
    errorModules.size === 0 && !graphErrors && !evalStage.some((d) => d.severity === 'error') ? refactoringPlanErrors(tree, fromRoot) : []
  for (const p of planStage) modules.set(p.diagnostic, p.module)
  // a test run's module may be a module of the tree too: its problems are said once
  const main = [
    ...configStage,
    ...argumentStage.map((a) => a.diagnostic),
    ...graphStage.map((g) => g.diagnostic),
    ...evalStage,
    ...planStage.map((p) => p.diagnostic),
  ]
  const testDiags = tests ? uniqueDiagnostics(tests.diagnostics, new Set(uniqueKeys(main))) : []
  for (const d of testDiags) modules.set(d, ModulePath.root)
  const diagnosticModules = new Map<Diagnostic, ModulePath>()
  // the root's load and its calls' sources (the crawl), and its records decoded and its release checks
  const rootOwn = [
    ...(tree.rootOwnDiagnostics ?? []),
    ...[...validation.decodeTime, ...release.diagnostics].filter((d) => modules.get(d)?.isRoot === true),
  ]
  const stopped = afterRootErrors(rootOwn)
  const diagnostics = [...main, ...testDiags].map((d) => {
    const shown = renameFiles(testDiags.includes(d) ? d : stopped(d), name)
    const m = modules.get(d)
    if (m !== undefined) diagnosticModules.set(shown, m)
    return shown
  })
  // the graph when first read (the renderers, export, slicing): an editor's analyses lint without it
  let graph: ReturnType<typeof buildGraph> | undefined
  return {
    tree,
    resolution,
    get graph() {
      return (graph ??= buildGraph(tree, resolution))
    },
    requirements,
    diagnostics: sortDiagnostics(diagnostics),
    diagnosticModules,
    ...(resolution.sharedModule ? {sharedModule: resolution.sharedModule} : {}),
    ...(tests ? {tests} : {}),
    ...(testsOnly ? {testsOnly: true as const} : {}),
    incomplete: tree.incomplete && !testsOnly,
  }
}

const AFTER_ROOT_ERRORS =
  "Terraform does not say this yet: its loader stops at the errors in the root module's own files and reads nothing further (configload LoadConfig); it says this once they are fixed."

/**
 * Terraform stops after errors in the root module's own files: every other diagnostic is what it says once
 * they are fixed. tfgraph still says them, each marked (`extra.after_root_errors`, and its explanation).
 */
function afterRootErrors(rootOwn: readonly Diagnostic[]): (d: Diagnostic) => Diagnostic {
  const own = new Set(rootOwn)
  if (![...own].some((d) => d.severity === 'error')) return (d) => d
  return (d) => {
    if (own.has(d)) return d
    const explanation = d.extra?.explanation ? `${AFTER_ROOT_ERRORS} ${d.extra.explanation}` : AFTER_ROOT_ERRORS
    return {...d, extra: {...d.extra, explanation, after_root_errors: true}}
  }
}

/** The keys uniqueDiagnostics gives these diagnostics (to leave out later ones equal to them). */
function uniqueKeys(list: readonly Diagnostic[]): string[] {
  const seen = new Set<string>()
  uniqueDiagnostics(list, seen)
  return [...seen]
}
