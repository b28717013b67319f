// Rename and completion of provider configurations through `tfgraph lsp` (fixtures/lsp/rename): an alias
// renamed from its provider block edits the block, the `provider` arguments (a .tf.json file's too), the
// `providers` values that pass it, and nothing else (not the called module's key of the same text, not a
// string or a comment that spells it); a called module's slot renamed from the caller's key edits every
// caller's key, the module's configuration_aliases entry, its `provider` arguments and what it passes
// further down; a local name used only explicitly is renamed, one that blocks use through their type is
// refused; completion after `provider =`, in a `providers` map and in configuration_aliases.
import {cpSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {
  CompletionRequest,
  HoverRequest,
  PrepareRenameRequest,
  RenameRequest,
  ResponseError,
  type CompletionItem,
  type Position,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol/node'
import {fixturesDir} from '../helpers/paths.js'
import {startClient, uriOf, type Client} from './client.js'
import {eventually, hoverText, posOf} from './helpers.js'

const fixture = path.join(fixturesDir, 'lsp', 'rename')
const CAPS = {window: {workDoneProgress: true}, textDocument: {rename: {prepareSupport: true}}}

/** A copy of the fixture, so that nothing in the repository is touched. */
function copy(): {dir: string; done: () => void} {
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-rename-'))
  const dir = path.join(tmp, 'rename')
  cpSync(fixture, dir, {recursive: true})
  return {dir, done: () => rmSync(tmp, {recursive: true, force: true})}
}

/** The offset in `text` of a protocol position (UTF-16). */
function offsetOf(text: string, p: Position): number {
  const lines = text.split('\n')
  let o = 0
  for (let i = 0; i < p.line; i++) o += lines[i]!.length + 1
  return o + p.character
}

/** The files' texts after the edits (relative paths → text), each file's edits applied from its end. */
function applied(dir: string, edit: WorkspaceEdit | null): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [uri, edits] of Object.entries(edit?.changes ?? {})) {
    const file = fileURLToPath(uri)
    let text = readFileSync(file, 'utf8')
    const sorted = [...(edits as TextEdit[])].sort((a, b) => offsetOf(text, b.range.start) - offsetOf(text, a.range.start))
    for (const e of sorted) text = text.slice(0, offsetOf(text, e.range.start)) + e.newText + text.slice(offsetOf(text, e.range.end))
    out[path.relative(dir, file).split(path.sep).join('/')] = text
  }
  return out
}

async function renameAt(c: Client, file: string, at: Position, newName: string): Promise<WorkspaceEdit | null> {
  return c.conn.sendRequest(RenameRequest.type, {textDocument: {uri: uriOf(file)}, position: at, newName})
}

async function refusal(p: Promise<unknown>): Promise<string> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  )
  assert.ok(e instanceof ResponseError, `refused, got ${JSON.stringify(e)}`)
  return (e as ResponseError<unknown>).message
}

test('an alias renamed from its block: the block, provider arguments (.tf and .tf.json), providers values; nothing else', async () => {
  const {dir, done} = copy()
  const c = await startClient(dir, CAPS)
  try {
    const main = path.join(dir, 'main.tf')
    const text = readFileSync(main, 'utf8')
    const at = posOf(text, '"east"', 1)
    const prep = await c.conn.sendRequest(PrepareRenameRequest.type, {textDocument: {uri: uriOf(main)}, position: at})
    assert.equal(prep, {range: {start: at, end: {line: at.line, character: at.character + 4}}, placeholder: 'east'})
    const got = applied(dir, await renameAt(c, main, at, 'use1'))
    const json = readFileSync(path.join(dir, 'extra.tf.json'), 'utf8')
    assert.equal(got, {
      'extra.tf.json': json.replace('"aws.east"', '"aws.use1"'),
      // the block's alias, the value passed to module.net, the resource's argument; not the comment, not the output's string
      'main.tf': text
        .replace('alias  = "east"', 'alias  = "use1"')
        .replace('aws.src = aws.east', 'aws.src = aws.use1')
        .replace('provider = aws.east', 'provider = aws.use1'),
    })
    // the same rename asked from a reference to it
    assert.equal(applied(dir, await renameAt(c, main, posOf(text, 'provider = aws.east', 16), 'use1')), got)
    // a name already taken, and a name that is no name
    assert.match(
      await refusal(renameAt(c, main, posOf(text, 'provider = gb', 11), 'aws')),
      /the local name aws is already used in the root module \(main\.tf:4\)/,
    )
    const west = await refusal(c.conn.sendRequest(RenameRequest.type, {textDocument: {uri: uriOf(main)}, position: at, newName: '9lives'}))
    assert.match(west, /"9lives" is not a valid alias/)
  } finally {
    await c.stop()
    done()
  }
})

