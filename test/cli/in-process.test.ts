// test/helpers/cli.ts runs `tfgraph ARGS` in the test's own process, as bin/run.cjs runs it in a process of
// its own, so that the tests which check many command lines' output need not start Node and load the CLI
// for each. Here a sample of command lines of each kind, run both ways, gives the same exit code, stdout
// and stderr: the quick start cold and warm, the oclif commands, --help and --version, usage errors, a
// failure inside a command, findings (exit 2), a working directory and an environment of the run's own.
import {cpSync, mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {runCli, runCliProcess, type CliOptions} from '../helpers/cli.js'
import {fixturesDir} from '../helpers/paths.js'

const demo = 'fixtures/providers/demo'

const LINES: [string[], CliOptions?][] = [
  [['providers', demo]],
  [['providers', demo, '--json']],
  [['lint', 'fixtures/providers/legacy', '--format', 'compact']],
  [['lint', demo, '--format', 'nonsense']],
  [['graph', demo, '--type', 'providers', '--format', 'json']],
  [['graph', demo, '--focus', 'module.netwrk']],
  [['lock', demo]],
  [['config', 'fixtures/load/override-resource', '--json']],
  [['lock', 'diff', 'nope.hcl', 'nope2.hcl']],
  [['lnt', '.']],
  [['--help']],
  [['--version']],
  [['help', 'lint']],
  [['providers', '.', '--no-cache'], {cwd: path.join(fixturesDir, 'providers/demo')}],
  [['lint', demo], {env: {NO_COLOR: undefined, FORCE_COLOR: undefined}}],
]

test('a sample of command lines: the same exit code, stdout and stderr in this process as in a process of its own', async () => {
  const cache = mkdtempSync(path.join(tmpdir(), 'tfgraph-in-process-'))
  try {
    for (const [args, options = {}] of LINES) {
      // a quick start's line twice, into the same results cache: cold, then warm (its stored answer)
      const quick = ['providers', 'lint', 'graph', 'lock', 'config'].includes(args[0]!) && args[1] !== 'diff'
      for (const round of quick ? ['cold', 'warm'] : ['once']) {
        const env = {...options.env, TFGRAPH_CACHE_DIR: path.join(cache, args.join('_').replace(/\W+/g, '-'))}
        const real = runCliProcess(args, {...options, env})
        const here = await runCli(args, {...options, env})
        const label = `tfgraph ${args.join(' ')} (${round})`
        assert.is(here.code, real.code, label)
        assert.is(here.stdout, real.stdout, label)
        assert.is(here.stderr, real.stderr, label)
      }
    }
  } finally {
    rmSync(cache, {recursive: true, force: true})
  }
})

test('the run leaves the process as it was: exit code, working directory, environment, streams and their listeners', async () => {
  const cwd = process.cwd()
  const write = process.stdout.write
  const listeners = process.stdout.listenerCount('drain')
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-in-process-'))
  try {
    cpSync(path.join(fixturesDir, 'providers/demo'), dir, {recursive: true})
    const r = await runCli(['lint', '.', '--format', 'nonsense'], {cwd: dir, env: {TFGRAPH_IN_PROCESS_MARK: 'x'}})
    assert.is(r.code, 1)
    assert.is(process.exitCode, undefined)
    assert.is(process.cwd(), cwd)
    assert.is(process.env['TFGRAPH_IN_PROCESS_MARK'], undefined)
    assert.is(process.stdout.write, write)
    // oclif's flush leaves a 'drain' listener on stdout each run; twelve runs would pass Node's limit
    for (let i = 0; i < 12; i++) assert.is((await runCli(['--version'])).stderr, '')
    assert.is(process.stdout.listenerCount('drain'), listeners)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test.run()
