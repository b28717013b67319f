// Table-driven tests for lint rules (after eslint's RuleTester and tflint's rule tests). Each case is a
// real root-module directory under fixtures/rules/<rule-id>/{valid,invalid}/<case>; an invalid case
// marks every expected diagnostic with a trailing `# EXPECT: <rule-id>` comment on the line where the
// diagnostic's range starts (several ids may be listed, comma-separated). Valid cases must produce
// nothing for the rule; cases are listed explicitly, and duplicates (same name twice, or the same files
// under two names) and unlisted fixture directories are rejected.
import {createHash} from 'node:crypto'
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs'
import * as path from 'node:path'
import {suite, type Test} from 'uvu'
import * as assert from 'uvu/assert'
import {formatRange} from '../../src/diag/diagnostic.js'
import {renameFiles, rootRelative} from '../../src/diag/file-names.js'
import {lint} from '../../src/api.js'
import {analyzeProviders} from '../../src/providers/analyze.js'
import {readLintConfig, type LintConfig} from '../../src/lint/config.js'
import {ruleInputs} from '../../src/lint/rule-findings.js'
import {withRunContext} from '../../src/load/run-context.js'
import type {LintDiagnostic, Rule} from '../../src/rules/rule.js'
import {fixturesDir} from '../helpers/paths.js'

export const rulesFixturesDir = path.join(fixturesDir, 'rules')

const CONFIG_FILE = /\.(tf|tofu)(\.json)?$|\.(tftest|tofutest)\.(hcl|json)$/

/** Every file of a case directory (hidden directories such as .terraform included), relative, sorted. */
export function caseFiles(dir: string): string[] {
  const out: string[] = []
  const walk = (rel: string): void => {
    for (const e of readdirSync(path.join(dir, rel), {withFileTypes: true})) {
      const r = rel ? `${rel}/${e.name}` : e.name
      if (e.isDirectory()) walk(r)
      else out.push(r)
    }
  }
  walk('')
  return out.sort()
}

