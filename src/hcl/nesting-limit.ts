// A nesting limit checked before a file reaches a parser. @cdktf/hcl2json (Go compiled to WebAssembly)
// recurses once per nested block, bracket, template or unary/conditional operator on the JavaScript
// stack; past roughly 1,100 nested blocks it overflows that stack, and the WebAssembly instance is then
// corrupted: the next parse aborts the whole process ("fatal error: malloc deadlock"). The JSON readers
// recurse as well. So a file nested deeper than MAX_NESTING is not parsed at all: it gets a diagnostic.
// No real configuration comes close (the corpus nests at most a few dozen levels).
import type {Diagnostic, Pos} from '../diag/diagnostic.js'
import {errorDiag} from '../diag/diagnostic.js'
import {advancePos} from '../diag/positions.js'

/** Deepest nesting read (blocks, brackets, templates and interpolations together). */
export const MAX_NESTING = 500
/** Unary and conditional operators in one expression cost the parser far less stack than a bracket each. */
const OPERATORS_PER_LEVEL = 10

// nesting-stack entry kinds
const K = {Bracket: 1, Interp: 2, Str: 3, Heredoc: 4} as const

function isIdent(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 45
}

/**
 * Native syntax: the index at which the nesting (plus operator chains) first exceeds `limit`, or -1.
 * A lexer over brackets, strings, heredocs, comments and interpolations only; it may over-count (never
 * under-count) what the parser recurses on, and it is linear in the text.
 */
export function nativeNestingExceeded(text: string, limit = MAX_NESTING): number {
  if (nestingBound(text) <= limit) return -1
  const len = text.length
  const kinds: number[] = []
  const delims: string[] = []
  let ops = 0 // unary/conditional operators in the current top-level expression
  let prevSig = 61 // last significant code character ('=' at the start: a following '-' is unary)
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  const over = (): boolean => kinds.length + Math.floor(ops / OPERATORS_PER_LEVEL) > limit
  while (i < len) {
    const top = kinds.length > 0 ? kinds[kinds.length - 1]! : 0
    const c = text.charCodeAt(i)
    if (top === K.Str || top === K.Heredoc) {
      if (top === K.Heredoc && (i === 0 || text.charCodeAt(i - 1) === 10)) {
        // a line of a heredoc body: is it the closing marker?
        let j = i
        while (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9) j++
        const d = delims[delims.length - 1]!
        if (text.startsWith(d, j) && !isIdent(text.charCodeAt(j + d.length))) {
          kinds.pop()
          delims.pop()
          i = j + d.length
          prevSig = 41
          continue
        }
      }
      if (c === 92 && top === K.Str) i += 2
      else if (c === 34 && top === K.Str) {
        kinds.pop()
        delims.pop()
        prevSig = 41
        i++
      } else if (c === 10 && top === K.Str) {
        kinds.pop() // unterminated: the parser reports it; carry on as code
        delims.pop()
        i++
      } else if ((c === 36 || c === 37) && text.charCodeAt(i + 1) === 123) {
        if (text.charCodeAt(i - 1) === c) {
          i += 2 // $${ and %%{ are escapes
          continue
        }
        kinds.push(K.Interp)
        delims.push('')
        if (over()) return i
        prevSig = 123
        i += 2
      } else i++
      continue
    }
    // code: a top-level body, or an expression inside brackets or an interpolation
    if (c === 35 || (c === 47 && text.charCodeAt(i + 1) === 47)) {
      const nl = text.indexOf('\n', i)
      i = nl < 0 ? len : nl
      continue
    }
    if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const end = text.indexOf('*/', i + 2)
      i = end < 0 ? len : end + 2
      continue
    }
    if (c === 34) {
      kinds.push(K.Str)
      delims.push('')
      if (over()) return i
      i++
      continue
    }
    if (c === 60 && text.charCodeAt(i + 1) === 60) {
      let j = i + 2
      if (text.charCodeAt(j) === 45) j++
      const s = j
      while (j < len && isIdent(text.charCodeAt(j))) j++
      let k = j
      if (text.charCodeAt(k) === 13) k++
      if (j > s && text.charCodeAt(k) === 10) {
        kinds.push(K.Heredoc)
        delims.push(text.slice(s, j))
        if (over()) return i
        i = k + 1
        continue
      }
    }
    if (c === 40 || c === 91 || c === 123) {
      kinds.push(K.Bracket)
      delims.push('')
      if (over()) return i
      prevSig = c
      i++
      continue
    }
    if (c === 41 || c === 93 || c === 125) {
      if (top === K.Bracket || top === K.Interp) {
        kinds.pop()
        delims.pop()
      }
      prevSig = c
      i++
      continue
    }
    if (c === 10) {
      if (kinds.length === 0) ops = 0
      i++
      continue
    }
    if (c === 32 || c === 9 || c === 13) {
      i++
      continue
    }
    const unaryContext =
      prevSig === 61 ||
      prevSig === 40 ||
      prevSig === 91 ||
      prevSig === 123 ||
      prevSig === 44 ||
      prevSig === 58 ||
      prevSig === 63 ||
      prevSig === 33 ||
      prevSig === 45 ||
      prevSig === 43 ||
      prevSig === 42 ||
      prevSig === 47 ||
      prevSig === 37 ||
      prevSig === 60 ||
      prevSig === 62 ||
      prevSig === 38 ||
      prevSig === 124
    if (c === 63 || (c === 33 && text.charCodeAt(i + 1) !== 61) || (c === 45 && unaryContext)) {
      ops++
      if (over()) return i
    }
    prevSig = c
    i++
  }
  return -1
}

