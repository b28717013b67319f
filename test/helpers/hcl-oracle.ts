// @cdktf/hcl2json as the oracle for tfgraph's own native-syntax parser (src/hcl/native): run the reference,
// compare the two on one file, list the team's native-syntax files, and the tables of small snippets the
// differential and property tests share. The oracle is the truth: nothing here hard-codes its answers.
//
// Equal means: for a file hcl2json accepts, tfgraph's parser reports no error and its body, rebuilt into
// hcl2json's document (bodyToHcl2json), is the same JSON (both normalised by toValue: keys sorted,
// non-finite numbers null); for a file hcl2json rejects, tfgraph's parser reports an error and its first
// error has hcl2json's first error's summary and range (start and end line and column).
import {createHash} from 'node:crypto'
import {readdirSync, readFileSync} from 'node:fs'
import * as path from 'node:path'
import {performance} from 'node:perf_hooks'
import {diagnosticFromParserError} from '../../src/hcl/parse-native.js'
import {startHcl2json, type Hcl2JsonParse} from '../../src/hcl/hcl2json-start.js'
import {parseHclNative} from '../../src/hcl/native/index.js'
import {bodyToHcl2json} from '../../src/hcl/hcl2json-shape.js'
import {MAX_NESTING} from '../../src/hcl/nesting-limit.js'
import {lex} from '../../src/hcl/native/lexer.js'
import {toValue} from '../../src/hcl/value.js'
import {cacheSettingsFromEnv} from '../../src/io/cache-dir.js'
import type {NativeParse} from '../../src/hcl/parse-pool.js'
import type {Value} from '../../src/hcl/syntax.js'
import {seededRandom} from './seeded.js'

// ------------------------------------------------------------------------------------------ the oracle

/**
 * Where parse-native.ts keeps a thread's started hcl2json: the Go runtime registers itself on globalThis,
 * so a thread holds one instance, shared by the oracle and the reference pipeline (whichever starts first).
 */
const PARSER_SLOT = Symbol.for('tfgraph.hcl2json')

function referenceParser(): Promise<Hcl2JsonParse> {
  const slot = globalThis as {[PARSER_SLOT]?: Promise<Hcl2JsonParse>}
  let parser = slot[PARSER_SLOT]
  if (!parser) {
    const cache = cacheSettingsFromEnv()
    // compiled with V8's default tiers (no --liftoff-only): the oracle parses thousands of files
    parser = startHcl2json(cache.enabled ? cache.dir : undefined, false).catch(() =>
      import('@cdktf/hcl2json').then((m) => m.parse as Hcl2JsonParse),
    )
    slot[PARSER_SLOT] = parser
  }
  return parser
}

export type OracleResult =
  {readonly ok: true; readonly json: unknown} | {readonly ok: false; readonly message: string; readonly tooDeep?: true}

/**
 * hcl2json's answer for one file: its JSON document, or its error message (`parse config: [file:L,C-EC:
 * Summary; Detail …]` for syntax errors, `convert to HCL: …` when it cannot express a valid file). Text
 * nested deeper than its stack allows (nesting-limit.ts) is never handed to it: that would corrupt the
 * instance for every later file.
 */
export async function hcl2jsonParse(text: string, filename: string): Promise<OracleResult> {
  // the check tfgraph makes before handing a file to hcl2json (parse-native.ts): the lexer's
  if (lex(text, text.charCodeAt(0) === 0xfeff ? 1 : 0, false, MAX_NESTING).tooDeep >= 0)
    return {ok: false, message: 'nested deeper than hcl2json can parse (nesting-limit.ts)', tooDeep: true}
  const parse = await referenceParser()
  try {
    return {ok: true, json: await parse(filename, text)}
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    // the Go runtime died (a crash inside hcl2json): every later answer would be wrong
    if (/Go program has already exited/.test(message)) throw new Error(`hcl2json stopped while parsing ${filename}: ${message}`)
    return {ok: false, message}
  }
}

/** A diagnostic's summary and range as the comparison sees them (lines and columns, 1-based). */
export interface ErrorAt {
  readonly summary: string
  readonly range?: {readonly start: LineColumn; readonly end: LineColumn}
}

export interface LineColumn {
  readonly line: number
  readonly column: number
}

/** The first error of an hcl2json error message, as tfgraph turns it into a diagnostic (parse-native.ts). */
export function firstError(message: string, filename: string, text: string): ErrorAt {
  const d = diagnosticFromParserError(message, filename, text)
  return d.range
    ? {
        summary: d.summary,
        range: {start: {line: d.range.start.line, column: d.range.start.column}, end: {line: d.range.end.line, column: d.range.end.column}},
      }
    : {summary: d.summary}
}

