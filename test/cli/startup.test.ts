// Lazy start-up: `--help` and `--version` answer from oclif's manifest and the CLI bundle without
// importing the library or the parser; a command loads the parser only when a file is not in the parse cache.
import {spawnSync} from 'node:child_process'
import {mkdtempSync, readFileSync, rmSync, existsSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

const preload = path.join(repoRoot, 'test/helpers/trace-imports.mjs')

function traced(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  input?: string,
): {code: number | null; stdout: string; stderr: string; modules: string[]} {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-trace-'))
  const out = path.join(dir, 'imports.txt')
  try {
    const r = spawnSync(process.execPath, ['--import', preload, path.join(repoRoot, 'bin/run.cjs'), ...args], {
      encoding: 'utf8',
      env: {...process.env, NO_COLOR: '1', ...env, TFGRAPH_TRACE_IMPORTS: out},
      ...(input !== undefined ? {input} : {}),
    })
    const modules = existsSync(out) ? readFileSync(out, 'utf8').split('\n').filter(Boolean) : []
    return {code: r.status, stdout: r.stdout, stderr: r.stderr, modules}
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
}

/** The library (dist/cli/lib.js in the bundle, dist/src/* unbundled) or the parse worker. */
// the library: its entry, its sources, the quick start's run of `providers`, or a bundle chunk holding
// the loader (commands import parts of it)
const library = (mods: string[]) =>
  mods.filter(
    (m) =>
      /\/dist\/(cli\/(lib|parse-worker)\.js|cli\/quick-run\.cjs|src\/)/.test(m) ||
      (/\/dist\/cli\/chunk-[^/]*\.js$/.test(m) &&
        readFileSync(m.startsWith('file:') ? fileURLToPath(m) : m, 'utf8').includes('async function loadModuleDir(')),
  )
const parser = (mods: string[]) => mods.filter((m) => m.includes('@cdktf/hcl2json'))

test('the oclif manifest is built', () => {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'oclif.manifest.json'), 'utf8')) as {commands: Record<string, unknown>}
  for (const id of ['config', 'providers', 'lint', 'lock', 'lock:diff']) assert.ok(manifest.commands[id], `manifest lacks ${id}`)
})

for (const args of [['--version'], ['--help'], ['providers', '--help'], ['lint', '--help'], ['lsp', '--help']]) {
  test(`${args.join(' ')} loads no command code, library or parser`, () => {
    const r = traced(args)
    assert.is(r.code, 0)
    assert.ok(
      r.modules.some((m) => m.endsWith('/dist/cli/entry.js')),
      'the trace saw the CLI bundle load (the preload works)',
    )
    assert.equal(library(r.modules), [])
    assert.equal(parser(r.modules), [])
  })
}

test('a warm lint loads neither the analysis nor the parser, and prints the same', () => {
  const cache = mkdtempSync(path.join(tmpdir(), 'tfgraph-cache-'))
  try {
    const env = {TFGRAPH_CACHE_DIR: cache}
    const dir = path.join(fixturesDir, 'providers/legacy')
    const cold = traced(['lint', dir, '--format', 'compact'], env)
    assert.ok(library(cold.modules).length > 0, 'a cold lint analyses')
    const warm = traced(['lint', dir, '--format', 'compact'], env)
    assert.is(warm.code, cold.code)
    assert.equal(library(warm.modules), [])
    assert.equal(parser(warm.modules), [])
    assert.is(warm.stdout, cold.stdout)
  } finally {
    rmSync(cache, {recursive: true, force: true})
  }
})

test('a cold run parses with our own parser (never loading the WebAssembly one), a warm run loads neither', () => {
  const cache = mkdtempSync(path.join(tmpdir(), 'tfgraph-cache-'))
  try {
    const env = {TFGRAPH_CACHE_DIR: cache}
    const dir = path.join(fixturesDir, 'providers/demo')
    const cold = traced(['providers', dir], env)
    assert.is(cold.code, 0)
    assert.equal(parser(cold.modules), [], 'the default parser is our own')
    assert.ok(library(cold.modules).length > 0, 'a command loads the library')
    const warm = traced(['providers', dir], env)
    assert.is(warm.code, 0)
    assert.equal(parser(warm.modules), [])
    assert.equal(library(warm.modules), [], 'the output comes from the results cache')
    assert.is(warm.stdout, cold.stdout)
  } finally {
    rmSync(cache, {recursive: true, force: true})
  }
})

