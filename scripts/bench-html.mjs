#!/usr/bin/env node
// `graph --format html` at scale: a synthetic resources graph of N nodes (default 10,000; 200 modules,
// ~2 edges a node) laid out (ForceAtlas2), written as a page and opened in headless Chromium
// (/usr/bin/chromium, or TFGRAPH_CHROMIUM); then a scripted 3 s pan and zoom while requestAnimationFrame
// records frame times. Prints layout and open times and frame-time percentiles. Needs `npm run build`.
//   node scripts/bench-html.mjs [N] [--screenshot FILE]
import {mkdtempSync, rmSync, writeFileSync, statSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {pathToFileURL} from 'node:url'
import {chromium} from 'playwright-core'
import {layoutGraph} from '../dist/src/render/graph-layout.js'
import {loadViewerAsset, renderGraphHtml} from '../dist/src/render/graph-html.js'

const n = Number(process.argv[2] ?? 10000)
const modules = Math.max(1, Math.round(n / 50))
const nodes = []
for (let i = 0; i < n; i++) {
  const m = i % modules === 0 ? '' : `module.m${i % modules}`
  const address = `${m ? m + '.' : ''}aws_thing.r${i}`
  nodes.push({id: address, kind: 'resource', address, module: m, label: address, cluster: null, marks: [], attributes: {}})
}
const edges = []
let seed = 7
const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
for (let i = 1; i < n; i++) {
  edges.push({
    from: nodes[i].id,
    to: nodes[i - 1 - Math.floor(rand() * Math.min(i, 60))].id,
    kind: 'depends-on',
    label: null,
    attributes: {},
  })
  if (rand() < 0.8) edges.push({from: nodes[i].id, to: nodes[Math.floor(rand() * i)].id, kind: 'depends-on', label: null, attributes: {}})
}
const g = {view: 'resources', engine: 'terraform', terraformResources: false, collapsed: false, nodes, edges, clusters: [], diagnostics: []}
let t = performance.now()
const layout = await layoutGraph(g)
const layoutMs = performance.now() - t
const colorKey = Object.fromEntries(
  nodes.map((x, i) => [x.id, `provider["registry.terraform.io/hashicorp/aws"]${i % 5 ? '.a' + (i % 5) : ''}`]),
)
const html = renderGraphHtml(g, {details: {}, colorKey, diagnostics: []}, layout, loadViewerAsset(), {root: `synthetic-${n}`})
const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-bench-html-'))
const file = path.join(dir, 'page.html')
writeFileSync(file, html)
const browser = await chromium.launch({
  executablePath: process.env.TFGRAPH_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--enable-unsafe-swiftshader'],
})
const page = await browser.newPage({viewport: {width: 1280, height: 800}})
t = performance.now()
await page.goto(pathToFileURL(file).href)
await page.waitForSelector('body[data-ready="true"]', {timeout: 60_000})
const ready = await page.evaluate(() => performance.getEntriesByName('tfgraph-ready')[0].startTime)
const frames = await page.evaluate(async () => {
  const camera = window.tfgraph.renderer.getCamera()
  const times = []
  let last = performance.now()
  let running = true
  const tick = (now) => {
    times.push(now - last)
    last = now
    if (running) requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
  const start = performance.now()
  while (performance.now() - start < 3000) {
    const s = (performance.now() - start) / 3000
    camera.setState({x: 0.5 + 0.3 * Math.sin(s * 6.28), y: 0.5 + 0.3 * Math.cos(s * 6.28), ratio: 1 - 0.8 * Math.sin(s * 3.14)})
    await new Promise((r) => requestAnimationFrame(r))
  }
  running = false
  return times.slice(1)
})
const shot = process.argv.indexOf('--screenshot')
if (shot > 0) await page.screenshot({path: process.argv[shot + 1]})
await browser.close()
rmSync(dir, {recursive: true, force: true})
const sorted = [...frames].sort((a, b) => a - b)
const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(1)
console.log(
  `${n} nodes, ${edges.length} edges: layout ${layout.engine} ${Math.round(layoutMs)} ms, page ${(statSync.length, (html.length / 1e6).toFixed(2))} MB, first frame ${Math.round(ready)} ms`,
)
console.log(
  `pan/zoom 3 s: ${frames.length} frames, median ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${sorted.at(-1).toFixed(1)} ms (${(frames.length / 3).toFixed(0)} fps)`,
)