/** hcl2json failed on a file it parsed: blocks whose labels are a prefix of another's, a unary operator on a literal of the wrong type. */
export function isConversionLimit(message: string): boolean {
  return /^(Error: )?convert to HCL: /.test(message)
}

/** Why hcl2json could not convert a valid file (for the reports). */
export function conversionReason(message: string): string {
  if (/Unable to convert Block to JSON|cannot have blocks with and without labels/.test(message))
    return 'block labels: one block’s labels are a prefix of another’s'
  if (/convert expression: /.test(message)) return `expression: ${message.replace(/^.*convert expression: /, '')}`
  return message
}

// ------------------------------------------------------------------------------------------ comparison

/** The parser under test: parseHclNative by default; the harness's own checks pass others. */
export type ParseFn = (text: string, filename: string) => NativeParse | Promise<NativeParse>

export type Difference =
  | {readonly kind: 'native-threw'; readonly filename: string; readonly error: string}
  | {
      readonly kind: 'json-differs'
      readonly filename: string
      /** The first differing JSON path (`$.resource.aws_s3_bucket.b[0].tags`), and the value on each side (undefined: absent). */
      readonly path: string
      readonly native: Value | undefined
      readonly hcl2json: Value | undefined
    }
  | {readonly kind: 'native-rejects-valid'; readonly filename: string; readonly native: ErrorAt}
  | {readonly kind: 'native-accepts-invalid'; readonly filename: string; readonly hcl2json: ErrorAt}
  | {readonly kind: 'first-error-differs'; readonly filename: string; readonly native: ErrorAt; readonly hcl2json: ErrorAt}

export type DifferenceKind = Difference['kind']

/** What hcl2json said about a file: valid, a syntax error, a valid file it cannot convert, or too deep to ask. */
export type Verdict = 'valid' | 'invalid' | 'conversion-limit' | 'too-deep'

export interface Comparison {
  readonly verdict: Verdict
  /** null: the parsers agree (always null for 'conversion-limit' and 'too-deep', unless tfgraph's parser threw). */
  readonly difference: Difference | null
  /** hcl2json's error message, when it rejected the file. */
  readonly message?: string
  /** Errors tfgraph's parser reported. */
  readonly nativeErrors: number
  readonly nativeMs: number
  readonly hcl2jsonMs: number
}

/** Runs both parsers on one file and compares them (see the file comment for what equal means). */
export async function compareParsers(text: string, filename: string, parser: ParseFn = parseHclNative): Promise<Comparison> {
  const t0 = performance.now()
  let parsed: NativeParse
  try {
    parsed = await parser(text, filename)
  } catch (e) {
    const error = e instanceof Error ? (e.stack ?? e.message) : String(e)
    const oracle = await hcl2jsonParse(text, filename)
    return {
      verdict: verdictOf(oracle),
      difference: {kind: 'native-threw', filename, error},
      ...(oracle.ok ? {} : {message: oracle.message}),
      nativeErrors: 0,
      nativeMs: performance.now() - t0,
      hcl2jsonMs: 0,
    }
  }
  const nativeMs = performance.now() - t0
  const t1 = performance.now()
  const oracle = await hcl2jsonParse(text, filename)
  const hcl2jsonMs = performance.now() - t1
  const errors = parsed.diagnostics.filter((d) => d.severity === 'error')
  const base = {nativeErrors: errors.length, nativeMs, hcl2jsonMs}
  const verdict = verdictOf(oracle)
  if (!oracle.ok) {
    if (verdict !== 'invalid') return {verdict, difference: null, message: oracle.message, ...base}
    const want = firstError(oracle.message, filename, text)
    const first = errors[0]
    if (!first) return {verdict, difference: {kind: 'native-accepts-invalid', filename, hcl2json: want}, message: oracle.message, ...base}
    const got = errorAt(first)
    const difference = sameError(got, want) ? null : ({kind: 'first-error-differs', filename, native: got, hcl2json: want} as const)
    return {verdict, difference, message: oracle.message, ...base}
  }
  const first = errors[0]
  if (first) return {verdict, difference: {kind: 'native-rejects-valid', filename, native: errorAt(first)}, ...base}
  const at = firstJsonDifference(toValue(bodyToHcl2json(parsed.file.body)), toValue(oracle.json))
  return {verdict, difference: at ? {kind: 'json-differs', filename, ...at} : null, ...base}
}

/** The difference between tfgraph's parser and hcl2json on one file, or null when they agree. */
export async function compareFile(text: string, filename: string, parser: ParseFn = parseHclNative): Promise<Difference | null> {
  return (await compareParsers(text, filename, parser)).difference
}

function verdictOf(r: OracleResult): Verdict {
  if (r.ok) return 'valid'
  if (r.tooDeep) return 'too-deep'
  return isConversionLimit(r.message) ? 'conversion-limit' : 'invalid'
}

