// providersDiff, the public entry point of `tfgraph providers diff`: the same document the command
// prints with --json, the count of failing changes it exits 2 on, and the same answer from files in memory.
import {spawnSync} from 'node:child_process'
import {readdirSync, readFileSync, statSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {providersDiff} from '../src/index.js'
import {fixturesDir, repoRoot} from './helpers/paths.js'

const rel = (p: string): string => path.relative(repoRoot, p)
const oldDir = path.join(fixturesDir, 'providers-diff', 'rebound', 'old')
const newDir = path.join(fixturesDir, 'providers-diff', 'rebound', 'new')

function filesOf(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name)
    if (statSync(p).isDirectory()) Object.assign(out, filesOf(p, `${prefix}${name}/`))
    else if (/\.(tf|tofu)(\.json)?$/.test(name)) out[prefix + name] = readFileSync(p, 'utf8')
  }
  return out
}

test('providersDiff: the document `providers diff --json` prints, and the failing count behind exit 2', async () => {
  const r = await providersDiff(rel(oldDir), rel(newDir))
  const cli = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'bin', 'run.cjs'), 'providers', 'diff', rel(oldDir), rel(newDir), '--json'],
    {
      cwd: repoRoot,
      encoding: 'utf8',
    },
  )
  assert.is(cli.status, 2)
  assert.equal(r.diff, JSON.parse(cli.stdout))
  assert.is(r.failing, 2)
  assert.is(r.incomplete, false)
  assert.equal(r.diagnostics, {old: [], new: []})
  assert.is((await providersDiff(rel(oldDir), rel(newDir), {failOn: ['added']})).failing, 0)
})

test('providersDiff on files in memory: the same changes', async () => {
  const disk = await providersDiff(oldDir, newDir)
  const mem = await providersDiff({files: filesOf(oldDir)}, {files: filesOf(newDir)})
  assert.equal([mem.diff.old, mem.diff.new], ['old', 'new'])
  assert.equal(
    mem.diff.changes.map((c) => [c.address, c.kind, c.before?.provider_config, c.after?.provider_config]),
    disk.diff.changes.map((c) => [c.address, c.kind, c.before?.provider_config, c.after?.provider_config]),
  )
})

test.run()
