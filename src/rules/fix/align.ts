// The alignment `terraform fmt` gives the lines around an edit (hclwrite's formatCells): on consecutive
// lines that each assign one whole expression (`name = value` with no bracket left open), the equals signs
// line up one space after the longest name; on consecutive lines that end with a `#` or `//` comment after
// code, the comments line up one space after the longest code. A blank line, a comment alone on its line or a
// line that opens a block or a multi-line value ends such a chain. Applied only to the chains that hold a line
// an edit touched, so the rest of the file stays as written.
import {lex, T, type Tokens} from '../../hcl/native/lexer.js'

/** A change of the text: replace `[s, e)` (UTF-16 offsets) by `text`. */
export interface Change {
  readonly s: number
  readonly e: number
  readonly text: string
  /** See TextEdit.join (kept only while the change stays an insertion of its own). */
  readonly join?: string
}

/** One line as hclwrite cuts it: the code before the `=`, the assignment, the trailing comment. */
interface FormatLine {
  /** Offset where the line starts, and where its lead (first token) starts. */
  readonly start: number
  /** End of the last token before the `=` (assign lines only), and where the `=` starts. */
  readonly leadEnd?: number
  readonly eq?: number
  /** End of the last token before a trailing comment, and where that comment starts. */
  readonly codeEnd?: number
  readonly comment?: number
  /** A line that opens a multi-line value after its `=` (`name = {`): one space before that `=`, as in any line of code. */
  readonly openEnd?: number
  readonly openEq?: number
}

function bracketChange(t: number): number {
  if (t === T.OBRACE || t === T.OBRACK || t === T.OPAREN || t === T.TEMPLATE_INTERP || t === T.TEMPLATE_CONTROL) return 1
  if (t === T.CBRACE || t === T.CBRACK || t === T.CPAREN || t === T.TEMPLATE_SEQ_END) return -1
  return 0
}

function endsLine(tokens: Tokens, i: number, text: string): boolean {
  const t = tokens.types[i]
  return t === T.NEWLINE || (t === T.COMMENT && text.charCodeAt(tokens.ends[i]! - 1) === 10)
}

/** The file's lines as hclwrite's linesForFormat sees them. */
function formatLines(text: string): FormatLine[] {
  const tokens = lex(text, text.charCodeAt(0) === 0xfeff ? 1 : 0)
  const lines: FormatLine[] = []
  let first = 0
  const n = tokens.types.length
  for (let i = 0; i < n; i++) {
    const last = tokens.types[i] === T.EOF
    if (!last && !endsLine(tokens, i, text)) continue
    const end = last ? i : i + 1
    if (end > first) lines.push(cutLine(text, tokens, first, end))
    first = i + 1
    if (last) break
  }
  return lines
}

function cutLine(text: string, tokens: Tokens, first: number, end: number): FormatLine {
  let lead = end
  // a trailing comment after code is the comment cell
  let comment: number | undefined
  let codeEnd: number | undefined
  const lastType = tokens.types[end - 1]
  if (end - first > 1 && lastType === T.COMMENT) {
    comment = tokens.starts[end - 1]!
    codeEnd = tokens.ends[end - 2]!
    lead = end - 1
  } else if (end - first > 2 && lastType === T.NEWLINE && tokens.types[end - 2] === T.COMMENT) {
    comment = tokens.starts[end - 2]!
    codeEnd = tokens.ends[end - 3]!
    lead = end - 2
  }
  const start = tokens.starts[first]!
  for (let i = first + 1; i < lead; i++) {
    if (tokens.types[i] !== T.EQUAL) continue
    let net = 0
    for (let j = i; j < lead; j++) net += bracketChange(tokens.types[j]!)
    if (net === 0) return {start, leadEnd: tokens.ends[i - 1]!, eq: tokens.starts[i]!, ...(comment !== undefined ? {codeEnd, comment} : {})}
    return {start, openEnd: tokens.ends[i - 1]!, openEq: tokens.starts[i]!, ...(comment !== undefined ? {codeEnd, comment} : {})}
  }
  void text
  return {start, ...(comment !== undefined ? {codeEnd, comment} : {})}
}

