// The expressions provider validation reads from raw attribute text: a small HCL expression tokenizer that
// tracks line, column and byte (so each subject gets the range Terraform gives it), object and tuple items,
// traversals, and OpenTofu's comparison of two for_each expressions.
import type {Pos, SourceRange} from '../diag/diagnostic.js'
import type {Attribute} from '../hcl/syntax.js'

export function between(a: SourceRange, b: SourceRange): SourceRange {
  return {filename: a.filename, start: a.start, end: b.end}
}

// ---------------------------------------------------------------------------------------------
// A small tokenizer for HCL native expressions (and JSON values)

type TokKind = 'ident' | 'number' | 'string' | 'heredoc' | 'punct' | 'nl'

export interface Tok {
  readonly kind: TokKind
  readonly text: string
  readonly range: SourceRange
  /** Strings: the value when there is no interpolation. */
  readonly literal?: string
  /** Strings that are exactly one `${…}`: the tokens inside. */
  readonly wrapped?: readonly Tok[]
  /** Strings with interpolation or directives. */
  readonly template?: boolean
}

const PUNCT3 = ['...']
const PUNCT2 = ['==', '!=', '<=', '>=', '&&', '||', '=>', '::']
const ID_START = /[\p{ID_Start}_]/u
const ID_CONTINUE = /[\p{ID_Continue}-]/u

class Cursor {
  i = 0
  private line: number
  private column: number
  private byte: number
  constructor(
    readonly text: string,
    start: Pos,
  ) {
    this.line = start.line
    this.column = start.column
    this.byte = start.byte
  }
  get done(): boolean {
    return this.i >= this.text.length
  }
  peek(n = 0): string {
    return this.text[this.i + n] ?? ''
  }
  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.i)
  }
  pos(): Pos {
    return {line: this.line, column: this.column, byte: this.byte}
  }
  next(): void {
    const cp = this.text.codePointAt(this.i)
    if (cp === undefined) return
    const len = cp > 0xffff ? 2 : 1
    this.byte += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4
    if (cp === 10) {
      this.line++
      this.column = 1
    } else if (cp !== 13) this.column++
    this.i += len
  }
  skip(n: number): void {
    for (let k = 0; k < n && !this.done; k++) this.next()
  }
  range(start: Pos, filename: string): SourceRange {
    return {filename, start, end: this.pos()}
  }
}

