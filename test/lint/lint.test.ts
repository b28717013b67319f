// tfgraph lint: Terraform's own checks on the upstream file cases, formats (JSON, SARIF validated
// against the SARIF 2.1.0 schema, compact), inline ignores, configuration, exit codes.
import {copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {suite} from 'uvu'
import * as assert from 'uvu/assert'
import AjvDraft04 from 'ajv-draft-04'
import {lint, readLintConfig, RULES, type EngineName} from '../helpers/internal.js'
import {actualMarkers, expectedMarkers} from '../helpers/markers.js'
import {checkedRunner, runCli} from '../helpers/cli.js'
import {fixturesDir, hasShared, sharedDir} from '../helpers/paths.js'

const L = suite('lint')
const testdata = path.join(sharedDir, 'conformance/opentofu/internal/configs/testdata')
/** Upstream cases read from ../shared. */
const upstream = hasShared('lint: upstream configs testdata cases', 'conformance/opentofu/internal/configs') ? L : L.skip

// `tfgraph ARGS` in this process as bin/run.cjs runs it (test/helpers/cli.ts; the same output and exit code,
// test/cli/in-process.test.ts), the first also as a process of its own
const cli = checkedRunner({cwd: process.cwd()})
const run = (...args: string[]) => cli(['lint', ...args])

// Upstream single-file cases about providers and modules (inline ERROR/WARNING markers).
const FILE_CASES: [string, EngineName[]][] = [
  ['error-files/provider-source-prefix.tf', ['terraform', 'opentofu']],
  ['error-files/required-providers-toplevel.tf', ['terraform', 'opentofu']],
  ['warning-files/provider_ref.tf', ['terraform', 'opentofu']],
  ['warning-files/depends_on.tf', ['terraform', 'opentofu']],
]
for (const [rel, engines] of FILE_CASES) {
  for (const engine of engines) {
    upstream(`upstream ${rel} (${engine}): Terraform's diagnostics on the marked lines`, async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-lint-'))
      try {
        const src = path.join(testdata, rel)
        copyFileSync(src, path.join(dir, path.basename(rel)))
        const r = await lint(dir, {engine, env: {}, only: ['terraform']})
        assert.equal(actualMarkers(r.diagnostics), expectedMarkers(src))
      } finally {
        rmSync(dir, {recursive: true, force: true})
      }
    })
  }
}

// Upstream invalid-files: the lines and summaries of INDEX.md (module resolution noise excluded).
const IF_CASES: [string, EngineName, string[]][] = [
  ['data-invalid-provider-reference.tf', 'terraform', ['2 error Invalid provider local name']],
  ['resource-invalid-provider-reference.tf', 'opentofu', ['2 error Invalid provider local name']],
  ['provider-localname-normalization.tf', 'terraform', ['19 error Invalid provider local name', '9 error Invalid provider local name']],
  [
    'provider-reserved.tf',
    'terraform',
    [
      '10 error Reserved argument name in provider block',
      '11 error Reserved argument name in provider block',
      '12 error Reserved argument name in provider block',
      '13 error Reserved block type name in provider block',
      '14 error Reserved block type name in provider block',
      '4 warning Version constraints inside provider configuration blocks are deprecated',
    ],
  ],
  [
    'module-calls.tf',
    'terraform',
    ['20 error Invalid combination of "count" and "for_each"', '33 error Reserved block type name in module block'],
  ],
  [
    'module-calls.tf',
    'opentofu',
    ['19 error Invalid combination of "count" and "for_each"', '34 error Invalid combination of "count" and "enabled"'],
  ],
]
const RESOLUTION = new Set(['Module not installed', 'Unreadable module directory'])
for (const [file, engine, want] of IF_CASES) {
  upstream(`upstream invalid-files/${file} (${engine})`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-if-'))
    try {
      copyFileSync(path.join(testdata, 'invalid-files', file), path.join(dir, file))
      const r = await lint(dir, {engine, env: {}, only: ['terraform']})
      assert.equal(actualMarkers(r.diagnostics.filter((d) => !RESOLUTION.has(d.summary))), want)
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
  })
}

