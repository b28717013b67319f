// One benchmark measurement in a fresh process. Prints one JSON line:
// {mode, ms, maxRssMb, files, bytes, perRepo: {repo: {ms, files, bytes, modules, resources}}}.
//   read     read every file's bytes (the read floor)
//   floor    raw @cdktf/hcl2json parse of every native file, one file per call, one thread (JSON.parse
//            for JSON syntax) — no tfgraph code (the parse floor)
//   own      tfgraph's own parser (src/hcl/native) alone on every native file, one thread (JSON.parse
//            for JSON syntax): what the parse floor becomes with it
//   analyze  tfgraph's full analysis as `tfgraph lint --recursive` does it, repository by repository:
//            find the root modules, then load, merge, crawl, resolve and lint each (four roots at a time),
//            through the parse and results caches unless TFGRAPH_NO_CACHE=1
//   peer     @evops/hcl-terraform-parser (terraform-config-inspect compiled to JS) on every native file
//            of every module directory
// The list file holds [{repo, dir, files: [...]}] (module directories) or, for analyze, [{repo, dir}].
import {readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import * as path from 'node:path'

const [mode, listFile] = process.argv.slice(2)
const items = JSON.parse(readFileSync(listFile, 'utf8'))
const perRepo = {}
const repoOf = (r) => (perRepo[r] ??= {ms: 0, files: 0, bytes: 0, modules: 0, resources: 0})
const now = () => Number(process.hrtime.bigint()) / 1e6
const t0 = now()
let files = 0
let bytes = 0

async function perFile(fn) {
  for (const d of items) {
    const t = now()
    const pr = repoOf(d.repo)
    for (const f of d.files) {
      const p = path.join(d.dir, f)
      const buf = readFileSync(p)
      files++
      bytes += buf.length
      pr.files++
      pr.bytes += buf.length
      await fn(p, f, buf)
    }
    pr.modules++
    pr.ms += now() - t
  }
}

if (mode === 'read') {
  await perFile(() => {})
} else if (mode === 'floor') {
  if (process.env.BENCH_LIFTOFF_ONLY === '1') (await import('node:v8')).setFlagsFromString('--liftoff-only')
  const {parse} = await import('@cdktf/hcl2json')
  await perFile(async (p, f, buf) => {
    const text = buf.toString('utf8')
    if (f.endsWith('.json')) {
      try {
        JSON.parse(text)
      } catch {
        /* counted as parsed */
      }
    } else {
      try {
        await parse(p, text)
      } catch {
        /* syntax error */
      }
    }
  })
} else if (mode === 'own') {
  const {parseHclNative} = await import('../dist/src/hcl/native/index.js')
  await perFile((p, f, buf) => {
    const text = buf.toString('utf8')
    if (f.endsWith('.json')) {
      try {
        JSON.parse(text)
      } catch {
        /* counted as parsed */
      }
    } else parseHclNative(text, p)
  })
} else if (mode === 'peer') {
  const parser = createRequire(import.meta.url)('@evops/hcl-terraform-parser')
  await perFile((p, f, buf) => {
    if (f.endsWith('.json')) return // the peer reads native syntax only
    try {
      parser.parse(buf)
    } catch {
      /* syntax error */
    }
  })
} else if (mode === 'analyze') {
  // the modules `tfgraph lint` loads first (the analysis is imported only for a root not in the results cache)
  const lib = await import('../dist/cli/lint-cached.js')
  // one run, as one CLI process has (jobs and cache from TFGRAPH_JOBS / TFGRAPH_NO_CACHE)
  const {beginRun} = await import('../dist/cli/run.js')
  const run = beginRun({'no-progress': true}, {quiet: true})
  const mapLimit = async (xs, n, fn) => {
    let next = 0
    await Promise.all(
      Array.from({length: Math.min(n, xs.length)}, async () => {
        while (next < xs.length) await fn(xs[next++])
      }),
    )
  }
  for (const d of items) {
    const t = now()
    const pr = repoOf(d.repo)
    const roots = await lib.findRootModules(run.context, d.dir)
    const seen = new Set()
    await mapLimit(roots, 4, async (root) => {
      const r = await lib.lintCached(run.context, root, {env: {}})
      for (const [dir, resources] of r.modules) {
        if (seen.has(dir)) continue
        seen.add(dir)
        pr.modules++
        pr.resources += resources
      }
    })
    pr.ms += now() - t
    pr.roots = roots.length
  }
  await run.end()
}
const ms = now() - t0
console.log(JSON.stringify({mode, ms: Math.round(ms), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), files, bytes, perRepo}))
