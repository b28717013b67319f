// Makes the V8 code caches of dist/cli/quick.cjs and quick-run.cjs (FILE.cache; bin/load-script.cjs
// reads them): loads the scripts as bin/run.cjs does and runs each quick command on the demo fixture a few
// ways, computed and then answered from a results cache of its own (output thrown away by the caller), so
// that the functions a run needs are compiled; then saves what V8 compiled.
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'
import {setFlagsFromString} from 'node:v8'
import {ANSWER_FLAGS, ANSWER_UNDO, loadScript, SCRIPT_FLAGS} from '../bin/load-script.cjs'

// the flags bin/run.cjs sets before it loads the scripts: V8 rejects a cache made under other flags
for (const flag of SCRIPT_FLAGS) setFlagsFromString(flag)
// quick.cjs is loaded, and its cache made, under ANSWER_FLAGS too; quick-run.cjs without them (as bin/run.cjs does)
const setFlags = (flags) => {
  for (const flag of flags) setFlagsFromString(flag)
}
for (const flag of ANSWER_FLAGS) setFlagsFromString(flag)
const dir = process.argv[2]
const demo = fileURLToPath(new URL('../fixtures/providers/demo', import.meta.url))
const LINES = {
  providers: [[], ['--json'], ['--requirements']],
  lint: [[], ['--format', 'json'], ['--format', 'compact']],
  graph: [[], ['--type', 'providers'], ['--format', 'json']],
  lock: [[], ['--json']],
  config: [[], ['--json']],
}
const quick = loadScript(path.join(dir, 'quick.cjs'))
for (const flag of ANSWER_UNDO) setFlagsFromString(flag)
const run = loadScript(path.join(dir, 'quick-run.cjs'))
setFlags(ANSWER_FLAGS)
const cache = mkdtempSync(path.join(tmpdir(), 'tfgraph-code-cache-'))
process.env['TFGRAPH_CACHE_DIR'] = cache
// what the runs say on stderr (the demo has no lock file: `lock` warns) is not the build's to print
const write = process.stderr.write
process.stderr.write = () => true
try {
  for (const [command, lines] of Object.entries(LINES))
    for (const flags of lines)
      for (let i = 0; i < 2; i++)
        await quick.exports.quickStart([command, demo, ...flags], async (q) => {
          setFlags(ANSWER_UNDO)
          await run.exports.runQuick(q)
          setFlags(ANSWER_FLAGS)
        })
} finally {
  process.stderr.write = write
  rmSync(cache, {recursive: true, force: true})
}
process.exitCode = 0
// V8 stamps a cache with the flags set when it is made
writeFileSync(path.join(dir, 'quick.cjs.cache'), quick.script.createCachedData())
setFlags(ANSWER_UNDO)
writeFileSync(path.join(dir, 'quick-run.cjs.cache'), run.script.createCachedData())
