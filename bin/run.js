#!/usr/bin/env node
// oclif entry. dist/cli/entry.js is the bundle of oclif and the command classes (scripts/bundle.mjs):
// one file to load instead of hundreds, the library and the parser only when a command needs them.
// Errors are reported by tfgraph (src/cli/cli-errors.ts): one line, exit 1 for usage errors.
import {setFlagsFromString} from 'node:v8'
import {COMMANDS, describeCliError, flush, run} from '../dist/cli/entry.js'

// A run over many files allocates fast and keeps little (the whole corpus: ~50 MB live): by default V8
// lets the heap grow to several times that between collections (peak 336 MB). Growing by half at most
// keeps the whole corpus under 210 MB for ~5 % more time (BENCHMARKS.md); a small run never gets there.
setFlagsFromString('--heap-growing-percent=50')

// `tfgraph help lint` is `tfgraph lint --help`
const given = process.argv.slice(2)
const argv = given[0] === 'help' ? [...given.slice(1), '--help'] : given
try {
  await run(argv, import.meta.url)
  await flush()
} catch (error) {
  const ids = Object.keys(COMMANDS)
  const {text, exitCode} = describeCliError(error, argv, ids, (command) => COMMANDS[command.split(' ').join(':')])
  if (text) process.stderr.write(text)
  process.exitCode = exitCode
}
// The WebAssembly parser's Go runtime leaves timers that keep Node alive for up to a second after the
// work is done: once stdout and stderr are flushed, exit with the code the command set.
process.stdout.write('', () => process.stderr.write('', () => process.exit()))
