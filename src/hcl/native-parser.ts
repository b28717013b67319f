// A run's parser of native-syntax files: the in-memory results, and for the reference parser the parse
// cache and the worker pool, in front of the parser itself (parse-native.ts, imported only when a file
// must really be parsed).
import {cacheSettingsFromEnv} from '../io/cache-dir.js'
import {ParseCache} from './parse-cache.js'
import type {NativeParse, ParsePool} from './parse-pool.js'
import type {ParseLane} from './parse-lane.js'
import {newParseStats, type ParseStats} from './parse-stats.js'
import {relabelParse} from './relabel.js'
import {parserKindFromEnv, type ParserKind} from './parser-kind.js'

/**
 * Most source text whose parses a run keeps in memory (a syntax tree weighs ~13 times its source): the
 * modules a run still uses hold their own trees; this serves the same bytes reached under another name.
 * With 8 MB of source (before #28) the memo held ~100 MB of trees in a whole-corpus lint: 1 MB keeps the
 * run's live heap near 30 MB, at no measurable cost in time (whole corpus, paired runs: BENCHMARKS.md).
 */
const MEMO_MAX_CHARS = 1_000_000

/** What a run's parser uses: its cache, its worker pool (none: parse in this thread) and its counters. */
export interface NativeParserParts {
  readonly cache: ParseCache
  readonly pool?: ParsePool
  readonly stats: ParseStats
  /** Which parser (default tfgraph's own; the worker pool only serves the reference parser). */
  readonly kind?: ParserKind
  /** A second thread parsing with tfgraph's own parser the files the loader announces (none: all in this thread). */
  readonly lane?: ParseLane
}

/**
 * A run's parser of native-syntax files, through the parse cache and, past a threshold, the worker
 * pool. Results are kept by file content: a module reached from several roots (or several times in
 * one tree) is parsed once, and concurrent requests for the same bytes share one parse; bounded by
 * the source size it covers, least recently used first out.
 */
export class NativeParser {
  private readonly memo = new Map<string, Promise<NativeParse>>()
  private memoChars = 0
  /** The parser itself (parse-native.ts), imported on the first file that must really be parsed. */
  private native: typeof import('./parse-native.js') | undefined

  constructor(private readonly parts: NativeParserParts) {}

  get stats(): ParseStats {
    return this.parts.stats
  }

  /** Parses one native-syntax file. Never throws: a syntax error gives an empty body and a diagnostic. */
  async parse(text: string, filename: string): Promise<NativeParse> {
    const seen = this.memo.get(text)
    if (seen) {
      this.memo.delete(text)
      this.memo.set(text, seen)
      const r = relabelParse(await seen, filename)
      if (r) return r
    }
    const p = this.parseFresh(text, filename)
    if (!seen) this.remember(text, p)
    else this.memo.set(text, p)
    return p
  }

  /** Whether files announced to this parser may be parsed on a second thread (`announce` does something). */
  get hasLane(): boolean {
    return this.parts.lane !== undefined && (this.parts.kind ?? 'tfgraph') === 'tfgraph'
  }

  /**
   * Files the caller is about to parse (a directory's, read): with tfgraph's own parser and a lane, those
   * not parsed yet in this run are offered to its worker thread, which parses each at most once, when it
   * claims it before `parse` does.
   */
  announce(files: readonly {readonly text: string; readonly filename: string}[]): void {
    const lane = this.parts.lane
    if (!lane || (this.parts.kind ?? 'tfgraph') !== 'tfgraph') return
    lane.announce(this.memo.size === 0 ? files : files.filter((f) => !this.memo.has(f.text)))
  }

  /**
   * For a caller that must parse at once (finding `lint --recursive`'s roots): with tfgraph's own
   * parser, the parse cache's entry or `parse`'s result, counted and kept for the run as `parse` keeps
   * its results, so the load that follows does not parse the file again. Undefined with the
   * reference parser or for text the run already holds (the caller then parses for itself).
   */
  parseNow(text: string, filename: string, parse: (text: string, filename: string) => NativeParse): NativeParse | undefined {
    if ((this.parts.kind ?? 'tfgraph') !== 'tfgraph' || this.memo.has(text)) return undefined
    this.parts.stats.uncached++
    const result = parse(text, filename)
    this.remember(text, Promise.resolve(result))
    return result
  }

  private remember(text: string, p: Promise<NativeParse>): void {
    this.memo.set(text, p)
    this.memoChars += text.length
    for (const k of this.memo.keys()) {
      if (this.memoChars <= MEMO_MAX_CHARS || k === text) break
      this.memo.delete(k)
      this.memoChars -= k.length
    }
  }

  /** Forgets the result for one text (an editor's buffer replaced by its next version: it will not be asked for again). */
  forget(text: string): void {
    if (this.memo.delete(text)) this.memoChars -= text.length
  }

  /** Forgets the in-memory results (tests that count parses). */
  clearMemo(): void {
    this.memo.clear()
    this.memoChars = 0
  }

  private async parseFresh(text: string, filename: string): Promise<NativeParse> {
    const {cache, pool, stats} = this.parts
    const kind = this.parts.kind ?? 'tfgraph'
    // tfgraph's own parser is faster than reading its cached tree back (BENCHMARKS.md): only the
    // reference parser's results are cached
    const cached = kind === 'hcl2json' ? cache.read(text, filename) : undefined
    if (cached) {
      stats.cached++
      return cached
    }
    stats.uncached++
    const taken = kind === 'tfgraph' ? this.parts.lane?.take(text, filename) : undefined
    if (taken) {
      // undefined: the worker could not parse it (it threw), parsed here again
      const raw = await taken
      if (raw) {
        this.native ??= await import('./parse-native.js')
        stats.laned++
        return this.native.parseFromRaw(text, filename, raw)
      }
    }
    // worker threads pay only for the slow reference parser: with ours a pool of 2 was slower at every
    // size measured (BENCHMARKS.md, crossover), so files are parsed in-process
    if (pool && kind === 'hcl2json' && pool.shouldUse(stats.uncached, stats.cached)) {
      // the worker has written the cache entry
      const pooled = await pool.parse(text, filename)
      if (pooled) {
        stats.pooled++
        return pooled
      }
    }
    const settings = cache.settings()
    // loaded only now: a run answered by the caches never loads the parser
    this.native ??= await import('./parse-native.js')
    const result = await this.native.parseNativeUncached(text, filename, {
      cacheDir: settings.enabled ? settings.dir : undefined,
      parser: kind,
    })
    if (kind === 'hcl2json') cache.write(text, result)
    return result
  }
}

/** A parser of its own (the cache as the environment says, no worker pool), for a call made outside a run. */
export function standaloneParser(): NativeParser {
  const kind = parserKindFromEnv()
  return new NativeParser({cache: new ParseCache({...cacheSettingsFromEnv(), parser: kind}), stats: newParseStats(), kind})
}
