// `lint --recursive --fix` on real code (issue #38): a copy of one corpus directory with many deprecated
// forms (cloudposse's deprecated/aws, 50 directories written for Terraform 0.11 and 0.12), fixed and
// written; then in every root the findings that had a fix are gone, no finding appears that was not there
// before, the resource → provider configuration bindings are identical, and a second run fixes nothing.
// The whole corpus, with Terraform's own `validate` before and after: scripts/fix-corpus.mjs --oracle.
import {cpSync, mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyze, lint} from '../../src/api.js'
import {findRootModules} from '../../src/lint/cached.js'
import {runFixes, writeFixes} from '../../src/lint/fix.js'
import {RunContext} from '../../src/load/run-context.js'
import type {LintDiagnostic} from '../../src/rules/rule.js'
import {hasShared, sharedDir} from '../helpers/paths.js'

const SUB = path.join('corpus', 'cloudposse__terraform-aws-components', 'deprecated', 'aws')

const key = (d: LintDiagnostic): string => [d.rule, d.severity, d.address ?? '', d.summary, d.range?.filename ?? ''].join(' | ')

async function state(roots: readonly string[]): Promise<{findings: Map<string, number>; bindings: Map<string, string>; fixable: number}> {
  const findings = new Map<string, number>()
  const bindings = new Map<string, string>()
  let fixable = 0
  for (const root of roots) {
    const l = await lint(root, {fixes: true, env: {}})
    for (const d of l.diagnostics) {
      const k = `${root} | ${key(d)}`
      findings.set(k, (findings.get(k) ?? 0) + 1)
      if ((d.fixes ?? []).filter((f) => f.preferred).length === 1) fixable++
    }
    const a = await analyze(root, {env: {}})
    bindings.set(root, JSON.stringify(a.providers.resources.map((r) => [r.address, r.provider_config])))
  }
  return {findings, bindings, fixable}
}

test('corpus: lint --recursive --fix on deprecated/aws keeps every binding and adds no finding', async () => {
  if (!hasShared('lint --fix on a corpus directory', SUB)) return
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-fix-corpus-'))
  try {
    const dir = path.join(tmp, 'aws')
    cpSync(path.join(sharedDir, SUB), dir, {recursive: true})
    const ctx = new RunContext({cache: false})
    const roots = await findRootModules(ctx, dir).finally(() => ctx.close())
    assert.ok(roots.length > 20, `${roots.length} roots`)
    const before = await state(roots)
    assert.ok(
      [...before.bindings.values()].some((b) => b.includes('provider[')),
      'bindings are compared',
    )
    const run = await runFixes({roots: roots.map((r) => ({dir: r, options: {env: {}}})), allowed: [dir], env: {}})
    const w = writeFixes(run.changed, [dir])
    assert.equal(w.skipped, [])
    assert.ok(run.applied.length > 50 && w.written.length > 20, `${run.applied.length} fixes, ${w.written.length} files`)
    const after = await state(roots)
    assert.is(after.fixable, 0, 'a finding --fix would fix is left')
    const added = [...after.findings].filter(([k, n]) => n > (before.findings.get(k) ?? 0)).map(([k]) => k)
    assert.equal(added, [], 'new findings')
    for (const r of roots) assert.is(after.bindings.get(r), before.bindings.get(r), `bindings of ${r}`)
    const again = await runFixes({roots: roots.map((r) => ({dir: r, options: {env: {}}})), allowed: [dir], env: {}})
    assert.is(again.changed.size, 0, 'a second --fix changes nothing')
  } finally {
    rmSync(tmp, {recursive: true, force: true})
  }
})

test.run()
