// The persistent parse cache (the reference parser's: tfgraph's own parser is faster than reading its
// cached tree back, so it writes none): a warm parse is served from the cache, entries are keyed by
// content and name, corrupt entries are ignored and rewritten, an unwritable directory only disables caching.
import {chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {testParsing} from '../helpers/parsing.js'

const parsing = testParsing('hcl2json')
const {configureParseCache, parseNativeConfig, clearParseMemo} = parsing
const pruneParseCache = (limit: number): number => parsing.cache.prune(limit)

const TEXT = 'resource "null_resource" "a" {\n  triggers = { x = "1" }\n}\n'

/** The parse entries under a cache directory (it also holds the inflated parser module, see hcl2json-start.ts). */
function entries(cacheDir: string): string[] {
  const dir = path.join(cacheDir, 'parse')
  const out: string[] = []
  const walk = (d: string): void => {
    for (const e of readdirSync(d, {withFileTypes: true})) {
      if (e.isDirectory()) walk(path.join(d, e.name))
      else out.push(path.join(d, e.name))
    }
  }
  try {
    walk(dir)
  } catch {
    // none yet
  }
  return out
}

// every test starts without this process's in-memory results, so the cache itself is exercised
test.before.each(() => clearParseMemo())

test('second parse of the same bytes and name is served from the cache, with equal results', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-cache-'))
  try {
    configureParseCache({enabled: true, dir})
    const first = await parseNativeConfig(TEXT, 'main.tf')
    const files = entries(dir)
    assert.is(files.length, 1)
    // make the entry recognisable: a served entry returns what the cache holds
    clearParseMemo()
    const second = await parseNativeConfig(TEXT, 'main.tf')
    assert.equal(second, first)
    clearParseMemo()
    const other = await parseNativeConfig(TEXT, 'modules/x/other.tf')
    assert.is(entries(dir).length, 1, 'the content is the key: one entry whatever the file is called')
    assert.is(other.file.filename, 'modules/x/other.tf')
    assert.is(other.file.body.blocks[0]!.range.filename, 'modules/x/other.tf', 'ranges carry the new name')
    assert.equal(JSON.parse(JSON.stringify(other).replaceAll('modules/x/other.tf', 'main.tf')), JSON.parse(JSON.stringify(first)))
  } finally {
    configureParseCache({enabled: true})
    rmSync(dir, {recursive: true, force: true})
  }
})

test('a corrupt entry is ignored and rewritten', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-cache-'))
  try {
    configureParseCache({enabled: true, dir})
    const first = await parseNativeConfig(TEXT, 'main.tf')
    const [entry] = entries(dir)
    writeFileSync(entry!, '{"format": "tfgraph-parse-3", "file": 4')
    clearParseMemo()
    assert.equal(await parseNativeConfig(TEXT, 'main.tf'), first)
    assert.match(JSON.stringify(JSON.parse((await import('node:fs')).readFileSync(entry!, 'utf8'))), /null_resource/)
  } finally {
    configureParseCache({enabled: true})
    rmSync(dir, {recursive: true, force: true})
  }
})

test('a read-only cache directory disables caching without failing', async () => {
  if (process.getuid?.() === 0) {
    // root ignores permissions: use a path under a regular file instead
    const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-cache-'))
    const file = path.join(dir, 'not-a-dir')
    writeFileSync(file, '')
    try {
      configureParseCache({enabled: true, dir: path.join(file, 'cache')})
      const r = await parseNativeConfig(TEXT, 'main.tf')
      assert.is(r.diagnostics.length, 0)
    } finally {
      configureParseCache({enabled: true})
      rmSync(dir, {recursive: true, force: true})
    }
    return
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-cache-'))
  try {
    chmodSync(dir, 0o500)
    configureParseCache({enabled: true, dir})
    const r = await parseNativeConfig(TEXT, 'main.tf')
    assert.is(r.diagnostics.length, 0)
  } finally {
    chmodSync(dir, 0o700)
    configureParseCache({enabled: true})
    rmSync(dir, {recursive: true, force: true})
  }
})

test('--no-cache (disabled) writes nothing', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-cache-'))
  try {
    configureParseCache({enabled: false, dir})
    await parseNativeConfig(TEXT, 'main.tf')
    assert.is(entries(dir).length, 0)
  } finally {
    configureParseCache({enabled: true})
    rmSync(dir, {recursive: true, force: true})
  }
})

test('the cache is bounded: pruning drops the oldest entries beyond the limit', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-cache-'))
  try {
    configureParseCache({enabled: true, dir})
    for (let i = 0; i < 6; i++) await parseNativeConfig(`${TEXT}# ${i}\n`, `f${i}.tf`)
    assert.is(entries(dir).length, 6)
    assert.is(pruneParseCache(5), 2, 'down to 80% of the limit')
    assert.is(entries(dir).length, 4)
    assert.is(pruneParseCache(5), 0)
  } finally {
    configureParseCache({enabled: true})
    rmSync(dir, {recursive: true, force: true})
  }
})

test("tfgraph's own parser reads and writes no parse cache entry", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-cache-'))
  const own = testParsing('tfgraph')
  try {
    own.configureParseCache({enabled: true, dir})
    const r = await own.parseNativeConfig(TEXT, 'main.tf')
    assert.is(r.file.body.blocks[0]?.type, 'resource')
    assert.is(entries(dir).length, 0)
    assert.is(own.stats.cached, 0)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test.run()
