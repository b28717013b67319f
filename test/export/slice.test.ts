// Slicing the export model (--exclude, --module, --focus/--depth, --collapse) on the platform fixture,
// and the provider hops the providers view draws, checked against every providers fixture.
import {readdirSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {addressMatcher, nodesByDepth, providerHops} from '../../src/export/index.js'
import {analyzeProviders, exportGraph, type ProvidersAnalysis} from '../helpers/internal.js'
import {fixturesDir} from '../helpers/paths.js'

let platform: ProvidersAnalysis | undefined
async function analysis(): Promise<ProvidersAnalysis> {
  platform ??= await analyzeProviders(path.join(fixturesDir, 'graph/platform'), {env: {}})
  return platform
}
const ids = (g: {nodes: readonly {id: string}[]}): string[] => g.nodes.map((n) => n.id).sort()

test('--exclude: globs over whole addresses; * crosses dots and slashes; [ is literal', () => {
  const m = addressMatcher(['module.a', 'provider*hashicorp/random*', 'x[0]'])
  assert.ok(m('module.a'))
  assert.not.ok(m('module.ab'))
  assert.ok(m('provider["registry.terraform.io/hashicorp/random"]'))
  assert.not.ok(m('provider["registry.terraform.io/hashicorp/aws"]'))
  assert.ok(m('x[0]'))
  assert.not.ok(m('x0'))
})

test('--exclude drops matching nodes and everything inside an excluded module', async () => {
  const {graph} = exportGraph(await analysis(), {view: 'providers', exclude: ['module.network']})
  assert.not.ok(graph.nodes.some((n) => n.module === 'module.network' || n.module.startsWith('module.network.')))
  assert.ok(graph.nodes.some((n) => n.id === 'module.logs'))
  assert.not.ok(graph.edges.some((e) => e.to.startsWith('module.network')))
})

test('--module keeps the subtree; the providers view keeps what brings configurations in', async () => {
  const a = await analysis()
  const mods = exportGraph(a, {view: 'modules', module: 'module.network'}).graph
  assert.equal(ids(mods), ['module.network', 'module.network.module.dns'])
  const prov = exportGraph(a, {view: 'providers', module: 'module.network.module.dns'}).graph
  const kept = ids(prov)
  assert.ok(kept.includes('provider["registry.terraform.io/hashicorp/aws"].us'), 'the aliased root configuration passed down')
  assert.ok(kept.includes('provider["registry.terraform.io/hashicorp/random"]'), 'the implied configuration inherited')
  assert.ok(kept.includes('root') && kept.includes('module.network'))
  assert.not.ok(kept.includes('module.logs'))
  assert.not.ok(kept.includes('module.network.aws_vpc.main'), 'resources outside the subtree go')
  const res = exportGraph(a, {view: 'resources', module: 'module.network'}).graph
  assert.ok(res.nodes.every((n) => n.module.startsWith('module.network')))
  assert.equal(
    res.clusters.map((c) => c.module),
    ['module.network', 'module.network.module.dns'],
  )
})

test('--focus/--depth: the neighbourhood, in both directions', async () => {
  const a = await analysis()
  assert.equal(ids(exportGraph(a, {view: 'modules', focus: 'module.network', depth: 1}).graph), [
    'module.network',
    'module.network.module.dns',
    'root',
  ])
  assert.equal(ids(exportGraph(a, {view: 'modules', focus: 'module.network', depth: 0}).graph), ['module.network'])
  const two = ids(exportGraph(a, {view: 'modules', focus: 'module.network', depth: 2}).graph)
  assert.ok(two.includes('module.logs') && two.includes('module.vault'))
  const res = exportGraph(a, {view: 'resources', focus: 'module.network.aws_vpc.main', depth: 1}).graph
  assert.ok(ids(res).includes('module.network.module.dns.aws_route53_zone.internal'), 'a dependent')
  assert.ok(ids(res).includes('module.logs.aws_s3_bucket_policy.this'), 'a dependent in another module')
  assert.not.ok(ids(res).includes('aws_s3_bucket.state'))
  // a module address in the resources view focuses on the module's resources
  const mod = exportGraph(a, {view: 'resources', focus: 'module.monitoring', depth: 1}).graph
  assert.equal(ids(mod), ['aws_s3_bucket.state', 'module.monitoring.aws_cloudwatch_log_group.audit'])
})

test('--depth alone: modules at most N calls deep (below --module when given), their configurations and resources', async () => {
  const a = await analysis()
  const mods = exportGraph(a, {view: 'modules', depth: 1}).graph
  assert.equal(ids(mods), ['module.assets', 'module.logs', 'module.monitoring', 'module.network', 'module.vault', 'root'])
  assert.equal(ids(exportGraph(a, {view: 'modules', depth: 0}).graph), ['root'])
  const prov = exportGraph(a, {view: 'providers', depth: 0}).graph
  assert.ok(prov.nodes.every((n) => n.module === ''))
  assert.ok(prov.nodes.some((n) => n.kind === 'resource') && prov.nodes.some((n) => n.kind === 'provider-config'))
  // below --module: depth counts from that module; what brings configurations in from above stays
  const sub = exportGraph(a, {view: 'providers', module: 'module.network', depth: 0}).graph
  assert.ok(sub.nodes.some((n) => n.id === 'module.network.aws_vpc.main'))
  assert.not.ok(sub.nodes.some((n) => n.module.startsWith('module.network.module.dns')))
  assert.ok(sub.nodes.some((n) => n.id === 'root'))
  // the counts the "too large" note reads: nodes kept at each depth
  const all = exportGraph(a, {view: 'modules'}).graph
  assert.equal(nodesByDepth(all), [1, 6, 7])
  assert.equal(nodesByDepth(all, 'module.network'), [6, 7], 'what lies outside module.network counts at depth 0')
})

test('an address that matches nothing is an error naming the closest one', async () => {
  const r = exportGraph(await analysis(), {view: 'modules', focus: 'module.netwrk'})
  assert.is(r.optionDiagnostics[0]?.severity, 'error')
  assert.match(r.optionDiagnostics[0]?.detail ?? '', /Did you mean module\.network\?/)
  const m = exportGraph(await analysis(), {view: 'modules', module: 'module.nope'})
  assert.is(m.optionDiagnostics[0]?.summary, 'No such module')
})

test('--collapse: resources folded into modules (resources view) or counts (providers view)', async () => {
  const a = await analysis()
  const res = exportGraph(a, {view: 'resources', collapse: true}).graph
  assert.ok(res.nodes.every((n) => n.kind === 'module'))
  assert.equal(ids(res), ['module.assets', 'module.logs', 'module.monitoring', 'module.network', 'module.network.module.dns', 'root'])
  const toNetwork = res.edges
    .filter((e) => e.to === 'module.network')
    .map((e) => `${e.from}:${String(e.attributes['dependencies'])}`)
    .sort()
  assert.equal(toNetwork, ['module.assets:1', 'module.logs:1', 'module.network.module.dns:1'])
  assert.not.ok(
    res.edges.some((e) => e.from === e.to),
    'no self edges',
  )
  const prov = exportGraph(a, {view: 'providers', collapse: true}).graph
  const dns = prov.nodes.filter((n) => n.kind === 'resource-group' && n.module === 'module.network.module.dns')
  assert.equal(
    dns.map((n) => n.attributes['resources']),
    [['module.network.module.dns.aws_route53_zone.internal'], ['module.network.module.dns.random_id.suffix']],
  )
  assert.is(prov.nodes.find((n) => n.id === 'resources(root, aws)')?.label, '3 resources')
})

test('provider hops join the declaring module to the resource module, one call at a time', async () => {
  const dirs = [
    ...readdirSync(path.join(fixturesDir, 'providers')).map((d) => path.join(fixturesDir, 'providers', d)),
    path.join(fixturesDir, 'graph/platform'),
  ]
  let checked = 0
  for (const dir of dirs) {
    const a = await analyzeProviders(dir, {env: {}})
    for (const r of a.resolution.resources) {
      const config = a.resolution.configs.find((c) => c.address.key === r.providerConfig?.key)
      if (!config) continue
      const hops = providerHops(r, a)
      let at = config.module.key
      for (const h of hops) {
        assert.is(h.from, at, `${r.address}: hop from ${h.from}`)
        assert.ok(
          h.to.startsWith(h.from === '' ? 'module.' : h.from + '.module.') &&
            !h.to
              .slice(h.from.length + 1)
              .slice(7)
              .includes('.'),
          `${r.address}: ${h.from} calls ${h.to}`,
        )
        at = h.to
      }
      assert.is(at, r.module.key, `${r.address}: the hops end at its module`)
      assert.is(
        hops.filter((h) => h.pass !== undefined).length,
        r.resolution.filter((s) => s.kind === 'passed').length,
        `${r.address}: one hop per pass`,
      )
      checked++
    }
  }
  assert.ok(checked > 30, `${checked} resources checked`)
})

test.run()
