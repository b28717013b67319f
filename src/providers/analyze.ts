// `tfgraph providers`: crawl the module tree, resolve every resource's provider configuration, build
// the graph, collect requirements. Returns data only; renderers turn it into text or JSON.
import {ModulePath} from '../addrs/module.js'
import {formatRange, sortDiagnostics, withoutCode, type Diagnostic, type DiagnosticJson, type SourceRange} from '../diag/diagnostic.js'
import type {DiagnosticCode} from '../diag/codes.js'
import {buildGraph, type ModuleGraph} from './build-graph.js'
import {crawl, type CrawlOptions, type ModuleNode, type ModuleTree} from '../crawl/crawl.js'
import {moduleRequirements, type ModuleRequirement} from './requirements.js'
import {resolveProviders, type GraphDiagnostic, type Resolution, type SharedModule} from './resolve.js'
import {validateProviderConfigsByModule} from './validate.js'
import {unknownProviderFunctions} from './provider-functions.js'
import {stepText} from './step-text.js'
import {engineByName} from '../load/engine.js'
import {analyzeTests, uniqueDiagnostics, type TestsAnalysis} from './test-runs.js'

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
  readonly incomplete: boolean
}

export interface AnalyzeOptions extends CrawlOptions {
  /** Also read the root module's test files and analyse their runs; `directory`: the test directory (default `tests`). */
  readonly tests?: boolean | {readonly directory?: string}
}

/**
 * Terraform's stages: configuration errors stop it before the graph is built, so a graph-stage error is
 * kept only where no configuration error concerns its module or a module above it; a `missing provider`
 * error (the graph builder stops there) also hides the resource errors below the module it concerns.
 */
export function graphStageDiagnostics(graphDiags: readonly GraphDiagnostic[], configErrorModules: ReadonlySet<string>): GraphDiagnostic[] {
  const applies = (g: GraphDiagnostic): boolean => ![...configErrorModules].some((m) => ModulePath.within(g.module, m))
  const passes = graphDiags.filter((g) => g.kind === 'pass' && applies(g))
  const resources = graphDiags.filter(
    (g) => g.kind === 'resource' && applies(g) && !passes.some((p) => ModulePath.within(g.module, p.module)),
  )
  return [...passes, ...resources]
}

/**
 * Terraform's validate walk, after the graph is built (so only when no configuration or graph-stage error
 * stopped it): what tfgraph checks of it is calls of provider-defined functions that a module does not
 * declare (Terraform only: OpenTofu's texts for it were not checked). Once per module directory.
 */
function evaluationDiagnostics(tree: ModuleTree, modules: Map<Diagnostic, string>): Diagnostic[] {
  if (tree.engine !== 'terraform') return []
  return unknownProviderFunctions(tree).map(({diagnostic, module}) => {
    modules.set(diagnostic, module)
    return diagnostic
  })
}

export async function analyzeProviders(dir: string, opts: AnalyzeOptions = {}): Promise<ProvidersAnalysis> {
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

  // an editor's run answers requests between the stages, and abandons an analysis whose inputs changed
  const checkpoint = opts.context?.checkpoint
  await checkpoint?.(true)
  const resolution = resolveProviders(tree)
  await checkpoint?.(true)
  const graph = buildGraph(tree, resolution)
  const requirements = tree.nodes.flatMap((n) => moduleRequirements(n))
  await checkpoint?.(true)
  const validation = validateProviderConfigsByModule(tree)
  // every diagnostic carries the module it concerns from the stage that made it
  const modules = new Map<Diagnostic, string>([...tree.diagnosticModules, ...resolution.diagnosticModules, ...validation.modules])
  const configStage = [...tree.diagnostics, ...validation.diagnostics, ...resolution.diagnostics]
  const errorModules = new Set<string>()
  for (const d of configStage) if (d.severity === 'error') errorModules.add(modules.get(d) ?? '')
  const graphStage = graphStageDiagnostics(resolution.graphDiagnostics, errorModules)
  for (const g of graphStage) modules.set(g.diagnostic, g.module)
  const evalStage = errorModules.size === 0 && graphStage.length === 0 ? evaluationDiagnostics(tree, modules) : []
  // a test run's module may be a module of the tree too: its problems are said once
  const main = [...configStage, ...graphStage.map((g) => g.diagnostic), ...evalStage]
  const testDiags = tests ? uniqueDiagnostics(tests.diagnostics, new Set(uniqueKeys(main))) : []
  for (const d of testDiags) modules.set(d, '')
  return {
    tree,
    resolution,
    graph,
    requirements,
    diagnostics: sortDiagnostics([...main, ...testDiags]),
    diagnosticModules: modules,
    ...(resolution.sharedModule ? {sharedModule: resolution.sharedModule} : {}),
    ...(tests ? {tests} : {}),
    incomplete: tree.incomplete,
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
}

/** One test file in `providers --tests --json`. */
export interface TestsDocumentFile {
  readonly file: string
  readonly runs: readonly {
    readonly name: string
    readonly command: 'apply' | 'plan'
    readonly module: {readonly source: string; readonly version?: string} | null
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
      module: r.module ? {source: r.module.source, ...(r.module.version !== undefined ? {version: r.module.version} : {})} : null,
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
  return `analysed as a shared module: its required_providers declares configuration_aliases (${names}), so it is meant to be called by other modules, which pass those configurations in. ${product} itself cannot run it alone as a root module; tfgraph binds the resources that use them to the configurations expected from the caller.`
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
  const unread = new Set(a.diagnostics.filter((d) => UNREAD_FILE_CODES.has(d.code) && d.range).map((d) => d.range!.filename))
  return (a.tree.root.module?.files ?? []).some((f) => !f.shadowedBy && !unread.has(f.name))
}

/** The keys uniqueDiagnostics gives these diagnostics (to leave out later ones equal to them). */
function uniqueKeys(list: readonly Diagnostic[]): string[] {
  const seen = new Set<string>()
  uniqueDiagnostics(list, seen)
  return [...seen]
}
