#!/usr/bin/env node
// Start-up latency of every command (issue #53): each analysing command on the demo fixture, cold (an
// empty cache directory) and warm (the caches its first run filled), and the pre-commit hook on one file
// of a corpus repository (warm: the file as tfgraph last checked it; edited: a comment appended before
// each run), each run paired with `node -e 0` taken right before it. Reported: the median of the runs and
// the median of the per-pair ratios. `npm run bench` prints these rows in its CLI latency section.
//
//   npm run build && node scripts/bench-latency.mjs [CORPUS] [--runs N] [--bin CHECKOUT] [--only hook]
//
// --bin measures another built checkout's bin/run.cjs and bin/pre-commit.cjs (a commit before a change,
// say) with the same fixture and repository; --only hook measures the hook alone.
import {appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync} from 'node:fs'
import {loadavg, tmpdir} from 'node:os'
import * as path from 'node:path'
import {spawnSync} from 'node:child_process'
import {fileURLToPath} from 'node:url'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))
const COMMANDS = ['providers', 'lint', 'graph', 'lock', 'config']
/** The repository and file the hook is run on (the first repository with a main.tf at its top when it is missing). */
const HOOK_REPO = 'terraform-aws-modules__terraform-aws-vpc'

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

function timed(args, {cwd, env, ok = [0, 2]} = {}) {
  const t = process.hrtime.bigint()
  const r = spawnSync(process.execPath, args, {cwd, env, encoding: 'utf8', maxBuffer: 1 << 28})
  const ms = Number(process.hrtime.bigint() - t) / 1e6
  if (!ok.includes(r.status)) throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 2000)}`)
  return ms
}

/**
 * Measures every command on the demo fixture and the hook on one file of `corpus` (skipped when there is
 * none): `runs` pairs each; `checkout`: the built tfgraph to measure.
 */
export function measureLatency({runs = 9, corpus, checkout = repoRoot, commands = COMMANDS} = {}) {
  const work = mkdtempSync(path.join(tmpdir(), 'tfgraph-latency-'))
  const env = {...process.env, NO_COLOR: '1'}
  for (const k of Object.keys(env)) if (k.startsWith('TFGRAPH_') || k === 'NODE_OPTIONS') delete env[k]
  const run = entryOf(checkout, 'run')
  const demo = path.join('fixtures', 'providers', 'demo')
  const node = () => timed(['-e', '0'])
  const rows = []
  try {
    for (const command of commands) {
      const m = {cold: [], warm: [], coldRatio: [], warmRatio: []}
      for (let i = 0; i < runs; i++) {
        const cache = mkdtempSync(path.join(work, 'cache-'))
        const e = {...env, TFGRAPH_CACHE_DIR: cache}
        let n = node()
        const cold = timed([run, command, demo], {cwd: repoRoot, env: e})
        m.cold.push(cold)
        m.coldRatio.push(cold / n)
        n = node()
        const warm = timed([run, command, demo], {cwd: repoRoot, env: e})
        m.warm.push(warm)
        m.warmRatio.push(warm / n)
        rmSync(cache, {recursive: true, force: true})
      }
      rows.push({what: `${command} ${demo}`, ...m})
    }
    let hook
    const repos = corpus && existsSync(corpus) ? readdirSync(corpus).sort() : []
    const repo = repos.includes(HOOK_REPO) ? HOOK_REPO : repos.find((r) => existsSync(path.join(corpus, r, 'main.tf')))
    if (repo) {
      const copy = path.join(work, repo)
      cpSync(path.join(corpus, repo), copy, {recursive: true, dereference: true})
      const e = {...env, TFGRAPH_CACHE_DIR: mkdtempSync(path.join(work, 'cache-'))}
      const preCommit = [entryOf(checkout, 'pre-commit'), 'lint', 'main.tf']
      timed(preCommit, {cwd: copy, env: e, ok: [0, 1, 2]})
      hook = {repo, warm: [], warmRatio: [], edited: [], editedRatio: []}
      for (let i = 0; i < runs; i++) {
        let n = node()
        const warm = timed(preCommit, {cwd: copy, env: e, ok: [0, 1, 2]})
        hook.warm.push(warm)
        hook.warmRatio.push(warm / n)
        appendFileSync(path.join(copy, 'main.tf'), '\n# edited by the benchmark\n')
        n = node()
        const edited = timed(preCommit, {cwd: copy, env: e, ok: [0, 1, 2]})
        hook.edited.push(edited)
        hook.editedRatio.push(edited / n)
      }
    }
    return {runs, rows, hook, node: median(Array.from({length: runs}, node)), load: loadavg()}
  } finally {
    rmSync(work, {recursive: true, force: true})
  }
}

/** The result as Markdown: a table of the commands, one of the hook. */
export function latencyTable(r) {
  const ms = (xs) => `${Math.round(median(xs))} ms`
  const x = (xs, limit) =>
    `${median(xs).toFixed(2)} ×${limit === undefined ? '' : ` (target ≤ ${limit}: ${median(xs) <= limit ? 'met' : '**not met**'})`}`
  const lines = []
  if (r.rows.length > 0)
    lines.push(
      `| command | cold (empty cache directory) | cold / \`node -e 0\` | warm | warm / \`node -e 0\` |`,
      `|---|---|---|---|---|`,
      ...r.rows.map(
        (row) => `| \`tfgraph ${row.what}\` | ${ms(row.cold)} | ${x(row.coldRatio, 2.5)} | ${ms(row.warm)} | ${x(row.warmRatio, 1.5)} |`,
      ),
      '',
    )
  if (r.hook)
    lines.push(
      `| pre-commit hook (\`tfgraph-pre-commit lint main.tf\` in ${r.hook.repo}) | time | / \`node -e 0\` |`,
      `|---|---|---|`,
      `| warm (the file as tfgraph last checked it) | ${ms(r.hook.warm)} | ${x(r.hook.warmRatio, 2)} |`,
      `| edited (a comment appended before each run: the root is linted again) | ${ms(r.hook.edited)} | ${x(r.hook.editedRatio, 2)} |`,
      '',
    )
  else lines.push('SKIP the pre-commit hook: no corpus repository with a main.tf at its top.', '')
  lines.push(
    `Median of ${r.runs} runs each; each ratio is the median of the per-pair ratios (the run over the \`node -e 0\` taken right before it; \`node -e 0\`: ${Math.round(r.node)} ms). Load average at the end: ${r.load.map((l) => l.toFixed(2)).join(', ')}.`,
  )
  return lines
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2)
  const opt = (name) => {
    const i = argv.indexOf(name)
    return i >= 0 ? argv[i + 1] : undefined
  }
  const positional = argv.filter((a, i) => !a.startsWith('--') && !(i > 0 && ['--runs', '--bin', '--only'].includes(argv[i - 1])))
  const corpus = path.resolve(positional[0] ?? path.join(repoRoot, '..', 'shared', 'corpus'))
  const checkout = path.resolve(opt('--bin') ?? repoRoot)
  const only = opt('--only')
  if (only !== undefined && only !== 'hook') throw new Error(`--only takes "hook", not "${only}"`)
  const r = measureLatency({runs: Number(opt('--runs') ?? 9), corpus, checkout, ...(only === 'hook' ? {commands: []} : {})})
  console.log(latencyTable(r).join('\n'))
}

/** A checkout's entry: bin/NAME.cjs, or bin/NAME.js in a checkout from before the entries were CommonJS. */
function entryOf(checkout, name) {
  const cjs = path.join(checkout, 'bin', `${name}.cjs`)
  return existsSync(cjs) ? cjs : path.join(checkout, 'bin', `${name}.js`)
}
