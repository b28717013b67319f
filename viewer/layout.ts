// The layout `graph --format html` computes in the browser for the modules and providers views (and for
// resource graphs too large for ELK): the module tree, left to right. A module's node sits at the top left
// of its block; what it contains (provider configurations, resources, the modules it calls — collapsed ones
// as one node, expanded ones as blocks of their own) goes in columns to its right. A long list wraps into
// several columns, so a module that calls 360 others is a block about as wide as it is tall, not one column
// of 360 rows (and a list of more than `gridMin` is a grid about as wide as it is tall whatever the
// canvas's width). Every node owns a box wide enough for its circle and its label (a module shown with its
// contents has its label above its circle, so the edges to its contents leave under it), and boxes never overlap:
// labels are part of the geometry, so they cannot overlap either. Pure: sizes in, positions out (layout
// units, y downwards); the viewer measures the labels and draws. What a module contains comes in two
// sections, one above the other: the nodes shown alone (resources, collapsed modules), then the modules
// shown with their contents.

/** A node drawn alone: its box (circle and label). */
export interface LeafBlock {
  readonly kind: 'leaf'
  readonly id: string
  readonly width: number
  readonly height: number
}

/** A module shown with its contents: its own node (none for a virtual root) and its children. */
export interface BranchBlock {
  readonly kind: 'branch'
  /** The group this block stands for (a module address), to find its area afterwards. */
  readonly group: string
  readonly node: LeafBlock | null
  /** How far below the top of the node's box its children (and `before`) start: the node's circle row, under its label. */
  readonly childOffset: number
  /** Boxes placed in a column to the left of the node (the root's provider configurations). */
  readonly before: readonly LeafBlock[]
  readonly children: readonly Block[]
}

export type Block = LeafBlock | BranchBlock

export interface TreeLayoutOptions {
  /** Horizontal space between a node and the column of its children, and between columns. */
  readonly gapX: number
  /** Vertical space between stacked blocks. */
  readonly gapY: number
  /** A list wraps into columns only beyond this height. */
  readonly minWrapHeight: number
  /** The width / height a wrapped list aims at (the drawing area's). */
  readonly aspect: number
  /**
   * The widest a block may be (the canvas at a readable scale): a list wraps into no more columns than fit
   * in what is left of it beside the block's node, and grows downwards instead. Default: no limit.
   */
  readonly maxWidth?: number
  /**
   * A section of at least this many nodes shown alone is a grid about as wide as it is tall (at `aspect`),
   * whatever `maxWidth` says: a column of hundreds is a sliver when fitted, a grid can be read part by
   * part. Default: no such section.
   */
  readonly gridMin?: number
}

export interface Rect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export interface TreeLayout {
  /** Top-left corner of each node's box. */
  readonly boxes: ReadonlyMap<string, Rect>
  /** The area of each branch, by group. */
  readonly areas: ReadonlyMap<string, Rect>
  readonly width: number
  readonly height: number
}

interface Section {
  readonly columns: readonly (readonly Sized[])[]
  readonly widths: readonly number[]
  readonly width: number
  readonly height: number
}

interface Sized {
  readonly block: Block
  readonly width: number
  readonly height: number
  /** For a branch: the column to the left of its node, then its children in two sections, nodes alone and then blocks. */
  readonly parts?: {readonly beforeWidth: number; readonly sections: readonly Section[]}
}

function packColumns(items: readonly Sized[], o: TreeLayoutOptions, avail: number): Section {
  if (items.length === 0) return {columns: [], widths: [], width: 0, height: 0}
  const stacked = items.reduce((h, s) => h + s.height, 0) + o.gapY * (items.length - 1)
  const area = items.reduce((a, s) => a + (s.width + o.gapX) * (s.height + o.gapY), 0)
  const tallest = Math.max(...items.map((s) => s.height))
  let target = Math.max(tallest, Math.min(stacked, Math.max(o.minWrapHeight, Math.sqrt(area / o.aspect))))
  let packed = packAt(items, o, target)
  // wider than the room there is: taller columns, fewer of them (one column at the most)
  while (packed.width > avail && packed.columns.length > 1 && target < stacked) {
    target = Math.min(stacked, target * 1.15)
    packed = packAt(items, o, target)
  }
  return packed
}

