// `tfgraph lsp` code actions over the protocol: each published finding that has fixes gets them as
// `quickfix` actions (the preferred one marked), and `source.fixAll.tfgraph` gives the preferred fixes of
// the whole file in one edit — the same text `lint --fix` writes. Edits are applied here with
// vscode-languageserver-textdocument, as an editor applies them; nothing is written by the server.
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {CodeActionRequest, type CodeAction, type TextEdit} from 'vscode-languageserver-protocol/node'
import {TextDocument} from 'vscode-languageserver-textdocument'
import {fixturesDir} from '../helpers/paths.js'
import {startClient, uriOf} from './client.js'

const demo = path.join(fixturesDir, 'fix', 'demo')
const main = path.join(demo, 'main.tf')

function applied(text: string, edits: readonly TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create('file:///x.tf', 'terraform', 1, text), [...edits])
}

test('quick fixes on each diagnostic, and source.fixAll.tfgraph: what lint --fix writes', async () => {
  const c = await startClient(demo)
  try {
    const text = readFileSync(main, 'utf8')
    c.open(main, text)
    const diags = await c.diagnostics(main, (d) => d.length >= 6)
    const uri = uriOf(main)
    const actions = (await c.conn.sendRequest(CodeActionRequest.type, {
      textDocument: {uri},
      range: {start: {line: 0, character: 0}, end: {line: 0, character: 0}},
      context: {diagnostics: diags, only: ['quickfix']},
    })) as CodeAction[]
    assert.equal(actions.map((a) => [a.title, a.isPreferred === true]).sort(), [
      ['Add aws = { source = "hashicorp/aws", version = "~> 5.31" } to required_providers (the version the lock file selected)', true],
      ['Remove the quotes around aws_vpc.main', true],
      ['Replace "${var.cidr}" with var.cidr', true],
      ['Replace .0 with [0]', true],
      ['Replace lookup(…) with var.tags_by_env["prod"]', true],
    ])
    const index = actions.find((a) => a.title === 'Replace .0 with [0]')!
    assert.equal(
      index.diagnostics?.map((d) => d.range.start.line),
      [7],
    )
    assert.is(applied(text, index.edit!.changes![uri]!), text.replace('var.subnets.0', 'var.subnets[0]'))
    // fix all: one workspace edit, the file as lint --fix leaves it
    const all = (await c.conn.sendRequest(CodeActionRequest.type, {
      textDocument: {uri},
      range: {start: {line: 0, character: 0}, end: {line: 0, character: 0}},
      context: {diagnostics: [], only: ['source.fixAll.tfgraph']},
    })) as CodeAction[]
    assert.equal(
      all.map((a) => a.kind),
      ['source.fixAll.tfgraph'],
    )
    const fixed = applied(text, all[0]!.edit!.changes![uri]!)
    assert.match(fixed, /cidr_block = var\.cidr\n/)
    assert.match(fixed, /depends_on = \[aws_vpc\.main\]\n/)
    assert.match(fixed, /version = "~> 5\.31"\n/)
    // a request for other kinds gets none of these
    const none = (await c.conn.sendRequest(CodeActionRequest.type, {
      textDocument: {uri},
      range: {start: {line: 0, character: 0}, end: {line: 0, character: 0}},
      context: {diagnostics: diags, only: ['refactor']},
    })) as CodeAction[]
    assert.equal(none, [])
    // the buffer changes: the fixes follow the buffer, not the disk
    const edited = text.replace('var.subnets.0', 'var.subnets[0]')
    c.change(main, 2, edited)
    const after = await c.diagnostics(main, (d) => d.length === diags.length - 1)
    const again = (await c.conn.sendRequest(CodeActionRequest.type, {
      textDocument: {uri},
      range: {start: {line: 0, character: 0}, end: {line: 0, character: 0}},
      context: {diagnostics: after, only: ['quickfix']},
    })) as CodeAction[]
    assert.ok(!again.some((a) => a.title === 'Replace .0 with [0]'))
    const lookup = again.find((a) => a.title.startsWith('Replace lookup'))!
    assert.is(applied(edited, lookup.edit!.changes![uri]!), edited.replace('lookup(var.tags_by_env, "prod")', 'var.tags_by_env["prod"]'))
  } finally {
    await c.stop()
  }
})

test.run()
