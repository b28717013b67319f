// The tokenizer of the type-expression reader (expr.ts): HCL native tokens with decoded string values;
// anything it cannot read is a SyntaxErr.
import {hasOwn} from './type.js'

export interface Token {
  readonly t: 'ident' | 'number' | 'string' | 'template' | 'punct' | 'nl' | 'eof'
  readonly text: string
  /** string: the decoded literal value. */
  readonly value?: string
  readonly start: number
  readonly end: number
}

export class SyntaxErr extends Error {}

const PUNCT = ['...', '::', '==', '!=', '<=', '>=', '&&', '||', '=>', '(', ')', '[', ']', '{', '}', ',', '=', ':', '.', '?', '!', '-', '+', '*', '/', '%', '<', '>']

export function tokenize(src: string): Token[] {
  const out: Token[] = []
  let i = 0
  const n = src.length
  while (i < n) {
    const c = src[i] as string
    if (c === ' ' || c === '\t' || c === '\r') {
      i++
      continue
    }
    if (c === '\n') {
      out.push({t: 'nl', text: c, start: i, end: i + 1})
      i++
      continue
    }
    if (c === '#' || src.startsWith('//', i)) {
      while (i < n && src[i] !== '\n') i++
      continue
    }
    if (src.startsWith('/*', i)) {
      const end = src.indexOf('*/', i + 2)
      if (end < 0) throw new SyntaxErr('unterminated comment')
      i = end + 2
      continue
    }
    const ident = /^[\p{ID_Start}_][\p{ID_Continue}-]*/u.exec(src.slice(i))
    if (ident) {
      out.push({t: 'ident', text: ident[0], start: i, end: i + ident[0].length})
      i += ident[0].length
      continue
    }
    const num = /^[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(src.slice(i))
    if (num) {
      out.push({t: 'number', text: num[0], start: i, end: i + num[0].length})
      i += num[0].length
      continue
    }
    if (c === '"') {
      const tok = readString(src, i)
      out.push(tok)
      i = tok.end
      continue
    }
    if (src.startsWith('<<', i)) {
      const tok = readHeredoc(src, i)
      out.push(tok)
      i = tok.end
      continue
    }
    const p = PUNCT.find((q) => src.startsWith(q, i))
    if (!p) throw new SyntaxErr(`unexpected character ${c}`)
    out.push({t: 'punct', text: p, start: i, end: i + p.length})
    i += p.length
  }
  out.push({t: 'eof', text: '', start: n, end: n})
  return out
}

// Skips a `${…}`/`%{…}` sequence starting at the opening brace; returns the index after the closing brace.
export function skipInterpolation(src: string, open: number): number {
  let depth = 0
  let i = open
  while (i < src.length) {
    const c = src[i]
    if (c === '{') depth++
    else if (c === '}') {
      depth--
      if (depth === 0) return i + 1
    } else if (c === '"') {
      i = readString(src, i).end
      continue
    }
    i++
  }
  throw new SyntaxErr('unterminated interpolation')
}

function readString(src: string, start: number): Token {
  let i = start + 1
  let value = ''
  let template = false
  while (i < src.length) {
    const c = src[i] as string
    if (c === '"') return {t: template ? 'template' : 'string', text: src.slice(start, i + 1), value, start, end: i + 1}
    if (c === '\n') break
    if (c === '\\') {
      const e = src[i + 1]
      const simple: Record<string, string> = {n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\'}
      if (e !== undefined && hasOwn(simple, e)) {
        value += simple[e] as string
        i += 2
        continue
      }
      const hex = e === 'u' ? /^[0-9a-fA-F]{4}/.exec(src.slice(i + 2)) : e === 'U' ? /^[0-9a-fA-F]{8}/.exec(src.slice(i + 2)) : null
      if (hex) {
        value += String.fromCodePoint(parseInt(hex[0], 16))
        i += 2 + hex[0].length
        continue
      }
      throw new SyntaxErr('invalid escape')
    }
    if ((c === '$' || c === '%') && src[i + 1] === c && src[i + 2] === '{') {
      value += c + '{'
      i += 3
      continue
    }
    if ((c === '$' || c === '%') && src[i + 1] === '{') {
      template = true
      i = skipInterpolation(src, i + 1)
      continue
    }
    value += c
    i++
  }
  throw new SyntaxErr('unterminated string')
}

function readHeredoc(src: string, start: number): Token {
  const m = /^<<(-?)([\p{ID_Start}_][\p{ID_Continue}-]*)\r?\n/u.exec(src.slice(start))
  if (!m) throw new SyntaxErr('invalid heredoc')
  const marker = m[2] as string
  const bodyStart = start + m[0].length
  const lines: string[] = []
  let i = bodyStart
  while (i <= src.length) {
    let eol = src.indexOf('\n', i)
    if (eol < 0) eol = src.length
    const line = src.slice(i, eol).replace(/\r$/, '')
    if (line.trim() === marker) {
      let body = lines.map((l) => l + '\n')
      if (m[1] === '-') {
        const indents = lines.filter((l) => l.trim() !== '').map((l) => (/^[ \t]*/.exec(l) as RegExpExecArray)[0].length)
        const strip = indents.length ? Math.min(...indents) : 0
        body = lines.map((l) => l.slice(strip) + '\n')
      }
      const raw = body.join('')
      const template = /(^|[^$])\$\{|(^|[^%])%\{/.test(raw)
      const value = raw.replace(/\$\$\{/g, '${').replace(/%%\{/g, '%{')
      return {t: template ? 'template' : 'string', text: src.slice(start, eol), value, start, end: eol}
    }
    lines.push(line)
    if (eol >= src.length) break
    i = eol + 1
  }
  throw new SyntaxErr('unterminated heredoc')
}
