// `tfgraph providers`: crawl the module tree, resolve every resource's provider configuration, build
// the graph, collect requirements. Returns data only; renderers turn it into text or JSON.
import {ModulePath} from '../addrs/module.js'
import {renameFiles, rootRelative} from '../diag/file-names.js'
import {formatRange, sortDiagnostics, withoutCode, type Diagnostic, type DiagnosticJson, type SourceRange} from '../diag/diagnostic.js'
import type {DiagnosticCode} from '../diag/codes.js'
import {buildGraph, type ModuleGraph} from './build-graph.js'
import {AbsProviderConfig} from '../addrs/provider.js'
import {crawl, rootModuleNode, type CrawlOptions, type ModuleTree} from '../crawl/crawl.js'
import {moduleRequirements, type ModuleRequirement} from './requirements.js'
import {resolveProviders, type GraphDiagnostic, type InboundConfig, type Resolution, type SharedModule} from './resolve.js'
import {validateProviderConfigsByModule} from './validate.js'
import {unknownFunctionProviders, unknownProviderFunctions} from './provider-functions.js'
import {refactoringPlanErrors} from './refactoring-stage.js'
import {releaseDiagnostics} from './release-checks.js'
import {stepText} from './step-text.js'
import {engineByName} from '../load/engine.js'
import {analyzeTests, uniqueDiagnostics, type TestsAnalysis} from './test-runs.js'
import {withRunContext} from '../load/run-context.js'
import {analyzeStack, isStackDir, type StackAnalysis, type StackBaseOptions} from './stack-analyze.js'
import {stackDocument, type StackDocument} from './stack-document.js'

