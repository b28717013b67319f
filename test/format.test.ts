// Formatting (issue #15): Prettier over the code the project writes, exactly as `npm run format:check`
// runs it (the command is read from package.json). One test, so that the check counts in
// `N passed, N failed`; the files Prettier would change are its failure message (`npm run format` fixes them).
import {spawnSync} from 'node:child_process'
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {repoRoot} from './helpers/paths.js'

test('format: every source file is as Prettier writes it (npm run format:check)', () => {
  const script =
    (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {scripts: Record<string, string>}).scripts['format:check'] ??
    ''
  const m = /^prettier --check "([^"]+)"$/.exec(script)
  assert.ok(m, `package.json's "format:check" script runs prettier --check on one glob: ${script}`)
  const bin = path.join(repoRoot, 'node_modules', 'prettier', 'bin', 'prettier.cjs')
  const r = spawnSync(process.execPath, [bin, '--check', '--log-level', 'warn', m[1]!], {cwd: repoRoot, encoding: 'utf8'})
  assert.is(r.status, 0, `npm run format:check failed (npm run format fixes it):\n${r.stdout}${r.stderr}`)
})

test.run()
