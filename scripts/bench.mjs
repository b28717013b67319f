#!/usr/bin/env node
// The benchmark (issue: speed). One run measures, each in a fresh Node process, over ../shared/corpus
// (or the directory given) as a whole and per repository:
//   read floor, raw parse floor (@cdktf/hcl2json), tfgraph's own parser alone, tfgraph's full analysis cold with one job and with all cores, warm
//   (parse cache filled), and the peer @evops/hcl-terraform-parser;
// then the CLI latency of `tfgraph providers` on a small bundled fixture (cold and warm, median of
// several runs), the worker-pool crossover, and a synthetic scaling curve. It prints a report and
// writes it into BENCHMARKS.md between the `bench:start` / `bench:end` markers, with a plot of the
// curve in docs/images/bench-scaling.svg.
//
//   npm run build && npm run bench [-- CORPUS] [--rounds N] [--quick] [--no-write]
//
// Rounds alternate the modes (floor, cold, …) so each ratio compares measurements taken close
// together; the minimum of the rounds is reported (the least disturbed by other work on the machine).
import {execFileSync, spawnSync} from 'node:child_process'
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {availableParallelism, cpus, tmpdir, totalmem} from 'node:os'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'
import {generate} from './synth.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const repoRoot = path.join(here, '..')
const argv = process.argv.slice(2)
const flag = (name) => argv.includes(name)
const opt = (name, dflt) => {
  const i = argv.indexOf(name)
  return i >= 0 ? argv[i + 1] : dflt
}
const positional = argv.filter((a, i) => !a.startsWith('--') && !(i > 0 && argv[i - 1] === '--rounds'))
const corpus = path.resolve(positional[0] ?? path.join(repoRoot, '..', 'shared', 'corpus'))
const quick = flag('--quick')
const rounds = Number(opt('--rounds', quick ? 1 : 2))
const cores = availableParallelism()
if (!existsSync(path.join(repoRoot, 'dist', 'src', 'index.js'))) {
  console.error('dist/ is missing: run `npm run build` first')
  process.exit(1)
}

// ---- the corpus: module directories (every directory with configuration files) per repository
function listModules(root) {
  const modules = []
  const walk = (dir, repo) => {
    let entries
    try {
      entries = readdirSync(dir, {withFileTypes: true})
    } catch {
      return
    }
    const names = entries.filter((e) => e.isFile()).map((e) => e.name)
    const tofu = names.some((n) => n.endsWith('.tofu') || n.endsWith('.tofu.json'))
    const exts = tofu ? ['.tf', '.tf.json', '.tofu', '.tofu.json'] : ['.tf', '.tf.json']
    let files = names.filter((n) => !n.startsWith('.') && exts.some((e) => n.endsWith(e)))
    if (tofu) {
      const set = new Set(files)
      files = files.filter(
        (n) =>
          !(n.endsWith('.tf') && set.has(n.slice(0, -3) + '.tofu')) && !(n.endsWith('.tf.json') && set.has(n.slice(0, -8) + '.tofu.json')),
      )
    }
    if (files.length > 0) modules.push({repo, dir, files: files.sort()})
    for (const e of entries) if (e.isDirectory() && !e.name.startsWith('.')) walk(path.join(dir, e.name), repo)
  }
  for (const e of readdirSync(root, {withFileTypes: true}).sort((a, b) => a.name.localeCompare(b.name))) {
    // repositories may be symbolic links (a corpus assembled by hand)
    if ((e.isDirectory() || (e.isSymbolicLink() && statSync(path.join(root, e.name)).isDirectory())) && !e.name.startsWith('.'))
      walk(path.join(root, e.name), e.name)
  }
  return modules
}

const work = mkdtempSync(path.join(tmpdir(), 'tfgraph-bench-'))
const modules = listModules(corpus)
const repos = [...new Set(modules.map((m) => m.repo))]
const modulesFile = path.join(work, 'modules.json')
writeFileSync(modulesFile, JSON.stringify(modules))
const reposFile = path.join(work, 'repos.json')
writeFileSync(reposFile, JSON.stringify(repos.map((repo) => ({repo, dir: path.join(corpus, repo)}))))

