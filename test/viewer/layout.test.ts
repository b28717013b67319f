// The module-tree layout of the HTML page (viewer/layout.ts), without a browser: boxes never overlap, a
// module's node sits at the top left of its area with its contents to its right, lone nodes before
// blocks, a long list wraps into columns about as wide as the drawing area is tall, the root's `before`
// column to the left of its node. Property-tested on random trees (fast-check, fixed seed).
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import {layoutTree, type Block, type BranchBlock, type LeafBlock, type Rect} from '../../viewer/layout.js'

const OPTIONS = {gapX: 36, gapY: 4, minWrapHeight: 12 * 28, aspect: 1.2}
const leaf = (id: string, width = 100, height = 24): LeafBlock => ({kind: 'leaf', id, width, height})
const branch = (group: string, node: LeafBlock | null, children: Block[], before: LeafBlock[] = [], childOffset = 12): BranchBlock => ({
  kind: 'branch',
  group,
  node: node ? {...node, height: node.height + childOffset} : null,
  childOffset: node ? childOffset : 0,
  before,
  children,
})

function overlaps(boxes: ReadonlyMap<string, Rect>): string[] {
  const list = [...boxes]
  const out: string[] = []
  for (let i = 0; i < list.length; i++)
    for (let j = i + 1; j < list.length; j++) {
      const [a, ra] = list[i]!
      const [b, rb] = list[j]!
      if (ra.x < rb.x + rb.width && rb.x < ra.x + ra.width && ra.y < rb.y + rb.height && rb.y < ra.y + ra.height) out.push(`${a} / ${b}`)
    }
  return out
}

test('a module, its nodes to the right (lone nodes, then blocks), its provider configurations to the left', () => {
  const tree = branch(
    '',
    leaf('root'),
    [leaf('r1'), branch('m', leaf('m'), [leaf('m.r')]), leaf('r2'), leaf('collapsed')],
    [leaf('aws'), leaf('aws.east')],
  )
  const t = layoutTree(tree, OPTIONS)
  const at = (id: string): Rect => t.boxes.get(id)!
  assert.equal(overlaps(t.boxes), [])
  assert.ok(at('aws').x + at('aws').width < at('root').x, 'configurations left of the root')
  assert.ok(at('aws').y < at('aws.east').y)
  assert.ok(at('r1').x > at('root').x + at('root').width, 'contents right of the node')
  // lone nodes (r1, r2, collapsed) in order, then the block of m below them
  assert.ok(at('r1').y < at('r2').y && at('r2').y < at('collapsed').y && at('collapsed').y < at('m').y)
  assert.ok(at('m.r').x > at('m').x + at('m').width)
  // the first child's row is the node's circle row, under its label
  assert.is(at('r1').y, at('root').y + 12)
  assert.equal(t.areas.get('m'), {x: at('m').x, y: at('m').y, width: at('m.r').x + at('m.r').width - at('m').x, height: 36})
  for (const b of t.boxes.values()) assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.width <= t.width && b.y + b.height <= t.height)
})

test('360 calls wrap into columns: a block about as wide as the drawing area is tall, not one column of 360 rows', () => {
  const calls = Array.from({length: 360}, (_, i) => leaf(`c${i}`, 180))
  const t = layoutTree(branch('p', leaf('p'), calls), OPTIONS)
  const xs = new Set(calls.map((c) => t.boxes.get(c.id)!.x))
  assert.ok(xs.size >= 8, `${xs.size} columns`)
  assert.ok(t.width / t.height > 0.6 && t.width / t.height < 2.5, `aspect ${(t.width / t.height).toFixed(2)}`)
  assert.equal(overlaps(t.boxes), [])
  // a short list stays one column
  const few = layoutTree(branch('p', leaf('p'), calls.slice(0, 10)), OPTIONS)
  assert.is(new Set(calls.slice(0, 10).map((c) => few.boxes.get(c.id)!.x)).size, 1)
})

test('random trees: no two boxes overlap, every box inside the drawing, every node placed once', () => {
  type T = {w: number; kids: readonly T[]}
  const treeArb: fc.Arbitrary<T> = fc.letrec<{t: T}>((tie) => ({
    t: fc.record({
      w: fc.integer({min: 20, max: 400}),
      kids: fc.oneof({depthSize: 'small', withCrossShrink: true}, fc.constant<T[]>([]), fc.array(tie('t'), {maxLength: 6})),
    }),
  })).t
  fc.assert(
    fc.property(
      treeArb,
      fc.array(fc.integer({min: 20, max: 300}), {maxLength: 5}),
      fc.double({min: 0.5, max: 3, noNaN: true}),
      (t, before, aspect) => {
        let n = 0
        const ids: string[] = []
        const build = (x: T, top: boolean): Block => {
          const id = `n${n++}`
          ids.push(id)
          if (x.kids.length === 0 && !top) return leaf(id, x.w)
          const kids = x.kids.map((k) => build(k, false))
          const pre = top ? before.map((w) => (ids.push(`b${n}`), leaf(`b${n++}`, w))) : []
          return branch(id, leaf(id, x.w), kids, pre)
        }
        const tree = build(t, true)
        const l = layoutTree(tree, {...OPTIONS, aspect})
        assert.equal(overlaps(l.boxes), [])
        assert.equal([...l.boxes.keys()].sort(), [...ids].sort())
        for (const b of l.boxes.values())
          assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.width <= l.width + 1e-9 && b.y + b.height <= l.height + 1e-9)
      },
    ),
    {seed: 20261126, numRuns: 300},
  )
})

test('maxWidth: a long list wraps into no more columns than fit beside its module, and grows downwards instead', () => {
  const children = Array.from({length: 360}, (_, i) => leaf(`c${i}`, 160))
  const wide = layoutTree(branch('', leaf('root'), [branch('m', leaf('m'), children)]), OPTIONS)
  const maxWidth = 700
  const t = layoutTree(branch('', leaf('root'), [branch('m', leaf('m'), children)]), {...OPTIONS, maxWidth})
  assert.ok(wide.width > maxWidth, `without a limit: ${wide.width} wide`)
  assert.ok(t.width <= maxWidth, `${t.width} wide`)
  assert.ok(t.height > wide.height)
  const columns = new Set(children.map((c) => t.boxes.get(c.id)!.x))
  assert.ok(columns.size >= 2, `${columns.size} columns`)
  assert.equal(overlaps(t.boxes), [])
  // one column wider than the room: one column, never none
  const one = layoutTree(branch('', leaf('root'), [leaf('a', 900), leaf('b', 900)]), {...OPTIONS, maxWidth: 500})
  assert.is(new Set([one.boxes.get('a')!.x, one.boxes.get('b')!.x]).size, 1)
})

test.run()
