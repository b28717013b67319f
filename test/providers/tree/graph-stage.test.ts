// Terraform's stages: configuration errors are found while the configuration is built and stop it, so a
// graph-stage error ("missing provider …", "Provider configuration not present") is reported only for a
// part of the tree whose configuration passed. Answers recorded from terraform-oracle beside the fixtures.
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyzeProviders} from '../../helpers/internal.js'
import {fixturesDir} from '../../helpers/paths.js'

const fx = (name: string) => path.join(fixturesDir, 'providers', name)
const errors = async (name: string) =>
  (await analyzeProviders(fx(name), {engine: 'terraform', env: {}})).diagnostics
    .filter((d) => d.severity === 'error')
    .map(
      (d) =>
        `${d.summary} @${d.range ? `${d.range.filename}:${d.range.start.line}` : `(${d.extra?.range?.filename}:${d.extra?.range?.start.line})`}`,
    )

test('a child not given the aliased configuration it requires: the configuration error only (no resolver error after it)', async () => {
  assert.equal(await errors('missing-alias'), ['Missing required provider configuration @main.tf:2'])
})

test("a providers entry passing a configuration the caller lacks: Terraform's graph-stage text, no range, tfgraph's range as extra", async () => {
  assert.equal(await errors('missing-provider-pass'), [
    'missing provider provider["registry.terraform.io/hashicorp/aws"].nope @(main.tf:4)',
  ])
  const a = await analyzeProviders(fx('missing-provider-pass'), {engine: 'terraform', env: {}})
  const d = a.diagnostics.find((x) => x.summary.startsWith('missing provider'))
  assert.is(d?.detail, '')
  assert.match(d?.extra?.explanation ?? '', /passes aws\.nope as aws, but the root module has no configuration/)
  // the child's resource follows the map to nothing: no inheritance, no second error for it
  const r = a.resolution.resources.find((x) => x.address.key === 'module.child.aws_instance.x')
  assert.is(r?.providerConfig, undefined)
  assert.equal(r?.resolution.map((s) => s.kind).slice(-2), ['passed', 'missing'])
})

test('a configuration error in one call and a graph-stage error in another: both (Terraform stops at the first; the second is what it reports once the first is fixed)', async () => {
  assert.equal(await errors('graph-stage-elsewhere'), [
    'Missing required provider configuration @main.tf:2',
    'missing provider provider["registry.terraform.io/hashicorp/aws"].nope @(main.tf:8)',
  ])
  const oracle = JSON.parse(readFileSync(path.join(fx('graph-stage-elsewhere'), 'terraform-oracle.bindings.json'), 'utf8')) as {
    errors: {summary: string}[]
  }
  assert.equal(
    oracle.errors.map((e) => e.summary),
    ['Missing required provider configuration'],
  )
})

test.run()
