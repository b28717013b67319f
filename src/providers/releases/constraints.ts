// Version numbers and version constraints, with the semantics of the two Go libraries Terraform and OpenTofu use.
//
// Provider versions (lock file `version`, required_providers / provider-block `version`, lock file `constraints`)
// follow apparentlymart/go-versions, read alongside this file:
// - versions/constraints/raw_scan.rl + raw_scan.go: the Ragel scanner. `scanConstraint` below is the same
//   deterministic automaton (states, actions on transitions, error and end-of-input actions), written as a switch
//   instead of tables, so even odd inputs (`>=`, `1.0.0-`, `garbage`) tokenize exactly as upstream;
// - versions/constraints/ruby_style.go (`ParseRubyStyle`, `ParseRubyStyleMulti`), version.go (`ParseExactVersion`);
// - versions/version.go (ordering, including `VersionExtra.LessThan`'s quirks), versions/parse.go
//   (`MeetingConstraints[Exact]`) and the set_*.go files (which versions an exact selection "requests");
// - hashicorp/terraform internal/getproviders/providerreqs/version.go (`VersionConstraintsString`).
// Terraform pins go-versions v1.0.2 and OpenTofu v1.0.3; the only difference is how a `v` prefix is reported
// (see `ParseOptions`).
//
// Config strings are checked first with hashicorp/go-version (`version.NewConstraint`), which is also the library
// for module `version` and `required_version`: `parseGoVersionConstraint` / `goVersionAllows` port version.go and
// constraint.go of hashicorp/go-version v1.9.0.
import type {EngineName} from '../../load/engine.js'

// ---------------------------------------------------------------------------------------------------------
// Types

/** A semantic version as go-versions models it (`versions.Version`). */
export interface Version {
  readonly major: number
  readonly minor: number
  readonly patch: number
  /** Without the leading `-`; empty for a release. */
  readonly prerelease: string
  /** Without the leading `+`; empty when absent. */
  readonly metadata: string
}

export type ConstraintOp = '=' | '!=' | '>' | '>=' | '<' | '<=' | '~>'

/**
 * One Ruby-style selection (`constraints.SelectionSpec`). `version` has its omitted parts set to 0 (every consumer
 * upstream calls `ConstrainToZero` first, so nothing is lost). `parts` is how many numeric parts were written;
 * it matters only for `~>`: 3 parts = patch-only (`~> 1.2.3` = `>= 1.2.3, < 1.3.0`), fewer = minor-only
 * (`~> 1` and `~> 1.2` = `>= 1.x.0, < 2.0.0`). A selection written with no number at all (which the parser
 * accepts for e.g. `>=`) is recorded as 1 part of version 0.0.0, which means the same.
 */
export interface Constraint {
  readonly op: ConstraintOp
  readonly version: Version
  readonly parts: 1 | 2 | 3
}

export interface ParseOptions {
  /**
   * Whose copy of go-versions to imitate: `terraform` pins v1.0.2, `opentofu` (the default) v1.0.3. They differ
   * only in the message for a `v` prefix: in a list, v1.0.2 says `a "v" prefix should not be used` while v1.0.3
   * says `invalid specification "~> v1.1.1": a "v" prefix should not be used when specifying versions`.
   */
  readonly engine?: EngineName
}

export type ParseError = {readonly error: string}

// ---------------------------------------------------------------------------------------------------------
// Go helpers

// strings.TrimSpace: unicode.IsSpace (Latin-1 spaces incl. U+0085 and U+00A0, plus Unicode White_Space).
function isGoSpace(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) ||
    c === 0x20 ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  )
}
function goTrimSpace(s: string): string {
  let start = 0
  let end = s.length
  while (start < end && isGoSpace(s.charCodeAt(start))) start++
  while (end > start && isGoSpace(s.charCodeAt(end - 1))) end--
  return start === 0 && end === s.length ? s : s.slice(start, end)
}

