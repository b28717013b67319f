import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {
  allows,
  compareGoVersions,
  compareVersions,
  constraintsString,
  goQuote,
  goVersionAllows,
  intersectionIsEmpty,
  parseGoVersion,
  parseGoVersionConstraint,
  parseProviderConstraints,
  parseSingleProviderConstraint,
  parseVersion,
  validateConfigConstraint,
  versionString,
  type Constraint,
  type GoVersion,
  type Version,
} from '../../../src/providers/releases/constraints.js'
import {hasShared, sharedDir} from '../../helpers/paths.js'

function constraints(s: string): Constraint[] {
  const r = parseProviderConstraints(s)
  if ('error' in r) throw new Error(`${s}: ${r.error}`)
  return r.constraints
}

function version(s: string): Version {
  const r = parseVersion(s)
  if ('error' in r) throw new Error(`${s}: ${r.error}`)
  return r
}

function goVersion(s: string): GoVersion {
  const r = parseGoVersion(s)
  if ('error' in r) throw new Error(`${s}: ${r.error}`)
  return r
}

function errorOf(r: object): string | undefined {
  return 'error' in r && typeof r.error === 'string' ? r.error : undefined
}

// ---------------------------------------------------------------------------------------------------------
// conformance/derived/version-constraints-canonical.json

interface CanonicalTable {
  cases: [string, string][]
  parse_errors_ruby_style: [string, string][]
}

const table: CanonicalTable = hasShared('lock/constraints: the derived canonical-constraints table', 'conformance/derived')
  ? (JSON.parse(
      readFileSync(path.join(sharedDir, 'conformance', 'derived', 'version-constraints-canonical.json'), 'utf8'),
    ) as CanonicalTable)
  : {cases: [], parse_errors_ruby_style: []}

for (const [input, want] of table.cases) {
  test(`canonical: ${JSON.stringify(input)} → ${JSON.stringify(want)}`, () => {
    assert.is(constraintsString(constraints(input)), want)
    // The canonical form is a fixed point (the lock file requires it to be).
    assert.is(constraintsString(constraints(want)), want)
  })
}

// Each error case names the parser go-versions' tests used: `(multi)` ParseRubyStyleMulti, otherwise
// ParseRubyStyle. Terraform always uses the list parser, whose message for the same input is given here too
// (it wraps a selection's own error as `invalid specification %q: …`, and reports leftovers as a missing comma).
const multiText: Record<string, string> = {
  '1.0.0.0': 'invalid specification "1.0.0.0": too many numbered portions; only three are allowed (major, minor, patch)',
  'v1.0.0': 'invalid specification "v1.0.0": a "v" prefix should not be used when specifying versions',
  '~> v1.1.1': 'invalid specification "~> v1.1.1": a "v" prefix should not be used when specifying versions',
  '>= 1.0, < v2.0': 'invalid specification "< v2.0": a "v" prefix should not be used when specifying versions',
  '=> 1.1.1': 'invalid specification "=> 1.1.1": invalid constraint operator "=>"; did you mean ">="?',
  '=< 1.1.1': 'invalid specification "=< 1.1.1": invalid constraint operator "=<"; did you mean "<="?',
  '=  1.1.1': 'invalid specification "=  1.1.1": only one space is expected after the operator "="',
  garbage: 'missing comma after ""',
  '& 1.1.0': 'invalid specification "& 1.1.0": invalid constraint operator "&"',
  '1.*.*': 'invalid specification "1.*.*": can\'t use wildcard for minor number; omit segments that should be unconstrained',
  '1.0.x': 'invalid specification "1.0.x": can\'t use wildcard for patch number; omit segments that should be unconstrained',
  '1.0 || 2.0': 'missing comma after "1.0"',
  '1.0.0 - 2.0.0': 'missing comma after "1.0.0"',
  '>= 1.0 < 2': 'missing comma after ">= 1.0"',
}

