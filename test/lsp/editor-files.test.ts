// Which files the editors hand the server (#49): the Neovim set-up's autocommand patterns, the VS Code
// extension's activation, document selector and file watcher, and the server's own CONFIG_FILE agree —
// Terraform Stacks' files included; and over JSON-RPC the server publishes findings on a `.tfdeploy.hcl`
// and a `.tfstack.hcl` file and answers hover on a `.tfcomponent.hcl` one.
import {cpSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {HoverRequest} from 'vscode-languageserver-protocol/node'
import {CONFIG_FILE} from '../../src/lsp/server.js'
import {fixturesDir, repoRoot} from '../helpers/paths.js'
import {startClient, uriOf} from './client.js'
import {eventually, hoverText, posOf} from './helpers.js'

const READ = [
  'main.tf',
  'main.tofu',
  'x.tf.json',
  'x.tofu.json',
  'q.tfquery.hcl',
  'q.tfquery.json',
  'c.tfcomponent.hcl',
  'c.tfcomponent.json',
  's.tfstack.hcl',
  's.tfstack.json',
  'd.tfdeploy.hcl',
]
const NOT_READ = ['x.hcl', 'terraform.tfvars', 'x.tfvars.json', 'main.tf.bak', 'x.json']

/** A glob of VS Code's kind (`**`, `*`, `{a,b}`) as a regular expression over a file name. */
function globRegExp(glob: string): RegExp {
  const body = glob
    .replace(/^\*\*\//, '')
    .replace(/[.+^$()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '[^/]*')
    .replace(/\{([^}]*)\}/g, (_m, alts: string) => `(${alts.split(',').join('|')})`)
  return new RegExp(`^${body}$`)
}

function neovimPatterns(): RegExp[] {
  const lua = readFileSync(path.join(repoRoot, 'editors', 'neovim', 'lua', 'tfgraph.lua'), 'utf8')
  const table = /M\.patterns = \{([^}]*)\}/.exec(lua)?.[1]
  assert.ok(table, 'M.patterns in tfgraph.lua')
  return [...table.matchAll(/'([^']+)'/g)].map((m) => globRegExp(m[1]!))
}

function vscodeGlobs(): {activation: RegExp[]; selector: RegExp[]; watcher: RegExp[]} {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'editors', 'vscode', 'package.json'), 'utf8')) as {activationEvents: string[]}
  const ext = readFileSync(path.join(repoRoot, 'editors', 'vscode', 'src', 'extension.ts'), 'utf8')
  const selector = /pattern:\s*'([^']+)'/.exec(ext)?.[1]
  const watcher = /createFileSystemWatcher\(\s*'([^']+)'/.exec(ext)?.[1]
  assert.ok(selector && watcher, 'the document selector and the watcher in extension.ts')
  return {
    activation: pkg.activationEvents
      .filter((e) => e.startsWith('workspaceContains:'))
      .map((e) => globRegExp(e.slice('workspaceContains:'.length))),
    selector: [globRegExp(selector)],
    watcher: [globRegExp(watcher)],
  }
}

test('#49 the Neovim set-up, the VS Code extension and the server take the same files, Stacks files included', () => {
  const vscode = vscodeGlobs()
  const takers: [string, (name: string) => boolean][] = [
    ['the server', (n) => CONFIG_FILE.test(n)],
    ['Neovim', (n) => neovimPatterns().some((r) => r.test(n))],
    ['VS Code activation', (n) => vscode.activation.some((r) => r.test(n))],
    ['VS Code selector', (n) => vscode.selector.some((r) => r.test(n))],
    ['VS Code watcher', (n) => vscode.watcher.some((r) => r.test(n))],
  ]
  for (const [who, takes] of takers) {
    assert.equal(
      READ.filter((n) => !takes(n)),
      [],
      `${who} leaves out`,
    )
    assert.equal(NOT_READ.filter(takes), [], `${who} takes`)
  }
})

test('#49 over JSON-RPC: findings on .tfdeploy.hcl and .tfstack.hcl files, hover on a .tfcomponent.hcl file', async () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-stacks-files-'))
  const regional = path.join(tmp, 'regional')
  cpSync(path.join(fixturesDir, 'stacks', 'regional'), regional, {recursive: true})
  const deprecated = path.join(tmp, 'deprecated')
  cpSync(path.join(fixturesDir, 'stacks', 'deprecated-files'), deprecated, {recursive: true})
  const c = await startClient(tmp)
  try {
    const deploy = path.join(regional, 'deployments.tfdeploy.hcl')
    const text = readFileSync(deploy, 'utf8')
    c.open(deploy, text)
    assert.equal(await c.diagnostics(deploy), [], 'a clean deployment file: an empty list')
    c.change(deploy, 2, `${text}deployment "staging" {\n`)
    const broken = await c.diagnostics(deploy, (d) => d.length > 0)
    assert.equal(
      broken.map((d) => [d.range.start.line, String(d.message).split('\n')[0]]),
      [[5, 'Unclosed configuration block']],
    )
    c.change(deploy, 3, text)
    assert.equal(await c.diagnostics(deploy, (d) => d.length === 0), [])
    const stack = path.join(deprecated, 'components.tfstack.hcl')
    c.open(stack, readFileSync(stack, 'utf8'))
    const d = await c.diagnostics(stack, (x) => x.length > 0)
    assert.ok(
      d.some((x) => String(x.message).startsWith('Stack files not read')),
      JSON.stringify(d),
    )
    const components = path.join(regional, 'components.tfcomponent.hcl')
    const ctext = readFileSync(components, 'utf8')
    c.open(components, ctext)
    const h = await eventually(
      async () =>
        hoverText(
          await c.conn.sendRequest(HoverRequest.type, {
            textDocument: {uri: uriOf(components)},
            position: posOf(ctext, 'component "storage"', 3),
          }),
        ),
      (x) => x !== '',
    )
    assert.match(h, '`component.storage` — `./modules/storage`')
  } finally {
    await c.stop()
    rmSync(tmp, {recursive: true, force: true})
  }
})

test.run()
