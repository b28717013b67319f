// Neovim 0.7.2 headless with tfgraph's set-up given a state file (#51), through nvim/state.lua: the
// option reaches the server as its initialization option, Neovim shows the state's errors on the root's
// main file, and the provider blocks' code lenses count the state's objects. Without Neovim: one SKIP line
// (never under CI=true).
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {repoRoot} from '../helpers/paths.js'
import {hasNeovim, runNvim} from './nvim-run.js'

const TF = 'terraform.io/builtin/terraform'

const MAIN = 'provider "terraform" {}\n\nresource "terraform_data" "b" {}\n'

function stateText(): string {
  const resource = (module: string, name: string, provider: string): Record<string, unknown> => ({
    ...(module ? {module} : {}),
    mode: 'managed',
    type: 'terraform_data',
    name,
    provider,
    instances: [{schema_version: 0, attributes: {id: name}, sensitive_attributes: []}],
  })
  return JSON.stringify({
    version: 4,
    terraform_version: '1.11.4',
    serial: 1,
    lineage: 'c0ffee00-0000-0000-0000-000000000000',
    outputs: {},
    resources: [
      resource('', 'a', `provider["${TF}"].x`),
      resource('', 'b', `provider["${TF}"]`),
      resource('module.gone', 'w', `module.gone.provider["${TF}"]`),
    ],
  })
}

interface Results {
  error: string | null
  codes: string[]
  lenses: string[]
  version: {major: number; minor: number}
}

test('#51 Neovim: setup({state = …}) shows the state errors on the root main file and counts objects in the lens', () => {
  if (!hasNeovim('Neovim state test')) return
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-nvim-state-'))
  try {
    const ws = path.join(tmp, 'ws')
    mkdirSync(path.join(ws, '.git'), {recursive: true})
    writeFileSync(path.join(ws, 'main.tf'), MAIN)
    mkdirSync(path.join(ws, 'states'))
    writeFileSync(path.join(ws, 'states', 'prod.json'), stateText())
    const out = path.join(tmp, 'results.json')
    const script = fileURLToPath(new URL('./nvim/state.lua', import.meta.url))
    const r = runNvim(script, {
      cwd: ws,
      timeout: 120_000,
      tmp,
      env: {
        TFGRAPH_OUT: out,
        TFGRAPH_PLUGIN: path.join(repoRoot, 'editors', 'neovim', 'lua'),
        TFGRAPH_FILE: path.join(ws, 'main.tf'),
        // not in the root's directory: the folder's only root takes it
        TFGRAPH_STATE: 'states/prod.json',
      },
    })
    assert.ok(existsSync(out), `Neovim wrote no results (exit ${r.status}): ${r.stdout}${r.stderr}`)
    const got = JSON.parse(readFileSync(out, 'utf8')) as Results
    assert.is(got.error, null, `the Lua script failed: ${got.error}`)
    assert.ok(got.version.major > 0 || got.version.minor >= 7, `Neovim ${got.version.major}.${got.version.minor}`)
    assert.is(got.codes.filter((c) => c === 'state.provider-configuration-missing').length, 2, JSON.stringify(got.codes))
    assert.equal(got.lenses, ['used by 1 resource in 1 module · 1 state object'])
  } finally {
    rmSync(tmp, {recursive: true, force: true})
  }
})

test.run()
