// Persistent cache of native-syntax parse results, keyed by a hash of the file's bytes, the parser and
// tfgraph's format version (an entry stored under another file name is relabelled, see relabel.ts). A warm run never starts the
// WebAssembly parser. Safe to share between runs (write to a temporary file, then rename); a corrupt
// or unreadable entry is ignored and rewritten; an unwritable directory only disables caching.
// One ParseCache belongs to one run (run-context.ts): its settings and whether it broke are that run's.
import {mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs'
import * as path from 'node:path'
import type {Diagnostic} from '../diag/diagnostic.js'
import {pruneCacheArea, pruneCacheAreaDaily, type CacheSettings} from '../io/cache-dir.js'
// node:crypto when a key is first made: a run without the cache (the language server's) does not load it (#48)
import {nodeCrypto} from '../io/node-crypto.js'
import {relabelParse} from './relabel.js'
import type {ParserKind} from './parser-kind.js'
import type {ConfigFile} from './syntax.js'

/** Bump when the cached shape or the parsing pipeline changes. */
const FORMAT = 'tfgraph-parse-3'
/** What produced an entry: the parser and its version. */
const PARSER_IDS: Readonly<Record<ParserKind, string>> = {tfgraph: 'tfgraph-native-1', hcl2json: '@cdktf/hcl2json@0.21.0'}

export interface CachedParse {
  readonly file: ConfigFile
  readonly diagnostics: Diagnostic[]
}

export interface ParseCacheOptions extends CacheSettings {
  /** Prune before the first write (default true; parse workers leave it to the main thread). */
  readonly prune?: boolean
  /** Says on stderr when the cache turns itself off (--verbose). */
  readonly verbose?: boolean
  /** The parser whose results it holds (default tfgraph's own). */
  readonly parser?: ParserKind
}

export class ParseCache {
  readonly dir: string
  private readonly enabled: boolean
  private readonly verbose: boolean
  private broken = false
  private pruned: boolean
  private readonly parserId: string

  constructor(opts: ParseCacheOptions) {
    this.enabled = opts.enabled
    this.dir = opts.dir
    this.pruned = opts.prune === false
    this.verbose = opts.verbose === true
    this.parserId = PARSER_IDS[opts.parser ?? 'tfgraph']
  }

  /** Whether it is in use and where (it turns itself off when a write fails). */
  settings(): CacheSettings {
    return {enabled: this.enabled && !this.broken, dir: this.dir}
  }

  /** Keeps the cache bounded: drop the oldest entries beyond the limit. */
  prune(limit?: number): number {
    return pruneCacheArea(this.dir, 'parse', limit)
  }

  private entryPath(text: string): string {
    const key = nodeCrypto().createHash('sha256').update(FORMAT).update('\0').update(this.parserId).update('\0').update(text).digest('hex')
    return path.join(this.dir, 'parse', key.slice(0, 2), key.slice(2) + '.json')
  }

  read(text: string, filename: string): CachedParse | undefined {
    if (!this.enabled || this.broken) return undefined
    try {
      const raw: unknown = JSON.parse(readFileSync(this.entryPath(text), 'utf8'))
      if (typeof raw !== 'object' || raw === null || (raw as {format?: unknown}).format !== FORMAT) return undefined
      const v = raw as {file?: ConfigFile; diagnostics?: Diagnostic[]}
      if (!v.file || typeof v.file.filename !== 'string' || !Array.isArray(v.diagnostics)) return undefined
      return relabelParse({file: v.file, diagnostics: v.diagnostics}, filename)
    } catch {
      return undefined
    }
  }

  write(text: string, value: CachedParse): void {
    if (!this.enabled || this.broken) return
    const file = this.entryPath(text)
    if (!this.pruned) {
      this.pruned = true
      pruneCacheAreaDaily(this.dir, 'parse')
    }
    try {
      mkdirSync(path.dirname(file), {recursive: true})
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
      writeFileSync(tmp, JSON.stringify({format: FORMAT, ...value}))
      renameSync(tmp, file)
    } catch (e) {
      this.broken = true // read-only or full: caching is off for the rest of this run
      if (this.verbose) process.stderr.write(`tfgraph: parse cache disabled (${e instanceof Error ? e.message : String(e)})\n`)
    }
  }
}
