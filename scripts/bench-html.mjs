#!/usr/bin/env node
// `graph --format html` at scale: a synthetic resources graph of N nodes (default 10,000; 200 modules,
// ~2 edges a node) written as a page and opened in headless Chromium (/usr/bin/chromium, or
// TFGRAPH_CHROMIUM) — it opens collapsed by module — then a scripted 3 s pan and zoom while
// requestAnimationFrame records frame times, once as it opened and once with every module expanded (all N
// nodes drawn; edges and labels hidden while the camera moves). Prints the open time and frame-time
// percentiles. Needs `npm run build`.
//   node scripts/bench-html.mjs [N] [--screenshot FILE] [--page FILE (keep the page)]
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
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
const keep = process.argv.indexOf('--page')
if (keep > 0) writeFileSync(process.argv[keep + 1], html)
const browser = await chromium.launch({
  executablePath: process.env.TFGRAPH_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--enable-unsafe-swiftshader'],
})
const page = await browser.newPage({viewport: {width: 1280, height: 800}})
t = performance.now()
await page.goto(pathToFileURL(file).href)
await page.waitForSelector('body[data-ready="true"]', {timeout: 60_000})
const ready = await page.evaluate(() => performance.getEntriesByName('tfgraph-ready')[0].startTime)
// a user's pan and zoom: the mouse drags the drawing round in a circle, then the wheel zooms in and out
// (sigma hides edges and labels while the mouse moves or the camera animates, as a person sees it)
const panZoom = async () => {
  await page.evaluate(() => {
    window.__frames = []
    let last = performance.now()
    const tick = (now) => {
      window.__frames.push(now - last)
      last = now
      if (window.__frames) requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
  const box = await page.locator('#sigma').boundingBox()
  const cx = box.x + box.width / 2
  const cy = box.y + box.height / 2
  const start = Date.now()
  await page.mouse.move(cx, cy)
  await page.mouse.down()
  for (let i = 0; Date.now() - start < 2000; i++) await page.mouse.move(cx + 120 * Math.sin(i / 8), cy + 120 * Math.cos(i / 8) - 120)
  await page.mouse.up()
  for (let i = 0; Date.now() - start < 3000; i++) await page.mouse.wheel(0, i % 10 < 5 ? -120 : 120)
  await page.waitForTimeout(100)
  return page.evaluate(() => {
    const f = window.__frames.slice(1)
    window.__frames = undefined
    return f
  })
}
const shown = () => page.evaluate(() => window.tfgraph.visibleNodes())
const opened = {nodes: await shown(), frames: await panZoom()}
const shot = process.argv.indexOf('--screenshot')
if (shot > 0) await page.screenshot({path: process.argv[shot + 1]})
t = performance.now()
await page.evaluate(() => window.tfgraph.expandAll())
await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
const expandMs = performance.now() - t
const expanded = {nodes: await shown(), frames: await panZoom()}
await browser.close()
rmSync(dir, {recursive: true, force: true})
console.log(
  `${n} nodes, ${edges.length} edges: layout ${layout.engine} ${Math.round(layoutMs)} ms, page ${(html.length / 1e6).toFixed(2)} MB, first frame ${Math.round(ready)} ms`,
)
for (const [what, r] of [
  ['as opened', opened],
  [`all expanded (${Math.round(expandMs)} ms to expand)`, expanded],
]) {
  const sorted = [...r.frames].sort((a, b) => a - b)
  const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(1)
  console.log(
    `pan/zoom 3 s, ${what}, ${r.nodes} nodes drawn: ${r.frames.length} frames, median ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${sorted.at(-1).toFixed(1)} ms (${(r.frames.length / 3).toFixed(0)} fps)`,
  )
}