/** Columns no taller than `target` (a block taller than it alone in its column), in order. */
function packAt(items: readonly Sized[], o: TreeLayoutOptions, target: number): Section {
  const columns: Sized[][] = [[]]
  let h = 0
  for (const s of items) {
    const column = columns[columns.length - 1]!
    if (column.length > 0 && h + o.gapY + s.height > target) {
      columns.push([s])
      h = s.height
    } else {
      h += (column.length > 0 ? o.gapY : 0) + s.height
      column.push(s)
    }
  }
  const widths = columns.map((c) => Math.max(...c.map((s) => s.width)))
  const heights = columns.map((c) => c.reduce((a, s) => a + s.height, 0) + o.gapY * (c.length - 1))
  return {columns, widths, width: widths.reduce((a, w) => a + w, 0) + o.gapX * (widths.length - 1), height: Math.max(...heights)}
}

/** Space between the section of lone nodes and the section of blocks. */
const sectionGap = (o: TreeLayoutOptions): number => 3 * o.gapY

function measure(b: Block, o: TreeLayoutOptions, avail: number): Sized {
  if (b.kind === 'leaf') return {block: b, width: b.width, height: b.height}
  const before = b.before.map((l) => measure(l, o, avail))
  const beforeWidth = before.length > 0 ? Math.max(...before.map((s) => s.width)) + o.gapX : 0
  const beforeHeight = before.reduce((a, s) => a + s.height, 0) + o.gapY * Math.max(0, before.length - 1)
  // what is left beside the node for its children
  const inner = avail - beforeWidth - (b.node ? b.node.width + o.gapX : 0)
  const children = b.children.map((c) => measure(c, o, inner))
  // the nodes shown alone first (wrapped into a grid when there are many), then the modules shown with their contents
  const alone = children.filter((c) => c.block.kind === 'leaf')
  const sections = [
    packColumns(alone, o, alone.length >= (o.gridMin ?? Infinity) ? Infinity : inner),
    packColumns(
      children.filter((c) => c.block.kind === 'branch'),
      o,
      inner,
    ),
  ].filter((x) => x.columns.length > 0)
  const packedWidth = Math.max(0, ...sections.map((x) => x.width))
  const packedHeight = sections.reduce((a, x) => a + x.height, 0) + sectionGap(o) * Math.max(0, sections.length - 1)
  const nodeWidth = b.node ? b.node.width + (sections.length > 0 ? o.gapX : 0) : 0
  return {
    block: b,
    width: beforeWidth + nodeWidth + packedWidth,
    height: Math.max(b.childOffset + beforeHeight, b.node?.height ?? 0, b.childOffset + packedHeight),
    parts: {beforeWidth, sections},
  }
}

function place(s: Sized, x: number, y: number, o: TreeLayoutOptions, boxes: Map<string, Rect>, areas: Map<string, Rect>): void {
  const b = s.block
  if (b.kind === 'leaf') {
    boxes.set(b.id, {x, y, width: b.width, height: b.height})
    return
  }
  areas.set(b.group, {x, y, width: s.width, height: s.height})
  const parts = s.parts!
  let by = y + b.childOffset
  for (const l of b.before) {
    boxes.set(l.id, {x, y: by, width: l.width, height: l.height})
    by += l.height + o.gapY
  }
  let left = x + parts.beforeWidth
  if (b.node) {
    boxes.set(b.node.id, {x: left, y, width: b.node.width, height: b.node.height})
    left += b.node.width + (parts.sections.length > 0 ? o.gapX : 0)
  }
  let top = y + b.childOffset
  for (const section of parts.sections) {
    let cx = left
    section.columns.forEach((column, i) => {
      let cy = top
      for (const c of column) {
        place(c, cx, cy, o, boxes, areas)
        cy += c.height + o.gapY
      }
      cx += section.widths[i]! + o.gapX
    })
    top += section.height + sectionGap(o)
  }
}

/** Lays out the tree of blocks from (0, 0). */
export function layoutTree(root: Block, o: TreeLayoutOptions): TreeLayout {
  const sized = measure(root, o, o.maxWidth ?? Infinity)
  const boxes = new Map<string, Rect>()
  const areas = new Map<string, Rect>()
  place(sized, 0, 0, o, boxes, areas)
  return {boxes, areas, width: sized.width, height: sized.height}
}
