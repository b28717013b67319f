// The package's entries are CommonJS (bin/run.cjs, bin/pre-commit.cjs; #53): a run the quick start answers
// loads no ES module, so Node's ES module loader is never set up for it. bin/run.js and bin/pre-commit.js
// (the entries before) still run the same code. Which of Node's own modules a process loaded is read from
// `process.moduleLoadList` at its exit, by a CommonJS preload (a preload given with --import would itself
// start the ES module loader).
import {spawnSync} from 'node:child_process'
import {accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

const work = mkdtempSync(path.join(tmpdir(), 'tfgraph-entry-'))
const cache = path.join(work, 'cache')
const preload = path.join(work, 'loaded.cjs')
const loadedList = path.join(work, 'loaded.txt')
writeFileSync(
  preload,
  `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(loadedList)}, process.moduleLoadList.join('\\n')))\n`,
)

const env = (): NodeJS.ProcessEnv => {
  const e: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1', TFGRAPH_CACHE_DIR: cache}
  for (const k of ['TFGRAPH_PARSER', 'DEBUG', 'NODE_OPTIONS']) delete e[k]
  return e
}

interface Ran {
  status: number | null
  stdout: string
  stderr: string
  /** Whether Node's ES module loader ran a module in that process (its module jobs were loaded). */
  esm: boolean
}

function run(entry: string, args: string[], cwd = repoRoot): Ran {
  rmSync(loadedList, {force: true})
  const r = spawnSync(process.execPath, ['--require', preload, path.join(repoRoot, 'bin', entry), ...args], {
    cwd,
    encoding: 'utf8',
    env: env(),
  })
  const loaded = readFileSync(loadedList, 'utf8').split('\n')
  return {status: r.status, stdout: r.stdout, stderr: r.stderr, esm: loaded.includes('NativeModule internal/modules/esm/module_job')}
}

const demo = path.relative(repoRoot, path.join(fixturesDir, 'providers/demo'))

test('the package runs the CommonJS entries: each is there, executable and starts with a node shebang', () => {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {bin: Record<string, string>}
  assert.equal(pkg.bin, {tfgraph: 'bin/run.cjs', 'tfgraph-pre-commit': 'bin/pre-commit.cjs'})
  for (const file of Object.values(pkg.bin)) {
    const p = path.join(repoRoot, file)
    accessSync(p, constants.X_OK)
    assert.ok(readFileSync(p, 'utf8').startsWith('#!/usr/bin/env node\n'), `${file} starts with the shebang`)
  }
})

test('a stored answer of each quick command loads no ES module, and prints what the ES module entry prints', () => {
  for (const command of ['providers', 'lint', 'graph', 'lock', 'config']) {
    const first = run('run.cjs', [command, demo, '--no-progress'])
    const warm = run('run.cjs', [command, demo, '--no-progress'])
    assert.ok(first.status === 0 || first.status === 2, `${command}: exit ${first.status}: ${first.stderr}`)
    assert.is(warm.esm, false, `${command}: the warm run loaded an ES module`)
    assert.equal([warm.status, warm.stdout, warm.stderr], [first.status, first.stdout, first.stderr], command)
    const old = run('run.js', [command, demo, '--no-progress'])
    assert.is(old.esm, true, `${command}: bin/run.js is an ES module`)
    assert.equal([old.status, old.stdout, old.stderr], [first.status, first.stdout, first.stderr], `${command} through bin/run.js`)
  }
})

test('a line oclif reads (--help, a usage error) still runs through oclif from the CommonJS entry', () => {
  const help = run('run.cjs', ['lint', '--help'])
  assert.is(help.status, 0, help.stderr)
  assert.match(help.stdout, 'USAGE')
  const bad = run('run.cjs', ['lint', demo, '--no-such-flag'])
  assert.is(bad.status, 1)
  assert.match(bad.stderr, 'no-such-flag')
  assert.not.match(bad.stderr, /\n\s+at /, 'no stack trace')
})

test('the pre-commit hook answered from the cache loads no ES module; bin/pre-commit.js prints the same', () => {
  const file = path.join(demo, 'main.tf')
  const first = run('pre-commit.cjs', ['lint', file])
  const warm = run('pre-commit.cjs', ['lint', file])
  assert.is(warm.esm, false, 'the warm hook loaded an ES module')
  assert.equal([warm.status, warm.stdout, warm.stderr], [first.status, first.stdout, first.stderr])
  const old = run('pre-commit.js', ['lint', file])
  assert.equal([old.status, old.stdout, old.stderr], [first.status, first.stdout, first.stderr])
})

test.after(() => rmSync(work, {recursive: true, force: true}))

test.run()
