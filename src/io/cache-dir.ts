// Where tfgraph keeps its caches (parse results, whole results, the inflated parser) and how an area of
// it is kept bounded. Shared by every cache; each cache object belongs to one run.
import {mkdirSync, readdirSync, statSync, unlinkSync, utimesSync, writeFileSync} from 'node:fs'
import type * as Os from 'node:os'
import * as path from 'node:path'
// node:os only for a home directory: a run given its cache directory does not load it (#53)
import {nodeBuiltin} from './node-crypto.js'

/** Most entries kept (`TFGRAPH_CACHE_MAX_ENTRIES`, default 50,000 ≈ 800 MB); the oldest go first. */
function maxEntries(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env['TFGRAPH_CACHE_MAX_ENTRIES'])
  return Number.isInteger(n) && n > 0 ? n : 50000
}

/**
 * The home directory as `os.homedir()` gives it: off Windows, libuv's answer is `HOME` whenever it is set
 * (empty included), so node:os is loaded only where it is not (#53: most runs then load no node:os).
 */
function homeDir(): string {
  const home = process.platform === 'win32' ? undefined : process.env['HOME']
  return home ?? (nodeBuiltin('node:os') as typeof Os).homedir()
}

/** The cache directory: `TFGRAPH_CACHE_DIR`, else `$XDG_CACHE_HOME/tfgraph`, else `~/.cache/tfgraph`. */
export function parseCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env['TFGRAPH_CACHE_DIR']) return path.resolve(env['TFGRAPH_CACHE_DIR'])
  if (env['XDG_CACHE_HOME']) return path.join(env['XDG_CACHE_HOME'], 'tfgraph')
  return path.join(homeDir(), '.cache', 'tfgraph')
}

/** What a cache is (and what a parse worker needs to share it). */
export interface CacheSettings {
  readonly enabled: boolean
  readonly dir: string
}

/** Settings from the environment: on unless `TFGRAPH_NO_CACHE=1`, at `parseCacheDir(env)`. */
export function cacheSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): CacheSettings {
  return {enabled: env['TFGRAPH_NO_CACHE'] !== '1', dir: parseCacheDir(env)}
}

/** How often an area is looked over for pruning: at most once a day (a look lists every entry). */
const PRUNE_EVERY_MS = 24 * 60 * 60 * 1000

/**
 * Prunes an area if it was not looked over in the last day (`.pruned-<area>` records when it last was):
 * the first write of every run used to list the whole area, ~45 ms with 8,000 entries, on every cold run.
 */
export function pruneCacheAreaDaily(dir: string, area: string, now = Date.now()): number {
  const marker = path.join(dir, `.pruned-${area}`)
  try {
    if (now - statSync(marker).mtimeMs < PRUNE_EVERY_MS) return 0
  } catch {
    // never pruned (or no area yet)
  }
  const removed = pruneCacheArea(dir, area)
  try {
    mkdirSync(dir, {recursive: true})
    writeFileSync(marker, '')
    utimesSync(marker, now / 1000, now / 1000)
  } catch {
    // a read-only cache directory: the writes fail too, and caching turns itself off
  }
  return removed
}

/** Drops the oldest entries of one area of the cache directory (`parse`, `results`) beyond `limit`. */
export function pruneCacheArea(dir: string, area: string, limit = maxEntries()): number {
  const root = path.join(dir, area)
  const all: {file: string; mtime: number}[] = []
  let shards: string[]
  try {
    shards = readdirSync(root)
  } catch {
    return 0
  }
  for (const shard of shards) {
    let names: string[]
    try {
      names = readdirSync(path.join(root, shard))
    } catch {
      continue
    }
    for (const n of names) {
      const file = path.join(root, shard, n)
      try {
        all.push({file, mtime: statSync(file).mtimeMs})
      } catch {
        // removed meanwhile by another run
      }
    }
  }
  if (all.length <= limit) return 0
  all.sort((a, b) => a.mtime - b.mtime)
  const target = Math.floor(limit * 0.8)
  let removed = 0
  for (const e of all.slice(0, all.length - target)) {
    try {
      unlinkSync(e.file)
      removed++
    } catch {
      // another run got there first
    }
  }
  return removed
}
