// A tree nobody ran "init" in: every registry or git module call is "Module not installed", the same
// six-line warning 25 times over. Text output says it once, with the count and what to do; --verbose
// (and every JSON format) lists each call.
import type {Diagnostic, DiagnosticCode, Severity} from '../diag/diagnostic.js'

export const NOT_INSTALLED: DiagnosticCode = 'module.not-installed'

/** The crawler's "Module not installed", or a lint finding restating it. */
function isNotInstalled(d: Diagnostic & {readonly restates?: DiagnosticCode}): boolean {
  return d.code === NOT_INSTALLED || d.restates === NOT_INSTALLED
}

/** Fewer than this many uninstalled calls are shown one by one. */
export const NOT_INSTALLED_SUMMARY_MIN = 2

export interface NotInstalledSplit<T extends Diagnostic> {
  /** The diagnostics to show one by one. */
  readonly shown: T[]
  /** The uninstalled calls summarised, by severity (empty when they are shown one by one). */
  readonly summarised: ReadonlyMap<Severity, T[]>
}

/** Separates the uninstalled module calls to summarise (two or more of one severity, unless `verbose`). */
export function splitNotInstalled<T extends Diagnostic>(diags: readonly T[], verbose = false): NotInstalledSplit<T> {
  const bySeverity = new Map<Severity, T[]>()
  if (!verbose) {
    for (const d of diags) {
      if (!isNotInstalled(d)) continue
      const list = bySeverity.get(d.severity) ?? []
      list.push(d)
      bySeverity.set(d.severity, list)
    }
    for (const [severity, list] of bySeverity) if (list.length < NOT_INSTALLED_SUMMARY_MIN) bySeverity.delete(severity)
  }
  const summarised = new Set([...bySeverity.values()].flat())
  return {shown: diags.filter((d) => !summarised.has(d)), summarised: bySeverity}
}

/** `25 module calls not installed — run "terraform init" to include them; --verbose lists them`. */
export function notInstalledText(diags: readonly Diagnostic[]): string {
  // the engine's command, as the diagnostics themselves name it
  const command = diags.map((d) => /Run "([a-z ]+ init)"/.exec(d.detail)?.[1]).find((c) => c !== undefined) ?? 'terraform init'
  return `${diags.length} module call${diags.length === 1 ? '' : 's'} not installed — run "${command}" to include them; --verbose lists them`
}