function errorAt(d: NativeParse['diagnostics'][number]): ErrorAt {
  return d.range
    ? {
        summary: d.summary,
        range: {start: {line: d.range.start.line, column: d.range.start.column}, end: {line: d.range.end.line, column: d.range.end.column}},
      }
    : {summary: d.summary}
}

function sameError(a: ErrorAt, b: ErrorAt): boolean {
  if (a.summary !== b.summary) return false
  if (!a.range || !b.range) return !a.range && !b.range
  return (
    a.range.start.line === b.range.start.line &&
    a.range.start.column === b.range.start.column &&
    a.range.end.line === b.range.end.line &&
    a.range.end.column === b.range.end.column
  )
}

/** The first path at which two normalised JSON values differ (keys in sorted order), or undefined. Numbers compare with ===, so -0 equals 0 (as in the JSON text). */
export function firstJsonDifference(
  native: Value | undefined,
  hcl2json: Value | undefined,
  at = '$',
): {path: string; native: Value | undefined; hcl2json: Value | undefined} | undefined {
  if (native === hcl2json) return undefined
  if (Array.isArray(native) && Array.isArray(hcl2json)) {
    const a: readonly Value[] = native
    const b: readonly Value[] = hcl2json
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = firstJsonDifference(a[i], b[i], `${at}[${i}]`)
      if (d) return d
    }
    return undefined
  }
  if (isObject(native) && isObject(hcl2json)) {
    const keys = [...new Set([...Object.keys(native), ...Object.keys(hcl2json)])].sort()
    for (const k of keys) {
      const sub = /^[A-Za-z_][A-Za-z0-9_-]*$/.test(k) ? `${at}.${k}` : `${at}[${JSON.stringify(k)}]`
      const inA = Object.hasOwn(native, k)
      const inB = Object.hasOwn(hcl2json, k)
      if (!inA || !inB) return {path: sub, native: inA ? native[k] : undefined, hcl2json: inB ? hcl2json[k] : undefined}
      const d = firstJsonDifference(native[k], hcl2json[k], sub)
      if (d) return d
    }
    return undefined
  }
  return {path: at, native, hcl2json}
}

function isObject(v: Value | undefined): v is {readonly [key: string]: Value} {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** A value for a report line: JSON, cut at `max` characters; `(absent)` for a missing key. */
export function showValue(v: Value | undefined, max = 160): string {
  if (v === undefined) return '(absent)'
  const s = JSON.stringify(v)
  return s.length > max ? `${s.slice(0, max)}…` : s
}

export function showError(e: ErrorAt): string {
  const r = e.range
  return `${JSON.stringify(e.summary)} at ${r ? `${r.start.line},${r.start.column}-${r.end.line},${r.end.column}` : '(no range)'}`
}

/** One difference in a line or two: the first differing JSON path with both values, or both first errors. */
export function formatDifference(d: Difference): string {
  switch (d.kind) {
    case 'native-threw':
      return `${d.filename}: tfgraph's parser threw: ${d.error.split('\n').slice(0, 4).join(' | ')}`
    case 'json-differs':
      return `${d.filename}: at ${d.path}\n    tfgraph:  ${showValue(d.native)}\n    hcl2json: ${showValue(d.hcl2json)}`
    case 'native-rejects-valid':
      return `${d.filename}: hcl2json accepts it, tfgraph's parser reports ${showError(d.native)}`
    case 'native-accepts-invalid':
      return `${d.filename}: hcl2json reports ${showError(d.hcl2json)}, tfgraph's parser no error`
    case 'first-error-differs':
      return `${d.filename}: first error\n    tfgraph:  ${showError(d.native)}\n    hcl2json: ${showError(d.hcl2json)}`
  }
}

/** Differences grouped by kind, the first `max` of each kind shown (what a failing test or the script prints). */
export function formatDifferences(diffs: readonly Difference[], max = 20): string {
  const byKind = new Map<DifferenceKind, Difference[]>()
  for (const d of diffs) byKind.set(d.kind, [...(byKind.get(d.kind) ?? []), d])
  const out: string[] = []
  for (const [kind, list] of [...byKind].sort((a, b) => b[1].length - a[1].length)) {
    out.push(`${kind}: ${list.length}`)
    for (const d of list.slice(0, max)) out.push(`  ${formatDifference(d).replace(/\n/g, '\n  ')}`)
    if (list.length > max) out.push(`  … and ${list.length - max} more`)
  }
  return out.join('\n')
}

// ------------------------------------------------------------------------------ the team's native files

/** Native-syntax files: .tf, .tofu, .tfvars, every .hcl (.tftest.hcl, .terraform.lock.hcl); never .tf.json. */
export function isNativeSyntaxFile(name: string): boolean {
  return /\.(tf|tofu|tfvars|hcl)$/.test(name)
}

const SKIP_DIRS = new Set(['node_modules', '.git'])

/** Every native-syntax file under `dirs` (absolute paths, sorted); symbolic links are not followed. */
export function listNativeFiles(dirs: readonly string[]): string[] {
  const out: string[] = []
  const walk = (dir: string): void => {
    let entries
    try {
      entries = readdirSync(dir, {withFileTypes: true})
    } catch {
      return
    }
    for (const e of entries) {
      const p = path.join(dir, e.name)
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name)) walk(p)
      } else if (e.isFile() && isNativeSyntaxFile(e.name)) out.push(p)
    }
  }
  for (const d of dirs) walk(path.resolve(d))
  return out.sort()
}

