// tfgraph's own parser of HCL native syntax (the default; `--parser hcl2json` selects the reference parser).
import {errorDiag, type Diagnostic, type SourceRange} from '../../diag/diagnostic.js'
import type {NativeParse} from '../parse-pool.js'
import type {Attribute, Block, Body} from '../syntax.js'
import {MAX_NESTING, nestingDiagnostic} from '../nesting-limit.js'
import {lex, T, type Tokens} from './lexer.js'
import {Parser, type PBody, type RawDiag} from './parser.js'
import {Positions} from './positions.js'
import {NativeAttribute, NativeSource} from './attribute.js'

import type {Expr} from './ast.js'

export type {Expr} from './ast.js'
export {walkExpr, children} from './ast.js'
export type {RawDiag} from './parser.js'

/**
 * Parses one native-syntax file. Never throws. Syntax errors come back as diagnostics, every one found
 * (lexical ones first, as HCL reports them); a file with errors gives an empty body, as the reference
 * parser does.
 */
export function parseHclNative(text: string, filename: string): NativeParse {
  return guarded(text, filename, () => fromRaw(text, filename, rawParse(text, filename)))
}

/** `parseHclNative`'s result from a raw parse made elsewhere (a worker thread's, of the same text and name). */
export function parseFromRaw(text: string, filename: string, raw: RawParse): NativeParse {
  return guarded(text, filename, () => fromRaw(text, filename, raw))
}

/** `parse()`, or, when the stack ran out (smaller than nesting-limit.ts assumes), the file refused as too deep: never thrown. */
function guarded(text: string, filename: string, parse: () => NativeParse): NativeParse {
  try {
    return parse()
  } catch (e) {
    if (e instanceof RangeError) return refused(nestingDiagnostic(text, 0, filename), new Positions(text, filename))
    throw e
  }
}

/**
 * What the lexer and the parser make of a file, before its tree is built: plain data of numbers, strings
 * and arrays (a structured clone carries it from a worker thread, parse-lane.ts), from which `fromRaw` makes
 * the same result as `parseHclNative` — the one a file's text and name always give.
 */
export interface RawParse {
  /** Where each line starts (the lexer's), or undefined when lexing stopped early. */
  readonly lines: number[] | undefined
  /** Where the nesting went past the limit, or -1; 0 too when the parser ran out of stack (`RangeError`). */
  readonly tooDeep: number
  /** The file's body, when the text nests within the limit. */
  readonly body: PBody | undefined
  /** Every syntax error, lexical ones first. */
  readonly diags: readonly RawDiag[]
}

/** Lexes and parses a file (the half of `parseHclNative` a worker thread does). Throws only as `parseHclNative` would. */
export function rawParse(text: string, filename: string): RawParse {
  // the parser recurses per nesting level: text nested deeper than nesting-limit.ts allows is refused
  // (the lexer measures the nesting as it goes, and stops where it went past the limit)
  const tokens = lex(text, text.charCodeAt(0) === 0xfeff ? 1 : 0, false, MAX_NESTING)
  if (tokens.tooDeep >= 0) return {lines: tokens.lineStarts, tooDeep: tokens.tooDeep, body: undefined, diags: []}
  // messages name places by their ranges: the line table is needed only when there is one
  let positions: Positions | undefined
  const rangeString = (s: number, e: number): string =>
    formatHclRange((positions ??= new Positions(text, filename, tokens.lineStarts)).range(s, e))
  const parser = new Parser(text, tokens, rangeString)
  const body = parser.parseFile()
  const diags = tokens.flagged > 0 ? [...invalidTokens(text, tokens), ...parser.diags] : parser.diags
  return {lines: tokens.lineStarts, tooDeep: -1, body, diags}
}

/** The parse of `text` named `filename` from its raw parse (the half of `parseHclNative` that builds the tree). */
export function fromRaw(text: string, filename: string, raw: RawParse): NativeParse {
  // the lexer saw every newline: the line table is its (none when it stopped early)
  const positions = new Positions(text, filename, raw.lines)
  if (raw.tooDeep >= 0) return refused(nestingDiagnostic(text, raw.tooDeep, filename), positions)
  if (raw.diags.length > 0 || raw.body === undefined) {
    const diagnostics: Diagnostic[] = raw.diags.map((d) => errorDiag('hcl.syntax', d.summary, d.detail, positions.range(d.s, d.e)))
    const empty: Body = {attributes: [], blocks: [], range: fileRange(positions, text)}
    return {file: {filename, syntax: 'native', body: empty}, diagnostics}
  }
  return {
    file: {filename, syntax: 'native', body: toBody(raw.body, text, positions, new NativeSource(text, positions), true)},
    diagnostics: [],
  }
}

/** The raw parse of a file the parser ran out of stack on (`RangeError`): refused as too deep, as `parseHclNative` does. */
export const STACK_EXHAUSTED: RawParse = {lines: undefined, tooDeep: 0, body: undefined, diags: []}

function refused(d: Diagnostic, positions: Positions): NativeParse {
  const body: Body = {attributes: [], blocks: [], range: positions.range(0, Number.MAX_SAFE_INTEGER)}
  return {file: {filename: positions.filename, syntax: 'native', body}, diagnostics: [d]}
}

/** A parsed expression or template: its tree (spans are offsets into the text given) and its syntax errors. */
export interface ParsedExpression {
  readonly expr: Expr
  readonly errors: readonly RawDiag[]
}

