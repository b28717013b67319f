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
import {sortDiagnostics, type Diagnostic, type SourceRange} from '../../diag/diagnostic.js'
import type {ModuleTree} from '../../crawl/crawl.js'
import {runModuleTree, type RunModuleInfo} from '../../crawl/run-module.js'
import {fileSitesOf} from '../../load/file-sites.js'
import {engineByName} from '../../load/engine.js'
import {runContextFor, type RunContext} from '../../load/run-context.js'
import {loadTestFiles, type TestRun} from '../../load/test-files.js'
import {engineBehaviour, type EngineBehaviour} from '../releases/engine-version.js'
import type {ResolutionMemo} from '../tree/resolve.js'
import type {TestFileAnalysis, TestRunAnalysis, TestsAnalysis, TestsOptions} from './test-analysis.js'
import {analyzeRun, type Selection} from './test-run-bindings.js'
import {testProviderTypeMismatches} from './test-provider-types.js'
import {testReferenceProblems} from './test-references.js'

export type {TestFileAnalysis, TestRunAnalysis, TestRunBinding, TestsAnalysis, TestsOptions} from './test-analysis.js'

/**
 * The test files of the root module `main.root` and every run's bindings and errors. The test files are read
 * through the run's file source, the modules `module` blocks name are crawled as roots.
 */
export async function analyzeTests(main: ModuleTree, opts: TestsOptions = {}): Promise<TestsAnalysis> {
  const run = runContextFor(opts.context)
  try {
    return await analyzeTestsWith(run.ctx, main, engineBehaviour(main.root.module, main.engine, main.pinnedRelease), opts)
  } finally {
    await run.release()
  }
}

/**
 * What `analyzeTests` does with the context a caller already has (`opts.context` is not read) and the
 * behaviour of the release followed for `main` (`engineBehaviour`).
 */
export async function analyzeTestsWith(
  ctx: RunContext,
  main: ModuleTree,
  behaviour: EngineBehaviour,
  opts: TestsOptions = {},
): Promise<TestsAnalysis> {
  const engine = engineByName(main.engine)
  const modern = behaviour.testProvidersByAddress
  const selection: Selection = engine.name === 'opentofu' ? 'all' : modern ? 'address' : 'local-name'
  const testDirectory = opts.testDirectory ?? 'tests'
  const loaded = await loadTestFiles(ctx, main.rootDir, {
    engine: engine.name,
    ...(opts.testDirectory !== undefined ? {testDirectory: opts.testDirectory} : {}),
    runNameSubject: behaviour.runNameSubject,
    version: behaviour.version,
  })
  const files: TestFileAnalysis[] = []
  const memo: ResolutionMemo = {memo: ctx.memo, stats: ctx.stats}
  // the blocks the messages name: every release's (a message names mock_provider under Terraform 1.6 too)
  const declaring = fileSitesOf(ctx.blockKinds.files, 'test', engine.name, '99.0.0').filter((s) => s.names === 'declares')
  // the module under test of runs naming one directory, crawled once
  const crawled = new Map<string, Promise<ModuleTree>>()
  for (const file of loaded.files) {
    const trees = new Map<TestRun, ModuleTree>()
    const runs: TestRunAnalysis[] = []
    const pending: {run: TestRun; info?: RunModuleInfo; diagnostics: Diagnostic[]}[] = []
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
      runs.push(
        analyzeRun({file, run: p.run, tree, main, engine, selection, checkMismatch: modern, memo, declaring}, p.info, p.diagnostics),
      )
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
