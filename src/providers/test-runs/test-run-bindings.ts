// One test run's bindings and errors (test-runs.ts says what serves what): the blocks of the test file
// that serve the module under test, the resolution with them, and the errors Terraform gives before the
// run plans anything.
import {rootRelative} from '../../diag/file-names.js'
import {ModulePath} from '../../addrs/module.js'
import {
  AbsProviderConfig,
  impliedLocalName,
  localConfigString,
  providerEquals,
  providerString,
  type Provider,
} from '../../addrs/provider.js'
import type {Diagnostic} from '../../diag/diagnostic.js'
import {errorDiag, sortDiagnostics} from '../../diag/diagnostic.js'
import {goQuote} from '../../diag/go-quote.js'
import type {ModuleNode, ModuleTree} from '../../crawl/crawl.js'
import {defaultProvider, refString, type PassedProvider} from '../../load/decode.js'
import {engineByName, type Engine} from '../../load/engine.js'
import {keywordsText, type FileSite} from '../../load/file-sites.js'
import type {TestFile, TestProviderBlock, TestRun} from '../../load/test-files.js'
import {engineBehaviour} from '../releases/engine-version.js'
import {resolveProviders, type ResolutionMemo, type TestProvided} from '../tree/resolve.js'
import {validateProviderConfigsByModule} from '../tree/validate.js'
import type {TestRunAnalysis, TestRunBinding} from './test-analysis.js'
import type {RunModuleInfo} from '../../crawl/run-module.js'

/** How the engine picks the blocks a run without a providers map gets. */
export type Selection = 'address' | 'local-name' | 'all'

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
export interface RunInput {
  readonly file: TestFile
  readonly run: TestRun
  readonly tree: ModuleTree
  readonly main: ModuleTree
  readonly engine: Engine
  readonly selection: Selection
  readonly checkMismatch: boolean
  /** The run's memo: a module instance whose configurations are those of an earlier run (or the main analysis) keeps its bindings. */
  readonly memo?: ResolutionMemo
  /** The test-file rows that declare a configuration (the run's file-site table, the engine's): the messages name them. */
  readonly declaring: readonly FileSite[]
}

/** `provider or mock_provider`, and the first mock's keyword, for the messages. */
function blockWords(input: RunInput): {any: string; mock: string} {
  return {any: keywordsText(input.declaring), mock: input.declaring.find((s) => s.mock)?.keyword ?? 'mock_provider'}
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
        keyword: block.block.type,
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
      keyword: block.block.type,
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
  const words = blockWords(input)
  return {
    ...errorDiag(
      'test.missing-provider-definition',
      `Missing provider definition for ${key}`,
      'This provider block references a provider definition that does not exist.',
      p.inParent.nameRange,
    ),
    extra: {
      explanation: `run "${input.run.name}" passes ${key} as ${refString(p.inChild)}, but ${input.file.path} has no ${words.any} block ${key}${have.length > 0 ? ` (it has ${have.join(', ')})` : ' (it has none)'}. A run's providers map names the test file's blocks, not the module's configurations. To fix it, add ${p.inParent.alias ? `provider "${p.inParent.name}" { alias = "${p.inParent.alias}" }` : `provider "${p.inParent.name}" {}`} (or a ${words.mock}) to the test file, or map ${refString(p.inChild)} to a block it has.`,
    },
  }
}

/** The run's graph-stage errors as `terraform test` reports them: located at the run, explained for the test file. */
function runGraphDiagnostics(input: RunInput, graph: ReturnType<typeof resolveProviders>['graphDiagnostics']): Diagnostic[] {
  const {file, run, tree} = input
  const words = blockWords(input)
  return graph.map((g) => {
    if (!g.resource || !g.module.isRoot) return {...g.diagnostic, extra: {...g.diagnostic.extra, range: run.block.declRange}}
    const {address, reference, range} = g.resource
    const ref = localConfigString(reference)
    const expected = tree.root.module?.names.requirements.get(reference.localName)?.aliases.some((a) => a.text === ref) === true
    const subject = run.module ? `the module run "${run.name}" executes (${run.module.sourceText})` : 'the module under test'
    const how =
      run.providers.length > 0
        ? `its providers map has no entry for ${ref} (a run with a providers map gets only what it names)`
        : `it has no providers map, and ${file.path} has no ${words.any} block ${ref}`
    return {
      ...g.diagnostic,
      extra: {
        range: run.block.declRange,
        explanation: `${address.key} (${rootRelative(input.main.rootDir)(range.filename)}:${range.start.line}) uses ${ref}, and ${subject} has no provider block for it${expected ? ': it expects the configuration from its caller (configuration_aliases)' : ''}. In a test the run is that caller, and run "${run.name}" does not serve ${ref}: ${how}. To fix it, add ${ref} = <a block of the test file> to the run's providers map, or a provider "${reference.localName}"${reference.alias ? ` block with alias = "${reference.alias}"` : ' block'} (or a ${words.mock}) to ${file.path}.`,
      },
    }
  })
}

/** One run: who serves what, the bindings, and the run's errors. */
export function analyzeRun(input: RunInput, moduleInfo: RunModuleInfo | undefined, loadDiags: readonly Diagnostic[]): TestRunAnalysis {
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
  const validation = run.module
    ? validateProviderConfigsByModule(tree, engineBehaviour(tree.root.module, tree.engine, tree.pinnedRelease)).diagnostics
    : []
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