for (const [label, want] of table.parse_errors_ruby_style) {
  const m = /^(.*) \((multi|single)\)$/.exec(label)
  const input = m?.[1] ?? label
  const mode = m?.[2] ?? 'single'
  test(`parse error: ${JSON.stringify(label)}`, () => {
    if (input === '') {
      assert.equal(parseProviderConstraints(''), {constraints: []})
      assert.equal(parseProviderConstraints('  \t'), {constraints: []})
      assert.equal(parseSingleProviderConstraint(''), {error: 'empty specification'})
      return
    }
    if (mode === 'multi') assert.is(errorOf(parseProviderConstraints(input)), want)
    else assert.is(errorOf(parseSingleProviderConstraint(input)), want)
    assert.is(errorOf(parseProviderConstraints(input)), multiText[input])
  })
}

test('parse errors: Terraform pins go-versions v1.0.2, whose v-prefix wording differs', () => {
  const tf = {engine: 'terraform'} as const
  const cases: [string, string][] = [
    ['~> v1.1.1', 'a "v" prefix should not be used'],
    ['>= 1.0, < v2.0', 'a "v" prefix should not be used'],
    ['v1.0.0', 'a "v" prefix should not be used'],
    ['1.0 v2', 'a "v" prefix should not be used'],
    // unaffected messages
    ['=> 1.1.1', 'invalid specification "=> 1.1.1": invalid constraint operator "=>"; did you mean ">="?'],
    ['>= 1.0 < 2', 'missing comma after ">= 1.0"'],
  ]
  for (const [input, want] of cases) assert.is(errorOf(parseProviderConstraints(input, tf)), want, input)
  // v1.0.3 reports a `v` left over after a selection bare, and one where a version starts inside the selection
  assert.is(errorOf(parseProviderConstraints('1.0 v2')), 'a "v" prefix should not be used when specifying versions')
  assert.is(
    errorOf(parseProviderConstraints('>= 1.0, v2.0')),
    'invalid specification "v2.0": a "v" prefix should not be used when specifying versions',
  )
  // ParseRubyStyle (single) says the same in both releases for a leading `v` … but not after an operator
  assert.is(errorOf(parseSingleProviderConstraint('v1.0.0', tf)), 'a "v" prefix should not be used')
  assert.is(errorOf(parseSingleProviderConstraint('>= v1.0.0')), 'a "v" prefix should not be used when specifying versions')
  assert.is(errorOf(parseSingleProviderConstraint('>= v1.0.0', tf)), 'a "v" prefix should not be used')
})

test('parse: more go-versions ParseRubyStyle cases (ruby_style_test.go)', () => {
  const ok: [string, Constraint][] = [
    ['1', {op: '=', version: version('1.0.0'), parts: 1}],
    ['1.1', {op: '=', version: version('1.1.0'), parts: 2}],
    ['1.0-beta2', {op: '=', version: version('1.0.0-beta2'), parts: 2}],
    ['1.0.0-beta1+foo.bar', {op: '=', version: version('1.0.0-beta1+foo.bar'), parts: 3}],
    ['>1.1.1', {op: '>', version: version('1.1.1'), parts: 3}],
    ['>=1.1.1', {op: '>=', version: version('1.1.1'), parts: 3}],
    ['<= 1.1.1', {op: '<=', version: version('1.1.1'), parts: 3}],
    ['!= 1.1.1', {op: '!=', version: version('1.1.1'), parts: 3}],
    ['= 1.1.1', {op: '=', version: version('1.1.1'), parts: 3}],
    ['~> 1.1.1', {op: '~>', version: version('1.1.1'), parts: 3}],
    ['~> 1.1', {op: '~>', version: version('1.1.0'), parts: 2}],
    ['~> 1', {op: '~>', version: version('1.0.0'), parts: 1}],
  ]
  for (const [input, want] of ok) assert.equal(parseSingleProviderConstraint(input), {constraint: want}, input)
  assert.is(errorOf(parseSingleProviderConstraint('=>1.1.1')), 'invalid constraint operator "=>"; did you mean ">="?')
  assert.is(errorOf(parseSingleProviderConstraint('1.0.0, 2.0.0')), 'only one constraint may be specified')
  assert.is(errorOf(parseSingleProviderConstraint('1.0.0 ')), 'extraneous spaces at end of specification')
  assert.is(errorOf(parseSingleProviderConstraint(' 1.0.0')), 'extraneous spaces at start of specification')
})