/** Go's `%q` for a string (strconv.Quote). */
export function goQuote(s: string): string {
  // a literal in the function, not in the module: V8 makes its Unicode classes (~0.4 ms) at the first quote
  // (an error message), not when the module loads (#53), and reuses them after
  const printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u
  let out = '"'
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0
    switch (ch) {
      case '"':
        out += '\\"'
        continue
      case '\\':
        out += '\\\\'
        continue
      case '\x07':
        out += '\\a'
        continue
      case '\b':
        out += '\\b'
        continue
      case '\f':
        out += '\\f'
        continue
      case '\n':
        out += '\\n'
        continue
      case '\r':
        out += '\\r'
        continue
      case '\t':
        out += '\\t'
        continue
      case '\v':
        out += '\\v'
        continue
    }
    if ((cp >= 0x20 && cp < 0x7f) || printable.test(ch)) out += ch
    else if (cp < 0x80) out += '\\x' + cp.toString(16).padStart(2, '0')
    else if (cp >= 0xd800 && cp <= 0xdfff)
      out += '\\ufffd' // a lone surrogate: Go would see invalid UTF-8
    else if (cp < 0x10000) out += '\\u' + cp.toString(16).padStart(4, '0')
    else out += '\\U' + cp.toString(16).padStart(8, '0')
  }
  return out + '"'
}

// ---------------------------------------------------------------------------------------------------------
// The go-versions scanner (raw_scan.rl): op sep nums pre? meta?

interface RawConstraint {
  op: string
  sep: string
  nums: [string, string, string]
  numCt: number
  pre: string
  meta: string
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39
const isAlpha = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)
const isSpace = (c: number): boolean => c === 0x20 || (c >= 0x09 && c <= 0x0d)
const isWild = (c: number): boolean => c === 0x2a /* * */ || c === 0x78 /* x */ || c === 0x58 /* X */
const isExtraChar = (c: number): boolean => isDigit(c) || isAlpha(c) || c === 0x2d /* - */ || c === 0x2e /* . */
const DOT = 0x2e
const PLUS = 0x2b
const MINUS = 0x2d
const LOWER_V = 0x76

/**
 * Tokenizes the constraint at the start of `data`; `extra` is the unconsumed rest (from the first character the
 * automaton could not take, or '' when it reached the end). States: 1 start, 2 in op, 3 in sep, 10 in a number,
 * 7 after a wildcard, 6 after '.', 5 after '-', 9 in prerelease, 4 after '+', 8 in metadata.
 * `vInSep` is v1.0.3's `sep = (space | 'v')**` (v1.0.2: `space**`).
 */
function scanConstraint(data: string, vInSep: boolean): {raw: RawConstraint; extra: string} {
  const raw: RawConstraint = {op: '', sep: '', nums: ['', '', ''], numCt: 0, pre: '', meta: ''}
  let numIdx = 0
  let extra = ''
  let cs = 1
  let p = 0
  let ts = 0
  const op = (): void => {
    raw.op = data.slice(ts, p)
  }
  const sep = (): void => {
    raw.sep = data.slice(ts, p)
  }
  const num = (): void => {
    raw.numCt++
    if (numIdx < 3) raw.nums[numIdx++] = data.slice(ts, p)
  }
  const pre = (): void => {
    raw.pre = data.slice(ts + 1, p)
  }
  const meta = (): void => {
    raw.meta = data.slice(ts + 1, p)
  }
  const isSep = (c: number): boolean => isSpace(c) || (vInSep && c === LOWER_V)

  for (; p < data.length; p++) {
    const c = data.charCodeAt(p)
    let next: number
    switch (cs) {
      case 1:
      case 2:
        if (isSep(c)) {
          if (cs === 1) ts = p
          op()
          ts = p
          next = 3
        } else if (isWild(c) || isDigit(c)) {
          if (cs === 1) ts = p
          op()
          ts = p
          sep()
          next = isDigit(c) ? 10 : 7
        } else if (c === DOT || isAlpha(c)) {
          op()
          sep()
          next = 0
        } else {
          if (cs === 1) ts = p
          next = 2
        }
        break
      case 3:
        if (isSep(c)) next = 3
        else if (isWild(c) || isDigit(c)) {
          sep()
          ts = p
          next = isDigit(c) ? 10 : 7
        } else {
          sep()
          next = 0
        }
        break
      case 4:
      case 8:
        if (isExtraChar(c)) next = 8
        else {
          if (cs === 8) meta()
          next = 0
        }
        break
      case 5:
      case 9:
        if (cs === 9 && c === PLUS) {
          pre()
          ts = p
          next = 4
        } else if (isExtraChar(c)) next = 9
        else {
          if (cs === 9) pre()
          next = 0
        }
        break
      case 6:
        if (isWild(c) || isDigit(c)) {
          ts = p
          next = isDigit(c) ? 10 : 7
        } else next = 0
        break
      default: // 7 and 10
        if (c === PLUS || c === MINUS) {
          num()
          ts = p
          next = c === PLUS ? 4 : 5
        } else if (c === DOT) {
          num()
          next = 6
        } else if (cs === 10 && isDigit(c)) next = 10
        else {
          num()
          next = 0
        }
        break
    }
    if (next === 0) {
      extra = data.slice(p)
      return {raw, extra}
    }
    cs = next
  }
  // End of input: the states' EOF actions (extra = data[p:] is always '' here).
  switch (cs) {
    case 1:
    case 2:
      op()
      sep()
      break
    case 3:
      sep()
      break
    case 7:
    case 10:
      num()
      break
    case 8:
      meta()
      break
    case 9:
      pre()
      break
  }
  return {raw, extra}
}

