// `tfgraph lsp` over the protocol, with vscode-jsonrpc as the client of a child process: hover, go to
// definition, find references, code lenses and published diagnostics on the fixtures — shared modules
// analysed in every root that calls them, a configuration_aliases module also shown on its own, `.tofu`
// shadowing, override files, progress while the first analysis runs.
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {
  CodeLensRequest,
  DefinitionRequest,
  ExecuteCommandRequest,
  HoverRequest,
  ReferencesRequest,
  type Location,
} from 'vscode-languageserver-protocol/node'
import {analyze, lint} from '../../src/api.js'
import {fixturesDir} from '../helpers/paths.js'
import {startClient, uriOf, type Client} from './client.js'
import {hoverText, posOf} from './helpers.js'

const demo = path.join(fixturesDir, 'providers', 'demo')
const ws = path.join(fixturesDir, 'lsp', 'workspace')
const read = (f: string): string => readFileSync(f, 'utf8')

async function hoverAt(c: Client, file: string, needle: string, shift = 0, after?: string): Promise<string> {
  const text = read(file)
  c.open(file, text)
  return hoverText(
    await c.conn.sendRequest(HoverRequest.type, {textDocument: {uri: uriOf(file)}, position: posOf(text, needle, shift, after)}),
  )
}

async function definitionAt(c: Client, file: string, needle: string, shift = 0, after?: string): Promise<Location[]> {
  const text = read(file)
  const r = await c.conn.sendRequest(DefinitionRequest.type, {
    textDocument: {uri: uriOf(file)},
    position: posOf(text, needle, shift, after),
  })
  return (Array.isArray(r) ? r : r ? [r] : []) as Location[]
}

const where = (l: Location): string => `${path.relative(fixturesDir, new URL(l.uri).pathname)}:${l.range.start.line + 1}`

test('demo: hover on a resource header gives the configuration and the chain `providers --resource` prints, each step linked', async () => {
  const c = await startClient(demo)
  try {
    const file = path.join(demo, 'network', 'subnet', 'main.tf')
    const h = await hoverAt(c, file, 'resource "aws_subnet"', 12)
    const doc = (await analyze(demo)).providers
    const r = doc.resources.find((x) => x.address === 'module.network.module.subnet.aws_subnet.private')!
    assert.ok(h.includes('uses `provider["registry.terraform.io/hashicorp/aws"].east`'), h)
    r.resolution.forEach((s, i) => assert.ok(h.includes(`${i + 1}. ${s.text}`), `step ${i + 1} "${s.text}" in:\n${h}`))
    assert.ok(h.includes(`(${uriOf(path.join(demo, 'main.tf'))}#L14)`), 'the declaring step links to main.tf line 14')
    // progress was reported while the first analysis ran (its end may follow the hover's answer)
    await c.progressEnded()
    const kinds = c.progress.map((p) => (p as {value: {kind: string}}).value.kind)
    assert.equal([kinds[0], kinds[kinds.length - 1]], ['begin', 'end'])
    // on a module call: what it receives, passed and inherited
    const call = await hoverAt(c, path.join(demo, 'main.tf'), 'module "network"', 3)
    assert.ok(
      call.includes('`aws` = `aws.east` passed from the root module → `provider["registry.terraform.io/hashicorp/aws"].east`'),
      call,
    )
    assert.ok(call.includes('`aws.dns` = `aws` passed from the root module'), call)
    // on a provider block: how many resources it serves
    const block = await hoverAt(c, path.join(demo, 'main.tf'), 'alias  = "east"')
    assert.ok(block.includes('used by 2 resources in 2 modules'), block)
    // go to definition from the resource header: the root's provider block with alias east, across two modules
    assert.equal((await definitionAt(c, file, 'resource "aws_subnet"', 12)).map(where), ['providers/demo/main.tf:14'])
    // from a providers map entry: `aws.dns = aws` → the default configuration of the root
    assert.equal((await definitionAt(c, path.join(demo, 'main.tf'), 'aws.dns = aws', 2)).map(where), ['providers/demo/main.tf:10'])
    // from a module call's source: the module's main file
    assert.equal((await definitionAt(c, path.join(demo, 'main.tf'), './network', 3)).map(where), ['providers/demo/network/main.tf:1'])
    // references from the provider block: every resource bound to it, in every module
    const main = read(path.join(demo, 'main.tf'))
    const refs = await c.conn.sendRequest(ReferencesRequest.type, {
      textDocument: {uri: uriOf(path.join(demo, 'main.tf'))},
      position: posOf(main, 'provider "aws"', 3, 'region = "eu-west-1"'),
      context: {includeDeclaration: false},
    })
    const bound = doc.resources.filter((x) => x.provider_config === 'provider["registry.terraform.io/hashicorp/aws"].east')
    assert.is(refs?.length, bound.length)
    assert.equal((refs ?? []).map(where).sort(), bound.map((b) => `providers/demo/${b.range.filename}:${b.range.start.line}`).sort())
    // code lenses: one per provider block, with the count and the locations for the command
    const lenses = await c.conn.sendRequest(CodeLensRequest.type, {textDocument: {uri: uriOf(path.join(demo, 'main.tf'))}})
    assert.equal(
      (lenses ?? []).map((l) => [l.range.start.line + 1, l.command?.title]),
      [
        [10, 'used by 3 resources in 2 modules'],
        [14, 'used by 2 resources in 2 modules'],
      ],
    )
    const shown = await c.conn.sendRequest(ExecuteCommandRequest.type, {
      command: 'tfgraph.showResources',
      arguments: lenses?.[1]?.command?.arguments ?? [],
    })
    assert.is((shown as unknown[]).length, 2)
    assert.is(await c.stop(), 0)
  } finally {
    c.child.kill()
  }
})

