// A real editor applies tfgraph's fixes: Debian's Neovim, headless, runs nvim/fix-all.lua, which opens a
// copy of fixtures/fix/demo through Neovim's own LSP client, asks for `source.fixAll.tfgraph` and applies
// the workspace edit with Neovim's own function; the buffer must then read as `lint --fix` writes the file.
// Without Neovim: one SKIP line (never under CI=true, where .ci/run installs it).
import {cpSync, existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {MEMORY_ROOT, MemorySource} from '../../src/io/memory-source.js'
import {runFixes} from '../../src/lint/fix.js'
import {fixturesDir} from '../helpers/paths.js'
import {hasNeovim, runNvim} from './nvim-run.js'

test('Neovim applies source.fixAll.tfgraph: the buffer reads as lint --fix writes the file', async () => {
  if (!hasNeovim('Neovim fix-all test')) return
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-nvim-fix-'))
  try {
    const dir = path.join(tmp, 'demo')
    cpSync(path.join(fixturesDir, 'fix', 'demo'), dir, {recursive: true})
    const file = path.join(dir, 'main.tf')
    const original = readFileSync(file, 'utf8')
    const out = path.join(tmp, 'results.json')
    const script = fileURLToPath(new URL('./nvim/fix-all.lua', import.meta.url))
    const r = runNvim(script, {
      cwd: dir,
      timeout: 120_000,
      tmp,
      env: {
        TFGRAPH_OUT: out,
        TFGRAPH_WS: dir,
        TFGRAPH_FILE: file,
      },
    })
    assert.ok(existsSync(out), `Neovim wrote no results (exit ${r.status}): ${r.stdout}${r.stderr}`)
    const got = JSON.parse(readFileSync(out, 'utf8')) as {error: string | null; kind: string; lines: string[]}
    assert.is(got.error, null, `the Lua script failed: ${got.error}`)
    assert.is(got.kind, 'source.fixAll.tfgraph')
    // what lint --fix makes of the same files (one pass: these fixes do not overlap)
    const files = {
      'main.tf': original,
      'variables.tf': readFileSync(path.join(dir, 'variables.tf'), 'utf8'),
      '.terraform.lock.hcl': readFileSync(path.join(dir, '.terraform.lock.hcl'), 'utf8'),
    }
    const fixed = await runFixes({roots: [{dir: MEMORY_ROOT, options: {env: {}}}], files: new MemorySource(MEMORY_ROOT, files), env: {}})
    const expected = Buffer.from([...fixed.changed.values()][0]!.after).toString('utf8')
    assert.fixture(got.lines.join('\n') + '\n', expected)
    assert.is(readFileSync(file, 'utf8'), original, 'the server wrote nothing')
  } finally {
    rmSync(tmp, {recursive: true, force: true})
  }
})

test.run()