const NUM_NAMES = ['major', 'minor', 'patch'] as const

function parseNum(s: string): number | ParseError {
  const n = Number(s)
  // go-versions parses into uint64 (and panics beyond it); we only represent what a JS number holds exactly.
  if (!Number.isSafeInteger(n)) return {error: `version number ${s} is too large`}
  return n
}

function vInSep(opts: ParseOptions | undefined): boolean {
  return opts?.engine !== 'terraform'
}

// ---------------------------------------------------------------------------------------------------------
// Exact versions (versions.ParseVersion → constraints.ParseExactVersion)

/**
 * Parses a version the way the lock file's `version` is parsed. The lock file additionally requires the string
 * to equal `versionString(result)` ("must be written in normalized form").
 */
export function parseVersion(s: string, opts?: ParseOptions): Version | ParseError {
  if (goTrimSpace(s) === '') return {error: 'empty specification'}
  const {raw, extra} = scanConstraint(s, vInSep(opts))
  switch (goTrimSpace(raw.op)) {
    case '>':
    case '>=':
    case '<':
    case '<=':
    case '!':
    case '!=':
    case '~>':
    case '^':
    case '~':
      return {error: `can't use constraint operator ${goQuote(raw.op)}; an exact version is required`}
    case '':
      if (raw.sep !== '') {
        if (raw.sep.includes('v')) return {error: 'a "v" prefix should not be used'}
        return {error: 'extraneous spaces at start of specification'}
      }
      break
    default:
      return {error: `invalid sequence ${goQuote(raw.op)} at start of specification`}
  }
  if (extra !== '') {
    const remain = goTrimSpace(extra)
    if (remain === '') return {error: 'extraneous spaces at end of specification'}
    if (s.startsWith('v')) return {error: 'a "v" prefix should not be used'}
    if (remain.startsWith(',') || remain.startsWith('|'))
      return {error: "can't specify multiple versions; a single exact version is required"}
    if (remain.startsWith('-')) return {error: "can't specify version range; a single exact version is required"}
    if (goTrimSpace(s).startsWith(remain))
      return {error: 'invalid specification; required format is three positive integers separated by periods'}
    return {error: `invalid characters ${goQuote(remain)}`}
  }
  if (raw.numCt > 3) return {error: 'too many numbered portions; only three are allowed (major, minor, patch)'}
  for (let i = raw.numCt; i < 3; i++) raw.nums[i] = '0'
  const nums: number[] = []
  for (let i = 0; i < 3; i++) {
    const text = raw.nums[i] ?? '0'
    if (isWildText(text)) return {error: `can't use wildcard for ${NUM_NAMES[i] ?? 'patch'} number; an exact version is required`}
    const n = parseNum(text)
    if (typeof n !== 'number') return n
    nums.push(n)
  }
  return {major: nums[0] ?? 0, minor: nums[1] ?? 0, patch: nums[2] ?? 0, prerelease: raw.pre, metadata: raw.meta}
}

function isWildText(s: string): boolean {
  return s === '*' || s === 'x' || s === 'X'
}

/** `Version.String()`: `M.m.p[-pre][+meta]`, the normalized form the lock file requires. */
export function versionString(v: Version): string {
  let s = `${v.major}.${v.minor}.${v.patch}`
  if (v.prerelease !== '') s += '-' + v.prerelease
  if (v.metadata !== '') s += '+' + v.metadata
  return s
}

// ---------------------------------------------------------------------------------------------------------
// Ordering (versions/version.go)

