// The public API: analyze / lint / checkLock / loadConfig / exportGraph take a directory or files in
// memory. The same files give the same answers either way, and an analysis in memory touches no file.
import fs, {readdirSync, readFileSync} from 'node:fs'
import {syncBuiltinESMExports} from 'node:module'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyze, checkLock, exportGraph, lint, loadConfig, RunContext} from '../src/index.js'
import {fixturesDir, repoRoot} from './helpers/paths.js'

/** Every regular file under `dir` (also under `.terraform`), by path relative to it, `/`-separated. */
function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (d: string): void => {
    for (const e of readdirSync(d, {withFileTypes: true})) {
      const p = path.join(d, e.name)
      if (e.isDirectory()) walk(p)
      else if (e.isFile()) out[path.relative(dir, p).split(path.sep).join('/')] = readFileSync(p, 'utf8')
    }
  }
  walk(dir)
  return out
}

const ENV = {}
const providerFixtures = readdirSync(path.join(fixturesDir, 'providers')).sort()

test('analyze({files}) gives the bindings, tree and diagnostics the CLI gives on the same files on disk', async () => {
  assert.ok(providerFixtures.length >= 20, `${providerFixtures.length} fixtures`)
  const shared = new RunContext()
  try {
    for (const name of providerFixtures) {
      const dir = path.join(fixturesDir, 'providers', name)
      const onDisk = await analyze(dir, {env: ENV, context: shared})
      const inMemory = await analyze({files: filesOf(dir)}, {env: ENV})
      assert.is(inMemory.providers.root, '.', name)
      assert.equal({...inMemory.providers, root: dir}, onDisk.providers, name)
      assert.equal(inMemory.diagnostics, onDisk.diagnostics, name)
    }
  } finally {
    await shared.close()
  }
})

test('the document is exactly what `tfgraph providers --json` prints', async () => {
  const dir = path.join(fixturesDir, 'providers', 'demo')
  const {spawnSync} = await import('node:child_process')
  const cli = spawnSync(process.execPath, [path.join(repoRoot, 'bin/run.cjs'), 'providers', dir, '--json', '--no-cache'], {
    encoding: 'utf8',
    env: {...process.env, NO_COLOR: '1'},
  })
  assert.is(cli.status, 0, cli.stderr)
  assert.equal((await analyze(dir)).providers, JSON.parse(cli.stdout))
})

test('an analysis in memory reads, lists, stats and writes no file', async () => {
  const files = filesOf(path.join(fixturesDir, 'providers', 'registry-modules'))
  const touched: string[] = []
  // code is loaded from the package itself (node_modules, src, dist); nothing else may be touched
  const code = (p: unknown): boolean =>
    typeof p === 'string' &&
    (p.includes(`${path.sep}node_modules${path.sep}`) ||
      p.startsWith(path.join(repoRoot, 'src')) ||
      p.startsWith(path.join(repoRoot, 'dist')))
  const names = [
    'readFileSync',
    'readdirSync',
    'statSync',
    'lstatSync',
    'realpathSync',
    'existsSync',
    'openSync',
    'writeFileSync',
    'mkdirSync',
    'renameSync',
    'unlinkSync',
  ] as const
  const fsTable = fs as unknown as Record<string, (...args: unknown[]) => unknown>
  const originals = new Map(names.map((n) => [n, fsTable[n]!]))
  for (const n of names) {
    const original = originals.get(n)!
    fsTable[n] = (...args: unknown[]) => {
      const p = args[0] instanceof URL ? args[0].pathname : args[0]
      if (!code(p)) touched.push(`${n} ${String(p)}`)
      return original(...args)
    }
  }
  syncBuiltinESMExports()
  try {
    // the spy sees what src/ sees: named imports of node:fs
    readFileSync(path.join(fixturesDir, 'providers', 'demo', 'main.tf'))
    assert.ok(
      touched.some((t) => t.startsWith('readFileSync ')),
      'the spy records a read through a named import',
    )
    touched.length = 0
    const a = await analyze({files})
    assert.ok(a.providers.modules.length >= 2, 'the installed registry module is followed through .terraform/modules/modules.json')
    const l = await lint({files})
    assert.ok(Array.isArray(l.diagnostics))
    const c = await loadConfig({files})
    assert.ok(c.module.files.length > 0)
    const g = await exportGraph({files}, {view: 'modules'})
    assert.ok(g.graph.nodes.length >= 2)
  } finally {
    for (const n of names) fsTable[n] = originals.get(n)!
    syncBuiltinESMExports()
  }
  assert.equal(touched, [])
})

test('files in memory: `../` paths sit beside the root, a missing module is reported as on disk', async () => {
  const a = await analyze({
    files: {
      'main.tf': 'module "net" {\n  source = "../shared/net"\n}\nmodule "gone" {\n  source = "./nowhere"\n}\n',
      '../shared/net/main.tf': 'resource "aws_vpc" "v" {}\n',
    },
  })
  assert.equal(
    a.providers.modules.map((m) => [m.path, m.resolved, m.dir]),
    [
      ['', true, '.'],
      ['module.gone', false, null],
      ['module.net', true, '../shared/net'],
    ],
  )
  assert.equal(
    a.diagnostics.map((d) => d.summary),
    ['Unreadable module directory'],
  )
})

test('checkLock({files}) reads the lock file from memory', async () => {
  const files = filesOf(path.join(fixturesDir, 'lock', 'statuses'))
  const onDisk = await checkLock(path.join(fixturesDir, 'lock', 'statuses'), {env: ENV})
  const inMemory = await checkLock({files}, {env: ENV})
  assert.ok(inMemory.lockFileExists)
  assert.equal(inMemory.providers, onDisk.providers)
  assert.equal(inMemory.diagnostics, onDisk.diagnostics)
})

test('a shared run context is for directories: with files in memory it is refused', async () => {
  const ctx = new RunContext()
  try {
    await analyze({files: {'main.tf': ''}}, {context: ctx})
    assert.unreachable('should refuse')
  } catch (e) {
    assert.match(String(e), /files in memory get a run of their own/)
  } finally {
    await ctx.close()
  }
})

test.run()
