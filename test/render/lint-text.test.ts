// Lint output a person reads: one explanation for findings that repeat it ("and N more like this"),
// one line for the module calls nobody installed, compact as one short line per finding, files named
// from the current directory (text, compact, SARIF) while JSON keeps them relative to the root.
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {pathToFileURL} from 'node:url'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import type {LintDiagnostic} from '../../src/rules/rule.js'
import {lintJson, renderLintCompact, renderLintText, renderSarif, REPEAT_MIN, shortClause} from '../../src/render/lint.js'

function at(filename: string, line: number, column = 1) {
  return {filename, start: {line, column, byte: line * 100 + column}, end: {line, column: column + 5, byte: line * 100 + column + 5}}
}

// made-up directories (nothing is read): the current directory and an absolute root outside it
const base = path.join(tmpdir(), 'tfgraph-lint-text-test')
const cwd = path.join(base, 'repo')
const outsideRoot = path.join(base, 'srv', 'infra')

const EXPLANATION = 'Terraform documentation advises reusable modules to constrain only their minimum provider versions.'

function capped(module: string, file: string, line = 5): LintDiagnostic {
  return {
    code: 'lint.provider-constraint-not-minimum',
    severity: 'warning',
    summary: 'Shared module constrains more than the minimum provider version',
    detail: `The required_providers entry "aws" of ${module} at ${file}:${line},17-25 requires "~> 5.0". ${EXPLANATION}`,
    range: at(file, line, 17),
    rule: 'provider-constraint-not-minimum',
    address: module,
    callers: [module],
  }
}

function notInstalled(name: string, line: number): LintDiagnostic {
  return {
    code: 'lint.unresolved-module',
    restates: 'module.not-installed',
    severity: 'warning',
    summary: 'Module not installed',
    detail: `module.${name} (called at main.tf:${line},1-13) could not be loaded. This module is not yet installed. Run "tofu init" to install all modules required by this configuration.`,
    range: at('main.tf', line),
    rule: 'unresolved-module',
    address: `module.${name}`,
    callers: [],
  }
}

const repeated = ['a', 'b', 'c', 'd', 'e'].map((m, i) => capped(`module.${m}`, `modules/${m}/main.tf`, 5 + i))
const other: LintDiagnostic = {
  code: 'provider.missing-config',
  severity: 'error',
  summary: 'Missing required provider configuration',
  detail: 'The child module requires an additional configuration for provider hashicorp/aws, with the local name "aws.east".\n\nMore.',
  range: at('main.tf', 2),
  rule: 'terraform',
}

function count(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1
}

test('a rule that fires many times with one explanation: explained once, then one line per further finding', () => {
  const out = renderLintText([{root: 'infra', dir: 'infra', diagnostics: [other, ...repeated]}], {cwd})
  assert.is(count(out, EXPLANATION), 1)
  assert.is(count(out, 'Warning: Shared module constrains more than the minimum provider version'), 1)
  assert.match(out, '  on infra/modules/a/main.tf:5,17-22 (module.a):')
  assert.match(out, '  and 4 more like this:\n    infra/modules/b/main.tf:6:17  module.b\n    infra/modules/c/main.tf:7:17  module.c\n')
  // the range in the detail is named as the location is
  assert.match(out, 'of module.a at infra/modules/a/main.tf:5,17-25 requires')
  // other findings in full; the count line counts every finding
  assert.match(out, 'Error: Missing required provider configuration  [terraform]')
  assert.match(out, /1 error, 5 warnings\n$/)
})

test('fewer than REPEAT_MIN findings, --verbose, or Terraform diagnostics with different details: each in full', () => {
  const few = repeated.slice(0, REPEAT_MIN - 1)
  assert.is(count(renderLintText([{root: '.', diagnostics: few}]), EXPLANATION), few.length)
  const verbose = renderLintText([{root: '.', diagnostics: repeated}], {verbose: true})
  assert.is(count(verbose, EXPLANATION), repeated.length)
  assert.not.match(verbose, 'more like this')
  const tf = ['x', 'y', 'z'].map((n, i): LintDiagnostic => ({
    ...other,
    detail: `The child module requires provider "aws.${n}".`,
    range: at('main.tf', i + 1),
  }))
  assert.is(count(renderLintText([{root: '.', diagnostics: tf}]), 'Error: Missing required provider configuration'), 3)
})

test("uninstalled module calls: one line with the count and the engine's init command; --verbose lists them", () => {
  const diags = [notInstalled('vpc', 3), notInstalled('eks', 8), notInstalled('dns', 12), other]
  const out = renderLintText([{root: '.', diagnostics: diags}])
  assert.match(
    out,
    /^Warning: 3 module calls not installed — run "tofu init" to include them; --verbose lists them {2}\[unresolved-module\]\n/,
  )
  assert.not.match(out, 'module.vpc')
  assert.match(out, /1 error, 3 warnings\n$/)
  const verbose = renderLintText([{root: '.', diagnostics: diags}], {verbose: true})
  assert.is(count(verbose, 'Warning: Module not installed'), 3)
  // one alone is shown as it is
  assert.match(renderLintText([{root: '.', diagnostics: [notInstalled('vpc', 3)]}]), 'Warning: Module not installed')
  // JSON keeps every diagnostic
  assert.is(lintJson(diags).diagnostics.length, 4)
})

