#!/usr/bin/env node
// The benchmark (issue #29: speed as shipped). The headline is what a user runs: the CLI with default
// settings (caches as shipped, worker pool as shipped), `tfgraph lint --recursive --format json` over the
// whole corpus in ONE run, measured beside the floors in the same rounds:
//   read floor (read every file), parse floor (@cdktf/hcl2json on every native file, one thread),
//   tfgraph cold (empty cache directory), warm (the same again), after an edit of one file,
//   and as secondary rows --no-cache and --jobs 1;
// then `tfgraph providers` on the bundled demo fixture paired with `terraform providers` (when terraform is
// on PATH; a SKIP line when not) and `node -e 0`, and every command's start (bench-latency.mjs); a large
// root, `providers` cold and warm beside `terraform providers`: the real aztfmod/terraform-azurerm-caf
// `examples` from ../shared/large (a SKIP line without it) and the caf-shaped synthetic root (scaling row);
// pathological input (a 600 KB list, 10,000-level nesting); a scaling table on synthetic monorepos up to 100,000 files; per repository, tfgraph's analysis through the
// library (no caches, 1 job and all cores) against the floors and a peer; the worker-pool crossover.
// It prints a report and writes it into BENCHMARKS.md between the `bench:start` / `bench:end` markers,
// with a plot of the scaling table in docs/images/bench-scaling.svg.
//
//   npm run build && npm run bench [-- CORPUS] [--rounds N] [--quick] [--no-write] [--only large]
//
// Rounds alternate the modes so each ratio compares measurements taken close together; the minimum of
// the rounds is reported (the least disturbed by other work on the machine). Peak memory is the peak
// resident set of the whole process (worker threads included), read at exit by a preloaded module.
import {execFileSync, spawnSync} from 'node:child_process'
import {cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {availableParallelism, cpus, tmpdir, totalmem} from 'node:os'
import * as path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {generate, generateMonorepo} from './synth.mjs'
import {generateCafShaped} from './synth-caf.mjs'
import {latencyTable, measureLatency} from './bench-latency.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const repoRoot = path.join(here, '..')
const argv = process.argv.slice(2)
const flag = (name) => argv.includes(name)
const opt = (name, dflt) => {
  const i = argv.indexOf(name)
  return i >= 0 ? argv[i + 1] : dflt
}
const positional = argv.filter((a, i) => !a.startsWith('--') && !(i > 0 && (argv[i - 1] === '--rounds' || argv[i - 1] === '--only')))
const corpus = path.resolve(positional[0] ?? path.join(repoRoot, '..', 'shared', 'corpus'))
const quick = flag('--quick')
// `--only large`: only the large-root section, printed, nothing written (a check of that section alone)
const onlyLarge = opt('--only', undefined) === 'large'
// the real large root (../shared/large: aztfmod/terraform-azurerm-caf, its README says which commit)
const largeDir = path.join(repoRoot, '..', 'shared', 'large')
const CAF_REPO = 'aztfmod+terraform-azurerm-caf'
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

const fmt = (n) => Math.round(n).toLocaleString('en-US')
const work = mkdtempSync(path.join(tmpdir(), 'tfgraph-bench-'))
// a copy of the corpus: one run edits a file of it (and the shared corpus is never written)
if (!existsSync(corpus) && !onlyLarge) {
  console.error(`SKIP: no corpus at ${corpus} (give one: npm run bench -- DIR)`)
  process.exit(0)
}
const corpusCopy = path.join(work, 'corpus')
if (!onlyLarge) {
  cpSync(corpus, corpusCopy, {recursive: true, dereference: true})
  // the copy's files are new: tfgraph trusts no stamp of a file changed in the last 2 s (src/io/inputs.ts,
  // RACY_MS), so the first cold run would record no stamps and the warm run after it would read and hash
  // every file again — what no user sees on a checkout. The copy is left that long before the first run.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2500)
}
const modules = onlyLarge ? [] : listModules(corpusCopy)
const repos = [...new Set(modules.map((m) => m.repo))]
const modulesFile = path.join(work, 'modules.json')
writeFileSync(modulesFile, JSON.stringify(modules))
const reposFile = path.join(work, 'repos.json')
writeFileSync(reposFile, JSON.stringify(repos.map((repo) => ({repo, dir: path.join(corpus, repo)}))))

const worker = path.join(here, 'bench-worker.mjs')
const log = (s) => process.stderr.write(s + '\n')
function measure(mode, list, env = {}) {
  const t = process.hrtime.bigint()
  const out = execFileSync(process.execPath, [worker, mode, list], {encoding: 'utf8', maxBuffer: 1 << 26, env: {...process.env, ...env}})
  // wallMs: the whole process, Node's start included (what a CLI run is compared with)
  return {...JSON.parse(out.trim().split('\n').pop()), wallMs: Math.round(Number(process.hrtime.bigint() - t) / 1e6)}
}

// ---- the CLI as a user runs it: wall time, CPU time and peak memory of one process
// A module preloaded into the CLI (NODE_OPTIONS --import) writes its resource usage at exit; the CLI
// itself is unchanged, and its exit code is checked (0, or 2 for findings).
const usageFile = path.join(work, 'usage.json')
const preload = path.join(work, 'usage.mjs')
writeFileSync(
  preload,
  `import {writeFileSync} from 'node:fs'\nimport {isMainThread} from 'node:worker_threads'\nif (isMainThread) process.on('exit', () => { const u = process.resourceUsage(); writeFileSync(${JSON.stringify(usageFile)}, JSON.stringify({rssMb: Math.round(u.maxRSS / 1024), cpuMs: Math.round((u.userCPUTime + u.systemCPUTime) / 1000)})) })\n`,
)
const cliEnv = {...process.env, NO_COLOR: '1', NODE_OPTIONS: `--import=${pathToFileURL(preload).href}`}
for (const k of Object.keys(cliEnv)) if (k.startsWith('TFGRAPH_')) delete cliEnv[k]
function cli(args, {cacheDir, cwd, ok = [0, 2]} = {}) {
  rmSync(usageFile, {force: true})
  const env = {...cliEnv, TFGRAPH_CACHE_DIR: cacheDir ?? path.join(work, 'unused-cache')}
  const t = process.hrtime.bigint()
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'run.cjs'), ...args], {env, cwd, encoding: 'utf8', maxBuffer: 1 << 28})
  const ms = Number(process.hrtime.bigint() - t) / 1e6
  if (!ok.includes(r.status)) throw new Error(`tfgraph ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 2000)}`)
  const u = JSON.parse(readFileSync(usageFile, 'utf8'))
  return {ms: Math.round(ms), cpuMs: u.cpuMs, rssMb: u.rssMb, status: r.status, stdout: r.stdout, stderr: r.stderr}
}
const freshCache = () => mkdtempSync(path.join(work, 'cache-'))

