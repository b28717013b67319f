// Reading a state (issue #51): the raw format 4 of terraform state pull / a local terraform.tfstate,
// every instance object with its typed addresses, OpenTofu's provider instances, deposed objects; and
// the one line for what is not a state.
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {parseLegacyProviderConfig, parseModuleInstance, parseProviderInstance} from '../../src/addrs/instance.js'
import {readState, StateError} from '../../src/state/read.js'
import {fixturesDir} from '../helpers/paths.js'

const fixture = (c: string) => readFileSync(path.join(fixturesDir, 'state', c, 'terraform.tfstate'), 'utf8')

function failure(text: string): string {
  try {
    readState(text, 'in.json')
  } catch (e) {
    assert.instance(e, StateError)
    return (e as Error).message
  }
  throw new Error('no error')
}

test('module instance addresses with keys', () => {
  const m = parseModuleInstance('module.m["a.b"].module.b[0].module.c')!
  assert.equal(m.path.calls, ['m', 'b', 'c'])
  assert.equal(m.keys, ['a.b', 0, undefined])
  assert.is(parseModuleInstance('')?.path.isRoot, true)
  assert.is(parseModuleInstance('module.'), undefined)
  assert.is(parseModuleInstance('module.m[x]'), undefined)
  assert.is(parseModuleInstance('module.m.'), undefined)
})

test('provider configurations as recorded, OpenTofu instance keys too', () => {
  assert.is(parseProviderInstance('module.a.provider["terraform.io/builtin/terraform"].x')?.config.alias, 'x')
  const tofu = parseProviderInstance('provider["registry.opentofu.org/hashicorp/aws"].by_region["eu-west-1"]')!
  assert.is(tofu.config.toString(), 'provider["registry.opentofu.org/hashicorp/aws"].by_region')
  assert.is(tofu.key, 'eu-west-1')
  assert.is(parseProviderInstance('provider["registry.opentofu.org/hashicorp/aws"].a[2]')?.key, 2)
  assert.is(parseProviderInstance('aws.east'), undefined)
  // Terraform 0.12's form, read as 0.13 and later read it
  assert.is(
    parseLegacyProviderConfig('module.a.provider.aws.west')?.toString(),
    'module.a.provider["registry.terraform.io/hashicorp/aws"].west',
  )
  assert.is(parseLegacyProviderConfig('provider.google')?.toString(), 'provider["registry.terraform.io/hashicorp/google"]')
  assert.is(parseLegacyProviderConfig('provider["x"]'), undefined)
  const old = readState(
    JSON.stringify({
      version: 4,
      terraform_version: '0.12.31',
      resources: [
        {
          module: 'module.a',
          mode: 'managed',
          type: 'aws_vpc',
          name: 'v',
          provider: 'module.a.provider.aws.west',
          instances: [{attributes: {}}],
        },
      ],
    }),
    'x',
  )
  assert.is(old.objects[0]!.recorded.toString(), 'module.a.provider["registry.terraform.io/hashicorp/aws"].west')
  assert.is(old.objects[0]!.recordedText, 'module.a.provider.aws.west')
})

test('every instance object of a state Terraform wrote', () => {
  const s = readState(fixture('nested'), 'terraform.tfstate')
  assert.is(s.terraformVersion, '1.11.4')
  assert.ok(s.lineage.length > 0)
  assert.equal(
    s.objects.map((o) => [o.address.key, o.recorded.toString()]),
    [
      ['module.a.terraform_data.in_a', 'provider["terraform.io/builtin/terraform"]'],
      ['module.a.module.b[0].terraform_data.deep["one"]', 'module.a.module.b.provider["terraform.io/builtin/terraform"]'],
      ['module.a.module.b[1].terraform_data.deep["one"]', 'module.a.module.b.provider["terraform.io/builtin/terraform"]'],
    ],
  )
  // the address is a value: its module instance, resource and key, the text made from them
  const inst = s.objects[2]!.address
  assert.equal(inst.module.keys, [undefined, 1])
  assert.ok(inst.resource.equals(s.objects[2]!.address.resource))
  assert.is(inst.instanceKey, 'one')
  assert.is(inst.withoutKey().toString(), 'module.a.module.b[1].terraform_data.deep')
  assert.is(JSON.stringify(inst), JSON.stringify('module.a.module.b[1].terraform_data.deep["one"]'))
  const deep = s.objects[1]!
  assert.is(deep.address.resource.toString(), 'module.a.module.b.terraform_data.deep')
  assert.equal(deep.address.module.keys, [undefined, 0])
  assert.is(deep.address.instanceKey, 'one')
})