test('parse: list parser edge cases follow the go-versions scanner', () => {
  assert.equal(
    constraints('>= 1.0, < 2').map((c) => c.op),
    ['>=', '<'],
  )
  assert.is(constraintsString(constraints('  >= 1.0 ,<2  ')), '>= 1.0.0, < 2.0.0')
  // a trailing comma is tolerated; an operator without a version is `>= 0.0.0`
  assert.is(constraintsString(constraints('1.0,')), '1.0.0')
  assert.is(constraintsString(constraints('~> 1.2-beta')), '~> 1.2-beta')
  // the scanner's end-of-input actions: an operator alone makes op and sep the same text
  assert.is(errorOf(parseProviderConstraints('>=')), 'invalid specification ">=": only one space is expected after the operator ">="')
  assert.is(errorOf(parseProviderConstraints('>= 1, ~ > 2')), 'invalid specification "~ ": invalid constraint operator "~"')
  assert.is(
    errorOf(parseProviderConstraints('>=\t1')),
    'invalid specification ">=\\t1": only one space is expected after the operator ">="',
  )
  assert.is(errorOf(parseProviderConstraints('≥ 1.0')), 'invalid specification "≥ 1.0": invalid constraint operator "≥"')
  assert.is(errorOf(parseProviderConstraints('1.0; 2.0')), 'missing comma after "1.0"')
})

test('goQuote matches Go %q', () => {
  assert.is(goQuote('a"b\\c'), '"a\\"b\\\\c"')
  assert.is(goQuote('\t\n\x01é'), '"\\t\\n\\x01é"')
})

// ---------------------------------------------------------------------------------------------------------
// parseVersion (ParseExactVersion: constraints/version_test.go, plus the lock file's normalized-form check)

test('parseVersion', () => {
  const ok: [string, string][] = [
    ['1', '1.0.0'],
    ['1.1', '1.1.0'],
    ['1.1.1', '1.1.1'],
    ['1.0.0-beta2', '1.0.0-beta2'],
    ['1.0-beta2', '1.0.0-beta2'],
    ['1.0.0-beta.2', '1.0.0-beta.2'],
    ['1.0.0+foo.bar', '1.0.0+foo.bar'],
    ['1.0.0-beta1+foo.bar', '1.0.0-beta1+foo.bar'],
    ['1.02', '1.2.0'],
  ]
  for (const [input, canonical] of ok) assert.is(versionString(version(input)), canonical, input)
  const bad: [string, string][] = [
    ['', 'empty specification'],
    ['1.0.0.0', 'too many numbered portions; only three are allowed (major, minor, patch)'],
    ['v1.0.0', 'a "v" prefix should not be used'],
    ['> 1.1.1', 'can\'t use constraint operator ">"; an exact version is required'],
    ['garbage', 'invalid specification; required format is three positive integers separated by periods'],
    ['& 1.1.0', 'invalid sequence "&" at start of specification'],
    ['1.*.*', "can't use wildcard for minor number; an exact version is required"],
    ['1.0.x', "can't use wildcard for patch number; an exact version is required"],
    ['1.0 || 2.0', "can't specify multiple versions; a single exact version is required"],
    ['1.0.0, 2.0.0', "can't specify multiple versions; a single exact version is required"],
    ['1.0.0 - 2.0.0', "can't specify version range; a single exact version is required"],
    [' 1.0.0', 'extraneous spaces at start of specification'],
    ['1.0.0 ', 'extraneous spaces at end of specification'],
  ]
  for (const [input, want] of bad) assert.is(errorOf(parseVersion(input)), want, input)
  assert.is(errorOf(parseVersion('v1.0.0', {engine: 'terraform'})), 'a "v" prefix should not be used')
  // locks-files/invalid-versions.hcl: "1.0", "1", "1.02" parse but are not in normalized form
  for (const s of ['1.0', '1', '1.02']) assert.is.not(versionString(version(s)), s)
})

