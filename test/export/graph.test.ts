// tfgraph graph: golden DOT, Mermaid and JSON for every view on real fixture directories; every DOT
// golden rendered by Graphviz and every Mermaid golden parsed by Mermaid; Terraform's own
// `terraform graph` output for the graph-interesting conformance fixture; determinism.
import {mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyzeProviders, exportGraph, GRAPH_FORMATS, renderGraph, type GraphOptions, type GraphView} from '../helpers/internal.js'
import {assertGolden} from '../helpers/golden.js'
import {fixturesDir} from '../helpers/paths.js'
import {dotToSvg, parseMermaid, svgTexts} from './graph-tools.js'

const graphDir = path.join(fixturesDir, 'graph')
const EXT: Readonly<Record<(typeof GRAPH_FORMATS)[number], string>> = {dot: 'dot', mermaid: 'mermaid', json: 'json'}
const ALL: readonly GraphView[] = ['modules', 'providers', 'resources']

interface Case {
  /** Input directory relative to fixtures/. */
  readonly input: string
  /** Directory under fixtures/graph holding the goldens. */
  readonly goldens: string
  readonly views: readonly GraphView[]
  /** Slicing variant: name in the golden file name and the options. */
  readonly variant?: {readonly name: string; readonly options: Omit<GraphOptions, 'view'>}
}

const CASES: readonly Case[] = [
  {input: 'graph/graph-interesting', goldens: 'graph-interesting', views: ALL},
  {input: 'graph/platform', goldens: 'platform', views: ALL},
  {input: 'providers/demo', goldens: 'demo', views: ALL},
  {input: 'providers/legacy', goldens: 'legacy', views: ['modules', 'providers']},
  {input: 'providers/explicit-maps', goldens: 'explicit-maps', views: ['providers']},
  {input: 'providers/tofu-for-each', goldens: 'tofu-for-each', views: ['providers']},
  {input: 'graph/platform', goldens: 'platform', views: ['providers', 'resources'], variant: {name: 'collapse', options: {collapse: true}}},
  {
    input: 'graph/platform',
    goldens: 'platform',
    views: ['modules', 'providers', 'resources'],
    variant: {name: 'module-network', options: {module: 'module.network'}},
  },
  {
    input: 'graph/platform',
    goldens: 'platform',
    views: ['providers'],
    variant: {name: 'focus-network', options: {focus: 'module.network', depth: 1}},
  },
  {
    input: 'graph/platform',
    goldens: 'platform',
    views: ['modules', 'providers'],
    variant: {name: 'exclude', options: {exclude: ['module.{assets,vault}', '*random*']}},
  },
]

for (const c of CASES) {
  for (const view of c.views) {
    const name = `${c.goldens}: ${view}${c.variant ? ` (${c.variant.name})` : ''}`
    test(`${name}: golden DOT, Mermaid and JSON`, async () => {
      const a = await analyzeProviders(path.join(fixturesDir, c.input), {env: {}})
      const {graph, optionDiagnostics} = exportGraph(a, {view, ...(c.variant?.options ?? {})})
      assert.equal(optionDiagnostics, [])
      assert.ok(graph.nodes.length > 0, 'the graph is not empty')
      for (const format of GRAPH_FORMATS) {
        const file = path.join(graphDir, c.goldens, `expected.${view}${c.variant ? `.${c.variant.name}` : ''}.${EXT[format]}`)
        assertGolden(file, renderGraph(graph, format, {root: `fixtures/${c.input}`}))
      }
    })
  }
}

function goldenFiles(ext: string): string[] {
  const out: string[] = []
  const walk = (d: string): void => {
    for (const e of readdirSync(d).sort()) {
      const p = path.join(d, e)
      if (statSync(p).isDirectory()) walk(p)
      else if (e.startsWith('expected.') && e.endsWith('.' + ext)) out.push(p)
    }
  }
  walk(graphDir)
  return out
}

