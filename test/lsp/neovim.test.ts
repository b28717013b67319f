// A real editor as the client: Debian's Neovim (0.7 or later has the LSP client), headless, runs
// nvim/requests.lua, which opens a fixture file through Neovim's own LSP client and asks `tfgraph lsp`
// for hover, definition and references; the test reads what Neovim got. Without Neovim: one SKIP line
// (never under CI=true, where .ci/run installs it).
import {cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {fixturesDir, repoRoot} from '../helpers/paths.js'
import {hasNeovim, runNvim} from './nvim-run.js'
import {posOf} from './helpers.js'

interface NvimResults {
  error: string | null
  hover: {contents: {kind: string; value: string}} | null
  definition: {uri: string; range: {start: {line: number}}}[] | null
  references: {uri: string; range: {start: {line: number}}}[] | null
  version: {major: number; minor: number}
}

test('Neovim as the client: hover, definition and references on the demo fixture', () => {
  if (!hasNeovim('Neovim LSP client test')) return
  const demo = path.join(fixturesDir, 'providers', 'demo')
  const file = path.join(demo, 'network', 'subnet', 'main.tf')
  const main = path.join(demo, 'main.tf')
  const at = posOf(readFileSync(file, 'utf8'), 'resource "aws_subnet"', 12)
  const refs = posOf(readFileSync(main, 'utf8'), 'provider "aws"', 3, 'region = "eu-west-1"')
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-nvim-'))
  try {
    const out = path.join(tmp, 'results.json')
    const script = fileURLToPath(new URL('./nvim/requests.lua', import.meta.url))
    const r = runNvim(script, {
      cwd: demo,
      timeout: 120_000,
      tmp,
      env: {
        TFGRAPH_OUT: out,
        TFGRAPH_WS: demo,
        TFGRAPH_FILE: file,
        TFGRAPH_LINE: String(at.line),
        TFGRAPH_CHARACTER: String(at.character),
        TFGRAPH_REFS_FILE: main,
        TFGRAPH_REFS_LINE: String(refs.line),
        TFGRAPH_REFS_CHARACTER: String(refs.character),
      },
    })
    assert.ok(existsSync(out), `Neovim wrote no results (exit ${r.status}): ${r.stdout}${r.stderr}`)
    const got = JSON.parse(readFileSync(out, 'utf8')) as NvimResults
    assert.is(got.error, null, `the Lua script failed: ${got.error}`)
    assert.ok(got.version.major > 0 || got.version.minor >= 7, `Neovim ${got.version.major}.${got.version.minor}`)
    assert.ok(got.hover?.contents.value.includes('uses `provider["registry.terraform.io/hashicorp/aws"].east`'), JSON.stringify(got.hover))
    assert.ok(
      got.hover?.contents.value.includes('4. module.network receives aws = aws.east from the root module'),
      JSON.stringify(got.hover),
    )
    assert.equal(
      (got.definition ?? []).map((l) => [l.uri, l.range.start.line]),
      [[pathToFileURL(main).toString(), 13]],
    )
    assert.equal((got.references ?? []).map((l) => path.relative(demo, fileURLToPath(l.uri))).sort(), [
      'network/main.tf',
      'network/subnet/main.tf',
    ])
  } finally {
    rmSync(tmp, {recursive: true, force: true})
  }
})

interface NvimRenameResults {
  error: string | null
  api: string
  version: {major: number; minor: number}
  renamed_files: number
  completion: string[]
  roots: string[]
  started: {name: string; root_dir: string}[]
}

/** Runs nvim/rename-complete.lua on a fresh copy of fixtures/lsp/rename (with `.terraform`, no `.git`); `api`: the set-up branch. */
function renameAndComplete(api: '0.7' | '0.8'): {
  got: NvimRenameResults
  files: Record<string, string>
  ws: string
  original: Record<string, string>
} {
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-nvim-'))
  try {
    const ws = path.join(tmp, 'rename')
    cpSync(path.join(fixturesDir, 'lsp', 'rename'), ws, {recursive: true})
    mkdirSync(path.join(ws, '.terraform'))
    const read = (): Record<string, string> =>
      Object.fromEntries(
        ['main.tf', 'net/main.tf', 'net/peer/main.tf', 'extra.tf.json'].map((f) => [f, readFileSync(path.join(ws, f), 'utf8')]),
      )
    const original = read()
    const out = path.join(tmp, 'results.json')
    const script = fileURLToPath(new URL('./nvim/rename-complete.lua', import.meta.url))
    const r = runNvim(script, {
      cwd: ws,
      timeout: 180_000,
      tmp,
      env: {
        TFGRAPH_OUT: out,
        TFGRAPH_WS: ws,
        TFGRAPH_PLUGIN: path.join(repoRoot, 'editors', 'neovim', 'lua'),
        TFGRAPH_NVIM_API: api,
      },
    })
    assert.ok(existsSync(out), `Neovim wrote no results (exit ${r.status}): ${r.stdout}${r.stderr}`)
    return {got: JSON.parse(readFileSync(out, 'utf8')) as NvimRenameResults, files: read(), ws, original}
  } finally {
    rmSync(tmp, {recursive: true, force: true})
  }
}

for (const api of ['0.7', '0.8'] as const)
  test(`Neovim with tfgraph's set-up (${api} branch): renames an alias across a root and its module, completes provider = aws.`, () => {
    if (!hasNeovim(`Neovim rename and completion test (${api})`)) return
    const {got, files, ws, original} = renameAndComplete(api)
    assert.is(got.error, null, `the Lua script failed: ${got.error}`)
    assert.is(got.renamed_files, 2)
    assert.equal(files, {
      ...original,
      'main.tf': original['main.tf']!.replace('aws.src = aws.east', 'aws.edge = aws.east'),
      'net/main.tf': original['net/main.tf']!.replace('[aws.src]', '[aws.edge]')
        .replace('provider   = aws.src', 'provider   = aws.edge')
        .replace('aws = aws.src', 'aws = aws.edge'),
    })
    assert.equal(got.completion, ['aws.east'])
    // no .git: one client, at the directory with .terraform, for the module's file and the root's
    assert.equal(
      got.roots.map((r) => path.resolve(r)),
      [ws],
    )
    if (api === '0.8' && got.api === '0.8 (emulated)')
      assert.equal(
        got.started.map((s) => [s.name, path.resolve(s.root_dir)]),
        [
          ['tfgraph', ws],
          ['tfgraph', ws],
        ],
      )
  })

test.run()
