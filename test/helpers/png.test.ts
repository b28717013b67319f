// test/helpers/png.ts, the decoder the browser tests count a screenshot's pixels with: every row filter,
// every colour type Chromium may write, and what it refuses. The PNGs are made here, each row filtered as
// the test says (a PNG writer picks filters per row, so a screenshot mixes them).
import {deflateSync} from 'node:zlib'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {decodePng} from './png.js'

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(body.length, 0)
  head.write(type, 4, 'latin1')
  // the decoder does not check the CRC: four zero bytes stand for it
  return Buffer.concat([head, body, Buffer.alloc(4)])
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)]
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
}

/** A PNG of `samples` (rows of width × channels bytes), row y filtered with filters[y % filters.length]. */
function encode(
  width: number,
  height: number,
  colour: number,
  channels: number,
  samples: Uint8Array,
  filters: number[],
  depth = 8,
): Buffer {
  const stride = width * channels
  const raw = Buffer.alloc(height * (stride + 1))
  for (let y = 0; y < height; y++) {
    const f = filters[y % filters.length]!
    raw[y * (stride + 1)] = f
    for (let x = 0; x < stride; x++) {
      const v = samples[y * stride + x]!
      const a = x >= channels ? samples[y * stride + x - channels]! : 0
      const b = y > 0 ? samples[(y - 1) * stride + x]! : 0
      const c = x >= channels && y > 0 ? samples[(y - 1) * stride + x - channels]! : 0
      const predicted = [0, a, b, (a + b) >> 1, paeth(a, b, c)][f]!
      raw[y * (stride + 1) + 1 + x] = (v - predicted) & 0xff
    }
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = depth
  ihdr[9] = colour
  const z = deflateSync(raw)
  // the data split over two IDAT chunks, as large screenshots are
  const cut = z.length >> 1
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', z.subarray(0, cut)),
    chunk('IDAT', z.subarray(cut)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function samplesOf(width: number, height: number, channels: number, seed: number): Uint8Array {
  const out = new Uint8Array(width * height * channels)
  let s = seed
  for (let i = 0; i < out.length; i++) {
    s = (s * 1103515245 + 12345) % 2147483648
    // runs of equal bytes and noise, so every filter meets both
    out[i] = i % 7 < 3 ? 200 : s >> 23
  }
  return out
}

for (const [colour, channels] of [
  [0, 1],
  [2, 3],
  [4, 2],
  [6, 4],
] as const)
  test(`colour type ${colour}: every row filter (none, sub, up, average, Paeth) decodes to the samples written`, () => {
    const [width, height] = [13, 10]
    const samples = samplesOf(width, height, channels, colour + 1)
    const png = decodePng(encode(width, height, colour, channels, samples, [0, 1, 2, 3, 4]))
    assert.equal([png.width, png.height, png.channels], [width, height, channels])
    assert.equal(Array.from(png.data), Array.from(samples))
    // each filter on its own too, from the first row
    for (const f of [0, 1, 2, 3, 4])
      assert.equal(Array.from(decodePng(encode(width, height, colour, channels, samples, [f])).data), Array.from(samples), `filter ${f}`)
  })

test('refused: not a PNG, 16-bit samples, a palette, an interlaced image, an unknown filter', () => {
  const samples = samplesOf(4, 4, 3, 9)
  assert.throws(() => decodePng(Buffer.from('GIF89a....')), /not a PNG/)
  assert.throws(() => decodePng(encode(4, 2, 2, 3, samplesOf(4, 2, 3, 1), [0], 16)), /unsupported PNG: depth 16/)
  assert.throws(() => decodePng(encode(4, 4, 3, 1, samplesOf(4, 4, 1, 1), [0])), /colour type 3/)
  const interlaced = encode(4, 4, 2, 3, samples, [0])
  interlaced[8 + 8 + 12] = 1
  assert.throws(() => decodePng(interlaced), /interlace 1/)
  assert.throws(() => decodePng(encode(4, 4, 2, 3, samples, [5])), /unknown filter 5/)
})

test.run()
