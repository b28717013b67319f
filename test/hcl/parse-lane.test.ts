// The second parsing thread (parse-lane.ts): a file parsed by the worker gives the main thread the same
// result as parsing it there, each file is parsed once (by the worker or by the main thread), and a file
// announced under one name and parsed under another still names the second in its messages.
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {parseFromRaw, parseHclNative, rawParse} from '../../src/hcl/native/index.js'
import {Flattener, Unflattener} from '../../src/hcl/native/transfer.js'
import type {ParseLane} from '../../src/hcl/parse-lane.js'
import {RunContext} from '../../src/load/run-context.js'
import {fixtureTfFiles} from '../helpers/sample-files.js'

/** Every native file under fixtures/providers and fixtures/load (valid and broken ones alike), with a few made here. */
function sampleFiles(): {name: string; text: string}[] {
  const out = fixtureTfFiles()
  out.push(
    {name: 'made/numbers.tf', text: 'a = 1e400\nb = -0\nc = 0.5\nd = 12345678901234\n'},
    {name: 'made/broken.tf', text: 'resource "x" "y" {\n  a = \n  a = 2\n}\n'},
    {name: 'made/deep.tf', text: `a = ${'['.repeat(2000)}${']'.repeat(2000)}\n`},
    {name: 'made/unicode.tf', text: '\ufeff# é\nlocals {\n  s = "héllo ${var.x}"\n  t = <<-EOT\n    ü\n  EOT\n}\n'},
  )
  return out
}

const files = sampleFiles()

const plain = (r: unknown): string => JSON.stringify(r)

test('a raw parse flattened and rebuilt gives the same result as parsing, file by file', () => {
  assert.ok(files.length > 50, `sample has ${files.length} files`)
  const flattener = new Flattener()
  const unflattener = new Unflattener()
  for (const f of files) {
    const raw = rawParse(f.text, f.name)
    const back = unflattener.unflatten(flattener.flatten(raw)) as typeof raw
    assert.equal(plain(parseFromRaw(f.text, f.name, back)), plain(parseHclNative(f.text, f.name)), f.name)
  }
})

test('flattening keeps keys in order, undefined, -0, NaN and non-integers', () => {
  const value = {b: 1, a: [undefined, -0, 0.5, NaN, Infinity, 2 ** 40, null, true, false, 's', 's'], c: {z: undefined}, d: {z: 2}}
  const back = new Unflattener().unflatten(new Flattener().flatten(value)) as typeof value
  assert.equal(Object.keys(back), ['b', 'a', 'c', 'd'])
  assert.ok('z' in back.c && back.c.z === undefined)
  assert.ok(Object.is(back.a[1], -0))
  assert.ok(Number.isNaN(back.a[3]))
  assert.equal(back.a.slice(4), [Infinity, 2 ** 40, null, true, false, 's', 's'])
  assert.equal(back.d, {z: 2})
})

/** Waits until the lane's worker has sent `n` results (it starts in the background). */
async function received(lane: ParseLane, n: number): Promise<void> {
  for (let waited = 0; lane.received < n; waited += 10) {
    if (waited > 20_000) throw new Error(`the worker sent ${lane.received} results in 20 s`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

test('files announced to the lane are parsed once each, and as in the main thread', async () => {
  const ctx = new RunContext({cache: false, jobs: 2, lane: true, laneThreshold: 0})
  try {
    const lane = ctx.lane
    assert.ok(lane, 'the run has a lane')
    // distinct texts (the parser keeps one parse per text)
    const distinct = [...new Map(files.map((f) => [f.text, f])).values()]
    ctx.parser.announce(distinct.map((f) => ({text: f.text, filename: f.name})))
    await received(lane, 1)
    const results = await Promise.all(distinct.map((f) => ctx.parser.parse(f.text, f.name)))
    results.forEach((r, i) => assert.equal(plain(r), plain(parseHclNative(distinct[i]!.text, distinct[i]!.name)), distinct[i]!.name))
    assert.ok(ctx.stats.laned > 0, 'the worker parsed some')
    assert.is(ctx.stats.uncached, distinct.length)
    // every result the worker sent was one the main thread took: none parsed twice
    assert.is(lane.received, ctx.stats.laned)
  } finally {
    await ctx.close()
  }
})

test('a file the worker parsed under one name, asked for under another, names the other in its messages', async () => {
  const ctx = new RunContext({cache: false, jobs: 2, lane: true, laneThreshold: 0})
  try {
    const text = 'a = 1\na = 2\n'
    ctx.parser.announce([{text, filename: 'one.tf'}])
    await received(ctx.lane!, 1)
    const r = await ctx.parser.parse(text, 'two.tf')
    assert.equal(plain(r), plain(parseHclNative(text, 'two.tf')))
    assert.match(r.diagnostics[0]!.detail, /two\.tf/)
  } finally {
    await ctx.close()
  }
})

test('no lane with one job, unless asked for, or without a threshold', () => {
  assert.is(new RunContext({cache: false, jobs: 1, lane: true, laneThreshold: 0}).lane, undefined)
  assert.is(new RunContext({cache: false, jobs: 2, laneThreshold: 0}).lane, undefined)
  assert.is(new RunContext({cache: false, jobs: 2, lane: true, env: {}}).lane, undefined)
  assert.ok(new RunContext({cache: false, jobs: 2, lane: true, env: {TFGRAPH_LANE_THRESHOLD: '5'}}).lane)
})

test.run()
