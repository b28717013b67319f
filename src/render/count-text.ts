// Counts in the text outputs, as `toLocaleString('en-US')` writes them.

/**
 * A count as `toLocaleString('en-US')` writes it (`1,234,567`), without the first call's cost of Intl's
 * number formatting (30–60 ms in a cold run, for one line of its output); any other number is left to
 * `toLocaleString`.
 */
export function countText(x: number): string {
  if (!Number.isSafeInteger(x) || x < 0) return x.toLocaleString('en-US')
  const s = String(x)
  let out = s.slice(0, ((s.length - 1) % 3) + 1)
  for (let i = out.length; i < s.length; i += 3) out += ',' + s.slice(i, i + 3)
  return out
}