test('compareVersions: semver precedence, go-versions prerelease ordering', () => {
  const ordered = [
    '1.0.0-1',
    '1.0.0-2',
    '1.0.0-10',
    '1.0.0-alpha',
    '1.0.0-alpha.1',
    '1.0.0-alpha.beta',
    '1.0.0-beta.1',
    '1.0.0-rc.1',
    '1.0.0',
    '1.0.1',
    '1.1.0',
    '2.0.0',
  ]
  for (let i = 0; i < ordered.length; i++) {
    for (let j = 0; j < ordered.length; j++) {
      const a = ordered[i] ?? ''
      const b = ordered[j] ?? ''
      assert.is(compareVersions(version(a), version(b)), Math.sign(i - j), `${a} vs ${b}`)
    }
  }
  assert.is(compareVersions(version('1.0.0+a'), version('1.0.0+b')), 0)
  // VersionExtra.LessThan's quirk: when only one side has dot-parts left it decides without comparing the
  // current part, so `alpha.1` sorts after `beta` (semver.org would say before)
  assert.is(compareVersions(version('1.0.0-alpha.1'), version('1.0.0-beta')), 1)
  assert.is(compareVersions(version('1.0.0-beta'), version('1.0.0-alpha.1')), -1)
})

// ---------------------------------------------------------------------------------------------------------
// validateConfigConstraint

test('validateConfigConstraint: go-version first, then go-versions', () => {
  const generic = {summary: 'Invalid version constraint', detail: 'This string does not use correct version constraint syntax.'}
  const reparse = (err: string): {summary: string; detail: string} => ({
    summary: 'Invalid version constraint',
    detail: `Incorrect version constraint syntax: ${err}.`,
  })
  const cases: [string, {summary: string; detail: string} | undefined][] = [
    ['~> 1.2', undefined],
    ['>= 1.0, < 2.0', undefined],
    ['>=1.0,<2.0', undefined],
    ['= 1.2.3-beta', undefined],
    ['', generic],
    ['garbage', generic],
    ['=> 1.0', generic],
    ['1.x', generic],
    ['>= 1.0 < 2', generic],
    // accepted by go-version, rejected by go-versions
    ['v1.2', reparse('invalid specification "v1.2": a "v" prefix should not be used when specifying versions')],
    ['~> v1.2', reparse('invalid specification "~> v1.2": a "v" prefix should not be used when specifying versions')],
    ['1.2.3.4', reparse('invalid specification "1.2.3.4": too many numbered portions; only three are allowed (major, minor, patch)')],
    ['>=  1.0', reparse('invalid specification ">=  1.0": only one space is expected after the operator ">="')],
    ['1.2.3beta', reparse('missing comma after "1.2.3"')],
  ]
  for (const [input, want] of cases) assert.equal(validateConfigConstraint(input), want, input)
  assert.equal(validateConfigConstraint('v1.2', {engine: 'terraform'}), reparse('a "v" prefix should not be used'))
})

// ---------------------------------------------------------------------------------------------------------
// allows (MeetingConstraints)

