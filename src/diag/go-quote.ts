// Go's `%q` (strconv.Quote), as Terraform and OpenTofu quote names and values in their messages: `"`, `\`
// and control characters escaped, printable Unicode (letters, marks, numbers, punctuation, symbols, ASCII
// space) kept, anything else as \xNN, \uNNNN or \UNNNNNNNN.

/**
 * Go's `strconv.Quote`. A lone UTF-16 surrogate (which no Go string holds) is written as its own `\uNNNN`.
 *
 * Not every quoting function in tfgraph is this one: src/render/graph-dot.ts and src/load/types/type.ts
 * keep their own, whose outputs differ (see there), and src/providers/releases/constraints.ts has a copy that
 * differs only for lone surrogates (`\ufffd`).
 */
export function goQuote(s: string): string {
  let out = '"'
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0
    if (ch === '"' || ch === '\\') out += '\\' + ch
    else if (ch === '\x07') out += '\\a'
    else if (ch === '\b') out += '\\b'
    else if (ch === '\f') out += '\\f'
    else if (ch === '\n') out += '\\n'
    else if (ch === '\r') out += '\\r'
    else if (ch === '\t') out += '\\t'
    else if (ch === '\v') out += '\\v'
    else if (cp < 0x20 || cp === 0x7f) out += '\\x' + cp.toString(16).padStart(2, '0')
    else if (cp < 0x80 || /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u.test(ch)) out += ch
    else if (cp < 0x10000) out += '\\u' + cp.toString(16).padStart(4, '0')
    else out += '\\U' + cp.toString(16).padStart(8, '0')
  }
  return out + '"'
}
