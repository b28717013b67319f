// Files outside the workspace folders (#49): a request about a missing one costs nothing (no workspace, no
// search); an existing one, opened or asked about, gets its own directory analysed alone (not what is below
// it, said in the log), and that analysis is closed, its diagnostics taken back, once no file in it is open.
// A workspace folder's own search for root modules is bounded too, and says what it left out.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {HoverRequest} from 'vscode-languageserver-protocol/node'
import {startClient, uriOf, type Client} from './client.js'
import {eventually, hoverText, posOf} from './helpers.js'

const VERSIONS = `terraform {
  required_version = ">= 1.5"
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = ">= 5.0"
    }
  }
}
`
/** A root whose main.tf has one error (an alias nothing declares). */
const MAIN = `provider "aws" {
  region = "eu-west-1"
}

resource "aws_s3_bucket" "b" {
  provider = aws.nope
  bucket   = "b"
}
`

function root(dir: string, main = MAIN): void {
  mkdirSync(dir, {recursive: true})
  writeFileSync(path.join(dir, 'versions.tf'), VERSIONS)
  writeFileSync(path.join(dir, 'main.tf'), main)
}

async function hover(c: Client, file: string, text: string, needle: string): Promise<string> {
  return hoverText(await c.conn.sendRequest(HoverRequest.type, {textDocument: {uri: uriOf(file)}, position: posOf(text, needle, 3)}))
}

test('#49 a file outside the folders: a missing one costs nothing; an existing one, its own directory alone, closed with it', async () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-outside-'))
  const folder = path.join(tmp, 'ws')
  const elsewhere = path.join(tmp, 'elsewhere')
  root(folder)
  root(elsewhere)
  // roots below the outside directory: never to be analysed for a file of the directory itself
  for (let i = 0; i < 5; i++) root(path.join(elsewhere, `sub${i}`))
  const c = await startClient(folder)
  try {
    await eventually(
      () => hover(c, path.join(folder, 'main.tf'), MAIN, 'resource "aws_s3_bucket"'),
      (h) => h.includes('aws_s3_bucket.b'),
    )
    // missing files: answered at once with nothing, no workspace opened, nothing searched
    const started = Date.now()
    for (const missing of [path.join(elsewhere, 'x.tf'), path.join(tmp, 'x.tf'), path.join(tmpdir(), 'tfgraph-no-such', 'x.tf')])
      assert.is(await c.conn.sendRequest(HoverRequest.type, {textDocument: {uri: uriOf(missing)}, position: {line: 0, character: 0}}), null)
    assert.ok(Date.now() - started < 2000, `three hovers on missing files took ${Date.now() - started} ms`)
    await new Promise((r) => setTimeout(r, 300))
    assert.not.ok(
      c
        .logs()
        .some((l) => l.includes('outside the workspace folders') || l.includes(`searched ${elsewhere}`) || l.includes(`searched ${tmp} `)),
      c.logs().join('\n'),
    )
    // opened: its directory alone
    const main = path.join(elsewhere, 'main.tf')
    c.open(main, MAIN)
    const d = await c.diagnostics(main, (x) => x.length > 0)
    assert.equal(
      d.map((x) => [x.range.start.line, String(x.message).split('\n')[0]]),
      [[5, 'Provider configuration not present']],
    )
    assert.match(await hover(c, main, MAIN, 'resource "aws_s3_bucket"'), '`aws_s3_bucket.b` uses')
    const search = c.logs().find((l) => l.includes(`searched ${elsewhere} for root modules`))
    assert.ok(search, c.logs().join('\n'))
    assert.match(search, 'at most 0 levels deep')
    assert.match(search, '5 directories deeper than 0 levels not searched (sub0, sub1, sub2, …)')
    assert.ok(c.logs().some((l) => l.includes(`${main} is outside the workspace folders: ${elsewhere} is analysed on its own`)))
    // closed: the analysis goes, and with it its diagnostics
    c.close(main)
    await eventually(
      async () => c.logs().filter((l) => l.includes(`closed the analysis of ${elsewhere} `)).length,
      (n) => n === 1,
    )
    assert.equal(c.latest(main), [])
    // every update was over before it closed: the roots below it were never analysed
    assert.equal(
      c.published.filter((p) => p.uri.startsWith(uriOf(elsewhere) + '/sub')).map((p) => p.uri),
      [],
    )
    // asked about while it exists, not open: answered, then closed again
    assert.match(await hover(c, main, MAIN, 'resource "aws_s3_bucket"'), '`aws_s3_bucket.b` uses')
    await eventually(
      async () => c.logs().filter((l) => l.includes(`closed the analysis of ${elsewhere} `)).length,
      (n) => n === 2,
    )
    // the folder's own search: bounded, said in the log
    const own = c.logs().find((l) => l.includes(`searched ${folder} for root modules`))
    assert.match(own ?? '', 'at most 32 levels deep, 20000 directories): 1 listed, 1 with configuration files')
  } finally {
    await c.stop()
    rmSync(tmp, {recursive: true, force: true})
  }
})

test.run()
