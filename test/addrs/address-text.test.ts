// Address strings read back in Terraform's address grammar (src/addrs/address-text.ts): instance keys may hold
// dots, brackets and quotes, and a dot inside one does not separate steps.
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {
  addressSteps,
  isModuleCallAddress,
  lastModuleCall,
  lastSteps,
  leadingModuleCalls,
  parentModuleText,
  resourceAddressParts,
} from '../../src/addrs/address-text.js'

test('steps keep their instance keys whole, dots and quotes inside them included', () => {
  assert.equal(addressSteps('module.a["x.y"].aws_instance.b'), ['module', 'a["x.y"]', 'aws_instance', 'b'])
  assert.equal(addressSteps('module.a["q\\".]"].module.b[0].data.t.n["k.1"]'), [
    'module',
    'a["q\\".]"]',
    'module',
    'b[0]',
    'data',
    't',
    'n["k.1"]',
  ])
  assert.equal(addressSteps('aws_instance.x'), ['aws_instance', 'x'])
  assert.equal(addressSteps(''), [])
})

test("a resource address's module calls and local part", () => {
  assert.equal(resourceAddressParts('module.a["x.y"].data.aws_ami.b[0]'), {calls: ['module.a["x.y"]'], local: ['data', 'aws_ami', 'b']})
  assert.equal(resourceAddressParts('module.a.module.b'), {calls: ['module.a'], local: ['module', 'b']})
  assert.equal(resourceAddressParts('aws_instance.x["a.b"]'), {calls: [], local: ['aws_instance', 'x']})
  assert.equal(leadingModuleCalls('module.a["x.y"].module.b'), {calls: ['module.a["x.y"]', 'module.b'], rest: []})
  assert.equal(leadingModuleCalls('module.a.aws_instance.x').calls, ['module.a'])
  assert.equal(leadingModuleCalls('aws_instance.module').calls, [])
})

test('module addresses: whether one, its parent, its last call', () => {
  assert.ok(isModuleCallAddress('module.a["x.y"]'))
  assert.ok(isModuleCallAddress('module.a.module.b'))
  assert.not.ok(isModuleCallAddress('module.a["module.b"].aws_instance.x'))
  assert.not.ok(isModuleCallAddress('aws_instance.x'))
  assert.is(parentModuleText('module.a["x.y"].module.b'), 'module.a["x.y"]')
  assert.is(parentModuleText('module.a'), '')
  assert.is(parentModuleText('aws_instance.x'), 'aws_instance.x')
  assert.is(lastModuleCall('module.a.module.b["x.y"]'), 'module.b["x.y"]')
  assert.is(lastSteps('module.a.data.aws_ami.x["k.v"]', 3), 'data.aws_ami.x["k.v"]')
})

test.run()
