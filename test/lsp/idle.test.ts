// The server's collection when idle (#48, src/lsp/idle.ts): after traffic, once nothing has moved for a
// whole period and no update runs, one collection when the heap has grown since the last (or since it was
// first quiet: not at once after the first analysis); traffic (or work) in the period puts it off, and with
// no traffic since, there is none again.
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {compactingCollection, IdleCollector} from '../../src/lsp/idle.js'

function fake(): {c: IdleCollector; state: {count: number; busy: boolean; size: number; collected: number}} {
  const state = {count: 0, busy: false, size: 100, collected: 0}
  const c = new IdleCollector({
    count: () => state.count,
    busy: () => state.busy,
    size: () => state.size,
    quietMs: 1000,
    collect: () => {
      state.collected++
      state.size = 100
    },
  })
  return {c, state}
}

test('collects once after a quiet period; traffic in the period puts it off; none again without traffic', () => {
  const {c, state} = fake()
  state.count = 5
  c.look()
  assert.is(state.collected, 0, 'the first look sees traffic')
  state.count = 9
  c.look()
  assert.is(state.collected, 0, 'traffic since the last look: not quiet')
  c.look()
  assert.is(state.collected, 0, 'quiet for the first time: its size noted, not collected')
  state.count = 10
  c.look()
  state.size = 150
  c.look()
  assert.is(state.collected, 1, 'quiet for a whole period, grown since: collected')
  state.size = 150
  c.look()
  c.look()
  assert.is(state.collected, 1, 'no traffic since: not again')
  state.count++
  c.look()
  state.busy = true
  c.look()
  assert.is(state.collected, 1, 'an update running: not idle')
  state.busy = false
  c.look()
  assert.is(state.collected, 2)
  assert.is(c.collections, 2)
})

test('not when the heap has not grown by a tenth since the last collection', () => {
  const {c, state} = fake()
  state.count = 1
  c.look()
  c.look()
  state.count = 2
  state.size = 130
  c.look()
  c.look()
  assert.is(state.collected, 1)
  state.count = 3
  state.size = 105
  c.look()
  c.look()
  assert.is(state.collected, 1, 'grown by 5 %: left')
  state.count = 4
  state.size = 120
  c.look()
  c.look()
  assert.is(state.collected, 2)
})

test('the compacting collection runs: garbage made before it is gone after it', () => {
  const collect = compactingCollection()
  let junk: unknown[] | undefined = Array.from({length: 200_000}, (_, i) => ({i, s: `x${i}`}))
  assert.ok(junk.length > 0)
  const before = process.memoryUsage().heapUsed
  junk = undefined
  collect()
  const after = process.memoryUsage().heapUsed
  assert.ok(after < before - 5_000_000, `heap used ${before} → ${after}`)
})

test.run()
