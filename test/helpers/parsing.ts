// A parser for tests that exercise the parse cache and the in-memory results directly: the calls the
// tests make (configure the cache, parse, forget the memo, read the counters) on one parser that the
// test file owns. The cache directory defaults to the environment's (the test runner's private one).
import {cacheSettingsFromEnv} from '../../src/io/cache-dir.js'
import {ParseCache} from '../../src/hcl/parse-cache.js'
import {NativeParser} from '../../src/hcl/native-parser.js'
import {newParseStats, type ParseStats} from '../../src/hcl/parse-stats.js'
import type {NativeParse} from '../../src/hcl/parse-pool.js'
import type {ParserKind} from '../../src/hcl/parser-kind.js'

export interface TestParsing {
  /** Replaces the parser with one using this cache (a new parser: its memo starts empty). */
  configureParseCache(opts: {enabled: boolean; dir?: string}): void
  parseNativeConfig(text: string, filename: string): Promise<NativeParse>
  clearParseMemo(): void
  resetParseStats(): void
  readonly stats: ParseStats
  readonly cache: ParseCache
}

/** `kind`: the parser (its results are cached only for the reference parser, hcl2json). */
export function testParsing(kind: ParserKind = 'tfgraph'): TestParsing {
  let stats = newParseStats()
  let cache = new ParseCache({...cacheSettingsFromEnv(), parser: kind})
  let parser = new NativeParser({cache, stats, kind})
  return {
    configureParseCache(opts) {
      cache = new ParseCache({enabled: opts.enabled, dir: opts.dir ?? cacheSettingsFromEnv().dir, parser: kind})
      parser = new NativeParser({cache, stats, kind})
    },
    parseNativeConfig: (text, filename) => parser.parse(text, filename),
    clearParseMemo: () => parser.clearMemo(),
    resetParseStats() {
      stats = newParseStats()
      parser = new NativeParser({cache, stats, kind})
    },
    get stats() {
      return stats
    },
    get cache() {
      return cache
    },
  }
}
