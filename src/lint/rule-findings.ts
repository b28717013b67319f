// The rules' part of a lint run: which rules run and at what severity, what they read besides the
// analysis (the lock file's selections, the installed modules' versions), and their findings over one
// analysis with the files named for the reader.
import * as path from 'node:path'
import type {Severity} from '../diag/diagnostic.js'
import {renameFiles, type FileNamer} from '../diag/file-names.js'
import {readManifest} from '../crawl/manifest.js'
import {utf8Text} from '../io/inputs.js'
import type {Checkpoint, RunContext} from '../load/run-context.js'
import {parseLockFile} from '../lock/lockfile.js'
import type {ProvidersAnalysis} from '../providers/analyze.js'
import {RULES} from '../rules/index.js'
import type {LintDiagnostic, Rule, RuleContext} from '../rules/rule.js'
import {EMPTY_CONFIG, type LintConfig} from './config.js'

/** Which rules run, and at what severity. */
export interface RuleSelection {
  readonly config?: LintConfig
  /** Run only these rules (ids; `terraform` for Terraform's own checks). */
  readonly only?: readonly string[]
  readonly disable?: readonly string[]
}

export function enabled(id: string, byDefault: boolean, opts: RuleSelection): boolean {
  if (opts.only && opts.only.length > 0) return opts.only.includes(id)
  if (opts.disable?.includes(id)) return false
  const s = (opts.config ?? EMPTY_CONFIG).rules.get(id)
  if (s === 'off') return false
  if (s !== undefined) return true
  return byDefault
}

export function severityFor(id: string, base: Severity, opts: RuleSelection): Severity {
  const s = (opts.config ?? EMPTY_CONFIG).rules.get(id)
  return s === 'warning' || s === 'error' ? s : base
}

/** What the rules read besides the analysis: their options, the lock file's selections, the installed modules' versions. */
export async function ruleInputs(
  ctx: RunContext,
  dir: string,
  analysis: ProvidersAnalysis,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Omit<RuleContext, 'analysis' | 'options'>> {
  const root = path.resolve(dir)
  const installedVersions = new Map<string, string>()
  for (const [key, rec] of readManifest(ctx.files, root, env).records)
    if (rec.version !== undefined) installedVersions.set(key, rec.version)
  const lockFile = path.join(root, '.terraform.lock.hcl')
  if (ctx.files.stat(lockFile) === null) return {installedVersions}
  const lockedProviders = new Map<string, string>()
  try {
    const parsed = await parseLockFile(utf8Text(ctx.files.read(lockFile)), '.terraform.lock.hcl', analysis.tree.engine, {
      parser: ctx.parser,
    })
    for (const l of parsed.locks) if (l.version !== '') lockedProviders.set(l.provider, l.version)
  } catch {
    // an unreadable lock file pins nothing (`tfgraph lock` reports it)
  }
  return {installedVersions, lockedProviders}
}

/** The enabled rules' findings over one analysis, at the severities the configuration gives them. */
export async function ruleFindings(
  analysis: ProvidersAnalysis,
  inputs: Omit<RuleContext, 'analysis' | 'options'>,
  opts: RuleSelection,
  named: FileNamer,
  checkpoint?: Checkpoint,
): Promise<LintDiagnostic[]> {
  const out: LintDiagnostic[] = []
  const config = opts.config ?? EMPTY_CONFIG
  for (const rule of RULES as readonly Rule[]) {
    if (!enabled(rule.id, rule.enabledByDefault, opts)) continue
    // an editor's run lets requests in between rules (#48: a slice of a few ms, not the whole stage)
    await checkpoint?.(true)
    const sev = severityFor(rule.id, rule.severity, opts)
    const options = config.options?.get(rule.id)
    for (const d of rule.check({analysis, ...inputs, ...(options ? {options} : {})}))
      out.push(namedFinding(sev === rule.severity ? d : {...d, severity: sev}, named))
  }
  return out
}

/** A rule's finding with its ranges named from the root; its fixes' edits keep the model's absolute file names (what applies them writes those files). */
export function namedFinding(d: LintDiagnostic, named: FileNamer): LintDiagnostic {
  const {fixes, ...rest} = d
  const out = renameFiles(rest, named)
  return fixes ? {...out, fixes} : out
}

/** A finding as lint reports it: without what only the pipeline reads (where it restates a diagnostic, another place an ignore comment covers it). */
export function published(d: LintDiagnostic): LintDiagnostic {
  const {restatesAt: _at, ignoreAt: _ignore, ...rest} = d
  return rest
}
