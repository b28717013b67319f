// The quick start's V8 code caches (dist/cli/quick.cjs.cache, quick-run.cjs.cache, made at build by
// scripts/code-cache.mjs) are taken by V8 only under the flags they were made with: quick.cjs is loaded
// under Node's own flags (a warm answer sets none: it never loads node:v8), and bin/run.js and
// bin/pre-commit.js set bin/load-script.js's SCRIPT_FLAGS (setScriptFlags) before loading quick-run.cjs, so
// a run uses both caches; under other flags V8 rejects them and compiles the scripts again (tens of
// milliseconds a run).
import {spawnSync} from 'node:child_process'
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {pathToFileURL} from 'node:url'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {repoRoot} from '../helpers/paths.js'

/** Whether V8 rejected each script's cache, loaded in a fresh Node: quick.cjs under `quick`, then quick-run.cjs under `run` added. */
function rejected(flags: {quick: string; run: string}): Record<string, boolean> {
  const loader = pathToFileURL(path.join(repoRoot, 'bin', 'load-script.js')).href
  const dir = path.join(repoRoot, 'dist', 'cli')
  const list = (f: string) => (f === 'script' ? 'SCRIPT_FLAGS' : f === 'none' ? '[]' : JSON.stringify([f]))
  const code = `
    import {loadScript, SCRIPT_FLAGS, setScriptFlags} from ${JSON.stringify(loader)}
    const out = {}
    await setScriptFlags(${list(flags.quick)})
    out.quick = loadScript(${JSON.stringify(dir)} + '/quick.cjs').script.cachedDataRejected
    await setScriptFlags(${list(flags.run)})
    out['quick-run'] = loadScript(${JSON.stringify(dir)} + '/quick-run.cjs').script.cachedDataRejected
    process.stdout.write(JSON.stringify(out))
  `
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], {encoding: 'utf8', cwd: repoRoot})
  assert.is(r.status, 0, r.stderr)
  return JSON.parse(r.stdout) as Record<string, boolean>
}

test("the code caches are taken as bin/run.js loads them: quick.cjs under Node's own flags, quick-run.cjs under SCRIPT_FLAGS", () => {
  assert.equal(rejected({quick: 'none', run: 'script'}), {quick: false, 'quick-run': false})
})

test('under other flags V8 rejects them (what the test above would see if a flag were set in one place only)', () => {
  assert.equal(rejected({quick: '--heap-growing-percent=50', run: 'none'}), {quick: true, 'quick-run': true})
})

test('bin/run.js and bin/pre-commit.js set no flag before quick.cjs, and SCRIPT_FLAGS before quick-run.cjs', () => {
  for (const file of ['bin/run.js', 'bin/pre-commit.js']) {
    const text = readFileSync(path.join(repoRoot, file), 'utf8')
    assert.not.match(text, /from 'node:v8'/, `${file} does not load node:v8 itself`)
    const quick = text.indexOf("script('quick')")
    const set = text.indexOf('await setScriptFlags()')
    const run = text.indexOf("script('quick-run')")
    assert.ok(quick > 0 && set > 0 && run > 0, `${file} loads both scripts and sets the flags`)
    assert.ok(set < run, `${file} sets SCRIPT_FLAGS before it loads quick-run.cjs`)
  }
  const builder = readFileSync(path.join(repoRoot, 'scripts/code-cache.mjs'), 'utf8')
  assert.ok(builder.indexOf('await setScriptFlags()') < builder.indexOf("loadScript(path.join(dir, 'quick-run.cjs'))"), 'the builder too')
})

test.run()