/** Columns between two offsets of one line (code points). */
function width(text: string, from: number, to: number): number {
  let n = 0
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i)
    if (c < 0xdc00 || c > 0xdfff) n++
  }
  return n
}

function lineStart(text: string, i: number): number {
  return text.lastIndexOf('\n', i - 1) + 1
}

/** A run of whitespace to set to `spaces` spaces, in the edited text. */
interface Respace {
  readonly p: number
  readonly q: number
  readonly spaces: number
}

/** The chains (runs of consecutive lines with the cell) that hold one of the lines `touched`. */
function chainsHolding(lines: readonly FormatLine[], has: (l: FormatLine) => boolean, touched: ReadonlySet<number>): FormatLine[][] {
  const out: FormatLine[][] = []
  let chain: FormatLine[] = []
  let hit = false
  const close = (): void => {
    if (hit && chain.length > 0) out.push(chain)
    chain = []
    hit = false
  }
  lines.forEach((l, i) => {
    if (!has(l)) return close()
    chain.push(l)
    if (touched.has(i)) hit = true
  })
  close()
  return out
}

/** Whitespace-only runs between `p` and `q`: a comment or anything else there is left alone. */
function blank(text: string, p: number, q: number): boolean {
  return /^[ \t]*$/.test(text.slice(p, q))
}

function assignRespaces(text: string, lines: readonly FormatLine[], touched: ReadonlySet<number>): Respace[] {
  const out: Respace[] = []
  for (const chain of chainsHolding(lines, (l) => l.eq !== undefined, touched)) {
    const widths = chain.map((l) => width(text, lineStart(text, l.start), l.leadEnd!))
    const max = Math.max(...widths)
    chain.forEach((l, k) => {
      if (blank(text, l.leadEnd!, l.eq!)) out.push({p: l.leadEnd!, q: l.eq!, spaces: max - widths[k]! + 1})
    })
  }
  return out
}

function commentRespaces(
  text: string,
  lines: readonly FormatLine[],
  touched: ReadonlySet<number>,
  shift: (i: number) => number,
): Respace[] {
  const out: Respace[] = []
  for (const chain of chainsHolding(lines, (l) => l.comment !== undefined, touched)) {
    const widths = chain.map((l) => width(text, lineStart(text, l.start), l.codeEnd!) + shift(l.start))
    const max = Math.max(...widths)
    chain.forEach((l, k) => {
      if (blank(text, l.codeEnd!, l.comment!)) out.push({p: l.codeEnd!, q: l.comment!, spaces: max - widths[k]! + 1})
    })
  }
  return out
}

/** Applies sorted, non-overlapping changes. */
export function applyChanges(text: string, changes: readonly Change[]): string {
  let out = ''
  let at = 0
  for (const c of changes) {
    out += text.slice(at, c.s) + c.text
    at = c.e
  }
  return out + text.slice(at)
}

/** Sorted by start (an insertion before a replacement at the same place), adjacent ones joined into one. */
export function normalizeChanges(changes: readonly Change[]): Change[] {
  const sorted = [...changes].sort((a, b) => a.s - b.s || a.e - b.e)
  const out: Change[] = []
  for (const c of sorted) {
    const prev = out[out.length - 1]
    if (prev && c.s === prev.e && !(prev.join !== undefined && c.join !== undefined && prev.s === prev.e && c.s === c.e))
      out[out.length - 1] = {s: prev.s, e: c.e, text: prev.text + c.text}
    else out.push(c)
  }
  return out.filter((c) => c.e > c.s || c.text !== '')
}

