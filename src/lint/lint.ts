// `tfgraph lint`: Terraform's own module/provider diagnostics (rule id `terraform`) plus tfgraph's
// rules for module authors, configured by .tfgraph.json / --only / --disable and inline ignores.
import * as path from 'node:path'
import {compareDiagnostics, type Diagnostic, type SourceRange} from '../diag/diagnostic.js'
import {renameFiles, renameRanges, rootRelative} from '../diag/file-names.js'
import type {CrawlLimits, ModuleNode, ModuleWalker} from '../crawl/crawl.js'
import {analyzeProvidersWith, sharedModuleReason, type AnalyzeOptions, type ProvidersAnalysis} from '../providers/analyze.js'
import type {LintDiagnostic} from '../rules/rule.js'
import {callAround, callersOf, MODULE_EVALUATION_ERRORS} from '../rules/support.js'
import type {EngineName} from '../load/engine.js'
import {runContextFor, type RunContext} from '../load/run-context.js'
import {TERRAFORM_RULE} from './config.js'
import {enabled, published, ruleFindings, ruleInputs, type RuleSelection} from './rule-findings.js'
import {runSourceText} from './module-stage.js'
import {applyIgnores} from './ignore.js'
import {lintStack} from './stack-lint.js'
import {terraformFixes} from '../rules/fix/terraform.js'

export {TERRAFORM_RULE}

export interface LintOptions extends RuleSelection {
  readonly engine?: EngineName
  readonly env?: NodeJS.ProcessEnv
  readonly vars?: readonly string[]
  readonly varFiles?: readonly string[]
  /** `--max-depth`, `--max-files`, `--max-modules`. */
  readonly limits?: CrawlLimits
  /** The run (files, parser, caches); default: a run of its own. */
  readonly context?: RunContext
  /** Where called modules come from (default: local directories and the installed-modules manifest). */
  readonly walker?: ModuleWalker
  /** The root module's test files and their runs (default: read, from the test directory `tests`); `false`: not read. */
  readonly tests?: boolean | {readonly directory?: string}
  /** Compute the fixes of the findings (`LintDiagnostic.fixes`; `lint --fix`, the editor's quick fixes). */
  readonly fixes?: boolean
  /**
   * The text of a file (absolute path) for the rules that read it and for ignore comments; default: read
   * once per run through the run's files. A long-lived run (an editor's) gives its own, kept current.
   */
  readonly sourceText?: (file: string) => string | undefined
}

export interface LintResult {
  /** The root directory as given. */
  readonly root: string
  readonly analysis: ProvidersAnalysis
  readonly diagnostics: readonly LintDiagnostic[]
  readonly suppressed: number
  /** The tool could not read or parse part of the configuration. */
  readonly incomplete: boolean
  /**
   * The tool could not read part of the configuration (a file or directory, or a --max-files/--max-modules
   * limit stopped it): `lint` could not do its job. A syntax error is not this — it is a finding.
   */
  readonly unread: boolean
  /** Said once at the top of the output: the directory is analysed as a shared module, and why. */
  readonly notes: readonly string[]
}

/** The codes of the errors that mean part of the configuration was not read (not that what was read is wrong). */
export const UNREAD_CODES: ReadonlySet<string> = new Set([
  'load.file-unreadable',
  'load.dir-unreadable',
  'load.no-config-files',
  'load.too-many-files',
  'module.too-many-calls',
])

/** A rule's finding that restates Terraform's diagnostic `b` (its code, at its place). */
function sameFinding(a: LintDiagnostic, b: Diagnostic): boolean {
  const at = a.restatesAt ?? a.range
  return a.restates !== undefined && a.restates === b.code && at?.filename === b.range?.filename && at?.start.byte === b.range?.start.byte
}

export async function lint(dir: string, opts: LintOptions = {}): Promise<LintResult> {
  const run = runContextFor(opts.context)
  try {
    return await lintWith(run.ctx, dir, opts)
  } finally {
    await run.release()
  }
}

/** What an analysis of the providers takes from a run's options (`lint` and the library's `analyze` alike). */
export function analyzeOptionsOf(
  opts: Pick<LintOptions, 'engine' | 'env' | 'vars' | 'varFiles' | 'limits' | 'walker'>,
  tests: LintOptions['tests'],
): AnalyzeOptions {
  return {
    ...(opts.engine ? {engine: opts.engine} : {}),
    ...(opts.env ? {env: opts.env} : {}),
    vars: opts.vars ?? [],
    varFiles: opts.varFiles ?? [],
    ...opts.limits,
    ...(opts.walker ? {walker: opts.walker} : {}),
    ...(tests ? {tests} : {}),
  }
}

async function lintWith(ctx: RunContext, dir: string, opts: LintOptions): Promise<LintResult> {
  const analysis = await analyzeProvidersWith(ctx, dir, analyzeOptionsOf(opts, opts.tests ?? true))
  return lintAnalysis(ctx, dir, analysis, opts)
}

