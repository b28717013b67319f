// A request before the first analysis (#48 item 6): a hover sent right after `didOpen` on a called
// module's file answers for the roots (or the stack) that hold it — the chain from the real root, not the
// module taken for a root of its own — and the file then carries one set of diagnostics, the holding
// root's, with no stray root of the module's own directory. Each case starts a server and asks at once,
// several times over (the race is between the root search, the first analysis and the request).
import {cpSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {HoverRequest, type Diagnostic} from 'vscode-languageserver-protocol/node'
import {fixturesDir} from '../helpers/paths.js'
import {startClient, uriOf} from './client.js'
import {hoverText, posOf} from './helpers.js'

const ROUNDS = 4

interface Case {
  /** The fixture copied (relative to fixtures/), the workspace folder. */
  readonly fixture: string
  /** The module file opened and hovered (relative to the fixture). */
  readonly file: string
  readonly needle: string
  /** What the hover must say (the chain from the holding root or stack). */
  readonly says: readonly string[]
  /** What it must not (the module as a root of its own). */
  readonly not: readonly string[]
}

/** The roots the file's diagnostics were found analysing: their `data.root` and those named in their related information. */
function rootsOf(diagnostics: readonly Diagnostic[]): string[] {
  const roots = new Set<string>()
  for (const d of diagnostics) {
    const data = d.data as {root?: unknown} | undefined
    if (typeof data?.root === 'string') roots.add(data.root)
    for (const r of d.relatedInformation ?? []) roots.add(r.message)
  }
  return [...roots].sort()
}

async function firstRequest(c: Case): Promise<void> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-first-request-'))
  const ws = path.join(tmp, 'ws')
  cpSync(path.join(fixturesDir, c.fixture), ws, {recursive: true})
  const file = path.join(ws, c.file)
  const text = readFileSync(file, 'utf8')
  try {
    for (let round = 0; round < ROUNDS; round++) {
      // with work-done progress and without (the first analysis starts later with it: a created progress first)
      const client = await startClient(ws, round % 2 === 0 ? {} : {window: {workDoneProgress: true}})
      try {
        client.open(file, text)
        const h = hoverText(
          await client.conn.sendRequest(HoverRequest.type, {textDocument: {uri: uriOf(file)}, position: posOf(text, c.needle, 1)}),
        )
        for (const s of c.says) assert.ok(h.includes(s), `round ${round}: the hover says ${JSON.stringify(s)}:\n${h}`)
        for (const s of c.not) assert.not.ok(h.includes(s), `round ${round}: the hover does not say ${JSON.stringify(s)}:\n${h}`)
        await client.diagnostics(file)
        // what follows the first publish (a stray root's findings would come with a later one)
        await new Promise((r) => setTimeout(r, 500))
        const d = client.latest(file) ?? []
        assert.equal(rootsOf(d), d.length > 0 ? [ws] : [], `round ${round}: ${JSON.stringify(d, null, 1)}`)
        const places = d.map((x) => `${x.code} ${x.range.start.line}:${x.range.start.character}`)
        assert.equal(places, [...new Set(places)], `round ${round}: each finding once`)
      } finally {
        await client.stop()
      }
    }
  } finally {
    rmSync(tmp, {recursive: true, force: true})
  }
}

test('#48 a hover right after didOpen on a called module: the chain from the root; one set of diagnostics', async () => {
  await firstRequest({
    fixture: 'providers/demo',
    file: 'network/subnet/main.tf',
    needle: 'resource "aws_subnet" "private"',
    says: [
      '`module.network.module.subnet.aws_subnet.private` uses `provider["registry.terraform.io/hashicorp/aws"].east`',
      'module.network receives aws = aws.east from the root module',
    ],
    not: ['the root module has no provider "aws" block', '`aws_subnet.private` uses'],
  })
})

test("#48 a hover right after didOpen on a stack component's module: the stack's chain; one set of diagnostics", async () => {
  await firstRequest({
    fixture: 'stacks/regional',
    file: 'modules/storage/main.tf',
    needle: 'resource "aws_s3_bucket" "data"',
    says: ['`component.storage.aws_s3_bucket.data` uses', 'the stack defines provider "aws" "regional"'],
    not: ['the root module has no provider "aws" block', '`aws_s3_bucket.data` uses'],
  })
})

test.run()