test("a module's slot renamed from the caller's key: every caller's key, the module's configuration_aliases, uses and passes", async () => {
  const {dir, done} = copy()
  const c = await startClient(dir, CAPS)
  try {
    const main = path.join(dir, 'main.tf')
    const net = path.join(dir, 'net', 'main.tf')
    const text = readFileSync(main, 'utf8')
    const netText = readFileSync(net, 'utf8')
    const expected = {
      'main.tf': text.replace('aws.src = aws.east', 'aws.edge = aws.east'),
      'net/main.tf': netText
        .replace('configuration_aliases = [aws.src]', 'configuration_aliases = [aws.edge]')
        .replace('provider   = aws.src', 'provider   = aws.edge')
        .replace('aws = aws.src', 'aws = aws.edge'),
    }
    assert.equal(applied(dir, await renameAt(c, main, posOf(text, 'aws.src =', 5), 'edge')), expected)
    // from the module's side (its configuration_aliases entry): the same edits
    c.open(net, netText)
    assert.equal(applied(dir, await renameAt(c, net, posOf(netText, '[aws.src]', 6), 'edge')), expected)
  } finally {
    await c.stop()
    done()
  }
})

test('a local name: renamed where only provider arguments use it; refused where blocks use it through their type', async () => {
  const {dir, done} = copy()
  const c = await startClient(dir, CAPS)
  try {
    const main = path.join(dir, 'main.tf')
    const text = readFileSync(main, 'utf8')
    assert.equal(applied(dir, await renameAt(c, main, posOf(text, 'provider = gb', 11), 'gbeta')), {
      'main.tf': text
        .replace('    gb = {', '    gbeta = {')
        .replace('provider "gb"', 'provider "gbeta"')
        .replace('provider = gb', 'provider = gbeta'),
    })
    const net = path.join(dir, 'net', 'main.tf')
    const netText = readFileSync(net, 'utf8')
    const why = await refusal(
      c.conn.sendRequest(PrepareRenameRequest.type, {textDocument: {uri: uriOf(net)}, position: posOf(netText, 'aws = {', 1)}),
    )
    assert.match(why, /1 block in module\.net uses the local name aws through its type without a provider argument \(net\/main\.tf:18\)/)
    // nothing to rename on a resource type or elsewhere
    assert.match(
      await refusal(
        c.conn.sendRequest(PrepareRenameRequest.type, {
          textDocument: {uri: uriOf(main)},
          position: posOf(text, 'aws_s3_bucket" "logs"', 2),
        }),
      ),
      /put the cursor on a provider alias or local name/,
    )
  } finally {
    await c.stop()
    done()
  }
})

async function complete(c: Client, file: string, text: string, at: Position): Promise<string[]> {
  const r = await c.conn.sendRequest(CompletionRequest.type, {textDocument: {uri: uriOf(file)}, position: at})
  const items = (Array.isArray(r) ? r : (r?.items ?? [])) as CompletionItem[]
  // each item replaces what was typed of the name
  for (const i of items) assert.ok(i.textEdit && 'range' in i.textEdit && i.textEdit.range.end.line === at.line, JSON.stringify(i))
  void text
  return items.map((i) => i.label).sort()
}

