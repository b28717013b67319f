// Issue #54 item 2: `lint --recursive` names, on stderr, the symbolic links it does not follow — a loop,
// a link that leads nowhere, a link to a directory outside the search — as it names directories it could
// not read; a link to a directory inside the search is searched where it lives and not named.
import {spawnSync} from 'node:child_process'
import {mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {repoRoot} from '../helpers/paths.js'

function lint(args: readonly string[], cwd: string) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin/run.cjs'), 'lint', ...args], {
    cwd,
    encoding: 'utf8',
    env: {...process.env, NO_COLOR: '1', TFGRAPH_CACHE_DIR: path.join(cwd, '.cache')},
  })
  return {code: r.status, stdout: r.stdout, stderr: r.stderr}
}

test('lint --recursive: symbolic link loops and links out of the search are named on stderr', () => {
  const d = mkdtempSync(path.join(tmpdir(), 'tfgraph-links-'))
  const outside = mkdtempSync(path.join(tmpdir(), 'tfgraph-outside-'))
  try {
    const tf = 'terraform {\n  required_version = ">= 1.5"\n}\n'
    mkdirSync(path.join(d, 'tree', 'a'), {recursive: true})
    mkdirSync(path.join(d, 'tree', 'b'), {recursive: true})
    writeFileSync(path.join(d, 'tree', 'a', 'main.tf'), tf)
    writeFileSync(path.join(d, 'tree', 'b', 'main.tf'), tf)
    symlinkSync('self', path.join(d, 'tree', 'a', 'self'))
    symlinkSync('../a', path.join(d, 'tree', 'a', 'back'))
    symlinkSync('../b', path.join(d, 'tree', 'a', 'to-b'))
    symlinkSync(outside, path.join(d, 'tree', 'out'))
    for (const format of ['text', 'json', 'compact']) {
      const r = lint(['tree', '--recursive', '--format', format], d)
      assert.is(r.code, 0, r.stderr)
      assert.is(
        r.stderr,
        'Note: not searched: tree/a/back is a symbolic link loop (it leads back to a directory above it): not followed\n' +
          'Note: not searched: tree/a/self is a symbolic link that leads nowhere (a loop, or a missing target): not followed\n' +
          'Note: not searched: tree/out is a symbolic link to a directory outside the search: not followed\n',
        format,
      )
    }
    // the second run (the search cached) says the same
    assert.match(lint(['tree', '--recursive'], d).stderr, 'tree/a/self is a symbolic link that leads nowhere')
    // no links: nothing said
    rmSync(path.join(d, 'tree', 'a', 'self'))
    rmSync(path.join(d, 'tree', 'a', 'back'))
    rmSync(path.join(d, 'tree', 'out'))
    assert.is(lint(['tree', '--recursive'], d).stderr, '')
  } finally {
    rmSync(d, {recursive: true, force: true})
    rmSync(outside, {recursive: true, force: true})
  }
})

test.run()
