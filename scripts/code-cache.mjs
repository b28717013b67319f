// Makes the V8 code caches of dist/cli/quick.cjs and quick-run.cjs (FILE.cache; bin/load-script.js
// reads them): loads the scripts as bin/run.js does and runs each quick command on the demo fixture a few
// ways, computed and then answered from a results cache of its own (output thrown away by the caller), so
// that the functions a run needs are compiled; then saves what V8 compiled. V8 takes a cache only under
// the flags it was made with, and bin/run.js loads quick.cjs under Node's own flags and quick-run.cjs
// under SCRIPT_FLAGS: so this runs twice, as two processes — `run` (SCRIPT_FLAGS set: every line computed
// and answered, quick-run.cjs's cache) and then `quick` (no flag set: every line answered from what the
// first stored, quick.cjs's cache; a line not stored is only looked up).
import {spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'
import {loadScript, setScriptFlags} from '../bin/load-script.js'

const [dir, phase, cacheDir] = process.argv.slice(2)
const demo = fileURLToPath(new URL('../fixtures/providers/demo', import.meta.url))
const LINES = {
  providers: [[], ['--json'], ['--requirements']],
  lint: [[], ['--format', 'json'], ['--format', 'compact']],
  graph: [[], ['--type', 'providers'], ['--format', 'json']],
  lock: [[], ['--json']],
  config: [[], ['--json']],
}

/** Runs every line twice with `runner` for what is not stored; the output is not this script's to print. */
async function runLines(quick, runner) {
  // what the runs say on stderr (the demo has no lock file: `lock` warns) is not the build's to print
  const write = process.stderr.write
  process.stderr.write = () => true
  try {
    for (const [command, lines] of Object.entries(LINES))
      for (const flags of lines) for (let i = 0; i < 2; i++) await quick.exports.quickStart([command, demo, ...flags], runner)
  } finally {
    process.stderr.write = write
  }
  process.exitCode = 0
}

if (phase === undefined) {
  // the driver: one results cache for both phases, then thrown away
  const cache = mkdtempSync(path.join(tmpdir(), 'tfgraph-code-cache-'))
  try {
    for (const p of ['run', 'quick']) {
      const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), dir, p, cache], {stdio: ['ignore', 'ignore', 'inherit']})
      if (r.status !== 0) process.exit(r.status ?? 1)
    }
  } finally {
    rmSync(cache, {recursive: true, force: true})
  }
} else {
  process.env['TFGRAPH_CACHE_DIR'] = cacheDir
  if (phase === 'run') {
    // the flags bin/run.js sets before it loads quick-run.cjs: V8 rejects a cache made under other flags
    await setScriptFlags()
    const quick = loadScript(path.join(dir, 'quick.cjs'))
    const run = loadScript(path.join(dir, 'quick-run.cjs'))
    await runLines(quick, (q) => run.exports.runQuick(q))
    writeFileSync(path.join(dir, 'quick-run.cjs.cache'), run.script.createCachedData())
  } else {
    // under Node's own flags, as bin/run.js loads it: nothing may set a flag before the cache is made
    const quick = loadScript(path.join(dir, 'quick.cjs'))
    await runLines(quick, async () => {})
    writeFileSync(path.join(dir, 'quick.cjs.cache'), quick.script.createCachedData())
  }
}
