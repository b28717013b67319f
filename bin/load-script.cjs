// Loads one of the CLI's CommonJS bundles (dist/cli/*.cjs) with V8's code cache beside it (FILE.cache,
// written at build by scripts/code-cache.mjs): V8 then skips parsing and compiling the functions the
// cache holds, which is most of what a small run spends beyond Node's own start. A cache made by
// another Node version (or under other V8 flags) is rejected by V8 and the script is compiled as usual.
// CommonJS, as bin/run.cjs is: a process that starts there loads no ES module (setting up Node's ES module
// loader cost every warm answer a few milliseconds; BENCHMARKS.md, "#53: the entry as CommonJS").
'use strict'
const {readFileSync} = require('node:fs')
const {createRequire} = require('node:module')
const path = require('node:path')
const {constants, Script} = require('node:vm')

/**
 * V8's flags of every run that loads these scripts, set before the first (bin/run.cjs for its quick start,
 * bin/pre-commit.cjs, scripts/code-cache.mjs): V8 takes a code cache only under the flags it was made with,
 * so the three set the same ones (test/cli/code-cache.test.ts). Why each: bin/run.cjs.
 */
const SCRIPT_FLAGS = Object.freeze(['--heap-growing-percent=50', '--max-inlined-bytecode-size-cumulative=184', '--interrupt-budget=811008'])

/**
 * Set besides SCRIPT_FLAGS while quick.cjs looks for a stored answer (its code cache is made under both),
 * and undone by ANSWER_UNDO before anything else runs (quick-run.cjs, oclif): an answer is a short loop over
 * a few thousand stat calls, and V8's optimising compiler, compiling that loop and Node's stat code on its
 * threads, cost about a third of the answer's CPU on the caf root (BENCHMARKS.md, "#53: the warm path").
 * V8 hashes only the flags away from their defaults, so after the undo quick-run.cjs's cache is taken.
 */
const ANSWER_FLAGS = Object.freeze(['--no-opt'])
const ANSWER_UNDO = Object.freeze(['--opt'])

/** The script's exports, and the script (for `createCachedData`). */
function loadScript(file) {
  // the scripts are ASCII (scripts/bundle.mjs checks it): read as Latin-1, the same string for a third of
  // the CPU of decoding UTF-8 (1.5 MB: ~8 -> ~2.5 ms under load)
  const source = readFileSync(file, 'latin1')
  let cachedData
  try {
    cachedData = readFileSync(file + '.cache')
  } catch {
    // no cache: compiled from source
  }
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`
  // import() of the packages left outside the bundle (the reference parser, Graphviz) as in a module
  const importModuleDynamically = constants.USE_MAIN_CONTEXT_DEFAULT_LOADER
  const script = new Script(wrapped, {filename: file, importModuleDynamically, ...(cachedData ? {cachedData} : {})})
  const module = {exports: {}}
  script.runInThisContext().call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file))
  return {exports: module.exports, script}
}

module.exports = {SCRIPT_FLAGS, ANSWER_FLAGS, ANSWER_UNDO, loadScript}