upstream(
  'configload child-provider-child-count: the legacy module under count, with the detail Terraform gives (no third paragraph)',
  async () => {
    const dir = path.join(sharedDir, 'conformance/opentofu/internal/configs/configload/testdata/child-provider-child-count')
    const r = await lint(dir, {engine: 'terraform', env: {}, only: ['terraform']})
    assert.equal(
      r.diagnostics.map((d) => `${d.range?.filename}:${d.range?.start.line},${d.range?.start.column}-${d.range?.end.column} ${d.summary}`),
      ['child-provider-child-count.tf:3,12-13 Module is incompatible with count, for_each, and depends_on'],
    )
    // the answer recorded from terraform validate -json (1.11.4); Terraform 1.15 and OpenTofu say the same
    assert.is(
      r.diagnostics[0]?.detail,
      'The module at module.child is a legacy module which contains its own local provider configurations, and so calls to it may not use the count, for_each, or depends_on arguments.\n\nIf you also control the module "./child", consider updating this module to instead expect provider configurations to be passed by its caller.',
    )
  },
)

L('inline ignore and .tfgraph.json severity', async () => {
  const dir = path.join(fixturesDir, 'lint/ignore-and-config')
  const cfg = readLintConfig(dir)
  const r = await lint(dir, {env: {}, config: cfg.config})
  const legacy = r.diagnostics.filter((d) => d.rule === 'legacy-module-provider')
  assert.ok(legacy.length >= 1)
  assert.ok(
    legacy.every((d) => d.severity === 'error'),
    'severity from .tfgraph.json',
  )
  assert.not.ok(
    r.diagnostics.some((d) => d.rule === 'unresolved-module'),
    'ignored inline',
  )
  assert.ok(r.suppressed >= 1)
})

L('--format json: terraform validate -json shape with rule, address, callers', async () => {
  const r = await run(path.join(fixturesDir, 'lint/ignore-and-config'), '--format', 'json')
  assert.is(r.code, 2, r.stderr)
  const doc = JSON.parse(r.stdout) as {
    format_version: string
    valid: boolean
    error_count: number
    warning_count: number
    diagnostics: {rule: string; callers: string[]; range: {filename: string}}[]
  }
  assert.is(doc.format_version, '1.0')
  assert.is(doc.valid, false)
  assert.is(doc.error_count, doc.diagnostics.filter((d) => (d as {severity?: string}).severity === 'error').length)
  const legacy = doc.diagnostics.find((d) => d.rule === 'legacy-module-provider')
  assert.equal(legacy?.callers, ['module.a'])
  assert.is(legacy?.range.filename, 'a/main.tf')
})

L('--format sarif validates against the SARIF 2.1.0 schema', async () => {
  const r = await run(path.join(fixturesDir, 'providers/legacy'), '--format', 'sarif')
  const require = createRequire(import.meta.url)
  const schemaPath = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json')
  const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as Record<string, unknown>
  const ajv = new AjvDraft04.default({strict: false, allErrors: true, validateFormats: false, unicodeRegExp: false})
  const validate = ajv.compile(schema)
  const log = JSON.parse(r.stdout) as {runs: {results: unknown[]; tool: {driver: {rules: {id: string}[]}}}[]}
  assert.ok(validate(log), JSON.stringify(validate.errors?.slice(0, 3)))
  assert.ok((log.runs[0]?.results.length ?? 0) > 0)
  assert.ok(RULES.every((rule) => log.runs[0]?.tool.driver.rules.some((x) => x.id === rule.id)))
})

L('--format compact: one line per finding', async () => {
  const r = await run(path.join(fixturesDir, 'providers/legacy'), '--format', 'compact')
  for (const line of r.stdout.trim().split('\n')) assert.match(line, /^[^:]+:\d+:\d+: (error|warning): .+ \[[a-z-]+\]/)
})

L('text: source line and caret; --max-warnings; unknown rule ids are a tool error', async () => {
  const r = await run(path.join(fixturesDir, 'providers/legacy'))
  assert.match(r.stdout, /\n\s+\d+: .+\n\s+\^+/)
  assert.is((await run(path.join(fixturesDir, 'providers/legacy'), '--max-warnings', '0')).code, 2)
  const bad = await run('.', '--only', 'no-such-rule')
  assert.is(bad.code, 1)
  assert.match(bad.stderr, /unknown rule id/)
})

