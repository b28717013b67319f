// The worker pool parses exactly as in-process parsing does, writes the shared cache, and falls back
// to in-process parsing when its workers go away.
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {ParseCache} from '../../src/hcl/parse-cache.js'
import {RunContext} from '../../src/load/run-context.js'
import {fixtureTfFiles} from '../helpers/sample-files.js'

const files = fixtureTfFiles()

/** A run with its own parser: the cache off or at `cache`, `jobs` workers starting after `threshold` uncached files. */
function run(cache: string | false, jobs: number, threshold: number): RunContext {
  // the pool serves the reference parser only (ours is faster in-process)
  return new RunContext({cache: cache === false ? false : {enabled: true, dir: cache}, jobs, poolThreshold: threshold, parser: 'hcl2json'})
}

const parseAll = (ctx: RunContext, some: readonly {name: string; text: string}[]) =>
  Promise.all(some.map((f) => ctx.parser.parse(f.text, f.name)))

test('pooled results equal in-process results, file by file (incl. syntax errors)', async () => {
  assert.ok(files.length > 50, `sample has ${files.length} files`)
  const inProcess = await parseAll(run(false, 1, Number.MAX_SAFE_INTEGER), files)
  const pooled = run(false, 2, 0)
  try {
    const results = await parseAll(pooled, files)
    assert.is(
      pooled.stats.pooled,
      new Set(files.map((f) => f.text)).size,
      'every distinct text went to a worker (identical texts are parsed once)',
    )
    assert.equal(results, inProcess)
    assert.ok(
      inProcess.some((r) => r.diagnostics.length > 0),
      'the sample includes syntax errors',
    )
  } finally {
    await pooled.close()
  }
})

test('workers write the shared cache', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-pool-cache-'))
  const ctx = run(dir, 2, 0)
  try {
    const some = files.slice(0, 10)
    await parseAll(ctx, some)
    const cache = new ParseCache({enabled: true, dir, parser: 'hcl2json'})
    for (const f of some) assert.ok(cache.read(f.text, f.name), `${f.name} cached by a worker`)
  } finally {
    await ctx.close()
    rmSync(dir, {recursive: true, force: true})
  }
})

test("two runs with different cache directories: each run's workers write to its own", async () => {
  const a = mkdtempSync(path.join(tmpdir(), 'tfgraph-pool-a-'))
  const b = mkdtempSync(path.join(tmpdir(), 'tfgraph-pool-b-'))
  const first = run(a, 2, 0)
  const second = run(b, 2, 0)
  try {
    await parseAll(first, files.slice(0, 4))
    const later = files.slice(4, 8)
    await parseAll(second, later)
    for (const f of later)
      assert.ok(
        new ParseCache({enabled: true, dir: b, parser: 'hcl2json'}).read(f.text, f.name),
        `${f.name} cached in the second run's directory`,
      )
    for (const f of later)
      assert.not.ok(
        new ParseCache({enabled: true, dir: a, parser: 'hcl2json'}).read(f.text, f.name),
        `${f.name} not in the first run's directory`,
      )
  } finally {
    await first.close()
    await second.close()
    rmSync(a, {recursive: true, force: true})
    rmSync(b, {recursive: true, force: true})
  }
})

test('the pool waits for the threshold: below it, files are parsed in-process', async () => {
  const ctx = run(false, 2, 1000)
  try {
    await parseAll(ctx, files.slice(0, 20))
    assert.is(ctx.stats.pooled, 0)
  } finally {
    await ctx.close()
  }
})

test('a run that announces its size starts the pool once four cache misses project past the threshold', async () => {
  const ctx = run(false, 2, 1000)
  ctx.pool.expect(5000)
  try {
    assert.not.ok(ctx.pool.shouldUse(3, 0), 'three lookups are too few to project from')
    assert.ok(ctx.pool.shouldUse(4, 0), 'four misses of four: ~5,000 to parse')
    assert.not.ok(ctx.pool.shouldUse(1, 100), 'one miss in a hundred lookups: ~50 to parse, in-process')
    await parseAll(ctx, files.slice(0, 20))
    assert.ok(ctx.stats.pooled >= 20 - 4, `pooled ${ctx.stats.pooled} of 20`)
  } finally {
    await ctx.close()
  }
})

test('files of a pool that stops are parsed in-process instead', async () => {
  const expected = await parseAll(run(false, 1, Number.MAX_SAFE_INTEGER), files.slice(0, 30))
  const ctx = run(false, 2, 0)
  try {
    const pending = parseAll(ctx, files.slice(0, 30))
    await ctx.pool.close()
    assert.equal(await pending, expected)
  } finally {
    await ctx.close()
  }
})

test.run()
