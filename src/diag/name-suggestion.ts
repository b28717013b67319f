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
