// Inline suppressions: `# tfgraph-ignore: rule-id[, other-id]` (or `//`) on the line of a finding or
// on the line before it; `*` or `all` suppresses every rule there. A finding about a module call (its
// source, its version) is also silenced by a comment on the call's header or the line before it.
// tflint's own comments are honoured for the rules tfgraph shares with its Terraform ruleset:
// `# tflint-ignore: terraform_unused_declarations` (same places) and `# tflint-ignore-file: …` among the
// comments that open a file (every finding in the file); names of other rulesets are ignored.
import {displayRange} from '../diag/diagnostic.js'
import type {LintDiagnostic} from '../rules/rule.js'
import {tfgraphRulesFor} from '../rules/tflint-names.js'

const MARK = /(?:#|\/\/)\s*tfgraph-ignore:\s*([A-Za-z0-9_*,\s-]+)/
const TFLINT_MARK = /(?:#|\/\/)\s*tflint-ignore:\s*([A-Za-z0-9_,\s-]+)/
const TFLINT_FILE_MARK = /^\s*(?:#|\/\/)\s*tflint-ignore-file:\s*([A-Za-z0-9_,\s-]+)/

/** tflint rule names as tfgraph rule ids (`all` as `*`). */
function fromTflint(names: string): string[] {
  return names
    .split(/[\s,]+/)
    .filter(Boolean)
    .flatMap((n) => (n === 'all' ? ['*'] : [...tfgraphRulesFor(n)]))
}

export function ignoredRules(line: string | undefined): string[] {
  if (line === undefined) return []
  const m = MARK.exec(line)
  const t = TFLINT_MARK.exec(line)
  return [...(m ? m[1]!.split(/[\s,]+/).filter(Boolean) : []), ...(t ? fromTflint(t[1]!) : [])]
}

/** The rules a file's opening comments ignore in the whole file (`# tflint-ignore-file: …`). */
export function fileIgnoredRules(lines: readonly string[]): string[] {
  const out: string[] = []
  for (const line of lines) {
    const t = line.trim()
    if (t === '') continue
    if (!t.startsWith('#') && !t.startsWith('//')) break
    const m = TFLINT_FILE_MARK.exec(line)
    if (m) out.push(...fromTflint(m[1]!))
  }
  return out
}

/** The files' lines `applyIgnores` read, by the name it was given for each (`IgnoreOptions.read`). */
export type IgnoreLines = Map<string, {lines: Lines; file: string[]} | undefined>

/** Removes the diagnostics suppressed by an inline comment; `text` gives a file's text (name relative to the root), each read once. */
export function applyIgnores(
  text: (filename: string) => string | undefined,
  diags: readonly LintDiagnostic[],
  /**
   * The lines read so far, kept by the caller for further calls whose `text` gives the same texts for the
   * same names (absolute ones: the model's), so a file is not split again for each.
   */
  read?: IgnoreLines,
): {kept: LintDiagnostic[]; suppressed: number} {
  const cache: IgnoreLines = read ?? new Map()
  const linesOf = (f: string): {lines: Lines; file: string[]} | undefined => {
    if (!cache.has(f)) {
      const t = text(f)
      const lines = t === undefined ? undefined : new Lines(t)
      cache.set(f, lines ? {lines, file: fileIgnoredRules(lines.opening())} : undefined)
    }
    return cache.get(f)
  }
  const kept: LintDiagnostic[] = []
  let suppressed = 0
  for (const d of diags) {
    const r = displayRange(d)
    const ls = r ? linesOf(r.filename) : undefined
    const ids = ls && r ? [...ls.file, ...ignoredRules(ls.lines.at(r.start.line - 1)), ...ignoredRules(ls.lines.at(r.start.line - 2))] : []
    // a finding about a module call may also be silenced on the call's header (or the line before it)
    const also = d.ignoreAt
    const als = also ? linesOf(also.filename) : undefined
    if (also && als) ids.push(...ignoredRules(als.lines.at(also.start.line - 1)), ...ignoredRules(als.lines.at(also.start.line - 2)))
    if (ids.includes(d.rule) || ids.includes('*') || ids.includes('all')) suppressed++
    else kept.push(d)
  }
  return {kept, suppressed}
}

/**
 * A text's lines as `text.split(/\r?\n/)` gives them, each cut out only when asked (a finding asks for two:
 * a file is not split whole for each set of findings in it).
 */
class Lines {
  /** Where each line starts (line i: from starts[i] to the newline before starts[i + 1]). */
  readonly #starts: number[] = [0]

  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.#starts.push(i + 1)
  }

  /** Line `i` (0-based) without its line ending; undefined past the last. */
  at(i: number): string | undefined {
    const starts = this.#starts
    if (i < 0 || i >= starts.length) return undefined
    const start = starts[i]!
    let end = i + 1 < starts.length ? starts[i + 1]! - 1 : this.text.length
    if (end > start && i + 1 < starts.length && this.text.charCodeAt(end - 1) === 13) end--
    return this.text.slice(start, end)
  }

  /** The lines up to the first that is neither blank nor a comment (what `fileIgnoredRules` reads), that one included. */
  opening(): string[] {
    const out: string[] = []
    for (let i = 0; i < this.#starts.length; i++) {
      const line = this.at(i)!
      out.push(line)
      const t = line.trim()
      if (t !== '' && !t.startsWith('#') && !t.startsWith('//')) break
    }
    return out
  }
}
