// Start-up speed: after `tsc`, bundle oclif and the command classes into dist/cli/entry.js (one file
// instead of ~200 CommonJS modules), the library as dist/cli/lib.js (imported by a command when it runs)
// and the parse worker as its own entry. bin/run.js imports the bundle; oclif finds the commands through its "explicit"
// strategy (package.json oclif.commands → COMMANDS in entry.js). The WebAssembly parser stays outside
// (@cdktf/hcl2json loads its .wasm from its own package directory) and is only imported to parse.
import {build} from 'esbuild'
import {readdirSync, rmSync, writeFileSync} from 'node:fs'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const commandsDir = path.join(root, 'dist', 'commands')
const out = path.join(root, 'dist', 'cli')

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
  logLevel: 'warning',
})
rmSync(entry)
console.log(`bundled ${commands.length} commands into dist/cli/`)
