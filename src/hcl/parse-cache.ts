// Persistent cache of native-syntax parse results, keyed by a hash of the file's bytes, the parser and
// tfgraph's format version (an entry stored under another file name is relabelled, see relabel.ts). A warm run never starts the
// WebAssembly parser. Safe to share between runs (write to a temporary file, then rename); a corrupt
// or unreadable entry is ignored and rewritten; an unwritable directory only disables caching.
import {createHash} from 'node:crypto'
import {mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync} from 'node:fs'
import {homedir} from 'node:os'
import * as path from 'node:path'
import type {Diagnostic} from '../diag/diagnostic.js'
import {relabelParse} from './relabel.js'
import type {ConfigFile} from './syntax.js'

/** Bump when the cached shape or the parsing pipeline changes. */
const FORMAT = 'tfgraph-parse-2'
const PARSER = '@cdktf/hcl2json@0.21.0'

let enabled = process.env['TFGRAPH_NO_CACHE'] !== '1'
let dirOverride: string | undefined
let broken = false
let pruned = false

/** Most entries kept (`TFGRAPH_CACHE_MAX_ENTRIES`, default 50,000 ≈ 800 MB); the oldest go first. */
function maxEntries(): number {
  const n = Number(process.env['TFGRAPH_CACHE_MAX_ENTRIES'])
  return Number.isInteger(n) && n > 0 ? n : 50000
}

/** Turns the cache on or off for this process (`--no-cache`), optionally at a given directory. */
export function configureParseCache(opts: {enabled: boolean; dir?: string; prune?: boolean}): void {
  enabled = opts.enabled
  dirOverride = opts.dir
  broken = false
  pruned = opts.prune === false
}

/** What a parse worker needs to share this process's cache. */
export function parseCacheSettings(): {enabled: boolean; dir: string} {
  return {enabled: enabled && !broken, dir: parseCacheDir()}
}

/** Keeps the cache bounded: once per process, before the first write, drop the oldest entries beyond the limit. */
export function pruneParseCache(limit = maxEntries()): number {
  return pruneCacheArea('parse', limit)
}

/** Drops the oldest entries of one area of the cache directory (`parse`, `results`) beyond `limit`. */
export function pruneCacheArea(area: string, limit = maxEntries()): number {
  const root = path.join(parseCacheDir(), area)
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

export function parseCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (dirOverride) return dirOverride
  if (env['TFGRAPH_CACHE_DIR']) return path.resolve(env['TFGRAPH_CACHE_DIR'])
  if (env['XDG_CACHE_HOME']) return path.join(env['XDG_CACHE_HOME'], 'tfgraph')
  return path.join(homedir(), '.cache', 'tfgraph')
}

export interface CachedParse {
  readonly file: ConfigFile
  readonly diagnostics: Diagnostic[]
}

function entryPath(text: string): string {
  const key = createHash('sha256').update(FORMAT).update('\0').update(PARSER).update('\0').update(text).digest('hex')
  return path.join(parseCacheDir(), 'parse', key.slice(0, 2), key.slice(2) + '.json')
}

export function readCachedParse(text: string, filename: string): CachedParse | undefined {
  if (!enabled || broken) return undefined
  try {
    const raw: unknown = JSON.parse(readFileSync(entryPath(text), 'utf8'))
    if (typeof raw !== 'object' || raw === null || (raw as {format?: unknown}).format !== FORMAT) return undefined
    const v = raw as {file?: ConfigFile; diagnostics?: Diagnostic[]}
    if (!v.file || typeof v.file.filename !== 'string' || !Array.isArray(v.diagnostics)) return undefined
    return relabelParse({file: v.file, diagnostics: v.diagnostics}, filename)
  } catch {
    return undefined
  }
}

export function writeCachedParse(text: string, filename: string, value: CachedParse): void {
  if (!enabled || broken) return
  const file = entryPath(text)
  if (!pruned) {
    pruned = true
    pruneParseCache()
  }
  try {
    mkdirSync(path.dirname(file), {recursive: true})
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
    writeFileSync(tmp, JSON.stringify({format: FORMAT, ...value}))
    renameSync(tmp, file)
  } catch (e) {
    broken = true // read-only or full: caching is off for the rest of this run
    if (process.env['TFGRAPH_VERBOSE'] === '1') process.stderr.write(`tfgraph: parse cache disabled (${e instanceof Error ? e.message : String(e)})\n`)
  }
}
