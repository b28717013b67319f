// The test runner itself (scripts/test.mjs): each file in its own process, output per file in sorted
// order whatever order they finish in, failures, crashes and hangs counted as failed, the closing line CI
// reads, a selection by words, --list, and --changed through the import graph. Run on a small repository
// of its own (the runner's scripts copied, node_modules linked), never on this one.
import {execFileSync, spawn, spawnSync} from 'node:child_process'
import {cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {repoRoot} from './helpers/paths.js'

const RUNNER_FILES = ['test.mjs', 'test-file.mjs', 'test-changed.mjs', 'test-compile.mjs', 'skip-count.mjs']

function makeRepo(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-runner-'))
  mkdirSync(path.join(dir, 'scripts'))
  for (const f of RUNNER_FILES) cpSync(path.join(repoRoot, 'scripts', f), path.join(dir, 'scripts', f))
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
  writeFileSync(path.join(dir, 'package.json'), '{"type": "module"}\n')
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), {recursive: true})
    writeFileSync(path.join(dir, name), text)
  }
  return dir
}

type Ran = {status: number | null; stdout: string; stderr: string}

function runnerEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = {...process.env, TFGRAPH_TEST_JOBS: '2', ...env}
  delete e['CI']
  return e
}

function runner(dir: string, args: string[], env: NodeJS.ProcessEnv = {}): Ran {
  const r = spawnSync(process.execPath, [path.join(dir, 'scripts', 'test.mjs'), ...args], {cwd: dir, encoding: 'utf8', env: runnerEnv(env)})
  return {status: r.status, stdout: r.stdout, stderr: r.stderr}
}

/** `runner`, not waited for: the run goes on while the file's other tests run. */
function runnerStarted(dir: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(dir, 'scripts', 'test.mjs'), ...args], {cwd: dir, env: runnerEnv(env)})
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c))
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c))
    child.on('error', reject)
    child.on('close', (status) => resolve({status, stdout, stderr}))
  })
}

const passing = (name: string, n: number): string =>
  `import {test} from 'uvu'\nimport * as assert from 'uvu/assert'\n` +
  Array.from({length: n}, (_, i) => `test('${name} ${i}', () => assert.ok(true))\n`).join('') +
  'test.run()\n'