const worker = path.join(here, 'bench-worker.mjs')
function measure(mode, list, env = {}) {
  const out = execFileSync(process.execPath, [worker, mode, list], {encoding: 'utf8', maxBuffer: 1 << 26, env: {...process.env, ...env}})
  return JSON.parse(out.trim().split('\n').pop())
}
const noCache = {TFGRAPH_NO_CACHE: '1'}
const modes = {
  read: () => measure('read', modulesFile),
  floor: () => measure('floor', modulesFile),
  own: () => measure('own', modulesFile),
  cold1: () => measure('analyze', reposFile, {...noCache, TFGRAPH_JOBS: '1'}),
  coldN: () => measure('analyze', reposFile, {...noCache, TFGRAPH_JOBS: String(cores)}),
}
const runs = {read: [], floor: [], own: [], cold1: [], coldN: [], warm: [], warmParse: [], peer: []}
const log = (s) => process.stderr.write(s + '\n')
for (let r = 0; r < rounds; r++) {
  for (const [name, fn] of Object.entries(modes)) {
    const m = fn()
    runs[name].push(m)
    log(`round ${r + 1}/${rounds}: ${name} ${m.ms} ms, ${m.maxRssMb} MB`)
  }
  // warm: a fresh cache filled by one cold run (all cores), then read back
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'tfgraph-bench-cache-'))
  measure('analyze', reposFile, {TFGRAPH_CACHE_DIR: cacheDir})
  const w = measure('analyze', reposFile, {TFGRAPH_CACHE_DIR: cacheDir})
  runs.warm.push(w)
  log(`round ${r + 1}/${rounds}: warm ${w.ms} ms, ${w.maxRssMb} MB`)
  // the parse cache alone: stored results dropped (as after an upgrade of tfgraph, or with every root changed)
  rmSync(path.join(cacheDir, 'results'), {recursive: true, force: true})
  const wp = measure('analyze', reposFile, {TFGRAPH_CACHE_DIR: cacheDir})
  runs.warmParse.push(wp)
  log(`round ${r + 1}/${rounds}: warm parse cache only ${wp.ms} ms, ${wp.maxRssMb} MB`)
  rmSync(cacheDir, {recursive: true, force: true})
}
// the peer takes about a minute: once
runs.peer.push(measure('peer', modulesFile))
log(`peer ${runs.peer[0].ms} ms`)

const best = (xs) => xs.reduce((a, b) => (b.ms < a.ms ? b : a))
const B = Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, best(v)]))
const maxRss = (xs) => Math.max(...xs.map((x) => x.maxRssMb))

// ---- CLI latency on a small bundled fixture
const fixture = path.join(repoRoot, 'fixtures', 'providers', 'demo')
function wall(args, env) {
  const t = process.hrtime.bigint()
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'run.js'), ...args], {env: {...process.env, ...env}, encoding: 'utf8'})
  if (r.status !== 0) throw new Error(`tfgraph ${args.join(' ')} exited ${r.status}: ${r.stderr}`)
  return Number(process.hrtime.bigint() - t) / 1e6
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const latencyRuns = quick ? 3 : 9
const lat = {node: [], version: [], first: [], cold: [], warm: []}
for (let i = 0; i < latencyRuns; i++) {
  const t = process.hrtime.bigint()
  spawnSync(process.execPath, ['-e', '0'])
  lat.node.push(Number(process.hrtime.bigint() - t) / 1e6)
  lat.version.push(wall(['--version'], {}))
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'tfgraph-bench-lat-'))
  // first: an empty cache directory (a fresh install); cold: nothing stored for this fixture, but the
  // parser's inflated module is there from an earlier run; warm: the same command again
  lat.first.push(wall(['providers', fixture], {TFGRAPH_CACHE_DIR: cacheDir}))
  for (const area of ['parse', 'results']) rmSync(path.join(cacheDir, area), {recursive: true, force: true})
  lat.cold.push(wall(['providers', fixture], {TFGRAPH_CACHE_DIR: cacheDir}))
  lat.warm.push(wall(['providers', fixture], {TFGRAPH_CACHE_DIR: cacheDir}))
  rmSync(cacheDir, {recursive: true, force: true})
}
const L = Object.fromEntries(Object.entries(lat).map(([k, v]) => [k, median(v)]))
log(
  `latency: node ${L.node.toFixed(0)} ms, --version ${L.version.toFixed(0)} ms, providers first ${L.first.toFixed(0)} ms, cold ${L.cold.toFixed(0)} ms, warm ${L.warm.toFixed(0)} ms`,
)

