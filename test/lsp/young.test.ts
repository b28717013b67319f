// The bound on V8's young generation (#48, src/lsp/young.ts): its growth stopped once its capacity has
// reached the bound, or at `end()` where it is; once only; after `slower()` (the first analysis done) still
// stopped once it reaches the bound, not before; and, in a process of its own, V8 growing it no further than
// the bound the server sets (the default grows it to 2 × 16 MB).
import {spawnSync} from 'node:child_process'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {YOUNG_GENERATION_BYTES, YoungBound} from '../../src/lsp/young.js'

function fake(capacity: number): {bound: YoungBound; state: {capacity: number; frozen: number}} {
  const state = {capacity, frozen: 0}
  const bound = new YoungBound(4, {capacity: () => state.capacity, freeze: () => state.frozen++, everyMs: 1})
  return {bound, state}
}

test('growth stopped when the capacity reaches the bound, not before; once', () => {
  const {bound, state} = fake(1)
  assert.not.ok(bound.look())
  state.capacity = 2
  assert.not.ok(bound.look())
  assert.is(state.frozen, 0, 'below the bound: grows')
  state.capacity = 4
  assert.ok(bound.look())
  assert.is(state.frozen, 1, 'at the bound: stopped')
  state.capacity = 8
  assert.ok(bound.look())
  bound.end()
  assert.is(state.frozen, 1, 'once')
})

test('end() stops it where it is, below the bound', () => {
  const {bound, state} = fake(2)
  bound.start()
  bound.end()
  assert.is(state.frozen, 1)
  state.capacity = 4
  bound.look()
  assert.is(state.frozen, 1)
})

test('slower() below the bound: not stopped there, still looked at until it reaches the bound', async () => {
  const {bound, state} = fake(2)
  bound.start()
  bound.slower(1)
  assert.is(state.frozen, 0, 'a small young generation after the first analysis still grows')
  state.capacity = 4
  await new Promise((r) => setTimeout(r, 30))
  assert.is(state.frozen, 1, 'stopped at the bound')
  bound.end()
})

test('start() at or above the bound: stopped at once; below it: looked at on the timer', async () => {
  const above = fake(8)
  above.bound.start()
  assert.is(above.state.frozen, 1)
  const below = fake(1)
  below.bound.start()
  assert.is(below.state.frozen, 0)
  below.state.capacity = 4
  await new Promise((r) => setTimeout(r, 30))
  assert.is(below.state.frozen, 1, 'the timer looked')
})

test('V8 itself: a process whose young generation is bounded as the server bounds it keeps it there (unbounded: grown past)', () => {
  // objects that survive a few collections each, between turns of the event loop (where the timer looks)
  const script = (bounded: boolean): string => `
    import {getHeapSpaceStatistics} from 'node:v8'
    import {YoungBound} from ${JSON.stringify(new URL('../../src/lsp/young.ts', import.meta.url).href)}
    const capacity = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size
    if (${bounded}) new YoungBound(${YOUNG_GENERATION_BYTES}).start()
    let keep = []
    const step = (n) => {
      for (let i = 0; i < 2e4; i++) {
        keep.push({i, a: [i]})
        if (keep.length > 1e5) keep = keep.slice(5e4)
      }
      if (n > 0) setTimeout(() => step(n - 1), 0)
      else console.log(capacity())
    }
    step(30)`
  const run = (bounded: boolean): number => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script(bounded)], {encoding: 'utf8'})
    assert.is(r.status, 0, r.stderr)
    return Number(r.stdout.trim())
  }
  assert.ok(run(false) > 2 * YOUNG_GENERATION_BYTES, 'unbounded: grown past twice the bound')
  // the bound; twice it at most: V8 may grow it once more between two looks
  assert.ok(run(true) <= 2 * YOUNG_GENERATION_BYTES, 'bounded')
})

test.run()