/** Whether sorted changes overlap one another. */
export function overlapping(changes: readonly Change[]): boolean {
  const sorted = [...changes].sort((a, b) => a.s - b.s || a.e - b.e)
  for (let i = 1; i < sorted.length; i++) if (sorted[i]!.s < sorted[i - 1]!.e) return true
  return false
}

/**
 * `changes` plus what `terraform fmt` would change in the alignment of the chains they touch, as changes of
 * the original text. `structural`: the changes add, remove or rename arguments (the `=` chains are aligned
 * again); otherwise only trailing comments that moved are.
 */
export function withAlignment(text: string, changes: readonly Change[], structural: boolean): Change[] {
  const sorted = normalizeChanges(changes)
  if (sorted.length === 0) return sorted
  const edited = applyChanges(text, sorted)
  // where each change lies in the edited text
  const placed: {readonly c: Change; readonly ns: number; readonly ne: number}[] = []
  let delta = 0
  for (const c of sorted) {
    placed.push({c, ns: c.s + delta, ne: c.s + delta + c.text.length})
    delta += c.text.length - (c.e - c.s)
  }
  const lines = formatLines(edited)
  const touched = new Set<number>()
  lines.forEach((l, i) => {
    const next = lines[i + 1]?.start ?? edited.length + 1
    for (const p of placed) {
      const multi = p.c.text.includes('\n') || text.slice(p.c.s, p.c.e).includes('\n')
      // a line that an insertion or removal of lines joined to its neighbours is touched too
      const lo = multi ? p.ns - 1 : p.ns
      const hi = multi ? p.ne + 1 : p.ne
      if (lo < next && hi >= l.start) touched.add(i)
    }
  })
  const assign = structural ? assignRespaces(edited, lines, touched) : []
  if (structural)
    lines.forEach((l, i) => {
      if (touched.has(i) && l.openEq !== undefined && blank(edited, l.openEnd!, l.openEq))
        assign.push({p: l.openEnd!, q: l.openEq, spaces: 1})
    })
  // the comments move with the equals signs: their widths are measured after the change above
  const moved = (at: number): number => {
    const r = assign.find((x) => lineStart(edited, x.p) === lineStart(edited, at))
    return r ? r.spaces - width(edited, r.p, r.q) : 0
  }
  const respaces = [...assign, ...commentRespaces(edited, lines, touched, moved)].filter(
    (r) => r.spaces !== r.q - r.p || !/^ *$/.test(edited.slice(r.p, r.q)),
  )
  return mapBack(sorted, placed, respaces)
}

/** The respacings of the edited text as changes of the original: in unchanged text a change of its own, in inserted text a rewrite of that insertion. */
function mapBack(
  sorted: readonly Change[],
  placed: readonly {c: Change; ns: number; ne: number}[],
  respaces: readonly Respace[],
): Change[] {
  const rewrites = new Map<Change, Respace[]>()
  const extra: Change[] = []
  for (const r of respaces) {
    const inside = placed.find((p) => r.p >= p.ns && r.q <= p.ne && !(r.p === p.ne && r.q === p.ne) && !(r.p === p.ns && r.q === p.ns))
    if (inside) {
      rewrites.set(inside.c, [...(rewrites.get(inside.c) ?? []), r])
      continue
    }
    // in unchanged text: after which change?
    let shift = 0
    let ok = true
    for (const p of placed) {
      if (p.ne <= r.p) shift = p.c.e - p.ne
      else if (p.ns < r.q) ok = false
    }
    if (ok) extra.push({s: r.p + shift, e: r.q + shift, text: ' '.repeat(r.spaces)})
  }
  const out: Change[] = placed.map(({c, ns}) => {
    const rs = rewrites.get(c)
    if (!rs) return c
    let t = c.text
    for (const r of [...rs].sort((a, b) => b.p - a.p)) t = t.slice(0, r.p - ns) + ' '.repeat(r.spaces) + t.slice(r.q - ns)
    return {...c, text: t}
  })
  return normalizeChanges([...out, ...extra])
}