/** `VersionExtra.LessThan`, including its shortcut: a string with fewer dot-parts left sorts first outright. */
function extraLessThan(e: string, other: string): boolean {
  if (e === other) return false
  let s1 = e
  let s2 = other
  for (;;) {
    const d1 = s1.indexOf('.')
    const d2 = s2.indexOf('.')
    if (d1 === -1 && d2 !== -1) return true
    if (d2 === -1 && d1 !== -1) return false
    if (d1 === -1) return lessThanStr(s1, s2)
    const p1 = s1.slice(0, d1)
    const p2 = s2.slice(0, d2)
    if (p1 !== p2) return lessThanStr(p1, p2)
    s1 = s1.slice(d1 + 1)
    s2 = s2.slice(d2 + 1)
  }
}

function lessThanStr(s1: string, s2: string): boolean {
  const n1 = /^[0-9]*$/.test(s1)
  const n2 = /^[0-9]*$/.test(s2)
  if (n1 && !n2) return true
  if (n2 && !n1) return false
  if (n1) {
    if (s1.length !== s2.length) return s1.length < s2.length
    return s1 < s2
  }
  return s1 < s2
}

/** `Version.Same`: equal precedence (metadata ignored). */
function same(a: Version, b: Version): boolean {
  return a.major === b.major && a.minor === b.minor && a.patch === b.patch && a.prerelease === b.prerelease
}

/** Identical including metadata (Go struct equality, what an exact selection matches). */
function identical(a: Version, b: Version): boolean {
  return same(a, b) && a.metadata === b.metadata
}

function lessThan(v: Version, o: Version): boolean {
  if (v.major !== o.major) return v.major < o.major
  if (v.minor !== o.minor) return v.minor < o.minor
  if (v.patch !== o.patch) return v.patch < o.patch
  if (v.prerelease !== o.prerelease) {
    if (v.prerelease === '') return false
    if (o.prerelease === '') return true
    return extraLessThan(v.prerelease, o.prerelease)
  }
  return false
}

function greaterThan(v: Version, o: Version): boolean {
  if (v.major !== o.major) return v.major > o.major
  if (v.minor !== o.minor) return v.minor > o.minor
  if (v.patch !== o.patch) return v.patch > o.patch
  if (v.prerelease !== o.prerelease) {
    if (v.prerelease === '') return true
    if (o.prerelease === '') return false
    return !extraLessThan(v.prerelease, o.prerelease)
  }
  return false
}

/** Semantic-version precedence: -1, 0 or 1; build metadata is ignored (0 for `1.0.0+a` vs `1.0.0+b`). */
export function compareVersions(a: Version, b: Version): number {
  if (lessThan(a, b)) return -1
  if (same(a, b)) return 0
  return 1
}

// ---------------------------------------------------------------------------------------------------------
// Ruby-style constraints (ruby_style.go)

type RubyResult = {spec: Constraint; remain: string} | {error: string; remain: string}

function parseRubyStyle(str: string, opts: ParseOptions | undefined): RubyResult {
  const {raw, extra: remain} = scanConstraint(str, vInSep(opts))
  let op: ConstraintOp
  switch (raw.op) {
    case '=':
    case '':
      op = '='
      break
    case '!=':
    case '>':
    case '>=':
    case '<':
    case '<=':
    case '~>':
      op = raw.op
      break
    case '=<':
      return {error: `invalid constraint operator ${goQuote(raw.op)}; did you mean "<="?`, remain}
    case '=>':
      return {error: `invalid constraint operator ${goQuote(raw.op)}; did you mean ">="?`, remain}
    default:
      return {error: `invalid constraint operator ${goQuote(raw.op)}`, remain}
  }
  switch (raw.sep) {
    case '':
      break
    case ' ':
      if (raw.op === '') return {error: 'extraneous spaces at start of specification', remain}
      break
    default:
      if (raw.sep.includes('v')) return {error: 'a "v" prefix should not be used when specifying versions', remain}
      if (raw.op === '') return {error: 'extraneous spaces at start of specification', remain}
      return {error: `only one space is expected after the operator ${goQuote(raw.op)}`, remain}
  }
  if (raw.numCt > 3) return {error: 'too many numbered portions; only three are allowed (major, minor, patch)', remain}
  for (let i = 0; i < 3; i++) {
    if (isWildText(raw.nums[i] ?? '')) {
      return {error: `can't use wildcard for ${NUM_NAMES[i] ?? 'patch'} number; omit segments that should be unconstrained`, remain}
    }
  }
  // Omitted parts are unconstrained; every use of the boundary treats them as 0 (ConstrainToZero), as do we.
  const nums: number[] = []
  for (let i = 0; i < 3; i++) {
    const text = raw.nums[i] ?? ''
    if (text === '') {
      nums.push(0)
      continue
    }
    const n = parseNum(text)
    if (typeof n !== 'number') return {error: n.error, remain}
    nums.push(n)
  }
  const parts: 1 | 2 | 3 = raw.numCt >= 3 ? 3 : raw.numCt === 2 ? 2 : 1
  const version: Version = {major: nums[0] ?? 0, minor: nums[1] ?? 0, patch: nums[2] ?? 0, prerelease: raw.pre, metadata: raw.meta}
  return {spec: {op, version, parts}, remain}
}

