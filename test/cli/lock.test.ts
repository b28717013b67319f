// Smoke tests of `tfgraph lock` and `tfgraph lock diff`: exit codes, streams, JSON.
import {spawnSync} from 'node:child_process'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

function run(...args: string[]) {
  const env: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1'}
  delete env['TF_DATA_DIR']
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin/run.js'), ...args], {encoding: 'utf8', env})
  return {code: r.status, stdout: r.stdout, stderr: r.stderr}
}

test('lock: inconsistent lock file exits 2 with Terraform wording', () => {
  const r = run('lock', path.join(fixturesDir, 'lock/statuses'))
  assert.is(r.code, 2)
  assert.match(r.stdout, /MISSING\s+registry.terraform.io\/hashicorp\/tls/)
  assert.match(r.stderr, /Error: Inconsistent dependency lock file/)
})

test('lock --json contract', () => {
  const r = run('lock', path.join(fixturesDir, 'lock/statuses'), '--json')
  const doc = JSON.parse(r.stdout) as {format_version: string; lock_file: string; providers: {provider: string; status: string; hashes: {h1: number}}[]}
  assert.is(doc.format_version, '1')
  assert.is(doc.lock_file, '.terraform.lock.hcl')
  assert.equal(doc.providers.map((p) => p.status), ['ok', 'unused', 'unsatisfied', 'missing'])
})

test('lock diff: two files, text and JSON; unreadable file exits 1', () => {
  const dir = path.join(fixturesDir, 'lock/diff/upgraded')
  const r = run('lock', 'diff', path.join(dir, 'old.terraform.lock.hcl'), path.join(dir, 'new.terraform.lock.hcl'))
  assert.is(r.code, 0)
  assert.match(r.stdout, /Upgraded/)
  const j = run('lock', 'diff', path.join(dir, 'old.terraform.lock.hcl'), path.join(dir, 'new.terraform.lock.hcl'), '--json')
  assert.is((JSON.parse(j.stdout) as {format_version: string}).format_version, '1')
  const missing = run('lock', 'diff', path.join(dir, 'nope.hcl'), path.join(dir, 'new.terraform.lock.hcl'))
  assert.is(missing.code, 1)
  assert.not.match(missing.stderr, /\n\s+at .+:\d+:\d+/)
})

test.run()
