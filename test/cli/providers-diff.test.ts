// tfgraph providers diff on the command line: exit codes and the errors of the command (usage, a
// directory that is not a module, a missing git), each one line, no stack trace. The command lines run in
// this process (test/helpers/cli.ts); the first, and the one without git on PATH, also as processes of their own.
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {checkedRunner, runCliChecked} from '../helpers/cli.js'

const runner = checkedRunner({env: {TFGRAPH_NO_CACHE: '1'}})

function run(args: readonly string[], env: Record<string, string> = {}) {
  return runner(['providers', 'diff', ...args], {env})
}

const old = 'fixtures/providers-diff/rebound/old'
const neu = 'fixtures/providers-diff/rebound/new'

test('exit 2 for a risky change, 0 for none', async () => {
  assert.is((await run([old, neu])).code, 2)
  assert.is((await run([old, old])).code, 0)
  assert.match((await run([old, old])).stdout, /: 2 unchanged\n$/)
})

test('usage errors: two lines, exit 1', async () => {
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
    const r = await run(args)
    assert.is(r.code, 1, args.join(' '))
    assert.is(r.stderr, want)
    assert.is(r.stdout, '')
  }
})

test('a directory that is not a module, a revision that is an option, git missing: one line, exit 1', async () => {
  const r = await run([old, 'fixtures/providers-diff/nope'])
  assert.is(r.code, 1)
  assert.is(r.stderr.split('\n').length, 2)
  const opt = await run([old, '--git', '--upload-pack=x'])
  assert.is(opt.code, 1)
  assert.match(opt.stderr, /^Error: --git --upload-pack=x: not a git revision/)
  const noGit = await runCliChecked(['providers', 'diff', old, '--git', 'HEAD'], {env: {TFGRAPH_NO_CACHE: '1', PATH: '/nonexistent'}})
  assert.is(noGit.code, 1)
  assert.is(noGit.stderr, 'Error: --git HEAD: git is not installed (or not on PATH): --git needs it to read the old revision\n')
})

test.run()
