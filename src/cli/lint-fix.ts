// `tfgraph lint --fix` and `--fix --diff`: the fixes of every root (src/lint/fix.ts), written or shown as a
// diff, and the findings left for the report. What is said besides the report goes to stderr: how many
// fixes, per rule; each file not written and why; fixes left out (listed with --verbose).
import * as path from 'node:path'
import {utf8Text} from '../io/inputs.js'
import {runFixes, writeFixesUntil, type FixRoot, type FixRun} from '../lint/fix.js'
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
  /** An interrupt (Ctrl-C) stopped the writing: the run ends with exit 130 after `stderr`. */
  readonly interrupted?: boolean
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

/**
 * `lint --fix`: the fixes of every root, then written (or shown as a diff). An interrupt (Ctrl-C, SIGINT)
 * while the fixes are worked out ends the run at once, saying that nothing was written; one while files are
 * written stops before the next file (each file is written whole or not at all) and says how many files
 * were written and which were not reached. TFGRAPH_TEST_INTERRUPT (the tests' way to press Ctrl-C at a
 * given moment) sends this process the interrupt: `fixing` as the fixes are worked out, `writes:N` once N
 * files are written.
 */
export async function lintFix(
  roots: readonly FixRoot[],
  opts: {readonly dir: string; readonly diff: boolean; readonly cwd: string; readonly verbose?: boolean},
): Promise<LintFixOutcome> {
  const interrupt = {writing: false, seen: false}
  const onInterrupt = (): void => {
    if (interrupt.writing) interrupt.seen = true
    else {
      process.stderr.write('Interrupted before any file was written: nothing was changed\n')
      process.exit(130)
    }
  }
  process.on('SIGINT', onInterrupt)
  try {
    return await fixAndWrite(roots, opts, interrupt)
  } finally {
    process.off('SIGINT', onInterrupt)
  }
}

async function fixAndWrite(
  roots: readonly FixRoot[],
  opts: {readonly dir: string; readonly diff: boolean; readonly cwd: string; readonly verbose?: boolean},
  interrupt: {writing: boolean; seen: boolean},
): Promise<LintFixOutcome> {
  const when = process.env['TFGRAPH_TEST_INTERRUPT'] ?? ''
  if (when === 'fixing') process.kill(process.pid, 'SIGINT')
  const run = await runFixes({roots, allowed: [opts.dir]})
  const rel = (line: string): string => line.replace(/^(\/[^:]*):/, (_m, f: string) => `${path.relative(opts.cwd, f) || '.'}:`)
  const lines: string[] = []
  const files = run.changed.size
  const counts = run.applied.length > 0 ? ` (${perRule(run)})` : ''
  const shown = (f: string): string => path.relative(opts.cwd, f) || '.'
  // files the fixes left with nothing: deleted, and said so
  const emptied = [...run.changed].filter(([, c]) => c.removed).map(([f]) => f)
  const emptiedText = (verb: string, done: (f: string) => boolean): string => {
    const list = emptied.filter(done)
    return list.length > 0 ? `; ${plural(list.length, 'file')} left with nothing ${verb}: ${list.map(shown).join(', ')}` : ''
  }
  let diff: string | undefined
  if (opts.diff) {
    diff = renderFixDiff(
      [...run.changed].map(([file, c]) => ({
        file,
        before: utf8Text(c.before),
        after: utf8Text(c.after),
        ...(c.removed ? {removed: true} : {}),
      })),
      opts.cwd,
    )
    lines.push(
      run.applied.length === 0
        ? 'Nothing to fix'
        : `${plural(run.applied.length, 'fix', 'fixes')} in ${plural(files, 'file')}${counts}: not written (--diff)${emptiedText('would be removed', () => true)}`,
    )
  } else {
    interrupt.writing = true
    const after = when.startsWith('writes:') ? Number(when.slice('writes:'.length)) : NaN
    let sent = false
    const w = await writeFixesUntil(run.changed, [opts.dir], (written) => {
      if (!sent && written >= after) sent = process.kill(process.pid, 'SIGINT')
      return interrupt.seen
    })
    for (const s of w.skipped) lines.push(rel(s))
    if (w.notReached.length > 0) {
      lines.push(
        `Interrupted: ${plural(w.written.length, 'file')} written (each whole), ${plural(w.notReached.length, 'file')} not reached and left as they were: ${w.notReached.map(shown).join(', ')}`,
      )
      return {results: [], stderr: lines.join('\n') + '\n', interrupted: true}
    }
    lines.push(
      run.applied.length === 0
        ? 'Nothing to fix'
        : `Fixed ${plural(run.applied.length, 'problem')} in ${plural(w.written.length, 'file')}${counts}${emptiedText('removed', (f) => w.written.includes(f))}`,
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
