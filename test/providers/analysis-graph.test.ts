// The analysis graph (src/providers/tree/build-graph.ts) is the model the export views and slicing read:
// proxies, inherits and resource bindings are in it, and the resources view's dependencies join it
// without changing what the other views read from the same analysis.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {exportGraph} from '../../src/export/index.js'
import {analyzeProviders, moduleSubtree} from '../helpers/internal.js'
import {fixturesDir} from '../helpers/paths.js'

const AWS = 'provider["registry.terraform.io/hashicorp/aws"]'

test('graph: proxies, inherits and bindings of the platform fixture', async () => {
  const a = await analyzeProviders(path.join(fixturesDir, 'graph/platform'), {env: {}})
  const edges = (kind: string): string[] =>
    a.graph.filterEdges((_e, attr) => attr.kind === kind).map((e) => `${a.graph.source(e)} -> ${a.graph.target(e)}`)
  assert.equal(edges('proxies'), [
    `provider:module.network.${AWS} -> provider:${AWS}`,
    `provider:module.network.${AWS}.dns -> provider:${AWS}.us`,
    `provider:module.network.module.dns.${AWS} -> provider:module.network.${AWS}.dns`,
  ])
  assert.equal(edges('inherits'), [
    'module: -> module:module.assets',
    'module: -> module:module.logs',
    'module: -> module:module.network',
    'module:module.network -> module:module.network.module.dns',
  ])
  for (const r of a.resolution.resources) {
    const attr = a.graph.getNodeAttributes(`resource:${r.address}`)
    assert.ok(
      attr.kind === 'resource' && attr.bound && attr.providerConfig === (r.providerConfig?.key ?? null) && attr.resolution === r.resolution,
      r.address.key,
    )
  }
  assert.equal(moduleSubtree(a.graph, 'module.network'), ['module.network', 'module.network.module.dns'])
})

test('graph: the resources view adds its dependencies once; the other views read the same as before', async () => {
  const dir = path.join(fixturesDir, 'graph/resources-ordering')
  const fresh = await analyzeProviders(dir, {env: {}})
  const before = {modules: exportGraph(fresh, {view: 'modules'}).graph, providers: exportGraph(fresh, {view: 'providers'}).graph}
  const a = await analyzeProviders(dir, {env: {}})
  const size0 = a.graph.size
  exportGraph(a, {view: 'resources'})
  assert.equal(a.graph.size, size0, 'unsliced, the view leaves the graph alone')
  exportGraph(a, {view: 'resources', focus: 'data.terraform_remote_state.probe'})
  const size = a.graph.size
  const res = exportGraph(a, {view: 'resources', focus: 'data.terraform_remote_state.probe', depth: 1}).graph
  assert.equal(a.graph.size, size, 'dependencies are added once')
  assert.ok(res.nodes.length >= 1)
  // a data source scoped in a check block is bound like any other (Terraform binds it too)
  const probe = a.graph.getNodeAttributes('resource:data.terraform_remote_state.probe')
  assert.ok(probe.kind === 'resource' && probe.bound)
  assert.is(probe.kind === 'resource' ? probe.providerConfig : undefined, 'provider["terraform.io/builtin/terraform"]')
  assert.equal(exportGraph(a, {view: 'modules'}).graph, before.modules)
  assert.equal(exportGraph(a, {view: 'providers'}).graph, before.providers)
})

test.run()
