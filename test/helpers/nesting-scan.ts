// The nesting check of native syntax as it was before #53: a scan of its own over the text (brackets,
// strings, heredocs, comments, interpolations and unary/conditional operators), run before the lexer.
// The lexer now measures the nesting as it reads the tokens (src/hcl/native/lexer.ts); this scan stays
// as the reference the lexer's answers are compared with (test/hcl/nesting-limit.test.ts).
import {MAX_NESTING} from '../../src/hcl/nesting-limit.js'
import {OPERATORS_PER_LEVEL} from '../../src/hcl/native/lexer.js'

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
export function nestingScan(text: string, limit = MAX_NESTING): number {
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