test('compact: one short line per finding, the long explanation left out', () => {
  const out = renderLintCompact([{root: 'infra', dir: 'infra', diagnostics: [other, ...repeated, notInstalled('vpc', 3)]}], {cwd})
  const lines = out.trimEnd().split('\n')
  assert.is(lines.length, 7)
  for (const l of lines) {
    assert.match(l, /^[^:]+:\d+:\d+: (error|warning): .+ \[[a-z-]+\]/)
    assert.ok(l.length < 200, l)
  }
  assert.not.match(out, EXPLANATION)
  assert.ok(
    lines.includes(
      'infra/modules/a/main.tf:5:17: warning: Shared module constrains more than the minimum provider version [provider-constraint-not-minimum] — module.a',
    ),
    out,
  )
  assert.ok(
    lines.includes(
      'infra/main.tf:2:1: error: Missing required provider configuration [terraform] — The child module requires an additional configuration for provider hashicorp/aws, with the local name "aws.east"',
    ),
    out,
  )
  assert.is(shortClause({...repeated[0]!, address: ''}), 'root module')
  assert.is(shortClause({...other, detail: 'x'.repeat(200)}), undefined)
})

test('several roots without cwd: files prefixed with the root, normalised', () => {
  const out = renderLintCompact([
    {root: 'a/', diagnostics: [capped('module.m', '../shared/main.tf')]},
    {root: 'b', diagnostics: [other]},
  ])
  assert.match(out, /^shared\/main.tf:5:17: /)
  assert.match(out, /\nb\/main.tf:2:1: /)
})

test('an absolute directory outside the current directory: absolute names; JSON keeps names relative to the root', () => {
  const diags = [other]
  assert.is(
    renderLintCompact([{root: outsideRoot, dir: outsideRoot, diagnostics: diags}], {cwd}).startsWith(`${outsideRoot}/main.tf:2:1: `),
    true,
  )
  assert.is(lintJson(diags).diagnostics[0]?.range?.filename, 'main.tf')
})

test('SARIF with cwd: URIs relative to %SRCROOT% (the current directory), file:// URIs outside it', () => {
  const rules = [
    {
      id: 'provider-constraint-not-minimum',
      description: 'x',
      severity: 'warning' as const,
      docs: 'docs/rules/provider-constraint-not-minimum.md',
    },
  ]
  type Log = {
    runs: {results: {message: {text: string}; locations: {physicalLocation: {artifactLocation: {uri: string; uriBaseId?: string}}}[]}[]}[]
  }
  const log = renderSarif([{root: 'infra', dir: 'infra/../infra', diagnostics: [capped('module.a', 'modules/a b/main.tf')]}], {
    version: '0',
    rules,
    informationUri: 'https://example.invalid',
    cwd,
  }) as Log
  const r = log.runs[0]!.results[0]!
  assert.equal(r.locations[0]!.physicalLocation.artifactLocation, {uri: 'infra/modules/a%20b/main.tf', uriBaseId: '%SRCROOT%'})
  const outside = renderSarif([{root: outsideRoot, dir: outsideRoot, diagnostics: [other]}], {
    version: '0',
    rules,
    informationUri: 'https://example.invalid',
    cwd,
  }) as Log
  assert.equal(outside.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation, {
    uri: pathToFileURL(path.join(outsideRoot, 'main.tf')).href,
  })
})

test('a long or binary line: cut to a window around the column with "…", as every diagnostic shows it, the caret under it', () => {
  const line = 'x'.repeat(1500) + '\u0000\u001b' + 'y'.repeat(900)
  const binary: LintDiagnostic = {
    code: 'hcl.binary-file',
    severity: 'error',
    summary: 'Invalid character',
    detail: 'This character is not used within the language.',
    range: {filename: 'x.tf', start: {line: 1, column: 1501, byte: 1500}, end: {line: 1, column: 1502, byte: 1501}},
    rule: 'terraform',
  }
  const text = renderLintText([{root: '.', diagnostics: [binary]}], {sourceLines: () => [line]})
  const lines = text.split('\n')
  const shown = lines.find((l) => l.startsWith('     1: '))!
  assert.ok(shown.length <= 8 + 120, `${shown.length} characters`)
  assert.ok(shown.startsWith('     1: …') && shown.endsWith('…'))
  assert.match(shown, /x\\u0000\\u001by/)
  const caret = lines[lines.indexOf(shown) + 1]!
  assert.is(caret.trimStart(), '^'.repeat(6))
  assert.is(shown.slice(caret.indexOf('^'), caret.indexOf('^') + 6), '\\u0000')
})

test.run()
