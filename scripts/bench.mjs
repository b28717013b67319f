#!/usr/bin/env node
// Benchmark over ../shared/corpus (or the directory given): every directory holding configuration
// files is a module. Runs the raw-parse floor and tfgraph's loader alternately in fresh processes
// (3 rounds each, median reported) so both are measured in the same run on the same noisy machine.
import {execFileSync} from 'node:child_process'
import {readdirSync, writeFileSync, mkdtempSync, existsSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const corpus = path.resolve(process.argv[2] ?? path.join(here, '..', '..', 'shared', 'corpus'))
const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
if (!existsSync(path.join(here, '..', 'dist', 'src', 'index.js'))) {
  console.error('dist/ is missing: run `npm run build` first')
  process.exit(1)
}

const modules = []
function walk(dir) {
  let entries
  try { entries = readdirSync(dir, {withFileTypes: true}) } catch { return }
  const names = entries.filter((e) => e.isFile()).map((e) => e.name)
  const tofu = names.some((n) => n.endsWith('.tofu') || n.endsWith('.tofu.json'))
  const exts = tofu ? ['.tf', '.tf.json', '.tofu', '.tofu.json'] : ['.tf', '.tf.json']
  let files = names.filter((n) => !n.startsWith('.') && exts.some((e) => n.endsWith(e)))
  if (tofu) {
    const set = new Set(files)
    files = files.filter((n) => !(n.endsWith('.tf') && set.has(n.slice(0, -3) + '.tofu')) && !(n.endsWith('.tf.json') && set.has(n.slice(0, -8) + '.tofu.json')))
  }
  if (files.length > 0) modules.push({dir, files: files.sort(), engine: tofu ? 'opentofu' : 'terraform'})
  for (const e of entries) if (e.isDirectory() && !e.name.startsWith('.')) walk(path.join(dir, e.name))
}
walk(corpus)
const listFile = path.join(mkdtempSync(path.join(tmpdir(), 'tfgraph-bench-')), 'modules.json')
writeFileSync(listFile, JSON.stringify(modules))

// Root modules: each repository root and every configuration directory under an `examples/` folder.
const roots = modules
  .filter((m) => path.dirname(m.dir) === corpus || m.dir.split(path.sep).includes('examples'))
  .map((m) => ({...m, repo: path.relative(corpus, m.dir).split(path.sep)[0]}))
const rootsFile = path.join(path.dirname(listFile), 'roots.json')
writeFileSync(rootsFile, JSON.stringify(roots))
const visitedFile = path.join(path.dirname(listFile), 'visited.json')

const worker = path.join(here, 'bench-worker.mjs')
// Cold measurements: the parse cache is off (TFGRAPH_NO_CACHE=1); the warm run below uses a fresh one.
const cold = {encoding: 'utf8', maxBuffer: 1 << 26, env: {...process.env, TFGRAPH_NO_CACHE: '1'}}
const results = {floor: [], load: []}
for (let i = 0; i < rounds; i++) {
  for (const mode of ['floor', 'load']) {
    const out = execFileSync(process.execPath, [worker, mode, listFile], cold)
    results[mode].push(JSON.parse(out.trim().split('\n').pop()))
  }
}
execFileSync(process.execPath, [worker, 'crawl', rootsFile, visitedFile], cold)
const crawlRes = {crawl: [], loadvisited: []}
for (let i = 0; i < rounds; i++) {
  crawlRes.crawl.push(JSON.parse(execFileSync(process.execPath, [worker, 'crawl', rootsFile], cold).trim().split('\n').pop()))
  crawlRes.loadvisited.push(JSON.parse(execFileSync(process.execPath, [worker, 'load', visitedFile], cold).trim().split('\n').pop()))
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const floor = results.floor
const load = results.load
const floorMs = median(floor.map((r) => r.ms))
const loadMs = median(load.map((r) => r.ms))
console.log(`corpus: ${corpus}`)
console.log(`modules: ${modules.length}  files: ${floor[0].files}  bytes: ${floor[0].bytes}`)
console.log(`rounds: ${rounds} (median; each measurement in a fresh process, floor and load alternating)`)
console.log(`raw @cdktf/hcl2json parse (floor): ${floorMs} ms  peak RSS ${median(floor.map((r) => r.maxRssMb))} MB   [${floor.map((r) => r.ms).join(', ')}]`)
console.log(`tfgraph load (parse+scan+merge):   ${loadMs} ms  peak RSS ${median(load.map((r) => r.maxRssMb))} MB   [${load.map((r) => r.ms).join(', ')}]`)
console.log(`ratio load/floor: ${(loadMs / floorMs).toFixed(2)}  (target <= 1.30)`)
console.log(`diagnostics from load: ${load[0].diagnostics}; files loaded: ${load[0].files}`)
const cr = crawlRes.crawl
const lv = crawlRes.loadvisited
const crMs = median(cr.map((r) => r.ms))
const lvMs = median(lv.map((r) => r.ms))
console.log('')
console.log(`root modules crawled: ${roots.length}; module instances: ${cr[0].files}; resources resolved: ${cr[0].bytes}`)
console.log(`crawl + resolve (providers):        ${crMs} ms  peak RSS ${median(cr.map((r) => r.maxRssMb))} MB   [${cr.map((r) => r.ms).join(', ')}]`)
console.log(`loading the same directories alone: ${lvMs} ms  peak RSS ${median(lv.map((r) => r.maxRssMb))} MB   [${lv.map((r) => r.ms).join(', ')}]`)
const best = cr.find((r) => r.ms === crMs) ?? cr[0]
console.log('per repository (the median crawl round): roots, module instances, resources, ms')
for (const [repo, v] of Object.entries(best.perRepo ?? {}).sort()) console.log(`  ${repo.padEnd(60)} ${String(v.roots).padStart(4)} ${String(v.modules).padStart(6)} ${String(v.resources).padStart(6)} ${String(Math.round(v.ms)).padStart(7)}`)
console.log(`crawl+resolve overhead over loading: ${(((crMs - lvMs) / lvMs) * 100).toFixed(1)}%  (target <= 25%); share of time in loading/parsing: ${((lvMs / crMs) * 100).toFixed(0)}%`)

// Parse cache: one cold run that fills a fresh cache, then warm runs that read it.
const cacheDir = mkdtempSync(path.join(tmpdir(), 'tfgraph-bench-cache-'))
const cached = {encoding: 'utf8', maxBuffer: 1 << 26, env: {...process.env, TFGRAPH_CACHE_DIR: cacheDir}}
const fill = JSON.parse(execFileSync(process.execPath, [worker, 'load', listFile], cached).trim().split('\n').pop())
const warm = []
for (let i = 0; i < rounds; i++) warm.push(JSON.parse(execFileSync(process.execPath, [worker, 'load', listFile], cached).trim().split('\n').pop()))
console.log('')
console.log(`load filling an empty parse cache: ${fill.ms} ms; warm cache: ${median(warm.map((r) => r.ms))} ms [${warm.map((r) => r.ms).join(', ')}], peak RSS ${median(warm.map((r) => r.maxRssMb))} MB; warm / floor: ${(median(warm.map((r) => r.ms)) / floorMs).toFixed(2)}`)