/**
 * `constraints.ParseRubyStyle`: exactly one selection. Terraform itself always parses lists (below); this is here
 * for completeness and because go-versions' own error-message tests use it.
 */
export function parseSingleProviderConstraint(s: string, opts?: ParseOptions): {constraint: Constraint} | ParseError {
  if (goTrimSpace(s) === '') return {error: 'empty specification'}
  const r = parseRubyStyle(s, opts)
  if ('error' in r) return {error: r.error}
  if (r.remain !== '') {
    const remain = goTrimSpace(r.remain)
    if (remain === '') return {error: 'extraneous spaces at end of specification'}
    if (remain.startsWith('v')) return {error: 'a "v" prefix should not be used'}
    if (remain.startsWith('||') || remain.startsWith(',')) return {error: 'only one constraint may be specified'}
    if (remain.startsWith('-')) return {error: 'range constraints are not supported'}
    return {error: `invalid characters ${goQuote(remain)}`}
  }
  return {constraint: r.spec}
}

/**
 * `constraints.ParseRubyStyleMulti` (providerreqs.ParseVersionConstraints): a comma-separated list, all of which
 * must hold. The empty (or all-space) string is no constraints at all. Error texts are go-versions' own; Terraform
 * wraps them as `Incorrect version constraint syntax: %s.` (config) or
 * `The recorded version constraints for provider %s are invalid: %s.` (lock file).
 */
export function parseProviderConstraints(s: string, opts?: ParseOptions): {constraints: Constraint[]} | ParseError {
  const constraints: Constraint[] = []
  let remain = goTrimSpace(s)
  while (remain !== '') {
    const r = parseRubyStyle(remain, opts)
    const consumed = remain.slice(0, remain.length - r.remain.length)
    if ('error' in r) return {error: `invalid specification ${goQuote(consumed)}: ${r.error}`}
    remain = goTrimSpace(r.remain)
    if (remain !== '') {
      if (remain.startsWith('v')) {
        return {error: vInSep(opts) ? 'a "v" prefix should not be used when specifying versions' : 'a "v" prefix should not be used'}
      }
      if (!remain.startsWith(',')) return {error: `missing comma after ${goQuote(consumed)}`}
      remain = goTrimSpace(remain.slice(1))
    }
    constraints.push(r.spec)
  }
  return {constraints}
}

/**
 * The checks Terraform and OpenTofu apply to a provider `version` string in configuration (required_providers
 * entries and provider blocks): hashicorp/go-version must accept it, then go-versions must too. Returns the
 * diagnostic's summary and detail, or undefined when the string is fine.
 */
export function validateConfigConstraint(s: string, opts?: ParseOptions): {summary: string; detail: string} | undefined {
  if ('error' in parseGoVersionConstraint(s)) {
    return {summary: 'Invalid version constraint', detail: 'This string does not use correct version constraint syntax.'}
  }
  // Upstream re-parses go-version's Constraints.String(), which joins each piece's original text with "," and so
  // gives back the input unchanged.
  const r = parseProviderConstraints(s, opts)
  if ('error' in r) return {summary: 'Invalid version constraint', detail: `Incorrect version constraint syntax: ${r.error}.`}
  return undefined
}

// ---------------------------------------------------------------------------------------------------------
// Canonical string (providerreqs.VersionConstraintsString)

type OpKind = '>' | '>=' | '=' | '~>3' | '~>2' | '<=' | '<' | '!='

function opKind(c: Constraint): OpKind {
  if (c.op === '~>') return c.parts === 3 ? '~>3' : '~>2'
  return c.op
}

const OP_PRIORITY: Readonly<Record<OpKind, number>> = {'>': 1, '>=': 2, '=': 3, '~>3': 4, '~>2': 5, '<=': 6, '<': 7, '!=': 8}