test('allows', () => {
  const cases: [string, string, boolean][] = [
    // no constraints: every release, no prerelease
    ['', '0.0.1', true],
    ['', '1.0.0-beta', false],
    // exact, with metadata
    ['1.0.0', '1.0.0', true],
    ['= 1.0.0', '1.0.1', false],
    ['1.2', '1.2.0', true],
    ['1.2', '1.2.1', false],
    ['1.0.0', '1.0.0+build', false],
    ['1.0.0+build', '1.0.0+build', true],
    ['!= 1.0.0', '1.0.0', false],
    ['!= 1.0.0', '1.0.1', true],
    ['!= 1.0.0', '1.0.0+build', true],
    // bounds (metadata on the boundary ignored)
    ['> 1.0.0', '1.0.0', false],
    ['> 1.0.0', '1.0.1', true],
    ['> 1.0', '1.0.1', true],
    ['>= 1.0.0', '1.0.0', true],
    ['>= 1.0.0+x', '1.0.0', true],
    ['< 1.0.0', '0.9.9', true],
    ['< 1.0.0', '1.0.0', false],
    ['<= 1.0.0', '1.0.0+build', true],
    ['>= 2', '2.0.0', true],
    ['>= 2', '1.9.9', false],
    ['>= 3.0, < 4.0', '3.9.9', true],
    ['>= 3.0, < 4.0', '4.0.0', false],
    // ~> with 1, 2 and 3 parts
    ['~> 1', '1.0.0', true],
    ['~> 1', '1.9.0', true],
    ['~> 1', '2.0.0', false],
    ['~> 1', '0.9.0', false],
    ['~> 1.2', '1.2.0', true],
    ['~> 1.2', '1.9.9', true],
    ['~> 1.2', '1.1.9', false],
    ['~> 1.2', '2.0.0', false],
    ['~> 1.2.3', '1.2.3', true],
    ['~> 1.2.3', '1.2.9', true],
    ['~> 1.2.3', '1.2.2', false],
    ['~> 1.2.3', '1.3.0', false],
    ['~> 0.2.3', '0.2.4', true],
    ['~> 0.2.3', '0.3.0', false],
    ['~> 1.2, >= 1.2, 1.2.4', '1.2.4', true],
    ['~> 1.2, >= 1.2, 1.2.4', '1.2.5', false],
    ['~> 2.0.0, 2.0.1', '2.0.1', true],
    // prereleases: only when named exactly
    ['>= 1.0.0', '2.0.0-beta', false],
    ['~> 1.0', '1.1.0-beta', false],
    ['> 1.0.0-alpha', '1.0.0-beta', false],
    ['1.0.0-beta', '1.0.0-beta', true],
    ['= 1.0.0-beta', '1.0.0-beta+meta', false],
    ['1.0.0-beta', '1.0.0-rc1', false],
    ['1.0.0-beta, >= 1.0.0-alpha', '1.0.0-beta', true],
    ['1.0.0-beta, >= 1.0.0', '1.0.0-beta', false],
    ['1.0.0-beta1, != 1.0.0-beta1', '1.0.0-beta1', false],
    ['~> 1.0.0-beta', '1.0.0', true],
    ['~> 1.0.0-beta', '1.0.0-beta', false],
    ['< 2.0.0-beta', '1.9.9', true],
    ['< 2.0.0-beta', '2.0.0', false],
  ]
  for (const [cs, v, want] of cases) assert.is(allows(constraints(cs), version(v)), want, `${JSON.stringify(cs)} ∋ ${v}`)
})

// ---------------------------------------------------------------------------------------------------------
// intersectionIsEmpty

test('intersectionIsEmpty', () => {
  const cases: [string, boolean][] = [
    ['', false],
    ['>= 2.0, < 1.5', true],
    ['~> 1.2, >= 1.3', false],
    ['= 1.0.0, != 1.0.0', true],
    ['1.0.0, 2.0.0', true],
    ['1.0.0, 1.0.0', false],
    ['1.0.0, ~> 1.0', false],
    ['1.0.0, ~> 1.1', true],
    ['1.0.0-beta', false],
    ['1.0.0-beta, < 1.0.0-alpha', true],
    ['> 1.0.0, < 1.0.1', true],
    ['> 1.0.0, <= 1.0.1', false],
    ['>= 1.0.0, <= 1.0.0', false],
    ['>= 1.0.0, <= 1.0.0, != 1.0.0', true],
    ['>= 1.0.0, <= 1.0.2, != 1.0.0, != 1.0.1', false],
    ['>= 1.0.0, <= 1.0.2, != 1.0.0, != 1.0.1, != 1.0.2', true],
    ['~> 1.2.3, ~> 1.3', true],
    ['~> 1.2.3, ~> 1.2', false],
    ['~> 1.0, ~> 2.0', true],
    ['~> 1, >= 1.9', false],
    ['~> 1, >= 2', true],
    ['> 1.0.0-beta, < 1.0.0', true],
    ['> 1.0.0-beta, <= 1.0.0', false],
    ['>= 1.0.0-beta, < 1.0.1', false],
    ['< 0.0.0', true],
    ['< 0.0.1', false],
    ['< 1.0.0-beta, >= 0.9.0', false],
    ['~> 1.0.0-beta, < 1.0.0', true],
    ['> 1.2.3, ~> 1.2.3', false],
    ['> 1.2.3, ~> 1.2.3, != 1.2.4', false],
  ]
  for (const [cs, want] of cases) assert.is(intersectionIsEmpty(constraints(cs)), want, cs)
  // with the versions actually available
  const available = ['1.0.0', '1.1.0', '2.0.0-beta'].map(version)
  assert.is(intersectionIsEmpty(constraints('~> 1.0'), available), false)
  assert.is(intersectionIsEmpty(constraints('> 1.1.0'), available), true)
  assert.is(intersectionIsEmpty(constraints('2.0.0-beta'), available), false)
})