/** `file:line rule` for every `EXPECT:` marker in the configuration files of a case. */
export function expectedMarkers(dir: string): string[] {
  const out: string[] = []
  for (const rel of caseFiles(dir).filter((f) => CONFIG_FILE.test(f))) {
    readFileSync(path.join(dir, rel), 'utf8')
      .split(/\r?\n/)
      .forEach((line, i) => {
        const m = /(?:#|\/\/)\s*EXPECT:\s*([a-z0-9-]+(?:\s*,\s*[a-z0-9-]+)*)/.exec(line)
        if (!m) return
        for (const id of m[1]!.split(',')) out.push(`${rel}:${i + 1} ${id.trim()}`)
      })
  }
  return out.sort()
}

export function actualMarkers(diags: readonly LintDiagnostic[]): string[] {
  return diags.map((d) => `${d.range?.filename ?? '?'}:${d.range?.start.line ?? 0} ${d.rule}`).sort()
}

export interface RuleCases {
  readonly valid: readonly string[]
  readonly invalid: readonly string[]
  /** In-memory cases (tflint's and eslint's table style), run through the library's `lint({files})`. */
  readonly memory?: readonly MemoryCase[]
}

/** One in-memory case: the files of a root module and every finding of the rule, by code and range. */
export interface MemoryCase {
  readonly name: string
  /** Paths relative to the root module, `/`-separated. */
  readonly files: Readonly<Record<string, string>>
  /** Each finding as its code and Terraform's range text (`main.tf:3,3-20`); none: a valid case. */
  readonly expected: readonly {readonly code: string; readonly range: string}[]
  /** Rule settings and options, as `.tfgraph.json` gives them. */
  readonly config?: LintConfig
}

/** The findings of one rule over in-memory files (nothing is read from the disk). */
export async function runMemoryCase(rule: Rule, files: Readonly<Record<string, string>>, config?: LintConfig): Promise<LintDiagnostic[]> {
  const r = await lint({files}, {only: [rule.id], env: {}, ...(config ? {config} : {})})
  return r.diagnostics.filter((d) => d.rule === rule.id)
}

/** What a finding is compared by: its stable code and its range, never its prose. */
export function findingKey(d: LintDiagnostic): {code: string; range: string} {
  return {code: d.code, range: d.range ? formatRange(d.range) : '(no range)'}
}

function contentHash(dir: string): string {
  const h = createHash('sha256')
  for (const f of caseFiles(dir)) h.update(f + '\0' + readFileSync(path.join(dir, f), 'utf8').replace(/#\s*EXPECT:.*$/gm, '') + '\0')
  return h.digest('hex')
}

function listDirs(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => statSync(path.join(dir, n)).isDirectory())
        .sort()
    : []
}

/** Problems with a rule's case table: duplicates, missing or unlisted fixture directories, bad markers. */
export function caseTableProblems(ruleId: string, cases: RuleCases, base = path.join(rulesFixturesDir, ruleId)): string[] {
  const problems: string[] = []
  const hashes = new Map<string, string>()
  for (const kind of ['valid', 'invalid'] as const) {
    const names = cases[kind]
    const seen = new Set<string>()
    for (const name of names) {
      if (seen.has(name)) {
        problems.push(`duplicate ${kind} case "${name}"`)
        continue
      }
      seen.add(name)
      const dir = path.join(base, kind, name)
      if (!existsSync(dir)) {
        problems.push(`${kind} case "${name}" has no directory ${path.relative(rulesFixturesDir, dir)}`)
        continue
      }
      const h = contentHash(dir)
      const other = hashes.get(h)
      if (other !== undefined && other !== `${kind}/${name}`) problems.push(`${kind}/${name} has the same files as ${other}`)
      hashes.set(h, `${kind}/${name}`)
      const mine = expectedMarkers(dir).filter((m) => m.endsWith(` ${ruleId}`))
      if (kind === 'valid' && mine.length > 0) problems.push(`valid case "${name}" has EXPECT markers for ${ruleId}`)
      if (kind === 'invalid' && mine.length === 0) problems.push(`invalid case "${name}" has no EXPECT marker for ${ruleId}`)
    }
    for (const d of listDirs(path.join(base, kind)))
      if (!seen.has(d)) problems.push(`fixture directory ${kind}/${d} is not in the case table`)
  }
  for (const name of cases.valid) if (cases.invalid.includes(name)) problems.push(`case "${name}" is both valid and invalid`)
  return problems
}

/** Checks every diagnostic of a rule carries what the lint contract promises. */
export function assertShape(rule: Rule, d: LintDiagnostic): void {
  const at = d.range ? formatRange(d.range) : '(no range)'
  assert.is(d.rule, rule.id, `rule id at ${at}`)
  // a rule may raise its default to an error for a broken case (unresolved-module: a missing directory)
  assert.ok(d.severity === rule.severity || d.severity === 'error', `severity at ${at}`)
  assert.ok(d.range, `${rule.id}: a range`)
  assert.ok(!d.range?.filename.startsWith('/'), `${rule.id}: file name relative to the root (${at})`)
  assert.type(d.address, 'string', `${rule.id}: an address at ${at}`)
  assert.ok(Array.isArray(d.callers), `${rule.id}: callers at ${at}`)
  for (const c of d.callers ?? []) assert.match(c, /^module\.[^.]+(\.module\.[^.]+)*$/, `${rule.id}: caller ${c}`)
  assert.ok(d.summary.length > 0 && !d.summary.endsWith('.'), `${rule.id}: a short summary at ${at}`)
  assert.match(d.detail, /[\w.-]+:\d+,\d+-/, `${rule.id}: the detail names a file:line (${at})`)
  assert.match(d.detail, /(To fix|Fix |Run |Use |Break )/, `${rule.id}: the detail says how to fix it (${at})`)
}

/**
 * Runs one rule over one fixture case directory, with what `lint` gives it: the options a `.tfgraph.json`
 * (or a `.tflint.hcl`) in the directory sets, the lock file's selections, the installed modules' versions
 * and the files' text.
 */
export async function runRule(rule: Rule, dir: string): Promise<LintDiagnostic[]> {
  return withRunContext(undefined, async (ctx) => {
    const analysis = await analyzeProviders(dir, {env: {}, context: ctx, tests: true})
    const options = readLintConfig(dir).config.options?.get(rule.id)
    // as lint does: the rules read the model, which names files by their absolute paths; findings name them from the root
    const sourceText = (f: string): string | undefined =>
      existsSync(path.resolve(dir, f)) ? readFileSync(path.resolve(dir, f), 'utf8') : undefined
    const found = rule.check({analysis, ...(await ruleInputs(ctx, dir, analysis, {})), sourceText, ...(options ? {options} : {})})
    return found.map((d) => renameFiles(d, rootRelative(dir)))
  })
}

export function caseDir(rule: Rule, kind: 'valid' | 'invalid', name: string): string {
  return path.join(rulesFixturesDir, rule.id, kind, name)
}

/** The suite of table tests for one rule; add rule-specific tests to it, then call `.run()`. */
export function ruleTests(rule: Rule, cases: RuleCases): Test {
  const t = suite(rule.id)
  t('case table: no duplicates, every fixture listed, markers consistent', () => {
    assert.equal(caseTableProblems(rule.id, cases), [])
  })
  for (const name of cases.valid) {
    t(`valid: ${name}`, async () => {
      const diags = await runRule(rule, caseDir(rule, 'valid', name))
      assert.equal(
        actualMarkers(diags),
        [],
        diags.map((d) => `${d.range ? formatRange(d.range) : ''} ${d.summary}: ${d.detail}`).join('\n'),
      )
    })
  }
  for (const name of cases.invalid) {
    t(`invalid: ${name}`, async () => {
      const dir = caseDir(rule, 'invalid', name)
      const diags = await runRule(rule, dir)
      const expected = expectedMarkers(dir).filter((m) => m.endsWith(` ${rule.id}`))
      assert.equal(actualMarkers(diags), expected)
      for (const d of diags) assertShape(rule, d)
    })
  }
  for (const c of cases.memory ?? []) {
    t(`${c.expected.length === 0 ? 'valid' : 'invalid'} (in memory): ${c.name}`, async () => {
      const diags = await runMemoryCase(rule, c.files, c.config)
      assert.equal(
        diags.map(findingKey),
        c.expected,
        diags.map((d) => `${d.range ? formatRange(d.range) : ''} ${d.summary}: ${d.detail}`).join('\n'),
      )
      for (const d of diags) assertShape(rule, d)
    })
  }
  return t
}
