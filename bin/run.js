#!/usr/bin/env node
// oclif entry. dist/cli/entry.js is the bundle of oclif and the command classes (scripts/bundle.mjs):
// one file to load instead of hundreds, the library and the parser only when a command needs them.
import {execute} from '../dist/cli/entry.js'

await execute({dir: import.meta.url})
// The WebAssembly parser's Go runtime leaves timers that keep Node alive for up to a second after the
// work is done: once stdout and stderr are flushed, exit with the code the command set.
process.stdout.write('', () => process.stderr.write('', () => process.exit()))
