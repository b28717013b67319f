// The resource graph (`tfgraph graph`'s default view) on real fixture directories.
//
// Every fixture `fixtures/graph/resources-*/` has `expected.resource-graph.json` beside it (UPDATE_GOLDEN=1
// rewrites them). The fixtures written with Terraform's built-in `terraform_data` resource and
// `terraform_remote_state` data source (locals-chain, modules, module-edges, ordering, iterators, meta, json)
// were checked against `terraform graph` of Terraform 1.11.4 (identical nodes, order and edges); the others
// need provider schemas (dynamic, provider-config, ephemeral; graph-interesting is Terraform's own test case)
// or are cycles Terraform refuses (local-cycle), and were checked by hand.
import {mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {formatRange, withoutCode} from '../../src/diag/diagnostic.js'
import type {ResourceGraph} from '../../src/export/resources.js'
import {crawl, resourceGraph} from '../helpers/internal.js'
import {assertGolden} from '../helpers/golden.js'
import {fixturesDir} from '../helpers/paths.js'

const graphDir = path.join(fixturesDir, 'graph')

async function graphOf(dir: string): Promise<ResourceGraph> {
  return resourceGraph(await crawl(dir, {env: {}}))
}

const edgeStrings = (g: ResourceGraph): string[] => g.edges.map((e) => `${e.from} -> ${e.to}`)

function document(g: ResourceGraph): string {
  return (
    JSON.stringify(
      {
        nodes: g.nodes.map((n) => ({...n, range: n.range ? formatRange(n.range) : null})),
        edges: edgeStrings(g),
        diagnostics: g.diagnostics.map((d) => ({...withoutCode(d), range: d.range ? formatRange(d.range) : null})),
      },
      null,
      2,
    ) + '\n'
  )
}

const fixtures = readdirSync(graphDir).filter((d) => d.startsWith('resources-'))

test('there are resource-graph fixtures', () => {
  assert.ok(fixtures.length >= 12, fixtures.join(', '))
})

for (const name of fixtures) {
  test(`fixture ${name}`, async () => {
    const dir = path.join(graphDir, name)
    assertGolden(path.join(dir, 'expected.resource-graph.json'), document(await graphOf(dir)))
  })
}

test("conformance graph-interesting: terraform graph's nodes and edges, in its order", async () => {
  const g = await graphOf(path.join(graphDir, 'resources-graph-interesting'))
  assert.equal(
    g.nodes.map((n) => n.id),
    ['foo.bar', 'foo.baz', 'foo.boop', 'module.child.foo.bleep'],
  )
  assert.equal(
    g.nodes.map((n) => n.label),
    ['foo.bar', 'foo.baz', 'foo.boop', 'foo.bleep'],
  )
  assert.equal(
    g.nodes.map((n) => n.module),
    ['', '', '', 'module.child'],
  )
  assert.equal(edgeStrings(g), ['foo.baz -> foo.bar', 'foo.boop -> module.child.foo.bleep', 'module.child.foo.bleep -> foo.bar'])
  assert.equal(g.diagnostics, [])
})

test('modules: depends_on and whole-module references reach every resource inside, reduced transitively', async () => {
  const g = await graphOf(path.join(graphDir, 'resources-modules'))
  const edges = edgeStrings(g)
  // module.app depends_on module.network: its resources wait for the innermost resources of network
  assert.ok(edges.includes('module.app.data.terraform_remote_state.shared -> module.network.module.routes.terraform_data.static'))
  // server -> network.subnet is implied by server -> routes.route -> subnet
  assert.not.ok(edges.includes('module.app.terraform_data.server -> module.network.terraform_data.subnet'))
  // one output: only what that output refers to
  assert.equal(
    edges.filter((e) => e.startsWith('terraform_data.route_only ')),
    ['terraform_data.route_only -> module.network.module.routes.terraform_data.route'],
  )
  // count on a module call
  assert.ok(edges.includes('module.counted.terraform_data.each -> terraform_data.vpc'))
})

test('cycles: reported once each, with the edges kept; a self-reference is no cycle', async () => {
  const g = await graphOf(path.join(graphDir, 'resources-local-cycle'))
  assert.equal(
    g.diagnostics.map((d) => [d.severity, d.summary, d.range ? formatRange(d.range) : '']),
    [
      ['error', 'Dependency cycle', 'main.tf:3,3-4'],
      ['error', 'Dependency cycle', 'main.tf:17,3-8'],
    ],
  )
  assert.match(g.diagnostics[0]?.detail ?? '', 'local.a, local.b')
  assert.match(g.diagnostics[1]?.detail ?? '', 'local.via_x, terraform_data.x, terraform_data.y')
  assert.equal(edgeStrings(g), [
    'terraform_data.user -> terraform_data.base',
    'terraform_data.x -> terraform_data.y',
    'terraform_data.y -> terraform_data.x',
  ])
})

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-resources-'))
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), {recursive: true})
    writeFileSync(path.join(dir, rel), text)
  }
  return dir
}

test('a chain of 3,000 locals and a 3,000-resource chain neither overflow the stack nor take long', async () => {
  const n = 3000
  const locals = Array.from({length: n}, (_, i) => `  l${i} = local.l${i + 1}`).join('\n')
  const resources = Array.from(
    {length: n},
    (_, i) =>
      `resource "t" "r${String(i).padStart(4, '0')}" {\n  v = ${i + 1 < n ? `t.r${String(i + 1).padStart(4, '0')}.id` : 'local.l0'}\n}`,
  ).join('\n')
  const dir = tree({'main.tf': `locals {\n${locals}\n  l${n} = t.end.id\n}\nresource "t" "end" {}\n${resources}\n`})
  try {
    const start = Date.now()
    const g = await graphOf(dir)
    assert.is(g.nodes.length, n + 1)
    assert.is(g.edges.length, n)
    assert.equal(g.edges[0], {from: 't.r0000', to: 't.r0001'})
    assert.equal(g.edges[n - 1], {from: `t.r${n - 1}`, to: 't.end'})
    assert.ok(Date.now() - start < 20_000)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('references to undeclared objects and unresolved modules are no edges and no errors', async () => {
  const dir = tree({
    'main.tf': [
      'resource "t" "a" {',
      '  v = [var.nope, local.nope, t.nope.id, data.t.nope.id, module.nope.out, module.missing.out]',
      '}',
      'module "missing" {',
      '  source = "./missing"',
      '  count  = length(t.b.id)',
      '}',
      'resource "t" "b" {}',
      '',
    ].join('\n'),
  })
  try {
    const g = await graphOf(dir)
    assert.equal(
      g.nodes.map((n) => n.id),
      ['t.a', 't.b'],
    )
    // module.missing.out falls back to the whole call, whose expansion depends on t.b
    assert.equal(edgeStrings(g), ['t.a -> t.b'])
    assert.equal(g.diagnostics, [])
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test.run()