// ---- pool crossover and the scaling curve on synthetic configurations
function synthRun(files, env) {
  const dir = path.join(work, `synth-${files}`)
  if (!existsSync(dir)) generate(dir, files)
  const list = path.join(work, `synth-${files}.json`)
  writeFileSync(list, JSON.stringify([{repo: 'synthetic', dir}]))
  return measure('analyze', list, {...noCache, ...env})
}
const crossover = []
for (const files of quick ? [100, 400] : [50, 100, 200, 400, 800]) {
  const one = synthRun(files, {TFGRAPH_JOBS: '1', TFGRAPH_POOL_THRESHOLD: '1000000000'})
  const pool = synthRun(files, {TFGRAPH_JOBS: String(cores), TFGRAPH_POOL_THRESHOLD: '0'})
  crossover.push({files, one: one.ms, pool: pool.ms})
  log(`crossover ${files} files: in-process ${one.ms} ms, pool from the first file ${pool.ms} ms`)
}
const curve = []
for (const files of quick ? [100, 1000, 4000] : [100, 500, 1000, 2000, 5000, 10000, 20000]) {
  const m = synthRun(files, {TFGRAPH_JOBS: String(cores)})
  curve.push({files, ms: m.ms, mb: m.maxRssMb})
  log(`scaling ${files} files: ${m.ms} ms, ${m.maxRssMb} MB`)
}
rmSync(work, {recursive: true, force: true})

