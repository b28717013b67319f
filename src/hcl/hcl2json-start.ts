// Starts @cdktf/hcl2json's WebAssembly parser the quick way. The package's own entry point inflates its
// 1.7 MB gzipped module on every start (~40-100 ms here) and loads fs-extra; this starts the same
// module with the package's own Go runtime (wasm/bridge_wasm_exec.js), from an inflated copy kept in
// the cache directory (keyed by a hash of the package's .gz, so an upgrade gets a new copy). Same
// calling convention as the package: parse(filename, text) → JSON text, or an error message.
// Any surprise (another package layout) falls back to the package's entry point (parse-native.ts).
import {mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import * as path from 'node:path'
import type * as Zlib from 'node:zlib'
// node:crypto and node:zlib when the parser starts: a run that never does (the language server's start, every
// run of tfgraph's own parser) loads neither (#48, #53: parse-native.ts imports this module)
import {nodeBuiltin, nodeCrypto} from '../io/node-crypto.js'

export type Hcl2JsonParse = (filename: string, contents: string) => Promise<unknown>

interface GoRuntime {
  readonly importObject: WebAssembly.Imports
  run(instance: WebAssembly.Instance): Promise<void>
}

function isGoConstructor(v: unknown): v is new () => GoRuntime {
  return typeof v === 'function'
}

/** The inflated WebAssembly module: from the cache directory when it holds it, else inflated (and stored there). */
function wasmBytes(pkgDir: string, cacheDir: string | undefined): Uint8Array<ArrayBuffer> {
  const gz = readFileSync(path.join(pkgDir, 'main.wasm.gz'))
  const file = cacheDir
    ? path.join(cacheDir, 'wasm', `hcl2json-${nodeCrypto().createHash('sha256').update(gz).digest('hex').slice(0, 32)}.wasm`)
    : undefined
  if (file) {
    try {
      return readFileSync(file)
    } catch {
      // not there yet
    }
  }
  const bytes = (nodeBuiltin('node:zlib') as typeof Zlib).gunzipSync(gz)
  if (file) {
    try {
      mkdirSync(path.dirname(file), {recursive: true})
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
      writeFileSync(tmp, bytes)
      renameSync(tmp, file)
    } catch {
      // a read-only cache: inflate each time
    }
  }
  return bytes
}

function leb128(n: number): number[] {
  const out: number[] = []
  do {
    let b = n & 0x7f
    n >>>= 7
    if (n !== 0) b |= 0x80
    out.push(b)
  } while (n !== 0)
  return out
}

/**
 * The module with a custom section appended (ignored by WebAssembly, but it makes the bytes differ).
 * V8 shares a compiled module between the threads of a process by its bytes, including how it was
 * compiled: without this, worker threads reuse the main thread's baseline-only (`--liftoff-only`)
 * compilation and parse about 1.7 times slower (measured: 1,500 corpus files in 12.9 s instead of 7.4 s).
 */
export function withCustomSection(bytes: Uint8Array<ArrayBuffer>, name: string): Uint8Array<ArrayBuffer> {
  const nameBytes = Buffer.from(name, 'utf8')
  const content = [...leb128(nameBytes.length), ...nameBytes]
  const section = Uint8Array.from([0, ...leb128(content.length), ...content])
  const out = new Uint8Array(bytes.length + section.length)
  out.set(bytes)
  out.set(section, bytes.length)
  return out
}

/**
 * Starts the parser; `cacheDir` (when caching is on) keeps the inflated module between runs.
 * `baselineOnly`: this thread compiles with `--liftoff-only` (see parse-native.ts), so its compiled
 * module must not be the one worker threads get.
 */
export async function startHcl2json(cacheDir: string | undefined, baselineOnly: boolean): Promise<Hcl2JsonParse> {
  const require = createRequire(import.meta.url)
  const pkgDir = path.dirname(require.resolve('@cdktf/hcl2json/package.json'))
  const inflated = wasmBytes(pkgDir, cacheDir)
  const bytes = baselineOnly ? withCustomSection(inflated, 'tfgraph:liftoff-only') : inflated
  require(path.join(pkgDir, 'wasm', 'bridge_wasm_exec.js')) // defines globalThis.Go
  const Go: unknown = (globalThis as {Go?: unknown}).Go
  if (!isGoConstructor(Go)) throw new Error('hcl2json: no Go runtime')
  const go = new Go()
  const instance = await WebAssembly.instantiate(await WebAssembly.compile(bytes), go.importObject)
  const exported: Record<string, unknown> = {}
  // the Go program registers its functions on this object when it starts
  ;(globalThis as Record<string, unknown>)['__parse_terraform_config_wasm__'] = exported
  void go.run(instance)
  for (let i = 0; typeof exported['parse'] !== 'function'; i++) {
    if (i > 1000) throw new Error('hcl2json: the parser did not start')
    await new Promise<void>((resolve) => setImmediate(resolve))
  }
  const goParse = exported['parse'] as (filename: string, contents: string, cb: (err: unknown, out?: unknown) => void) => void
  return (filename, contents) =>
    new Promise((resolve, reject) => {
      goParse(filename, contents, (err, out) => {
        if (err) reject(new Error(String(err)))
        else {
          try {
            resolve(JSON.parse(String(out)))
          } catch (e) {
            reject(e instanceof Error ? e : new Error(String(e)))
          }
        }
      })
    })
}
