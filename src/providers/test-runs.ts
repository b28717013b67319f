// The runs of a root module's test files (`terraform test`): for each run, which configuration of the module
// under test each resource uses (as `providers` shows it) and which provider or mock_provider block of the
// test file serves it, and the errors Terraform gives before the run does anything — a `providers` map
// naming a block the file does not have (`Missing provider definition for …`), a configuration the module
// needs that no block serves (`Provider configuration not present`, as its validate walk words it), provider
// types that do not match. What serves what follows Terraform's test runner:
//   - a run with a `providers` map gets exactly those blocks, under the map's keys (a key that names another
//     provider than its block is `Mismatched provider configuration` from Terraform 1.13);
//   - a run without one gets the file's blocks for the configurations the module under test mentions itself
//     (required_providers entries and configuration_aliases, provider blocks, resources' and data sources'
//     provider references or types, providers maps of its module calls; not its children's): Terraform ≥ 1.13
//     matches them by provider source address and alias (internal/moduletest/graph/node_test_run.go
//     requiredProviders), 1.11 and 1.12 by local name (internal/backend/local/test.go gatherProviders),
//     OpenTofu takes every block of the file (internal/configs/config.go getProviderConfigTransformForTest);
//   - a run with a `module { source }` block runs that module as the root (config_build.go buildTestModules).
// tfgraph checks every run on its own; `terraform test` stops a file at its first run that fails and skips
// the rest (the output says so).
import {rootRelative} from '../diag/file-names.js'
import * as path from 'node:path'
import {ModulePath} from '../addrs/module.js'
import {AbsProviderConfig, impliedLocalName, localConfigString, providerEquals, providerString, type Provider} from '../addrs/provider.js'
import type {ResourceMode} from '../addrs/resource.js'
import type {Diagnostic, SourceRange} from '../diag/diagnostic.js'
import {errorDiag, sortDiagnostics} from '../diag/diagnostic.js'
import {goQuote} from '../diag/go-quote.js'
import {crawl, type CrawlOptions, type ModuleNode, type ModuleTree} from '../crawl/crawl.js'
import {readManifest} from '../crawl/manifest.js'
import {defaultProvider, refString, type PassedProvider} from '../load/decode.js'
import {engineByName, type Engine} from '../load/engine.js'
import {withRunContext, type RunContext} from '../load/run-context.js'
import {loadTestFiles, type TestFile, type TestProviderBlock, type TestRun} from '../load/test-files.js'
import {atLeast, behaviourVersion} from './engine-version.js'
import {resolveProviders, type DeclaredBy, type ResolutionMemo, type ResolutionStep, type TestProvided} from './resolve.js'
import {validateProviderConfigsByModule} from './validate.js'
import {testProviderTypeMismatches} from './test-provider-types.js'
import {testReferenceProblems} from './test-references.js'