function boundaryCompare(a: Version, b: Version): number {
  if (same(a, b)) {
    if (a.metadata === b.metadata) return 0
    return extraLessThan(a.metadata, b.metadata) ? -1 : 1
  }
  return lessThan(a, b) ? -1 : 1
}

/**
 * The canonical form: duplicates (after padding to three parts) removed, sorted by boundary version and then by
 * operator (`>` `>=` exact `~>`(3 parts) `~>`(2 parts) `<=` `<` `!=`), joined with `, `. This is what a lock file's
 * `constraints` must contain and what `terraform providers` prints.
 */
export function constraintsString(cs: readonly Constraint[]): string {
  const unique = new Map<string, {kind: OpKind; version: Version}>()
  for (const c of cs) {
    const kind = opKind(c)
    const v = c.version
    unique.set(`${kind} ${v.major}.${v.minor}.${v.patch}-${v.prerelease}+${v.metadata}`, {kind, version: v})
  }
  const sorted = [...unique.values()].sort((a, b) => boundaryCompare(a.version, b.version) || OP_PRIORITY[a.kind] - OP_PRIORITY[b.kind])
  return sorted
    .map(({kind, version: v}) => {
      const prefix = kind === '=' ? '' : kind === '~>3' || kind === '~>2' ? '~> ' : kind + ' '
      let s = prefix + (kind === '~>2' ? `${v.major}.${v.minor}` : `${v.major}.${v.minor}.${v.patch}`)
      if (v.prerelease !== '') s += '-' + v.prerelease
      if (v.metadata !== '') s += '+' + v.metadata
      return s
    })
    .join(', ')
}

// ---------------------------------------------------------------------------------------------------------
// Matching (versions.MeetingConstraints)

/** Whether `v` is in `MeetingConstraintsExact` of one selection (no prerelease rule). */
function meets(c: Constraint, v: Version): boolean {
  const b = c.version
  // Metadata on the boundary only counts for exact (in)equality.
  const lower: Version = c.op === '=' || c.op === '!=' ? b : {...b, metadata: ''}
  switch (c.op) {
    case '=':
      return identical(v, lower)
    case '!=':
      return !identical(v, lower)
    case '>':
      return greaterThan(v, lower)
    case '>=':
      return greaterThan(v, lower) || same(v, lower)
    case '<':
      return lessThan(v, lower)
    case '<=':
      return lessThan(v, lower) || same(v, lower)
    case '~>': {
      const upper: Version =
        c.parts === 3
          ? {major: lower.major, minor: lower.minor + 1, patch: 0, prerelease: '', metadata: ''}
          : {major: lower.major + 1, minor: 0, patch: 0, prerelease: '', metadata: ''}
      return (greaterThan(v, lower) || same(v, lower)) && lessThan(v, upper)
    }
  }
}

/**
 * Whether `v` satisfies every constraint (an empty list allows every release). A prerelease is allowed only when
 * some `=` constraint names exactly that version (metadata included) — `~> 1.0` does not admit `1.1.0-beta`.
 */
export function allows(cs: readonly Constraint[], v: Version): boolean {
  if (!cs.every((c) => meets(c, v))) return false
  return v.prerelease === '' || cs.some((c) => c.op === '=' && identical(c.version, v))
}

/**
 * Whether no version at all can satisfy the list (for linting requirements merged across modules).
 * With `candidates` (e.g. the versions a registry offers) the answer is just "none of them is allowed".
 * Otherwise it is decided exactly over the versions that can be selected: the versions named by `=` constraints
 * when there are any (nothing else can match), else every release `M.m.p` without build metadata — so
 * `>= 1.0.0, <= 1.0.0, != 1.0.0` counts as empty even though `1.0.0+build` would technically pass `!=`.
 */
export function intersectionIsEmpty(cs: readonly Constraint[], candidates?: readonly Version[]): boolean {
  if (candidates !== undefined) return !candidates.some((v) => allows(cs, v))
  const exact = cs.filter((c) => c.op === '=')
  if (exact.length > 0) return !exact.some((c) => allows(cs, c.version))
  // The smallest release above every lower bound (`>`, `>=`, the bottom of `~>`).
  let cand: Version = {major: 0, minor: 0, patch: 0, prerelease: '', metadata: ''}
  for (const c of cs) {
    if (c.op !== '>' && c.op !== '>=' && c.op !== '~>') continue
    const b = c.version
    const release = {major: b.major, minor: b.minor, patch: b.patch, prerelease: '', metadata: ''}
    // A release is newer than its own prereleases; `>` a release starts at the next patch.
    const min = c.op === '>' && b.prerelease === '' ? {...release, patch: release.patch + 1} : release
    if (lessThan(cand, min)) cand = min
  }
  // Lower bounds hold for cand and everything after it; an upper bound that fails keeps failing. Only `!=` can
  // reject cand while allowing a later release, and each one can do so once.
  for (let i = 0; i <= cs.length; i++) {
    const failing = cs.filter((c) => !meets(c, cand))
    if (failing.length === 0) return false
    if (failing.some((c) => c.op !== '!=')) return true
    cand = {...cand, patch: cand.patch + 1}
  }
  return false
}

