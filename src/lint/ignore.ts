// Inline suppressions: `# tfgraph-ignore: rule-id[, other-id]` (or `//`) on the line of a finding or
// on the line before it; `*` or `all` suppresses every rule there. A finding about a module call (its
// source, its version) is also silenced by a comment on the call's header or the line before it.
import {displayRange} from '../diag/diagnostic.js'
import type {LintDiagnostic} from '../rules/rule.js'

const MARK = /(?:#|\/\/)\s*tfgraph-ignore:\s*([A-Za-z0-9_*,\s-]+)/

export function ignoredRules(line: string | undefined): string[] {
  const m = line === undefined ? null : MARK.exec(line)
  return m ? m[1]!.split(/[\s,]+/).filter(Boolean) : []
}

/** Removes the diagnostics suppressed by an inline comment; `text` gives a file's text (name relative to the root), each read once. */
export function applyIgnores(
  text: (filename: string) => string | undefined,
  diags: readonly LintDiagnostic[],
): {kept: LintDiagnostic[]; suppressed: number} {
  const cache = new Map<string, string[] | undefined>()
  const lines = (f: string): string[] | undefined => {
    if (!cache.has(f)) cache.set(f, text(f)?.split(/\r?\n/))
    return cache.get(f)
  }
  const kept: LintDiagnostic[] = []
  let suppressed = 0
  for (const d of diags) {
    const r = displayRange(d)
    const ls = r ? lines(r.filename) : undefined
    const ids = ls && r ? [...ignoredRules(ls[r.start.line - 1]), ...ignoredRules(ls[r.start.line - 2])] : []
    // a finding about a module call may also be silenced on the call's header (or the line before it)
    const also = d.ignoreAt
    const als = also ? lines(also.filename) : undefined
    if (also && als) ids.push(...ignoredRules(als[also.start.line - 1]), ...ignoredRules(als[also.start.line - 2]))
    if (ids.includes(d.rule) || ids.includes('*') || ids.includes('all')) suppressed++
    else kept.push(d)
  }
  return {kept, suppressed}
}
