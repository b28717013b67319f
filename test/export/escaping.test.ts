// Escaping in DOT and Mermaid: a configuration (written to a temp dir) whose module call names,
// provider aliases, resource names and module sources hold quotes, backslashes, newlines, <, >, &,
// entity-looking text, DOT and Mermaid keywords and ANSI escape sequences. Every view must still render
// with Graphviz and parse with Mermaid, and show the original text (control characters as escapes).
// A property test does the same for arbitrary label text.
import {rmSync} from 'node:fs'
import fc from 'fast-check'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyzeProviders, exportGraph, renderGraph, type ExportGraph, type GraphNode, type GraphView} from '../helpers/internal.js'
import {visible} from '../../src/export/text.js'
import {dotToSvg, parseMermaid, svgTexts} from './graph-tools.js'
import {ESC, REMOTE_SOURCE, WEIRD_SOURCE, writeConfig} from '../helpers/adversarial-config.js'

let root = ''
test.before(() => {
  root = writeConfig()
})
test.after(() => {
  rmSync(root, {recursive: true, force: true})
})

const norm = (s: string): string => s.replace(/\s+/g, ' ').trim()

async function checkRenders(g: ExportGraph, what: string): Promise<void> {
  const dot = renderGraph(g, 'dot')
  const mermaid = renderGraph(g, 'mermaid')
  for (const [name, out] of [
    ['dot', dot],
    ['mermaid', mermaid],
    ['json', renderGraph(g, 'json')],
  ] as const) {
    // eslint-disable-next-line no-control-regex
    assert.not.match(out, /[\u0000-\u0008\u000b-\u001f\u007f]/, `${what} ${name}: no raw control characters`)
  }
  const texts = new Set(svgTexts(dotToSvg(dot)).map(norm))
  for (const n of g.nodes)
    for (const line of n.label.split('\n')) assert.ok(texts.has(norm(line)), `${what} dot: ${JSON.stringify(line)} drawn`)
  for (const e of g.edges)
    if (e.label !== null) assert.ok(texts.has(norm(e.label)), `${what} dot: edge label ${JSON.stringify(e.label)} drawn`)
  const parsed = await parseMermaid(mermaid)
  const labels = [...parsed.vertices.values()].map(norm)
  for (const n of g.nodes)
    assert.ok(labels.includes(norm(n.label)), `${what} mermaid: ${JSON.stringify(n.label)} in ${JSON.stringify(labels)}`)
  assert.is(parsed.edges.length, g.edges.length, `${what} mermaid: every edge`)
  for (const e of g.edges)
    if (e.label !== null)
      assert.ok(
        parsed.edges.some((x) => norm(x.label) === norm(e.label ?? '')),
        `${what} mermaid: edge label ${JSON.stringify(e.label)}`,
      )
}

for (const view of ['modules', 'providers', 'resources'] as const satisfies readonly GraphView[]) {
  test(`${view}: odd names render with Graphviz, parse with Mermaid and keep their text`, async () => {
    const a = await analyzeProviders(root, {env: {}})
    const {graph} = exportGraph(a, {view})
    assert.ok(graph.nodes.length >= 5)
    await checkRenders(graph, view)
    await checkRenders(exportGraph(a, {view, collapse: true}).graph, `${view} collapsed`)
  })
}

test('the odd source is shown as written, control characters as escapes', async () => {
  const a = await analyzeProviders(root, {env: {}})
  const {graph} = exportGraph(a, {view: 'modules'})
  const node = graph.nodes.find((n) => n.address === 'module.graph')
  assert.ok(node?.attributes['resolved'], 'the directory with the odd name was found')
  assert.is(node?.attributes['source'], WEIRD_SOURCE, 'JSON keeps the raw text')
  const shown = String.raw`./we"ird dir <b>&amp; #quot; \u001b[31mred\u001b[0m end;|]\nline2`
  assert.is(node?.label.split('\n')[1], shown)
  const texts = svgTexts(dotToSvg(renderGraph(graph, 'dot')))
  assert.ok(texts.includes(shown), 'Graphviz draws the source text')
  const parsed = await parseMermaid(renderGraph(graph, 'mermaid'))
  assert.ok(
    [...parsed.vertices.values()].some((v) => v.split('\n')[1] === shown),
    'Mermaid keeps the source text',
  )
  const remote = graph.nodes.find((n) => n.address === 'module.strict')
  assert.ok(remote?.label.includes(REMOTE_SOURCE))
  assert.ok(texts.some((t) => t.includes(REMOTE_SOURCE)))
})

