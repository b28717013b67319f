#!/usr/bin/env node
// Prints the table of src/render/text-width.ts: the advance width of each Latin-1 character in the widest
// of the sans-serif fonts an SVG from `graph --format svg` is likely drawn with — DejaVu Sans (most Linux
// systems) and Liberation Sans (metric-compatible with Arial and Helvetica) — in 1/1000 em, rounded up.
// Reads the fonts' own TrueType tables (cmap format 4, hmtx). Run after installing fonts-dejavu-core and
// fonts-liberation:  node scripts/font-widths.mjs
import {readFileSync} from 'node:fs'

const FONTS = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf']

function advanceWidths(file) {
  const b = readFileSync(file)
  const tables = new Map()
  for (let i = 0, n = b.readUInt16BE(4); i < n; i++) {
    const at = 12 + 16 * i
    tables.set(b.toString('latin1', at, at + 4), b.readUInt32BE(at + 8))
  }
  const unitsPerEm = b.readUInt16BE(tables.get('head') + 18)
  const numberOfHMetrics = b.readUInt16BE(tables.get('hhea') + 34)
  const hmtx = tables.get('hmtx')
  const advance = (glyph) => b.readUInt16BE(hmtx + 4 * Math.min(glyph, numberOfHMetrics - 1))
  // cmap: the Unicode BMP subtable, format 4
  const cmap = tables.get('cmap')
  let sub = -1
  for (let i = 0, n = b.readUInt16BE(cmap + 2); i < n; i++) {
    const platform = b.readUInt16BE(cmap + 4 + 8 * i)
    const encoding = b.readUInt16BE(cmap + 6 + 8 * i)
    const offset = b.readUInt32BE(cmap + 8 + 8 * i)
    if ((platform === 3 && encoding === 1) || platform === 0) if (b.readUInt16BE(cmap + offset) === 4) sub = cmap + offset
  }
  const segX2 = b.readUInt16BE(sub + 6)
  const ends = sub + 14
  const starts = ends + segX2 + 2
  const deltas = starts + segX2
  const rangeOffsets = deltas + segX2
  const glyphOf = (c) => {
    for (let s = 0; s < segX2 / 2; s++) {
      const end = b.readUInt16BE(ends + 2 * s)
      if (c > end) continue
      const start = b.readUInt16BE(starts + 2 * s)
      if (c < start) return 0
      const delta = b.readInt16BE(deltas + 2 * s)
      const ro = b.readUInt16BE(rangeOffsets + 2 * s)
      if (ro === 0) return (c + delta) & 0xffff
      const g = b.readUInt16BE(rangeOffsets + 2 * s + ro + 2 * (c - start))
      return g === 0 ? 0 : (g + delta) & 0xffff
    }
    return 0
  }
  return (c) => {
    const g = glyphOf(c)
    return g === 0 ? undefined : (advance(g) * 1000) / unitsPerEm
  }
}

const fonts = FONTS.map(advanceWidths)
const widths = []
for (let c = 0x20; c <= 0xff; c++) {
  if (c >= 0x7f && c < 0xa0) {
    widths.push(0)
    continue
  }
  widths.push(Math.ceil(Math.max(...fonts.map((f) => f(c) ?? 0))))
}
console.log(`// U+0020–U+00FF (U+007F–U+009F: 0), max of ${FONTS.map((f) => f.split('/').pop()).join(' and ')}`)
console.log(`export const LATIN1_WIDTHS = [${widths.join(', ')}]`)
