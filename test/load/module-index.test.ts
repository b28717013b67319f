// The index of a module (src/load/module-index.ts), on modules loaded from files in memory: the references
// of every expression with where each stands (read by src/hcl/references.ts, dynamic iterators in scope),
// the declarations by address, the provider-defined function calls with whether validate evaluates them,
// and what stands at a position, in native and JSON syntax.
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {MEMORY_ROOT, MemorySource} from '../../src/io/memory-source.js'
import {loadModuleDir, standaloneLoadContext} from '../../src/load/load-module.js'
import type {Module} from '../../src/load/model.js'
import type {ExpressionSite, IndexPosition, PositionHit} from '../../src/load/module-index.js'
import {attributeReferences} from '../../src/hcl/references.js'
import {partText} from '../../src/hcl/expr.js'

async function load(files: Record<string, string>): Promise<Module> {
  const r = await loadModuleDir(
    MEMORY_ROOT,
    {engine: 'terraform'},
    {...standaloneLoadContext(), files: new MemorySource(MEMORY_ROOT, files)},
  )
  return r.module
}

/** `container:block types/attribute`. */
function where(s: ExpressionSite): string {
  return `${s.body.container}:${s.body.blocks.map((b) => b.type).join('/')}/${s.attribute.name}`
}

const NATIVE = `
variable "x" {
  type = string
  validation {
    condition     = length(var.x) > 0
    error_message = "x is \${var.y}"
  }
}
variable "y" {}
locals {
  names = [for var in var.list : var.name]
  first = module.c[each.key].out
}
module "c" {
  source    = "./c"
  for_each  = toset(local.names)
  input     = data.aws_ami.a.id
  providers = { aws = aws.east }
}
resource "aws_instance" "web" {
  provider = aws.east
  ami      = data.aws_ami.a.id
  dynamic "setting" {
    for_each = var.settings
    content {
      name  = setting.value
      other = aws_instance.other.id
    }
  }
  lifecycle {
    replace_triggered_by = [aws_instance.other]
  }
}
data "aws_ami" "a" {}
check "health" {
  data "http" "h" {
    url = local.first
  }
  assert {
    condition     = data.http.h.status_code == 200
    error_message = "down"
  }
}
output "o" {
  value = module.c
}
`

test('the references of every expression, each where it stands, read as src/hcl/references.ts reads them', async () => {
  const m = await load({'main.tf': NATIVE})
  assert.equal(
    m.index.references.map((r) => `${r.reference.address} @ ${where(r.site)}`),
    [
      'var.x @ variable:variable/validation/condition',
      'var.y @ variable:variable/validation/error_message',
      // the `for` iterator named var is no reference; the collection is
      'var.list @ locals:/names',
      // a computed instance key: the whole call
      'module.c @ locals:/first',
      'module.c @ output:output/value',
      'local.names @ module:module/for_each',
      'data.aws_ami.a @ module:module/input',
      'data.aws_ami.a @ resource:resource/ami',
      // for_each in the scope around the dynamic block; setting.value is the iterator, no reference
      'var.settings @ resource:resource/dynamic/for_each',
      'aws_instance.other @ resource:resource/dynamic/content/other',
      'aws_instance.other @ resource:resource/lifecycle/replace_triggered_by',
      'local.first @ check:check/data/url',
      'data.http.h @ check:check/assert/condition',
    ],
  )
  // each attribute's references are what the interpreter gives it (outside dynamic blocks; provider
  // references, which the interpreter reads as resource references `aws.east`, are none)
  for (const site of m.index.sites()) {
    if (site.body.scope || site.attribute.name.startsWith('provider')) continue
    assert.equal(m.index.referencesOf(site.attribute), attributeReferences(site.attribute), where(site))
  }
  const dyn = [...m.index.sites()].find((s) => s.attribute.name === 'name')!
  assert.equal([...(dyn.body.scope ?? [])], ['setting'])
  assert.equal(
    attributeReferences(dyn.attribute)[0]?.address,
    'setting.value',
    'read without the scope, the iterator looks like a resource',
  )
  assert.equal(m.index.referencesOf(dyn.attribute), [])
  assert.equal(m.index.referencesOf(m.managedResources.get('aws_instance.web')!.block.body.attributes[0]!), [])
  // who refers to an object
  assert.equal(
    m.index
      .referencesTo('aws_instance.other')
      .map(
        (r) =>
          `${where(r.site)} ${partText(r.site.attribute, {s: r.site.attribute.node.s + r.reference.start, e: r.site.attribute.node.s + r.reference.end})}`,
      ),
    ['resource:resource/dynamic/content/other aws_instance.other', 'resource:resource/lifecycle/replace_triggered_by aws_instance.other'],
  )
  assert.equal(m.index.referencesTo('var.nothing'), [])
  // a data resource of a check block belongs to it; the check's assert belongs to no declaration
  const url = [...m.index.sites()].find((s) => s.attribute.name === 'url')!
  assert.equal(url.body.declaration?.address, 'data.http.h')
  const cond = [...m.index.sites()].find((s) => s.body.container === 'check' && s.attribute.name === 'condition')!
  assert.equal(cond.body.declaration, undefined)
})

