// tfgraph providers diff on the command line: exit codes and the errors of the command (usage, a
// directory that is not a module, a missing git), each one line, no stack trace.
import {spawnSync} from 'node:child_process'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {repoRoot} from '../helpers/paths.js'

function run(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin/run.js'), 'providers', 'diff', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: {...process.env, NO_COLOR: '1', TFGRAPH_NO_CACHE: '1', ...env},
  })
  return {code: r.status, stdout: r.stdout, stderr: r.stderr}
}

const old = 'fixtures/providers-diff/rebound/old'
const neu = 'fixtures/providers-diff/rebound/new'

test('exit 2 for a risky change, 0 for none', () => {
  assert.is(run([old, neu]).code, 2)
  assert.is(run([old, old]).code, 0)
  assert.match(run([old, old]).stdout, /: 2 unchanged\n$/)
})

test('usage errors: two lines, exit 1', () => {
  const cases: [string[], string][] = [
    [[old], 'Error: give two directories (OLD_DIR NEW_DIR), or [DIR] --git REV\nSee "tfgraph providers diff --help".\n'],
    [
      [old, neu, '--git', 'main'],
      'Error: with --git give one directory, not two (it is compared with its tree at main)\nSee "tfgraph providers diff --help".\n',
    ],
    [
      [old, neu, '--fail-on', 'rebound,nope'],
      'Error: --fail-on takes kinds among rebound, config-changed, provider-changed, removed-with-config, removed, added (got "nope")\nSee "tfgraph providers diff --help".\n',
    ],
    [
      [old, neu, '--json', '--format', 'markdown'],
      'Error: --json and --format markdown conflict: --json is --format json\nSee "tfgraph providers diff --help".\n',
    ],
  ]
  for (const [args, want] of cases) {
    const r = run(args)
    assert.is(r.code, 1, args.join(' '))
    assert.is(r.stderr, want)
    assert.is(r.stdout, '')
  }
})

test('a directory that is not a module, a revision that is an option, git missing: one line, exit 1', () => {
  const r = run([old, 'fixtures/providers-diff/nope'])
  assert.is(r.code, 1)
  assert.is(r.stderr.split('\n').length, 2)
  const opt = run([old, '--git', '--upload-pack=x'])
  assert.is(opt.code, 1)
  assert.match(opt.stderr, /^Error: --git --upload-pack=x: not a git revision/)
  const noGit = run([old, '--git', 'HEAD'], {PATH: '/nonexistent'})
  assert.is(noGit.code, 1)
  assert.is(noGit.stderr, 'Error: --git HEAD: git is not installed (or not on PATH): --git needs it to read the old revision\n')
})

test.run()
