// Issue #54 item 1: a directory that exists behind a parent the user may not enter is "permission denied",
// as the operating system said, with the directory that blocks the way — never "does not exist" — for
// every command that takes a directory. Root reads anything, so as root the CLI runs as "nobody" from a
// copy it can read (test/reliability/properties.ts, readableCliCopy); otherwise as this user.
import {chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {osErrorText} from '../../src/diag/os-error.js'
import {skip} from '../package/install.js'
import {checkCli, readableCliCopy, spawnCli} from '../reliability/properties.js'

test('osErrorText: the operating system words, without the code and the path', () => {
  const e = Object.assign(new Error("EACCES: permission denied, scandir '/x/y'"), {code: 'EACCES'})
  assert.is(osErrorText(e), 'permission denied')
  const loop = Object.assign(new Error("ELOOP: too many symbolic links encountered, stat '/a'"), {code: 'ELOOP'})
  assert.is(osErrorText(loop), 'too many symbolic links encountered')
  assert.is(osErrorText(Object.assign(new Error('odd failure'), {code: 'EIO'})), 'odd failure (EIO)')
})

test('every command: a directory behind a parent that cannot be entered is "permission denied", not "does not exist"', () => {
  const d = mkdtempSync(path.join(tmpdir(), 'tfgraph-perm-'))
  const root = process.getuid?.() === 0
  const copy = root ? readableCliCopy(65534, 65534) : undefined
  try {
    if (copy && 'why' in copy) {
      skip('permission denied as an unprivileged user', copy.why)
      return
    }
    chmodSync(d, 0o755)
    const home = path.join(d, 'home')
    mkdirSync(home)
    chmodSync(home, 0o777)
    mkdirSync(path.join(d, 'locked', 'mod'), {recursive: true})
    writeFileSync(path.join(d, 'locked', 'mod', 'main.tf'), 'resource "null_resource" "a" {}\n')
    chmodSync(path.join(d, 'locked'), root ? 0o700 : 0o000)
    const env = {...process.env, HOME: home, TFGRAPH_CACHE_DIR: path.join(home, 'cache'), TFGRAPH_JOBS: '1'}
    const as = root ? {uid: 65534, gid: 65534, cliRoot: copy!.root} : {}
    const dir = path.join('locked', 'mod')
    for (const args of [
      ['providers', dir],
      ['lint', dir],
      ['lint', dir, '--recursive'],
      ['graph', dir],
      ['config', dir],
      ['lock', dir],
    ]) {
      const r = spawnCli(args, {bytes: 0, env, cwd: d, ...as})
      assert.equal(checkCli(args[0]!, r), [])
      assert.is(r.status, 1, `${args.join(' ')}: ${r.stderr}`)
      assert.not.match(r.stderr, /does not exist/, args.join(' '))
      assert.match(
        r.stderr,
        `${dir} cannot be read: permission denied (the directory locked on its path cannot be entered)`,
        args.join(' '),
      )
    }
    // a directory that is not there still says so
    const missing = spawnCli(['providers', 'nowhere'], {bytes: 0, env, cwd: d, ...as})
    assert.is(missing.stderr, 'Error: Failed to read module directory: nowhere does not exist\n')
  } finally {
    chmodSync(path.join(d, 'locked'), 0o755)
    rmSync(d, {recursive: true, force: true})
    if (copy && 'remove' in copy) copy.remove()
  }
})

test.run()