// ---------------------------------------------------------------------------------------------------------
// hashicorp/go-version: module `version`, `required_version`, and the first check on provider constraint strings

export interface GoVersion {
  /** Numeric segments, padded with zeros to at least three. */
  readonly segments: readonly bigint[]
  /** How many segments were written. */
  readonly si: number
  readonly pre: string
  readonly metadata: string
  readonly original: string
}

export type GoConstraintOp = '=' | '!=' | '>' | '<' | '>=' | '<=' | '~>'
const GO_OPS: readonly GoConstraintOp[] = ['=', '!=', '>', '<', '>=', '<=', '~>']

export interface GoConstraint {
  readonly op: GoConstraintOp
  readonly check: GoVersion
  /** The text of this piece, as split from the list (surrounding spaces included). */
  readonly original: string
}

// VersionRegexpRaw, except that `[0-9]+[0-9A-Za-z\-~]*` and `[A-Za-z\-~]+[0-9A-Za-z\-~]*` are written without the
// leading `+`: the same language and the same capture groups, but no quadratic backtracking on a long bad string.
const GO_VERSION_RAW =
  String.raw`v?([0-9]+(\.[0-9]+)*?)` +
  String.raw`(-([0-9][0-9A-Za-z\-~]*(\.[0-9A-Za-z\-~]+)*)|(-?([A-Za-z\-~][0-9A-Za-z\-~]*(\.[0-9A-Za-z\-~]+)*)))?` +
  String.raw`(\+([0-9A-Za-z\-~]+(\.[0-9A-Za-z\-~]+)*))?` +
  '?'
const GO_WS = '[\\t\\n\\f\\r ]*' // RE2's \s
const GO_VERSION_RE = new RegExp(`^${GO_VERSION_RAW}$`)
const GO_CONSTRAINT_RE = new RegExp(`^${GO_WS}(<=|>=|!=|~>|<|>|=|)${GO_WS}(${GO_VERSION_RAW})${GO_WS}$`)
const INT64_MAX = 9223372036854775807n

/** `version.NewVersion`: `v` prefix allowed, any number of parts, `1.2.3beta` and `1.2.3-beta` alike. */
export function parseGoVersion(s: string): GoVersion | ParseError {
  const m = GO_VERSION_RE.exec(s)
  if (m === null) return {error: `malformed version: ${s}`}
  const segStrs = (m[1] ?? '').split('.')
  const segments: bigint[] = []
  for (const str of segStrs) {
    const n = BigInt(str)
    if (n > INT64_MAX) return {error: `error parsing version: strconv.ParseInt: parsing ${goQuote(str)}: value out of range`}
    segments.push(n)
  }
  while (segments.length < 3) segments.push(0n)
  const pre = m[7] !== undefined && m[7] !== '' ? m[7] : (m[4] ?? '')
  return {segments, si: segStrs.length, pre, metadata: m[10] ?? '', original: s}
}

/** `version.NewConstraint`: a comma-separated list, all of which must hold. */
export function parseGoVersionConstraint(s: string): {constraints: GoConstraint[]} | ParseError {
  const constraints: GoConstraint[] = []
  for (const single of s.split(',')) {
    const m = GO_CONSTRAINT_RE.exec(single)
    if (m === null) return {error: `malformed constraint: ${single}`}
    const check = parseGoVersion(m[2] ?? '')
    if ('error' in check) return check
    constraints.push({op: GO_OPS.find((o) => o === m[1]) ?? '=', check, original: single})
  }
  return {constraints}
}

function goVersionText(v: GoVersion): string {
  let s = v.segments.join('.')
  if (v.pre !== '') s += '-' + v.pre
  if (v.metadata !== '') s += '+' + v.metadata
  return s
}

function equalSegments(a: GoVersion, b: GoVersion): boolean {
  return a.segments.length === b.segments.length && a.segments.every((s, i) => s === b.segments[i])
}