export interface DistinctFile {
  /** The first path (in sorted order) with this content. */
  readonly path: string
  readonly text: string
  readonly bytes: number
  /** The number of listed files with this content. */
  readonly copies: number
}

/** The listed files with identical contents (by SHA-256) kept once, in the order of their first path. */
export function distinctFiles(paths: readonly string[]): DistinctFile[] {
  const byHash = new Map<string, {path: string; text: string; bytes: number; copies: number}>()
  for (const p of paths) {
    const buf = readFileSync(p)
    const hash = createHash('sha256').update(buf).digest('hex')
    const seen = byHash.get(hash)
    if (seen) seen.copies++
    else byHash.set(hash, {path: p, text: buf.toString('utf8'), bytes: buf.length, copies: 1})
  }
  return [...byHash.values()]
}

/** A deterministic shuffle (mulberry32, Fisher–Yates): the same seed gives the same order. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const next = seededRandom(seed)
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    const tmp = out[i]!
    out[i] = out[j]!
    out[j] = tmp
  }
  return out
}

// ------------------------------------------------------------------------------------------- snippets

export interface Snippet {
  readonly name: string
  readonly text: string
}

/** Files hcl2json accepts, one or a few constructs each (the differential test checks that it still does). */
export const VALID_SNIPPETS: readonly Snippet[] = [
  {name: 'empty file', text: ''},
  {name: 'only newlines and spaces', text: '\n\n  \n\t\n'},
  {name: 'only comments', text: '# hash\n// slashes\n/* block */\n/* multi\n   line */\n'},
  {name: 'one attribute', text: 'a = 1\n'},
  {name: 'no newline at the end', text: 'a = 1'},
  {name: 'literals', text: 'n = null\nt = true\nf = false\ns = "x"\ne = ""\n'},
  {name: 'numbers', text: 'a = 1e3\nb = 1.5\nc = 0.1e-2\nd = 1E+3\ne = 007\nf = 1.50\ng = 0\n'},
  {
    name: 'numbers beyond float64',
    text: 'a = 123456789012345678901234567890\nb = 1.0000000000000000000001\nc = 9007199254740993\nd = 1e400\n',
  },
  {name: 'negative numbers', text: 'a = -1\nb = - 2.5\nc = -0\nd = -1.5e3\n'},
  {name: 'block without labels', text: 'b {\n  a = 1\n}\n'},
  {name: 'block with one quoted label', text: 'resource "x" {\n}\n'},
  {name: 'block with two labels', text: 'resource "aws_s3_bucket" "b" {\n  bucket = "x"\n}\n'},
  {name: 'bare labels', text: 'b x y {\n}\n'},
  {name: 'quoted and bare labels mixed', text: 'b "x" y {}\n'},
  {name: 'labels with escapes and unicode', text: 'b "a\\"b" "é ✓" {}\n'},
  {name: 'one-line blocks', text: 'b { a = 1 }\nc {}\nd "x" { e = f }\n'},
  {name: 'nested blocks', text: 'a {\n  b {\n    c "d" {\n      e = 1\n    }\n  }\n  b {}\n}\n'},
  {name: 'repeated blocks', text: 'locals {\n  a = 1\n}\nlocals {\n  b = 2\n}\n'},
  {name: 'same type, other labels', text: 'r "a" "x" {}\nr "a" "y" {}\nr "b" "x" {}\nr "a" "x" { z = 1 }\n'},
  {name: 'attribute and block of the same name', text: 'x {}\nx = 1\ny = 2\ny {}\n'},
  {
    name: 'comments everywhere',
    text: 'a = 1 # trailing\nb = 2 // trailing\nc = /* inline */ 3\nd /* x */ = 4\nb2 "x" /* c */ {\n  # in\n}\n',
  },
  {name: 'escapes in strings', text: 'a = "a\\nb\\tc\\"d\\\\e\\r"\n'},
  {name: 'unicode escapes', text: 'a = "\\u00e9 \\U0001F600 \\U0010FFFF \\u0000"\n'},
  {name: 'template escapes', text: 'a = "$${x} %%{y}"\nb = "$${x} ${y}"\nc = "100%"\nd = "$"\ne = "a$b"\nf = "$$"\ng = "%%"\nh = "$${"\n'},
  {name: 'escapes that spell $ and % before a brace', text: 'a = "\\u0025{x}"\nb = "\\u0024{x}"\nc = "%%{"\nd = <<EOT\n%%{ x }\nEOT\n'},
  {name: 'interpolations', text: 'a = "${x}"\nb = "pre-${x}-post"\nc = "${ x }"\nd = "${x}${y}"\ne = "${x.y[0]}"\n'},
  {
    name: 'interpolations of literals',
    text: 'a = "${"x"}"\nb = "${1}"\nc = "${true}"\nd = "a${"b"}c"\ne = "${null}"\nf = "a${null}"\ng = "x${1.50}"\nh = "${1.50}"\ni = "${true}x"\n',
  },
  {
    name: 'numbers interpolated into text',
    text: 'a = "x${9007199254740993}"\nb = "x${1e400}"\nc = "x${1e3}"\nd = "x${1.5e-7}"\ne = "x${-1}"\nf = "x${1.0}"\ng = "x${0.1}"\nh = "x${1e21}"\ni = "x${00.5}"\nj = "${1.5e-7}"\n',
  },
  {
    name: 'null interpolated into text',
    text: 'a = "x${~ null}"\nb = "${null}${null}"\nc = "%{if x}${null}%{endif}"\nd = "%{if x}a%{else}${null}%{endif}"\ne = "%{if x}a${null}b%{else}c%{endif}"\nf = "%{if x}%{for y in z}${null}%{endfor}%{endif}"\n',
  },
  {name: 'nested templates', text: 'a = "${"${x}"}"\nb = "${f("${x}")}"\nc = "${jsonencode({a = "}"})}"\n'},
  {
    name: 'if directive',
    text: 'a = "%{if x}yes%{else}no%{endif}"\nb = "%{ if x }y%{ endif }"\nc = "%{if a}%{else}b%{endif}"\nd = "%{if (x)}y%{endif}"\n',
  },
  {name: 'nested if directives', text: 'a = "%{if a}x%{else}%{if b}y%{endif}%{endif}"\n'},
  {
    name: 'for directive',
    text: 'a = "%{for k, v in m}${k}=${v},%{endfor}"\nb = "%{for x in xs}${x}%{endfor}"\nc = "%{for x in xs}%{if x}${x}%{endif}%{endfor}"\n',
  },
  {name: 'strip markers', text: 'a = "%{ for x in xs ~}${x}%{~ endfor }"\nb = "${~ x ~}"\nc = " %{~ if x ~} y %{~ endif ~} "\n'},
  {name: 'heredoc', text: 'a = <<EOT\nhello\n  ${x}\nEOT\n'},
  {name: 'indented heredoc', text: 'a = <<-EOT\n    hello\n      world ${x}\n    EOT\n'},
  {name: 'indented heredoc, uneven and blank lines', text: 'a = <<-EOT\n      six\n    four\n\n     five\n  EOT\n'},
  {name: 'empty heredoc', text: 'a = <<EOT\nEOT\n'},
  {name: 'heredoc with escapes', text: 'a = <<EOT\n$${x} %%{y} \\n stays\n"quoted"\nEOT\n'},
  {name: 'heredoc with directives', text: 'a = <<EOT\n%{ for x in xs ~}\n${x}\n%{ endfor ~}\nEOT\n'},
  {name: 'heredoc in a function call', text: 'a = jsonencode(<<EOT\n{"a": 1}\nEOT\n)\n'},
  {name: 'two heredocs in a call', text: 'a = f(<<A\nx\nA\n, <<-B\n  y\n  B\n)\n'},
  {name: 'heredoc in a tuple', text: 'a = [<<EOT\nx\nEOT\n, "y"]\n'},
  {name: 'heredoc marker look-alikes inside', text: 'a = <<EOT\nEOTX\nxEOT\nEOT\n'},
  {name: 'heredoc end markers with spaces around', text: 'a = <<EOT\nx\n  EOT  \nb = <<-EOT\n    y\n  EOT\n'},
  {name: 'indented heredoc, whitespace-only line', text: 'a = <<-EOT\n  a\n \n  b\n  EOT\n'},
  {name: 'indented heredoc with directives', text: 'a = <<-EOT\n  %{if x}\n    y\n  %{endif}\n  ${z} w\n EOT\n'},
  {name: 'arithmetic operators', text: 'a = 1 + 2 * 3 - 4 / 5 % 6\nb = 1 + 1\nc = 1 == 1\n'},
  {
    name: 'logic and comparison operators',
    text: 'a = x && y || !z\nb = a == b\nc = a != b\nd = a < b\ne = a <= b\nf = a > b\ng = a >= b\nh = 1 < 2 <= 3\n',
  },
  {name: 'precedence with parentheses', text: 'a = (1 + 2) * 3\nb = !(x || y)\nc = (1 < 2) == (3 >= 4)\nd = "x" == "y"\n'},
  {name: 'unary operators', text: 'a = -x\nb = !x\nc = - - 1\nd = !!true\ne = -"x"\nf = -(1)\ng = !(true)\nh = -1 + -2\n'},
  {name: 'conditionals', text: 'a = x ? y : z\nb = x ? y ? 1 : 2 : 3\nc = x == 1 ? "a" : "b"\nd = x ? [\n  1\n] : []\n'},
  {name: 'for expressions, tuple', text: 'a = [for x in xs : x]\nb = [for i, x in xs : x if i > 0]\nc = [\n  for x in xs :\n  x\n]\n'},
  {
    name: 'for expressions, object',
    text: 'a = {for k, v in m : k => v}\nb = {for k, v in m : v => k...}\nc = {for k, v in m : k => v if v != null}\n',
  },
  {name: 'splats', text: 'a = x.*.y\nb = x[*].y\nc = x[*]\nd = x.*\ne = x[*].y[0]\n'},
  {name: 'legacy index', text: 'a = x.0\nb = x.0.y\nc = x.*.0\n'},
  {name: 'index', text: 'a = x[0]\nb = x["k"]\nc = x[0][1]\nd = x[y.z]\ne = f(x)[0]\nf = [1, 2][0]\n'},
  {name: 'function calls', text: 'a = f()\nb = f(1, 2)\nc = f(x...)\nd = f(1,\n  2,\n)\ne = f(g(h(1)))\n'},
  {name: 'provider-defined function', text: 'a = provider::aws::arn_parse(x)\nb = provider::p::f(1, 2)\n'},
  {name: 'traversals', text: 'a = var.x\nb = module.m.out\nc = data.aws_x.y.id\nd = local.a-b\ne = each.value\n'},
  {name: 'parenthesised expressions', text: 'a = (x)\nb = ((1))\nc = (1 + 2)\nd = f((x))\ne = (\n  x +\n  y\n)\n'},
  {name: 'tuples', text: 'a = []\nb = [1, "x", null, true]\nc = [\n  1,\n  2,\n]\nd = [[1], [2, [3]]]\ne = [x, 1]\nf = [1, 2,]\n'},
  {name: 'object keys', text: 'a = {k = 1, "q" = 2, (x) = 3, a.b = 4}\n'},
  {name: 'object keys: traversals with spaces and comments', text: 'a = {a . b = 1, c/*x*/ = 2}\n'},
  {name: 'keywords as names', text: 'for = 1\nin = 2\nif "x" {}\nnull = 3\ntrue = 4\na = {in = 1, if = 2}\n'},
  {name: 'spaces inside traversals and calls', text: 'a = x.y . z\nb = f (1)\nc = x [0]\n'},
  {name: 'newlines inside brackets', text: 'a = [\n1\n,\n2\n]\nb = {x = 1\ny = 2}\nc = {\n  # c\n}\nd = f(\n  1\n)\n'},
  {name: 'object key separators and commas', text: 'a = {\n  x: 1\n  y = 2,\n  "z" : 3\n}\nb = {a = 1, b = 2,}\nc = {}\n'},
  {name: 'object keys that are literals', text: 'a = {null = 1, true = 2, 1 = 3, false = 4, 1.5 = 5}\n'},
  {name: 'object keys that are numbers', text: 'a = {1e3 = 1, 0.50 = 2, 1e21 = 3, 1.5e-7 = 4, 007 = 5}\n'},
  {name: 'object keys that are null', text: 'a = {"${null}" = 1}\nb = {(null) = 2}\n'},
  {name: 'object keys that are templates', text: 'a = {"${x}" = 1, "k${y}" = 2, "$${z}" = 3}\n'},
  {name: 'duplicate object keys', text: 'a = {k = 1, k = 2}\n'},
  {name: 'nested objects', text: 'a = {b = {c = [1, {d = "e"}]}}\nb = {x = y, c = "${y}", d = f(1)}\n'},
  {
    name: 'type constraints',
    text: 'variable "v" {\n  type = map(object({a = string, b = optional(number, 1)}))\n}\nvariable "w" {\n  type = list(string)\n}\nvariable "z" {\n  type = set(tuple([string, bool]))\n}\n',
  },
  {
    name: 'expressions starting with a type name',
    text: 'a = string_var\nb = numbers\nc = bool_flag\nd = list_of\ne = set_x\nf = map_x\ng = object_x\nh = tuple_x\ni = string\nj = [string_var]\nk = {x = numbers}\nl = "${string_var}"\nm = strings.x\nn = number\no = objects[0]\n',
  },
  {name: 'expressions with comments inside', text: 'a = x /* c */ + y # t\nb = [\n  1, # one\n  2, // two\n]\nc = f( /* x */ 1)\n'},
  {name: 'CRLF line endings', text: 'a = 1\r\nb {\r\n  c = "x"\r\n}\r\nd = <<EOT\r\nx\r\nEOT\r\ne = [\r\n  1,\r\n]\r\n'},
  {name: 'byte order mark', text: '\ufeffa = 1\n'},
  {name: 'tabs', text: 'a\t=\t1\nb {\n\tc = 2\n}\n'},
  {name: 'unicode identifiers', text: 'é = 1\nb = x.é\nπ "λ" {}\n'},
  {name: 'unicode in strings', text: 'a = "日本語 ✓ 😀"\nb = "\u00a0"\n'},
  {name: 'dashed identifiers', text: 'a-b = 1\nc = a-b\nd-e "x" {}\n'},
  {
    name: 'realistic resource',
    text: 'resource "aws_instance" "web" {\n  count         = var.n\n  ami           = data.aws_ami.ubuntu.id\n  instance_type = "t3.micro"\n  tags = merge(local.tags, {\n    Name = "web-${count.index}"\n  })\n  lifecycle {\n    ignore_changes = [tags]\n  }\n  dynamic "ebs_block_device" {\n    for_each = var.disks\n    content {\n      size = ebs_block_device.value.size\n    }\n  }\n}\n',
  },
  {
    name: 'terraform and provider blocks',
    text: 'terraform {\n  required_version = ">= 1.5"\n  required_providers {\n    aws = {\n      source  = "hashicorp/aws"\n      version = "~> 5.0"\n    }\n  }\n}\nprovider "aws" {\n  alias  = "east"\n  region = "us-east-1"\n}\n',
  },
  {
    name: 'lock file',
    text: '# This file is maintained automatically by "terraform init".\nprovider "registry.terraform.io/hashicorp/aws" {\n  version     = "5.31.0"\n  constraints = ">= 5.0.0"\n  hashes = [\n    "h1:abc=",\n    "zh:0123",\n  ]\n}\n',
  },
  {
    name: 'test file',
    text: 'run "check" {\n  command = plan\n  assert {\n    condition     = aws_s3_bucket.b.bucket == "x"\n    error_message = "wrong"\n  }\n}\n',
  },
]

