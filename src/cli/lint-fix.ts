// `tfgraph lint --fix` and `--fix --diff`: the fixes of every root (src/lint/fix.ts), written or shown as a
// diff, and the findings left for the report. What is said besides the report goes to stderr: how many
// fixes, per rule; each file not written and why; fixes left out (listed with --verbose).
import * as path from 'node:path'
import {utf8Text} from '../io/inputs.js'
import {runFixes, writeFixes, type FixRoot, type FixRun} from '../lint/fix.js'
import type {LintDiagnostic} from '../rules/rule.js'
import {renderFixDiff} from '../render/fix-diff.js'

export interface LintFixOutcome {
  /** Per root, in the order given: its findings after the fixes. */
  readonly results: readonly {
    readonly diagnostics: readonly LintDiagnostic[]
    readonly notes: readonly string[]
    readonly unread: boolean
  }[]
  /** The diff (`--diff`), else undefined. */
  readonly diff?: string
  /** Lines for stderr. */
  readonly stderr: string
}

/** `rule n, rule m` (most first), over the fixes applied. */
export function perRule(run: Pick<FixRun, 'applied'>): string {
  const n = new Map<string, number>()
  for (const a of run.applied) n.set(a.rule, (n.get(a.rule) ?? 0) + 1)
  return [...n]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([rule, k]) => `${rule} ${k}`)
    .join(', ')
}

function plural(n: number, one: string, many = one + 's'): string {
  return `${n} ${n === 1 ? one : many}`
}

export async function lintFix(
  roots: readonly FixRoot[],
  opts: {readonly dir: string; readonly diff: boolean; readonly cwd: string; readonly verbose?: boolean},
): Promise<LintFixOutcome> {
  const run = await runFixes({roots, allowed: [opts.dir]})
  const rel = (line: string): string => line.replace(/^(\/[^:]*):/, (_m, f: string) => `${path.relative(opts.cwd, f) || '.'}:`)
  const lines: string[] = []
  const files = run.changed.size
  const counts = run.applied.length > 0 ? ` (${perRule(run)})` : ''
  let diff: string | undefined
  if (opts.diff) {
    diff = renderFixDiff(
      [...run.changed].map(([file, c]) => ({file, before: utf8Text(c.before), after: utf8Text(c.after)})),
      opts.cwd,
    )
    lines.push(
      run.applied.length === 0
        ? 'Nothing to fix'
        : `${plural(run.applied.length, 'fix', 'fixes')} in ${plural(files, 'file')}${counts}: not written (--diff)`,
    )
  } else {
    const w = writeFixes(run.changed, [opts.dir])
    for (const s of w.skipped) lines.push(rel(s))
    lines.push(
      run.applied.length === 0
        ? 'Nothing to fix'
        : `Fixed ${plural(run.applied.length, 'problem')} in ${plural(w.written.length, 'file')}${counts}`,
    )
  }
  if (run.notes.length > 0) {
    if (opts.verbose) for (const n of run.notes) lines.push(rel(n))
    else
      lines.push(
        `${plural(run.notes.length, 'fix was', 'fixes were')} left out (outside the directory given, in installed modules, or not parsing); --verbose lists them`,
      )
  }
  return {
    results: run.results.map((r) => ({diagnostics: r.diagnostics.map(withoutFixes), notes: r.notes, unread: r.unread})),
    ...(diff !== undefined ? {diff} : {}),
    stderr: lines.join('\n') + '\n',
  }
}

function withoutFixes(d: LintDiagnostic): LintDiagnostic {
  const {fixes: _fixes, ...rest} = d
  return rest
}