L('--recursive finds root modules and groups results', async () => {
  const r = await run(path.join(fixturesDir, 'providers'), '--recursive', '--format', 'json')
  const doc = JSON.parse(r.stdout) as {roots: {root: string}[]}
  const roots = doc.roots.map((x) => path.basename(x.root))
  assert.ok(roots.includes('demo') && roots.includes('legacy'))
  assert.not.ok(roots.includes('network'), 'called modules are not roots')
})

/** A tree of four roots: clean but for a warning (a), a syntax error (b), a module with warnings (c), a broken .tfgraph.json (d). */
function fourRoots(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-lint-roots-'))
  const w = (f: string, text: string): void => {
    mkdirSync(path.dirname(path.join(dir, f)), {recursive: true})
    writeFileSync(path.join(dir, f), text)
  }
  // each declares the releases it supports (required-version has nothing to say), after what is tested
  const versions = 'terraform {\n  required_version = ">= 1.5"\n}\n'
  w('a/main.tf', 'resource "aws_s3_bucket" "x" {}\n' + versions)
  w('b/main.tf', 'resource "aws_s3_bucket" "y" {\n')
  w('c/main.tf', 'module "m" {\n  source = "./m"\n}\n' + versions)
  w('c/m/main.tf', 'provider "aws" {}\nresource "aws_s3_bucket" "z" {}\n' + versions)
  w('d/main.tf', 'resource "aws_s3_bucket" "w" {}\n')
  w('d/.tfgraph.json', '{"rules": {"nope": "off"}}\n')
  return dir
}

const runIn = (cwd: string, ...args: string[]) => runCli(['lint', ...args], {cwd})

L(
  '--recursive: one report ending in one summary line; a syntax error and a broken .tfgraph.json are findings of their roots (exit 2); the others are linted',
  async () => {
    const dir = fourRoots()
    try {
      const r = await runIn(dir, '.', '--recursive')
      assert.is(r.code, 2, r.stderr)
      assert.is(r.stderr, '')
      for (const root of ['a', 'b', 'c', 'd']) assert.match(r.stdout, new RegExp(`(^|\\n)== ${root}\\n`))
      assert.match(r.stdout, /Error: Unclosed configuration block {2}\[terraform\]/)
      assert.match(r.stdout, /Error: Invalid configuration file {2}\[lint-config\]\n\n {2}on d\/\.tfgraph\.json:1,12-18:/)
      assert.match(r.stdout, /Unknown rule id "nope"/)
      // the root with the broken file is not linted: its missing-required-provider warning is not reported
      assert.not.match(r.stdout, /on d\/main\.tf/)
      assert.ok(r.stdout.endsWith('\n4 root modules: 2 errors, 3 warnings\n'), r.stdout.slice(-200))
      // compact: one line per finding, nothing else
      const compact = await runIn(dir, '.', '--recursive', '--format', 'compact')
      assert.is(compact.code, 2)
      assert.equal(
        compact.stdout
          .trim()
          .split('\n')
          .map((l) => l.split(': ')[0]),
        ['a/main.tf:1:1', 'b/main.tf:1:30', 'c/m/main.tf:1:1', 'c/m/main.tf:1:1', 'd/.tfgraph.json:1:12'],
      )
      // JSON: the counts over every root
      const doc = JSON.parse((await runIn(dir, '.', '--recursive', '--format', 'json')).stdout) as {
        summary: unknown
        roots: {root: string}[]
      }
      assert.equal(doc.summary, {roots: 4, errors: 2, warnings: 3, unread: []})
      // a single root with a syntax error: the same exit code, a finding
      const single = await runIn(dir, 'b')
      assert.is(single.code, 2)
      assert.is(single.stderr, '')
      assert.match(single.stdout, /1 error, 0 warnings\n$/)
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
  },
)

L('--recursive: a root tfgraph cannot read completely is exit 1, named in the summary and in one line on stderr', async () => {
  const dir = fourRoots()
  try {
    // --max-files 1: root c (two files in two modules) cannot be read whole
    rmSync(path.join(dir, 'd', '.tfgraph.json'))
    const r = await runIn(dir, '.', '--recursive', '--max-files', '1')
    assert.is(r.code, 1, r.stdout)
    assert.match(r.stdout, /\n4 root modules: \d+ errors?, \d+ warnings?; 1 could not be read \(c\)\n$/)
    assert.is(r.stderr, 'Error: 1 of 4 root modules (c) could not be read completely: the findings above are incomplete\n')
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

L.run()