test('data sources, deposed objects, OpenTofu instance providers; attributes are not kept', () => {
  const text = JSON.stringify({
    version: 4,
    terraform_version: '1.9.0',
    serial: 7,
    lineage: 'l',
    outputs: {},
    resources: [
      {
        mode: 'data',
        type: 'terraform_remote_state',
        name: 's',
        provider: 'provider["terraform.io/builtin/terraform"].x',
        instances: [{schema_version: 0, attributes: {secret: 'hunter2'}}],
      },
      {
        module: 'module.m["a"]',
        mode: 'managed',
        type: 'aws_vpc',
        name: 'v',
        instances: [
          {index_key: 0, schema_version: 0, attributes: {}, instance_provider: 'provider["registry.opentofu.org/hashicorp/aws"].r["eu"]'},
          {
            index_key: 0,
            deposed: '00000001',
            schema_version: 0,
            attributes: {},
            instance_provider: 'provider["registry.opentofu.org/hashicorp/aws"].r["us"]',
          },
        ],
      },
    ],
  })
  const s = readState(text, 'x')
  assert.is(s.serial, 7)
  assert.equal(
    s.objects.map((o) => [o.address.key, o.address.resource.mode, o.deposed ?? null, o.recorded.toString(), o.recordedKey ?? null]),
    [
      ['data.terraform_remote_state.s', 'data', null, 'provider["terraform.io/builtin/terraform"].x', null],
      ['module.m["a"].aws_vpc.v[0]', 'managed', null, 'provider["registry.opentofu.org/hashicorp/aws"].r', 'eu'],
      ['module.m["a"].aws_vpc.v[0]', 'managed', '00000001', 'provider["registry.opentofu.org/hashicorp/aws"].r', 'us'],
    ],
  )
  assert.not.ok(JSON.stringify(s).includes('hunter2'))
})

test('what is not a state: one line that says what was given and what to run', () => {
  assert.match(failure(''), /^in.json is empty: no state was given; run terraform state pull/)
  assert.match(failure('  \n'), /is empty/)
  assert.match(
    failure(fixture('moved').slice(0, 200)),
    /^in.json is not a state: the JSON ends early \(truncated\?\); run terraform state pull/,
  )
  assert.match(failure('{"version": 4, "resources": [}'), /not valid JSON/)
  assert.match(
    failure(JSON.stringify({format_version: '1.0', terraform_version: '1.11.4', values: {root_module: {}}})),
    /^in.json is terraform show -json output of a state, which drops provider aliases; give the raw state instead: terraform state pull/,
  )
  assert.match(failure(JSON.stringify({format_version: '1.2', resource_changes: []})), /show -json output of a plan/)
  assert.match(failure(JSON.stringify({version: 3, modules: []})), /format version 3 \(Terraform 0.11 or older\); tfgraph reads version 4/)
  assert.match(failure(JSON.stringify({version: 5, resources: []})), /format version 5/)
  assert.match(failure('[1, 2]'), /JSON but not a Terraform state/)
  assert.match(failure('{"name": "package"}'), /not a Terraform state \(no "version"\)/)
  assert.match(
    failure(JSON.stringify({version: 4, resources: [{mode: 'managed', type: 't', name: 'n', provider: 'aws', instances: [{}]}]})),
    /provider configuration "aws"/,
  )
  for (const m of [failure(''), failure('{'), failure('[]')]) assert.not.match(m, /\n/)
})

test.run()
