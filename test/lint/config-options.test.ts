// Rule options in .tfgraph.json (#16): an object per rule, with "severity" and the rule's own options.
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {readLintConfig} from '../../src/lint/config.js'
import {RULE_OPTIONS, ruleOption} from '../../src/rules/options.js'
import {RULE_IDS} from '../../src/rules/ids.js'

function read(json: string): ReturnType<typeof readLintConfig> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-config-'))
  try {
    writeFileSync(path.join(dir, '.tfgraph.json'), json)
    return readLintConfig(dir)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
}

test('an object sets the severity and the options', () => {
  const r = read(
    '{"rules": {"module-source-unpinned": {"severity": "error", "style": "sha", "default_branches": ["stable"]}, "module-version-missing": {"require_major_bound": true}}}',
  )
  assert.equal(r.diagnostics, [])
  assert.is(r.config.rules.get('module-source-unpinned'), 'error')
  assert.equal(r.config.options?.get('module-source-unpinned'), {style: 'sha', default_branches: ['stable']})
  assert.equal(r.config.options?.get('module-version-missing'), {require_major_bound: true})
  assert.is(r.config.rules.has('module-version-missing'), false)
})

test('unknown options and wrong values are errors at their position', () => {
  const r = read(
    '{"rules": {"module-source-unpinned": {"styel": "sha"}, "provider-version-missing": {"root": "sometimes"}, "unresolved-module": {"x": 1}}}',
  )
  const text = r.diagnostics.map((d) => `${d.range?.start.column} ${d.detail}`)
  assert.equal(text, [
    '39 Rule "module-source-unpinned" has no option "styel" (did you mean "style"?); its options are "style", "default_branches" (and "severity").',
    '93 Option "root" of rule "provider-version-missing" must be one of "unlocked", "always", "never".',
    '129 Rule "unresolved-module" has no option "x"; it takes only "severity".',
  ])
})

test('defaults come from the schema; every rule with options exists', () => {
  assert.is(ruleOption<string>('module-source-unpinned', undefined, 'style'), 'flexible')
  assert.is(ruleOption<string>('module-source-unpinned', {style: 'sha'}, 'style'), 'sha')
  for (const id of Object.keys(RULE_OPTIONS)) assert.ok((RULE_IDS as readonly string[]).includes(id), id)
})

test.run()
