// Start-up speed: after `tsc`, bundle oclif and the command classes into dist/cli/entry.js (one file
// instead of ~200 CommonJS modules), the library as dist/cli/lib.js (imported by a command when it runs)
// and the parse worker as its own entry. bin/run.cjs imports the bundle; oclif finds the commands through its "explicit"
// strategy (package.json oclif.commands → COMMANDS in entry.js). The WebAssembly parser stays outside
// (@cdktf/hcl2json loads its .wasm from its own package directory) and is only imported to parse.
import {build} from 'esbuild'
import {spawnSync} from 'node:child_process'
import {createHash} from 'node:crypto'
import {readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const commandsDir = path.join(root, 'dist', 'commands')
const out = path.join(root, 'dist', 'cli')

// The build's id (results-cache.ts): a hash of the compiled code and of the locked dependencies, the same
// in both bundles, so a result stored by one is found by the other, and by the next identical build.
const buildHash = createHash('sha256')
const hashTree = (dir) => {
  for (const e of readdirSync(dir, {withFileTypes: true}).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) hashTree(p)
    else if (e.name.endsWith('.js')) buildHash.update(path.relative(root, p)).update('\0').update(readFileSync(p)).update('\0')
  }
}
hashTree(path.join(root, 'dist', 'src'))
hashTree(commandsDir)
for (const f of ['package.json', 'package-lock.json']) buildHash.update(readFileSync(path.join(root, f)))
const define = {TFGRAPH_BUILD_ID: JSON.stringify(buildHash.digest('hex').slice(0, 32))}

// every compiled command file, with oclif's id (lock/diff.js → "lock:diff")
const commands = []
const walk = (dir, prefix) => {
  for (const e of readdirSync(dir, {withFileTypes: true}).sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.isDirectory()) walk(path.join(dir, e.name), [...prefix, e.name])
    else if (e.name.endsWith('.js')) commands.push({id: [...prefix, e.name.slice(0, -3)].join(':'), file: path.join(dir, e.name)})
  }
}
walk(commandsDir, [])

rmSync(out, {recursive: true, force: true})
const entry = path.join(root, 'dist', 'cli-entry.js')
writeFileSync(
  entry,
  `export {execute, run, flush} from '@oclif/core'\n` +
    `export {describeCliError} from './src/cli/cli-errors.js'\n` +
    commands
      .map(
        (c, i) => `import C${i} from ${JSON.stringify('./' + path.relative(path.join(root, 'dist'), c.file).split(path.sep).join('/'))}\n`,
      )
      .join('') +
    `export const COMMANDS = {${commands.map((c, i) => `${JSON.stringify(c.id)}: C${i}`).join(', ')}}\n`,
)

await build({
  // lint-cached: what `tfgraph lint` loads before it knows whether anything must be analysed (the benchmark imports it)
  entryPoints: {
    entry,
    lib: path.join(root, 'dist', 'src', 'index.js'),
    'lint-cached': path.join(root, 'dist', 'src', 'lint', 'cached.js'),
    run: path.join(root, 'dist', 'src', 'cli', 'run.js'),
    // tfgraph --help: oclif loads it from package.json's oclif.helpClass
    'root-help': path.join(root, 'dist', 'src', 'cli', 'root-help.js'),
    'parse-worker': path.join(root, 'dist', 'src', 'hcl', 'parse-worker.js'),
    'lane-worker': path.join(root, 'dist', 'src', 'hcl', 'lane-worker.js'),
  },
  bundle: true,
  splitting: true,
  // chunks beside the entries: the worker pool finds ./parse-worker.js next to its own module
  chunkNames: 'chunk-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outdir: out,
  // jsonc-parser's CommonJS build requires its parts dynamically; its ES module build bundles cleanly
  mainFields: ['module', 'main'],
  // oclif can load TypeScript sources of plugins through these; tfgraph ships JavaScript only
  external: ['typescript', 'ts-node', '@cdktf/hcl2json', '@viz-js/viz'],
  banner: {js: "import {createRequire as __tfgraphRequire} from 'node:module'; const require = __tfgraphRequire(import.meta.url);"},
  define,
  logLevel: 'warning',
})
rmSync(entry)

