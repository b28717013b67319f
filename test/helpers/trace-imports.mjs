// Preload (`node --import`) that appends every ES module URL the process resolves to the file
// named by TFGRAPH_TRACE_IMPORTS. Used by the start-up test to prove what a command does not load.
// CommonJS modules loaded through require (createRequire included) and scripts compiled with vm.Script
// (bin/load-script.js) are appended too, as file paths.
import {appendFileSync} from 'node:fs'
import Module, {register, syncBuiltinESMExports} from 'node:module'
import vm from 'node:vm'

const out = process.env.TFGRAPH_TRACE_IMPORTS
register(new URL('./trace-imports-hooks.mjs', import.meta.url), {data: {out}})
if (out) {
  const load = Module._load
  Module._load = function (request, parent, isMain) {
    try {
      appendFileSync(out, Module._resolveFilename(request, parent, isMain) + '\n')
    } catch {
      // a built-in or unresolvable request: load reports it
    }
    return load.apply(this, arguments)
  }
  // scripts compiled by bin/load-script.js (the quick start's bundles), as file paths
  const Script = vm.Script
  vm.Script = class extends Script {
    constructor(code, options) {
      if (typeof options?.filename === 'string') appendFileSync(out, options.filename + '\n')
      super(code, options)
    }
  }
  syncBuiltinESMExports()
}
