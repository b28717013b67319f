// The worker pool parses exactly as in-process parsing does, writes the shared cache, and falls back
// to in-process parsing when its workers go away.
import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {configureParseCache, readCachedParse} from '../../src/hcl/parse-cache.js'
import {clearParseMemo, parseNativeConfig} from '../../src/hcl/parse-native.js'
import {closeParsePool, configureParsePool, expectNativeFiles, parsePoolJobs, shouldUsePool} from '../../src/hcl/parse-pool.js'
import {parseStats, resetParseStats} from '../../src/hcl/parse-stats.js'
import {fixturesDir} from '../helpers/paths.js'

/** Every native file under fixtures/providers and fixtures/load (valid and broken ones alike). */
function sampleFiles(): {name: string; text: string}[] {
  const out: {name: string; text: string}[] = []
  const walk = (d: string): void => {
    for (const e of readdirSync(d, {withFileTypes: true}).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(d, e.name)
      if (e.isDirectory()) walk(p)
      else if (e.name.endsWith('.tf')) out.push({name: path.relative(fixturesDir, p), text: readFileSync(p, 'utf8')})
    }
  }
  walk(path.join(fixturesDir, 'providers'))
  walk(path.join(fixturesDir, 'load'))
  return out
}

const files = sampleFiles()
const jobs = parsePoolJobs()
const restore = () => {
  configureParsePool({jobs, threshold: 1000})
  configureParseCache({enabled: true})
}

test('pooled results equal in-process results, file by file (incl. syntax errors)', async () => {
  assert.ok(files.length > 50, `sample has ${files.length} files`)
  configureParseCache({enabled: false})
  configureParsePool({jobs: 1, threshold: Number.MAX_SAFE_INTEGER})
  const inProcess = await Promise.all(files.map((f) => parseNativeConfig(f.text, f.name)))
  resetParseStats()
  clearParseMemo()
  configureParsePool({jobs: 2, threshold: 0})
  try {
    const pooled = await Promise.all(files.map((f) => parseNativeConfig(f.text, f.name)))
    assert.is(parseStats.pooled, new Set(files.map((f) => f.text)).size, 'every distinct text went to a worker (identical texts are parsed once)')
    assert.equal(pooled, inProcess)
    assert.ok(inProcess.some((r) => r.diagnostics.length > 0), 'the sample includes syntax errors')
  } finally {
    await closeParsePool()
    restore()
  }
})

test('workers write the shared cache', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-pool-cache-'))
  configureParseCache({enabled: true, dir})
  clearParseMemo()
  configureParsePool({jobs: 2, threshold: 0})
  try {
    const some = files.slice(0, 10)
    await Promise.all(some.map((f) => parseNativeConfig(f.text, f.name)))
    for (const f of some) assert.ok(readCachedParse(f.text, f.name), `${f.name} cached by a worker`)
  } finally {
    await closeParsePool()
    restore()
    rmSync(dir, {recursive: true, force: true})
  }
})

test('a running pool follows a change of cache directory', async () => {
  const a = mkdtempSync(path.join(tmpdir(), 'tfgraph-pool-a-'))
  const b = mkdtempSync(path.join(tmpdir(), 'tfgraph-pool-b-'))
  configureParsePool({jobs: 2, threshold: 0})
  try {
    configureParseCache({enabled: true, dir: a})
    clearParseMemo()
    await Promise.all(files.slice(0, 4).map((f) => parseNativeConfig(f.text, f.name)))
    configureParseCache({enabled: true, dir: b})
    clearParseMemo()
    const later = files.slice(4, 8)
    await Promise.all(later.map((f) => parseNativeConfig(f.text, f.name)))
    for (const f of later) assert.ok(readCachedParse(f.text, f.name), `${f.name} cached in the new directory`)
    configureParseCache({enabled: true, dir: a})
    for (const f of later) assert.not.ok(readCachedParse(f.text, f.name), `${f.name} not in the old directory`)
  } finally {
    await closeParsePool()
    restore()
    rmSync(a, {recursive: true, force: true})
    rmSync(b, {recursive: true, force: true})
  }
})

test('the pool waits for the threshold: below it, files are parsed in-process', async () => {
  configureParseCache({enabled: false})
  resetParseStats()
  clearParseMemo()
  configureParsePool({jobs: 2, threshold: 1000})
  try {
    await Promise.all(files.slice(0, 20).map((f) => parseNativeConfig(f.text, f.name)))
    assert.is(parseStats.pooled, 0)
  } finally {
    await closeParsePool()
    restore()
  }
})

test('a run that announces its size starts the pool once four cache misses project past the threshold', async () => {
  configureParseCache({enabled: false})
  resetParseStats()
  clearParseMemo()
  configureParsePool({jobs: 2, threshold: 1000})
  expectNativeFiles(5000)
  try {
    assert.not.ok(shouldUsePool(3, 0), 'three lookups are too few to project from')
    assert.ok(shouldUsePool(4, 0), 'four misses of four: ~5,000 to parse')
    assert.not.ok(shouldUsePool(1, 100), 'one miss in a hundred lookups: ~50 to parse, in-process')
    await Promise.all(files.slice(0, 20).map((f) => parseNativeConfig(f.text, f.name)))
    assert.ok(parseStats.pooled >= 20 - 4, `pooled ${parseStats.pooled} of 20`)
  } finally {
    expectNativeFiles(-5000)
    await closeParsePool()
    restore()
  }
})

test('files of a pool that stops are parsed in-process instead', async () => {
  configureParseCache({enabled: false})
  configureParsePool({jobs: 1, threshold: Number.MAX_SAFE_INTEGER})
  const expected = await Promise.all(files.slice(0, 30).map((f) => parseNativeConfig(f.text, f.name)))
  clearParseMemo()
  configureParsePool({jobs: 2, threshold: 0})
  try {
    const pending = Promise.all(files.slice(0, 30).map((f) => parseNativeConfig(f.text, f.name)))
    await closeParsePool()
    assert.equal(await pending, expected)
  } finally {
    await closeParsePool()
    restore()
  }
})

test.run()
