// Source ranges of pieces of an attribute's raw expression text (a configuration_aliases entry, the
// version inside a required_providers entry), found by pattern while skipping line comments.
import type {SourceRange} from '../diag/diagnostic.js'
import {subRange} from '../diag/positions.js'
import type {Attribute} from './syntax.js'

/** Whether `at` (a byte index into `text`) is inside a `#` or `//` line comment. */
function inLineComment(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1
  const before = text.slice(lineStart, at)
  // Good enough for the short expressions this is used on: a `#` or `//` outside a quoted string.
  let quoted = false
  for (let i = 0; i < before.length; i++) {
    const ch = before[i]
    if (ch === '\\' && quoted) i++
    else if (ch === '"') quoted = !quoted
    else if (!quoted && (ch === '#' || (ch === '/' && before[i + 1] === '/'))) return true
  }
  return false
}

/**
 * The range of the first match of `re` (its group 1 when present) in an attribute's raw expression text
 * that is not inside a line comment; undefined when there is none. `re` must have the `d` flag.
 */
export function rangeInExpr(a: Attribute, re: RegExp, from = 0): SourceRange | undefined {
  const flags = re.flags.includes('g') ? re.flags : re.flags + 'g'
  const g = new RegExp(re.source, flags.includes('d') ? flags : flags + 'd')
  g.lastIndex = from
  for (let m = g.exec(a.expr); m; m = g.exec(a.expr)) {
    const span = m.indices?.[1] ?? m.indices?.[0]
    if (!span) continue
    if (inLineComment(a.expr, span[0])) continue
    return subRange(a.exprRange, a.expr, span[0], span[1])
  }
  return undefined
}

/** The `version` value inside a required_providers entry (the whole expression for the legacy string form). */
export function versionRangeOf(a: Attribute): SourceRange {
  if (typeof a.value === 'string') return a.exprRange
  return rangeInExpr(a, /(?:^|[\s{,"])version"?\s*[=:]\s*("(?:[^"\\\n]|\\.)*")/) ?? a.exprRange
}

/** The text of one `configuration_aliases` entry (`aws.east`) inside a required_providers entry. */
export function aliasEntryRange(a: Attribute, alias: string): SourceRange {
  const start = a.expr.search(/configuration_aliases/)
  const escaped = alias.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return (start >= 0 ? rangeInExpr(a, new RegExp(`(?<![\\w-])(${escaped})(?![\\w-])`), start) : undefined) ?? a.exprRange
}