// ---- `terraform providers` beside tfgraph (CLI latency, the large root): helpers and the terraform found
const fixture = path.join(repoRoot, 'fixtures', 'providers', 'demo')
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const latencyRuns = quick ? 3 : 9
function timed(cmd, args, opts) {
  const t = process.hrtime.bigint()
  const r = spawnSync(cmd, args, {encoding: 'utf8', ...opts})
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}`)
  return Number(process.hrtime.bigint() - t) / 1e6
}
// terraform providers reads the modules `terraform get` installed: a copy of the fixture, modules
// installed once (local sources only: nothing is downloaded), no checkpoint call
let terraform = null
let terraformSkip = ''
const tfEnv = {...process.env, CHECKPOINT_DISABLE: '1', TF_IN_AUTOMATION: '1'}
{
  const which = spawnSync('terraform', ['version'], {encoding: 'utf8', env: tfEnv})
  if (which.error || which.status !== 0) terraformSkip = 'terraform is not on PATH'
  else {
    const copy = path.join(work, 'tfdemo')
    cpSync(fixture, copy, {recursive: true})
    const get = spawnSync('terraform', ['get'], {cwd: copy, encoding: 'utf8', env: tfEnv})
    if (get.status !== 0) terraformSkip = `terraform get failed in a copy of the fixture: ${get.stderr.trim().split('\n')[0]}`
    else terraform = {version: which.stdout.split('\n')[0], dir: copy}
  }
}
/** `providers DIR` cold (a fresh cache directory), then warm (the cache that run filled): times and peak RSS into `into`. */
function providersColdWarm(dir, into) {
  const cache = freshCache()
  const c = cli(['providers', dir], {cacheDir: cache, ok: [0]})
  const w = cli(['providers', dir], {cacheDir: cache, ok: [0]})
  into.cold.push(c.ms)
  into.warm.push(w.ms)
  into.rssCold.push(c.rssMb)
  into.rssWarm.push(w.rssMb)
}
/** The median of each list (NaN for an empty one). */
const medians = (lists) => Object.fromEntries(Object.entries(lists).map(([k, v]) => [k, v.length ? median(v) : NaN]))

// `--only large`: the large-root section alone, printed (BENCHMARKS.md is not written)
if (onlyLarge) {
  const report = largeRootLines(measureLargeRoot()).join('\n') + '\n'
  rmSync(work, {recursive: true, force: true})
  process.stdout.write(report)
  process.exit(0)
}

// ---- headline: the whole corpus in one `lint --recursive` run, default settings
const lintArgs = ['lint', '--recursive', '--format', 'json', corpusCopy]
const editFile = (() => {
  // a file of the repository with the most module directories: an edit there invalidates the most roots
  const counts = new Map()
  for (const m of modules) counts.set(m.repo, (counts.get(m.repo) ?? 0) + 1)
  const repo = [...counts].sort((a, b) => b[1] - a[1])[0][0]
  const m = modules.find((x) => x.repo === repo && x.files.some((f) => f.endsWith('.tf')))
  return path.join(
    m.dir,
    m.files.find((f) => f.endsWith('.tf')),
  )
})()
const runs = {read: [], floor: [], cold: [], warm: [], edit: [], noCache: [], hcl2json: []}
let sameWithHcl2json = true
let reference // the cold run's output: every other setting must print the same
for (let r = 0; r < rounds; r++) {
  const note = (name, m) => {
    runs[name].push(m)
    log(`round ${r + 1}/${rounds}: ${name} ${m.ms} ms${m.cpuMs === undefined ? '' : `, CPU ${m.cpuMs} ms`}, ${m.rssMb ?? m.maxRssMb} MB`)
  }
  note('read', measure('read', modulesFile))
  note('floor', measure('floor', modulesFile))
  const cache = freshCache()
  const cold = cli(lintArgs, {cacheDir: cache})
  reference ??= cold.stdout
  note('cold', cold)
  const warm = cli(lintArgs, {cacheDir: cache})
  if (warm.stdout !== reference) throw new Error('the warm run printed something else than the cold run')
  note('warm', warm)
  const original = readFileSync(editFile)
  try {
    writeFileSync(editFile, Buffer.concat([original, Buffer.from('\n# edited by the benchmark\n')]))
    note('edit', cli(lintArgs, {cacheDir: cache}))
  } finally {
    writeFileSync(editFile, original)
  }
  const none = cli([...lintArgs, '--no-cache'], {cacheDir: freshCache()})
  if (none.stdout !== reference) throw new Error('--no-cache printed something else than the default run')
  note('noCache', none)
  // the reference parser (its parse cache and worker pool on, as shipped for it)
  const ref = cli([...lintArgs, '--parser', 'hcl2json'], {cacheDir: freshCache()})
  sameWithHcl2json &&= ref.stdout === reference
  note('hcl2json', ref)
}
const best = (xs) => xs.reduce((a, b) => (b.ms < a.ms ? b : a))
const B = Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, best(v)]))
const maxRss = (xs) => Math.max(...xs.map((x) => x.rssMb ?? x.maxRssMb))
const minCpu = (xs) => Math.min(...xs.map((x) => x.cpuMs))
const summary = JSON.parse(reference).summary

const lat = {node: [], version: [], terraform: [], cold: [], warm: [], rssCold: [], rssWarm: []}
for (let i = 0; i < latencyRuns; i++) {
  lat.node.push(timed(process.execPath, ['-e', '0']))
  if (terraform) lat.terraform.push(timed('terraform', ['providers'], {cwd: terraform.dir, env: tfEnv}))
  lat.version.push(cli(['--version'], {ok: [0]}).ms)
  providersColdWarm(fixture, lat)
}
const L = medians(lat)
// every command's start, and the pre-commit hook on one file of a corpus repository (#53)
const every = measureLatency({runs: latencyRuns, corpus})
log(
  `latency: node ${L.node.toFixed(0)} ms, terraform providers ${terraform ? L.terraform.toFixed(0) + ' ms' : 'SKIP'}, --version ${L.version.toFixed(0)} ms, providers cold ${L.cold.toFixed(0)} ms, warm ${L.warm.toFixed(0)} ms`,
)

// ---- a large root: the real one from ../shared/large when present, and the caf-shaped synthetic one
const large = measureLargeRoot()

// ---- pathological input: one attribute holding a 600 KB list; expressions nested 10,000 levels deep
const bigList = path.join(work, 'big-list')
mkdirSync(bigList)
const items = []
for (let i = 0, n = 0; n < 600_000; i++) {
  const item = `  "item-${String(i).padStart(7, '0')}",\n`
  items.push(item)
  n += item.length
}
writeFileSync(path.join(bigList, 'main.tf'), `locals {\n  big = [\n${items.join('')}  ]\n}\n`)
const deep = path.join(work, 'deep-nesting')
mkdirSync(deep)
writeFileSync(path.join(deep, 'main.tf'), `locals {\n  deep = ${'['.repeat(10_000)}1${']'.repeat(10_000)}\n}\n`)
const patho = []
for (const [name, dir] of [
  [
    `one attribute holding a list of ${fmt(items.length)} strings (${(statSync(path.join(bigList, 'main.tf')).size / 1024).toFixed(0)} KB)`,
    bigList,
  ],
  ['an expression nested 10,000 levels deep', deep],
]) {
  const ms = []
  let last
  for (let i = 0; i < (quick ? 1 : 3); i++) {
    last = cli(['lint', dir], {cacheDir: freshCache()})
    ms.push(last.ms)
  }
  const said = last.stdout.match(/^(?:Error|Warning): .*$/m)?.[0] ?? 'no findings'
  patho.push({name, ms: median(ms), rssMb: last.rssMb, status: last.status, said})
  log(`pathological: ${name}: ${median(ms)} ms, ${last.rssMb} MB, exit ${last.status} (${said})`)
}

// ---- scaling: synthetic monorepos of independent roots (200 files each), default settings and --no-cache
const curve = []
for (const files of quick ? [1000, 10000] : [1000, 10000, 100000]) {
  const dir = path.join(work, `mono-${files}`)
  const made = generateMonorepo(dir, files)
  const args = ['lint', '--recursive', '--format', 'json', dir]
  const d = cli(args, {cacheDir: freshCache()})
  const n = cli([...args, '--no-cache'], {cacheDir: freshCache()})
  curve.push({files: made.files, roots: made.roots, ms: d.ms, cpuMs: d.cpuMs, mb: d.rssMb, noCacheMs: n.ms, noCacheMb: n.rssMb})
  log(`scaling ${files} files (${made.roots} roots): ${d.ms} ms, ${d.rssMb} MB; --no-cache ${n.ms} ms, ${n.rssMb} MB`)
  rmSync(dir, {recursive: true, force: true})
  for (const e of readdirSync(work)) if (e.startsWith('cache-')) rmSync(path.join(work, e), {recursive: true, force: true})
}

// ---- secondary: per repository through the library (no caches), the own parser alone, the peer
const noCache = {TFGRAPH_NO_CACHE: '1'}
const lib = {own: [], cold1: [], coldN: []}
for (let r = 0; r < rounds; r++) {
  lib.own.push(measure('own', modulesFile))
  lib.cold1.push(measure('analyze', reposFile, {...noCache, TFGRAPH_JOBS: '1'}))
  lib.coldN.push(measure('analyze', reposFile, {...noCache, TFGRAPH_JOBS: String(cores)}))
  log(
    `round ${r + 1}/${rounds}: own parser ${lib.own.at(-1).ms} ms, library 1 job ${lib.cold1.at(-1).ms} ms, ${cores} jobs ${lib.coldN.at(-1).ms} ms`,
  )
}
const peer = quick ? null : measure('peer', modulesFile)
if (peer) log(`peer ${peer.ms} ms`)
const LB = Object.fromEntries(Object.entries(lib).map(([k, v]) => [k, best(v)]))

// ---- pool crossover on synthetic configurations (library, no caches)
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
rmSync(work, {recursive: true, force: true})

// ---- report
const ratio = (a, b) => (a / b).toFixed(2)
const target = (ok) => (ok ? 'met' : '**not met**')
const date = new Date().toISOString().slice(0, 10)
const cpu = cpus()[0]?.model ?? 'unknown CPU'
const lines = []
lines.push(`<!-- bench:start (written by scripts/bench.mjs; edits between the markers are overwritten) -->`)
lines.push(`## Speed as shipped: the default settings against the floors`)
lines.push('')
lines.push(
  `Command: \`npm run build && npm run bench\`${quick ? ' (`--quick`)' : ''} — ${date}, ${cores} cores (${cpu}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${rounds} round(s), minimum reported, every measurement in a fresh process.`,
)
lines.push('')
lines.push(
  `Corpus \`${path.relative(repoRoot, corpus) || corpus}\` (a copy in a temporary directory): ${repos.length} repositories, ${fmt(modules.length)} module directories, ${fmt(B.read.files)} files, ${(B.read.bytes / 1e6).toFixed(1)} MB; \`lint --recursive\` finds ${fmt(summary.roots)} root modules (${fmt(summary.errors)} errors, ${fmt(summary.warnings)} warnings).`,
)
lines.push('')
lines.push(
  `- *tfgraph* rows run the CLI as a user does: \`tfgraph lint --recursive --format json CORPUS\`, the whole corpus in one run, default settings (results cache on; tfgraph's own parser, with groups of roots that share no file linted on a second thread: \`--jobs\` 1 would keep one); *cold*: an empty cache directory (the copy's files 2.5 s old, older than the 2 s in which tfgraph trusts no file's stamp, as a checkout's are); *warm*: the same command again; *one file edited*: a comment appended to one file of the largest repository (\`${path.relative(corpusCopy, editFile)}\`), then the same command (the roots that read it are analysed again). Every setting printed the same bytes as the cold run (the reference parser's row says whether it did).`,
)
lines.push(
  `- *read floor*: read every file; *parse floor*: \`@cdktf/hcl2json\` (the reference parser) on every native file, one call per file, one thread (\`JSON.parse\` for JSON files). Time is wall time; CPU is user + system time of the process (worker threads included); peak RSS is the largest of the rounds.`,
)
lines.push('')
lines.push(`| | time | CPU | ratio | peak RSS | target |`)
lines.push(`|---|---|---|---|---|---|`)
lines.push(`| read floor | ${fmt(B.read.ms)} ms | | 1 × read | ${maxRss(runs.read)} MB | |`)
const readProcess = Math.min(...runs.read.map((x) => x.wallMs))
lines.push(`| read floor as a whole process (Node's start + reading every file) | ${fmt(readProcess)} ms | | | | |`)
lines.push(`| parse floor | ${fmt(B.floor.ms)} ms | | 1 × parse | ${maxRss(runs.floor)} MB | |`)
lines.push(
  `| **tfgraph cold (default settings)** | ${fmt(B.cold.ms)} ms | ${fmt(minCpu(runs.cold))} ms | **${ratio(B.cold.ms, B.floor.ms)}** × parse | ${maxRss(runs.cold)} MB | ≤ 0.3 × parse: ${target(B.cold.ms <= 0.3 * B.floor.ms)} (stretch 0.15: ${target(B.cold.ms <= 0.15 * B.floor.ms)}); ≤ 250 MB: ${target(maxRss(runs.cold) <= 250)} |`,
)
lines.push(
  `| **tfgraph warm** | ${fmt(B.warm.ms)} ms | ${fmt(minCpu(runs.warm))} ms | **${ratio(B.warm.ms, B.read.ms)}** × read (${ratio(B.warm.ms, readProcess)} × the read floor as a process) | ${maxRss(runs.warm)} MB | ≤ 2 × read: ${target(B.warm.ms <= 2 * B.read.ms)} |`,
)
lines.push(
  `| tfgraph, one file edited | ${fmt(B.edit.ms)} ms | ${fmt(minCpu(runs.edit))} ms | ${ratio(B.edit.ms, B.cold.ms)} × cold | ${maxRss(runs.edit)} MB | |`,
)
lines.push(
  `| tfgraph cold, \`--no-cache\` | ${fmt(B.noCache.ms)} ms | ${fmt(minCpu(runs.noCache))} ms | ${ratio(B.noCache.ms, B.floor.ms)} × parse; default / no cache = ${ratio(B.cold.ms, B.noCache.ms)} (CPU ${ratio(minCpu(runs.cold), minCpu(runs.noCache))}) | ${maxRss(runs.noCache)} MB | cache miss ≤ 1.05 × no cache: ${target(B.cold.ms <= 1.05 * B.noCache.ms)} |`,
)
lines.push(
  `| tfgraph cold, \`--parser hcl2json\` (the reference parser, with its parse cache and worker pool) | ${fmt(B.hcl2json.ms)} ms | ${fmt(minCpu(runs.hcl2json))} ms | ${ratio(B.hcl2json.ms, B.floor.ms)} × parse | ${maxRss(runs.hcl2json)} MB | ${sameWithHcl2json ? 'same output' : '**output differs** from the default parser'} |`,
)
lines.push('')
lines.push(
  `Rounds (wall ms): ${Object.entries(runs)
    .map(([k, v]) => `${k} [${v.map((x) => x.ms).join(', ')}]`)
    .join('; ')}. Ratios within each round: ${runs.floor
    .map((f, i) => `round ${i + 1}: cold ${ratio(runs.cold[i].ms, f.ms)} × parse, warm ${ratio(runs.warm[i].ms, runs.read[i].ms)} × read`)
    .join('; ')}.`,
)
lines.push('')
lines.push(`### CLI latency: \`tfgraph providers fixtures/providers/demo\` (median of ${latencyRuns} paired runs, wall time)`)
lines.push('')
if (terraform) {
  lines.push(
    `\`terraform providers\` is ${terraform.version} in a copy of the fixture after \`terraform get\` (local modules only), checkpoint disabled; each run of the pair takes its turn right after the other.`,
  )
} else lines.push(`SKIP \`terraform providers\`: ${terraformSkip}.`)
lines.push('')
lines.push(
  `| \`node -e 0\` | \`terraform providers\` | \`tfgraph --version\` | providers, cold (empty cache directory) | providers, warm |`,
)
lines.push(`|---|---|---|---|---|`)
const vsTf = (v, limit) =>
  terraform ? `${ratio(v, L.terraform)} × terraform (target ≤ ${limit}: ${target(v <= limit * L.terraform)})` : 'terraform: SKIP'