// ---- report
const fmt = (n) => Math.round(n).toLocaleString('en-US')
const ratio = (a, b) => (a / b).toFixed(2)
const totals = {files: B.read.files, bytes: B.read.bytes}
const repoRows = repos.map((repo) => {
  const g = (m) => B[m].perRepo[repo] ?? {ms: 0}
  return {
    repo,
    files: g('read').files,
    bytes: g('read').bytes,
    modules: g('cold1').modules,
    resources: g('cold1').resources,
    read: g('read').ms,
    floor: g('floor').ms,
    cold1: g('cold1').ms,
    coldN: g('coldN').ms,
    warm: g('warm').ms,
    peer: g('peer').ms,
  }
})
const sum = (k) => repoRows.reduce((n, r) => n + (r[k] ?? 0), 0)
const target = (ok) => (ok ? 'met' : '**not met**')
const date = new Date().toISOString().slice(0, 10)
const cpu = cpus()[0]?.model ?? 'unknown CPU'
const lines = []
lines.push(`<!-- bench:start (written by scripts/bench.mjs; edits between the markers are overwritten) -->`)
lines.push(`## Speed: the whole pipeline against the parse floor and a peer`)
lines.push('')
lines.push(
  `Command: \`npm run build && npm run bench\`${quick ? ' (`--quick`)' : ''} — ${date}, ${cores} cores (${cpu}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${rounds} round(s), minimum reported, every measurement in a fresh process.`,
)
lines.push('')
lines.push(
  `Corpus \`${path.relative(repoRoot, corpus) || corpus}\`: ${repos.length} repositories, ${fmt(modules.length)} module directories, ${fmt(totals.files)} files, ${(totals.bytes / 1e6).toFixed(1)} MB; the analysis found ${fmt(sum('modules'))} module directories reachable from root modules with ${fmt(sum('resources'))} resources.`,
)
lines.push('')
lines.push(
  `- *read floor*: read every file; *parse floor*: \`@cdktf/hcl2json\` (the reference parser, \`--parser hcl2json\`) on every native file, one call per file, one thread, no tfgraph code (\`JSON.parse\` for JSON files); *own parser alone*: tfgraph's parser on the same files, nothing else.`,
)
lines.push(
  `- *cold*: tfgraph's full analysis as \`tfgraph lint --recursive\` runs it per repository (find root modules; load, merge, crawl, resolve providers, lint each), parse cache off; *1 job* = no worker threads, *${cores} jobs* = worker pool.`,
)
lines.push(
  `- *warm*: the same again, caches filled by a previous run: the results cache answers every root whose inputs (files, directory listings) are unchanged, and nothing is parsed or analysed; *warm, parse cache only*: stored results removed, so every root is analysed from cached parse trees. *peer*: \`@evops/hcl-terraform-parser\` (terraform-config-inspect compiled to JavaScript: inspects one file at a time, merges and resolves nothing) on every native file.`,
)
lines.push('')
lines.push(`| | time | ratio | peak RSS | target |`)
lines.push(`|---|---|---|---|---|`)
lines.push(`| read floor | ${fmt(B.read.ms)} ms | 1 × read | ${maxRss(runs.read)} MB | |`)
lines.push(`| parse floor | ${fmt(B.floor.ms)} ms | 1 × parse | ${maxRss(runs.floor)} MB | |`)
const mbps = (m, less = 0) => (m.bytes / 1e6 / ((m.ms - less) / 1000)).toFixed(1)
lines.push(
  `| tfgraph's own parser alone (src/hcl/native), ${mbps(B.own, B.read.ms)} MB/s without the reading (read floor ${mbps(B.read)} MB/s, parse floor ${mbps(B.floor, B.read.ms)} MB/s) | ${fmt(B.own.ms)} ms | ${ratio(B.own.ms, B.floor.ms)} × parse | ${maxRss(runs.own)} MB | ≥ 10 MB/s: ${target(B.own.bytes / 1e3 / (B.own.ms - B.read.ms) >= 10)} |`,
)
lines.push(
  `| tfgraph cold, 1 job | ${fmt(B.cold1.ms)} ms | **${ratio(B.cold1.ms, B.floor.ms)}** × parse | ${maxRss(runs.cold1)} MB | ≤ 0.3: ${target(B.cold1.ms <= 0.3 * B.floor.ms)}; stretch ≤ 0.15: ${target(B.cold1.ms <= 0.15 * B.floor.ms)} |`,
)
lines.push(
  `| tfgraph cold, ${cores} jobs (default settings) | ${fmt(B.coldN.ms)} ms | **${ratio(B.coldN.ms, B.floor.ms)}** × parse | ${maxRss(runs.coldN)} MB | ≤ 0.3: ${target(B.coldN.ms <= 0.3 * B.floor.ms)}; stretch ≤ 0.15: ${target(B.coldN.ms <= 0.15 * B.floor.ms)} |`,
)
lines.push(
  `| tfgraph warm | ${fmt(B.warm.ms)} ms | **${ratio(B.warm.ms, B.read.ms)}** × read | ${maxRss(runs.warm)} MB | ≤ 4: ${target(B.warm.ms <= 4 * B.read.ms)} |`,
)
lines.push(
  `| tfgraph warm, parse cache only | ${fmt(B.warmParse.ms)} ms | ${ratio(B.warmParse.ms, B.read.ms)} × read | ${maxRss(runs.warmParse)} MB | |`,
)
lines.push(
  `| peer | ${fmt(B.peer.ms)} ms | peer / tfgraph cold ${cores} jobs = **${ratio(B.peer.ms, B.coldN.ms)}** | ${maxRss(runs.peer)} MB | ≥ 5: ${target(B.peer.ms >= 5 * B.coldN.ms)} |`,
)
const peak = Math.max(maxRss(runs.cold1), maxRss(runs.coldN), maxRss(runs.warm), maxRss(runs.warmParse))
lines.push('')
lines.push(
  `Peak memory of tfgraph over the whole corpus: ${peak} MB (target ≤ 250 MB: ${target(peak <= 250)}). Rounds (ms): ${Object.entries(runs)
    .map(([k, v]) => `${k} [${v.map((x) => x.ms).join(', ')}]`)
    .join('; ')}.`,
)
lines.push('')
// the floor itself moves between rounds on a shared machine: the ratios within each round, for comparison
const perRound = runs.floor.map(
  (f, i) =>
    `round ${i + 1}: cold 1 job ${ratio(runs.cold1[i].ms, f.ms)} ×, cold ${cores} jobs ${ratio(runs.coldN[i].ms, f.ms)} × parse, warm ${ratio(runs.warm[i].ms, runs.read[i].ms)} × read`,
)
lines.push(`Ratios within each round (the floor moves between rounds on this shared machine): ${perRound.join('; ')}.`)
lines.push('')
lines.push(
  `Per repository (ms; the analysis time includes finding root modules, and a module reached from several roots counts once in *modules*/*resources*):`,
)
lines.push('')
lines.push(`| repository | files | KB | modules | resources | read | parse floor | cold 1 job | cold ${cores} jobs | warm | peer |`)
lines.push(`|---|---|---|---|---|---|---|---|---|---|---|`)
for (const r of repoRows)
  lines.push(
    `| ${r.repo.replace('__', '/')} | ${fmt(r.files)} | ${fmt(r.bytes / 1024)} | ${fmt(r.modules)} | ${fmt(r.resources)} | ${fmt(r.read)} | ${fmt(r.floor)} | ${fmt(r.cold1)} | ${fmt(r.coldN)} | ${fmt(r.warm)} | ${fmt(r.peer)} |`,
  )
