// The layers of src/ (issue #15): dependency-cruiser with .dependency-cruiser.cjs, exactly as
// `npm run layers` runs it (the command is read from package.json). One test, so that the check counts
// in `N passed, N failed`; the report of the violations is its failure message.
import {spawnSync} from 'node:child_process'
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {repoRoot} from './helpers/paths.js'

test('layers: no import breaks the layering of src/ (npm run layers, .dependency-cruiser.cjs)', () => {
  const script =
    (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {scripts: Record<string, string>}).scripts['layers'] ?? ''
  const [command, ...args] = script.split(/\s+/)
  assert.is(command, 'depcruise', `package.json's "layers" script runs depcruise: ${script}`)
  const bin = path.join(repoRoot, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs')
  // plain text (uvu sets FORCE_COLOR=1 for itself)
  const {FORCE_COLOR: _color, ...env} = process.env
  const r = spawnSync(process.execPath, [bin, ...args], {cwd: repoRoot, encoding: 'utf8', env: {...env, NO_COLOR: '1'}})
  const report = `${r.stdout}${r.stderr}`.trim()
  assert.is(r.status, 0, `npm run layers failed:\n${report}`)
  // warnings (rules with severity "warn", kept while a file in the way is being rewritten) do not fail it; they are shown
  if (/\bwarn\b/.test(report)) process.stdout.write(`${report}\n`)
})

test.run()
