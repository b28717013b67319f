// `tfgraph providers`: crawl the module tree, resolve every resource's provider configuration, build
// the graph, collect requirements. Returns data only; renderers turn it into text or JSON.
import {providerString} from '../addrs/provider.js'
import {renameFiles, rootRelative} from '../diag/file-names.js'
import {formatRange, withoutCode, type DiagnosticJson, type SourceRange} from '../diag/diagnostic.js'
import type {DiagnosticCode} from '../diag/codes.js'
import {crawlWith} from '../crawl/crawl.js'
import type {SharedModule} from './tree/resolve.js'
import {stepText} from './tree/step-text.js'
import {engineByName, type EngineName} from '../load/engine.js'
import type {Module} from '../load/model.js'
import {engineBehaviour} from './releases/engine-version.js'
import type {TestsAnalysis} from './test-runs/test-runs.js'
import {runContextFor, type RunContext} from '../load/run-context.js'
import {isStackDir} from '../load/stacks/files.js'
import {analyzeStack, type StackBaseOptions} from './stacks/stack-analyze.js'
import {stackDocument, type StackDocument} from './stacks/stack-document.js'
import type {AnalyzeOptions, ProvidersAnalysis} from './analysis.js'
import {analyzeTree} from './tree-stage.js'
import {stackProvidersAnalysis} from './stacks/stack-providers.js'

export type {AnalyzeOptions, ProvidersAnalysis} from './analysis.js'

export async function analyzeProviders(dir: string, opts: AnalyzeOptions = {}): Promise<ProvidersAnalysis> {
  const run = runContextFor(opts.context)
  try {
    return await analyzeProvidersWith(run.ctx, dir, opts)
  } finally {
    await run.release()
  }
}

/** The analysis of a run: what `analyzeProviders` does with the context a caller already has (`opts.context` is not read). */
export async function analyzeProvidersWith(ctx: RunContext, dir: string, opts: AnalyzeOptions = {}): Promise<ProvidersAnalysis> {
  // a directory of .tfcomponent.hcl files is a stack: its components are the module trees
  if (!opts.inbound && isStackDir(ctx.files, dir)) {
    const stack = await analyzeStack(dir, ctx, stackTreeOptions(opts), analyzeProviders)
    return stackProvidersAnalysis(stack)
  }
  const literalSources = (root: Module | undefined, engine: EngineName, pinned: string | undefined): boolean =>
    engineBehaviour(root, engine, pinned).literalSources
  return analyzeTree(ctx, await crawlWith(ctx, dir, {literalSources, ...opts}), opts)
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
        address: b.address.key,
        provider_config: b.providerConfig?.key ?? null,
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
      path: n.addr.key,
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
      address: c.address.key,
      module: c.module.key,
      local_name: c.localName,
      alias: c.alias ?? null,
      provider: providerString(c.provider),
      implied: c.implied,
      legacy: c.legacy,
      ...(c.expected ? {expected: true} : {}),
      range: c.range ?? null,
    })),
    provider_passes: a.resolution.passes.map((p) => ({
      from: p.from.key,
      to: p.to.key,
      key: p.key,
      value: p.value,
      child_address: p.childAddress.key,
      parent_address: p.parentAddress.key,
    })),
    resources: a.resolution.resources.map((r) => ({
      address: r.address.key,
      module: r.module.key,
      mode: r.mode,
      type: r.type,
      name: r.name,
      provider: r.provider,
      provider_config: r.providerConfig?.key ?? null,
      ...(r.instanceKey !== undefined ? {instance_key: r.instanceKey} : {}),
      resolution: r.resolution.map((s) => ({
        kind: s.kind,
        module: s.module.key,
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
