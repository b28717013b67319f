// A parser for tests that exercise the parse cache and the in-memory results directly: the calls the
// tests make (configure the cache, parse, forget the memo, read the counters) on one parser that the
// test file owns. The cache directory defaults to the environment's (the test runner's private one).
import {cacheSettingsFromEnv} from '../../src/io/cache-dir.js'
import {ParseCache} from '../../src/hcl/parse-cache.js'
import {NativeParser} from '../../src/hcl/native-parser.js'
import {newParseStats, type ParseStats} from '../../src/hcl/parse-stats.js'
import type {NativeParse} from '../../src/hcl/parse-pool.js'

export interface TestParsing {
  /** Replaces the parser with one using this cache (a new parser: its memo starts empty). */
  configureParseCache(opts: {enabled: boolean; dir?: string}): void
  parseNativeConfig(text: string, filename: string): Promise<NativeParse>
  clearParseMemo(): void
  resetParseStats(): void
  readonly stats: ParseStats
  readonly cache: ParseCache
}

export function testParsing(): TestParsing {
  let stats = newParseStats()
  let cache = new ParseCache(cacheSettingsFromEnv())
  let parser = new NativeParser({cache, stats})
  return {
    configureParseCache(opts) {
      cache = new ParseCache({enabled: opts.enabled, dir: opts.dir ?? cacheSettingsFromEnv().dir})
      parser = new NativeParser({cache, stats})
    },
    parseNativeConfig: (text, filename) => parser.parse(text, filename),
    clearParseMemo: () => parser.clearMemo(),
    resetParseStats() {
      stats = newParseStats()
      parser = new NativeParser({cache, stats})
    },
    get stats() {
      return stats
    },
    get cache() {
      return cache
    },
  }
}