test('an attribute that is not the module’s is read on its own', async () => {
  const m = await load({'main.tf': 'locals {\n  a = var.x\n}\n'})
  const other = await load({'main.tf': 'locals {\n  b = local.y\n}\n'})
  const b = other.locals.get('b')!
  assert.equal(m.index.site(b), undefined)
  assert.equal(
    m.index.referencesOf(b).map((r) => r.address),
    ['local.y'],
  )
  assert.ok(m.index.site(m.locals.get('a')!))
})

test('declarations by address, in model order, with their blocks', async () => {
  const m = await load({
    'main.tf': `${NATIVE}
provider "aws" {}
provider "aws" {
  alias = "east"
}
ephemeral "random_password" "p" {}
action "aws_lambda_invoke" "n" {
  config {}
}
`,
  })
  assert.equal(
    [...m.index.declarations.keys()],
    [
      'var.x',
      'var.y',
      'local.names',
      'local.first',
      'output.o',
      'module.c',
      'provider.aws',
      'provider.aws.east',
      'aws_instance.web',
      'data.aws_ami.a',
      'data.http.h',
      'ephemeral.random_password.p',
      'action.aws_lambda_invoke.n',
    ],
  )
  const east = m.index.declaration('provider.aws.east')
  assert.equal(east?.kind === 'provider' && [east.localName, east.alias, east.block === m.providerConfigs.get('aws.east')?.block], [
    'aws',
    'east',
    true,
  ])
  const web = m.index.declaration('aws_instance.web')
  assert.equal(
    web?.kind === 'resource' && [web.mode, web.type, web.name, web.block === m.managedResources.get('aws_instance.web')?.block],
    ['managed', 'aws_instance', 'web', true],
  )
  const local = m.index.declaration('local.first')
  assert.ok(local?.kind === 'local' && local.attribute === m.locals.get('first'))
  assert.equal(m.index.declaration('data.http.h')?.kind, 'resource')
})

test('provider-defined function calls, in file order, with whether validate evaluates them', async () => {
  const m = await load({
    'b.tf': `locals {
  a = provider::time::rfc3339_parse("x")
}
variable "v" {
  validation {
    condition     = provider::aws::arn_parse(var.v) != null
    error_message = "no"
  }
}
`,
    'a.tf': `resource "null_resource" "n" {
  triggers = { t = provider::time::duration_parse("1h") }
  lifecycle {
    precondition {
      condition     = provider::time::duration_parse("1h") != null
      error_message = "no"
    }
  }
}
module "m" {
  source = "./m"
  x      = provider::time::duration_parse("2h")
}
`,
  })
  assert.equal(
    m.index.functionCalls.map(
      (f) =>
        `${f.range.filename}:${f.range.start.line},${f.range.start.column}-${f.range.end.column} ${f.name} ${f.provider} ${f.function} ${f.validated}`,
    ),
    [
      'a.tf:2,20-50 provider::time::duration_parse time duration_parse true',
      'a.tf:5,23-53 provider::time::duration_parse time duration_parse false',
      'a.tf:12,12-42 provider::time::duration_parse time duration_parse true',
      'b.tf:2,7-36 provider::time::rfc3339_parse time rfc3339_parse true',
      'b.tf:6,21-45 provider::aws::arn_parse aws arn_parse false',
    ],
  )
  const a = m.locals.get('a')!
  assert.equal(
    m.index.functionCallsOf(a).map((f) => [f.name, a.expr.slice(f.start, f.end)]),
    [['provider::time::rfc3339_parse', 'provider::time::rfc3339_parse']],
  )
  assert.equal(m.index.functionCallsOf(m.moduleCalls.get('m')!.block.body.attributes[0]!), [])
})

/** The hits at a position, one line each: kind and what it is. */
function describe(hits: readonly PositionHit[]): string[] {
  return hits.map((h) => {
    switch (h.kind) {
      case 'block':
      case 'header':
        return `${h.kind} ${h.block.type}${h.block.labels.map((l) => ` ${l.value}`).join('')}`
      case 'attribute':
        return `attribute ${h.site.attribute.name} (${h.site.body.container})`
      case 'expression':
        return `expression ${h.expr.k} ${partText(h.site.attribute, h.expr)}`
      case 'item':
        return `item ${partText(h.site.attribute, {s: h.item.key.s, e: h.item.value.e})}`
    }
  })
}

const CALL = `module "net" {
  source    = "./net"
  providers = {
    aws     = aws.east
    aws.dns = aws
  }
}

terraform {
  required_providers {
    aws = {
      source                = "hashicorp/aws"
      configuration_aliases = [aws.east, aws.dns]
    }
  }
}
`