test('workspace: a shared module is answered for every root that calls it; configuration_aliases also as a shared module', async () => {
  const c = await startClient(ws)
  try {
    const app = path.join(ws, 'modules', 'app', 'main.tf')
    const h = await hoverAt(c, app, 'resource "aws_s3_bucket"', 12)
    assert.ok(h.startsWith('envs/dev: aws · envs/prod: aws.east'), h)
    assert.ok(h.includes('**envs/dev**') && h.includes('**envs/prod**'), h)
    // definition: one location per root
    assert.equal((await definitionAt(c, app, 'resource "aws_s3_bucket"', 12)).map(where).sort(), [
      'lsp/workspace/envs/dev/main.tf:1',
      'lsp/workspace/envs/prod/main.tf:14',
    ])
    const dns = path.join(ws, 'modules', 'dns', 'main.tf')
    const hd = await hoverAt(c, dns, 'provider = aws.dns', 12)
    assert.ok(hd.includes('**envs/prod**'), hd)
    assert.ok(hd.includes('**modules/dns** (as a shared module)'), hd)
    assert.ok(hd.includes('expected from the caller'), hd)
    // references from the configuration_aliases entry: the resources bound through it
    const text = read(dns)
    const refs = await c.conn.sendRequest(ReferencesRequest.type, {
      textDocument: {uri: uriOf(dns)},
      position: posOf(text, '[aws.dns]', 5),
      context: {includeDeclaration: false},
    })
    assert.equal((refs ?? []).map(where), ['lsp/workspace/modules/dns/main.tf:11'])
    // definition from the entry: the configuration the caller passes
    assert.equal((await definitionAt(c, dns, '[aws.dns]', 5)).map(where), ['lsp/workspace/envs/prod/main.tf:14'])
    // a required_providers entry: source, every module's constraints, the lock file's version
    const prod = path.join(ws, 'envs', 'prod', 'main.tf')
    const req = await hoverAt(c, prod, 'aws = {', 1)
    assert.ok(req.includes('`aws` = `registry.terraform.io/hashicorp/aws`'), req)
    assert.ok(
      req.includes('`~> 5.0` — the root module') && req.includes('`>= 5.0.0` — module.app') && req.includes('`>= 5.0.0` — module.dns'),
      req,
    )
    assert.ok(req.includes('locked: `5.31.0`'), req)
    // diagnostics: the lint findings of each root, per file
    const devMain = path.join(ws, 'envs', 'dev', 'main.tf')
    const d = await c.diagnostics(devMain)
    const expected = (await lint(path.join(ws, 'envs', 'dev'))).diagnostics.filter((x) => x.range?.filename === 'main.tf')
    assert.equal(
      d.map((x) => [x.code, x.range.start.line + 1, x.severity]),
      expected.map((x) => [x.code, x.range!.start.line, x.severity === 'error' ? 1 : 2]),
    )
    const message = String(d[0]?.message)
    assert.ok(message.includes('[missing-required-provider]'), message)
  } finally {
    await c.stop()
  }
})

