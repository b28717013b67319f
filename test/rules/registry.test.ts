// The rule registry and its conventions: unique, sorted kebab-case ids; a source file, a test file, a docs
// page and fixtures per rule; and the rule tester's own guarantees (duplicate cases rejected).
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {RULES, ruleById, runRules} from '../../src/rules/index.js'
import {analyzeProviders} from '../../src/providers/analyze.js'
import {readLintConfig} from '../../src/lint/config.js'
import {repoRoot} from '../helpers/paths.js'
import {caseTableProblems, expectedMarkers, rulesFixturesDir} from './rule-tester.js'

test('rule ids are unique, kebab-case and sorted; ruleById finds each', () => {
  const ids = RULES.map((r) => r.id)
  assert.is(new Set(ids).size, ids.length, 'unique ids')
  assert.equal(ids, [...ids].sort(), 'sorted by id')
  for (const r of RULES) {
    assert.match(r.id, /^[a-z]+(-[a-z]+)*$/, r.id)
    assert.ok(r.id !== 'terraform', "the id of Terraform's own checks is reserved")
    assert.is(ruleById(r.id), r)
    assert.ok(r.description.endsWith('.'), `${r.id}: description is one sentence`)
  }
  assert.is(ruleById('no-such-rule'), undefined)
})

for (const r of RULES) {
  test(`${r.id}: source file, test file, fixtures and a docs page titled with the id`, () => {
    assert.is(r.docs, `docs/rules/${r.id}.md`)
    const docs = path.join(repoRoot, r.docs)
    assert.ok(existsSync(docs), `${r.docs} exists`)
    const text = readFileSync(docs, 'utf8')
    assert.is(text.split('\n')[0], `# ${r.id}`, 'the title line names the id')
    assert.match(text, `**Default severity:** ${r.severity}`)
    for (const section of ['## What it checks', '## Why', '## Example', '## How to fix']) assert.match(text, section, `${r.id}: ${section}`)
    assert.ok(existsSync(path.join(repoRoot, 'src', 'rules', `${r.id}.ts`)), 'src/rules/<id>.ts')
    assert.ok(existsSync(path.join(repoRoot, 'test', 'rules', `${r.id}.test.ts`)), 'test/rules/<id>.test.ts')
    assert.ok(existsSync(path.join(rulesFixturesDir, r.id, 'valid')), 'valid fixtures')
    assert.ok(existsSync(path.join(rulesFixturesDir, r.id, 'invalid')), 'invalid fixtures')
  })
}

test('EXPECT markers in fixtures name existing rules', () => {
  const ids = new Set(RULES.map((r) => r.id))
  for (const r of RULES) {
    for (const kind of ['invalid', 'valid']) {
      const base = path.join(rulesFixturesDir, r.id, kind)
      if (!existsSync(base)) continue
      for (const m of expectedMarkers(base)) assert.ok(ids.has(m.split(' ')[1] ?? ''), `${r.id}/${kind}: ${m}`)
    }
  }
})

test('rule tester: duplicate and unlisted cases are rejected', () => {
  const base = mkdtempSync(path.join(tmpdir(), 'tfgraph-rule-tester-'))
  try {
    const write = (rel: string, text: string): void => {
      mkdirSync(path.dirname(path.join(base, rel)), {recursive: true})
      writeFileSync(path.join(base, rel), text)
    }
    write('valid/a/main.tf', 'output "x" { value = 1 }\n')
    write('valid/b/main.tf', 'output "x" { value = 1 }\n') // same files as valid/a
    write('invalid/c/main.tf', 'output "y" { value = 1 } # EXPECT: some-rule\n')
    write('invalid/d/main.tf', 'output "z" { value = 1 }\n') // no marker
    write('invalid/e/main.tf', 'output "w" { value = 1 } # EXPECT: some-rule\n') // not listed
    const problems = caseTableProblems('some-rule', {valid: ['a', 'b', 'a'], invalid: ['c', 'd', 'missing']}, base)
    assert.equal(
      problems.sort(),
      [
        'duplicate valid case "a"',
        'fixture directory invalid/e is not in the case table',
        'invalid case "d" has no EXPECT marker for some-rule',
        `invalid case "missing" has no directory ${path.relative(rulesFixturesDir, path.join(base, 'invalid', 'missing'))}`,
        'valid/b has the same files as valid/a',
      ].sort(),
    )
    assert.equal(
      caseTableProblems('some-rule', {valid: ['a'], invalid: ['c', 'e']}, base).filter(
        (p) => !p.includes('invalid/d') && !p.includes('valid/b'),
      ),
      [],
    )
  } finally {
    rmSync(base, {recursive: true, force: true})
  }
})

test('runRules: every enabled rule over one analysis, sorted, tagged', async () => {
  const a = await analyzeProviders(path.join(rulesFixturesDir, 'unused-provider-alias', 'invalid', 'dangling'), {env: {}})
  const diags = runRules(a)
  assert.equal(
    diags.map((d) => `${d.range?.filename}:${d.range?.start.line} ${d.rule}`),
    [
      'child/main.tf:3 provider-version-missing',
      'child/main.tf:3 unused-configuration-alias',
      'main.tf:11 unused-provider-alias',
      'main.tf:22 unused-provider-alias',
      'main.tf:34 providers-map-inherits',
    ],
  )
})

// A rule of scope `module` reads one module's files alone: given an analysis whose tree-wide facts (the
// resolution, the graph, the requirements, the shared-module reading, the test runs) throw when read and
// no lock file or installed versions, it finds exactly what it finds with them.
const TREE_WIDE = new Set(['resolution', 'graph', 'requirements', 'sharedModule', 'tests'])
for (const r of RULES.filter((x) => x.scope === 'module')) {
  test(`${r.id}: scope module: its findings need nothing from callers or callees`, async () => {
    const invalid = path.join(rulesFixturesDir, r.id, 'invalid')
    const cases = existsSync(invalid) ? readdirSync(invalid).sort() : []
    assert.ok(cases.length > 0, `${r.id} has invalid cases`)
    for (const name of cases) {
      const dir = path.join(invalid, name)
      const a = await analyzeProviders(dir, {env: {}, tests: true})
      const sourceText = (f: string): string | undefined =>
        existsSync(path.resolve(dir, f)) ? readFileSync(path.resolve(dir, f), 'utf8') : undefined
      const options = readLintConfig(dir).config.options?.get(r.id)
      const opts = {sourceText, ...(options ? {options} : {})}
      const full = r.check({analysis: a, ...opts})
      const local = new Proxy(a, {
        get(target, key, receiver) {
          if (typeof key === 'string' && TREE_WIDE.has(key)) throw new Error(`${r.id} reads analysis.${key}`)
          return Reflect.get(target, key, receiver) as unknown
        },
      })
      const alone = r.check({analysis: local, ...opts})
      assert.equal(alone, full, `${r.id} ${name}`)
    }
  })
}

test('every rule declares its scope', () => {
  for (const r of RULES) assert.ok(r.scope === 'module' || r.scope === 'tree', r.id)
  assert.ok(RULES.filter((r) => r.scope === 'module').length >= 10)
})

test.run()