function parseInt64(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined
  const n = BigInt(s)
  return n > INT64_MAX || n < -INT64_MAX - 1n ? undefined : n
}

function comparePart(a: string, b: string): number {
  if (a === b) return 0
  const ai = parseInt64(a)
  const bi = parseInt64(b)
  if (a === '') return bi !== undefined ? -1 : 1
  if (b === '') return ai !== undefined ? 1 : -1
  if (ai !== undefined && bi === undefined) return -1
  if (ai === undefined && bi !== undefined) return 1
  if (ai === undefined && bi === undefined && a > b) return 1
  if ((ai ?? 0n) > (bi ?? 0n)) return 1
  return -1
}

function comparePrereleases(a: string, b: string): number {
  if (a === b) return 0
  const as = a.split('.')
  const bs = b.split('.')
  for (let i = 0; i < Math.max(as.length, bs.length); i++) {
    const c = comparePart(as[i] ?? '', bs[i] ?? '')
    if (c !== 0) return c
  }
  return 0
}

/** `(*Version).Compare` of hashicorp/go-version: -1, 0 or 1 (`1.0` = `1.0.0` = `1.0.0.0`; metadata ignored). */
export function compareGoVersions(a: GoVersion, b: GoVersion): number {
  if (goVersionText(a) === goVersionText(b)) return 0
  if (equalSegments(a, b)) {
    if (a.pre === '' && b.pre === '') return 0
    if (a.pre === '') return 1
    if (b.pre === '') return -1
    return comparePrereleases(a.pre, b.pre)
  }
  const n = Math.max(a.segments.length, b.segments.length)
  for (let i = 0; i < n; i++) {
    if (i > a.segments.length - 1) return b.segments.slice(i).every((s) => s === 0n) ? 0 : -1
    if (i > b.segments.length - 1) return a.segments.slice(i).every((s) => s === 0n) ? 0 : 1
    const l = a.segments[i] ?? 0n
    const r = b.segments[i] ?? 0n
    if (l !== r) return l < r ? -1 : 1
  }
  return 0
}

function prereleaseCheck(v: GoVersion, c: GoVersion): boolean {
  const vPre = v.pre !== ''
  const cPre = c.pre !== ''
  if (cPre && vPre) return equalSegments(v, c) // a prerelease only matches prereleases of the same core
  if (!cPre && vPre) return false
  return true
}

function goCheck(c: GoConstraint, v: GoVersion): boolean {
  const k = c.check
  switch (c.op) {
    case '=':
      return compareGoVersions(v, k) === 0
    case '!=':
      return compareGoVersions(v, k) !== 0
    case '>':
      return prereleaseCheck(v, k) && compareGoVersions(v, k) === 1
    case '<':
      return prereleaseCheck(v, k) && compareGoVersions(v, k) === -1
    case '>=':
      return prereleaseCheck(v, k) && compareGoVersions(v, k) >= 0
    case '<=':
      return prereleaseCheck(v, k) && compareGoVersions(v, k) <= 0
    case '~>': {
      if (!prereleaseCheck(v, k) || (k.pre !== '' && v.pre === '')) return false
      if (compareGoVersions(v, k) < 0) return false
      const cs = k.segments.length
      if (cs > v.segments.length) return false
      for (let i = 0; i < k.si - 1; i++) if (v.segments[i] !== k.segments[i]) return false
      // `~> 1` leaves everything from the major version up free: it is `>= 1.0.0` with no upper bound.
      if ((k.segments[cs - 1] ?? 0n) > (v.segments[cs - 1] ?? 0n)) return false
      return true
    }
  }
}

/**
 * `Constraints.Check` of hashicorp/go-version: whether `version` satisfies every constraint. An unparsable
 * version string satisfies nothing. `~> 1.2` = `>= 1.2, < 2.0`, `~> 1.2.3` = `>= 1.2.3, < 1.3.0`, `~> 1` =
 * `>= 1` (no upper bound); a prerelease version only satisfies a range whose own version is a prerelease of the
 * same core (`>= 1.0.0-beta` admits `1.0.0-rc1`, not `1.1.0-beta`).
 */
export function goVersionAllows(constraints: readonly GoConstraint[], version: GoVersion | string): boolean {
  const v = typeof version === 'string' ? parseGoVersion(version) : version
  if ('error' in v) return false
  return constraints.every((c) => goCheck(c, v))
}