test('every DOT golden renders with Graphviz, showing every label', () => {
  const files = goldenFiles('dot')
  assert.ok(files.length >= 15, `found ${files.length} DOT goldens`)
  for (const f of files) {
    const dot = readFileSync(f, 'utf8')
    const texts = new Set(svgTexts(dotToSvg(dot)))
    for (const m of dot.matchAll(/\[label ?= ?"((?:[^"\\]|\\.)*)"/g)) {
      for (const line of (m[1] ?? '').split('\\n')) {
        const shown = line.replace(/\\(.)/g, '$1').replace(/&amp;/g, '&')
        assert.ok(texts.has(shown), `${path.relative(graphDir, f)}: label line ${JSON.stringify(shown)} not drawn`)
      }
    }
  }
})

test('every Mermaid golden parses as a flowchart with Mermaid', async () => {
  const files = goldenFiles('mermaid')
  assert.ok(files.length >= 15, `found ${files.length} Mermaid goldens`)
  for (const f of files) {
    const text = readFileSync(f, 'utf8')
    let parsed
    try {
      parsed = await parseMermaid(text)
    } catch (e) {
      throw new Error(`${path.relative(graphDir, f)}: ${String(e)}`)
    }
    assert.is(parsed.type, 'flowchart-v2', f)
    const nodeLines = text.split('\n').filter((l) => /^\s+\S+(\[|\(|\{)/.test(l) && !/^\s+(subgraph|classDef|class)\b/.test(l)).length
    assert.is(parsed.vertices.size, nodeLines, `${path.relative(graphDir, f)}: every node line is a vertex`)
    assert.is(
      parsed.edges.length,
      text.split('\n').filter((l) => /-->|-\.->/.test(l)).length,
      `${path.relative(graphDir, f)}: every edge line is an edge`,
    )
  }
})

test('every JSON golden is a format_version 1 document whose edges join its nodes', () => {
  // (expected.resource-graph.json files are resourceGraph() data, checked by resources.test.ts)
  for (const f of goldenFiles('json').filter((g) => !g.endsWith('expected.resource-graph.json'))) {
    const doc = JSON.parse(readFileSync(f, 'utf8')) as {
      format_version: string
      view: string
      nodes: {id: string; cluster: string | null}[]
      edges: {from: string; to: string}[]
      clusters: {id: string}[]
    }
    assert.is(doc.format_version, '1')
    const ids = new Set(doc.nodes.map((n) => n.id))
    assert.is(ids.size, doc.nodes.length, `${f}: node ids are unique`)
    for (const e of doc.edges) assert.ok(ids.has(e.from) && ids.has(e.to), `${f}: edge ${e.from} -> ${e.to}`)
    const clusters = new Set(doc.clusters.map((c) => c.id))
    for (const n of doc.nodes) assert.ok(n.cluster === null || clusters.has(n.cluster), `${f}: cluster of ${n.id}`)
  }
})

test('providers view: every module hangs from its caller — not installed, legacy or given nothing, the call is drawn (JSON, DOT, SVG, Mermaid)', () => {
  const goldens = goldenFiles('json').filter((f) => /expected\.providers(\.[a-z-]+)?\.json$/.test(f))
  assert.ok(goldens.length >= 5)
  for (const f of goldens) {
    const doc = JSON.parse(readFileSync(f, 'utf8')) as {
      nodes: {id: string; kind: string}[]
      edges: {from: string; to: string; kind: string}[]
    }
    const ids = new Set(doc.nodes.map((n) => n.id))
    for (const n of doc.nodes.filter((x) => x.kind === 'module' && x.id !== 'root')) {
      const caller = n.id.replace(/\.?module\.[^.]+$/, '') || 'root'
      if (!ids.has(caller)) continue // sliced away (--module, --exclude)
      assert.ok(
        doc.edges.some((e) => e.from === caller && e.to === n.id),
        `${path.relative(graphDir, f)}: ${n.id} has an edge from ${caller}`,
      )
    }
  }
  // the not-installed module of platform: a grey call edge in DOT, drawn by Graphviz, an arrow in Mermaid
  const dot = readFileSync(path.join(graphDir, 'platform', 'expected.providers.dot'), 'utf8')
  assert.match(dot, /\n {2}"root" -> "module\.vault" \[color = "#999999"\];\n/)
  assert.match(dotToSvg(dot), /<title>root&#45;&gt;module\.vault<\/title>/)
  assert.match(readFileSync(path.join(graphDir, 'platform', 'expected.providers.mermaid'), 'utf8'), /\n {2}m_root --> m_module_vault\n/)
  const json = JSON.parse(readFileSync(path.join(graphDir, 'platform', 'expected.providers.json'), 'utf8')) as {edges: unknown[]}
  assert.ok(
    json.edges.some(
      (e) =>
        JSON.stringify(e) === JSON.stringify({from: 'root', to: 'module.vault', kind: 'calls', label: null, attributes: {resolved: false}}),
    ),
  )
})

// internal/command/graph_test.go TestGraph_resourcesOnly and graph_mermaid_test.go
// TestGraph_resourcesOnly_mermaid (Terraform 1.16), on the same fixture (testdata/graph-interesting).
const TERRAFORM_DOT = `digraph G {
  rankdir = "RL";
  node [shape = rect, fontname = "sans-serif"];
  "foo.bar" [label="foo.bar"];
  "foo.baz" [label="foo.baz"];
  "foo.boop" [label="foo.boop"];
  subgraph "cluster_module.child" {
    label = "module.child"
    fontname = "sans-serif"
    "module.child.foo.bleep" [label="foo.bleep"];
  }
  "foo.baz" -> "foo.bar";
  "foo.boop" -> "module.child.foo.bleep";
  "module.child.foo.bleep" -> "foo.bar";
}
`
const TERRAFORM_MERMAID = `flowchart LR
  foo.bar["foo.bar"]
  foo.baz["foo.baz"]
  foo.boop["foo.boop"]
  subgraph module.child
    module.child.foo.bleep["foo.bleep"]
  end
  foo.baz --> foo.bar
  foo.boop --> module.child.foo.bleep
  module.child.foo.bleep --> foo.bar
`

test("graph-interesting: resources view is Terraform's own DOT and Mermaid, byte for byte", async () => {
  const a = await analyzeProviders(path.join(graphDir, 'graph-interesting'), {env: {}})
  const {graph} = exportGraph(a, {view: 'resources'})
  assert.fixture(renderGraph(graph, 'dot'), TERRAFORM_DOT)
  assert.fixture(renderGraph(graph, 'mermaid'), TERRAFORM_MERMAID)
})

test("a configuration without resources prints Terraform's two comment lines", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-graph-empty-'))
  writeFileSync(path.join(dir, 'main.tf'), 'variable "region" {\n  type = string\n}\n')
  const a = await analyzeProviders(dir, {env: {}})
  rmSync(dir, {recursive: true, force: true})
  const {graph} = exportGraph(a, {view: 'resources'})
  assert.is(graph.nodes.length, 0)
  assert.fixture(
    renderGraph(graph, 'dot'),
    'digraph G {\n  rankdir = "RL";\n  node [shape = rect, fontname = "sans-serif"];\n  /* This configuration does not contain any resources.         */\n  /* For a more detailed graph, try: terraform graph -type=plan */\n}\n',
  )
  dotToSvg(renderGraph(graph, 'dot'))
  assert.is((await parseMermaid(renderGraph(graph, 'mermaid'))).vertices.size, 0)
})

test('output is deterministic: two analyses give the same bytes in every view and format', async () => {
  for (const view of ALL) {
    const one = exportGraph(await analyzeProviders(path.join(graphDir, 'platform'), {env: {}}), {view}).graph
    const two = exportGraph(await analyzeProviders(path.join(graphDir, 'platform'), {env: {}}), {view}).graph
    for (const f of GRAPH_FORMATS) assert.is(renderGraph(one, f), renderGraph(two, f), `${view} ${f}`)
  }
})

test.run()
