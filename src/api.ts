// The public entry points: each takes a directory path or files held in memory, and returns data
// (documents with the shapes the commands print as JSON, plus diagnostics). Everything else in src/
// is internal. A call makes its own run (parser, caches, worker pool) unless given a shared one.
import {sortDiagnostics, type Diagnostic} from './diag/diagnostic.js'
import {exportGraph as exportAnalysis, type GraphExport, type GraphOptions} from './export/index.js'
import {MEMORY_ROOT, MemorySource} from './io/memory-source.js'
import type {LoadResult} from './load/load-module.js'
import {RunContext, withRunContext} from './load/run-context.js'
import {checkLock as checkLockDir, type LockCheck} from './lock/check.js'
import {analyzeOptionsOf, lint as lintDir, type LintOptions, type LintResult} from './lint/lint.js'
import {loadConfig as loadConfigDir} from './config.js'
import {analyzeProvidersWith, providersDocument, type ProvidersAnalysis, type ProvidersDocument} from './providers/analyze.js'
import {
  diffProviders,
  diffSide,
  failingChanges,
  providersDiffDocument,
  type ChangeKind,
  type ProvidersDiffDocument,
} from './providers/compare/diff.js'
import {openWorkspace as openLintWorkspace, type Workspace} from './lint/workspace.js'
import {analyzeState, stateJson, type StateJson} from './state/index.js'
import {stateFindings} from './lint/state-findings.js'

/**
 * What to analyse: a directory (the root module), or files in memory by path relative to the root
 * module, `/`-separated (`main.tf`, `modules/vpc/main.tf`, `../shared/main.tf`). An in-memory input
 * touches no file: nothing is read from the disk and the caches are off.
 */
export type AnalysisInput = string | {readonly files: Readonly<Record<string, string>>}

/**
 * What every entry point takes, as `lint` takes it (lint/lint.ts): the engine, the environment (`TF_DATA_DIR`
 * and the like), `-var`/`-var-file`, the `--max-*` limits, a run shared between calls (its parses and loads are
 * reused; only for a directory input), and where called modules come from (default: local directories beside
 * their caller and the installed-modules manifest, from disk).
 */
export interface AnalysisOptions extends Pick<LintOptions, 'engine' | 'env' | 'vars' | 'varFiles' | 'limits' | 'context' | 'walker'> {
  /**
   * The root module's test files (`*.tftest.hcl`, …) and their runs: `analyze` reads them when asked (the
   * document then has `tests`, as `providers --tests --json`), `lint` unless `false`; `directory` is the test
   * directory (default `tests`).
   */
  readonly tests?: boolean | {readonly directory?: string}
  /**
   * A state to match to the configuration (`--state`): the raw format 4 text (`terraform state pull`) and
   * its name in messages (default `state`). A text that is not such a state throws `StateError` (one line).
   * The text is read and dropped: attribute values are not kept, nothing is cached or written.
   */
  readonly state?: {readonly text: string; readonly name?: string}
}

export interface Analysis {
  /** Exactly the document `tfgraph providers --json` prints (`root` is `.` for files in memory); with `state`, its `state` section too. */
  readonly providers: ProvidersDocument & {readonly state?: StateJson}
  readonly diagnostics: readonly Diagnostic[]
}

/** The directory to analyse and the run to analyse it in (a run of its own for files in memory). */
function resolveInput<T>(
  input: AnalysisInput,
  context: RunContext | undefined,
  fn: (dir: string, ctx: RunContext, rootArg: string) => Promise<T>,
): Promise<T> {
  if (typeof input === 'string') return withRunContext(context, (ctx) => fn(input, ctx, input))
  if (context) throw new Error('tfgraph: a shared run context reads the disk; files in memory get a run of their own')
  return withRunContext(new RunContext({files: new MemorySource(MEMORY_ROOT, input.files)}), (ctx) => fn(MEMORY_ROOT, ctx, '.'))
}

async function providersAnalysis(dir: string, ctx: RunContext, opts: AnalysisOptions): Promise<ProvidersAnalysis> {
  return analyzeProvidersWith(ctx, dir, analyzeOptionsOf(opts, opts.tests))
}

/** Which provider configuration each resource uses, and why; the module tree; the requirements. */
export async function analyze(input: AnalysisInput, options: AnalysisOptions = {}): Promise<Analysis> {
  return resolveInput(input, options.context, async (dir, ctx, rootArg) => {
    const a = await providersAnalysis(dir, ctx, options)
    if (!options.state) return {providers: providersDocument(a, rootArg), diagnostics: sortDiagnostics([...a.diagnostics])}
    const s = analyzeState(a, options.state.text, options.state.name ?? 'state')
    return {
      providers: {...providersDocument(a, rootArg), state: stateJson(s.match)},
      diagnostics: sortDiagnostics([...a.diagnostics, ...s.diagnostics]),
    }
  })
}

/**
 * `analyze`'s options, and lint's own as `lint` (src/lint/lint.ts) takes them: `config` (rule settings as
 * `.tfgraph.json` gives them, see lint/config.ts), `only` (run only these rules; `terraform` names Terraform's
 * own checks), `disable`, and `fixes` (give each finding its fixes, `LintDiagnostic.fixes`: titled text
 * edits; the preferred one is what `lint --fix` applies).
 */
