#!/usr/bin/env node
// The parser on its own (issue #53): every configuration file of a corpus (.tf, .tofu, .tf.json,
// .tofu.json; directories starting with a dot skipped) is read into memory first, then parsed again and
// again in one thread, and the throughput is printed as MB/s (median of the rounds, after one round not
// counted that warms the JIT up). Nothing is read, cached or analysed while the clock runs.
//   own       tfgraph's parser (dist/src/hcl/native: parseHclNative) on the native files
//   json      tfgraph's JSON reader (dist/src/hcl/parse-json.js: parseJsonConfig) on the JSON files
//   hcl2json  @cdktf/hcl2json (the parse floor of `npm run bench`) on the native files, one call a file
//
//   npm run build && node scripts/bench-parse.mjs [CORPUS] [--rounds N] [--floor-rounds N] [--no-hcl2json]
//                                                  [--only own|json|hcl2json] [--dist DIR] [--vs DIR]
//
// CORPUS defaults to ../shared/corpus beside the repository; --rounds (default 5) counts the rounds of
// tfgraph's parsers, --floor-rounds (default 1: ~13 s a round) those of hcl2json; --dist reads another
// build (a copy of an older commit's dist/, for a paired comparison). `--vs DIR` measures tfgraph's native
// parser of this build against the one of another build (a copy of an older commit's dist/, with a
// node_modules beside it) in the same process, a round of each in turn (the first pair not counted; the
// order within a pair alternates): the median of each, in CPU time (on a loaded machine a round's wall
// time counts its waits for a core too) and wall time, and the median of the per-pair ratios, so a step
// is judged on rounds run under the same load. The last line is the figures as JSON.
import {readdirSync, readFileSync, existsSync} from 'node:fs'
import * as path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const repoRoot = path.join(here, '..')
const argv = process.argv.slice(2)
const opt = (name, dflt) => {
  const i = argv.indexOf(name)
  return i >= 0 ? argv[i + 1] : dflt
}
const valued = ['--rounds', '--floor-rounds', '--only', '--dist', '--vs']
const positional = argv.filter((a, i) => !a.startsWith('--') && !(i > 0 && valued.includes(argv[i - 1])))
const corpus = path.resolve(positional[0] ?? path.join(repoRoot, '..', 'shared', 'corpus'))
const rounds = Number(opt('--rounds', 5))
const floorRounds = Number(opt('--floor-rounds', 1))
const only = opt('--only', undefined)
const dist = path.resolve(opt('--dist', path.join(repoRoot, 'dist')))
const vs = opt('--vs', undefined)
const withHcl2json = !argv.includes('--no-hcl2json') && (only === undefined || only === 'hcl2json')
if (!existsSync(path.join(dist, 'src', 'hcl', 'native', 'index.js'))) {
  console.error('dist/ is missing: run `npm run build` first')
  process.exit(1)
}
if (!existsSync(corpus)) {
  console.error(`SKIP: no corpus at ${corpus} (give one: node scripts/bench-parse.mjs DIR)`)
  process.exit(0)
}

const isConfig = (n) => n.endsWith('.tf') || n.endsWith('.tofu') || n.endsWith('.tf.json') || n.endsWith('.tofu.json')
const native = []
const json = []
const walk = (dir) => {
  for (const e of readdirSync(dir, {withFileTypes: true}).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (e.name.startsWith('.')) continue
    const p = path.join(dir, e.name)
    if (e.isDirectory()) walk(p)
    else if (e.isFile() && isConfig(e.name)) {
      const bytes = readFileSync(p)
      const file = {path: p, text: bytes.toString('utf8'), bytes: bytes.length}
      if (e.name.endsWith('.json')) json.push(file)
      else native.push(file)
    }
  }
}
walk(corpus)
const sum = (files) => files.reduce((n, f) => n + f.bytes, 0)