lines.push(
  `| ${L.node.toFixed(0)} ms | ${terraform ? L.terraform.toFixed(0) + ' ms' : 'SKIP'} | ${L.version.toFixed(0)} ms | ${L.cold.toFixed(0)} ms, ${median(lat.rssCold)} MB: ${vsTf(L.cold, 2.5)}; node + ${(L.cold - L.node).toFixed(0)} ms | ${L.warm.toFixed(0)} ms, ${median(lat.rssWarm)} MB: ${vsTf(L.warm, 1.5)}; node + ${(L.warm - L.node).toFixed(0)} ms |`,
)
lines.push('')
lines.push(
  `Every command on the same fixture, and the pre-commit hook on one file of a corpus repository (\`node scripts/bench-latency.mjs\`), each run against the \`node -e 0\` right before it:`,
)
lines.push('')
lines.push(...latencyTable(every))
lines.push('')
lines.push(...largeRootLines(large))
lines.push(`### Pathological input (\`tfgraph lint DIR\`, default settings, median of ${quick ? 1 : 3})`)
lines.push('')
lines.push(`| input | time | peak RSS | exit | first finding |`)
lines.push(`|---|---|---|---|---|`)
for (const p of patho) lines.push(`| ${p.name} | ${fmt(p.ms)} ms | ${p.rssMb} MB | ${p.status} | ${p.said.replace(/\|/g, '\\|')} |`)
lines.push('')
lines.push(`### Scaling: synthetic monorepos (roots of 200 files passing aliased providers down chains of modules)`)
lines.push('')
lines.push(
  `\`tfgraph lint --recursive --format json DIR\`, default settings, empty cache directory; \`scripts/synth.mjs --monorepo\` makes them (lint-clean).`,
)
lines.push('')
lines.push(`![time and peak memory against the number of files](docs/images/bench-scaling.svg)`)
lines.push('')
lines.push(`| files | roots | time | ms per file | CPU | peak RSS | \`--no-cache\` time | \`--no-cache\` peak RSS |`)
lines.push(`|---|---|---|---|---|---|---|---|`)
for (const c of curve)
  lines.push(
    `| ${fmt(c.files)} | ${fmt(c.roots)} | ${fmt(c.ms)} ms | ${(c.ms / c.files).toFixed(2)} | ${fmt(c.cpuMs)} ms | ${c.mb} MB | ${fmt(c.noCacheMs)} ms | ${c.noCacheMb} MB |`,
  )
