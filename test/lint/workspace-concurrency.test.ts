// Two requests analysing one root while an edit cancels the analysis under them (a hover and the editor's
// update, say): both get an answer. The second used to wait on the cancelled analysis in a loop of
// microtasks that never let the first one's settle run, and the language server spun at 100 % CPU.
import {spawnSync} from 'node:child_process'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {repoRoot, tsProcessArgs} from '../helpers/paths.js'

test('a cancelled analysis waited on by a second request: both requests are answered, at every delay of the edit', () => {
  const r = spawnSync(process.execPath, tsProcessArgs(path.join(repoRoot, 'test/lint/concurrent-requests.ts')), {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 120_000,
  })
  assert.is(r.signal, null, `the child was stopped (${r.signal}) after: ${r.stdout}`)
  assert.is(r.status, 0, r.stderr)
  const lines = r.stdout.trim().split('\n')
  assert.equal(lines, [...[1, 2, 5, 10, 20, 40].map((d) => `delay ${d}: 1 1 analysed`), 'ok'])
})

test.run()
