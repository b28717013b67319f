// Applies the shared run flags (run-flags.ts) and shows progress while a command analyses.
import {configureParseCache} from '../hcl/parse-cache.js'
import {configureParsePool, parsePoolJobs} from '../hcl/parse-pool.js'
import {parseStats} from '../hcl/parse-stats.js'
import {startProgress} from '../render/progress.js'
import type {RunFlags} from './run-flags.js'

/**
 * Configures the cache and the worker pool from the flags and starts the progress line (only on a
 * terminal, never with `quiet`, e.g. under --json). Returns the function that ends the run: it clears
 * the progress line and, under --verbose, prints what the run read.
 */
export function beginRun(flags: RunFlags, opts: {quiet?: boolean} = {}): () => void {
  if (flags.verbose) process.env['TFGRAPH_VERBOSE'] = '1'
  if (flags['no-cache']) configureParseCache({enabled: false})
  if (flags.jobs !== undefined) configureParsePool({jobs: flags.jobs})
  const started = Date.now()
  const stopProgress = flags['no-progress'] || opts.quiet ? () => {} : startProgress(process.stderr, parseStats)
  return () => {
    stopProgress()
    if (flags.verbose) {
      const s = parseStats
      process.stderr.write(`tfgraph: ${s.done} files read in ${Date.now() - started} ms (${s.cached} from the parse cache, ${s.pooled} parsed by ${parsePoolJobs()} worker threads${s.results > 0 ? `, ${s.results} result${s.results === 1 ? '' : 's'} from the results cache` : ''}${flags['no-cache'] ? ', cache off' : ''})\n`)
    }
  }
}
