// Headless Neovim 0.7.2 (Debian's `neovim`; .ci/run installs it) for the real-editor tests: whether it is
// there (a SKIP line without it, an error under CI=true), and one run of a Lua script against tfgraph lsp,
// with Neovim's state, cache and data directories in the test's own temporary directory.
import {spawnSync, type SpawnSyncReturns} from 'node:child_process'
import {existsSync} from 'node:fs'
import {tfgraphBin} from './client.js'

export const nvim = process.env['TFGRAPH_NVIM'] ?? '/usr/bin/nvim'

export function hasNeovim(what: string): boolean {
  if (existsSync(nvim)) return true
  if (process.env['CI'] === 'true')
    throw new Error(`${what}: ${nvim} is missing (CI=true: this test must not skip; .ci/run installs Debian's neovim)`)
  process.stdout.write(`SKIP ${what}: needs Neovim, not found at ${nvim} (apt-get install neovim)\n`)
  return false
}

/** Runs `script` in headless Neovim from `cwd`; TFGRAPH_NODE and TFGRAPH_BIN tell it how to start the server. */
export function runNvim(
  script: string,
  opts: {cwd: string; timeout: number; tmp: string; env: NodeJS.ProcessEnv},
): SpawnSyncReturns<string> {
  return spawnSync(nvim, ['--headless', '--clean', '-u', 'NONE', '-c', `luafile ${script}`], {
    cwd: opts.cwd,
    encoding: 'utf8',
    timeout: opts.timeout,
    env: {
      ...process.env,
      XDG_STATE_HOME: opts.tmp,
      XDG_CACHE_HOME: opts.tmp,
      XDG_DATA_HOME: opts.tmp,
      TFGRAPH_NODE: process.execPath,
      TFGRAPH_BIN: tfgraphBin,
      ...opts.env,
    },
  })
}