function unescape(s: string): string {
  return s
    .replace(/\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)/gs, (_m, e: string) => {
      switch (e[0]) {
        case 'n':
          return '\n'
        case 'r':
          return '\r'
        case 't':
          return '\t'
        case 'u':
        case 'U':
          return String.fromCodePoint(parseInt(e.slice(1), 16))
        default:
          return e
      }
    })
    .replace(/\$\$\{/g, '${')
    .replace(/%%\{/g, '%{')
}

/** Skips a balanced `${…}` / `%{…}` body (the cursor is just after the `{`), nested strings included. */
function skipTemplateBody(c: Cursor): void {
  let depth = 1
  while (!c.done && depth > 0) {
    const ch = c.peek()
    if (ch === '"') {
      scanString(c)
      continue
    }
    if (ch === '{') depth++
    else if (ch === '}') depth--
    c.next()
  }
}

interface ScannedString {
  template: boolean
  /** Index range and start position of the single interpolation when the string is exactly `"${…}"`. */
  wrapped?: {from: number; to: number; start: Pos}
}

/** Scans a quoted string starting at `"`; leaves the cursor after the closing quote. */
function scanString(c: Cursor): ScannedString {
  const open = c.i
  c.next()
  let template = false
  let interpolations = 0
  let wrapped: {from: number; to: number; start: Pos} | undefined
  while (!c.done) {
    const ch = c.peek()
    if (ch === '\\') {
      c.skip(2)
      continue
    }
    if (ch === '"') {
      c.next()
      break
    }
    if (ch === '\n') break
    if ((ch === '$' || ch === '%') && c.peek(1) === ch && c.peek(2) === '{') {
      c.skip(3)
      continue
    }
    if ((ch === '$' || ch === '%') && c.peek(1) === '{') {
      template = true
      interpolations++
      const at = c.i
      c.skip(2)
      const innerStart = c.pos()
      const innerFrom = c.i
      skipTemplateBody(c)
      if (ch === '$' && at === open + 1 && c.peek() === '"') wrapped = {from: innerFrom, to: c.i - 1, start: innerStart}
      continue
    }
    c.next()
  }
  return {template, ...(wrapped && interpolations === 1 ? {wrapped} : {})}
}

export function tokenize(text: string, start: Pos, filename: string, json = false): Tok[] {
  const c = new Cursor(text, start)
  const out: Tok[] = []
  while (!c.done) {
    const ch = c.peek()
    const from = c.i
    const p = c.pos()
    if (ch === ' ' || ch === '\t' || ch === '\r') {
      c.next()
      continue
    }
    if (ch === '\n') {
      c.next()
      out.push({kind: 'nl', text: '\n', range: c.range(p, filename)})
      continue
    }
    if (ch === '#' || c.startsWith('//')) {
      while (!c.done && c.peek() !== '\n') c.next()
      continue
    }
    if (c.startsWith('/*')) {
      c.skip(2)
      while (!c.done && !c.startsWith('*/')) c.next()
      c.skip(2)
      continue
    }
    if (ch === '"') {
      const s = scanString(c)
      const raw = text.slice(from, c.i)
      let literal: string | undefined
      if (json) {
        try {
          const v: unknown = JSON.parse(raw)
          if (typeof v === 'string') literal = v
        } catch {
          literal = undefined
        }
      } else if (!s.template) literal = unescape(raw.slice(1, raw.endsWith('"') && raw.length > 1 ? -1 : undefined))
      const wrapped = !json && s.wrapped ? tokenize(text.slice(s.wrapped.from, s.wrapped.to), s.wrapped.start, filename) : undefined
      out.push({kind: 'string', text: raw, range: c.range(p, filename), ...(literal !== undefined ? {literal} : {}), ...(wrapped ? {wrapped} : {}), template: s.template})
      continue
    }
    if (c.startsWith('<<')) {
      const m = /^<<-?([\p{ID_Start}_][\p{ID_Continue}-]*)[ \t]*\r?\n/u.exec(text.slice(c.i))
      if (m) {
        const marker = m[1] ?? ''
        c.skip(m[0].length)
        while (!c.done) {
          let eol = text.indexOf('\n', c.i)
          if (eol < 0) eol = text.length
          const line = text.slice(c.i, eol)
          if (line.trim() === marker) {
            c.skip(line.length)
            break
          }
          c.skip(eol - c.i + 1)
        }
        out.push({kind: 'heredoc', text: text.slice(from, c.i), range: c.range(p, filename), template: true})
        continue
      }
    }
    if (/[0-9]/.test(ch)) {
      const m = /^[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(text.slice(c.i))
      c.skip(m?.[0].length ?? 1)
      out.push({kind: 'number', text: text.slice(from, c.i), range: c.range(p, filename)})
      continue
    }
    const cp = String.fromCodePoint(text.codePointAt(c.i) ?? 0)
    if (ID_START.test(cp)) {
      c.next()
      while (!c.done) {
        const n = String.fromCodePoint(text.codePointAt(c.i) ?? 0)
        if (!ID_CONTINUE.test(n)) break
        c.next()
      }
      out.push({kind: 'ident', text: text.slice(from, c.i), range: c.range(p, filename)})
      continue
    }
    const op = PUNCT3.find((o) => c.startsWith(o)) ?? PUNCT2.find((o) => c.startsWith(o)) ?? cp
    c.skip(op === cp ? 1 : op.length)
    out.push({kind: 'punct', text: op, range: c.range(p, filename)})
  }
  return out
}

export function isJsonFile(r: SourceRange): boolean {
  return r.filename.endsWith('.json')
}

export function exprTokens(a: Attribute): Tok[] {
  return tokenize(a.expr, a.exprRange.start, a.exprRange.filename, isJsonFile(a.exprRange))
}

export function tokensRange(toks: readonly Tok[]): SourceRange | undefined {
  const first = toks[0]
  const last = toks[toks.length - 1]
  return first && last ? between(first.range, last.range) : undefined
}

const OPEN: Record<string, string> = {'(': ')', '[': ']', '{': '}'}

/** Items of an object constructor `{ k = v, … }` (or a JSON object); undefined when it is not one. */
export function objectItems(all: readonly Tok[]): {key: Tok[]; value: Tok[]}[] | undefined {
  const toks = all.filter((t, i) => !(t.kind === 'nl' && (i === 0 || i === all.length - 1)))
  const first = toks[0]
  const last = toks[toks.length - 1]
  if (!first || !last || first.text !== '{' || last.text !== '}' || first === last) return undefined
  const body = toks.slice(1, -1)
  const items: {key: Tok[]; value: Tok[]}[] = []
  let i = 0
  const readUntil = (stop: (t: Tok) => boolean): Tok[] => {
    const out: Tok[] = []
    const stack: string[] = []
    while (i < body.length) {
      const t = body[i]!
      if (stack.length === 0 && stop(t)) break
      if (t.kind === 'punct' && OPEN[t.text]) stack.push(OPEN[t.text]!)
      else if (t.kind === 'punct' && stack[stack.length - 1] === t.text) stack.pop()
      if (t.kind !== 'nl') out.push(t)
      i++
    }
    return out
  }
  while (i < body.length) {
    const t = body[i]!
    if (t.kind === 'nl' || (t.kind === 'punct' && t.text === ',')) {
      i++
      continue
    }
    const key = readUntil((x) => x.kind === 'punct' && (x.text === '=' || x.text === ':'))
    if (i >= body.length) return undefined
    i++ // the `=` / `:`
    const value = readUntil((x) => x.kind === 'nl' || (x.kind === 'punct' && x.text === ','))
    if (key.length === 0 || value.length === 0) return undefined
    items.push({key, value})
  }
  return items
}

/** Items of a tuple constructor `[a, b]`, each as its tokens. */
export function tupleItems(all: readonly Tok[]): Tok[][] | undefined {
  const toks = all.filter((t) => t.kind !== 'nl')
  if (toks[0]?.text !== '[' || toks[toks.length - 1]?.text !== ']') return undefined
  const items: Tok[][] = []
  let cur: Tok[] = []
  const stack: string[] = []
  for (const t of toks.slice(1, -1)) {
    if (stack.length === 0 && t.kind === 'punct' && t.text === ',') {
      if (cur.length) items.push(cur)
      cur = []
      continue
    }
    if (t.kind === 'punct' && OPEN[t.text]) stack.push(OPEN[t.text]!)
    else if (t.kind === 'punct' && stack[stack.length - 1] === t.text) stack.pop()
    cur.push(t)
  }
  if (cur.length) items.push(cur)
  return items
}

// ---------------------------------------------------------------------------------------------
// Traversals

interface Step {
  readonly kind: 'attr' | 'index'
  readonly name?: string
  readonly range: SourceRange
}

interface Traversal {
  readonly root: string
  readonly rootRange: SourceRange
  readonly steps: readonly Step[]
  readonly range: SourceRange
}

/** Reads tokens as an absolute traversal (`a.b["k"]`); undefined when they are anything else. */
export function asTraversal(toks: readonly Tok[]): Traversal | undefined {
  const root = toks[0]
  if (!root || root.kind !== 'ident') return undefined
  const steps: Step[] = []
  let i = 1
  while (i < toks.length) {
    const t = toks[i]!
    const n = toks[i + 1]
    if (t.kind === 'punct' && t.text === '.' && n && (n.kind === 'ident' || n.kind === 'number')) {
      steps.push(n.kind === 'ident' ? {kind: 'attr', name: n.text, range: between(t.range, n.range)} : {kind: 'index', range: between(t.range, n.range)})
      i += 2
      continue
    }
    const close = toks[i + 2]
    if (t.kind === 'punct' && t.text === '[' && n && (n.kind === 'number' || (n.kind === 'string' && n.literal !== undefined)) && close?.text === ']') {
      steps.push({kind: 'index', range: between(t.range, close.range)})
      i += 3
      continue
    }
    return undefined
  }
  const last = steps[steps.length - 1]
  return {root: root.text, rootRange: root.range, steps, range: last ? between(root.range, last.range) : root.range}
}

// ---------------------------------------------------------------------------------------------
// OpenTofu: provider for_each expressions that match their consumer's for_each

const KEYWORDS = new Set(['true', 'false', 'null', 'for', 'in', 'if'])

/** Best-effort `Variables()` test: does the expression refer to anything? */
function hasReferences(toks: readonly Tok[]): boolean {
  const forVars = new Set<string>()
  for (let i = 0; i < toks.length; i++) {
    if (toks[i]!.text !== 'for' || toks[i]!.kind !== 'ident') continue
    for (let j = i + 1; j < toks.length && toks[j]!.text !== 'in'; j++) if (toks[j]!.kind === 'ident') forVars.add(toks[j]!.text)
  }
  return toks.some((t, i) => {
    if (t.kind === 'string' && t.template) return true
    if (t.kind !== 'ident' || KEYWORDS.has(t.text) || forVars.has(t.text)) return false
    const prev = toks[i - 1]
    const next = toks[i + 1]
    if (prev?.text === '.' || next?.text === '(' || next?.text === '=') return false
    return true
  })
}

/** Tokens compared structurally: comments and layout ignored, grouping parentheses dropped. */
function normalizedExpr(toks: readonly Tok[]): string[] {
  const list = toks.filter((t) => t.kind !== 'nl')
  const drop = new Set<number>()
  const stack: {index: number; grouping: boolean}[] = []
  list.forEach((t, i) => {
    if (t.kind !== 'punct') return
    if (t.text === '(') stack.push({index: i, grouping: list[i - 1]?.kind !== 'ident'})
    else if (t.text === ')') {
      const open = stack.pop()
      if (open?.grouping) {
        drop.add(open.index)
        drop.add(i)
      }
    }
  })
  return list.flatMap((t, i) => {
    if (drop.has(i)) return []
    if (t.kind === 'number') return [`n:${Number(t.text)}`]
    if (t.kind === 'string' && t.literal !== undefined) return [`s:${t.literal}`]
    return [`${t.kind}:${t.text}`]
  })
}

export function sameForEach(a: Attribute, b: Attribute): boolean {
  const ta = exprTokens(a)
  const tb = exprTokens(b)
  if (!hasReferences(ta) || !hasReferences(tb)) return false
  const na = normalizedExpr(ta)
  const nb = normalizedExpr(tb)
  return na.length === nb.length && na.every((x, i) => x === nb[i])
}
