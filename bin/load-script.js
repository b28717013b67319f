// Loads one of the CLI's CommonJS bundles (dist/cli/*.cjs) with V8's code cache beside it (FILE.cache,
// written at build by scripts/code-cache.mjs): V8 then skips parsing and compiling the functions the
// cache holds, which is most of what a small run spends beyond Node's own start. A cache made by
// another Node version (or under other V8 flags) is rejected by V8 and the script is compiled as usual.
import {readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import * as path from 'node:path'
import {constants, Script} from 'node:vm'

/**
 * V8's flags of every run that loads quick-run.cjs, set before it is loaded (bin/run.js, bin/pre-commit.js,
 * scripts/code-cache.mjs, each by `setScriptFlags`): V8 takes a code cache only under the flags it was made
 * with (test/cli/code-cache.test.ts). Why each: bin/run.js. quick.cjs is loaded, and its cache made, under
 * Node's own flags, before any is set: a warm answer then never loads node:v8 (BENCHMARKS.md, #53).
 */
export const SCRIPT_FLAGS = Object.freeze(['--heap-growing-percent=50', '--max-inlined-bytecode-size-cumulative=184'])

/** Sets V8's flags, SCRIPT_FLAGS by default (node:v8, with the stream modules it loads, only now). */
export async function setScriptFlags(flags = SCRIPT_FLAGS) {
  const {setFlagsFromString} = await import('node:v8')
  for (const flag of flags) setFlagsFromString(flag)
}

/** The script's exports, and the script (for `createCachedData`). */
export function loadScript(file) {
  const source = readFileSync(file, 'utf8')
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
