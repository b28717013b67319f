// A command's run: the run context made from the shared run flags (run-flags.ts), and the progress
// line while the command analyses.
import {RunContext} from '../load/run-context.js'
import {isParserKind} from '../hcl/parser-kind.js'
import {startProgress} from '../render/progress.js'
import type {RunFlags} from './run-flags.js'

export interface Run {
  /** The run's files, parser, caches and worker pool: pass it to every library call of the command. */
  readonly context: RunContext
  /** Ends the run: clears the progress line, says under --verbose what the run read, stops the workers. */
  end(): Promise<void>
}

/**
 * Creates the run context from the flags (`--no-cache`, `--jobs`, `--verbose`) and starts the progress
 * line (only on a terminal, never with `quiet`, e.g. under --json).
 */
export function beginRun(flags: RunFlags, opts: {quiet?: boolean} = {}): Run {
  const context = new RunContext({
    ...(flags['no-cache'] ? {cache: false} : {}),
    ...(flags.jobs === undefined ? {} : {jobs: flags.jobs}),
    ...(isParserKind(flags.parser) ? {parser: flags.parser} : {}),
    verbose: flags.verbose === true,
    lane: true,
  })
  const started = Date.now()
  const stopProgress = flags['no-progress'] || opts.quiet ? () => {} : startProgress(process.stderr, context.stats)
  return {
    context,
    async end() {
      stopProgress()
      if (flags.verbose) {
        const s = context.stats
        process.stderr.write(
          `tfgraph: ${s.done} files read in ${Date.now() - started} ms (${s.uncached} parsed, ${s.cached} from the parse cache, ${s.pooled} parsed by ${context.pool.jobs} worker threads${s.laned > 0 ? `, ${s.laned} on a second thread` : ''}${s.threaded > 0 ? `, ${s.threaded} root${s.threaded === 1 ? '' : 's'} linted on a second thread` : ''}${s.results > 0 ? `, ${s.results} result${s.results === 1 ? '' : 's'} from the results cache` : ''}${flags['no-cache'] ? ', cache off' : ''}); ${s.decoded} module director${s.decoded === 1 ? 'y' : 'ies'} decoded\n`,
        )
      }
      await context.close()
    },
  }
}