test('resources named after Mermaid keywords get Mermaid-safe ids; usual ones keep Terraform ids', async () => {
  const a = await analyzeProviders(root, {env: {}})
  const {graph} = exportGraph(a, {view: 'resources'})
  assert.ok(graph.nodes.some((n) => n.id === 'end.x'))
  const mermaid = renderGraph(graph, 'mermaid')
  assert.not.match(mermaid, /^\s*end\.x\[/m)
  assert.match(mermaid, /^\s*r_end_x\["end\.x"\]$/m)
})

// Property: every label text survives both formats.
const specials = fc.constantFrom(
  '"',
  '\\',
  '<',
  '>',
  '&',
  '#',
  '`',
  '\n',
  '\r',
  '\t',
  ESC,
  '[',
  ']',
  '{',
  '}',
  '(',
  ')',
  '|',
  ';',
  '%%',
  ' end ',
  'subgraph',
  '&quot;',
  '#quot;',
  '#35;',
  '<br>',
  '\\n',
  '-->',
  ':::',
  '\u2028',
  '\ud800',
  'é',
  '😀',
  '\u0085',
)
const labelText = fc.string({
  unit: fc.oneof(
    specials,
    fc.string({unit: 'grapheme', minLength: 1, maxLength: 1}),
    fc.string({unit: 'binary', minLength: 1, maxLength: 1}),
  ),
  minLength: 1,
  maxLength: 12,
})

function syntheticGraph(labels: readonly string[], edgeLabels: readonly string[]): ExportGraph {
  const nodes: GraphNode[] = labels.map((l, i) => ({
    id: `n${i}${l}`,
    kind: i % 2 ? 'module' : 'resource',
    address: `a${i}`,
    module: '',
    label: `${visible(l)}\n${visible(l)}`,
    cluster: i % 3 === 0 ? 'c' : null,
    marks: [],
    attributes: {},
  }))
  return {
    view: 'modules',
    engine: 'terraform',
    terraformResources: false,
    collapsed: false,
    nodes,
    edges: edgeLabels.map((l, i) => ({
      from: nodes[i % nodes.length]!.id,
      to: nodes[(i + 1) % nodes.length]!.id,
      kind: 'calls',
      label: visible(l),
      attributes: {},
    })),
    clusters: [{id: 'c', label: visible(labels[0] ?? 'c'), module: 'module.c'}],
    diagnostics: [],
  }
}

// what a reader sees: control characters, lone surrogates and bidirectional controls as escapes (the last
// since the renderers show them so: a label cannot reorder what is read around it)
const visibleText = (s: string): string =>
  norm(
    s.replace(
      /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '\t' ? '\\t' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    ),
  )

test('property: arbitrary label text parses with Mermaid and reads back unchanged', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(labelText, {minLength: 1, maxLength: 6}), fc.array(labelText, {maxLength: 4}), async (labels, edgeLabels) => {
      const g = syntheticGraph(labels, edgeLabels)
      const parsed = await parseMermaid(renderGraph(g, 'mermaid'))
      const got = [...parsed.vertices.values()].map(norm).sort()
      assert.equal(got, g.nodes.map((n) => norm(n.label)).sort())
      assert.equal(
        parsed.edges.map((e) => norm(e.label)),
        edgeLabels.map(visibleText),
      )
    }),
    {numRuns: 80},
  )
})

test('property: arbitrary label text renders with Graphviz and reads back unchanged', () => {
  const samples = fc.sample(fc.tuple(fc.array(labelText, {minLength: 1, maxLength: 40}), fc.array(labelText, {maxLength: 20})), {
    numRuns: 8,
    seed: 7,
  })
  for (const [labels, edgeLabels] of samples) {
    const g = syntheticGraph(labels, edgeLabels)
    const texts = new Set(svgTexts(dotToSvg(renderGraph(g, 'dot'))).map(norm))
    for (const l of [...labels, ...edgeLabels])
      if (visibleText(l) !== '') assert.ok(texts.has(visibleText(l)), `${JSON.stringify(l)} drawn as ${JSON.stringify(visibleText(l))}`)
  }
})

test('the checkers are real: Graphviz and Mermaid reject broken input', async () => {
  assert.throws(() => dotToSvg('digraph { "a" -> }'))
  let rejected = false
  try {
    await parseMermaid('flowchart LR\n  end.x["a"]\n')
  } catch {
    rejected = true
  }
  assert.ok(rejected, 'Mermaid rejects a node id that is a keyword')
})

test('bidirectional overrides are shown as escapes (a source cannot reorder what a reader sees)', () => {
  assert.is(visible('./\u202egnp.exe'), './\\u202egnp.exe')
  assert.is(visible('a\u2066b\u2069c\u200fd\u061ce'), 'a\\u2066b\\u2069c\\u200fd\\u061ce')
  assert.is(visible('plain ünïcode → ok'), 'plain ünïcode → ok')
})

test.run()
