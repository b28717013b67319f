// Diagnostics and reopening (#49): every didOpen is owed its diagnostics, also when the text and the
// findings are as before (a client clears them on close: Neovim's `:e!`, `:bd` + `:e`), and an open file
// with no findings gets an empty list once analysed, so that "clean" and "not analysed yet" differ.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {startClient, uriOf, type Client} from './client.js'

const FILES = {
  'versions.tf':
    'terraform {\n  required_version = ">= 1.5"\n  required_providers {\n    aws = {\n      source  = "hashicorp/aws"\n      version = ">= 5.0"\n    }\n  }\n}\n',
  'main.tf': 'provider "aws" {\n  region = "eu-west-1"\n}\n\nresource "aws_s3_bucket" "b" {\n  provider = aws.nope\n  bucket   = "b"\n}\n',
  'clean.tf': 'resource "aws_s3_bucket" "c" {\n  bucket = "c"\n}\n',
}

/** The publishes of `file` from the `from`-th on. */
function since(c: Client, file: string, from: number): {version: number | undefined; n: number}[] {
  return c.published
    .slice(from)
    .filter((p) => p.uri === uriOf(file))
    .map((p) => ({version: p.version, n: p.diagnostics.length}))
}

async function until(ok: () => boolean, what: () => string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out: ${what()}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

test('#49 reopened with the same text: published again; an open file without findings: an empty list', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-reopen-'))
  for (const [f, text] of Object.entries(FILES)) writeFileSync(path.join(dir, f), text)
  const c = await startClient(dir)
  const main = path.join(dir, 'main.tf')
  const clean = path.join(dir, 'clean.tf')
  try {
    c.open(main, FILES['main.tf'])
    assert.is((await c.diagnostics(main, (d) => d.length > 0)).length, 1)
    // not opened yet, no findings: nothing said about it
    assert.is(c.latest(clean), undefined)
    let from = c.published.length
    c.open(clean, FILES['clean.tf'])
    await until(
      () => since(c, clean, from).length > 0,
      () => JSON.stringify(c.published),
    )
    assert.equal(since(c, clean, from), [{version: 1, n: 0}])
    // closed and opened again with the same text, twice over (`:e!`, then `:bd` + `:e`)
    for (let round = 0; round < 2; round++) {
      from = c.published.length
      c.close(main)
      c.close(clean)
      c.open(main, readFileSync(main, 'utf8'))
      c.open(clean, readFileSync(clean, 'utf8'))
      await until(
        () => since(c, main, from).length > 0 && since(c, clean, from).length > 0,
        () => JSON.stringify(c.published.slice(from)),
      )
      assert.equal(since(c, main, from).at(-1), {version: 1, n: 1}, `round ${round}`)
      assert.equal(since(c, clean, from).at(-1), {version: 1, n: 0}, `round ${round}`)
    }
    // an edit that changes nothing of the findings: nothing more is published for either
    await new Promise((r) => setTimeout(r, 300))
    from = c.published.length
    c.change(clean, 2, FILES['clean.tf'] + '# a comment\n')
    c.change(main, 2, FILES['main.tf'] + '# a comment\n')
    await new Promise((r) => setTimeout(r, 1000))
    assert.equal(since(c, clean, from), [])
    assert.equal(since(c, main, from), [])
  } finally {
    await c.stop()
    rmSync(dir, {recursive: true, force: true})
  }
})

test.run()
