// One benchmark measurement in a fresh process: `floor` (raw @cdktf/hcl2json parse of every file,
// JSON.parse for JSON syntax) or `load` (tfgraph's loadModuleDir of every module directory).
// Prints one JSON line: {mode, ms, maxRssMb, modules, files, bytes, diagnostics}.
import {readFileSync} from 'node:fs'
import * as path from 'node:path'

const [mode, listFile] = process.argv.slice(2)
const dirs = JSON.parse(readFileSync(listFile, 'utf8'))
const t0 = process.hrtime.bigint()
let files = 0
let bytes = 0
let diagnostics = 0
if (mode === 'floor') {
  const {parse} = await import('@cdktf/hcl2json')
  for (const d of dirs) {
    for (const f of d.files) {
      const p = path.join(d.dir, f)
      const text = readFileSync(p, 'utf8')
      files++
      bytes += Buffer.byteLength(text)
      if (f.endsWith('.json')) {
        try { JSON.parse(text) } catch { diagnostics++ }
      } else {
        try { await parse(p, text) } catch { diagnostics++ }
      }
    }
  }
} else if (mode === 'crawl') {
  // crawl + resolve from every root module; also writes the directories the crawls loaded, in order
  const {analyzeProviders} = await import('../dist/src/index.js')
  const visited = []
  let modules = 0
  let resources = 0
  var perRepo = {}
  for (const d of dirs) {
    const t1 = process.hrtime.bigint()
    const a = await analyzeProviders(d.dir, {engine: d.engine, env: {}})
    const repo = d.repo ?? ''
    const pr = (perRepo[repo] ??= {roots: 0, modules: 0, resources: 0, ms: 0})
    pr.roots++
    pr.modules += a.tree.nodes.length
    pr.resources += a.resolution.resources.length
    pr.ms += Number(process.hrtime.bigint() - t1) / 1e6
    // each distinct directory once per root, as the crawler loads it
    for (const dir of new Set(a.tree.nodes.filter((n) => n.dir).map((n) => n.dir))) visited.push({dir, engine: a.tree.engine})
    modules += a.tree.nodes.length
    resources += a.resolution.resources.length
    diagnostics += a.diagnostics.length
  }
  files = modules
  bytes = resources
  if (process.argv[4]) (await import('node:fs')).writeFileSync(process.argv[4], JSON.stringify(visited))
} else {
  const {loadModuleDir} = await import('../dist/src/index.js')
  for (const d of dirs) {
    const r = await loadModuleDir(d.dir, {engine: d.engine})
    files += r.module.files.filter((f) => !f.shadowedBy).length
    diagnostics += r.diagnostics.length
  }
}
const ms = Number(process.hrtime.bigint() - t0) / 1e6
console.log(JSON.stringify({mode, perRepo: typeof perRepo === 'undefined' ? undefined : perRepo, ms: Math.round(ms), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), modules: dirs.length, files, bytes, diagnostics}))
