// Keeping a cache area bounded without listing it on every run: an area is looked over at most once a day.
import {mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync} from 'node:fs'
import {homedir, tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {parseCacheDir, pruneCacheAreaDaily} from '../../src/io/cache-dir.js'

function fill(dir: string, n: number): void {
  for (let i = 0; i < n; i++) {
    const shard = path.join(dir, 'results', String(i % 4).padStart(2, '0'))
    mkdirSync(shard, {recursive: true})
    const f = path.join(shard, `${i}.json`)
    writeFileSync(f, '{}')
    utimesSync(f, 1000 + i, 1000 + i)
  }
}

const count = (dir: string): number =>
  readdirSync(path.join(dir, 'results')).reduce((n, s) => n + readdirSync(path.join(dir, 'results', s)).length, 0)

test('an area is pruned on its first look, then not again within a day, then again', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-prune-'))
  const env = process.env['TFGRAPH_CACHE_MAX_ENTRIES']
  process.env['TFGRAPH_CACHE_MAX_ENTRIES'] = '10'
  try {
    fill(dir, 20)
    const now = Date.now()
    assert.is(pruneCacheAreaDaily(dir, 'results', now), 12, 'down to 80 % of the limit')
    assert.is(count(dir), 8)
    fill(dir, 20)
    assert.is(pruneCacheAreaDaily(dir, 'results', now + 60_000), 0, 'looked over a minute ago: not listed again')
    assert.is(pruneCacheAreaDaily(dir, 'results', now + 25 * 3600_000), 12, 'a day later: pruned again')
  } finally {
    if (env === undefined) delete process.env['TFGRAPH_CACHE_MAX_ENTRIES']
    else process.env['TFGRAPH_CACHE_MAX_ENTRIES'] = env
    rmSync(dir, {recursive: true, force: true})
  }
})

test('without TFGRAPH_CACHE_DIR and XDG_CACHE_HOME: under the home directory os.homedir() gives, HOME set, empty or unset', () => {
  const home = process.env['HOME']
  try {
    for (const value of ['/x/y/', '', 'relative', undefined]) {
      if (value === undefined) delete process.env['HOME']
      else process.env['HOME'] = value
      assert.is(parseCacheDir({}), path.join(homedir(), '.cache', 'tfgraph'), JSON.stringify(value))
    }
  } finally {
    if (home === undefined) delete process.env['HOME']
    else process.env['HOME'] = home
  }
})

test.run()