export interface ProvidersAnalysis {
  readonly tree: ModuleTree
  readonly resolution: Resolution
  readonly graph: ModuleGraph
  readonly requirements: readonly ModuleRequirement[]
  readonly diagnostics: readonly Diagnostic[]
  /** The module (address, '' for the root) each diagnostic concerns, where it is known. */
  readonly diagnosticModules: ReadonlyMap<Diagnostic, string>
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

/**
 * Terraform's stages: configuration errors stop it before the graph is built, so a graph-stage error is
 * kept only where no configuration error concerns its module or a module above it; a `missing provider`
 * error (the graph builder stops there) also hides the resource errors below the module it concerns.
 */
export function graphStageDiagnostics(
  graphDiags: readonly GraphDiagnostic[],
  configErrorModules: ReadonlySet<string>,
  tree?: ModuleTree,
): GraphDiagnostic[] {
  const applies = (g: GraphDiagnostic): boolean => ![...configErrorModules].some((m) => ModulePath.within(g.module, m))
  const passes = graphDiags.filter((g) => g.kind === 'pass' && applies(g))
  const resources = graphDiags.filter(
    (g) => g.kind === 'resource' && applies(g) && !passes.some((p) => ModulePath.within(g.module, p.module)),
  )
  // a resource that uses the very configuration a `providers` map could not pass: Terraform stops at the
  // map (`missing provider …`) and says nothing of the resource; tfgraph names it in that error's explanation
  const missing = new Map(passes.map((p) => [p.diagnostic.summary.slice('missing provider '.length), p] as const))
  const users = new Map<GraphDiagnostic, string[]>()
  const name = tree ? rootRelative(tree.rootDir) : (f: string): string => f
  const kept = resources.filter((g) => {
    const addr = tree && g.resource ? configAddress(tree, g) : undefined
    const pass = addr !== undefined ? missing.get(addr) : undefined
    if (!pass) return true
    users.set(pass, [
      ...(users.get(pass) ?? []),
      `${g.resource!.address} (${name(g.resource!.range.filename)}:${g.resource!.range.start.line})`,
    ])
    return false
  })
  const said = passes.map((p) => {
    const u = users.get(p)
    if (!u) return p
    const d = p.diagnostic
    const also = ` ${u.join(', ')} ${u.length === 1 ? 'uses' : 'use'} that configuration too: Terraform stops at this error and says nothing of ${u.length === 1 ? 'it' : 'them'}.`
    return {...p, diagnostic: {...d, extra: {...d.extra, explanation: (d.extra?.explanation ?? '') + also}}}
  })
  return [...said, ...kept]
}

/** The absolute address of the configuration a resource left without one refers to: `provider["…/aws"].west`. */
function configAddress(tree: ModuleTree, g: GraphDiagnostic): string | undefined {
  const n = tree.nodes.find((x) => x.address === g.module)
  const ref = g.resource?.reference
  if (!n?.module || !ref) return undefined
  return new AbsProviderConfig(ModulePath.of(n.path), n.module.names.providerFor(ref.localName), ref.alias).toString()
}

/**
 * After the graph is built (so only when no configuration or graph-stage error stopped it): calls of
 * provider-defined functions that a module does not declare — Terraform's validate walk ("Unknown provider
 * function"), OpenTofu's graph builder ("Unknown function provider"). Once per module directory.
 */
function evaluationDiagnostics(tree: ModuleTree, modules: Map<Diagnostic, string>): Diagnostic[] {
  const found = tree.engine === 'terraform' ? unknownProviderFunctions(tree) : unknownFunctionProviders(tree)
  return found.map(({diagnostic, module}) => {
    modules.set(diagnostic, module)
    return diagnostic
  })
}

export async function analyzeProviders(dir: string, opts: AnalyzeOptions = {}): Promise<ProvidersAnalysis> {
  if (!opts.inbound) {
    // a directory of .tfcomponent.hcl files is a stack: its components are the module trees
    const stack = await withRunContext(opts.context, async (ctx) =>
      isStackDir(ctx, dir) ? analyzeStack(dir, ctx, stackTreeOptions(opts), analyzeProviders) : undefined,
    )
    if (stack) return stackProvidersAnalysis(stack)
  }
  const tree = await crawl(dir, opts)
  const testDirectory = typeof opts.tests === 'object' ? opts.tests.directory : undefined
  const tests = opts.tests
    ? await analyzeTests(tree, {
        ...(opts.context ? {context: opts.context} : {}),
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
  const memo = opts.context ? {memo: opts.context.memo, stats: opts.context.stats} : undefined
  // an editor's run answers requests between the stages, and abandons an analysis whose inputs changed
  const checkpoint = opts.context?.checkpoint
  await checkpoint?.(true)
  const resolution = resolveProviders(tree, undefined, memo, opts.inbound?.(tree))
  await checkpoint?.(true)
  const graph = buildGraph(tree, resolution)
  const requirements = tree.nodes.flatMap((n) => moduleRequirements(n))
  await checkpoint?.(true)
  const validation = validateProviderConfigsByModule(tree)
  const release = releaseDiagnostics(tree)
  // every diagnostic carries the module it concerns from the stage that made it
  const modules = new Map<Diagnostic, string>([
    ...tree.diagnosticModules,
    ...resolution.diagnosticModules,
    ...validation.modules,
    ...release.modules,
  ])
  const configStage = [...treeDiags, ...release.diagnostics, ...validation.diagnostics, ...resolution.diagnostics]
  const errorModules = new Set<string>()
  for (const d of configStage) if (d.severity === 'error') errorModules.add(modules.get(d) ?? '')
  const graphStage = graphStageDiagnostics(resolution.graphDiagnostics, errorModules, tree)
  for (const g of graphStage) modules.set(g.diagnostic, g.module)
  const evalStage = errorModules.size === 0 && graphStage.length === 0 ? evaluationDiagnostics(tree, modules) : []
  // what `terraform plan` goes on to say of a configuration that validated (removed and moved blocks)
  const planStage =
    errorModules.size === 0 && graphStage.length === 0 && !evalStage.some((d) => d.severity === 'error') ? refactoringPlanErrors(tree) : []
  for (const p of planStage) modules.set(p.diagnostic, p.module)
  // a test run's module may be a module of the tree too: its problems are said once
  const main = [...configStage, ...graphStage.map((g) => g.diagnostic), ...evalStage, ...planStage.map((p) => p.diagnostic)]
  const testDiags = tests ? uniqueDiagnostics(tests.diagnostics, new Set(uniqueKeys(main))) : []
  for (const d of testDiags) modules.set(d, '')
  // the model names files by their absolute paths; the analysis's diagnostics name them from the root (a
  // stack component's: from the stack's directory)
  const name = rootRelative(opts.displayRoot ?? tree.rootDir)
  const diagnosticModules = new Map<Diagnostic, string>()
  const diagnostics = [...main, ...testDiags].map((d) => {
    const shown = renameFiles(d, name)
    const m = modules.get(d)
    if (m !== undefined) diagnosticModules.set(shown, m)
    return shown
  })
  return {
    tree,
    resolution,
    graph,
    requirements,
    diagnostics: sortDiagnostics(diagnostics),
    diagnosticModules,
    ...(resolution.sharedModule ? {sharedModule: resolution.sharedModule} : {}),
    ...(tests ? {tests} : {}),
    ...(testsOnly ? {testsOnly: true as const} : {}),
    incomplete: tree.incomplete && !testsOnly,
  }
}

/** The options a stack's component trees are analysed with: the run's limits and module source, nothing of a root's own. */
function stackTreeOptions(opts: AnalyzeOptions): StackBaseOptions {
  return {
    ...(opts.env ? {env: opts.env} : {}),
    ...(opts.walker ? {walker: opts.walker} : {}),
    ...(opts.maxDepth !== undefined ? {maxDepth: opts.maxDepth} : {}),
    ...(opts.maxFiles !== undefined ? {maxFiles: opts.maxFiles} : {}),
    ...(opts.maxModules !== undefined ? {maxModules: opts.maxModules} : {}),
  }
}

/**
 * A stack's analysis as the analysis of its directory: the directory alone as the module tree (it is no
 * module), no bindings of its own, the stack's and its components' diagnostics.
 */
function stackProvidersAnalysis(stack: StackAnalysis<ProvidersAnalysis>): ProvidersAnalysis {
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
    diagnosticModules: new Map(diagnostics.map((d) => [d, stack.diagnosticAddresses.get(d) ?? ''])),
    stack,
    incomplete: stack.incomplete,
  }
}

export interface ProvidersDocument {
  readonly format_version: '1'
  readonly engine: string
  readonly root: string
  readonly modules: readonly {
    path: string
    source: string | null
    version: string | null
    dir: string | null
    resolved: boolean
    unresolved_reason?: string
    count: boolean
    for_each: boolean
    depends_on: boolean
    range: SourceRange | null
  }[]
  readonly provider_configs: readonly {
    address: string
    module: string
    local_name: string
    alias: string | null
    provider: string
    implied: boolean
    legacy: boolean
    /** Only on configurations a shared module expects from its caller. */
    expected?: true
    range: SourceRange | null
  }[]
  readonly provider_passes: readonly {from: string; to: string; key: string; value: string; child_address: string; parent_address: string}[]
  readonly resources: readonly {
    address: string
    module: string
    mode: string
    type: string
    name: string
    provider: string
    provider_config: string | null
    instance_key?: string
    resolution: readonly {kind: string; module: string; text: string; range?: SourceRange}[]
    range: SourceRange
    /** Only on a data resource scoped to a check block, or a resource only an import block declares (it generates its configuration). */
    declared_by?:
      | {kind: 'check'; check: string; range: SourceRange}
      | {kind: 'import'; range: SourceRange}
      | {kind: 'action'; range: SourceRange}
      | {kind: 'list'; range: SourceRange}
  }[]
  readonly requirements: readonly {
    module: string
    provider: string
    canonical: string
    constraints: readonly {constraint: string; range: SourceRange | null}[]
  }[]
  readonly diagnostics: readonly DiagnosticJson[]
  /** `--tests`: each test file's runs, with the binding of every resource of the module under test. */
  readonly tests?: readonly TestsDocumentFile[]
  /** Present when the directory is analysed as a shared module. */
  readonly shared_module?: {readonly reason: string; readonly configuration_aliases: readonly {name: string; range: SourceRange}[]}
  /** Present when the directory is a Terraform Stacks configuration (the module-level arrays above are then empty). */
  readonly stack?: StackDocument
}

/** One test file in `providers --tests --json`. */
export interface TestsDocumentFile {
  readonly file: string
  readonly runs: readonly {
    readonly name: string
    readonly command: 'apply' | 'plan'
    readonly module: {readonly source: string; readonly version: string | null} | null
    readonly resources: readonly {
      readonly address: string
      /** The configuration in the module under test (as in `resources`). */
      readonly provider_config: string | null
      /** The test file's provider or mock_provider block that serves it, by the address the file gives it. */
      readonly test_provider_config: string | null
      readonly mock: boolean
    }[]
    readonly diagnostics: readonly DiagnosticJson[]
  }[]
  /** The file's own diagnostics (how it is written; provider types its runs disagree on). */
  readonly diagnostics: readonly DiagnosticJson[]
}

function testsDocument(t: TestsAnalysis): TestsDocumentFile[] {
  return t.files.map((f) => ({
    file: f.path,
    runs: f.runs.map((r) => ({
      name: r.name,
      command: r.command,
      module: r.module ? {source: r.module.source, version: r.module.version ?? null} : null,
      resources: r.resources.map((b) => ({
        address: b.address,
        provider_config: b.providerConfig ?? null,
        test_provider_config: b.testProviderConfig ?? null,
        mock: b.mock,
      })),
      diagnostics: r.diagnostics.map(withoutCode),
    })),
    diagnostics: f.diagnostics.map(withoutCode),
  }))
}

export function providersDocument(a: ProvidersAnalysis, rootArg: string): ProvidersDocument {
  return renameFiles(modelDocument(a, rootArg), rootRelative(a.tree.rootDir))
}

/** The document, its files named as the model names them. */
function modelDocument(a: ProvidersAnalysis, rootArg: string): ProvidersDocument {
  const engine = engineByName(a.tree.engine)
  return {
    format_version: '1',
    engine: a.tree.engine,
    root: rootArg,
    modules: a.tree.nodes.map((n) => ({
      path: n.address,
      source: n.sourceText ?? null,
      version: n.version ?? null,
      dir: n.displayDir ?? null,
      resolved: n.resolved,
      ...(n.unresolvedReason ? {unresolved_reason: n.unresolvedReason} : {}),
      count: n.count,
      for_each: n.forEach,
      depends_on: n.dependsOn,
      range: n.call?.declRange ?? null,
    })),
    provider_configs: a.resolution.configs.map((c) => ({
      address: c.address,
      module: c.module,
      local_name: c.localName,
      alias: c.alias ?? null,
      provider: c.provider,
      implied: c.implied,
      legacy: c.legacy,
      ...(c.expected ? {expected: true} : {}),
      range: c.range ?? null,
    })),
    provider_passes: a.resolution.passes.map((p) => ({
      from: p.from,
      to: p.to,
      key: p.key,
      value: p.value,
      child_address: p.childAddress,
      parent_address: p.parentAddress,
    })),
    resources: a.resolution.resources.map((r) => ({
      address: r.address,
      module: r.module,
      mode: r.mode,
      type: r.type,
      name: r.name,
      provider: r.provider,
      provider_config: r.providerConfig ?? null,
      ...(r.instanceKey !== undefined ? {instance_key: r.instanceKey} : {}),
      resolution: r.resolution.map((s) => ({
        kind: s.kind,
        module: s.module,
        text: stepText(s, engine),
        ...(s.range ? {range: s.range} : {}),
      })),
      range: r.range,
      ...(r.declaredBy
        ? {
            declared_by:
              r.declaredBy.kind === 'check'
                ? {kind: 'check' as const, check: r.declaredBy.name, range: r.declaredBy.range}
                : {kind: r.declaredBy.kind, range: r.declaredBy.range},
          }
        : {}),
    })),
    requirements: a.requirements.map((q) => ({
      module: q.module,
      provider: q.provider,
      canonical: q.canonical,
      constraints: q.constraints.map((c) => ({constraint: c.constraint, range: c.range ?? null})),
    })),
    diagnostics: a.diagnostics.map(withoutCode),
    ...(a.tests ? {tests: testsDocument(a.tests)} : {}),
    ...(a.stack ? {stack: stackDocument(a.stack)} : {}),
    ...(a.sharedModule
      ? {
          shared_module: {
            reason: sharedModuleReason(a.sharedModule, a.tree.engine),
            configuration_aliases: a.sharedModule.aliases.map((x) => ({name: x.name, range: x.range})),
          },
        }
      : {}),
  }
}

/** Why the directory is analysed as a shared module (said once, at the top of the text output). */
export function sharedModuleReason(s: SharedModule, engine: string): string {
  const product = engine === 'opentofu' ? 'OpenTofu' : 'Terraform'
  const names = s.aliases.map((x) => `${x.name} at ${formatRange(x.range)}`).join(', ')
  return `analysed as a shared module: its required_providers declares configuration_aliases (${names}), so it is meant to be called by other modules, which pass those configurations in. ${product} cannot plan or apply it alone as a root module (${engine === 'opentofu' ? 'tofu test' : 'terraform test'} runs it, with the configurations its test files pass in, as a caller would); tfgraph binds the resources that use them to the configurations expected from the caller.`
}

/** Diagnostics that mean a whole file was not read: nothing of it entered the module. */
const UNREAD_FILE_CODES: ReadonlySet<DiagnosticCode> = new Set<DiagnosticCode>([
  'hcl.syntax',
  'hcl.json-syntax',
  'hcl.json-root-not-object',
  'hcl.binary-file',
  'hcl.invalid-encoding',
  'hcl.too-deeply-nested',
])

/** Whether at least one configuration file of the root module was read: else there is nothing to show but the errors. */
export function rootFilesRead(a: ProvidersAnalysis): boolean {
  if (a.stack) return a.stack.config.stack.files.length > 0
  if (a.testsOnly) return true
  const unread = new Set(a.diagnostics.filter((d) => UNREAD_FILE_CODES.has(d.code) && d.range).map((d) => d.range!.filename))
  return (a.tree.root.module?.files ?? []).some((f) => !f.shadowedBy && !unread.has(f.name))
}

/** The keys uniqueDiagnostics gives these diagnostics (to leave out later ones equal to them). */
function uniqueKeys(list: readonly Diagnostic[]): string[] {
  const seen = new Set<string>()
  uniqueDiagnostics(list, seen)
  return [...seen]
}
