// The geometry of `graph --format html`, shared by the layout computed when a page is written
// (graph-layout.ts: ELK's boxes) and the one the viewer computes (viewer/layout.ts, bundled from here).
// Layout units: the drawing scales labels with the nodes, so a node's box — its circle, then its label —
// is the same shape at every zoom, and a layout that keeps boxes apart keeps labels apart.

export type PageNodeKind = 'module' | 'provider-config' | 'resource' | 'resource-group'

export const PAGE_GEOMETRY = {
  /** Label font size. */
  font: 12,
  /** Height of a node's box (one row). */
  row: 24,
  /** Added above the row of a node whose label sits above its circle (a module shown with its contents). */
  labelRise: 12,
  /** Circle radius by node kind. */
  radius: {module: 7, 'provider-config': 7, 'resource-group': 6, resource: 5} satisfies Record<PageNodeKind, number>,
  /** Between a circle and its label, and after the label. */
  labelGap: 4,
  /** Average width of a label character at `font`, for boxes sized before a browser can measure text. */
  charWidth: 7.4,
  /** Between a node and its children's column, and between columns. */
  gapX: 36,
  /** Between stacked blocks. */
  gapY: 4,
  /** A list of children wraps into columns beyond this height. */
  minWrapHeight: 12 * 28,
} as const

/** The box of a node whose label is `textWidth` wide. */
export function nodeBoxWidth(kind: PageNodeKind, textWidth: number): number {
  return 2 * PAGE_GEOMETRY.radius[kind] + 2 * PAGE_GEOMETRY.labelGap + textWidth
}
