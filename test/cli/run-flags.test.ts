// The shared run flags: --jobs (worker threads give the same output), --verbose (what the run read),
// --no-cache, and no progress line when stderr is not a terminal. The command lines run in this process
// (test/helpers/cli.ts); the usage error and the piped-stderr one also as processes of their own (the
// --verbose lines report milliseconds, which differ from run to run).
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {runCli, runCliChecked} from '../helpers/cli.js'
import {fixturesDir} from '../helpers/paths.js'

const run = (args: string[], env: Record<string, string> = {}) => runCli(args, {env})

const demo = path.join(fixturesDir, 'providers/demo')

test('--parser hcl2json --jobs 2 parses in worker threads and prints exactly what --jobs 1 prints', async () => {
  const cache = mkdtempSync(path.join(tmpdir(), 'tfgraph-jobs-'))
  try {
    const one = await run(['providers', demo, '--jobs', '1', '--no-cache', '--verbose', '--parser', 'hcl2json'])
    const two = await run(['providers', demo, '--jobs', '2', '--verbose', '--parser', 'hcl2json'], {
      TFGRAPH_POOL_THRESHOLD: '0',
      TFGRAPH_CACHE_DIR: cache,
    })
    assert.is(one.code, 0, one.stderr)
    assert.is(two.code, 0, two.stderr)
    assert.is(two.stdout, one.stdout)
    assert.match(one.stderr, /files read in \d+ ms \(\d+ parsed, 0 from the parse cache, 0 parsed by 1 worker threads, cache off\)/)
    const m = /(\d+) files read in \d+ ms \(\d+ parsed, 0 from the parse cache, (\d+) parsed by 2 worker threads\)/.exec(two.stderr)
    assert.ok(m, two.stderr)
    assert.ok(Number(m![2]) > 0 && Number(m![2]) <= Number(m![1]))
    // the workers filled the parse cache: another view of the same root reads every file from it
    const json = await run(['providers', demo, '--json', '--verbose', '--parser', 'hcl2json'], {TFGRAPH_CACHE_DIR: cache})
    assert.match(json.stderr, new RegExp(`, ${m![2]} from the parse cache, 0 parsed`))
    // and the same command again is answered whole by the results cache
    const warm = await run(['providers', demo, '--verbose', '--parser', 'hcl2json'], {TFGRAPH_CACHE_DIR: cache})
    assert.match(warm.stderr, /\(0 parsed, 0 from the parse cache, 0 parsed by \d+ worker threads, 1 result from the results cache\)/)
    assert.is(warm.stdout, one.stdout)
  } finally {
    rmSync(cache, {recursive: true, force: true})
  }
})

test('--jobs must be a positive integer', async () => {
  const r = await runCliChecked(['providers', demo, '--jobs', '0'])
  assert.is(r.code, 1, 'a usage error')
  assert.match(r.stderr, /jobs/)
  assert.not.match(r.stderr, /    at /)
})

test('piped stderr gets no progress line', async () => {
  // a process of its own too: its stderr is a real pipe
  const r = await runCliChecked(['lint', demo])
  assert.not.match(r.stderr, /files read/)
  assert.not.match(r.stderr, /\x1b\[2K/)
})

test.run()
