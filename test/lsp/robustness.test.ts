// `tfgraph lsp` when things go wrong or change: unsaved edits that rebind a resource (the hover changes,
// the disk does not), a file full of syntax errors mid-typing, a file deleted on disk, requests for
// unknown files, malformed JSON-RPC, unknown methods, the client closing stdin.
import {cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, type Dirent} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {ErrorCodes, FileChangeType, HoverRequest, ResponseError} from 'vscode-languageserver-protocol/node'
import {fixturesDir} from '../helpers/paths.js'
import {startClient, uriOf} from './client.js'
import {eventually, hoverText, posOf} from './helpers.js'

/** Every file under `dir`, relative, sorted. */
function filesUnder(dir: string): string[] {
  const out: string[] = []
  const walk = (d: string): void => {
    for (const e of readdirSync(d, {withFileTypes: true}) as Dirent[]) {
      const p = path.join(d, e.name)
      if (e.isDirectory()) walk(p)
      else out.push(path.relative(dir, p).split(path.sep).join('/'))
    }
  }
  walk(dir)
  return out.sort()
}

test('an unsaved edit rebinds a resource: the hover follows the buffer, the file on disk is untouched', async () => {
  const dir = path.join(fixturesDir, 'lsp', 'override')
  const c = await startClient(dir)
  try {
    const main = path.join(dir, 'main.tf')
    const over = path.join(dir, 'main_override.tf')
    const before = {text: readFileSync(over, 'utf8'), mtime: statSync(over).mtimeMs}
    const text = readFileSync(main, 'utf8')
    c.open(main, text)
    c.open(over, before.text)
    const at = {textDocument: {uri: uriOf(main)}, position: posOf(text, 'resource "aws_instance"', 12)}
    assert.ok(hoverText(await c.conn.sendRequest(HoverRequest.type, at)).includes('].west`'))
    c.change(over, 2, before.text.replace('aws.west', 'aws'))
    // answered from the last complete analysis: the new binding once the edit is analysed
    const after = await eventually(
      async () => hoverText(await c.conn.sendRequest(HoverRequest.type, at)),
      (h) => h.includes('uses `provider["registry.terraform.io/hashicorp/aws"]`'),
    )
    assert.ok(after.includes('1. provider = aws (main_override.tf:2,14-17)'), after)
    assert.equal({text: readFileSync(over, 'utf8'), mtime: statSync(over).mtimeMs}, before, 'nothing written')
    // closing the buffer: the disk again
    c.close(over)
    await eventually(
      async () => hoverText(await c.conn.sendRequest(HoverRequest.type, at)),
      (h) => h.includes('].west`'),
    )
  } finally {
    await c.stop()
  }
})

test('a file full of syntax errors mid-typing: its error published, the rest still answered, cleared when fixed', async () => {
  const dir = path.join(fixturesDir, 'providers', 'demo')
  const c = await startClient(dir)
  try {
    const file = path.join(dir, 'network', 'subnet', 'main.tf')
    const text = readFileSync(file, 'utf8')
    c.open(file, text)
    await c.diagnostics(file)
    const broken = text.replace('cidr_block = "10.0.1.0/24"', 'cidr_block = "10.0.1.0/24\n  tags = {{{ ]')
    c.change(file, 2, broken)
    const d = await c.diagnostics(file, (x) => x.some((y) => y.code === 'hcl.syntax'))
    assert.ok(
      d.every((x) => typeof x.code === 'string' && x.code !== ''),
      'every diagnostic has a code',
    )
    // another file of the tree is still answered
    const main = path.join(dir, 'main.tf')
    const mainText = readFileSync(main, 'utf8')
    c.open(main, mainText)
    const h = hoverText(
      await c.conn.sendRequest(HoverRequest.type, {
        textDocument: {uri: uriOf(main)},
        position: posOf(mainText, 'resource "aws_s3_bucket"', 12),
      }),
    )
    assert.ok(h.includes('aws_s3_bucket.logs'), h)
    // a hover inside the broken file answers (nothing, or what is still there) without failing
    await c.conn.sendRequest(HoverRequest.type, {textDocument: {uri: uriOf(file)}, position: {line: 8, character: 5}})
    c.change(file, 3, text)
    await c.diagnostics(file, (x) => !x.some((y) => y.code === 'hcl.syntax'))
  } finally {
    await c.stop()
  }
})

test('a file deleted on disk: its findings withdrawn; requests about it and about unknown files answer nothing', async () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-lsp-'))
  try {
    const ws = path.join(tmp, 'ws')
    const cache = path.join(tmp, 'cache')
    mkdirSync(cache)
    cpSync(path.join(fixturesDir, 'lsp', 'workspace'), ws, {recursive: true})
    const before = filesUnder(ws)
    const c = await startClient(ws, undefined, {TFGRAPH_CACHE_DIR: cache})
    try {
      const dev = path.join(ws, 'envs', 'dev', 'main.tf')
      assert.ok((await c.diagnostics(dev)).length > 0, 'dev has a finding')
      unlinkSync(dev)
      c.watched([{uri: uriOf(dev), type: FileChangeType.Deleted}])
      await c.diagnostics(dev, (d) => d.length === 0)
      for (const f of [dev, path.join(ws, 'nowhere', 'x.tf'), path.join(ws, 'README.md')]) {
        const h = await c.conn.sendRequest(HoverRequest.type, {textDocument: {uri: uriOf(f)}, position: {line: 0, character: 0}})
        assert.is(h, null, f)
      }
      assert.is(await c.stop(), 0)
      // nothing written: the workspace as it was (less the deleted file), the cache directory empty
      assert.equal(
        filesUnder(ws),
        before.filter((f) => f !== 'envs/dev/main.tf'),
      )
      assert.equal(readdirSync(cache), [])
    } finally {
      c.child.kill()
    }
  } finally {
    rmSync(tmp, {recursive: true, force: true})
  }
})

test('malformed JSON-RPC and unknown methods: an error answer, the server goes on; it exits when stdin closes', async () => {
  const dir = path.join(fixturesDir, 'providers', 'demo')
  const c = await startClient(dir)
  try {
    // a body that is not JSON, then one that is JSON but no message
    for (const body of ['{not json', '[1,2', '{"jsonrpc":"2.0","id":"x","method":7}'])
      c.child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`)
    const err = await c.conn.sendRequest('tfgraph/no-such-method', {}).then(
      () => undefined,
      (e: unknown) => e,
    )
    assert.ok(err instanceof ResponseError, String(err))
    assert.is((err as ResponseError<unknown>).code, ErrorCodes.MethodNotFound)
    c.conn.sendNotification('tfgraph/no-such-notification', {})
    const main = path.join(dir, 'main.tf')
    const text = readFileSync(main, 'utf8')
    const h = hoverText(
      await c.conn.sendRequest(HoverRequest.type, {
        textDocument: {uri: uriOf(main)},
        position: posOf(text, 'resource "aws_s3_bucket"', 12),
      }),
    )
    assert.ok(h.includes('aws_s3_bucket.logs'), `still answering after malformed input: ${h}\n${c.stderr()}`)
    const exited = new Promise<number | null>((resolve) => c.child.on('exit', (code) => resolve(code)))
    c.child.stdin.end()
    const code = await Promise.race([exited, new Promise<string>((r) => setTimeout(() => r('still running'), 10_000).unref())])
    assert.is(code, 1, 'exits when stdin closes (1: no shutdown was asked)')
  } finally {
    c.child.kill()
  }
})

test.run()