// ---------------------------------------------------------------------------------------------------------
// hashicorp/go-version (module `version`, `required_version`)

test('go-version: NewVersion (version_test.go)', () => {
  const cases: [string, boolean][] = [
    ['', false],
    ['1.2.3', true],
    ['1.0', true],
    ['1', true],
    ['1.2.beta', false],
    ['1.21.beta', false],
    ['foo', false],
    ['1.2-5', true],
    ['1.2-beta.5', true],
    ['\n1.2', false],
    ['1.2.0-x.Y.0+metadata', true],
    ['1.2.0-x.Y.0+metadata-width-hyphen', true],
    ['1.2.3-rc1-with-hyphen', true],
    ['1.2.3.4', true],
    ['1.2.0.4-x.Y.0+metadata', true],
    ['1.2.0-X-1.2.0+metadata~dist', true],
    ['1.2.3.4-rc1-with-hyphen', true],
    ['v1.2.3', true],
    ['foo1.2.3', false],
    ['1.7rc2', true],
    ['v1.7rc2', true],
    ['1.0-', true],
    ['controller-v0.40.2', false],
    ['azure-cli-v1.4.2', false],
    ['11387778780781445675529500000000000000000', false],
  ]
  for (const [input, valid] of cases) assert.is(!('error' in parseGoVersion(input)), valid, JSON.stringify(input))
  const v = goVersion('v1.7rc2+meta')
  assert.equal([v.segments, v.si, v.pre, v.metadata], [[1n, 7n, 0n], 2, 'rc2', 'meta'])
})

test('go-version: Compare (version_test.go)', () => {
  const cases: [string, string, number][] = [
    ['1.2.3', '1.4.5', -1],
    ['1.2-beta', '1.2-beta', 0],
    ['1.2', '1.1.4', 1],
    ['1.2', '1.2-beta', 1],
    ['1.2+foo', '1.2+beta', 0],
    ['v1.2', 'v1.2-beta', 1],
    ['v1.2.3.4', 'v1.2.3.4', 0],
    ['v1.2.0.0', 'v1.2', 0],
    ['v1.2.0.0.1', 'v1.2', 1],
    ['v1.2', 'v1.2.0.0', 0],
    ['v1.2', 'v1.2.0.0.1', -1],
    ['v1.2.0.0', 'v1.2.0.0.1', -1],
    ['v1.2.3.0', 'v1.2.3.4', -1],
    ['1.7rc2', '1.7rc1', 1],
    ['1.7rc2', '1.7', -1],
    ['1.2.0', '1.2.0-X-1.2.0+metadata~dist', 1],
    // TestComparePreReleases
    ['1.2-beta.2', '1.2-beta.2', 0],
    ['1.2-beta.1', '1.2-beta.2', -1],
    ['1.2-beta.2', '1.2-beta.11', -1],
    ['3.2-alpha.1', '3.2-alpha', 1],
    ['1.2-beta.11', '1.2-beta.2', 1],
    ['1.2-beta', '1.2-beta.3', -1],
    ['1.2-alpha', '1.2-beta.3', -1],
    ['1.2-beta', '1.2-alpha.3', 1],
    ['3.0-alpha.3', '3.0-rc.1', -1],
    ['3.0-alpha3', '3.0-rc1', -1],
    ['3.0-alpha.1', '3.0-alpha.beta', -1],
    ['5.4-alpha', '5.4-alpha.beta', 1],
    ['v3.2-rc.1-1-g123', 'v3.2-rc.2', 1],
  ]
  for (const [a, b, want] of cases) assert.is(compareGoVersions(goVersion(a), goVersion(b)), want, `${a} <=> ${b}`)
})

