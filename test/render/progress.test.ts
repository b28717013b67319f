// The progress line: only on a terminal, only after the delay, erased at the end.
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {readdirSync} from 'node:fs'
import * as path from 'node:path'
import {loadModuleDir} from '../../src/load/load-module.js'
import {RunContext} from '../../src/load/run-context.js'
import {progressLine, startProgress} from '../../src/render/progress.js'
import {fixturesDir} from '../helpers/paths.js'

function stream(isTTY: boolean) {
  const writes: string[] = []
  return {isTTY, writes, write: (s: string) => (writes.push(s), true)}
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

test('progressLine: files read / found and the cached share', () => {
  assert.is(progressLine({found: 200, done: 50, cached: 40, pooled: 0}), 'tfgraph: 50/200 files read (80% from cache)')
  assert.is(progressLine({found: 0, done: 0, cached: 0, pooled: 0}), 'tfgraph: 0/0 files read (0% from cache)')
})

test('on a TTY: rewritten in place after the delay, erased when stopped', async () => {
  const s = stream(true)
  const stats = {found: 3, done: 1, cached: 1, pooled: 0}
  // a delay long enough that a loaded machine still looks before it ends (the check is skipped only
  // when this thread was held past the delay, which the elapsed time shows)
  const started = Date.now()
  const stop = startProgress(s, stats, {delayMs: 250, everyMs: 10})
  await sleep(10)
  const before = [...s.writes]
  if (Date.now() - started < 250) assert.equal(before, [], 'nothing before the delay')
  await sleep(300)
  stop()
  assert.ok(s.writes.length >= 2)
  assert.is(s.writes[0], '\r\x1b[2Ktfgraph: 1/3 files read (100% from cache)')
  assert.is(s.writes.at(-1), '\r\x1b[2K')
  const n = s.writes.length
  await sleep(30)
  assert.is(s.writes.length, n, 'nothing after stop')
})

test('a quick run on a TTY prints nothing at all', async () => {
  const s = stream(true)
  const stop = startProgress(s, {found: 1, done: 1, cached: 0, pooled: 0}, {delayMs: 1000, everyMs: 5})
  await sleep(20)
  stop()
  assert.equal(s.writes, [])
})

test('not a TTY (piped): silent', async () => {
  const s = stream(false)
  const stop = startProgress(s, {found: 1, done: 0, cached: 0, pooled: 0}, {delayMs: 0, everyMs: 5})
  await sleep(30)
  stop()
  assert.equal(s.writes, [])
})

test('loading modules lets timers run (so the progress line can show while files are parsed in-process)', async () => {
  const ctx = new RunContext({cache: false})
  const dirs = readdirSync(path.join(fixturesDir, 'load')).map((d) => path.join(fixturesDir, 'load', d))
  await loadModuleDir(dirs[0]!, {}, ctx) // the parser's start-up waits on timers itself: get it done first
  ctx.parser.clearMemo()
  let ticks = 0
  const timer = setInterval(() => ticks++, 1)
  try {
    const busyUntil = Date.now() + 3 // every tick is due by the first module
    while (Date.now() < busyUntil) {
      // wait
    }
    for (const d of dirs) await loadModuleDir(d, {}, ctx)
    assert.ok(ticks >= 1, `${ticks} timer ticks while loading ${dirs.length} modules`)
  } finally {
    clearInterval(timer)
    await ctx.close()
  }
})

test.run()
