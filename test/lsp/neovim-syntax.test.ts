// A syntax error typed in a real editor (issue #49, item 7): Debian's Neovim, headless, runs
// nvim/syntax-error.lua on a copy of fixtures/lsp/syntax-error, which types an unclosed block into the
// called module's main.tf through Neovim's own LSP client. The root's findings that depend on the module
// are held back (the parse error is the finding), and hover and definition on the module's unchanged
// blocks answer from its last good parse. Without Neovim: one SKIP line (never under CI=true).
import {cpSync, existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {fixturesDir} from '../helpers/paths.js'
import {hasNeovim, runNvim} from './nvim-run.js'

interface Results {
  error: string | null
  l1: string[]
  root: string[]
  hover_line: number
  hover: {contents: {kind: string; value: string}; range?: {start: {line: number}}} | null
  definition: {uri: string; range: {start: {line: number}}}[] | null
  /** Absent: Lua drops a nil (the server answered null). */
  new_hover?: unknown
}

test('Neovim: an unclosed block typed in a module holds back the findings that depend on it; its unchanged blocks still answer', () => {
  if (!hasNeovim('Neovim syntax error test')) return
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-nvim-syntax-'))
  try {
    const ws = path.join(tmp, 'syntax-error')
    cpSync(path.join(fixturesDir, 'lsp', 'syntax-error'), ws, {recursive: true})
    const main = path.join(ws, 'main.tf')
    const l1 = path.join(ws, 'l1', 'main.tf')
    const original = readFileSync(l1, 'utf8')
    const out = path.join(tmp, 'results.json')
    const script = fileURLToPath(new URL('./nvim/syntax-error.lua', import.meta.url))
    const r = runNvim(script, {
      cwd: ws,
      timeout: 150_000,
      tmp,
      env: {
        TFGRAPH_OUT: out,
        TFGRAPH_WS: ws,
        TFGRAPH_ROOT_FILE: main,
        TFGRAPH_FILE: l1,
      },
    })
    assert.ok(existsSync(out), `Neovim wrote no results (exit ${r.status}): ${r.stdout}${r.stderr}`)
    const got = JSON.parse(readFileSync(out, 'utf8')) as Results
    assert.is(got.error, null, `the Lua script failed: ${got.error}`)
    // the parse error alone in the module's file
    assert.equal(
      got.l1.map((m) => m.split('\n')[0]),
      ['Unclosed configuration block'],
    )
    // the root's findings of its tree held back; those of its own files alone stay
    assert.equal(got.root.map((m) => m.split('\n')[0]).sort(), ['Variable declared but not used', 'Variable without a type'])
    // hover on a block below the new one: from the last good parse, at the block's line in the buffer
    assert.match(got.hover?.contents.value ?? '', '`module.l1.aws_s3_bucket.b` uses')
    assert.is(got.hover?.range?.start.line, got.hover_line)
    // the root's configuration (the module on its own, first analysed with the error, has nothing to say)
    assert.equal(
      (got.definition ?? []).map((l) => [l.uri, l.range.start.line]),
      [[pathToFileURL(main).toString(), 11]],
    )
    // the block being typed is not in the last good parse
    assert.is(got.new_hover ?? null, null, JSON.stringify(got.new_hover))
    assert.is(readFileSync(l1, 'utf8'), original, 'the buffer was not saved')
  } finally {
    rmSync(tmp, {recursive: true, force: true})
  }
})

test.run()
