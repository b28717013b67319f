// The quick start's V8 code caches (dist/cli/quick.cjs.cache, quick-run.cjs.cache, made at build by
// scripts/code-cache.mjs) are taken by V8 only under the flags they were made with: bin/run.cjs and
// bin/pre-commit.cjs set bin/load-script.cjs's SCRIPT_FLAGS before loading the scripts (and ANSWER_FLAGS while
// quick.cjs looks for a stored answer, undone before quick-run.cjs loads), so a run uses the
// caches; under other flags V8 rejects them and compiles the scripts again (tens of milliseconds a run).
import {spawnSync} from 'node:child_process'
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {pathToFileURL} from 'node:url'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {repoRoot} from '../helpers/paths.js'

/**
 * Whether V8 rejected each script's cache, loaded in a fresh Node under `flags`: as bin/run.cjs loads them
 * (SCRIPT_FLAGS; ANSWER_FLAGS for quick.cjs, undone for quick-run.cjs) or with one flag only.
 */
function rejected(flags: 'script' | 'heap only'): Record<string, boolean> {
  const loader = pathToFileURL(path.join(repoRoot, 'bin', 'load-script.js')).href
  const dir = path.join(repoRoot, 'dist', 'cli')
  const script = flags === 'script'
  const code = `
    import {setFlagsFromString} from 'node:v8'
    import {ANSWER_FLAGS, ANSWER_UNDO, loadScript, SCRIPT_FLAGS} from ${JSON.stringify(loader)}
    for (const f of ${script ? '[...SCRIPT_FLAGS, ...ANSWER_FLAGS]' : "['--heap-growing-percent=50']"}) setFlagsFromString(f)
    const out = {}
    out.quick = loadScript(${JSON.stringify(dir)} + '/quick.cjs').script.cachedDataRejected
    for (const f of ${script ? 'ANSWER_UNDO' : '[]'}) setFlagsFromString(f)
    out['quick-run'] = loadScript(${JSON.stringify(dir)} + '/quick-run.cjs').script.cachedDataRejected
    process.stdout.write(JSON.stringify(out))
  `
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], {encoding: 'utf8', cwd: repoRoot})
  assert.is(r.status, 0, r.stderr)
  return JSON.parse(r.stdout) as Record<string, boolean>
}

test('the code caches are taken as bin/run.cjs loads them: SCRIPT_FLAGS, with ANSWER_FLAGS for quick.cjs and undone for quick-run.cjs', () => {
  assert.equal(rejected('script'), {quick: false, 'quick-run': false})
})

test('under other flags V8 rejects them (what the test above would see if a flag were set in one place only)', () => {
  assert.equal(rejected('heap only'), {quick: true, 'quick-run': true})
})

test('bin/run.cjs, bin/pre-commit.cjs and the cache builder set SCRIPT_FLAGS before they load a script', () => {
  for (const file of ['bin/run.cjs', 'bin/pre-commit.cjs', 'scripts/code-cache.mjs']) {
    const text = readFileSync(path.join(repoRoot, file), 'utf8')
    const set = text.indexOf('for (const flag of SCRIPT_FLAGS) setFlagsFromString(flag)')
    assert.ok(set > 0, `${file} sets SCRIPT_FLAGS`)
    const load = text.search(/loadScript\(/)
    assert.ok(load > set, `${file} sets them before its first loadScript call`)
    const answer = text.indexOf('for (const flag of ANSWER_FLAGS) setFlagsFromString(flag)')
    assert.ok(answer > 0 && answer < load, `${file} sets ANSWER_FLAGS before it loads quick.cjs`)
    const undo = text.indexOf('for (const flag of ANSWER_UNDO) setFlagsFromString(flag)')
    assert.ok(undo > 0, `${file} undoes them`)
  }
})

test.run()