/** The lint stage over an analysis of `dir`: the rules' findings and Terraform's, fixes, ignore comments. */
export async function lintAnalysis(ctx: RunContext, dir: string, analysis: ProvidersAnalysis, opts: LintOptions): Promise<LintResult> {
  const ruleDiags: LintDiagnostic[] = []
  const root = path.resolve(dir)
  const sourceText = runSourceText(ctx, root, opts.sourceText)
  const inputs = {...(await ruleInputs(ctx, dir, analysis, opts.env)), sourceText, memo: ctx.memo, ...(opts.fixes ? {fixes: true} : {})}
  const named = rootRelative(root)
  // a Terraform Stacks configuration: the rules run on each component's module tree (stack-lint.ts)
  if (analysis.stack) {
    const r = await lintStack(analysis, sourceText, {
      findings: async (a) =>
        ruleFindings(
          a,
          {...(await ruleInputs(ctx, dir, a, opts.env)), sourceText, memo: ctx.memo, ...(opts.fixes ? {fixes: true} : {})},
          opts,
          named,
          ctx.checkpoint,
        ),
      terraform: enabled(TERRAFORM_RULE, true, opts),
    })
    const unread = analysis.incomplete && analysis.diagnostics.some((d) => d.severity === 'error' && UNREAD_CODES.has(d.code))
    return {
      root: dir,
      analysis,
      diagnostics: r.diagnostics.map(published),
      suppressed: r.suppressed,
      incomplete: analysis.incomplete,
      unread,
      notes: r.notes,
    }
  }
  // the analysis's diagnostics name files from the root: the tree's ranges, by their absolute paths
  const inTree = (r: SourceRange): SourceRange => ({...r, filename: path.resolve(root, r.filename)})
  ruleDiags.push(...(await ruleFindings(analysis, inputs, opts, named, ctx.checkpoint)))
  await ctx.checkpoint?.(true)
  const terraform: LintDiagnostic[] = []
  if (enabled(TERRAFORM_RULE, true, opts)) {
    const nodes = analysis.tree.nodes
    // calls whose source or version Terraform cannot evaluate: that error is the one finding about them
    const unevaluable = analysis.diagnostics
      .filter((d) => MODULE_EVALUATION_ERRORS.has(d.code) && d.range)
      .map((d) => callAround(nodes, inTree(d.range!))?.call)
    for (const d of analysis.diagnostics) {
      if (ruleDiags.some((r) => sameFinding(r, d))) continue // a rule reports the same finding with more context
      // the module call a `module.*` diagnostic is about: an ignore comment on its header covers it
      const call =
        d.range && (d.code.startsWith('module.') || MODULE_EVALUATION_ERRORS.has(d.code))
          ? callAround(nodes, inTree(d.range))?.call
          : undefined
      // a call that cannot be evaluated cannot be installed either: not a second finding
      if (d.code === 'module.not-installed' && call && unevaluable.includes(call)) continue
      // the module whose files hold the range; among calls of one directory, the one the diagnostic is about
      const byFile = d.range ? nodeHoldingFile(analysis.tree.nodes, path.resolve(root, d.range.filename)) : undefined
      const known = analysis.diagnosticModules.get(d)
      const about = known !== undefined ? analysis.tree.nodes.find((x) => x.addr.key === known.key) : undefined
      const n = about && byFile && about.module === byFile.module ? about : byFile
      // (the fixes read the model, whose ranges name files by their absolute paths)
      const fixes = opts.fixes
        ? terraformFixes(d.range ? {...d, range: inTree(d.range)} : d, n, {
            analysis,
            sourceText,
            ...(inputs.lockedProviders ? {lockedProviders: inputs.lockedProviders} : {}),
          })
        : []
      terraform.push({
        ...d,
        rule: TERRAFORM_RULE,
        ...(n && !n.addr.isRoot ? {address: n.addr.key} : {}),
        callers: callersOf(n),
        ...(call ? {ignoreAt: renameFiles(call.declRange, named)} : {}),
        ...(fixes.length > 0 ? {fixes} : {}),
      })
    }
  }
  const all = [...terraform, ...ruleDiags].sort((a, b) => compareDiagnostics(a, b) || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0))
  const {kept, suppressed} = applyIgnores(sourceText, all)
  const notes = analysis.sharedModule
    ? [renameRanges(`This directory is ${sharedModuleReason(analysis.sharedModule, analysis.tree.engine)}`, named)]
    : []
  const unread = analysis.incomplete && analysis.diagnostics.some((d) => d.severity === 'error' && UNREAD_CODES.has(d.code))
  return {root: dir, analysis, diagnostics: kept.map(published), suppressed, incomplete: analysis.incomplete, unread, notes}
}

/** The first module (in tree order) whose files include `filename` (an absolute path). */
function nodeHoldingFile(nodes: readonly ModuleNode[], filename: string): ModuleNode | undefined {
  const dir = path.dirname(filename)
  const base = path.basename(filename)
  return nodes.find((n) => n.module !== undefined && n.module.dir === dir && n.module.files.some((f) => f.name === base))
}