lines.push('')
lines.push(`### Secondary: the analysis through the library, per repository (no caches)`)
lines.push('')
const mbps = (m, less = 0) => (m.bytes / 1e6 / ((m.ms - less) / 1000)).toFixed(1)
lines.push(
  `One process per setting runs \`findRootModules\` + \`lintCached\` repository by repository (four roots at a time), caches off: *1 job* = no worker threads, *${cores} jobs* = the worker pool. tfgraph's own parser alone (src/hcl/native, nothing else) reads ${mbps(LB.own, B.read.ms)} MB/s without the reading (${fmt(LB.own.ms)} ms, ${ratio(LB.own.ms, B.floor.ms)} × parse; target ≥ 10 MB/s: ${target(LB.own.bytes / 1e3 / (LB.own.ms - B.read.ms) >= 10)}).${peer ? ` The peer, \`@evops/hcl-terraform-parser\` (terraform-config-inspect compiled to JavaScript: one file at a time, merges and resolves nothing), takes ${fmt(peer.ms)} ms = ${ratio(peer.ms, LB.coldN.ms)} × tfgraph with ${cores} jobs (target ≥ 5: ${target(peer.ms >= 5 * LB.coldN.ms)}).` : ''}`,
)
lines.push('')
lines.push(`| repository | files | KB | modules | resources | read | parse floor | 1 job | ${cores} jobs |${peer ? ' peer |' : ''}`)
lines.push(`|---|---|---|---|---|---|---|---|---|${peer ? '---|' : ''}`)
const g = (m, repo) => m.perRepo[repo] ?? {ms: 0}
for (const repo of repos)
  lines.push(
    `| ${repo.replace('__', '/')} | ${fmt(g(B.read, repo).files)} | ${fmt(g(B.read, repo).bytes / 1024)} | ${fmt(g(LB.cold1, repo).modules)} | ${fmt(g(LB.cold1, repo).resources)} | ${fmt(g(B.read, repo).ms)} | ${fmt(g(B.floor, repo).ms)} | ${fmt(g(LB.cold1, repo).ms)} | ${fmt(g(LB.coldN, repo).ms)} |${peer ? ` ${fmt(g(peer, repo).ms)} |` : ''}`,
  )
lines.push(
  `| all | ${fmt(B.read.files)} | ${fmt(B.read.bytes / 1024)} | | | ${fmt(B.read.ms)} | ${fmt(B.floor.ms)} | ${fmt(LB.cold1.ms)} (${maxRss(lib.cold1)} MB) | ${fmt(LB.coldN.ms)} (${maxRss(lib.coldN)} MB) |${peer ? ` ${fmt(peer.ms)} |` : ''}`,
)
lines.push('')
lines.push(`### Worker-pool crossover (synthetic configurations, library, no caches, ms)`)
lines.push('')
lines.push(`| files | in-process only | pool of ${cores} workers from the first file |`)
lines.push(`|---|---|---|`)
for (const c of crossover) lines.push(`| ${fmt(c.files)} | ${fmt(c.one)} | ${fmt(c.pool)} |`)
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

