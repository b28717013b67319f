// The pre-commit hook (bin/pre-commit.cjs) checks a root the quick start can run in its own process
// (src/cli/quick-run.ts's runCaptured) instead of starting tfgraph for it (#53). What it prints must be
// what it printed when a tfgraph process of its own checked the root: that process's stdout and stderr
// after the hook's heading line, its exit code — cold, after an edit (never a stored answer for an
// edited file) and warm, in text, JSON and compact; with the hook's own streams terminals, no colours
// (a process of its own writes to pipes); and the hook's exit code and streams are its own again after.
import {spawnSync} from 'node:child_process'
import {appendFileSync, cpSync, mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {pathToFileURL} from 'node:url'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

const hookScript = path.join(repoRoot, 'bin/pre-commit.cjs')
const runScript = path.join(repoRoot, 'bin/run.cjs')

/** infra/ (the ignore-and-config fixture: findings, a .tfgraph.json, non-ASCII text in the details), in a directory of its own. */
function workTree(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-hook-quick-'))
  cpSync(path.join(fixturesDir, 'lint/ignore-and-config'), path.join(dir, 'infra'), {recursive: true})
  return dir
}

const env = (cache: string): NodeJS.ProcessEnv => {
  const e: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1', TFGRAPH_CACHE_DIR: cache}
  for (const k of ['TFGRAPH_PARSER', 'DEBUG', 'NODE_OPTIONS']) delete e[k]
  return e
}

/** What the hook printed when it started `tfgraph lint ROOT FLAGS --no-progress` for each root (the commit before #53's step). */
function expected(dir: string, roots: string[], flags: string[]): {status: number; stdout: string} {
  const cache = mkdtempSync(path.join(tmpdir(), 'tfgraph-hook-quick-cache-'))
  try {
    let status = 0
    let stdout = ''
    for (const root of roots) {
      const r = spawnSync(process.execPath, [runScript, 'lint', root, ...flags, '--no-progress'], {
        cwd: dir,
        encoding: 'utf8',
        env: env(cache),
      })
      if (r.status !== 0) stdout += `tfgraph lint ${root} (exit ${r.status}):\n${r.stdout}${r.stderr}`
      status = Math.max(status, r.status ?? 1)
    }
    return {status, stdout}
  } finally {
    rmSync(cache, {recursive: true, force: true})
  }
}

test('the hook checks a root in its own process as a tfgraph process would, byte for byte: cold, edited, warm; text, JSON, compact', () => {
  const dir = workTree()
  const cache = mkdtempSync(path.join(tmpdir(), 'tfgraph-hook-quick-cache-'))
  try {
    const files = ['infra/main.tf', 'infra/a/main.tf']
    const hook = (flags: string[]) =>
      spawnSync(process.execPath, [hookScript, 'lint', ...flags, ...files], {cwd: dir, encoding: 'utf8', env: env(cache)})
    const steps: [string, string[]][] = [
      ['cold', []],
      ['edited', []],
      ['warm', []],
      ['edited', ['--format=json']],
      ['edited', ['--format=compact']],
    ]
    for (const [step, flags] of steps) {
      if (step === 'edited') {
        appendFileSync(path.join(dir, 'infra/main.tf'), '\n# edited\n')
        appendFileSync(path.join(dir, 'infra/a/main.tf'), `\nvariable "added_${flags.length}" {}\n`)
      }
      const got = hook(flags)
      const want = expected(dir, ['infra', 'infra/a'], flags)
      const what = `${step} ${flags.join(' ')}`
      assert.is(got.stderr, '', what)
      assert.is(got.status, want.status, what)
      assert.is(got.stdout, want.stdout, what)
      // the edits are seen: the variable added to infra/a is reported there
      if (step === 'edited') assert.match(got.stdout, `added_${flags.length}`, what)
    }
  } finally {
    rmSync(dir, {recursive: true, force: true})
    rmSync(cache, {recursive: true, force: true})
  }
})

test("runCaptured: no colours with the hook's streams terminals, a usage error captured with its exit code, the caller's streams and exit code kept", () => {
  const dir = workTree()
  const cache = mkdtempSync(path.join(tmpdir(), 'tfgraph-hook-quick-cache-'))
  try {
    const load = pathToFileURL(path.join(repoRoot, 'bin/load-script.cjs')).href
    const script = `
      import {setFlagsFromString} from 'node:v8'
      import {writeSync} from 'node:fs'
      import {loadScript} from ${JSON.stringify(load)}
      setFlagsFromString('--heap-growing-percent=50')
      const quick = loadScript(${JSON.stringify(path.join(repoRoot, 'dist/cli/quick.cjs'))}).exports
      const run = loadScript(${JSON.stringify(path.join(repoRoot, 'dist/cli/quick-run.cjs'))}).exports
      for (const s of [process.stdout, process.stderr]) Object.defineProperty(s, 'isTTY', {value: true, configurable: true, writable: true})
      process.exitCode = 7
      const pipes = {stdout: {isTTY: false}, stderr: {isTTY: false}}
      const out = []
      for (const args of [['lint', 'infra', '--no-progress'], ['lint', 'infra', '--config', 'missing.json', '--no-progress']]) {
        const line = quick.quickLine(args, pipes)
        out.push(await run.runCaptured(line.q, args))
      }
      writeSync(3, JSON.stringify({out, exitCode: process.exitCode, tty: [process.stdout.isTTY, process.stderr.isTTY], write: !Object.hasOwn(process.stdout, 'write') && !Object.hasOwn(process.stderr, 'write')}))
      process.exitCode = 0
    `
    const e = env(cache)
    delete e['NO_COLOR']
    e['TERM'] = 'xterm-256color'
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: dir,
      encoding: 'utf8',
      env: e,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    })
    assert.is(r.status, 0, r.stderr)
    assert.is(r.stdout + r.stderr, '', 'nothing of the runs reaches the streams')
    const got = JSON.parse(String(r.output[3])) as {
      out: {stdout: string; stderr: string; exitCode: number}[]
      exitCode: number
      tty: boolean[]
      write: boolean
    }
    const [report, usage] = got.out
    const want = expected(dir, ['infra'], [])
    assert.is(report!.exitCode, 2)
    assert.is(`tfgraph lint infra (exit 2):\n${report!.stdout}${report!.stderr}`, want.stdout)
    assert.not.match(report!.stdout, '\u001b[', 'no colour codes')
    assert.is(usage!.exitCode, 1)
    assert.is(usage!.stdout, '')
    assert.match(usage!.stderr, 'missing.json')
    assert.equal([got.exitCode, got.tty, got.write], [7, [true, true], true])
  } finally {
    rmSync(dir, {recursive: true, force: true})
    rmSync(cache, {recursive: true, force: true})
  }
})

test.run()
