// `tfgraph lsp` correct under change, each bug of issue #37 as a JSON-RPC case: a file created by another
// program and then opened, or opened new and then saved; files created, deleted and renamed on the disk
// with the client's watcher and without one (the server's own); ignore comments typed into a buffer;
// a code lens per provider block when two files' blocks start at the same byte; a finding about a file to
// create shown on an existing one; hover on a module that is not installed, on action, list and import
// blocks; the lock file read once per change, not per hover; includeDeclaration; every publish of an open
// file carries its version, and a burst of edits ends with the diagnostics of the last.
import {cpSync, mkdtempSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {CodeLensRequest, FileChangeType, HoverRequest, ReferencesRequest, type Location} from 'vscode-languageserver-protocol/node'
import {fixturesDir} from '../helpers/paths.js'
import {startClient, uriOf, type Client} from './client.js'
import {eventually, hoverText, posOf} from './helpers.js'

/** The client watches files for the server (VS Code); without it, the server watches them itself (Neovim 0.7). */
const WATCHING_CLIENT = {window: {workDoneProgress: true}, workspace: {didChangeWatchedFiles: {dynamicRegistration: true}}}

function copyOf(fixture: string): {dir: string; done: () => void} {
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-changes-'))
  const dir = path.join(tmp, path.basename(fixture))
  cpSync(fixture, dir, {recursive: true})
  return {dir, done: () => rmSync(tmp, {recursive: true, force: true})}
}

const MISSING = 'resource "aws_s3_bucket" "extra" {\n  provider = aws.nowhere\n  bucket   = "extra"\n}\n'
const mentionsNowhere = (d: {message: unknown}[]): boolean => d.some((x) => String(x.message).includes('aws.nowhere'))

async function hoverOn(c: Client, file: string, text: string, needle: string, shift: number): Promise<string> {
  return hoverText(await c.conn.sendRequest(HoverRequest.type, {textDocument: {uri: uriOf(file)}, position: posOf(text, needle, shift)}))
}

test('a file created by another program, then opened; a new buffer, then saved: both analysed at once', async () => {
  const {dir, done} = copyOf(path.join(fixturesDir, 'lsp', 'workspace'))
  // the client says it watches, and then does not tell: opening alone must be enough
  const c = await startClient(dir, WATCHING_CLIENT)
  try {
    await c.diagnostics(path.join(dir, 'envs', 'dev', 'main.tf'))
    const extra = path.join(dir, 'envs', 'dev', 'extra.tf')
    writeFileSync(extra, MISSING)
    c.open(extra, MISSING)
    await c.diagnostics(extra, mentionsNowhere)
    assert.ok((await hoverOn(c, extra, MISSING, 'resource "aws_s3_bucket"', 12)).includes('`aws_s3_bucket.extra` uses'))
    // a buffer for a file that is not on the disk yet, then written there (saved), then changed
    const fresh = path.join(dir, 'envs', 'prod', 'fresh.tf')
    c.open(fresh, MISSING.replace('extra', 'fresh'))
    await c.diagnostics(fresh, mentionsNowhere)
    writeFileSync(fresh, MISSING.replace('extra', 'fresh'))
    c.change(fresh, 2, MISSING.replace('extra', 'fresh').replace('aws.nowhere', 'aws.east'))
    await c.diagnostics(fresh, (d) => !mentionsNowhere(d))
  } finally {
    await c.stop()
    done()
  }
})

test("created, deleted, renamed on the disk without the client's watcher: the server's own watcher follows", async () => {
  const {dir, done} = copyOf(path.join(fixturesDir, 'lsp', 'workspace'))
  const c = await startClient(dir)
  try {
    await c.diagnostics(path.join(dir, 'envs', 'dev', 'main.tf'))
    const extra = path.join(dir, 'envs', 'dev', 'extra.tf')
    writeFileSync(extra, MISSING)
    await c.diagnostics(extra, mentionsNowhere)
    const moved = path.join(dir, 'envs', 'dev', 'moved.tf')
    renameSync(extra, moved)
    await c.diagnostics(moved, mentionsNowhere)
    await c.diagnostics(extra, (d) => d.length === 0)
    unlinkSync(moved)
    await c.diagnostics(moved, (d) => d.length === 0)
    // a whole directory renamed away: the root goes, its findings with it
    const devMain = path.join(dir, 'envs', 'dev', 'main.tf')
    assert.ok((c.latest(devMain) ?? []).length > 0)
    renameSync(path.join(dir, 'envs', 'dev'), path.join(dir, 'envs', 'staging'))
    await c.diagnostics(devMain, (d) => d.length === 0)
    await c.diagnostics(path.join(dir, 'envs', 'staging', 'main.tf'), (d) => d.length > 0)
  } finally {
    await c.stop()
    done()
  }
})

test("created and renamed on the disk, told by the client's watcher (didChangeWatchedFiles)", async () => {
  const {dir, done} = copyOf(path.join(fixturesDir, 'lsp', 'workspace'))
  const c = await startClient(dir, WATCHING_CLIENT)
  try {
    await c.diagnostics(path.join(dir, 'envs', 'dev', 'main.tf'))
    const extra = path.join(dir, 'envs', 'prod', 'extra.tf')
    writeFileSync(extra, MISSING)
    c.watched([{uri: uriOf(extra), type: FileChangeType.Created}])
    await c.diagnostics(extra, mentionsNowhere)
    const moved = path.join(dir, 'envs', 'prod', 'moved.tf')
    renameSync(extra, moved)
    c.watched([
      {uri: uriOf(extra), type: FileChangeType.Deleted},
      {uri: uriOf(moved), type: FileChangeType.Created},
    ])
    await c.diagnostics(moved, mentionsNowhere)
    await c.diagnostics(extra, (d) => d.length === 0)
  } finally {
    await c.stop()
    done()
  }
})

test('an ignore comment typed into a buffer silences the finding; removed, it is back', async () => {
  const dir = path.join(fixturesDir, 'lsp', 'workspace')
  const c = await startClient(dir)
  try {
    const dev = path.join(dir, 'envs', 'dev', 'main.tf')
    const text = readFileSync(dev, 'utf8')
    const has = (d: {code?: unknown}[]): boolean => d.some((x) => x.code === 'lint.missing-required-provider')
    c.open(dev, text)
    await c.diagnostics(dev, has)
    c.change(dev, 2, `# tfgraph-ignore: missing-required-provider\n${text}`)
    await c.diagnostics(dev, (d) => !has(d))
    c.change(dev, 3, text)
    await c.diagnostics(dev, has)
    assert.ok(
      c.published.filter((p) => p.uri === uriOf(dev)).every((p) => p.version !== undefined),
      'an open file: every publish has its version',
    )
    assert.is(c.published.filter((p) => p.uri === uriOf(dev)).pop()?.version, 3)
  } finally {
    await c.stop()
  }
})

test('code lenses per provider block when two files have one at the same byte; a finding about terraform.tf shown on a.tf', async () => {
  const dir = path.join(fixturesDir, 'lsp', 'lens')
  const c = await startClient(dir)
  try {
    const lens = async (f: string): Promise<unknown[]> =>
      ((await c.conn.sendRequest(CodeLensRequest.type, {textDocument: {uri: uriOf(path.join(dir, f))}})) ?? []).map((l) => [
        l.range.start.line,
        l.command?.title,
        (l.command?.arguments?.[2] as unknown[]).length,
      ])
    assert.equal(await lens('a.tf'), [[0, 'used by 1 resource in 1 module', 1]])
    assert.equal(await lens('b.tf'), [[0, 'used by 2 resources in 1 module', 2]])
    // required-version names a terraform.tf to create: the editor gets it on a.tf (no main.tf here), never on terraform.tf
    const a = await c.diagnostics(path.join(dir, 'a.tf'), (d) => d.some((x) => x.code === 'lint.required-version'))
    assert.equal(
      a.filter((x) => x.code === 'lint.required-version').map((x) => x.range.start),
      [{line: 0, character: 0}],
    )
    assert.ok(!c.published.some((p) => p.uri.endsWith('/terraform.tf')), c.published.map((p) => p.uri).join(' '))
  } finally {
    await c.stop()
  }
})

test('hover: a module not installed says so; action, list and import blocks show their binding', async () => {
  const reg = path.join(fixturesDir, 'providers', 'registry-modules')
  const c = await startClient(reg)
  try {
    const main = path.join(reg, 'main.tf')
    const text = readFileSync(main, 'utf8')
    c.open(main, text)
    const h = await hoverOn(c, main, text, 'module "dns"', 3)
    assert.ok(h.startsWith('`module.dns` is not installed: '), h)
    assert.ok(h.includes('unknown until it is installed') && !h.includes('receives no provider configuration'), h)
  } finally {
    await c.stop()
  }
  const al = path.join(fixturesDir, 'providers', 'actions-and-lists')
  const d = await startClient(al)
  try {
    const main = path.join(al, 'main.tf')
    const text = readFileSync(main, 'utf8')
    const action = await hoverOn(d, main, text, 'action "aws_lambda_invoke" "notify"', 8)
    assert.ok(action.includes('`action.aws_lambda_invoke.notify` uses `provider["registry.terraform.io/hashicorp/aws"].west`'), action)
    const implied = await hoverOn(d, main, text, 'action "aws_lambda_invoke" "audit"', 8)
    assert.ok(implied.includes('uses `provider["registry.terraform.io/hashicorp/aws"]`'), implied)
    // a list block of a query file
    const query = path.join(al, 'main.tfquery.hcl')
    const q = readFileSync(query, 'utf8')
    const list = await hoverOn(d, query, q, 'list "aws_instance" "east"', 6)
    assert.ok(list.includes('`list.aws_instance.east` uses `provider["registry.terraform.io/hashicorp/aws"].east`'), list)
  } finally {
    await d.stop()
  }
  const imp = path.join(fixturesDir, 'providers', 'import-generates-config')
  const e = await startClient(imp)
  try {
    const main = path.join(imp, 'main.tf')
    const text = readFileSync(main, 'utf8')
    const h = await hoverOn(e, main, text, 'provider = aws.west', 13)
    assert.ok(h.includes('`aws_s3_bucket.legacy` uses `provider["registry.terraform.io/hashicorp/aws"].west`'), h)
    // the header of an import block that generates its resource: that resource's binding
    const header = hoverText(
      await e.conn.sendRequest(HoverRequest.type, {
        textDocument: {uri: uriOf(main)},
        position: posOf(text, 'import', 2, 'provider = aws.west'),
      }),
    )
    assert.ok(header.includes('`random_id.suffix` uses `provider["registry.terraform.io/hashicorp/random"]`'), header)
  } finally {
    await e.stop()
  }
})

test('the lock file is read once per change: a hover does not read it again, a change told about it does', async () => {
  const {dir, done} = copyOf(path.join(fixturesDir, 'lsp', 'workspace'))
  const c = await startClient(dir, WATCHING_CLIENT)
  try {
    const prod = path.join(dir, 'envs', 'prod', 'main.tf')
    const text = readFileSync(prod, 'utf8')
    c.open(prod, text)
    const locked = async (): Promise<string> => hoverOn(c, prod, text, 'aws = {', 1)
    assert.ok((await locked()).includes('locked: `5.31.0`'))
    const lock = path.join(dir, 'envs', 'prod', '.terraform.lock.hcl')
    writeFileSync(lock, readFileSync(lock, 'utf8').replaceAll('5.31.0', '5.40.0'))
    // not told: the version read with the analysis stands
    assert.ok((await locked()).includes('locked: `5.31.0`'))
    c.watched([{uri: uriOf(lock), type: FileChangeType.Changed}])
    await eventually(locked, (h) => h.includes('locked: `5.40.0`'))
  } finally {
    await c.stop()
    done()
  }
})

test('references: includeDeclaration adds the provider block itself', async () => {
  const demo = path.join(fixturesDir, 'providers', 'demo')
  const c = await startClient(demo)
  try {
    const main = path.join(demo, 'main.tf')
    const text = readFileSync(main, 'utf8')
    const refs = async (includeDeclaration: boolean): Promise<string[]> =>
      (
        ((await c.conn.sendRequest(ReferencesRequest.type, {
          textDocument: {uri: uriOf(main)},
          position: posOf(text, 'provider "aws"', 3, 'region = "eu-west-1"'),
          context: {includeDeclaration},
        })) ?? []) as Location[]
      ).map((l) => `${path.relative(demo, new URL(l.uri).pathname)}:${l.range.start.line + 1}`)
    assert.equal(await refs(false), ['network/main.tf:11', 'network/subnet/main.tf:6'])
    assert.equal(await refs(true), ['main.tf:14', 'network/main.tf:11', 'network/subnet/main.tf:6'])
  } finally {
    await c.stop()
  }
})

test('a burst of edits: coalesced, the last one wins, every publish carries the version it was computed from', async () => {
  const demo = path.join(fixturesDir, 'providers', 'demo')
  const c = await startClient(demo)
  try {
    const main = path.join(demo, 'main.tf')
    const text = readFileSync(main, 'utf8')
    c.open(main, text)
    await c.diagnostics(main)
    const edits = 60
    for (let v = 2; v <= edits + 1; v++) c.change(main, v, `${text}\nresource "aws_s3_bucket" "b${v}" {\n  provider = aws.m${v}\n}\n`)
    const last = await c.diagnostics(main, (d) => d.some((x) => String(x.message).includes(`aws.m${edits + 1}`)))
    assert.ok(!last.some((x) => String(x.message).includes(`aws.m${edits}`)), 'only the last edit')
    const mine = c.published.filter((p) => p.uri === uriOf(main))
    assert.ok(
      mine.every((p) => typeof p.version === 'number'),
      'every publish has a version',
    )
    // each publish names only its own version's resource: the diagnostics are those of the text of that version
    for (const p of mine.slice(1)) {
      const named = new Set(p.diagnostics.flatMap((x) => [...String(x.message).matchAll(/aws\.m(\d+)/g)].map((m) => Number(m[1]))))
      assert.ok(
        [...named].every((n) => n === p.version),
        `version ${p.version}: ${[...named].join(',')}`,
      )
    }
    assert.ok(mine.length < edits / 2, `coalesced: ${mine.length} publishes for ${edits} edits`)
  } finally {
    await c.stop()
  }
})

test.run()