export interface LintApiOptions extends AnalysisOptions, Pick<LintOptions, 'config' | 'only' | 'disable' | 'fixes'> {}

/** Terraform's own module and provider diagnostics plus tfgraph's author rules. */
export async function lint(input: AnalysisInput, options: LintApiOptions = {}): Promise<LintResult> {
  return resolveInput(input, options.context, async (dir, ctx) => {
    const r = await lintDir(dir, {...options, context: ctx})
    if (!options.state) return r
    // with a state: its diagnostics are findings of rule `state` (as `lint --state`)
    const s = analyzeState(r.analysis, options.state.text, options.state.name ?? 'state')
    return {...r, diagnostics: [...r.diagnostics, ...stateFindings(s)]}
  })
}

export interface LockApiOptions extends AnalysisOptions {
  /** Hash installed provider packages and compare them with the lock file (a directory input only). */
  readonly verify?: boolean
  readonly pluginDirs?: readonly string[]
  readonly platforms?: readonly string[]
}

/** The dependency lock file against the requirements of the whole module tree. */
export async function checkLock(input: AnalysisInput, options: LockApiOptions = {}): Promise<LockCheck> {
  return resolveInput(input, options.context, (dir, ctx) => checkLockDir(dir, {...options, context: ctx}))
}

/** One module directory after every override file (`tfgraph config`). */
export async function loadConfig(
  input: AnalysisInput,
  options: Pick<AnalysisOptions, 'engine' | 'limits' | 'context'> = {},
): Promise<LoadResult> {
  return resolveInput(input, options.context, (dir, ctx) => {
    const max = options.limits?.maxFiles
    return loadConfigDir(dir, {
      ...(options.engine ? {engine: options.engine} : {}),
      ...(max === undefined ? {} : {fileBudget: {remaining: max, limit: max}}),
      context: ctx,
    })
  })
}

/** One graph view (modules, providers, resources), optionally sliced; render it with `renderGraph`. */
export async function exportGraph(input: AnalysisInput, options: AnalysisOptions & GraphOptions): Promise<GraphExport> {
  return resolveInput(input, options.context, async (dir, ctx) => exportAnalysis(await providersAnalysis(dir, ctx, options), options))
}

export interface ProvidersDiffOptions extends AnalysisOptions {
  /** The kinds of change that fail (`tfgraph providers diff --fail-on`); default: the risky ones. */
  readonly failOn?: readonly ChangeKind[]
}

export interface ProvidersDiffResult {
  /** Exactly the document `tfgraph providers diff OLD NEW --json` prints (`old`/`new`: the directories as given, `old`/`new` for files in memory). */
  readonly diff: ProvidersDiffDocument
  /** How many changes fail the comparison (the command exits 2 when there is one). */
  readonly failing: number
  /** Each revision's diagnostics (errors there make the comparison unreliable). */
  readonly diagnostics: {readonly old: readonly Diagnostic[]; readonly new: readonly Diagnostic[]}
  /** A revision could not be read completely: the command refuses to compare (exit 1). */
  readonly incomplete: boolean
}

/** The binding of every resource compared between two revisions (`tfgraph providers diff`). */
export async function providersDiff(
  oldInput: AnalysisInput,
  newInput: AnalysisInput,
  options: ProvidersDiffOptions = {},
): Promise<ProvidersDiffResult> {
  const side = (input: AnalysisInput, name: string) =>
    resolveInput(input, typeof input === 'string' ? options.context : undefined, async (dir, ctx, rootArg) => {
      const a = await providersAnalysis(dir, ctx, options)
      const shown = typeof input === 'string' ? rootArg : name
      return {a, side: diffSide(a, shown), shown}
    })
  const before = await side(oldInput, 'old')
  const after = await side(newInput, 'new')
  const d = diffProviders(before.side, after.side)
  return {
    diff: providersDiffDocument(d, before.shown, after.shown),
    failing: failingChanges(d, options.failOn).length,
    diagnostics: {old: sortDiagnostics([...before.a.diagnostics]), new: sortDiagnostics([...after.a.diagnostics])},
    incomplete: before.a.incomplete || after.a.incomplete,
  }
}

export interface WorkspaceApiOptions extends Pick<AnalysisOptions, 'engine' | 'env' | 'limits'> {
  /** Analyses kept in memory besides those of roots holding open buffers (default 16). */
  readonly keep?: number
  /** How far the search for root modules goes below `dir`: `depth` levels (0: `dir` alone), `dirs` directories listed (default 32 and 20,000). */
  readonly search?: {readonly depth: number; readonly dirs: number}
  /** Told one line per search for root modules: what it searched, and what a bound left out. */
  readonly log?: (line: string) => void
}

/**
 * A long-lived analysis of a directory tree for an editor (`tfgraph lsp` is built on it): the root
 * modules under `dir`, found as `lint --recursive` finds them, each linted in one run whose files are
 * the disk with the editor's unsaved buffers laid over it (nothing is written). A buffer change
 * re-parses that file and analyses again only the roots that read it. Close it at the end.
 */
export function openWorkspace(dir: string, options: WorkspaceApiOptions = {}): Workspace {
  return openLintWorkspace(dir, options)
}