/** The line and column of the `n`th character of `needle` in `text` (0: its first). */
function spot(text: string, needle: string, n = 0): {line: number; column: number; byte: number} {
  const at = text.indexOf(needle) + n
  const before = text.slice(0, at)
  const line = before.split('\n').length
  return {line, column: [...before.slice(before.lastIndexOf('\n') + 1)].length + 1, byte: Buffer.byteLength(before)}
}

test('positions in native syntax: blocks, headers, attributes, the parts of an expression down to an object item', async () => {
  const m = await load({'main.tf': CALL})
  const at = (p: IndexPosition): string[] => describe(m.index.at('main.tf', p))
  assert.equal(at(spot(CALL, 'module "net"', 3)), ['block module net', 'header module net'])
  assert.equal(at(spot(CALL, './net', 2)), [
    'block module net',
    'attribute source (module)',
    'expression tmpl "./net"',
    'expression lit ./net',
  ])
  assert.equal(at(spot(CALL, 'aws.dns = aws', 2)), [
    'block module net',
    'attribute providers (module)',
    'expression object {\n    aws     = aws.east\n    aws.dns = aws\n  }',
    'item aws.dns = aws',
    'expression trav aws.dns',
  ])
  // the end of a range holds the position (a cursor just after a name)
  assert.equal(at(spot(CALL, 'aws.east\n', 8)).slice(-2), ['item aws     = aws.east', 'expression trav aws.east'])
  // past the end of the line: the object, not its item
  const past = spot(CALL, 'aws.east\n', 8)
  assert.equal(at({line: past.line, column: past.column + 5}).slice(-1), [
    'expression object {\n    aws     = aws.east\n    aws.dns = aws\n  }',
  ])
  // a byte offset gives what its line and column give
  const p = spot(CALL, 'aws.dns]')
  assert.equal(at({byte: p.byte}), at({line: p.line, column: p.column}))
  assert.equal(at(p), [
    'attribute aws (required_providers)',
    'expression object {\n      source                = "hashicorp/aws"\n      configuration_aliases = [aws.east, aws.dns]\n    }',
    'item configuration_aliases = [aws.east, aws.dns]',
    'expression tuple [aws.east, aws.dns]',
    'expression trav aws.dns',
  ])
  // between blocks, and in a file the module does not have
  assert.equal(at({line: 8, column: 1}), [])
  assert.equal(m.index.at('other.tf', {line: 1, column: 1}), [])
})

test('positions: an attribute an override file gave a block stands in that file', async () => {
  const m = await load({
    'main.tf': 'resource "aws_instance" "a" {\n  ami = "x"\n}\n',
    'main_override.tf': 'resource "aws_instance" "a" {\n  provider = aws.east\n}\n',
  })
  assert.equal(describe(m.index.at('main_override.tf', {line: 2, column: 4})), ['attribute provider (resource)'])
  assert.equal(describe(m.index.at('main.tf', {line: 2, column: 4})), ['block resource aws_instance a', 'attribute ami (resource)'])
  const hit = m.index.at('main_override.tf', {line: 2, column: 4})[0]
  assert.ok(hit?.kind === 'attribute' && hit.site.body.blocks[0] === m.managedResources.get('aws_instance.a')?.block)
})

const JSON_TEXT = `{
  "resource": {
    "aws_instance": {
      "web": {"provider": "aws.east", "ami": "\${var.ami}"}
    }
  },
  "module": {
    "net": {"source": "./net", "providers": {"aws": "aws.east"}}
  }
}
`

test('positions and references in JSON syntax', async () => {
  const m = await load({'main.tf.json': JSON_TEXT})
  const at = (p: IndexPosition): string[] => describe(m.index.at('main.tf.json', p))
  // the header of a JSON block is its opening brace
  assert.equal(at(spot(JSON_TEXT, '{"provider"')), ['block resource aws_instance web', 'header resource aws_instance web'])
  assert.equal(at(spot(JSON_TEXT, 'var.ami', 2)).slice(0, 2), ['block resource aws_instance web', 'attribute ami (resource)'])
  assert.equal(at(spot(JSON_TEXT, 'var.ami', 2)).slice(-1), ['expression trav var.ami'])
  assert.equal(at(spot(JSON_TEXT, '"aws": "aws.east"', 3)).slice(1), [
    'attribute providers (module)',
    'expression object {"aws": "aws.east"}',
    // a JSON string's template is its content, inside the quotes
    'item aws": "aws.east',
    'expression tmpl aws',
    'expression lit aws',
  ])
  // `"provider": "aws.east"` and the providers map name provider configurations: no references
  assert.equal(
    m.index.references.map((r) => `${r.reference.address} @ ${where(r.site)}`),
    ['var.ami @ resource:resource/ami'],
  )
  assert.equal([...m.index.declarations.keys()], ['module.net', 'aws_instance.web'])
})

test.run()
