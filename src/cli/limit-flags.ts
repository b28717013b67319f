// Resource-limit flags shared by the analysing commands (issue #8: unattended runs over code nobody
// reviewed must stay bounded). Imported when a command class loads, so it imports nothing but oclif's
// flag builders; the defaults live in the library (DEFAULT_MAX_FILES, DEFAULT_MAX_MODULES, the crawler's
// depth of 100) and a test keeps these descriptions in step with them.
import {Flags} from '@oclif/core'

export const limitFlags = {
  'max-files': Flags.integer({
    description: 'read at most this many configuration files in one run; beyond it tfgraph stops with an error (exit 1) [default: 20000]',
    min: 1,
  }),
  // deep chains cost more than linear time (every module address holds the whole chain): 1000 at most
  'max-depth': Flags.integer({
    description: 'follow module calls at most this many levels deep (at most 1000); deeper calls are errors [default: 100]',
    min: 1,
    max: 1000,
  }),
  'max-modules': Flags.integer({
    description: 'follow at most this many module calls; beyond it tfgraph stops with an error (exit 1) [default: 10000]',
    min: 1,
  }),
}

export {limitOptions, type LimitFlagValues} from './flag-values.js'
