// #48 item 1, editor half, over the protocol: an edit of a module two roots call (a buffer unlike the disk,
// opened once the first analysis is over) is published before any root is analysed again, with the module
// stage's findings (exact for the new text, in the form `lint DIR` gives them: the module's directory is
// their root), and in a root's form once one is up to date.
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import type {Diagnostic} from 'vscode-languageserver-protocol/node'
import {fixturesDir} from '../helpers/paths.js'
import {startClient, uriOf} from './client.js'
import {eventually} from './helpers.js'

const ws = path.join(fixturesDir, 'lsp', 'workspace')
const rootOf = (d: Diagnostic): unknown => (d.data as {root?: unknown} | undefined)?.root

test('an edited module is published first with its module stage, then in the roots’ form', async () => {
  const c = await startClient(ws)
  try {
    const file = path.join(ws, 'modules', 'app', 'main.tf')
    const dir = path.dirname(file)
    // the first analysis over (its progress ended): nothing runs when the edit comes
    await eventually(
      async () => c.progress.map((p) => (p as {value: {kind: string}}).value.kind),
      (kinds) => kinds.includes('end'),
    )
    // opened with a new variable (unused, untyped) on a new last line: no root's last analysis has its findings
    const edited = readFileSync(file, 'utf8') + '\nvariable "added" {}\n'
    const line = edited.split('\n').length - 2
    const from = c.published.length
    c.open(file, edited)
    const onLine = (ds: Diagnostic[]): Diagnostic[] => ds.filter((d) => d.range.start.line === line)
    // later: in a root's form
    await c.diagnostics(file, (ds) => onLine(ds).length > 0 && ds.every((d) => rootOf(d) !== dir))
    const mine = c.published.slice(from).filter((p) => p.uri === uriOf(file))
    const first = mine[0]?.diagnostics ?? []
    assert.ok(
      onLine(first).length > 0 && onLine(first).every((d) => rootOf(d) === dir),
      `the first publish of the edit is the module stage's: ${JSON.stringify(mine.map((p) => p.diagnostics.map((d) => [d.range.start.line, rootOf(d)])))}`,
    )
    const codes = (ds: Diagnostic[]): string[] => ds.map((d) => `${String(d.code)} ${d.range.start.line}:${d.range.start.character}`)
    assert.equal(codes(first), [...new Set(codes(first))], 'each finding once')
  } finally {
    await c.stop()
  }
})

test.run()
