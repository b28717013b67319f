// The largest root of the shared corpus (../shared/corpus, beside the repository as in CI) in every
// view and format: Mermaid parses all of it; Graphviz renders the modules and providers views and the
// collapsed resources view (the full resources view takes Graphviz ~40 s: BENCHMARKS.md "Graph export").
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyzeProviders, exportGraph, GRAPH_FORMATS, renderGraph, type GraphView} from '../helpers/internal.js'
import {hasShared, sharedDir} from '../helpers/paths.js'
import {dotToSvg, parseMermaid} from './graph-tools.js'

const root = path.join(sharedDir, 'corpus/GoogleCloudPlatform__cloud-foundation-fabric/fast/stages/0-org-setup')

const corpusTest = hasShared('export/corpus: the largest corpus root', 'corpus') ? test : test.skip

corpusTest('the largest corpus root renders in every view and format', async () => {
  const a = await analyzeProviders(root, {env: {}})
  assert.ok(
    a.tree.nodes.length >= 30 && a.resolution.resources.length >= 700,
    `${a.tree.nodes.length} modules, ${a.resolution.resources.length} resources (is ../shared/corpus there?)`,
  )
  for (const view of ['modules', 'providers', 'resources'] as const satisfies readonly GraphView[]) {
    const {graph} = exportGraph(a, {view})
    assert.ok(graph.nodes.length >= (view === 'modules' ? 30 : 700), `${view}: ${graph.nodes.length} nodes`)
    const out = Object.fromEntries(GRAPH_FORMATS.map((f) => [f, renderGraph(graph, f)]))
    const parsed = await parseMermaid(out['mermaid'] ?? '')
    assert.is(parsed.vertices.size, graph.nodes.length, `${view}: Mermaid sees every node`)
    assert.is(parsed.edges.length, graph.edges.length, `${view}: Mermaid sees every edge`)
    assert.is((JSON.parse(out['json'] ?? '') as {nodes: unknown[]}).nodes.length, graph.nodes.length)
    const dot = view === 'resources' ? renderGraph(exportGraph(a, {view, collapse: true}).graph, 'dot') : (out['dot'] ?? '')
    assert.match(dotToSvg(dot), /<svg/)
  }
})

test.run()