export interface TestRunBinding {
  readonly address: string
  readonly module: string
  readonly mode: ResourceMode
  /** The provider it uses (`host/namespace/type`). */
  readonly provider: string
  /** The configuration in the module under test (as `providers` shows it). */
  readonly providerConfig: string | undefined
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
  readonly module?: {readonly source: string; readonly version?: string; readonly dir?: string; readonly loaded: boolean}
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

export interface TestsOptions extends Pick<CrawlOptions, 'walker' | 'env' | 'maxDepth' | 'maxFiles' | 'maxModules'> {
  readonly context?: RunContext
  /** The test directory relative to the root (default `tests`). */
  readonly testDirectory?: string
}

/** How the engine picks the blocks a run without a providers map gets. */
type Selection = 'address' | 'local-name' | 'all'

/** The configurations (`FQN alias` keys, or local-name keys) the module under test mentions itself. */
function requiredConfigs(root: ModuleNode, selection: Selection): Set<string> {
  const out = new Set<string>()
  const m = root.module
  if (!m) return out
  const names = m.names
  const add = (localName: string, alias: string | undefined, provider?: Provider): void => {
    if (selection === 'address') out.add(`${providerString(provider ?? names.providerFor(localName))} ${alias ?? ''}`)
    else out.add(alias ? `${localName}.${alias}` : localName)
  }
  for (const [name, r] of names.requirements) {
    add(name, undefined)
    for (const {text: a} of r.aliases) {
      const dot = a.indexOf('.')
      if (dot > 0) add(a.slice(0, dot), a.slice(dot + 1), r.provider)
    }
  }
  for (const p of m.providerConfigs.values()) if (p.valid) add(p.localName, p.alias)
  for (const r of [...m.managedResources.values(), ...m.dataResources.values()]) {
    const ref = r.provider?.decoded
    if (ref) add(ref.name, ref.alias)
    else {
      // the resource's provider: its source address; Terraform 1.11 keys it by the provider's type
      const provider = names.providerFor(impliedLocalName(r.type))
      if (selection === 'address') add('', undefined, provider)
      else out.add(provider.type)
    }
  }
  for (const call of m.moduleCalls.values()) for (const p of call.providers) add(p.inParent.name, p.inParent.alias)
  return out
}

/** One run's context: the file, the run, the module under test and the main configuration's provider names. */
interface RunInput {
  readonly file: TestFile
  readonly run: TestRun
  readonly tree: ModuleTree
  readonly main: ModuleTree
  readonly engine: Engine
  readonly selection: Selection
  readonly checkMismatch: boolean
  /** The run's memo: a module instance whose configurations are those of an earlier run (or the main analysis) keeps its bindings. */
  readonly memo?: ResolutionMemo
}

function testAddress(main: ModuleTree, block: TestProviderBlock): {provider: Provider; address: string} {
  const provider = main.root.module?.names.providerFor(block.name) ?? defaultProvider(block.name, engineByName(main.engine))
  return {provider, address: new AbsProviderConfig(ModulePath.root, provider, block.alias).toString()}
}

/** The blocks of the file that serve the module under test in this run, and the errors choosing them gives. */
function provided(input: RunInput): {provided: TestProvided[]; diagnostics: Diagnostic[]} {
  const {file, run, tree, main, selection} = input
  const names = tree.root.module?.names
  const out: TestProvided[] = []
  const diagnostics: Diagnostic[] = []
  if (!names) return {provided: out, diagnostics}
  const base = {file: file.path, run: run.name}
  if (run.providers.length > 0) {
    for (const p of run.providers) {
      const block = file.providers.get(refString(p.inParent))
      if (!block) {
        diagnostics.push(missingDefinition(input, p))
        continue
      }
      const provider = names.providerFor(p.inChild.name)
      const t = testAddress(main, block)
      if (input.checkMismatch && !providerEquals(provider, t.provider)) {
        diagnostics.push(
          errorDiag(
            'test.mismatched-provider',
            'Mismatched provider configuration',
            `Expected ${goQuote(providerString(provider))} but was ${goQuote(providerString(t.provider))}.`,
            p.inChild.nameRange,
          ),
        )
        continue
      }
      out.push({
        ...base,
        localName: p.inChild.name,
        ...(p.inChild.alias ? {alias: p.inChild.alias} : {}),
        provider,
        key: block.key,
        mock: block.mock,
        mapped: true,
        testAddress: t.address,
        range: block.block.declRange,
      })
    }
    return {provided: out, diagnostics}
  }
  const wanted = selection === 'all' ? undefined : requiredConfigs(tree.root, selection)
  // OpenTofu: a run without a map gets the file's mock_provider where a provider block has the same key
  for (const block of [...file.providers.values()].map((b) => file.mockOverrides?.get(b.key) ?? b)) {
    const t = testAddress(main, block)
    const key = selection === 'address' ? `${providerString(t.provider)} ${block.alias ?? ''}` : block.key
    if (wanted && !wanted.has(key)) continue
    const provider = selection === 'address' ? t.provider : names.providerFor(block.name)
    out.push({
      ...base,
      localName: names.localNameFor(provider) ?? block.name,
      ...(block.alias ? {alias: block.alias} : {}),
      provider,
      key: block.key,
      mock: block.mock,
      mapped: false,
      testAddress: t.address,
      range: block.block.declRange,
    })
  }
  return {provided: out, diagnostics}
}

/** `Missing provider definition for <key>` (run.Validate; 1.11: TransformConfigForTest), with tfgraph's explanation. */
function missingDefinition(input: RunInput, p: PassedProvider): Diagnostic {
  const key = refString(p.inParent)
  const have = [...input.file.providers.keys()].sort()
  return {
    ...errorDiag(
      'test.missing-provider-definition',
      `Missing provider definition for ${key}`,
      'This provider block references a provider definition that does not exist.',
      p.inParent.nameRange,
    ),
    extra: {
      explanation: `run "${input.run.name}" passes ${key} as ${refString(p.inChild)}, but ${input.file.path} has no provider or mock_provider block ${key}${have.length > 0 ? ` (it has ${have.join(', ')})` : ' (it has none)'}. A run's providers map names the test file's blocks, not the module's configurations. To fix it, add ${p.inParent.alias ? `provider "${p.inParent.name}" { alias = "${p.inParent.alias}" }` : `provider "${p.inParent.name}" {}`} (or a mock_provider) to the test file, or map ${refString(p.inChild)} to a block it has.`,
    },
  }
}

/** The run's graph-stage errors as `terraform test` reports them: located at the run, explained for the test file. */
function runGraphDiagnostics(input: RunInput, graph: ReturnType<typeof resolveProviders>['graphDiagnostics']): Diagnostic[] {
  const {file, run, tree} = input
  return graph.map((g) => {
    if (!g.resource || g.module !== '') return {...g.diagnostic, extra: {...g.diagnostic.extra, range: run.block.declRange}}
    const {address, reference, range} = g.resource
    const ref = localConfigString(reference)
    const expected = tree.root.module?.names.requirements.get(reference.localName)?.aliases.some((a) => a.text === ref) === true
    const subject = run.module ? `the module run "${run.name}" executes (${run.module.sourceText})` : 'the module under test'
    const how =
      run.providers.length > 0
        ? `its providers map has no entry for ${ref} (a run with a providers map gets only what it names)`
        : `it has no providers map, and ${file.path} has no provider or mock_provider block ${ref}`
    return {
      ...g.diagnostic,
      extra: {
        range: run.block.declRange,
        explanation: `${address} (${rootRelative(input.main.rootDir)(range.filename)}:${range.start.line}) uses ${ref}, and ${subject} has no provider block for it${expected ? ': it expects the configuration from its caller (configuration_aliases)' : ''}. In a test the run is that caller, and run "${run.name}" does not serve ${ref}: ${how}. To fix it, add ${ref} = <a block of the test file> to the run's providers map, or a provider "${reference.localName}"${reference.alias ? ` block with alias = "${reference.alias}"` : ' block'} (or a mock_provider) to ${file.path}.`,
      },
    }
  })
}

/** One run: who serves what, the bindings, and the run's errors. */
function analyzeRun(input: RunInput, moduleInfo: TestRunAnalysis['module'], loadDiags: readonly Diagnostic[]): TestRunAnalysis {
  const {file, run, tree} = input
  const chosen = provided(input)
  const resolution = resolveProviders(tree, {provided: chosen.provided, range: run.block.declRange}, input.memo)
  const resources: TestRunBinding[] = resolution.resources.map((r) => {
    const last = r.resolution[r.resolution.length - 1]
    const test = r.providerConfig
      ? chosen.provided.find((p) => last?.kind === 'test' && p.key === last.key && p.localName === last.localName)
      : undefined
    return {
      address: r.address,
      module: r.module,
      mode: r.mode,
      provider: r.provider,
      providerConfig: r.providerConfig,
      testProviderConfig: test?.testAddress,
      mock: test?.mock ?? false,
      resolution: r.resolution,
      range: r.range,
      ...(r.declaredBy ? {declaredBy: r.declaredBy} : {}),
    }
  })
  // a module run's own configuration is validated as a root (validateProviderConfigsForTests)
  const validation = run.module ? validateProviderConfigsByModule(tree).diagnostics : []
  // a providers map Terraform cannot use stops the run before its validate walk (run.Validate)
  const stopped = chosen.diagnostics.some((d) => d.severity === 'error')
  const graph = stopped ? [] : runGraphDiagnostics(input, resolution.graphDiagnostics)
  const diagnostics = sortDiagnostics([...loadDiags, ...validation, ...chosen.diagnostics, ...graph])
  return {
    file: file.path,
    name: run.name,
    command: run.command,
    range: run.block.declRange,
    ...(moduleInfo ? {module: moduleInfo} : {}),
    ...(run.module ? {tree} : {}),
    resources,
    diagnostics,
  }
}

/** The module a run's `module` block names, crawled as a root (a local source from the tested root; a registry one through the manifest). */
async function runModuleTree(
  ctx: RunContext,
  root: string,
  file: TestFile,
  run: TestRun,
  opts: TestsOptions,
  engine: Engine,
  crawled: Map<string, Promise<ModuleTree>>,
): Promise<{tree?: ModuleTree; info: NonNullable<TestRunAnalysis['module']>; diagnostics: Diagnostic[]}> {
  const m = run.module!
  const base = {source: m.sourceText, ...(m.version !== undefined ? {version: m.version} : {})}
  let dir: string | undefined
  if (m.source.kind === 'local') dir = path.resolve(root, m.source.path)
  else {
    // Terraform installs it under the key test.<directory>.<file name>.<run> (config_build.go buildTestModules)
    const dirParts = path.posix.dirname(file.path) === '.' ? [] : path.posix.dirname(file.path).split('/')
    const key = ['test', ...dirParts, path.posix.basename(file.path).replace(/\.tftest\.hcl$/, ''), run.name].join('.')
    const rec = readManifest(ctx.files, root, opts.env ?? process.env).records.get(key)
    if (rec) dir = path.resolve(root, rec.dir)
  }
  if (dir === undefined || ctx.files.stat(dir) !== 'dir') {
    const diagnostics = [
      errorDiag(
        'module.not-installed',
        'Module not installed',
        `This module is not yet installed. Run "${engine.command} init" to install all modules required by this configuration.`,
        m.block.declRange,
      ),
    ]
    return {info: {...base, loaded: false}, diagnostics}
  }
  const at = dir
  let crawling = crawled.get(at)
  if (!crawling) {
    crawling = crawl(at, {
      context: ctx,
      engine: engine.name,
      displayRoot: root,
      ...(opts.walker ? {walker: opts.walker} : {}),
      ...(opts.env ? {env: opts.env} : {}),
      ...(opts.maxDepth !== undefined ? {maxDepth: opts.maxDepth} : {}),
      ...(opts.maxFiles !== undefined ? {maxFiles: opts.maxFiles} : {}),
      ...(opts.maxModules !== undefined ? {maxModules: opts.maxModules} : {}),
    })
    crawled.set(at, crawling)
  }
  const tree = await crawling
  const shown = path.relative(root, dir).split(path.sep).join('/') || '.'
  return {tree, info: {...base, dir: shown, loaded: tree.root.module !== undefined}, diagnostics: [...tree.diagnostics]}
}

/**
 * The test files of the root module `main.root` and every run's bindings and errors. The test files are read
 * through the run's file source, the modules `module` blocks name are crawled as roots.
 */
export async function analyzeTests(main: ModuleTree, opts: TestsOptions = {}): Promise<TestsAnalysis> {
  return withRunContext(opts.context, async (ctx) => {
    const engine = engineByName(main.engine)
    const version = behaviourVersion(main.root.module, main.engine).version
    const modern = engine.name === 'terraform' && atLeast(version, '1.13.0')
    const selection: Selection = engine.name === 'opentofu' ? 'all' : modern ? 'address' : 'local-name'
    const testDirectory = opts.testDirectory ?? 'tests'
    const loaded = await loadTestFiles(ctx, main.rootDir, {
      engine: engine.name,
      ...(opts.testDirectory !== undefined ? {testDirectory: opts.testDirectory} : {}),
      runNameSubject: engine.name === 'terraform' && atLeast(version, '1.14.0'),
      version,
    })
    const files: TestFileAnalysis[] = []
    const memo: ResolutionMemo = {memo: ctx.memo, stats: ctx.stats}
    // the module under test of runs naming one directory, crawled once
    const crawled = new Map<string, Promise<ModuleTree>>()
    for (const file of loaded.files) {
      const trees = new Map<TestRun, ModuleTree>()
      const runs: TestRunAnalysis[] = []
      const pending: {run: TestRun; info?: TestRunAnalysis['module']; diagnostics: Diagnostic[]}[] = []
      for (const run of file.runs) {
        if (!run.module) {
          trees.set(run, main)
          pending.push({run, diagnostics: []})
          continue
        }
        const r = await runModuleTree(ctx, main.rootDir, file, run, opts, engine, crawled)
        if (r.tree) trees.set(run, r.tree)
        pending.push({run, info: r.info, diagnostics: r.diagnostics})
      }
      for (const p of pending) {
        const tree = trees.get(p.run)
        if (!tree) {
          runs.push({
            file: file.path,
            name: p.run.name,
            command: p.run.command,
            range: p.run.block.declRange,
            ...(p.info ? {module: p.info} : {}),
            resources: [],
            diagnostics: p.diagnostics,
          })
          continue
        }
        runs.push(analyzeRun({file, run: p.run, tree, main, engine, selection, checkMismatch: modern, memo}, p.info, p.diagnostics))
      }
      const mismatches = testProviderTypeMismatches(file, main, trees, engine)
      // the names the file and its runs use, against the modules the runs execute
      const refs = testReferenceProblems(file, main, trees, engine.name)
      const checked = runs.map((r, i) => {
        const extra = refs.runs.get(file.runs[i]!) ?? []
        return extra.length > 0 ? {...r, diagnostics: sortDiagnostics([...r.diagnostics, ...extra])} : r
      })
      files.push({
        path: file.path,
        providers: file.providers,
        runs: checked,
        diagnostics: sortDiagnostics([...file.diagnostics, ...mismatches, ...refs.file]),
      })
    }
    // one diagnostic once: runs that execute the same module report its problems alike
    const diagnostics = sortDiagnostics(
      uniqueDiagnostics([...loaded.diagnostics, ...files.flatMap((f) => [...f.diagnostics, ...f.runs.flatMap((r) => r.diagnostics)])]),
    )
    return {testDirectory, files, shadowed: loaded.shadowed, diagnostics}
  })
}

/** The same diagnostic (code, texts and places) once; `seen` holds the keys of those already taken. */
export function uniqueDiagnostics(list: readonly Diagnostic[], seen: Set<string> = new Set()): Diagnostic[] {
  return list.filter((d) => {
    const at = (r: SourceRange | undefined): string => (r ? `${r.filename}:${r.start.byte}-${r.end.byte}` : '')
    const k = [d.code, d.severity, d.summary, d.detail, at(d.range), at(d.extra?.range), d.extra?.explanation ?? ''].join('\u0000')
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
}