test('completion: after provider =, in a providers map (keys: the slots; values: for the key’s provider), in configuration_aliases', async () => {
  const {dir, done} = copy()
  const c = await startClient(dir, CAPS)
  try {
    const main = path.join(dir, 'main.tf')
    const text = readFileSync(main, 'utf8')
    c.open(main, text)
    const logs = {textDocument: {uri: uriOf(main)}, position: posOf(text, 'aws_s3_bucket" "logs"', 2)}
    await eventually(
      async () => hoverText(await c.conn.sendRequest(HoverRequest.type, logs)),
      (h) => h.includes('aws_s3_bucket.logs'),
    )
    // typed, not parsed: `provider = aws.` is a syntax error until it is finished
    const typing = text.replace('  bucket   = "logs"', '  bucket   = "logs"\n  provider = aws.')
    c.change(main, 2, typing)
    assert.equal(await complete(c, main, typing, posOf(typing, 'provider = aws.', 15)), ['aws.east'])
    const bare = text.replace('  bucket   = "logs"', '  bucket   = "logs"\n  provider = ')
    c.change(main, 3, bare)
    assert.equal(
      await complete(c, main, bare, posOf(bare, 'provider = \n', 11)),
      ['aws', 'aws.east'],
      'aws_s3_bucket: the aws configurations, not gb',
    )
    // a new call: once analysed, its providers map completes with the module's slots, then the caller's configurations
    const call = `${text}\nmodule "net2" {\n  source = "./net"\n  providers = {\n    \n  }\n}\n`
    c.change(main, 4, call)
    await eventually(
      async () =>
        hoverText(
          await c.conn.sendRequest(HoverRequest.type, {textDocument: {uri: uriOf(main)}, position: posOf(call, 'module "net2"', 3)}),
        ),
      (h) => h.includes('module.net2'),
    )
    const key = posOf(call, '  providers = {\n    ', 20, 'module "net2"')
    assert.equal(await complete(c, main, call, key), ['aws', 'aws.src'])
    const value = call.replace('  providers = {\n    \n', '  providers = {\n    aws.src = \n')
    c.change(main, 5, value)
    assert.equal(await complete(c, main, value, posOf(value, 'aws.src = \n', 10)), ['aws', 'aws.east'])
    // configuration_aliases: the aliases the module uses but does not declare
    const net = path.join(dir, 'net', 'main.tf')
    const netText = readFileSync(net, 'utf8')
    c.open(net, netText)
    const uses = `${netText}\nresource "aws_route53_zone" "z" {\n  provider = aws.dns\n  name     = "example.com"\n}\n`
    c.change(net, 2, uses)
    await c.diagnostics(net, (d) => d.some((x) => String(x.message).includes('aws.dns')))
    const list = uses.replace('[aws.src]', '[aws.src, ]')
    c.change(net, 3, list)
    assert.equal(await complete(c, net, list, posOf(list, '[aws.src, ', 10)), ['aws.dns'])
    // nothing elsewhere
    assert.equal(await complete(c, main, value, posOf(value, 'bucket   = "logs"', 3)), [])
  } finally {
    await c.stop()
    done()
  }
})

test('#49: a rename to the name it has is an empty edit (alias and local name); provider = completes only the resource’s provider', async () => {
  const {dir, done} = copy()
  const c = await startClient(dir, CAPS)
  try {
    const main = path.join(dir, 'main.tf')
    const text = readFileSync(main, 'utf8')
    c.open(main, text)
    // the alias east, from its block and from a reference; the local name gb, used only in provider arguments
    assert.equal(await renameAt(c, main, posOf(text, '"east"', 1), 'east'), {changes: {}})
    assert.equal(await renameAt(c, main, posOf(text, 'provider = aws.east', 16), 'east'), {changes: {}})
    assert.equal(await renameAt(c, main, posOf(text, 'provider = gb', 11), 'gb'), {changes: {}})
    // another name still renames
    assert.ok(Object.keys((await renameAt(c, main, posOf(text, '"east"', 1), 'use1'))?.changes ?? {}).length > 0)
    await eventually(
      async () =>
        hoverText(
          await c.conn.sendRequest(HoverRequest.type, {
            textDocument: {uri: uriOf(main)},
            position: posOf(text, 'aws_s3_bucket" "logs"', 2),
          }),
        ),
      (h) => h.includes('aws_s3_bucket.logs'),
    )
    // google_storage_bucket: the module has no configuration of hashicorp/google, only gb (hashicorp/google-beta,
    // whose resources are google_* too, as this fixture's google_compute_network uses it), so gb alone (not the aws ones)
    const google = `${text}\nresource "google_storage_bucket" "b" {\n  provider = \n  name     = "b"\n}\n`
    c.change(main, 2, google)
    assert.equal(await complete(c, main, google, posOf(google, 'provider = \n  name     = "b"', 11)), ['gb'])
    const typed = google.replace('provider = \n  name     = "b"', 'provider = aws.\n  name     = "b"')
    c.change(main, 3, typed)
    assert.equal(await complete(c, main, typed, posOf(typed, 'provider = aws.\n  name     = "b"', 15)), [])
    // once the module has a google configuration: it, the default one beside it, and the beta twin's
    const withGoogle = `${text}\nprovider "google" {\n  alias = "eu"\n}\n`
    c.change(main, 4, withGoogle)
    await eventually(
      async () =>
        hoverText(
          await c.conn.sendRequest(HoverRequest.type, {
            textDocument: {uri: uriOf(main)},
            position: posOf(withGoogle, 'provider "google"', 3),
          }),
        ),
      (h) => h !== '',
    )
    const asking = `${withGoogle}\nresource "google_storage_bucket" "b" {\n  provider = \n  name     = "b"\n}\n`
    c.change(main, 5, asking)
    assert.equal(await complete(c, main, asking, posOf(asking, 'provider = \n  name     = "b"', 11)), ['gb', 'google', 'google.eu'])
  } finally {
    await c.stop()
    done()
  }
})

test.run()
