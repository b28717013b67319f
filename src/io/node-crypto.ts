// node:crypto, loaded when first used: a warm answer from the results cache hashes nothing, and loading
// the module (its dozen internal parts) cost as much as the rest of a small warm run's own work
// (BENCHMARKS.md, "#53: the warm path"). Node keeps the module once loaded: nothing is cached here.
import {createRequire} from 'node:module'
import * as path from 'node:path'
import type * as Crypto from 'node:crypto'

type CryptoModule = typeof Crypto

/** node:crypto: `process.getBuiltinModule` where Node has it (20.16), else a require of the built-in. */
export function nodeCrypto(): CryptoModule {
  return nodeBuiltin('node:crypto') as CryptoModule
}

/**
 * One of Node's built-in modules, loaded now (for one a run may not need: node:worker_threads, loaded by
 * the parse pool only when it starts workers; the language server's start then does without it, #48).
 */
export function nodeBuiltin(id: `node:${string}`): unknown {
  const builtin = (process as {getBuiltinModule?: (id: string) => unknown}).getBuiltinModule
  // a built-in is found from any file: the working directory's is as good as this module's own
  return builtin ? builtin(id) : createRequire(path.join(process.cwd(), 'noop.js'))(id)
}