/**
 * The large-root section's runs: `tfgraph providers` cold (an empty cache directory) and warm, each run
 * paired with `terraform providers` in the same directory after `terraform get` (local sources only), on
 * the real root (../shared/large: aztfmod/terraform-azurerm-caf's `examples`, a copy) when it is there, and
 * on the caf-shaped synthetic root (scripts/synth-caf.mjs) as the scaling row.
 */
function measureLargeRoot() {
  const runs = quick ? 1 : 3
  const countTf = (dir) => {
    let n = 0
    for (const e of readdirSync(dir, {withFileTypes: true})) {
      if (e.name.startsWith('.')) continue
      if (e.isDirectory()) n += countTf(path.join(dir, e.name))
      else if (e.name.endsWith('.tf')) n++
    }
    return n
  }
  const one = (name, root, made) => {
    let tf = terraform !== null
    let skip = terraformSkip
    if (tf) {
      const get = spawnSync('terraform', ['get'], {cwd: root, encoding: 'utf8', env: tfEnv})
      if (get.status !== 0) {
        tf = false
        skip = `terraform get failed in a copy of the root: ${get.stderr.trim().split('\n')[0]}`
      }
    }
    const r = {terraform: [], cold: [], warm: [], cpuCold: [], cpuWarm: [], rssCold: [], rssWarm: []}
    let exit = 0
    for (let i = 0; i < runs; i++) {
      if (tf) r.terraform.push(timed('terraform', ['providers'], {cwd: root, env: tfEnv}))
      const cache = freshCache()
      // exit 2: the root has errors (the synthetic one's made-up arguments, say); the output is measured all the same
      const c = cli(['providers', root], {cacheDir: cache})
      const w = cli(['providers', root], {cacheDir: cache})
      exit = c.status
      if (w.stdout !== c.stdout) throw new Error(`the warm run on ${name} printed something else than the cold run`)
      r.cold.push(c.ms)
      r.warm.push(w.ms)
      r.cpuCold.push(c.cpuMs)
      r.cpuWarm.push(w.cpuMs)
      r.rssCold.push(c.rssMb)
      r.rssWarm.push(w.rssMb)
    }
    const m = medians(r)
    log(
      `${name}: terraform providers ${tf ? m.terraform.toFixed(0) + ' ms' : 'not measured'}, providers cold ${m.cold.toFixed(0)} ms, warm ${m.warm.toFixed(0)} ms`,
    )
    return {name, runs, made, terraform: tf, skip, m, exit}
  }
  let real
  let realSkip
  const source = path.join(largeDir, CAF_REPO)
  if (!existsSync(source)) realSkip = `no ${path.join('..', 'shared', 'large', CAF_REPO)} beside the repository`
  else {
    const copy = path.join(work, 'large-caf')
    cpSync(source, copy, {recursive: true, dereference: true})
    const root = path.join(copy, 'examples')
    real = one('real caf root', root, {files: countTf(copy)})
    rmSync(copy, {recursive: true, force: true})
  }
  const cafDir = path.join(work, 'caf-shaped')
  const made = generateCafShaped(cafDir)
  const synthetic = one('caf-shaped root', path.join(cafDir, 'examples'), made)
  rmSync(cafDir, {recursive: true, force: true})
  return {real, realSkip, synthetic}
}

