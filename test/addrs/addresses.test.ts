// Address values (src/addrs): Terraform's string forms and equality.
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {ModulePath} from '../../src/addrs/module.js'
import {
  AbsProviderConfig,
  localConfig,
  localConfigEquals,
  localConfigString,
  parseLocalConfigRef,
  parseProviderString,
  providerAddr,
  providerEquals,
  providerString,
} from '../../src/addrs/provider.js'
import {parseConfigAddress, ResourceAddr} from '../../src/addrs/resource.js'
import {ComponentAddr, StackPath, StackProviderConfigAddr} from '../../src/addrs/stack.js'

const AWS = providerAddr('registry.terraform.io', 'hashicorp', 'aws')

test('module paths: module.a.module.b, the root is empty; parse, parent, child, equals', () => {
  assert.is(ModulePath.root.toString(), '')
  assert.ok(ModulePath.of([]) === ModulePath.root && ModulePath.root.isRoot)
  const ab = ModulePath.of(['a', 'b'])
  assert.is(ab.toString(), 'module.a.module.b')
  assert.is(`${ab}`, 'module.a.module.b')
  assert.ok(ab.equals(ModulePath.of(['a']).child('b')))
  assert.ok(ab.parent?.equals(ModulePath.of(['a'])))
  assert.is(ModulePath.root.parent, undefined)
  assert.ok(!ab.equals(ModulePath.of(['a'])))
  assert.ok(ModulePath.parse('module.a.module.b')?.equals(ab))
  assert.ok(ModulePath.parse('')?.isRoot)
  assert.is(ModulePath.parse('module.a.b'), undefined)
  assert.is(ModulePath.parse('aws_instance.x'), undefined)
  assert.ok(Object.isFrozen(ab) && Object.isFrozen(ab.calls))
})

test('resources: managed, data and ephemeral, in the root and in a module', () => {
  const root = ModulePath.root
  const a = ModulePath.of(['a'])
  assert.is(new ResourceAddr(root, 'managed', 'aws_instance', 'x').toString(), 'aws_instance.x')
  assert.is(new ResourceAddr(root, 'data', 'aws_ami', 'y').toString(), 'data.aws_ami.y')
  assert.is(new ResourceAddr(root, 'ephemeral', 'random_password', 'p').toString(), 'ephemeral.random_password.p')
  assert.is(new ResourceAddr(a, 'data', 'x', 'y').toString(), 'module.a.data.x.y')
  assert.is(new ResourceAddr(ModulePath.of(['a', 'b']), 'managed', 'x', 'y').toString(), 'module.a.module.b.x.y')
  assert.is(new ResourceAddr(a, 'data', 'x', 'y').localString(), 'data.x.y')
  assert.ok(new ResourceAddr(a, 'data', 'x', 'y').equals(new ResourceAddr(ModulePath.of(['a']), 'data', 'x', 'y')))
  assert.ok(!new ResourceAddr(a, 'data', 'x', 'y').equals(new ResourceAddr(a, 'managed', 'x', 'y')))
  assert.ok(!new ResourceAddr(a, 'data', 'x', 'y').equals(new ResourceAddr(root, 'data', 'x', 'y')))
})

test('providers: the FQN string, equality, parsed back', () => {
  assert.is(providerString(AWS), 'registry.terraform.io/hashicorp/aws')
  assert.ok(providerEquals(AWS, {host: 'registry.terraform.io', namespace: 'hashicorp', type: 'aws'}))
  assert.ok(!providerEquals(AWS, providerAddr('registry.opentofu.org', 'hashicorp', 'aws')))
  assert.ok(Object.isFrozen(AWS))
  assert.ok(providerEquals(parseProviderString('registry.terraform.io/hashicorp/aws')!, AWS))
  assert.is(parseProviderString('hashicorp/aws'), undefined)
})

test('local provider configurations: aws, aws.west, aws.west[each.key]', () => {
  assert.is(localConfigString(localConfig('aws')), 'aws')
  assert.is(localConfigString(localConfig('aws', 'west')), 'aws.west')
  assert.is(localConfigString(localConfig('aws', 'west', 'each.key')), 'aws.west[each.key]')
  assert.ok(localConfigEquals(parseLocalConfigRef('aws.west')!, localConfig('aws', 'west')))
  assert.ok(!localConfigEquals(localConfig('aws'), localConfig('aws', 'west')))
  assert.equal(parseLocalConfigRef('aws'), {localName: 'aws'})
})

test('absolute provider configurations: the FQN quoted, the alias after it, the module before it', () => {
  assert.is(new AbsProviderConfig(ModulePath.root, AWS).toString(), 'provider["registry.terraform.io/hashicorp/aws"]')
  assert.is(
    new AbsProviderConfig(ModulePath.of(['a']), AWS, 'west').toString(),
    'module.a.provider["registry.terraform.io/hashicorp/aws"].west',
  )
  assert.is(
    new AbsProviderConfig(ModulePath.of(['a', 'b']), AWS, '').toString(),
    'module.a.module.b.provider["registry.terraform.io/hashicorp/aws"]',
  )
  const odd = providerAddr('example.com', 'my"ns', 'x')
  assert.is(new AbsProviderConfig(ModulePath.root, odd).toString(), 'provider["example.com/my\\"ns/x"]')
  assert.ok(new AbsProviderConfig(ModulePath.of(['a']), AWS, 'west').equals(new AbsProviderConfig(ModulePath.of(['a']), {...AWS}, 'west')))
  assert.ok(!new AbsProviderConfig(ModulePath.of(['a']), AWS, 'west').equals(new AbsProviderConfig(ModulePath.of(['a']), AWS)))
  assert.ok(!new AbsProviderConfig(ModulePath.of(['a']), AWS).equals(new AbsProviderConfig(ModulePath.root, AWS)))
})

