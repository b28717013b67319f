// A PNG decoder for the browser tests' screenshots (8-bit greyscale, RGB or RGBA, with or without alpha,
// not interlaced: what Chromium writes), so a screenshot's pixels are counted here instead of in another
// browser tab (a tab costs Chromium a renderer process). Anything else is refused with an error.
import {inflateSync} from 'node:zlib'

export interface DecodedPng {
  width: number
  height: number
  /** Samples per pixel: 1 (grey), 2 (grey, alpha), 3 (RGB) or 4 (RGBA). */
  channels: number
  /** The unfiltered samples, row after row. */
  data: Uint8Array
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const CHANNELS: Record<number, number> = {0: 1, 2: 3, 4: 2, 6: 4}

export function decodePng(png: Buffer): DecodedPng {
  if (png.length < 8 || SIGNATURE.some((b, i) => png[i] !== b)) throw new Error('not a PNG')
  let width = 0
  let height = 0
  let channels = 0
  const idat: Buffer[] = []
  for (let at = 8; at + 8 <= png.length;) {
    const length = png.readUInt32BE(at)
    const type = png.toString('latin1', at + 4, at + 8)
    const body = png.subarray(at + 8, at + 8 + length)
    if (type === 'IHDR') {
      width = body.readUInt32BE(0)
      height = body.readUInt32BE(4)
      const [depth, colour, , , interlace] = [body[8], body[9], body[10], body[11], body[12]]
      channels = CHANNELS[colour ?? -1] ?? 0
      if (depth !== 8 || !channels || interlace !== 0)
        throw new Error(`unsupported PNG: depth ${depth}, colour type ${colour}, interlace ${interlace}`)
    } else if (type === 'IDAT') idat.push(body)
    else if (type === 'IEND') break
    at += 12 + length
  }
  if (!channels) throw new Error('PNG without IHDR')
  const raw = inflateSync(Buffer.concat(idat))
  const stride = width * channels
  if (raw.length < height * (stride + 1)) throw new Error(`PNG data too short: ${raw.length} bytes for ${width}x${height}`)
  const data = new Uint8Array(height * stride)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!
    const src = y * (stride + 1) + 1
    const row = y * stride
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? data[row + x - channels]! : 0
      const b = y > 0 ? data[row - stride + x]! : 0
      const c = x >= channels && y > 0 ? data[row - stride + x - channels]! : 0
      let predicted = 0
      if (filter === 1) predicted = a
      else if (filter === 2) predicted = b
      else if (filter === 3) predicted = (a + b) >> 1
      else if (filter === 4) {
        const p = a + b - c
        const pa = Math.abs(p - a)
        const pb = Math.abs(p - b)
        const pc = Math.abs(p - c)
        predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
      } else if (filter !== 0) throw new Error(`PNG row ${y}: unknown filter ${filter}`)
      data[row + x] = (raw[src + x]! + predicted) & 0xff
    }
  }
  return {width, height, channels, data}
}
