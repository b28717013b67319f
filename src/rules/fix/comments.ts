// comment-syntax's fix: `// text` → `# text`; a `/* … */` comment over several lines, alone on its lines,
// → one `#` line per line of text, at the comment's indentation (a leading ` * ` of each line dropped, and
// the empty first and last lines). A block comment sharing a line with code gets no fix.
import type {Change} from './align.js'
import type {Fix} from './fix.js'
import {singleFix, type FixFile} from './source-file.js'

/** The fix of the comment at `[s, e)` of the file (its token: a `//` comment ends with its line break). */
export function commentFix(file: FixFile, s: number, e: number): Fix | undefined {
  const t = file.text
  if (t.startsWith('//', s)) return singleFix(file, [{s, e: s + 2, text: '#'}], 'Write the comment with #')
  if (!t.startsWith('/*', s) || !t.startsWith('*/', e - 2)) return undefined
  if (!file.firstOnLine(s) || !file.lastOnLine(e, false)) return undefined
  const indent = t.slice(file.lineStart(s), s)
  const body = t.slice(s + 2, e - 2).split(/\r?\n/)
  const lines = body.map((l, i) => (i === 0 ? l : l.replace(/^[ \t]*\*(?!\/)[ \t]?/, '')))
  // the common indentation of the lines after the first is not part of the text
  const rest = lines.slice(1).filter((l) => l.trim() !== '')
  const common = rest.length === 0 ? 0 : Math.min(...rest.map((l) => /^[ \t]*/.exec(l)![0].length))
  const text = lines.map((l, i) => (i === 0 ? l.trim() : l.slice(common).trimEnd()))
  while (text.length > 0 && text[0] === '') text.shift()
  while (text.length > 0 && text[text.length - 1] === '') text.pop()
  if (text.length === 0) return undefined
  const change: Change = {s, e, text: text.map((l, i) => (i === 0 ? '' : indent) + (l === '' ? '#' : `# ${l}`)).join('\n')}
  return singleFix(file, [change], 'Write the comment as # lines')
}