test('npm test -- WORD: the files whose path has a word; --list prints them; a word that matches nothing is exit 1', () => {
  const dir = makeRepo({
    'test/lsp/one.test.ts': passing('lsp one', 2),
    'test/lsp/two.test.ts': passing('lsp two', 1),
    'test/rules/three.test.ts': passing('three', 3),
  })
  try {
    const list = runner(dir, ['--list', 'lsp'])
    assert.is(list.status, 0, list.stderr)
    assert.is(list.stdout, 'test/lsp/one.test.ts\ntest/lsp/two.test.ts\n')
    const r = runner(dir, ['rules'])
    assert.is(r.status, 0, r.stdout + r.stderr)
    assert.match(r.stdout, /^1 test file, 2 at a time \(a selection\)$/m)
    assert.is(r.stdout.trimEnd().split('\n').at(-1), '3 passed, 0 failed')
    const none = runner(dir, ['nothing-like-this'])
    assert.is(none.status, 1)
    assert.match(none.stderr, /no test file matches "nothing-like-this"/)
    assert.is(none.stdout, '')
    const flag = runner(dir, ['--nope'])
    assert.is(flag.status, 1)
    assert.match(flag.stderr, /unknown flag: --nope/)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('--changed: the test files whose imports reach a changed source file, a changed fixture by its folder, nothing when nothing changed', () => {
  const dir = makeRepo({
    'src/a.ts': 'export const a = 1\n',
    'src/b.ts': "import {a} from './a.js'\nexport const b = a + 1\n",
    'src/c.ts': 'export const c = 3\n',
    'test/uses-b.test.ts': `import {test} from 'uvu'\nimport * as assert from 'uvu/assert'\nimport {b} from '../src/b.js'\ntest('b', () => assert.is(b, 2))\ntest.run()\n`,
    'test/uses-c.test.ts': `import {test} from 'uvu'\nimport * as assert from 'uvu/assert'\nimport {c} from '../src/c.js'\ntest('c', () => assert.is(c, 3))\ntest.run()\n`,
    'test/reads-fixture.test.ts': `import {test} from 'uvu'\nimport * as assert from 'uvu/assert'\nconst where = 'fixtures/demo'\ntest('fixture', () => assert.ok(where))\ntest.run()\n`,
    'fixtures/demo/main.tf': 'resource "x" "y" {}\n',
  })
  const git = (...args: string[]): string => execFileSync('git', args, {cwd: dir, encoding: 'utf8'})
  try {
    writeFileSync(path.join(dir, '.gitignore'), 'node_modules\n')
    git('init', '-q', '-b', 'main')
    git('add', '-A')
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'init')
    const clean = runner(dir, ['--changed', '--list'])
    assert.is(clean.status, 0, clean.stderr)
    assert.match(clean.stdout, /^0 files changed since main \([0-9a-f]{7}\): no test to run$/m)
    writeFileSync(path.join(dir, 'src/a.ts'), 'export const a = 1 // changed\n')
    const src = runner(dir, ['--changed', '--list'])
    assert.is(src.status, 0, src.stderr)
    assert.is(src.stdout.split('\n').slice(1).join('\n'), 'test/uses-b.test.ts\n')
    git('checkout', '-q', 'src/a.ts')
    writeFileSync(path.join(dir, 'fixtures/demo/main.tf'), 'resource "x" "z" {}\n')
    const fixture = runner(dir, ['--changed', '--list'])
    assert.is(fixture.stdout.split('\n').slice(1).join('\n'), 'test/reads-fixture.test.ts\n')
    writeFileSync(path.join(dir, 'package.json'), '{"type": "module", "name": "x"}\n')
    const all = runner(dir, ['--changed', '--list'])
    assert.match(all.stdout, /package\.json changed: every test file/)
    assert.is(all.stdout.split('\n').filter((l) => l.endsWith('.test.ts')).length, 3)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

// The run with a hanging file waits out its timeout (15 s): it is started here, before the other tests,
// and the test that checks it is the file's last, so that the wait and the other tests overlap.
const hangRepo = makeRepo({
  // the first file takes longest, so it finishes last: its output still comes first
  'test/a-slow.test.ts': `import {test} from 'uvu'\nimport * as assert from 'uvu/assert'\ntest('slow', async () => { await new Promise((r) => setTimeout(r, 1000)); assert.ok(true) })\ntest.run()\n`,
  'test/b-fails.test.ts': `import {test} from 'uvu'\nimport * as assert from 'uvu/assert'\ntest('one', () => assert.ok(true))\ntest('two', () => assert.is(1, 2, 'one is not two'))\ntest.run()\n`,
  'test/c-crashes.test.ts': `import {test} from 'uvu'\ntest('exits', () => { process.exit(3) })\ntest.run()\n`,
  'test/d-hangs.test.ts': `import {test} from 'uvu'\ntest('waits forever', () => new Promise(() => { setInterval(() => {}, 1000) }))\ntest.run()\n`,
  'test/e-state.test.ts': `import {test} from 'uvu'\nimport * as assert from 'uvu/assert'\n// no state from another file: each runs in a fresh process\ntest('fresh', () => { assert.is((globalThis as {mark?: number}).mark, undefined); (globalThis as {mark?: number}).mark = 1 })\ntest.run()\n`,
  'test/f-state.test.ts': `import {test} from 'uvu'\nimport * as assert from 'uvu/assert'\ntest('fresh too', () => { assert.is((globalThis as {mark?: number}).mark, undefined); (globalThis as {mark?: number}).mark = 2 })\ntest.run()\n`,
  'test/g-skip.test.ts': `import {test} from 'uvu'\nprocess.stdout.write('SKIP g: needs nothing, for the count\\n')\ntest('ok', () => {})\ntest.run()\n`,
})
// long enough that a file which does finish finishes on a machine under a load of 20 (seen: 2 s was not)
const hangRun = runnerStarted(hangRepo, [], {TFGRAPH_TEST_TIMEOUT: '15'})

test('each file alone, printed in sorted order; a failure, a crash and a hang are failed files; the closing line', async () => {
  try {
    const r = await hangRun
    assert.is(r.status, 1, r.stdout + r.stderr)
    const heads = [...r.stdout.matchAll(/^── (\S+) \(/gm)].map((m) => m[1])
    assert.equal(heads, [
      'test/a-slow.test.ts',
      'test/b-fails.test.ts',
      'test/c-crashes.test.ts',
      'test/d-hangs.test.ts',
      'test/e-state.test.ts',
      'test/f-state.test.ts',
      'test/g-skip.test.ts',
    ])
    assert.match(r.stdout, /── test\/b-fails\.test\.ts \([\d.]+ s, 1\/2 passed, FAILED\)/)
    assert.match(r.stdout, /one is not two/)
    assert.match(r.stdout, /test\/c-crashes\.test\.ts: exited with code 3 before reporting its results/)
    assert.match(r.stdout, /test\/d-hangs\.test\.ts: stopped after 15 s/)
    assert.match(r.stdout, /^failed: test\/b-fails\.test\.ts, test\/c-crashes\.test\.ts, test\/d-hangs\.test\.ts$/m)
    assert.match(r.stdout, /^slowest files/m)
    const last = r.stdout.trimEnd().split('\n').at(-1)
    // a-slow 1, b 1 of 2, e 1, f 1, g 1 passed; b (one), c (one), d (one) failed
    assert.is(last, '5 passed, 3 failed, 0 skipped (1 part, each listed above as SKIP with its reason)')
  } finally {
    rmSync(hangRepo, {recursive: true, force: true})
  }
})

test.run()
