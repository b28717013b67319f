// Text from configurations (module sources, names) shown in graph labels: control characters — ANSI
// escape sequences, newlines, tabs — would corrupt a terminal, an SVG or a line-based format, so they
// are shown the way a JSON string would write them (`\n`, `\t`, `\u001b`), as are lone surrogates.

const NAMED: Readonly<Record<string, string>> = {'\n': '\\n', '\r': '\\r', '\t': '\\t'}

/** `text` with every control character (C0, DEL, C1, U+2028/2029), bidirectional override and lone surrogate written as an escape. */
export function visible(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}