test('override files and .tofu shadowing: the binding the engine sees', async () => {
  const c = await startClient(path.join(fixturesDir, 'lsp'))
  try {
    const o = path.join(fixturesDir, 'lsp', 'override', 'main.tf')
    const h = await hoverAt(c, o, 'resource "aws_instance"', 12)
    assert.ok(h.includes('uses `provider["registry.terraform.io/hashicorp/aws"].west`'), h)
    assert.ok(h.includes('1. provider = aws.west (override/main_override.tf:2,14-22)'), h)
    // the provider argument in the override file
    const ho = await hoverAt(c, path.join(fixturesDir, 'lsp', 'override', 'main_override.tf'), 'aws.west', 2)
    assert.ok(ho.includes('`aws_instance.web` uses'), ho)
    const tofu = path.join(fixturesDir, 'lsp', 'tofu', 'main.tofu')
    const ht = await hoverAt(c, tofu, 'resource "aws_instance"', 12)
    assert.ok(ht.includes('uses `provider["registry.opentofu.org/hashicorp/aws"].tofu`'), ht)
    // the shadowed .tf file is not read by OpenTofu: nothing to say there
    assert.is(await hoverAt(c, path.join(fixturesDir, 'lsp', 'tofu', 'main.tf'), 'resource "aws_instance"', 12), '')
  } finally {
    await c.stop()
  }
})

test('lint findings honour .tfgraph.json and ignore comments, as `tfgraph lint` does', async () => {
  const dir = path.join(fixturesDir, 'lint', 'ignore-and-config')
  const c = await startClient(dir)
  try {
    const file = path.join(dir, 'a', 'main.tf')
    const d = await c.diagnostics(file)
    const {readLintConfig} = await import('../../src/lint/config.js')
    const expected = (await lint(dir, {config: readLintConfig(dir).config})).diagnostics.filter((x) => x.range?.filename === 'a/main.tf')
    assert.equal(
      d.map((x) => [x.code, x.severity, x.range.start.line + 1]),
      expected.map((x) => [x.code, x.severity === 'error' ? 1 : 2, x.range!.start.line]),
    )
    assert.ok(
      d.some((x) => x.severity === 1),
      'legacy-module-provider is an error through .tfgraph.json',
    )
    // the ignored finding in main.tf (unresolved-module) is not published
    assert.ok(!(c.latest(path.join(dir, 'main.tf')) ?? []).some((x) => String(x.message).includes('unresolved-module')))
  } finally {
    await c.stop()
  }
})

test('a Terraform Stacks workspace: hover on a component, a stack provider block, a resource of a component module; Stacks errors published', async () => {
  const regional = path.join(fixturesDir, 'stacks', 'regional')
  const c = await startClient(regional)
  try {
    const subnet = await hoverAt(c, path.join(regional, 'modules', 'network', 'subnets', 'main.tf'), 'resource "aws_subnet"', 12)
    assert.match(subnet, '`component.network.module.subnets.aws_subnet.a` uses `provider["registry.terraform.io/hashicorp/aws"].regional`')
    assert.match(subnet, 'component.network gives aws.mirror = provider.aws.regional["us-west-2"] in its providers map')
    assert.match(subnet, `(${uriOf(path.join(regional, 'providers.tfcomponent.hcl'))}#L12)`)
    const component = await hoverAt(c, path.join(regional, 'components.tfcomponent.hcl'), 'component "storage"', 3)
    assert.match(component, '`component.storage` — `./modules/storage`, for_each = `var.regions`')
    assert.match(
      component,
      '- `aws` = `provider.aws.regional[each.value]` → `provider["registry.terraform.io/hashicorp/aws"].regional` — 1 resource',
    )
    const block = await hoverAt(c, path.join(regional, 'providers.tfcomponent.hcl'), 'provider "aws" "regional"', 3)
    assert.match(block, 'used by 2 resources in 2 components')
  } finally {
    await c.stop()
  }
  const errors = path.join(fixturesDir, 'stacks', 'provider-errors')
  const e = await startClient(errors)
  try {
    const file = path.join(errors, 'stack.tfcomponent.hcl')
    e.open(file, read(file))
    const d = await e.diagnostics(file)
    assert.equal(
      d.map((x) => [String(x.message).split('\n')[0], x.range.start.line + 1]),
      [
        ['Missing required provider configuration', 15],
        ['Invalid provider configuration', 29],
      ],
    )
  } finally {
    await e.stop()
  }
})

test.run()
