// The server's traffic (#48, src/lsp/transport.ts): what an analysis waits for before it goes on (a message
// partly read, read and not dispatched yet, an answer being written), and a burst of changes of one document
// merged while the connection has not dispatched them: the text the same as applying each, one message.
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {TextDocument} from 'vscode-languageserver-textdocument'
import type {Message, NotificationMessage} from 'vscode-languageserver/node'
import {mergeChange, Traffic} from '../../src/lsp/transport.js'

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

type Change = {text: string} | {range: {start: {line: number; character: number}; end: {line: number; character: number}}; text: string}
const change = (uri: string, version: number, ...contentChanges: Change[]): NotificationMessage => ({
  jsonrpc: '2.0',
  method: 'textDocument/didChange',
  params: {textDocument: {uri, version}, contentChanges},
})
const at = (line: number, character: number): {line: number; character: number} => ({line, character})

/** The text after applying the changes of each message in turn (as TextDocuments does). */
function applied(start: string, messages: readonly NotificationMessage[]): {text: string; version: number} {
  let doc = TextDocument.create('file:///a.tf', 'terraform', 1, start)
  for (const m of messages) {
    const p = m.params as {textDocument: {version: number}; contentChanges: Change[]}
    doc = TextDocument.update(doc, p.contentChanges, p.textDocument.version)
  }
  return {text: doc.getText(), version: doc.version}
}

test('changes merged: the same text and version as applying each, from the last whole text', () => {
  const start = 'a = 1\nb = 2\n'
  const list = [
    change('file:///a.tf', 2, {range: {start: at(0, 4), end: at(0, 5)}, text: '10'}),
    change('file:///a.tf', 3, {range: {start: at(1, 0), end: at(1, 0)}, text: 'c = 3\n'}),
    change('file:///a.tf', 4, {text: 'x = 1\n'}),
    change('file:///a.tf', 5, {range: {start: at(0, 4), end: at(0, 5)}, text: '7'}),
  ]
  const expected = applied(start, list)
  const copy = structuredClone(list)
  const into = copy[0]!
  for (const m of copy.slice(1)) assert.ok(mergeChange(into, m))
  assert.equal(applied(start, [into]), expected)
  const changes = (into.params as {contentChanges: Change[]}).contentChanges
  assert.is(changes.length, 2, 'what came before the whole text is dropped')
  // incremental changes alone are kept in order
  const inc = structuredClone(list.slice(0, 2))
  assert.ok(mergeChange(inc[0]!, inc[1]!))
  assert.equal(applied(start, [inc[0]!]), applied(start, list.slice(0, 2)))
})

test('not merged: another document, an older version, something other than a change, a malformed one', () => {
  const a = change('file:///a.tf', 2, {text: 'x'})
  assert.not.ok(mergeChange(a, change('file:///b.tf', 3, {text: 'y'})))
  assert.not.ok(mergeChange(a, change('file:///a.tf', 2, {text: 'y'})))
  assert.not.ok(mergeChange(a, {jsonrpc: '2.0', method: 'textDocument/didSave', params: {textDocument: {uri: 'file:///a.tf'}}} as Message))
  assert.not.ok(
    mergeChange(a, {jsonrpc: '2.0', method: 'textDocument/didChange', params: {textDocument: {uri: 'file:///a.tf'}}} as Message),
  )
  assert.equal((a.params as {contentChanges: Change[]}).contentChanges, [{text: 'x'}], 'left as it was')
})

test('a burst handed over while the connection has not dispatched: one message, the last version', async () => {
  const t = new Traffic(60_000) // no timeout within the test: only the traffic ends the wait
  const delivered: Message[] = []
  for (let v = 2; v <= 6; v++) t.handOver(change('file:///a.tf', v, {text: `v${v}`}), (m) => delivered.push(m))
  assert.is(delivered.length, 1)
  assert.equal(applied('', delivered as NotificationMessage[]), {text: 'v6', version: 6})
  // pending until the connection dispatches it
  const waiting = t.pending()
  assert.ok(waiting)
  let done = false
  void waiting.then(() => (done = true))
  await turn()
  assert.not.ok(done)
  await t.messageStrategy.handleMessage(delivered[0]!, () => undefined)
  await turn()
  assert.ok(done, 'dispatched: the wait ends')
  assert.is(t.pending(), undefined)
  // a change after the dispatch is a message of its own
  t.handOver(change('file:///a.tf', 7, {text: 'v7'}), (m) => delivered.push(m))
  assert.is(delivered.length, 2)
})

test('an answer being written holds an analysis until it is written', async () => {
  const t = new Traffic(60_000)
  const before = t.count()
  t.written(false)
  const waiting = t.pending()
  assert.ok(waiting, 'a write under way')
  let done = false
  void waiting.then(() => (done = true))
  await turn()
  assert.not.ok(done)
  t.written(true)
  await turn()
  assert.ok(done)
  assert.is(t.pending(), undefined)
  assert.ok(t.count() > before, 'the count moves with each write')
})

test('a cancellation is handed over but not waited for (the connection may never dispatch it)', () => {
  const t = new Traffic()
  t.handOver({jsonrpc: '2.0', method: '$/cancelRequest', params: {id: 1}} as Message, () => undefined)
  assert.is(t.pending(), undefined)
})

test('a message the connection never dispatches (a request id repeated replaces it) stops holding analyses', async () => {
  const t = new Traffic(60_000)
  t.handOver({jsonrpc: '2.0', id: 1, method: 'textDocument/hover', params: {}} as Message, () => undefined)
  assert.ok(t.pending(), 'queued: analyses wait')
  await new Promise((resolve) => setTimeout(resolve, 1100))
  assert.is(t.pending(), undefined, 'forgotten after a second')
})

test.run()