test('a warm graph answers from the results cache: no analysis, no parser, the same bytes (and -o FILE gets them)', () => {
  const cache = mkdtempSync(path.join(tmpdir(), 'tfgraph-cache-'))
  try {
    const env = {TFGRAPH_CACHE_DIR: cache}
    const dir = path.join(fixturesDir, 'graph/platform')
    const args = ['graph', dir, '--type', 'providers', '--format', 'json']
    const cold = traced(args, env)
    assert.is(cold.code, 0)
    assert.ok(library(cold.modules).length > 0, 'a cold graph analyses')
    const warm = traced(args, env)
    assert.is(warm.code, 0)
    assert.equal(library(warm.modules), [])
    assert.equal(parser(warm.modules), [])
    assert.is(warm.stdout, cold.stdout)
    const file = path.join(cache, 'graph.json')
    const written = traced([...args, '-o', file], env)
    assert.is(written.code, 0)
    assert.equal(library(written.modules), [])
    assert.is(readFileSync(file, 'utf8'), cold.stdout)
  } finally {
    rmSync(cache, {recursive: true, force: true})
  }
})

test('--parser hcl2json loads the reference parser and prints the same', () => {
  const dir = path.join(fixturesDir, 'providers/demo')
  const own = traced(['providers', dir, '--no-cache'], {})
  const reference = traced(['providers', dir, '--no-cache', '--parser', 'hcl2json'], {})
  assert.ok(parser(reference.modules).length > 0, 'the reference parser is loaded')
  assert.is(reference.code, own.code)
  assert.is(reference.stdout, own.stdout)
})

/** An editor's shortest session: initialize on `dir`, shutdown, exit (LSP frames, as a client writes them). */
function lspSession(dir: string): string {
  const messages = [
    {jsonrpc: '2.0', id: 1, method: 'initialize', params: {processId: null, rootUri: pathToFileURL(dir).href, capabilities: {}}},
    {jsonrpc: '2.0', method: 'initialized', params: {}},
    {jsonrpc: '2.0', id: 2, method: 'shutdown'},
    {jsonrpc: '2.0', method: 'exit'},
  ]
  return messages
    .map((m) => JSON.stringify(m))
    .map((body) => `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`)
    .join('')
}
const oclif = (mods: string[]) => mods.filter((m) => m.endsWith('/dist/cli/entry.js'))
const quickRun = (mods: string[]) => mods.filter((m) => m.endsWith('/dist/cli/quick-run.cjs'))

test("tfgraph lsp starts from the quick start's script without oclif, and answers as the oclif command does", () => {
  const dir = path.join(fixturesDir, 'lsp', 'workspace')
  const input = lspSession(dir)
  for (const args of [['lsp'], ['lsp', '--stdio'], ['lsp', '--clientProcessId=1', '--stdio'], ['lsp', '--clientProcessId', '1']]) {
    const quick = traced(args, {}, input)
    assert.is(quick.code, 0, args.join(' '))
    assert.equal(oclif(quick.modules), [], `${args.join(' ')}: no oclif`)
    assert.is(quickRun(quick.modules).length, 1, `${args.join(' ')}: the server from quick-run.cjs`)
  }
  // a line bin/run.cjs leaves to oclif (the flag twice): oclif runs the same server, which answers the same
  const quick = traced(['lsp', '--stdio'], {}, input)
  const viaOclif = traced(['lsp', '--stdio', '--stdio'], {}, input)
  assert.ok(oclif(viaOclif.modules).length > 0, 'oclif ran it')
  assert.is(quickRun(viaOclif.modules).length, 1, 'the oclif command starts the server from quick-run.cjs too')
  assert.is(viaOclif.code, quick.code)
  assert.is(viaOclif.stdout, quick.stdout)
  assert.ok(quick.stdout.includes('"serverInfo":{"name":"tfgraph"}'), quick.stdout)
  // the end of the input without shutdown: exit code 1, as before
  assert.is(traced(['lsp', '--stdio'], {}, '').code, 1)
})

test("tfgraph lsp with a flag it does not take, or a bad value, is oclif's usage error (exit 1), the server never loaded", () => {
  for (const [args, message] of [
    [['lsp', '--bogus'], 'Error: unknown flag --bogus\nSee "tfgraph lsp --help".\n'],
    [['lsp', '--clientProcessId'], 'Error: --clientProcessId needs a value\nSee "tfgraph lsp --help".\n'],
    [['lsp', '--stdio=true'], 'Error: --stdio takes no value (got "--stdio=true")\nSee "tfgraph lsp --help".\n'],
    [['lsp', '--clientProcessId=1', '--clientProcessId=2'], 'Error: --clientProcessId can be given only once\nSee "tfgraph lsp --help".\n'],
  ] as const) {
    const r = traced([...args], {}, '')
    assert.is(r.code, 1, args.join(' '))
    assert.is(r.stderr, message)
    assert.equal(quickRun(r.modules), [], `${args.join(' ')}: no server`)
  }
})

test.run()
