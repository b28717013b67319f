#!/usr/bin/env node
// oclif entry. dist/cli/entry.js is the bundle of oclif and the command classes (scripts/bundle.mjs):
// one file to load instead of hundreds, the library and the parser only when a command needs them.
import {execute} from '../dist/cli/entry.js'

await execute({dir: import.meta.url})
