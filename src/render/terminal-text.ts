// Text from configurations on its way to a terminal. A configuration can hold any character — in a
// comment, a string, a heredoc, a file name — and a terminal obeys some of them: ESC starts ANSI
// sequences (colours, cursor moves, window titles, hyperlinks), U+009B is a one-character CSI, CR and
// backspace overwrite what was printed, and the bidirectional overrides reorder it ("Trojan Source").
// Every text renderer passes input-derived text through here; such characters are shown as escapes
// (`\u001b`), the way a JSON string writes them. JSON and SARIF need nothing: JSON escapes them itself.

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g
// eslint-disable-next-line no-control-regex
const UNSAFE_INLINE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g

function escape(c: string): string {
  return c === '\n' ? '\\n' : c === '\t' ? '\\t' : c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
}

/** Multi-line text (a detail, a rendered view): newlines and tabs stay, CRLF becomes LF, other controls become escapes. */
export function terminalText(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(UNSAFE, escape)
}

/** One field on one line (a file name, a summary, an address, a source line): newlines become escapes too. */
export function terminalInline(text: string): string {
  return text.replace(UNSAFE_INLINE, escape)
}
