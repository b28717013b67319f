// The diagnostic code catalogue: every code documented and used, and every diagnostic over the fixtures
// carries one (the catalogue's, or a lint rule's `lint.<id>`).
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {checkLock, lint} from '../../src/api.js'
import {DIAGNOSTIC_CODES, isDiagnosticCode} from '../../src/diag/codes.js'
import type {Diagnostic} from '../../src/diag/diagnostic.js'
import {RULES} from '../../src/rules/index.js'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

const CODES = Object.keys(DIAGNOSTIC_CODES)

function walk(dir: string, keep: (f: string) => boolean, out: string[] = []): string[] {
  for (const e of readdirSync(dir, {withFileTypes: true})) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) walk(p, keep, out)
    else if (keep(p)) out.push(p)
  }
  return out
}

test('codes are area.kebab-name and unique', () => {
  for (const c of CODES) assert.match(c, /^[a-z]+(-[a-z]+)*\.[a-z0-9]+(-[a-z0-9]+)*$/, c)
  assert.is(new Set(CODES).size, CODES.length)
  for (const c of CODES) assert.not.ok(c.startsWith('lint.'), `${c}: lint.* is for rules`)
})

test('every code is listed in docs/diagnostic-codes.md', () => {
  const doc = readFileSync(path.join(repoRoot, 'docs', 'diagnostic-codes.md'), 'utf8')
  const missing = CODES.filter((c) => !doc.includes(`\`${c}\``))
  assert.equal(missing, [])
  assert.ok(doc.includes('`lint.<rule-id>`'))
  assert.ok(readFileSync(path.join(repoRoot, 'docs', 'library.md'), 'utf8').includes('diagnostic-codes.md'))
})

test('every code is used in src/ (outside the catalogue)', () => {
  const src = walk(path.join(repoRoot, 'src'), (f) => f.endsWith('.ts') && !f.endsWith(path.join('diag', 'codes.ts')))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n')
  const unused = CODES.filter((c) => !src.includes(`'${c}'`))
  assert.equal(unused, [])
})

test('rules have codes lint.<rule id>', () => {
  for (const r of RULES) assert.ok(isDiagnosticCode(`lint.${r.id}`), r.id)
})

/** Directories under fixtures/ that hold .tf files directly. */
function fixtureDirs(): string[] {
  const dirs = new Set<string>()
  for (const f of walk(fixturesDir, (p) => p.endsWith('.tf'))) {
    const d = path.dirname(f)
    if (d.split(path.sep).includes('.terraform')) continue
    dirs.add(d)
  }
  return [...dirs].filter((d) => statSync(d).isDirectory()).sort()
}

test('every diagnostic over the fixtures has a code from the catalogue (lint: lint.<rule id>)', async () => {
  const dirs = fixtureDirs()
  assert.ok(dirs.length > 50, `${dirs.length} fixture directories`)
  const ruleCodes = new Set(RULES.map((r) => `lint.${r.id}`))
  const bad: string[] = []
  const seen = new Set<string>()
  const check = (dir: string, d: Diagnostic, lintRule?: string): void => {
    const code = (d as {code?: unknown}).code
    const ok =
      typeof code === 'string' &&
      (Object.hasOwn(DIAGNOSTIC_CODES, code) ||
        (lintRule !== undefined && lintRule !== 'terraform' && code === `lint.${lintRule}` && ruleCodes.has(code)))
    if (!ok) bad.push(`${path.relative(fixturesDir, dir)}: ${String(code)} (${d.summary})`)
    else seen.add(code)
  }
  for (const dir of dirs) {
    // every rule, the default ones and the others
    const l = await lint(dir, {env: {}, only: RULES.map((r) => r.id)})
    for (const d of l.analysis.diagnostics) check(dir, d)
    for (const d of l.diagnostics) check(dir, d, d.rule)
    if (existsSync(path.join(dir, '.terraform.lock.hcl'))) for (const d of (await checkLock(dir, {env: {}})).diagnostics) check(dir, d)
  }
  assert.equal(bad, [])
  assert.ok(seen.size > 20, `${seen.size} distinct codes seen`)
})

test.run()
