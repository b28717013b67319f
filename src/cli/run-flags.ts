// Flags every analysing command shares: the parse cache, parallel parsing, progress and verbosity.
// This module is imported when a command class loads, so it imports nothing but oclif's flag builders;
// applying the flags (beginRun) lives in run.ts, loaded with the library.
import {Flags} from '@oclif/core'

export const runFlags = {
  'no-cache': Flags.boolean({
    description:
      'do not read or write the parse and results caches ($TFGRAPH_CACHE_DIR, else $XDG_CACHE_HOME/tfgraph, else ~/.cache/tfgraph)',
  }),
  jobs: Flags.integer({
    description:
      'threads: with --parser hcl2json, parsers working at once on files not in the cache, in worker threads once a run has more than 1,000 such files; with lint --recursive, more than 1 lints groups of roots that share no file on a second thread (default: the number of cores, or $TFGRAPH_JOBS)',
    min: 1,
  }),
  parser: Flags.string({
    description:
      "the parser of .tf files: tfgraph's own, or hcl2json, the reference parser (@cdktf/hcl2json, HashiCorp's Go parser as WebAssembly) it is tested against",
    options: ['tfgraph', 'hcl2json'],
    env: 'TFGRAPH_PARSER',
  }),
  'no-progress': Flags.boolean({description: 'no progress line on stderr (it only appears on a terminal, for runs over a second)'}),
  verbose: Flags.boolean({
    description:
      'list every uninstalled module call and every repeated lint finding in full (text output says them once), and explain on stderr what tfgraph does behind the scenes (cache, worker threads)',
  }),
}

/** Root input variables, for module sources and other values that use them (providers, graph, lint, providers diff). */
export const varFlags = {
  var: Flags.string({description: 'set a root input variable (NAME=VALUE), for module sources that use variables', multiple: true}),
  'var-file': Flags.string({description: 'read root input variables from a .tfvars file', multiple: true}),
}

export interface RunFlags {
  readonly 'no-cache'?: boolean
  readonly jobs?: number | undefined
  readonly parser?: string | undefined
  readonly 'no-progress'?: boolean
  readonly verbose?: boolean
}

export {engineFlag} from './flag-values.js'