test('absolute provider configurations parse back from their string form; other text does not parse', () => {
  const odd = providerAddr('example.com', 'my"ns', 'x')
  for (const c of [
    new AbsProviderConfig(ModulePath.root, AWS),
    new AbsProviderConfig(ModulePath.of(['a']), AWS, 'west'),
    new AbsProviderConfig(ModulePath.of(['a', 'b-c']), AWS),
    new AbsProviderConfig(ModulePath.of(['provider']), odd, 'x_1'),
  ]) {
    const back = AbsProviderConfig.parse(c.toString())
    assert.ok(back?.equals(c), `${c.toString()} → ${String(back)}`)
  }
  for (const text of [
    '',
    'aws.west',
    'provider["registry.terraform.io/hashicorp/aws"',
    'provider["hashicorp/aws"]',
    'provider["registry.terraform.io/hashicorp/aws"]west',
    'provider["registry.terraform.io/hashicorp/aws"].1x',
    'module.a.module.provider["registry.terraform.io/hashicorp/aws"]',
    'resource.provider["registry.terraform.io/hashicorp/aws"]',
  ])
    assert.is(AbsProviderConfig.parse(text), undefined, text)
})

test('stack addresses: embedded stack paths, components and their instances, as Terraform writes them', () => {
  assert.is(StackPath.root.key, '')
  assert.ok(StackPath.of([]) === StackPath.root && StackPath.root.isRoot)
  const net = StackPath.root.child('net').child('vpc')
  assert.is(net.toString(), 'stack.net.stack.vpc')
  assert.is(net.prefix(), 'stack.net.stack.vpc.')
  assert.ok(net.equals(StackPath.of(['net', 'vpc'])))
  assert.is(new ComponentAddr(StackPath.root, 's3').key, 'component.s3')
  assert.is(new ComponentAddr(net, 'app').key, 'stack.net.stack.vpc.component.app')
  assert.is(new ComponentAddr(StackPath.root, 'app', 'eu.west').key, 'component.app["eu.west"]')
  assert.is(new ComponentAddr(StackPath.root, 'app', 0).key, 'component.app[0]')
  assert.ok(new ComponentAddr(StackPath.root, 'app', 'k').config.equals(new ComponentAddr(StackPath.root, 'app')))
  assert.is(JSON.stringify({a: new ComponentAddr(net, 'x')}), '{"a":"stack.net.stack.vpc.component.x"}')
  for (const text of ['component.s3', 'stack.net.component.app', 'component.app["a.module.b"]', 'component.app[3]', 'component.module'])
    assert.is(ComponentAddr.parse(text)?.key, text, text)
  assert.is(ComponentAddr.parse('stack.net.component.app')?.stack.key, 'stack.net')
  assert.is(ComponentAddr.parse('component.app["k"]')?.instanceKey, 'k')
  for (const text of ['component', 'module.a', 'component.a.module.b', 'component.a[x]', 'stack.s', 'component.a[01]'])
    assert.is(ComponentAddr.parse(text), undefined, text)
})

test("stack provider configurations: the FQN quoted with the block's name, provider.TYPE.NAME while undeclared", () => {
  const east = new StackProviderConfigAddr(StackPath.root, 'aws', 'east', AWS)
  assert.is(east.key, 'provider["registry.terraform.io/hashicorp/aws"].east')
  const inner = new StackProviderConfigAddr(StackPath.root.child('s'), 'aws', 'east', AWS)
  assert.is(inner.toString(), 'stack.s.provider["registry.terraform.io/hashicorp/aws"].east')
  assert.is(new StackProviderConfigAddr(StackPath.root, 'awz', 'x').key, 'provider.awz.x')
  assert.ok(StackProviderConfigAddr.parse(inner.key)?.equals(inner))
  assert.is(StackProviderConfigAddr.parse('stack.s.provider.awz.x')?.stack.key, 'stack.s')
  assert.is(StackProviderConfigAddr.parse('provider.awz.x')?.localName, 'awz')
  for (const text of ['provider["aws"].x', 'provider.aws', 'module.a.provider["registry.terraform.io/hashicorp/aws"].x'])
    assert.is(StackProviderConfigAddr.parse(text), undefined, text)
})

test('configuration addresses of moved and removed blocks: a module or a resource, instance keys dropped', () => {
  const m = parseConfigAddress('module.a["x.y"].module.b[0]')
  assert.ok(m instanceof ModulePath && m.key === 'module.a.module.b')
  const r = parseConfigAddress('module.a[0].data.aws_ami.x["k"]')
  assert.ok(r instanceof ResourceAddr && r.key === 'module.a.data.aws_ami.x' && r.mode === 'data')
  assert.is(ResourceAddr.parse('aws_instance.x')?.key, 'aws_instance.x')
  assert.is(ResourceAddr.parse('list.aws_instance.all')?.mode, 'list')
  assert.is(ResourceAddr.parse('module.a'), undefined)
  for (const text of ['', 'module', 'module.a.b', 'a.b.c.d', 'aws_instance.x.', 'module.a.managed.x.y'])
    assert.is(parseConfigAddress(text), undefined, text)
  const x = new ResourceAddr(ModulePath.of(['a']), 'managed', 't', 'n')
  assert.is(x.inModule(ModulePath.of(['b', 'c'])).key, 'module.b.module.c.t.n')
  assert.ok(x.inModule(ModulePath.of(['a'])) === x)
})

test.run()
