#!/usr/bin/env node
// oclif entry. dist/cli/entry.js is the bundle of oclif and the command classes (scripts/bundle.mjs):
// one file to load instead of hundreds, the library and the parser only when a command needs them.
// Errors are reported by tfgraph (src/cli/cli-errors.ts): one line, exit 1 for usage errors.
// CommonJS (the package's bin; bin/run.js imports it): a warm answer then loads no ES module at all
// (BENCHMARKS.md, "#53: the entry as CommonJS"); oclif's bundle is still imported as one when a line needs it.
'use strict'
const path = require('node:path')
const {pathToFileURL} = require('node:url')
const {setFlagsFromString} = require('node:v8')
const {ANSWER_FLAGS, ANSWER_UNDO, loadScript, SCRIPT_FLAGS} = require('./load-script.cjs')

// A run over many files allocates fast and keeps little (the whole corpus: ~50 MB live): by default V8
// lets the heap grow to several times that between collections (peak 336 MB). Growing by half at most
// keeps the whole corpus under 210 MB for ~5 % more time (BENCHMARKS.md); a small run never gets there.
setFlagsFromString('--heap-growing-percent=50')

// The process ends once stdout and stderr are flushed, with the code the command set: the WebAssembly
// parser's Go runtime leaves timers that would keep Node alive for up to a second after the work is done.
const exitWhenFlushed = () => process.stdout.write('', () => process.stderr.write('', () => process.exit()))

// `tfgraph providers|lint|graph|lock|config` with common flags start without oclif (~0.1 s to load),
// from scripts compiled from V8's code cache (load-script.cjs): a stored answer is printed by a small one
// (src/cli/quick.ts), anything else runs the same command code from a second (src/cli/quick-run.ts);
// what they cannot read (other flags, --help, a directory that is not a module) falls through to oclif.
const QUICK = ['providers', 'lint', 'graph', 'lock', 'config']
const given = process.argv.slice(2)
// A run of the analysing commands is short and cold: V8's optimising compiler, inlining as much as it does
// by default (920 bytes of bytecode a function), spent as much CPU on its own threads as the command did on
// the main one on a large root (the lexer's and parser's big functions compiled again after each
// deoptimisation); a fifth of that inlining keeps the main thread's time and cuts the whole (BENCHMARKS.md, #53).
// And a function is sent to that compiler after 12 times V8's default budget of bytecode run (66 KB): most
// functions of a cold run were compiled for a few more calls (the caf root: V8's threads 0.95 -> 0.42 s of CPU,
// the main thread's the same; the whole 0.77 ×).
// The quick start's scripts are loaded under SCRIPT_FLAGS (these three), the flags their code caches were made with.
// While it looks for a stored answer, ANSWER_FLAGS too (no optimising compiler), undone before anything runs.
if (QUICK.includes(given[0])) for (const flag of SCRIPT_FLAGS) setFlagsFromString(flag)
if (QUICK.includes(given[0])) for (const flag of ANSWER_FLAGS) setFlagsFromString(flag)
const answered = () => {
  for (const flag of ANSWER_UNDO) setFlagsFromString(flag)
}
const script = (name) => loadScript(path.join(__dirname, '..', 'dist', 'cli', `${name}.cjs`)).exports
const runQuick = (q) => {
  answered()
  return script('quick-run').runQuick(q)
}
// The rest runs once the line is read; an error nobody expected ends the process as Node ends one (exit 1).
void main()

async function main() {
  // `tfgraph lsp` with the flags editors pass starts the same way: the server is in quick-run.cjs (its modules
  // initialised only for it), loaded from its code cache under SCRIPT_FLAGS, kept for the long-lived process:
  // the smaller inlining costs the server less CPU too (fabric, CPU per provider-block edit 51-57 -> 41-50 ms,
  // every root analysed 4.5 -> 3.6 s; BENCHMARKS.md). Other flags, --help and errors are oclif's.
  if (given[0] === 'lsp' && lspLine(given.slice(1))) {
    for (const flag of SCRIPT_FLAGS) setFlagsFromString(flag)
    let server
    try {
      server = await script('quick-run').languageServer()
    } catch (err) {
      // the package's script missing or unreadable: one line, as oclif's command would say it
      process.stderr.write(`tfgraph: cannot start the language server: ${err instanceof Error ? err.message : String(err)}\n`)
      process.exit(1)
    }
    // runs until the client ends it (the process exits)
    await server.serveStdio()
    return
  }
  const quick = QUICK.includes(given[0]) && (await script('quick').quickStart(given, runQuick))
  if (!quick) {
    answered()
    const {runOclif} = await import('./oclif-run.js')
    await runOclif(given, pathToFileURL(__filename).href)
  }
  exitWhenFlushed()
}

/**
 * Whether `tfgraph lsp ARGV` is a line oclif would run as it is, with nothing for oclif to say: `--stdio` and
 * `--clientProcessId ID` (or `=ID`), each at most once, and no DEBUG (which makes oclif talk).
 */
function lspLine(argv) {
  if (process.env.DEBUG !== undefined) return false
  const seen = new Set()
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    const name = a.startsWith('--clientProcessId=') ? '--clientProcessId' : a
    if (seen.has(name)) return false
    seen.add(name)
    if (a === '--stdio') continue
    const value = a === '--clientProcessId' ? argv[++i] : name === '--clientProcessId' ? a.slice(name.length + 1) : undefined
    if (value === undefined || value === '' || value.startsWith('-')) return false
  }
  return true
}
