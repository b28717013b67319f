// How `graph --format svg` lays a graph out (src/render/graph-svg.ts layoutPlan): Graphviz's own settings
// while the layout is quick, its quicker ones (and a progress line) for large dependency graphs, and no
// layout at all — a message saying what to narrow — where even those would take minutes. Decided from
// the graph alone, so the same graph always gives the same picture.
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {hugePictureNote, layoutPlan, loadSvgRenderer, REFUSE_AFTER_S, REFUSE_ROW_PT, LayoutTooLarge} from '../../src/render/graph-svg.js'
import type {ExportGraph, GraphNode} from '../../src/export/model.js'

/** DOT with `nodes` nodes and `edges` edges (the i-th edge from node i mod n to a later one), `labelled` of them with a label. */
function dot(nodes: number, edges: number, labelled = 0): string {
  const lines = ['digraph G {']
  for (let i = 0; i < nodes; i++) lines.push(`  "n${i}" [label="n${i}"];`)
  for (let k = 0; k < edges; k++) {
    const from = k % nodes
    const to = (from + 1 + Math.floor(k / nodes)) % nodes
    lines.push(`  "n${from}" -> "n${to}"${k < labelled ? ` [label = "×${k}"]` : ''};`)
  }
  lines.push('}')
  return lines.join('\n') + '\n'
}

test('a tree is laid out with Graphviz’s own settings, however large', () => {
  for (const n of [10, 700, 2400]) {
    const plan = layoutPlan(dot(n, n - 1, n / 2))
    assert.equal(plan.attributes, {}, `${n} nodes`)
    assert.ok(plan.seconds < 2, `${n} nodes: ${plan.seconds}`)
  }
})

test('a dependency graph that would take seconds gets the quicker settings', () => {
  // the size of 0-org-setup's resources view (702 resources, 3,064 edges): 15 s with Graphviz's own settings
  const plan = layoutPlan(dot(702, 3064))
  assert.equal(plan.attributes, {mclimit: '0.1', nslimit: '1', nslimit1: '1'})
  assert.ok(plan.seconds > 1 && plan.seconds < REFUSE_AFTER_S)
  assert.match(plan.line, /702 nodes and 3,064 edges/)
  assert.match(plan.line, /--collapse, --depth or --focus/)
})

test('many labelled edges also get straight edges', () => {
  // caf's collapsed resources view: 601 modules, 3,963 edges, 816 labelled (minutes with spline routing)
  assert.is(layoutPlan(dot(601, 3963, 816)).attributes['splines'], 'line')
})

test('a graph Graphviz would take minutes over is refused with what to narrow', async () => {
  const huge = dot(2000, 40000)
  assert.ok(layoutPlan(huge).seconds > REFUSE_AFTER_S)
  const svg = await loadSvgRenderer()
  assert.throws(
    () => svg.toSvg(huge),
    (e: unknown) => e instanceof LayoutTooLarge && /2,000 nodes and 40,000 edges.*--collapse, --depth N, --focus ADDRESS/.test(e.message),
  )
})

test('a slow layout shows a progress line while it runs, a quick one none', async () => {
  const svg = await loadSvgRenderer()
  const lines: string[] = []
  let stopped = 0
  const progress = (line: string) => {
    lines.push(line)
    return () => void stopped++
  }
  const small = svg.toSvg(dot(5, 6), {progress})
  assert.match(small, /<svg/)
  assert.equal(lines, [])
  // dense (25 nodes, 250 edges): seconds with Graphviz's own settings, a fraction of that with the quicker ones
  const dense = svg.toSvg(dot(25, 250), {progress})
  assert.match(dense, /<svg/)
  assert.is(lines.length, 1)
  assert.match(lines[0]!, /^tfgraph: laying out 25 nodes and 250 edges with Graphviz's quicker settings/)
  assert.is(stopped, 1)
})

/** A resources graph: `n` resources in each of the given modules. */
function resources(perModule: Record<string, number>): ExportGraph {
  const nodes: GraphNode[] = []
  for (const [module, n] of Object.entries(perModule))
    for (let i = 0; i < n; i++) {
      const address = `${module ? module + '.' : ''}null_resource.r${i}`
      nodes.push({id: address, kind: 'resource', address, module, label: address, cluster: null, marks: [], attributes: {}})
    }
  return {
    view: 'resources',
    engine: 'terraform',
    terraformResources: true,
    collapsed: false,
    nodes,
    edges: [],
    clusters: [],
    diagnostics: [],
  }
}
const hugeSvg = '<svg width="1340pt" height="60666pt" viewBox="0 0 1340 60666">'

test('a picture too large to read: the note suggests the deepest --depth that keeps some nodes, never one that keeps none', () => {
  const shallow = hugePictureNote(hugeSvg, resources({'module.a': 3, 'module.a.module.b': 500}))
  assert.match(shallow ?? '', /: --depth 1 keeps modules one call deep \(3 nodes\); --collapse folds the resources; -o graph.html/)
  // every resource two calls deep or more (aztfmod/terraform-azurerm-caf's examples: root → one module → the rest)
  const deep = hugePictureNote(hugeSvg, resources({'module.a.module.b': 400, 'module.a.module.c.module.d': 400}))
  assert.is(
    deep,
    'note: the picture is 1,340 × 60,666 pt (800 nodes), too large to read whole: --collapse folds the resources; -o graph.html opens it collapsed by module',
  )
  assert.is(hugePictureNote('<svg width="900pt" height="600pt">', resources({'': 5})), undefined)
})

test('nodes linked to none are estimated from their number (one rank: about n²), and a row that long is refused (#54)', async () => {
  // one module of 44,000 resources and no edges: 51 s and 2,394,242 pt long, estimated at "about 6 s" before
  const plan = layoutPlan(dot(44_000, 0))
  assert.is(plan.isolated, 44_000)
  assert.ok(plan.seconds > 40, String(plan.seconds))
  assert.ok(plan.rowPt > 2_000_000, String(plan.rowPt))
  // a tree of as many nodes has no such row
  assert.is(layoutPlan(dot(2400, 2399)).isolated, 0)
  const svg = await loadSvgRenderer()
  const row = dot(2000, 0)
  assert.ok(layoutPlan(row).rowPt > REFUSE_ROW_PT)
  assert.throws(
    () => svg.toSvg(row, {narrow: ['by resource type, most first: a 3']}),
    (e: unknown) =>
      e instanceof LayoutTooLarge &&
      /^2,000 nodes and 0 edges: 2,000 nodes are linked to no other, and Graphviz would draw them in one row about 108,000 pt \(38 m\) long, which cannot be read, after about \d+ s of layout\. By resource type, most first: a 3\. --force draws it anyway$/.test(
        e.message,
      ),
  )
  assert.match(svg.toSvg(row, {force: true}), /<svg /)
})

test('one module: the note suggests no folding by module (nothing to fold into), but the resource types (#54)', () => {
  const one = resources({'': 300})
  for (let i = 0; i < 100; i++) {
    const address = `aws_instance.i${i}`
    ;(one.nodes as GraphNode[]).push({
      id: address,
      kind: 'resource',
      address,
      module: '',
      label: address,
      cluster: null,
      marks: [],
      attributes: {},
    })
  }
  assert.is(
    hugePictureNote(hugeSvg, one),
    "note: the picture is 1,340 × 60,666 pt (400 nodes), too large to read whole: by resource type, most first: null_resource 300, aws_instance 100 — --exclude '*null_resource.*' leaves out the first",
  )
})

test.run()
