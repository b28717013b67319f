// `tfgraph lsp` on the wire, with frames written by hand: a frame whose header cannot be read (no, a
// non-numeric, a negative Content-Length; bytes that are no header; a body shorter or longer than
// announced) ends the server with one line on stderr and exit code 1, never a hang; a body that is not
// JSON gets -32700 and one that is not a JSON-RPC message -32600, and the server goes on; a request before
// `initialize` gets -32002, one after `shutdown` -32600.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {fixturesDir} from '../helpers/paths.js'
import {frame, startRaw, type RawServer} from './raw.js'

const demo = path.join(fixturesDir, 'providers', 'demo')
const INITIALIZE = {jsonrpc: '2.0', id: 1, method: 'initialize', params: {processId: null, rootUri: null, capabilities: {}}}

const errorOf = (m: Record<string, unknown>): {code: number; message: string} | undefined =>
  m['error'] as {code: number; message: string} | undefined

/** The server ended with exit code 1 and said why in exactly one line. */
async function endsWithOneLine(s: RawServer, mentions: RegExp): Promise<void> {
  assert.is(await s.exited(15_000), 1, s.stderr())
  const lines = s.stderr().trimEnd().split('\n')
  assert.is(lines.length, 1, `one line on stderr: ${JSON.stringify(s.stderr())}`)
  assert.match(lines[0]!, /^tfgraph lsp: cannot read the client's messages any more: /)
  assert.match(lines[0]!, mentions)
}

for (const [name, bytes, mentions] of [
  ['a Content-Length that is not a number', 'Content-Length: abc\r\n\r\n{}', /Content-Length is not a number of bytes: "abc"/],
  ['a negative Content-Length', 'Content-Length: -5\r\n\r\n{}', /Content-Length is not a number of bytes: "-5"/],
  ['no Content-Length', 'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}', /without Content-Length/],
  ['bytes that are no header', '{"jsonrpc":"2.0","id":1,"method":"initialize"}\r\n\r\n', /malformed message header/],
  [
    'an unsupported charset',
    'Content-Length: 2\r\nContent-Type: application/json; charset=latin1\r\n\r\n{}',
    /unsupported charset "latin1"/,
  ],
] as const)
  test(`a frame with ${name}: one line on stderr, exit code 1`, async () => {
    const s = startRaw(demo)
    try {
      s.write(bytes)
      await endsWithOneLine(s, mentions)
    } finally {
      s.child.kill()
    }
  })

test('a body shorter than the rest of the message: a parse error answer, then the rest is no header: exit code 1', async () => {
  const s = startRaw(demo)
  try {
    const body = JSON.stringify(INITIALIZE)
    s.write(`Content-Length: 5\r\n\r\n${body}`)
    const m = await s.next((x) => errorOf(x) !== undefined)
    assert.equal([m['id'], errorOf(m)?.code], [null, -32700])
    await endsWithOneLine(s, /malformed message header/)
  } finally {
    s.child.kill()
  }
})

test('a Content-Length longer than what comes: the server gives up after 5 s with one line, never hangs', async () => {
  const s = startRaw(demo)
  try {
    const started = Date.now()
    s.write(`Content-Length: 500\r\n\r\n${JSON.stringify(INITIALIZE)}`)
    await endsWithOneLine(s, /an incomplete message \(\d+ of the 500 bytes its Content-Length announces\), and nothing more for 5 s/)
    assert.ok(Date.now() - started >= 4500, 'not before the time is up')
  } finally {
    s.child.kill()
  }
})

test('a body that is not JSON, or JSON but no message: -32700 / -32600, and the server goes on', async () => {
  const s = startRaw(demo)
  try {
    s.write(frame('{not json'))
    s.write(frame('[1,2]'))
    s.write(frame('{"jsonrpc":"2.0","id":"x","method":7}'))
    s.write(frame('{"id":3,"method":"initialize","params":{}}'))
    s.write(frame(Buffer.from([0x7b, 0xff, 0xfe, 0x7d])))
    s.send(INITIALIZE)
    const init = await s.next((m) => m['id'] === 1)
    assert.ok((init['result'] as {capabilities?: unknown}).capabilities, JSON.stringify(init))
    const errors = s.messages.filter((m) => errorOf(m)).map((m) => [m['id'], errorOf(m)!.code])
    assert.equal(errors, [
      [null, -32700],
      [null, -32600],
      ['x', -32600],
      [3, -32600],
      [null, -32700],
    ])
    s.send({jsonrpc: '2.0', id: 2, method: 'shutdown'})
    await s.next((m) => m['id'] === 2)
    s.send({jsonrpc: '2.0', method: 'exit'})
    assert.is(await s.exited(), 0)
  } finally {
    s.child.kill()
  }
})

test('lifecycle: -32002 before initialize (notifications dropped), a second initialize refused, -32600 after shutdown, exit 0', async () => {
  const s = startRaw(demo)
  try {
    const hover = (id: number): unknown => ({
      jsonrpc: '2.0',
      id,
      method: 'textDocument/hover',
      params: {textDocument: {uri: 'file:///x.tf'}, position: {line: 0, character: 0}},
    })
    s.send(hover(10))
    s.send({
      jsonrpc: '2.0',
      method: 'textDocument/didOpen',
      params: {textDocument: {uri: 'file:///x.tf', languageId: 'terraform', version: 1, text: ''}},
    })
    const before = await s.next((m) => m['id'] === 10)
    assert.is(errorOf(before)?.code, -32002)
    assert.match(errorOf(before)!.message, /not initialized: send "initialize" before "textDocument\/hover"/)
    s.send({...INITIALIZE, params: {...INITIALIZE.params, capabilities: {textDocument: {rename: {prepareSupport: true}}}}})
    // what a language client (VS Code's) turns on: every feature the server announces
    const caps = ((await s.next((m) => m['id'] === 1))['result'] as {capabilities: Record<string, unknown>}).capabilities
    assert.equal(
      [caps['hoverProvider'], caps['definitionProvider'], caps['referencesProvider'], caps['renameProvider'], caps['completionProvider']],
      [true, true, true, {prepareProvider: true}, {triggerCharacters: ['.', '=', ' ', '[', ',', '{']}],
    )
    s.send({...INITIALIZE, id: 11})
    assert.is(errorOf(await s.next((m) => m['id'] === 11))?.code, -32600)
    s.send({jsonrpc: '2.0', method: 'initialized', params: {}})
    s.send({jsonrpc: '2.0', id: 12, method: 'shutdown'})
    const down = await s.next((m) => m['id'] === 12)
    assert.is(down['result'], null)
    s.send(hover(13))
    const after = await s.next((m) => m['id'] === 13)
    assert.is(errorOf(after)?.code, -32600)
    assert.match(errorOf(after)!.message, /shutting down/)
    s.send({jsonrpc: '2.0', method: 'exit'})
    assert.is(await s.exited(), 0)
    // the only answers: the five requests
    assert.equal(
      s.messages.filter((m) => 'id' in m && !('method' in m)).map((m) => m['id']),
      [10, 1, 11, 12, 13],
    )
  } finally {
    s.child.kill()
  }
})

test.run()