test('go-version: NewConstraint', () => {
  const cases: [string, number | undefined][] = [
    ['>= 1.2', 1],
    ['1.0', 1],
    ['>= 1.x', undefined],
    ['>= 1.2, < 1.0', 2],
    ['11387778780781445675529500000000000000000', undefined],
    ['~> v1.2', 1],
    [' = 1.0 ', 1],
    ['', undefined],
    ['>= 1.0,', undefined],
    ['=> 1.0', undefined],
  ]
  for (const [input, n] of cases) {
    const r = parseGoVersionConstraint(input)
    assert.is('error' in r ? undefined : r.constraints.length, n, JSON.stringify(input))
  }
  assert.is(errorOf(parseGoVersionConstraint('>= 1.x')), 'malformed constraint: >= 1.x')
})

test('go-version: Check (constraint_test.go), incl. ~> 1 with no upper bound', () => {
  const cases: [string, string, boolean][] = [
    ['>= 1.0, < 1.2', '1.1.5', true],
    ['< 1.0, < 1.2', '1.1.5', false],
    ['= 1.0', '1.1.5', false],
    ['= 1.0', '1.0.0', true],
    ['1.0', '1.0.0', true],
    ['~> 1.0', '2.0', false],
    ['~> 1.0', '1.1', true],
    ['~> 1.0', '1.2.3', true],
    ['~> 1.0.0', '1.2.3', false],
    ['~> 1.0.0', '1.0.7', true],
    ['~> 1.0.0', '1.1.0', false],
    ['~> 1.0.7', '1.0.4', false],
    ['~> 1.0.7', '1.0.7', true],
    ['~> 1.0.7', '1.0.8', true],
    ['~> 1.0.7', '1.0.7.5', true],
    ['~> 1.0.7', '1.0.6.99', false],
    ['~> 1.0.7', '1.0.8.0', true],
    ['~> 1.0.9.5', '1.0.9.5', true],
    ['~> 1.0.9.5', '1.0.9.4', false],
    ['~> 1.0.9.5', '1.0.9.6', true],
    ['~> 1.0.9.5', '1.0.9.5.0', true],
    ['~> 1.0.9.5', '1.0.9.5.1', true],
    ['~> 2.0', '2.1.0-beta', false],
    ['~> 2.1.0-a', '2.2.0', false],
    ['~> 2.1.0-a', '2.1.0', false],
    ['~> 2.1.0-a', '2.1.0-beta', true],
    ['~> 2.1.0-a', '2.2.0-alpha', false],
    ['> 2.0', '2.1.0-beta', false],
    ['>= 2.1.0-a', '2.1.0-beta', true],
    ['>= 2.1.0-a', '2.1.1-beta', false],
    ['>= 2.0.0', '2.1.0-beta', false],
    ['>= 2.1.0-a', '2.1.1', true],
    ['>= 2.1.0-a', '2.1.0', true],
    ['<= 2.1.0-a', '2.0.0', true],
    // ~> with a single part has no upper bound (unlike the provider flavour)
    ['~> 1', '1.0.0', true],
    ['~> 1', '1.5.0', true],
    ['~> 1', '2.0.0', true],
    ['~> 1', '17.3.0', true],
    ['~> 1', '0.9.0', false],
    ['~> 1.2', '1.9.0', true],
    ['~> 1.2', '2.0.0', false],
    ['~> 1.2', '1.1.0', false],
    ['~> 1.2.3', '1.2.9', true],
    ['~> 1.2.3', '1.3.0', false],
    // `v` prefixes on either side
    ['~> v1.2', 'v1.4.0', true],
    ['>= 0.12', 'v0.13.1', true],
    ['!= 1.0', '1.0.0', false],
    ['!= 1.0', '1.0.1', true],
  ]
  for (const [cs, v, want] of cases) {
    const r = parseGoVersionConstraint(cs)
    if ('error' in r) throw new Error(`${cs}: ${r.error}`)
    assert.is(goVersionAllows(r.constraints, v), want, `${cs} ∋ ${v}`)
  }
  const r = parseGoVersionConstraint('>= 1.0')
  if ('error' in r) throw new Error(r.error)
  assert.is(goVersionAllows(r.constraints, 'not a version'), false)
  assert.is(goVersionAllows(r.constraints, goVersion('1.0')), true)
})

test.run()
