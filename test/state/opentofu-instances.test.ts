// OpenTofu's provider instances in a state (issue #51): a provider block with for_each (OpenTofu 1.9)
// records `instance_provider = provider["…"].by_region["eu"]` on each resource instance. An orphan whose
// recorded instance is gone while its configuration is there gets OpenTofu's "Provider instance not
// present", with the text of internal/tofu/node_resource_abstract_instance.go; Terraform's roots and
// unknown key sets are never judged so.
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyzeProviders} from '../../src/providers/analyze.js'
import {analyzeState} from '../../src/state/index.js'

const AWS = 'registry.opentofu.org/hashicorp/aws'

function state(instances: {key: string; provider: string; deposed?: string}[], resourceProvider = `provider["${AWS}"].by_region`): string {
  return JSON.stringify({
    version: 4,
    terraform_version: '1.9.0',
    serial: 3,
    lineage: 'l',
    outputs: {},
    resources: [
      {
        mode: 'managed',
        type: 'aws_vpc',
        name: 'v',
        provider: resourceProvider,
        instances: instances.map((i) => ({
          index_key: i.key,
          schema_version: 0,
          attributes: {id: 'x'},
          instance_provider: i.provider,
          ...(i.deposed ? {deposed: i.deposed} : {}),
        })),
      },
    ],
  })
}

async function diagnosticsOf(files: Record<string, string>, text: string): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-tofu-state-'))
  try {
    for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, name), body)
    const a = await analyzeProviders(dir, {env: {}})
    return analyzeState(a, text, 'terraform.tfstate').diagnostics.map((d) => `${d.code}: ${d.detail}`)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
}

const config = (regions: string[], providerForEach = true): Record<string, string> => ({
  'main.tofu': [
    // a map: its keys are what static evaluation knows (toset() of a list it does not evaluate)
    `variable "regions" {\n  default = {${regions.map((r) => `\n    ${r} = "${r}-1"`).join('')}\n  }\n}`,
    `provider "aws" {\n  alias = "by_region"\n${providerForEach ? '  for_each = var.regions\n  region   = each.value\n' : ''}}`,
    `resource "aws_vpc" "v" {\n  for_each = var.regions\n  provider = aws.by_region${providerForEach ? '[each.key]' : ''}\n}`,
  ].join('\n'),
})

test('a key that left both for_each collections: Provider instance not present, keyed, once per object', async () => {
  const text = state([
    {key: 'eu', provider: `provider["${AWS}"].by_region["eu"]`},
    {key: 'us', provider: `provider["${AWS}"].by_region["us"]`},
  ])
  const got = await diagnosticsOf(config(['us']), text)
  assert.equal(got, [
    `state.provider-instance-missing: To work with aws_vpc.v["eu"] its original provider instance at provider["${AWS}"].by_region["eu"] is required, but it has been removed. This occurs when an element is removed from the provider configuration's for_each collection while objects created by that the associated provider instance still exist in the state. Re-add the for_each element to destroy aws_vpc.v["eu"], after which you can remove the provider configuration again.\n\nThis is commonly caused by using the same for_each collection both for a resource (or its containing module) and its associated provider configuration. To successfully remove an instance of a resource it must be possible to remove the corresponding element from the resource's for_each collection while retaining the corresponding element in the provider's for_each collection.`,
  ])
  // both keys still there: nothing to say
  assert.equal(await diagnosticsOf(config(['eu', 'us']), text), [])
})

test('a deposed object of a key that is gone: the deposed variant', async () => {
  const text = state([{key: 'eu', provider: `provider["${AWS}"].by_region["eu"]`, deposed: '0a1b2c3d'}])
  const got = await diagnosticsOf(config(['us']), text)
  assert.equal(got.length, 1)
  assert.match(
    got[0]!,
    /^state\.provider-instance-missing: To work with aws_vpc\.v\["eu"\]'s deposed object 0a1b2c3d its original provider instance at provider\["registry\.opentofu\.org\/hashicorp\/aws"\]\.by_region\["eu"\] is required/,
  )
})

test('a block that gained a for_each while objects of its single instance remain: the unkeyed variant', async () => {
  // made by the single-instance configuration (no instance_provider), planned with a for_each over other keys
  const text = JSON.stringify({
    ...JSON.parse(state([])),
    resources: [
      {
        mode: 'managed',
        type: 'aws_vpc',
        name: 'v',
        provider: `provider["${AWS}"].by_region`,
        instances: [{index_key: 'eu', schema_version: 0, attributes: {}}],
      },
    ],
  })
  const got = await diagnosticsOf(config(['us']), text)
  assert.equal(got, [
    `state.provider-instance-missing: To work with aws_vpc.v["eu"] its original provider instance at provider["${AWS}"].by_region is required, but it has been removed. This suggests that you've added for_each to this provider configuration while there are existing instances of aws_vpc.v that need to be destroyed by the original single-instance provider configuration.\n\nTo proceed, return to your previous single-instance configuration for provider["${AWS}"].by_region and ensure that aws_vpc.v["eu"] has been destroyed or forgotten before using for_each with this provider, or change the resource configuration to still declare an instance with the key ["eu"].`,
  ])
  // the same state against the single-instance configuration: no provider instance to miss
  assert.equal(await diagnosticsOf(config(['us'], false), text), [])
})

test('keys static evaluation cannot know are never judged', async () => {
  const text = state([{key: 'eu', provider: `provider["${AWS}"].by_region["eu"]`}])
  const unknown = {
    'main.tofu': `variable "regions" {}\nprovider "aws" {\n  alias = "by_region"\n  for_each = toset(var.regions)\n  region   = each.key\n}\nresource "aws_vpc" "v" {\n  for_each = toset(var.regions)\n  provider = aws.by_region[each.key]\n}\n`,
  }
  assert.equal(await diagnosticsOf(unknown, text), [])
})

test.run()
