// HCL's `nameSuggestion` for "Did you mean …?" hints: the first candidate within Levenshtein distance < 3.

export function nameSuggestion(given: string, candidates: readonly string[]): string | undefined {
  return candidates.find((c) => levenshtein(given, c) < 3)
}

export function levenshtein(a: string, b: string): number {
  const s = [...a]
  const t = [...b]
  let row = Array.from({length: t.length + 1}, (_, j) => j)
  for (let i = 1; i <= s.length; i++) {
    const next = [i]
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1
      next.push(Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + cost))
    }
    row = next
  }
  return row[t.length] ?? 0
}

/**
 * tfgraph's own "did you mean" (command names, flags, filters, rule ids, .tfgraph.json keys): the
 * closest candidate within the same distance (< 3), the first of equals; else the one candidate that
 * starts with what was given ("warn" → "warning"); else undefined. Unlike `nameSuggestion`, which keeps
 * HCL's "first within reach" for Terraform's messages.
 */
export function didYouMean(given: string, candidates: Iterable<string>): string | undefined {
  const all = [...candidates]
  let best: string | undefined
  let bestDistance = 3
  for (const c of all) {
    const d = levenshtein(given, c)
    if (d < bestDistance) [best, bestDistance] = [c, d]
  }
  if (best !== undefined || given.length < 3) return best
  const longer = [...new Set(all.filter((c) => c.startsWith(given)))]
  return longer.length === 1 ? longer[0] : undefined
}