/** Files hcl2json rejects with a syntax error. */
export const INVALID_SNIPPETS: readonly Snippet[] = [
  {name: 'unclosed block', text: 'b {\n  a = 1\n'},
  {name: 'unclosed labelled block', text: 'resource "x" "y" {\n'},
  {name: 'unclosed nested block', text: 'a {\n  b {\n}\n'},
  {name: 'missing equals sign', text: 'a 1\n'},
  {name: 'missing newline after an attribute', text: 'a = 1 b = 2\n'},
  {name: 'two arguments in a one-line block', text: 'b { a = 1 c = 2 }\n'},
  {name: 'a block in a one-line block', text: 'b { c {} }\n'},
  {name: 'missing expression', text: 'a =\n'},
  {name: 'missing expression at the end', text: 'a = '},
  {name: 'semicolon', text: 'a = 1;\n'},
  {name: 'backtick', text: 'a = `x`\n'},
  {name: 'invalid character', text: 'a = 1 @\n'},
  {name: 'NUL byte', text: 'a = "x"\u0000\n'},
  {name: 'curly quotes', text: 'a = \u201cx\u201d\n'},
  {name: 'non-breaking space', text: 'a = 1\n\u00a0b = 2\n'},
  {name: 'unterminated string', text: 'a = "abc\n'},
  {name: 'unterminated string at the end', text: 'a = "abc'},
  {name: 'multi-line quoted string', text: 'a = "x\ny"\n'},
  {name: 'unterminated heredoc', text: 'a = <<EOT\nhello\n'},
  {name: 'heredoc end marker without newline', text: 'a = <<EOT\nhello\nEOT'},
  {name: 'invalid escape', text: 'a = "\\q"\n'},
  {name: 'short unicode escape', text: 'a = "\\u12"\n'},
  {name: 'surrogate escape', text: 'a = "\\ud800"\n'},
  {name: 'braced unicode escape', text: 'a = "\\u{1F600}"\n'},
  {name: 'unclosed parenthesis', text: 'a = (1 + 2\n'},
  {name: 'unclosed bracket', text: 'a = [1, 2\n'},
  {name: 'unclosed brace', text: 'a = {b = 1\n'},
  {name: 'unclosed function call', text: 'a = f(1, 2\n'},
  {name: 'unclosed interpolation', text: 'a = "${x"\n'},
  {name: 'unclosed directive', text: 'a = "%{if x}y"\n'},
  {name: 'endif without if', text: 'a = "%{endif}"\n'},
  {name: 'unknown directive', text: 'a = "%{foo}"\n'},
  {name: 'colon in an interpolation', text: 'a = "${x:y}"\n'},
  {name: 'duplicate attribute', text: 'a = 1\na = 2\n'},
  {name: 'attribute set three times', text: 'a = 1\na = 2\na = 3\n'},
  {name: 'duplicate attribute in a block', text: 'b {\n  x = 1\n  x = 2\n}\n'},
  {name: 'block with an equals sign', text: 'b "x" = {\n}\n'},
  {name: 'block brace on the next line', text: 'b\n{\n}\n'},
  {name: 'number label', text: 'b 1 {}\n'},
  {name: 'quoted attribute name', text: '"a" = 1\n'},
  {name: 'stray closing brace', text: '}\n'},
  {name: 'stray closing bracket', text: 'a = 1\n]\n'},
  {name: 'hexadecimal number', text: 'a = 0x10\n'},
  {name: 'number with two dots', text: 'a = 1..2\n'},
  {name: 'number ending in a dot', text: 'a = 1.\n'},
  {name: 'number starting with a dot', text: 'a = .5\n'},
  {name: 'chained legacy index', text: 'a = x.1.2\n'},
  {name: 'dot without a name', text: 'a = x.\n'},
  {name: 'grouping in a tuple for', text: 'a = [for x in y: x...]\n'},
  {name: 'for without a colon', text: 'a = [for x in y x]\n'},
  {name: 'conditional without false', text: 'a = x ? 1\n'},
  {name: 'exponent operator', text: 'a = 2 ** 3\n'},
  {name: 'expansion before the last argument', text: 'a = f(x..., y)\n'},
  {name: 'provider function without a call', text: 'a = provider::aws::f\n'},
  {name: 'provider namespace without a function', text: 'a = provider::aws\n'},
  {name: 'unclosed object key', text: 'a = {(x = 1}\n'},
  {name: 'CRLF unterminated string', text: 'a = "x\r\nb = 1\r\n'},
  {name: 'for as an object key', text: 'a = {for = 1}\n'},
  {name: 'closing brace after an argument', text: 'b "x" {\n  c = 1 }\n'},
  {name: 'argument on the block’s line', text: 'b "x" { c = 1\n}\n'},
  {name: 'argument after a block on the same line', text: 'b {}x = 1\n'},
  {name: 'escaped dollar', text: 'a = "\\${x}"\n'},
  {name: 'lone carriage return in a heredoc', text: 'a = <<EOT\nx\ry\nEOT\n'},
  {name: 'lone carriage return before a heredoc end marker', text: 'a = <<EOT\r\nx\rEOT\r\n'},
  {name: 'unterminated string ending in $', text: 'a = "a$'},
  {name: 'unterminated string ending in %', text: 'a = "%'},
  {name: 'unterminated heredoc ending in %', text: 'a = <<EOT\n%'},
  {name: 'heredoc as a body item, ending in $', text: '<<EOT\n$'},
  {name: 'quoted name ending in $', text: '"$'},
  {name: 'nested blocks in a one-line block', text: 'é{provider "aws" {\ndynamic "assume_role" {\ncontent {\n}\n}\n}\n\n'},
  {name: 'errors after a first error', text: 'a = "\\\n"\n'},
]

/** Valid files hcl2json cannot convert (a conversion error, not a syntax error): never counted as differences. */
export const CONVERSION_LIMIT_SNIPPETS: readonly Snippet[] = [
  {name: 'labels a prefix of a later block’s', text: 'x "a" {}\nx "a" "b" {}\n'},
  {name: 'labels a prefix of an earlier block’s', text: 'x "a" "b" {}\nx "a" {}\n'},
  {name: 'block without labels, then with', text: 'x {}\nx "a" {}\n'},
  {name: 'block with labels, then without', text: 'x "a" {}\nx {}\n'},
  {name: 'null interpolated in a for directive', text: 'a = "%{for x in y}${null}%{endfor}"\n'},
  {name: 'negated bool literal', text: 'a = -true\n'},
  {name: 'not of a number literal', text: 'a = !1\n'},
  {name: 'negated null', text: 'a = -null\n'},
]
