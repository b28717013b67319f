// `tfgraph lint`: Terraform's own module/provider diagnostics (rule id `terraform`) plus tfgraph's
// rules for module authors, configured by .tfgraph.json / --only / --disable and inline ignores.
import * as path from 'node:path'
import {compareDiagnostics, type Diagnostic, type Severity} from '../diag/diagnostic.js'
import type {CrawlLimits, ModuleNode} from '../graph/crawl.js'
import {analyzeProviders, moduleOfFile, sharedModuleReason, type ProvidersAnalysis} from '../providers/analyze.js'
import {RULES} from '../rules/index.js'
import type {LintDiagnostic, Rule} from '../rules/rule.js'
import type {EngineName} from '../load/engine.js'
import {withRunContext, type RunContext} from '../load/run-context.js'
import {EMPTY_CONFIG, TERRAFORM_RULE, type LintConfig} from './config.js'
import {applyIgnores} from './ignore.js'

export {TERRAFORM_RULE}

export interface LintOptions {
  readonly engine?: EngineName
  readonly env?: NodeJS.ProcessEnv
  readonly config?: LintConfig
  /** Run only these rules (ids; `terraform` for Terraform's own checks). */
  readonly only?: readonly string[]
  readonly disable?: readonly string[]
  readonly vars?: readonly string[]
  readonly varFiles?: readonly string[]
  /** `--max-depth`, `--max-files`, `--max-modules`. */
  readonly limits?: CrawlLimits
  /** The run (files, parser, caches); default: a run of its own. */
  readonly context?: RunContext
}

export interface LintResult {
  /** The root directory as given. */
  readonly root: string
  readonly analysis: ProvidersAnalysis
  readonly diagnostics: readonly LintDiagnostic[]
  readonly suppressed: number
  /** The tool could not read or parse part of the configuration. */
  readonly incomplete: boolean
  /** Said once at the top of the output: the directory is analysed as a shared module, and why. */
  readonly notes: readonly string[]
}

export function callersOf(n: ModuleNode | undefined): string[] {
  const out: string[] = []
  for (let p = n; p && p.address !== ''; p = p.parent) out.unshift(p.address)
  return out
}

function enabled(id: string, byDefault: boolean, opts: LintOptions): boolean {
  if (opts.only && opts.only.length > 0) return opts.only.includes(id)
  if (opts.disable?.includes(id)) return false
  const s = (opts.config ?? EMPTY_CONFIG).rules.get(id)
  if (s === 'off') return false
  if (s !== undefined) return true
  return byDefault
}

function severityFor(id: string, base: Severity, opts: LintOptions): Severity {
  const s = (opts.config ?? EMPTY_CONFIG).rules.get(id)
  return s === 'warning' || s === 'error' ? s : base
}

/** A rule's finding that restates Terraform's diagnostic `b` (its code, at its place). */
function sameFinding(a: LintDiagnostic, b: Diagnostic): boolean {
  return a.restates !== undefined && a.restates === b.code && a.range?.filename === b.range?.filename && a.range?.start.byte === b.range?.start.byte
}

export async function lint(dir: string, opts: LintOptions = {}): Promise<LintResult> {
  return withRunContext(opts.context, (ctx) => lintWith(ctx, dir, opts))
}

async function lintWith(ctx: RunContext, dir: string, opts: LintOptions): Promise<LintResult> {
  const analysis = await analyzeProviders(dir, {
    context: ctx,
    ...(opts.engine ? {engine: opts.engine} : {}),
    ...(opts.env ? {env: opts.env} : {}),
    vars: opts.vars ?? [],
    varFiles: opts.varFiles ?? [],
    ...opts.limits,
  })
  const ruleDiags: LintDiagnostic[] = []
  for (const rule of RULES as readonly Rule[]) {
    if (!enabled(rule.id, rule.enabledByDefault, opts)) continue
    const sev = severityFor(rule.id, rule.severity, opts)
    for (const d of rule.check({analysis})) ruleDiags.push(sev === rule.severity ? d : {...d, severity: sev})
  }
  const terraform: LintDiagnostic[] = []
  if (enabled(TERRAFORM_RULE, true, opts)) {
    for (const d of analysis.diagnostics) {
      if (ruleDiags.some((r) => sameFinding(r, d))) continue // a rule reports the same finding with more context
      // the module whose files hold the range; among calls of one directory, the one the diagnostic is about
      const byFile = d.range ? moduleOfFile(analysis.tree.nodes, d.range.filename) : undefined
      const known = analysis.diagnosticModules.get(d)
      const about = known !== undefined ? analysis.tree.nodes.find((x) => x.address === known) : undefined
      const n = about && byFile && about.module === byFile.module ? about : byFile
      terraform.push({...d, rule: TERRAFORM_RULE, ...(n && n.address ? {address: n.address} : {}), callers: callersOf(n)})
    }
  }
  const all = [...terraform, ...ruleDiags].sort((a, b) => compareDiagnostics(a, b) || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0))
  const {kept, suppressed} = applyIgnores(ctx.files, path.resolve(dir), all)
  const notes = analysis.sharedModule ? [`This directory is ${sharedModuleReason(analysis.sharedModule, analysis.tree.engine)}`] : []
  return {root: dir, analysis, diagnostics: kept, suppressed, incomplete: analysis.incomplete, notes}
}