// The quick start without oclif (bin/run.cjs): CommonJS scripts, so that V8 can compile them from a
// code cache (bin/load-script.cjs) — a small one that answers from the results cache, and the commands'
// runs; import.meta is the script's own file (the worker, the viewer and the reference parser are found
// from it, as from the modules above).
// quick-run.cjs holds the language server too (`tfgraph lsp`: bin/run.cjs, and the oclif command): one
// script for both rather than the library a third time, and the server's code once in the package (not in
// the modules above). Its modules are initialised only when it starts. Its code cache holds what the
// commands' runs compile (the library the server shares with them), not the server's own functions: those
// saved no CPU that /proc could see on fabric's first diagnostics (9 runs) and grew the cache by 0.55 MB.
const quickRunEntry = path.join(root, 'dist', 'quick-run-entry.js')
writeFileSync(quickRunEntry, `export * from './src/cli/quick-run.js'\nexport const languageServer = () => import('./src/lsp/server.js')\n`)
const scripts = {quick: path.join(root, 'dist', 'src', 'cli', 'quick.js'), 'quick-run': quickRunEntry}
// The language server's packages load two of Node's modules it does not use before its first diagnostics:
// vscode-jsonrpc node:crypto (random ids for pipes and messages the server never asks for) and
// vscode-languageserver's files.js node:child_process (resolving global modules): ~20 ms of the server's start
// under load (#48). In the script, they get each a stand-in that loads the module at its first use.
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    b.onResolve({filter: /^(node:)?(crypto|child_process)$/}, (args) =>
      /[\\/]node_modules[\\/]vscode-(jsonrpc|languageserver)[\\/]/.test(args.importer)
        ? {path: args.path.replace(/^node:/, ''), namespace: 'lazy-builtin'}
        : undefined,
    )
    b.onLoad({filter: /.*/, namespace: 'lazy-builtin'}, (args) => ({
      contents: `let m; module.exports = new Proxy({}, {get: (_, k) => (m ??= require('node:${args.path}'))[k]})`,
      loader: 'js',
    }))
  },
}
const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version
for (const [name, source] of Object.entries(scripts))
  await build({
    entryPoints: [source],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    outfile: path.join(out, `${name}.cjs`),
    mainFields: ['module', 'main'],
    external: ['typescript', 'ts-node', '@cdktf/hcl2json', '@viz-js/viz'],
    define: {...define, TFGRAPH_VERSION: JSON.stringify(version), 'import.meta': '__tfgraphMeta'},
    // less to read and parse at each start, and a smaller package; names are kept (stack traces, DEBUG)
    minifyWhitespace: true,
    minifySyntax: true,
    banner: {js: "const __tfgraphMeta = {url: require('node:url').pathToFileURL(__filename).href, resolve: (s) => require.resolve(s)};"},
    plugins: [lazyBuiltins],
    logLevel: 'warning',
  })
rmSync(quickRunEntry)
// lint --recursive's worker thread (src/lint/lint-threads.ts): the quick start's script from its code cache, as
// the main thread loads it, then its lint loop
writeFileSync(
  path.join(out, 'lint-worker.cjs'),
  `'use strict'\n// lint --recursive's second thread (src/lint/lint-threads.ts), written by scripts/bundle.mjs\n` +
    `const path = require('node:path')\n` +
    `require(path.join(__dirname, '..', '..', 'bin', 'load-script.cjs')).loadScript(path.join(__dirname, 'quick-run.cjs')).exports.lintThreadMain()\n`,
)
// bin/load-script.cjs reads them as Latin-1: esbuild writes ASCII (its default charset), checked here
for (const name of Object.keys(scripts))
  if (readFileSync(path.join(out, `${name}.cjs`)).some((byte) => byte > 0x7f)) throw new Error(`dist/cli/${name}.cjs is not ASCII`)
// their code caches: made by running them (functions compiled while a script runs are cached too)
const cached = spawnSync(process.execPath, [path.join(root, 'scripts', 'code-cache.mjs'), out], {stdio: ['ignore', 'ignore', 'inherit']})
if (cached.status !== 0) throw new Error('the code caches of dist/cli/*.cjs could not be made')
console.log(`bundled ${commands.length} commands into dist/cli/`)