/** Parses `text` as one expression (as HCL's ParseExpression: newlines ignored). Never throws. */
export function parseExpressionText(text: string): ParsedExpression {
  const tokens = lex(text, 0)
  const parser = new Parser(text, tokens, (s, e) => `${s}-${e}`)
  const expr = parser.parseWholeExpression()
  return {expr, errors: tokens.flagged > 0 ? [...invalidTokens(text, tokens), ...parser.diags] : parser.diags}
}

/** Parses `text` as a bare template (the value of a JSON string, without quotes or escapes). Never throws. */
export function parseTemplateText(text: string): ParsedExpression {
  const tokens = lex(text, 0, true)
  const parser = new Parser(text, tokens, (s, e) => `${s}-${e}`)
  const expr = parser.parseWholeTemplate()
  return {expr, errors: tokens.flagged > 0 ? [...invalidTokens(text, tokens), ...parser.diags] : parser.diags}
}

/** HCL's Range.String(): `file:L,C-EC`, or `file:L,C-EL,EC` across lines. */
export function formatHclRange(r: SourceRange): string {
  return r.start.line === r.end.line
    ? `${r.filename}:${r.start.line},${r.start.column}-${r.end.column}`
    : `${r.filename}:${r.start.line},${r.start.column}-${r.end.line},${r.end.column}`
}

function toBody(b: PBody, text: string, pos: Positions, source: NativeSource, file: boolean): Body {
  const attributes: Attribute[] = b.attributes.map((a) => new NativeAttribute(a.name, a.nameS, a.nameE, a.expr, source, pos.filename))
  const blocks: Block[] = b.blocks.map((k) => {
    // the type's start begins three ranges: one position, shared (positions are never changed)
    const filename = pos.filename
    const start = pos.pos(k.typeS)
    const typeRange: SourceRange = {filename, start, end: pos.pos(k.typeE)}
    const labels = k.labels.map((l) => ({value: l.value, range: pos.range(l.s, l.e)}))
    const last = labels[labels.length - 1]
    return {
      kind: 'block',
      type: k.type,
      typeRange,
      labels,
      declRange: last ? {filename, start, end: last.range.end} : typeRange,
      range: {filename, start, end: pos.pos(k.e)},
      body: toBody(k.body, text, pos, source, false),
    }
  })
  return {attributes, blocks, range: file ? fileRange(pos, text) : pos.range(b.s, b.e)}
}

/** A file body's range: from the very start (before a byte-order mark) to the end. */
function fileRange(pos: Positions, text: string): SourceRange {
  return {filename: pos.filename, start: {line: 1, column: 1, byte: 0}, end: pos.pos(text.length)}
}

/** HCL's checks of characters the language does not use, in token order (only for tokens the lexer flagged). */
function invalidTokens(text: string, tokens: Tokens): RawDiag[] {
  const out: RawDiag[] = []
  let bitwise = 0
  let backtick = 0
  let apostrophe = 0
  let semicolon = 0
  const {types, starts, ends} = tokens
  for (let i = 0; i < types.length; i++) {
    const t = types[i]!
    const s = starts[i]!
    const e = ends[i]!
    switch (t) {
      case T.BIT_AND:
      case T.BIT_OR:
      case T.BIT_XOR:
      case T.BIT_NOT:
        if (bitwise < 4) {
          const hint =
            t === T.BIT_AND
              ? ' Did you mean boolean AND ("&&")?'
              : t === T.BIT_OR
                ? ' Did you mean boolean OR ("||")?'
                : t === T.BIT_NOT
                  ? ' Did you mean boolean NOT ("!")?'
                  : ''
          out.push({summary: 'Unsupported operator', detail: `Bitwise operators are not supported.${hint}`, s, e})
          bitwise++
        }
        break
      case T.BACKTICK:
        if (backtick % 2 === 0)
          out.push({
            summary: 'Invalid character',
            detail: 'The "`" character is not valid. To create a multi-line string, use the "heredoc" syntax, like "<<EOT".',
            s,
            e,
          })
        if (backtick <= 2) backtick++
        break
      case T.APOSTROPHE:
        if (apostrophe % 2 === 0)
          out.push({summary: 'Invalid character', detail: 'Single quotes are not valid. Use double quotes (") to enclose strings.', s, e})
        if (apostrophe <= 2) apostrophe++
        break
      case T.SEMICOLON:
        if (semicolon < 1) {
          out.push({
            summary: 'Invalid character',
            detail:
              'The ";" character is not valid. Use newlines to separate arguments and blocks, and commas to separate items in collection values.',
            s,
            e,
          })
          semicolon++
        }
        break
      case T.QUOTED_NEWLINE:
        out.push({
          summary: 'Invalid multi-line string',
          detail:
            'Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the "heredoc" multi-line template syntax.',
          s,
          e,
        })
        break
      case T.INVALID: {
        const ch = text.slice(s, e)
        if (ch === '\u201c' || ch === '\u201d')
          out.push({
            summary: 'Invalid character',
            detail:
              '"Curly quotes" are not valid here. These can sometimes be inadvertently introduced when sharing code via documents or discussion forums. It might help to replace the character with a "straight quote".',
            s,
            e,
          })
        else out.push({summary: 'Invalid character', detail: 'This character is not used within the language.', s, e})
        break
      }
    }
  }
  return out
}
