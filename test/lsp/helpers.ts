// Positions in fixture text for the protocol tests: where a piece of text is, as the protocol counts.
import type {Position} from 'vscode-languageserver-protocol'

/** The position of the first `needle` in `text` (after `after`, when given), plus `shift` characters. */
export function posOf(text: string, needle: string, shift = 0, after?: string): Position {
  const from = after === undefined ? 0 : text.indexOf(after)
  if (from < 0) throw new Error(`${JSON.stringify(after)} not in the text`)
  const i = text.indexOf(needle, from)
  if (i < 0) throw new Error(`${JSON.stringify(needle)} not in the text`)
  const before = text.slice(0, i + shift).split('\n')
  return {line: before.length - 1, character: before[before.length - 1]!.length}
}

/** The text of a hover result, whatever shape the server gave it. */
export function hoverText(h: unknown): string {
  if (h === null || typeof h !== 'object') return ''
  const c = (h as {contents?: unknown}).contents
  if (typeof c === 'string') return c
  if (c && typeof c === 'object' && 'value' in c && typeof (c as {value: unknown}).value === 'string') return (c as {value: string}).value
  return ''
}

/**
 * Asks again until the answer satisfies `ok` (requests are answered from the last complete analysis, so an
 * answer follows an edit once its analysis is done); fails with the last answer after `timeoutMs`.
 */
export async function eventually<T>(ask: () => Promise<T>, ok: (x: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const x = await ask()
    if (ok(x)) return x
    if (Date.now() > end) throw new Error(`no satisfying answer within ${timeoutMs} ms; the last: ${JSON.stringify(x)}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}
