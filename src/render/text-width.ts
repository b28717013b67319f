// How wide a line of text is drawn, at most, in the sans-serif fonts an SVG from `graph --format svg` meets:
// DejaVu Sans (most Linux systems) and Liberation Sans (metric-compatible with Arial and Helvetica), per
// character the wider of the two (scripts/font-widths.mjs reads them from the fonts). Graphviz compiled to
// WebAssembly has no fonts and measures with tables of its own, narrower than DejaVu Sans, so the SVG
// renderer sizes nodes with this instead (graph-dot.ts).

/** Advance widths of U+0020–U+00FF in 1/1000 em (U+007F–U+009F, never drawn: 0). */
const LATIN1_WIDTHS: readonly number[] = [
  318, 401, 460, 838, 637, 951, 780, 275, 391, 391, 500, 838, 318, 361, 318, 337, 637, 637, 637, 637, 637, 637, 637, 637, 637, 637, 337,
  337, 838, 838, 838, 557, 1016, 685, 687, 723, 771, 667, 611, 778, 752, 295, 500, 667, 558, 863, 749, 788, 667, 788, 723, 667, 611, 732,
  685, 989, 686, 667, 686, 391, 337, 391, 838, 557, 500, 613, 635, 550, 635, 616, 353, 635, 634, 278, 278, 580, 278, 975, 634, 612, 635,
  635, 412, 521, 393, 634, 592, 818, 592, 592, 525, 637, 337, 637, 838, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 318, 401, 637, 637, 637, 637, 337, 557, 500, 1000, 472, 612, 838, 361, 1000, 553, 500, 838, 401, 401, 500,
  637, 637, 318, 500, 401, 472, 612, 970, 970, 970, 611, 685, 685, 685, 685, 685, 685, 1000, 723, 667, 667, 667, 667, 295, 295, 295, 295,
  775, 749, 788, 788, 788, 788, 788, 838, 788, 732, 732, 732, 732, 667, 667, 630, 613, 613, 613, 613, 613, 613, 982, 550, 616, 616, 616,
  616, 278, 278, 278, 278, 612, 634, 612, 612, 612, 612, 612, 838, 612, 634, 634, 634, 634, 592, 635, 592,
]

/** A character outside Latin-1: one em (CJK ideographs are one em wide), 1.25 em beyond the BMP (emoji). */
const OTHER_BMP = 1000
const ASTRAL = 1250

/** The width of `text` (one line) at `fontSize`, in the unit of `fontSize` (points for Graphviz). */
export function textWidth(text: string, fontSize: number): number {
  let units = 0
  for (const ch of text) {
    const c = ch.codePointAt(0)!
    units += c >= 0x20 && c <= 0xff ? (LATIN1_WIDTHS[c - 0x20] ?? OTHER_BMP) : c > 0xffff ? ASTRAL : OTHER_BMP
  }
  return (units * fontSize) / 1000
}