const {parseHclNative} = await import(pathToFileURL(path.join(dist, 'src', 'hcl', 'native', 'index.js')).href)
const {parseJsonConfig} = await import(pathToFileURL(path.join(dist, 'src', 'hcl', 'parse-json.js')).href)
const runs = {
  own: {files: native, run: (f) => parseHclNative(f.text, f.path)},
  json: {files: json, run: (f) => parseJsonConfig(f.text, f.path)},
}
if (withHcl2json) {
  const {parse} = await import('@cdktf/hcl2json')
  runs.hcl2json = {
    files: native,
    rounds: floorRounds,
    run: async (f) => {
      try {
        await parse(f.path, f.text)
      } catch {
        /* a syntax error is parsed too */
      }
    },
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const now = () => Number(process.hrtime.bigint()) / 1e6

if (vs !== undefined) {
  const other = await import(pathToFileURL(path.join(path.resolve(vs), 'src', 'hcl', 'native', 'index.js')).href)
  const bytes = sum(native)
  // a round's wall time and its CPU time (user + system, the process's)
  const round = (parse) => {
    const c = process.cpuUsage()
    const t = now()
    for (const f of native) parse(f.text, f.path)
    const wall = now() - t
    const d = process.cpuUsage(c)
    return {wall, cpu: (d.user + d.system) / 1e3}
  }
  const a = []
  const b = []
  for (let r = 0; r <= rounds; r++) {
    let ta
    let tb
    if (r % 2) {
      tb = round(other.parseHclNative)
      ta = round(parseHclNative)
    } else {
      ta = round(parseHclNative)
      tb = round(other.parseHclNative)
    }
    if (r > 0) {
      a.push(ta)
      b.push(tb)
    }
  }
  const mb = (ms) => Number((bytes / 1e3 / ms).toFixed(1))
  const side = (xs) => ({
    cpuMedianMs: Math.round(median(xs.map((x) => x.cpu))),
    cpuMbPerS: mb(median(xs.map((x) => x.cpu))),
    wallMedianMs: Math.round(median(xs.map((x) => x.wall))),
    wallMbPerS: mb(median(xs.map((x) => x.wall))),
    cpuMs: xs.map((x) => Math.round(x.cpu)),
  })
  const ratios = (k) => {
    const rs = a.map((x, i) => x[k] / b[i][k])
    return {median: Number(median(rs).toFixed(3)), min: Number(Math.min(...rs).toFixed(3)), max: Number(Math.max(...rs).toFixed(3))}
  }
  const out = {files: native.length, bytes, this: side(a), vs: side(b), cpuRatio: ratios('cpu'), wallRatio: ratios('wall')}
  console.error(
    `this build: ${out.this.cpuMbPerS} MB/s of CPU time (wall ${out.this.wallMbPerS}); ${vs}: ${out.vs.cpuMbPerS} MB/s (wall ${out.vs.wallMbPerS}); ` +
      `time this/that per pair: CPU ${out.cpuRatio.median} (${out.cpuRatio.min}–${out.cpuRatio.max}), wall ${out.wallRatio.median} (${out.wallRatio.min}–${out.wallRatio.max})`,
  )
  console.log(JSON.stringify({node: process.version, rounds, vs: out}))
  process.exit(0)
}
const results = {}
for (const [name, {files, run, rounds: n = rounds}] of Object.entries(runs)) {
  if (only && only !== name) continue
  const bytes = sum(files)
  const ms = []
  for (let r = 0; r <= n; r++) {
    const t = now()
    for (const f of files) {
      const p = run(f)
      if (p instanceof Promise) await p
    }
    if (r > 0) ms.push(now() - t) // round 0 warms the JIT up
  }
  const m = median(ms)
  results[name] = {
    files: files.length,
    bytes,
    medianMs: Math.round(m),
    mbPerS: Number((bytes / 1e3 / m).toFixed(1)),
    roundsMs: ms.map(Math.round),
  }
  console.error(
    `${name}: ${files.length} files, ${(bytes / 1e6).toFixed(2)} MB, median ${Math.round(m)} ms = ${results[name].mbPerS} MB/s (rounds ${results[name].roundsMs.join(', ')} ms)`,
  )
}
console.log(JSON.stringify({node: process.version, rounds, floorRounds, results}))
