#!/usr/bin/env node
// `npm run bench:lsp:nvim`: hover during a burst of edits as a real editor sends them (issue #48). Headless
// Neovim (Debian's 0.7.2, as the editor tests use) is the client of `tfgraph lsp` on cloud-foundation-fabric's
// fast/stages/0-org-setup from ../shared/corpus, main.tf open (scripts/bench-lsp-nvim.lua does the editing):
// BENCH_WARM edits one after another, then BENCH_BURST edits at once and hovers one after another until the
// burst's last diagnostics. Two ways of sending, each BENCH_ROUNDS times, in turn: Neovim 0.7's default
// (`debounce_text_changes` 150 ms: pending changes go out together, at the latest in front of the next
// request) and every edit sent at once (debounce 0: 300 notifications queued before the first hover, as
// scripts/bench-lsp.mjs's own client sends them). Prints a table; a benchmark, not a test: nothing fails.
// `--bin DIR` runs another checkout's server (DIR/bin/run.cjs, built), for a paired run.
import {spawnSync} from 'node:child_process'
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {loadavg, tmpdir} from 'node:os'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'

const repo = fileURLToPath(new URL('..', import.meta.url))
const shared = process.env.TFGRAPH_SHARED ?? path.resolve(repo, '..', 'shared')
const stage = path.join(shared, 'corpus', 'GoogleCloudPlatform__cloud-foundation-fabric', 'fast', 'stages', '0-org-setup')
const nvim = process.env.TFGRAPH_NVIM ?? '/usr/bin/nvim'
const binArg = process.argv.indexOf('--bin')
const bin =
  binArg >= 0
    ? ['run.cjs', 'run.js'].map((f) => path.resolve(process.argv[binArg + 1], 'bin', f)).find((f) => existsSync(f))
    : path.join(repo, 'bin', 'run.cjs')
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const BURST = Number(process.env.BENCH_BURST ?? 300)
const WARM = Number(process.env.BENCH_WARM ?? 50)
for (const [what, where] of [
  ['../shared', stage],
  ['Neovim', nvim],
]) {
  if (!existsSync(where)) {
    console.log(`SKIP bench:lsp:nvim: ${what} not found at ${where}`)
    process.exit(0)
  }
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]
}
const ms = (x) => `${x.toFixed(1)} ms`
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ')

/** One Neovim session with `debounce` ms: what the Lua script measured. */
function session(debounce) {
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-bench-nvim-'))
  try {
    const out = path.join(tmp, 'out.json')
    const r = spawnSync(
      nvim,
      ['--headless', '--clean', '-u', 'NONE', '-c', `luafile ${path.join(repo, 'scripts', 'bench-lsp-nvim.lua')}`],
      {
        cwd: stage,
        encoding: 'utf8',
        timeout: 300_000,
        env: {
          ...process.env,
          XDG_STATE_HOME: tmp,
          XDG_CACHE_HOME: tmp,
          XDG_DATA_HOME: tmp,
          TFGRAPH_NODE: process.execPath,
          TFGRAPH_BIN: bin,
          BENCH_OUT: out,
          BENCH_WS: stage,
          BENCH_FILE: path.join(stage, 'main.tf'),
          BENCH_DEBOUNCE: String(debounce),
          BENCH_BURST: String(BURST),
          BENCH_WARM: String(WARM),
        },
      },
    )
    if (!existsSync(out)) throw new Error(`Neovim wrote nothing (exit ${r.status}): ${r.stderr || r.stdout}`)
    const result = JSON.parse(readFileSync(out, 'utf8'))
    if (result.error !== null) throw new Error(`Neovim: ${result.error}`)
    return result
  } finally {
    rmSync(tmp, {recursive: true, force: true})
  }
}

const loadBefore = load()
const modes = [150, 0]
const runs = new Map(modes.map((d) => [d, []]))
for (let round = 0; round < ROUNDS; round++) for (const d of modes) runs.get(d).push(session(d))

const version = (() => {
  const v = runs.get(modes[0])[0].version
  return `${v.major}.${v.minor}.${v.patch}`
})()
const rows = []
for (const d of modes) {
  const rs = runs.get(d)
  const hovers = rs.flatMap((r) => r.hovers)
  const firsts = rs.map((r) => r.hovers[0])
  const warm = rs.flatMap((r) => r.warm)
  rows.push(
    `| ${d === 150 ? "debounce 150 ms (Neovim 0.7's default)" : 'debounce 0 (every edit sent at once)'} | ` +
      `${firsts.map(ms).join(', ')} (Neovim's own sending of the changes in front of it: ${rs.map((r) => ms(r.flushed[0])).join(', ')}) | ${ms(pct(hovers, 50))} / ${ms(pct(hovers, 95))} (${hovers.length} hovers) | ` +
      `${rs.map((r) => ms(r.lastDiagnostics)).join(', ')} | ${ms(pct(warm, 50))} / ${ms(pct(warm, 95))} |`,
  )
}
console.log(
  [
    `Neovim ${version} as the client of ${bin} on 0-org-setup (main.tf open), ${ROUNDS} session(s) per setting in turn; ${WARM} edits one after another, then a burst of ${BURST} edits at once with hovers asked one after another until its last diagnostics; load average ${loadBefore} before and ${load()} after.`,
    '',
    '| the changes sent with | the first hover of each burst (timed in Neovim) | every hover of the bursts: p50 / p95 | the burst → its last diagnostics | an edit → its diagnostics, one after another: p50 / p95 |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n'),
)