/** The large-root section of the report. */
function largeRootLines({real, realSkip, synthetic}) {
  const n = (v) => Math.round(v).toLocaleString('en-US')
  const vs = (r, v, limit) =>
    r.terraform
      ? `${(v / r.m.terraform).toFixed(2)} × terraform (target ≤ ${limit}: ${v <= limit * r.m.terraform ? 'met' : '**not met**'})`
      : 'terraform: not measured'
  const row = (label, r) =>
    `| ${label}${r.exit === 0 ? '' : ` (exit ${r.exit})`} | ${r.terraform ? n(r.m.terraform) + ' ms' : 'not measured'} | ${n(r.m.cold)} ms (CPU ${n(r.m.cpuCold)} ms), ${r.m.rssCold} MB: ${vs(r, r.m.cold, 0.8)} | ${n(r.m.warm)} ms (CPU ${n(r.m.cpuWarm)} ms), ${r.m.rssWarm} MB: ${vs(r, r.m.warm, 0.15)} |`
  const out = []
  out.push(
    `### A large root: \`tfgraph providers\` on aztfmod/terraform-azurerm-caf's \`examples\` (median of ${synthetic.runs} paired runs, wall time)`,
  )
  out.push('')
  out.push(
    real
      ? `The headline is the real root: a copy of \`../shared/large/${CAF_REPO}\` (its README names the commit), \`examples/\` — one root calling the repository's root module, which calls the rest: ${n(real.made.files)} \`.tf\` files, all local sources.`
      : `SKIP the real root: ${realSkip}.`,
  )
  out.push(
    `The scaling row is the caf-shaped synthetic root \`node scripts/synth-caf.mjs DIR\` writes — ${n(synthetic.made.modules)} module directories, ${n(synthetic.made.instances)} module instances, ${n(synthetic.made.files)} files.`,
  )
  const tfNote = (r) =>
    r.terraform
      ? `\`terraform providers\` (${terraform.version}) runs in the same directory after \`terraform get\`; each run of the pair takes its turn right after the other.`
      : `\`terraform providers\` not measured: ${r.skip}.`
  out.push(real ? tfNote(real) : tfNote(synthetic))
  out.push('')
  out.push(`| root | \`terraform providers\` | providers, cold (empty cache directory) | providers, warm |`)
  out.push(`|---|---|---|---|`)
  if (real) out.push(row('**the real caf `examples` root**', real))
  out.push(row('scaling: the caf-shaped synthetic root', synthetic))
  return out
}
