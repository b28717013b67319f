// Issue #51 in the editor: a workspace folder set up with a state file (the initialization option
// `state`, relative to the folder; `workspace/didChangeConfiguration` with `{tfgraph: {state}}`) shows on
// each provider block how many of the state's objects go through it (code lens and hover), and publishes
// the state's diagnostics: an orphan whose configuration is gone on the main file of the module that held
// the block, or of the nearest module above it still called (the root's when the call is gone).
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {CodeLensRequest, DidChangeConfigurationNotification, HoverRequest, type CodeLens} from 'vscode-languageserver-protocol/node'
import {startClient, uriOf} from './client.js'
import {eventually, hoverText, posOf} from './helpers.js'

const TF = 'terraform.io/builtin/terraform'

/** A raw state (format 4) with one instance per resource: [module, name, recorded configuration]. */
function state(objects: [string, string, string][]): string {
  return JSON.stringify({
    version: 4,
    terraform_version: '1.11.4',
    serial: 3,
    lineage: 'b2c7f3c1-0000-0000-0000-000000000000',
    outputs: {},
    resources: objects.map(([module, name, provider]) => ({
      ...(module ? {module} : {}),
      mode: 'managed',
      type: 'terraform_data',
      name,
      provider,
      instances: [{schema_version: 0, attributes: {id: 'secret-value-' + name}, sensitive_attributes: []}],
    })),
  })
}

const MAIN = `provider "terraform" {}

provider "terraform" {
  alias = "y"
}

resource "terraform_data" "b" {}

resource "terraform_data" "c" {
  provider = terraform.y
}

module "a" {
  source = "./a"
}
`
const A = `resource "terraform_data" "q" {}
`

function workspace(): {dir: string; done: () => void} {
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-lsp-state-'))
  const dir = path.join(tmp, 'ws')
  mkdirSync(path.join(dir, 'a'), {recursive: true})
  writeFileSync(path.join(dir, 'main.tf'), MAIN)
  writeFileSync(path.join(dir, 'a', 'main.tf'), A)
  writeFileSync(
    path.join(dir, 'terraform.tfstate'),
    state([
      ['', 'a', `provider["${TF}"].x`], // alias x removed: error on main.tf
      ['', 'b', `provider["${TF}"]`], // bound to the default
      ['', 'c', `provider["${TF}"].y`], // bound to y
      ['module.a', 'q', `provider["${TF}"]`], // bound to the default, inherited
      ['module.a.module.b', 'z', `module.a.module.b.provider["${TF}"]`], // module.a no longer calls b: error on a/main.tf
      ['module.gone', 'w', `module.gone.provider["${TF}"]`], // the call is gone: error on main.tf
    ]),
  )
  return {dir, done: () => rmSync(tmp, {recursive: true, force: true})}
}

const missing = (ds: {code?: unknown}[]): number => ds.filter((d) => d.code === 'state.provider-configuration-missing').length

test('a state set up: lenses count its objects, orphans are published where their configuration was', async () => {
  const ws = workspace()
  const c = await startClient(ws.dir, {window: {workDoneProgress: true}}, {}, {state: 'terraform.tfstate'})
  try {
    const main = path.join(ws.dir, 'main.tf')
    const a = path.join(ws.dir, 'a', 'main.tf')
    const inMain = await c.diagnostics(main, (d) => missing(d) === 2)
    assert.ok(inMain.some((d) => /terraform_data\.a \(orphan\)/.test(String(d.message))))
    assert.ok(inMain.some((d) => /module\.gone\.terraform_data\.w \(orphan\)/.test(String(d.message))))
    const inA = await c.diagnostics(a, (d) => missing(d) === 1)
    const z = inA.find((d) => d.code === 'state.provider-configuration-missing')!
    assert.match(String(z.message), /module\.a\.module\.b\.terraform_data\.z \(orphan\)/)
    assert.is(z.source, 'tfgraph')
    assert.equal(z.range.start, {line: 0, character: 0})
    // nothing of the state's values goes out
    assert.not.ok(JSON.stringify(c.published).includes('secret-value'))
    const lenses = (await c.conn.sendRequest(CodeLensRequest.type, {textDocument: {uri: uriOf(main)}})) as CodeLens[]
    const titles = lenses.map((l) => l.command?.title).sort()
    assert.equal(titles, ['used by 1 resource in 1 module · 1 state object', 'used by 2 resources in 2 modules · 2 state objects'])
    const h = hoverText(
      await c.conn.sendRequest(HoverRequest.type, {textDocument: {uri: uriOf(main)}, position: posOf(MAIN, 'provider "terraform"', 2)}),
    )
    assert.match(h, /used by 2 resources in 2 modules · 2 state objects/)
    // the setting taken away: the state's diagnostics and counts go
    await c.conn.sendNotification(DidChangeConfigurationNotification.type, {settings: {tfgraph: {state: ''}}})
    await c.diagnostics(main, (d) => missing(d) === 0)
    await c.diagnostics(a, (d) => missing(d) === 0)
    await eventually(
      async () =>
        ((await c.conn.sendRequest(CodeLensRequest.type, {textDocument: {uri: uriOf(main)}})) as CodeLens[]).map(
          (l) => l.command?.title ?? '',
        ),
      (t) => t.length === 2 && t.every((x) => !x.includes('state')),
    )
    assert.equal(await c.stop(), 0)
  } finally {
    ws.done()
  }
})

test('a state that cannot be read is said in the log, and nothing else changes', async () => {
  const ws = workspace()
  writeFileSync(path.join(ws.dir, 'bad.tfstate'), '{"version": 3}')
  const c = await startClient(ws.dir, {window: {workDoneProgress: true}}, {}, {tfgraph: {state: 'bad.tfstate'}})
  try {
    const main = path.join(ws.dir, 'main.tf')
    const d = await c.diagnostics(main)
    assert.is(missing(d), 0)
    await eventually(
      async () => c.logs(),
      (l) => l.some((x) => /the state is not read/.test(x)),
    )
    assert.equal(await c.stop(), 0)
  } finally {
    ws.done()
  }
})

test.run()
