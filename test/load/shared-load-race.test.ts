// One directory is one module object per run whatever the timing (issue 52, item 12). A directory
// written just before the run has files without stat stamps (changed within the last seconds), so a
// shared load cannot be proved unchanged by stamps; two roots crawled at once then each decoded the
// shared directory again (`lint --recursive --verbose --no-cache` said 4 module directories decoded,
// not 3, on a freshly written tree). The tests force that timing: a DiskSource that never records a
// stamp, loads started before any finished (and before the loader module is imported), a fresh copy
// of the fixture for the command.
import {spawnSync} from 'node:child_process'
import {cpSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {suite} from 'uvu'
import * as assert from 'uvu/assert'
import {DiskSource} from '../../src/io/inputs.js'
import {MemorySource} from '../../src/io/memory-source.js'
import {RunContext} from '../../src/load/run-context.js'
import {analyzeProviders} from '../../src/providers/analyze.js'
import type {ModuleNode} from '../../src/crawl/crawl.js'
import type {Module} from '../../src/load/model.js'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

const T = suite('load: shared loads under any timing')
const twoRoots = path.join(fixturesDir, 'crawl/one-module-two-roots')

/** A disk whose every file reads as changed just now: no stamp is ever recorded. */
const racyDisk = (): DiskSource => new DiskSource({racyMs: Number.MAX_SAFE_INTEGER})

function modulesOf(n: ModuleNode, out: Module[] = []): Module[] {
  if (n.module) out.push(n.module)
  for (const c of n.children) modulesOf(c, out)
  return out
}

T('loads of one directory started at once, before the loader is imported: one decode, one object', async () => {
  const ctx = new RunContext({files: racyDisk(), cache: false})
  try {
    const dir = path.join(twoRoots, 'm')
    const results = await Promise.all([ctx.loads.load(dir), ctx.loads.load(dir), ctx.loads.load(dir)])
    assert.is(ctx.stats.decoded, 1)
    assert.ok(results.every((r) => r.module === results[0]?.module))
    // asked again once stored: its files have no stamps, their contents are the same: the same object
    const again = await ctx.loads.load(dir)
    assert.is(again.module, results[0]?.module)
    assert.is(ctx.stats.decoded, 1)
  } finally {
    await ctx.close()
  }
})

T('two roots analysed at once, each calling the module twice: 3 directories decoded, the shared module one object', async () => {
  const ctx = new RunContext({files: racyDisk(), cache: false})
  try {
    const [a, b] = await Promise.all(['a', 'env/b'].map((r) => analyzeProviders(path.join(twoRoots, r), {context: ctx})))
    assert.is(ctx.stats.decoded, 3)
    const shared = [...modulesOf(a!.tree.root), ...modulesOf(b!.tree.root)].filter((m) => m.dir.endsWith(`${path.sep}m`))
    assert.is(shared.length, 4)
    assert.ok(shared.every((m) => m === shared[0]))
  } finally {
    await ctx.close()
  }
})

/** Files in memory whose stored loads the test declares out of date (as an edit between two reads would). */
class OutdatedSource extends MemorySource {
  outdated = false
  override unchanged(): boolean {
    return !this.outdated
  }
}

T('requests that waited for a load found out of date: the first loads again, the others take that load', async () => {
  const files = new OutdatedSource('/r', {'m/main.tf': 'resource "terraform_data" "a" {}\n'})
  const ctx = new RunContext({files, cache: false})
  try {
    const first = await ctx.loads.load('/r/m')
    files.outdated = true
    const again = await Promise.all([ctx.loads.load('/r/m'), ctx.loads.load('/r/m'), ctx.loads.load('/r/m')])
    assert.is(ctx.stats.decoded, 2)
    assert.is.not(again[0]!.module, first.module)
    assert.ok(again.every((r) => r.module === again[0]!.module))
  } finally {
    await ctx.close()
  }
})

T('a file whose contents changed is still read again (no stamp to go by)', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-race-'))
  const ctx = new RunContext({files: racyDisk(), cache: false})
  try {
    writeFileSync(path.join(dir, 'main.tf'), 'resource "terraform_data" "a" {}\n')
    const first = await ctx.loads.load(dir)
    writeFileSync(path.join(dir, 'main.tf'), 'resource "terraform_data" "b" {}\n')
    const second = await ctx.loads.load(dir)
    assert.is.not(second.module, first.module)
    assert.is(ctx.stats.decoded, 2)
  } finally {
    await ctx.close()
    rmSync(dir, {recursive: true, force: true})
  }
})

T('lint --recursive --verbose --no-cache on a tree written just now decodes 3 directories', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-race-'))
  try {
    cpSync(twoRoots, dir, {recursive: true})
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin/run.cjs'), 'lint', '--recursive', '--verbose', '--no-cache', '.'], {
      cwd: dir,
      encoding: 'utf8',
      env: {...process.env, NO_COLOR: '1'},
    })
    assert.is(r.status, 0, r.stderr)
    assert.match(r.stderr, /; 3 module directories decoded\n/)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

T.run()