/**
 * An upper bound of what nativeNestingExceeded counts: every level it enters starts at one of these
 * characters (a quote, `<<`, a bracket, the brace of `${`/`%{`) and every operator it counts is one of
 * `?`, `!`, `-`. Counting them is a plain loop, far cheaper than the scan (~0.25 s of a cold run over the
 * corpus); most files have fewer than the limit, and only the others are scanned.
 */
function nestingBound(text: string): number {
  let n = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 34 || c === 60 || c === 40 || c === 91 || c === 123 || c === 63 || c === 33 || c === 45) n++
  }
  return n
}

/** JSON: the index at which array/object nesting first exceeds `limit`, or -1. */
export function jsonNestingExceeded(text: string, limit = MAX_NESTING): number {
  let depth = 0
  const len = text.length
  for (let i = 0; i < len; i++) {
    const c = text.charCodeAt(i)
    if (c === 34) {
      // skip the string
      for (i++; i < len; i++) {
        const d = text.charCodeAt(i)
        if (d === 92) i++
        else if (d === 34 || d === 10) break
      }
    } else if (c === 91 || c === 123) {
      if (++depth > limit) return i
    } else if ((c === 93 || c === 125) && depth > 0) depth--
  }
  return -1
}

/** The diagnostic for a file nested deeper than the limit, at the opener that went past it. */
export function nestingDiagnostic(text: string, index: number, filename: string): Diagnostic {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0
  const start: Pos = advancePos({line: 1, column: 1, byte: bom * 3}, text.slice(bom, index))
  const end: Pos = advancePos(start, text.slice(index, index + 1))
  return errorDiag(
    'hcl.too-deeply-nested',
    'Configuration nested too deeply',
    `This file nests blocks, brackets, templates or operators more than ${MAX_NESTING} levels deep, so tfgraph does not read it: parsing it would exhaust the parser's stack. No hand-written configuration nests this deeply; the file is probably generated or damaged. Reduce the nesting.`,
    {filename, start, end},
  )
}

/** A diagnostic when the text (native syntax, or JSON) nests deeper than the limit; undefined otherwise. */
export function checkNesting(text: string, filename: string, syntax: 'native' | 'json'): Diagnostic | undefined {
  const at = syntax === 'json' ? jsonNestingExceeded(text) : nativeNestingExceeded(text)
  return at < 0 ? undefined : nestingDiagnostic(text, at, filename)
}