lines.push('')
lines.push(`### CLI latency: \`tfgraph providers fixtures/providers/demo\` (median of ${latencyRuns} runs, wall time)`)
lines.push('')
lines.push(
  `| \`node -e 0\` | \`tfgraph --version\` | providers, first run (empty cache directory) | providers, cold (nothing cached for it) | providers, warm |`,
)
lines.push(`|---|---|---|---|---|`)
lines.push(
  `| ${L.node.toFixed(0)} ms | ${L.version.toFixed(0)} ms | ${L.first.toFixed(0)} ms | ${L.cold.toFixed(0)} ms (target ≤ 300: ${target(L.cold <= 300)}) | ${L.warm.toFixed(0)} ms (target ≤ 250: ${target(L.warm <= 250)}) |`,
)
lines.push('')
lines.push(`### Worker-pool crossover (synthetic configurations, cold, ms)`)
lines.push('')
lines.push(`| files | in-process only | pool of ${cores} workers from the first file |`)
lines.push(`|---|---|---|`)
for (const c of crossover) lines.push(`| ${fmt(c.files)} | ${fmt(c.one)} | ${fmt(c.pool)} |`)
lines.push('')
lines.push(`### Scaling (synthetic chains of modules passing providers, cold, ${cores} jobs)`)
lines.push('')
lines.push(`![time and peak memory against the number of files](docs/images/bench-scaling.svg)`)
lines.push('')
lines.push(`| files | time | ms per file | peak RSS |`)
lines.push(`|---|---|---|---|`)
for (const c of curve) lines.push(`| ${fmt(c.files)} | ${fmt(c.ms)} ms | ${(c.ms / c.files).toFixed(2)} | ${c.mb} MB |`)
lines.push(`<!-- bench:end -->`)
const report = lines.join('\n') + '\n'
process.stdout.write(report)

function svgPlot(points) {
  const W = 640,
    H = 320,
    L = 60,
    R = 60,
    T = 20,
    Bm = 40
  const maxX = Math.max(...points.map((p) => p.files))
  const maxT = Math.max(...points.map((p) => p.ms)) * 1.1
  const maxM = Math.max(...points.map((p) => p.mb)) * 1.1
  const x = (v) => L + ((W - L - R) * v) / maxX
  const yT = (v) => H - Bm - ((H - T - Bm) * v) / maxT
  const yM = (v) => H - Bm - ((H - T - Bm) * v) / maxM
  const poly = (f, col) =>
    `<polyline fill="none" stroke="${col}" stroke-width="2" points="${points.map((p) => `${x(p.files).toFixed(1)},${f(p).toFixed(1)}`).join(' ')}"/>` +
    points.map((p) => `<circle cx="${x(p.files).toFixed(1)}" cy="${f(p).toFixed(1)}" r="3" fill="${col}"/>`).join('')
  const ticks = [0, 0.25, 0.5, 0.75, 1]
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="11">
<rect width="100%" height="100%" fill="white"/>
<line x1="${L}" y1="${H - Bm}" x2="${W - R}" y2="${H - Bm}" stroke="#333"/><line x1="${L}" y1="${T}" x2="${L}" y2="${H - Bm}" stroke="#333"/><line x1="${W - R}" y1="${T}" x2="${W - R}" y2="${H - Bm}" stroke="#333"/>
${ticks.map((t) => `<text x="${x(t * maxX)}" y="${H - Bm + 15}" text-anchor="middle">${fmt(t * maxX)}</text><text x="${L - 5}" y="${yT(t * maxT) + 4}" text-anchor="end" fill="#1f77b4">${((t * maxT) / 1000).toFixed(1)} s</text><text x="${W - R + 5}" y="${yM(t * maxM) + 4}" fill="#d62728">${Math.round(t * maxM)} MB</text>`).join('\n')}
<text x="${(L + W - R) / 2}" y="${H - 8}" text-anchor="middle">files (cold, ${cores} jobs)</text>
${poly((p) => yT(p.ms), '#1f77b4')}
${poly((p) => yM(p.mb), '#d62728')}
<text x="${L + 10}" y="${T + 12}" fill="#1f77b4">time</text><text x="${L + 10}" y="${T + 26}" fill="#d62728">peak memory</text>
</svg>
`
}

if (!flag('--no-write')) {
  const file = path.join(repoRoot, 'BENCHMARKS.md')
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n'
  const start = old.indexOf('<!-- bench:start')
  const end = old.indexOf('<!-- bench:end -->')
  const next =
    start >= 0 && end > start
      ? old.slice(0, start) + report + old.slice(end + '<!-- bench:end -->\n'.length)
      : old.replace(/^(# Benchmarks\n)/, `$1\n${report}\n`)
  writeFileSync(file, next)
  writeFileSync(path.join(repoRoot, 'docs', 'images', 'bench-scaling.svg'), svgPlot(curve))
  log('wrote BENCHMARKS.md and docs/images/bench-scaling.svg')
}
