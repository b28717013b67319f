// A nesting limit checked before a file reaches a parser. @cdktf/hcl2json (Go compiled to WebAssembly)
// recurses once per nested block, bracket, template or unary/conditional operator on the JavaScript
// stack; past roughly 1,100 nested blocks it overflows that stack, and the WebAssembly instance is then
// corrupted: the next parse aborts the whole process ("fatal error: malloc deadlock"). tfgraph's own parser
// and the JSON readers recurse as well. So a file nested deeper than MAX_NESTING is not parsed at all: it
// gets a diagnostic. No real configuration comes close (the corpus nests at most a few dozen levels).
// Native syntax is measured by the lexer as it reads the tokens (native/lexer.ts, `lex`'s limit), JSON by
// a scan here.
import type {Diagnostic, Pos} from '../diag/diagnostic.js'
import {errorDiag} from '../diag/diagnostic.js'
import {advancePos} from '../diag/positions.js'
import {lex} from './native/lexer.js'

/** Deepest nesting read (blocks, brackets, templates and interpolations together). */
export const MAX_NESTING = 500

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
  const at = syntax === 'json' ? jsonNestingExceeded(text) : lex(text, text.charCodeAt(0) === 0xfeff ? 1 : 0, false, MAX_NESTING).tooDeep
  return at < 0 ? undefined : nestingDiagnostic(text, at, filename)
}
