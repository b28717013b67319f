// The server offers incremental sync (TextDocumentSyncKind.Incremental), as editors use it: a change is a
// range of the text sent before and its new text. Two servers on the same workspace, one told each edit as
// ranges (several in a message, sent in bursts without waiting, multi-line, non-ASCII), the other the whole
// text at the same version: at every checkpoint both publish the same diagnostics for the edited files.
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {DidChangeTextDocumentNotification, type Diagnostic, type TextDocumentContentChangeEvent} from 'vscode-languageserver-protocol/node'
import {TextDocument} from 'vscode-languageserver-textdocument'
import {fixturesDir} from '../helpers/paths.js'
import {startClient, uriOf, type Client} from './client.js'
import {seededRandom as random} from '../helpers/seeded.js'

const SNIPPETS = [
  '',
  '\n',
  '# é 😀 comment\n',
  'resource "aws_s3_bucket" "x" {\n  provider = aws.nowhere\n}\n',
  '  bucket = "b"\n',
  '"',
  '{',
  '}',
  'locals {\n  a = 1\n  a = 2\n}\n',
  'provider = aws.west\n',
]

/**
 * Waits until both servers show the same diagnostics for each file, each at its current version or, the
 * server publishing nothing when a file's diagnostics did not change, with neither publishing anything for a
 * second; fails after 60 s with what each showed.
 */
async function agree(a: Client, b: Client, files: ReadonlyMap<string, number>, what: () => string): Promise<void> {
  const end = Date.now() + 60_000
  const seen = (c: Client): number => c.published.length
  let counts = [seen(a), seen(b)]
  let since = Date.now()
  for (;;) {
    await new Promise((r) => setTimeout(r, 50))
    if (seen(a) !== counts[0] || seen(b) !== counts[1]) ((counts = [seen(a), seen(b)]), (since = Date.now()))
    const quiet = Date.now() - since >= 1000
    const ok = [...files].every(([f, version]) => {
      const [x, y] = [a, b].map((c) => c.published.filter((p) => p.uri === uriOf(f)).pop())
      return (
        (quiet || (x?.version === version && y?.version === version)) &&
        JSON.stringify(shown(x?.diagnostics ?? [])) === JSON.stringify(shown(y?.diagnostics ?? []))
      )
    })
    if (ok) return
    if (Date.now() > end) {
      const last = (c: Client, f: string): string[] => shown(c.published.filter((p) => p.uri === uriOf(f)).pop()?.diagnostics ?? [])
      assert.equal(
        [...files.keys()].map((f) => last(a, f)),
        [...files.keys()].map((f) => last(b, f)),
        what(),
      )
      throw new Error(`${what()}: the versions never came`)
    }
  }
}

const shown = (d: readonly Diagnostic[]): string[] =>
  d.map(
    (x) => `${x.range.start.line}:${x.range.start.character}-${x.range.end.line}:${x.range.end.character} ${x.code} ${String(x.message)}`,
  )

test('range changes give the same diagnostics as the whole text, edit after edit', async () => {
  const dir = path.join(fixturesDir, 'lsp', 'workspace')
  const files = [path.join(dir, 'envs', 'dev', 'main.tf'), path.join(dir, 'modules', 'app', 'main.tf')]
  const ranges = await startClient(dir)
  const whole = await startClient(dir)
  const next = random(48)
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!
  try {
    const docs = new Map<string, TextDocument>()
    const versions = new Map<string, number>()
    for (const f of files) {
      const text = readFileSync(f, 'utf8')
      docs.set(f, TextDocument.create(uriOf(f), 'terraform', 1, text))
      versions.set(f, 1)
      ranges.open(f, text)
      whole.open(f, text)
    }
    for (let round = 0; round < 12; round++) {
      // a burst: a few messages sent at once, each of one to three ranges
      for (let m = 0, n = 1 + Math.floor(next() * 4); m < n; m++) {
        const f = pick(files)
        let doc = docs.get(f)!
        const changes: TextDocumentContentChangeEvent[] = []
        for (let k = 0, ks = 1 + Math.floor(next() * 3); k < ks; k++) {
          const len = doc.getText().length
          const a = Math.floor(next() * (len + 1))
          const b = Math.min(len, a + Math.floor(next() * 12))
          const change = {range: {start: doc.positionAt(a), end: doc.positionAt(b)}, text: pick(SNIPPETS)}
          changes.push(change)
          // each range counts in the text the ranges before it left
          doc = TextDocument.update(doc, [change], doc.version)
        }
        const version = versions.get(f)! + 1
        versions.set(f, version)
        docs.set(f, TextDocument.update(doc, [], version))
        void ranges.conn.sendNotification(DidChangeTextDocumentNotification.type, {
          textDocument: {uri: uriOf(f), version},
          contentChanges: changes,
        })
        whole.change(f, version, doc.getText())
      }
      await agree(
        ranges,
        whole,
        versions,
        () => `round ${round}: ${files.map((f) => `${path.relative(dir, f)}:\n${docs.get(f)!.getText()}`).join('\n')}`,
      )
    }
    // and one known edit at the end: each file's whole text replaced through a range by the file as it was,
    // and in the root a block naming a configuration nobody has
    for (const f of files) {
      const doc = docs.get(f)!
      const version = versions.get(f)! + 1
      void ranges.conn.sendNotification(DidChangeTextDocumentNotification.type, {
        textDocument: {uri: uriOf(f), version},
        contentChanges: [
          {range: {start: {line: 0, character: 0}, end: doc.positionAt(doc.getText().length)}, text: readFileSync(f, 'utf8')},
          ...(f === files[0]
            ? [
                {
                  range: {start: {line: 0, character: 0}, end: {line: 0, character: 0}},
                  text: 'resource "aws_s3_bucket" "last" {\n  provider = aws.nowhere\n}\n',
                },
              ]
            : []),
        ],
      })
    }
    const dev = files[0]!
    const last = await ranges.diagnostics(dev, (d) => d.some((x) => String(x.message).includes('aws.nowhere')))
    assert.equal(
      [...new Set(last.filter((x) => String(x.message).includes('aws.nowhere')).map((x) => x.range.start.line))],
      [1],
      JSON.stringify(shown(last)),
    )
    assert.not.ok(
      last.some((x) => x.code === 'hcl.syntax'),
      JSON.stringify(shown(last)),
    )
  } finally {
    await ranges.stop()
    await whole.stop()
  }
})

test.run()
