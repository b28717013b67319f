// `graph --format html` after a search or an expansion, in Chromium (issue #54, items 9–12): the hover
// box, the side panel's neighbour list and the outline's long addresses (11); a search match inside
// collapsed modules shown with its path labelled (9); a large group opened as a grid, `0` readable (10);
// the time to the first frame on a large real configuration (12). Screenshots: TFGRAPH_SCREENSHOTS=DIR
// writes the pictures docs/images/graph-html-*.png were taken from.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {availableParallelism, loadavg, tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import type {Browser, Page} from 'playwright-core'
import {analyzeProviders, exportGraph, type GraphView} from '../helpers/internal.js'
import {chromiumPath, hasChromium, Tabs} from '../helpers/browser.js'
import {hasShared, sharedDir} from '../helpers/paths.js'
import {graphHtmlPage} from '../../src/render/graph-html.js'

const run = hasChromium('graph --format html after a search or an expansion')
let browser: Browser | undefined
let tabs: Tabs | undefined
let dir = ''
const shots = process.env['TFGRAPH_SCREENSHOTS'] ?? ''

test.before(async () => {
  if (!run) return
  const {chromium} = await import('playwright-core')
  browser = await chromium.launch({executablePath: chromiumPath, args: ['--enable-unsafe-swiftshader']})
  tabs = new Tabs(browser)
  dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-html-54-'))
})
test.after(async () => {
  await browser?.close()
  if (dir) rmSync(dir, {recursive: true, force: true})
})

const analyses = new Map<string, ReturnType<typeof analyzeProviders>>()

/** The page of `root` in `view` (the analysis of a root made once in this file and shared by its views). */
async function writePage(root: string, view: GraphView, name: string): Promise<string> {
  let analysis = analyses.get(root)
  if (!analysis) analyses.set(root, (analysis = analyzeProviders(root, {env: {}})))
  const a = await analysis
  const {graph} = exportGraph(a, {view})
  const file = path.join(dir, name)
  writeFileSync(file, await graphHtmlPage(a, graph, {root}))
  return file
}

/** Opens the page, in a tab an earlier test left idle unless `fresh` (test/helpers/browser.ts). */
async function open(file: string, opts: {fresh?: boolean} = {}): Promise<{page: Page; errors: string[]; readyMs: number}> {
  return tabs!.open(file, {width: 1280, height: 800}, opts)
}

/** Done with the page: its tab goes back to the idle ones. */
function close(page: Page): Promise<void> {
  return tabs!.close(page)
}

interface Box {
  id: string
  x: number
  y: number
  width: number
  height: number
}
type Api = {
  shownIds(): string[]
  collapsedModules(): string[]
  nodeViewport(id: string): {x: number; y: number} | null
  labelBoxes(): Box[]
  searchPath(): string[]
  gridEdges(): number
  nodeDiscs(): {id: string; x: number; y: number; r: number}[]
  graph: {getNodeAttribute(id: string, name: string): unknown}
  hoverBox(): {x: number; y: number; width: number; height: number; lines: number} | null
  collapse(m: string, on?: boolean): void
  select(id: string | null, moveCamera?: boolean): void
  fans(): {id: string; label: string; module: string}[]
  openFan(id: string): void
  renderer: {getCamera(): {isAnimated(): boolean}}
}
declare const tfgraph: Api

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !tfgraph.renderer.getCamera().isAnimated())
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (!shots) return
  mkdirSync(shots, {recursive: true})
  await page.screenshot({path: path.join(shots, name)})
}

/** One module (given aws = aws.east) with 400 resources, 360 module calls, a few deep modules. */
function writeWideTree(root: string): void {
  const w = (f: string, text: string): void => {
    mkdirSync(path.dirname(path.join(root, f)), {recursive: true})
    writeFileSync(path.join(root, f), text)
  }
  w(
    'main.tf',
    'provider "aws" {}\nprovider "aws" {\n  alias = "east"\n}\nmodule "example" {\n  source    = "./example"\n  providers = { aws = aws.east }\n}\n',
  )
  w(
    'example/main.tf',
    Array.from({length: 400}, (_, i) => `resource "aws_thing" "r${String(i).padStart(3, '0')}" {}\n`).join('') +
      Array.from(
        {length: 360},
        (_, i) =>
          `module "component_with_a_long_name_${String(i).padStart(3, '0')}" {\n  source = "../${i % 9 === 0 ? 'branch' : 'leaf'}"\n}\n`,
      ).join(''),
  )
  w('branch/main.tf', 'module "inner" {\n  source = "../leaf"\n}\nresource "aws_branch" "b" {}\n')
  w('leaf/main.tf', 'resource "aws_leaf" "x" {}\nresource "aws_leaf" "y" {}\n')
}

let wide: Promise<string> | undefined
/** The wide tree's providers page, written once in this file: every test below opens it. */
function widePage(): Promise<string> {
  if (!wide) {
    const root = path.join(dir, 'wide')
    writeWideTree(root)
    wide = writePage(root, 'providers', 'wide-providers.html')
  }
  return wide
}

test('11: the hover box covers the label it enlarges and keeps the providers-map line under it readable', async () => {
  if (!run) return
  const {page, errors} = await open(await widePage())
  await page.evaluate(() => tfgraph.collapse('module.example', false))
  await settled(page)
  const at = (await page.evaluate(() => tfgraph.nodeViewport('module.example')))!
  const canvas = (await page.locator('#sigma').boundingBox())!
  await page.mouse.move(canvas.x + at.x, canvas.y + at.y)
  await settled(page)
  const hover = (await page.evaluate(() => tfgraph.hoverBox()))!
  assert.ok(hover, 'a hover box is drawn')
  assert.is(hover.lines, 2, 'the label and its providers-map entry, in one box')
  // the label and the lane drawn for the node lie inside the hover box: nothing repeated beside it, nothing covered
  const own = (await page.evaluate(() => tfgraph.labelBoxes())).filter((b) => b.id === 'module.example' || b.id === 'module.example ←')
  assert.is(own.length, 2)
  for (const b of own)
    assert.ok(
      b.x >= hover.x - 1 &&
        b.y >= hover.y - 1 &&
        b.x + b.width <= hover.x + hover.width + 1 &&
        b.y + b.height <= hover.y + hover.height + 1,
      `${b.id} ${JSON.stringify(b)} inside the hover box ${JSON.stringify(hover)}`,
    )
  await screenshot(page, 'graph-html-hover.png')
  assert.equal(errors, [])
  await close(page)
})

test('11: the side panel lists 401 neighbours one line a row, only those in view made, with a filter', async () => {
  if (!run) return
  const {page, errors} = await open(await widePage())
  await page.evaluate(() => tfgraph.select('module.example', true))
  await settled(page)
  const heading = await page.textContent('#details h3:has(+ .neighbours)')
  const total = Number(/^([\d,]+) neighbours$/i.exec(heading ?? '')?.[1]?.replace(/,/g, ''))
  assert.ok(total > 400, `module.example has ${heading}`)
  const rows = await page.$$eval('#details .neighbours button.vrow', (bs) =>
    bs.map((b) => {
      const r = b.getBoundingClientRect()
      const head = b.querySelector('.head') as HTMLElement
      return {text: b.textContent, title: b.getAttribute('title'), height: r.height, left: r.left, cut: head.scrollWidth > head.clientWidth}
    }),
  )
  assert.ok(rows.length > 5 && rows.length < 40, `only the rows in view are made: ${rows.length} of ${total}`)
  for (const r of rows) {
    assert.ok(r.height <= 21, `one line a row: ${JSON.stringify(r)}`)
    assert.is(r.title, r.text, 'the full address on hover')
  }
  assert.is(new Set(rows.map((r) => Math.round(r.left))).size, 1, 'rows aligned')
  // scrolled to the end: the last rows are made
  await page.$eval('#details .vlist', (s) => (s.scrollTop = s.scrollHeight))
  await page.waitForFunction(() =>
    [...document.querySelectorAll('#details button.vrow')].some((b) => b.textContent?.includes('component_with_a_long_name_359')),
  )
  // the filter
  await page.fill('#details .neighbours input', 'r39')
  const filtered = await page.$$eval('#details .neighbours button.vrow', (bs) => bs.map((b) => b.textContent))
  assert.equal(
    filtered.sort(),
    Array.from({length: 10}, (_, i) => `module.example.aws_thing.r39${i}`),
  )
  await page.click('#details .neighbours button.vrow >> nth=0')
  assert.is(await page.textContent('#details h2'), 'module.example.aws_thing.r390')
  await page.evaluate(() => tfgraph.select('module.example', true))
  await settled(page)
  await screenshot(page, 'graph-html-neighbours.png')
  assert.equal(errors, [])
  await close(page)
})

test('11: the outline cuts a long address in the middle: its start and its end show, the full text on hover', async () => {
  if (!run) return
  const {page, errors} = await open(await widePage())
  const long = 'provider["registry.terraform.io/hashicorp/aws"].east'
  const item = page.locator('#outline button.item', {hasText: long})
  const parts = await item.evaluate((b) => {
    const head = b.querySelector('.head') as HTMLElement
    const tail = b.querySelector('.tail') as HTMLElement
    return {
      head: head.textContent,
      tail: tail.textContent,
      cut: head.scrollWidth > head.clientWidth,
      tailShown: tail.scrollWidth <= tail.clientWidth + 1,
    }
  })
  assert.ok(parts.cut, 'the outline is narrower than the address')
  assert.ok(parts.tailShown, 'its end shows whole')
  assert.ok(long.startsWith(parts.head ?? '-') && long.endsWith(parts.tail ?? '-'), JSON.stringify(parts))
  assert.ok((parts.tail ?? '').endsWith('aws"].east'))
  await item.hover()
  assert.is(await item.getAttribute('title'), long)
  await item.focus()
  assert.is(await page.textContent('#tip'), long)
  assert.equal(errors, [])
  await close(page)
})

test('9: a search match inside collapsed modules: the path from the root to it labelled, the rest faded, framed to fit', async () => {
  if (!run) return
  const {page, errors} = await open(await widePage())
  const match = 'module.example.module.component_with_a_long_name_009.module.inner.aws_leaf.x'
  assert.ok((await page.evaluate(() => tfgraph.collapsedModules())).includes('module.example'), 'opens collapsed')
  await page.fill('#search', 'component_with_a_long_name_009.module.inner.aws_leaf.x')
  await page.press('#search', 'Enter')
  await settled(page)
  assert.is(await page.textContent('#details h2'), match)
  const shown = await page.evaluate(() => tfgraph.shownIds())
  assert.ok(shown.includes(match))
  // the fans on the way stay closed: the drawing does not become a column of 360 modules
  assert.ok(shown.length < 60, `${shown.length} nodes shown`)
  const fans = await page.evaluate(() => tfgraph.fans().map((f) => f.label))
  assert.ok(fans.includes('modules (359)'), JSON.stringify(fans))
  const pathIds = await page.evaluate(() => tfgraph.searchPath())
  assert.equal(pathIds.slice(-4), [
    'module.example',
    'module.example.module.component_with_a_long_name_009',
    'module.example.module.component_with_a_long_name_009.module.inner',
    match,
  ])
  // every node of the path labelled, inside the canvas; the others drawn faded
  const canvas = (await page.locator('#sigma').boundingBox())!
  const labels = await page.evaluate(() => tfgraph.labelBoxes())
  for (const id of pathIds.slice(0, -1)) {
    const b = labels.find((l) => l.id === id)
    assert.ok(b, `${id} labelled`)
    assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.width <= canvas.width && b.y + b.height <= canvas.height, `${id} inside the canvas`)
  }
  const faded = await page.evaluate(
    (ids) =>
      tfgraph
        .shownIds()
        .filter(
          (id) =>
            !ids.includes(id) &&
            (tfgraph.renderer as unknown as {getNodeDisplayData(id: string): {faded?: boolean}}).getNodeDisplayData(id)?.faded === true,
        ).length,
    pathIds,
  )
  assert.ok(faded > 0, 'the rest is faded')
  const hover = await page.evaluate(() => tfgraph.hoverBox())
  assert.ok(hover && hover.x >= 0 && hover.x + hover.width <= canvas.width + 1, `the match's label on the canvas: ${JSON.stringify(hover)}`)
  await screenshot(page, 'graph-html-search-path.png')
  assert.equal(errors, [])
  await close(page)
})

test('10: a group of 360 modules opens as a grid about as wide as it is tall, without a curtain of edges; 0 shows it readable, then whole', async () => {
  if (!run) return
  const {page, errors} = await open(await widePage())
  await page.evaluate(() => tfgraph.collapse('module.example', false))
  await settled(page)
  const fan = (await page.evaluate(() => tfgraph.fans())).find((f) => f.label === 'modules (360)')
  assert.ok(fan, 'the modules are one group')
  assert.is(await page.evaluate(() => tfgraph.gridEdges()), 0, 'a module showing its groups draws its edges to them')
  await page.evaluate((id) => tfgraph.openFan(id), fan.id)
  await settled(page)
  const members = (await page.evaluate(() => tfgraph.shownIds())).filter((id) => /^module\.example\.module\.component_[^.]*_\d+$/.test(id))
  assert.is(members.length, 360)
  const at = await page.evaluate(
    (ids) =>
      ids.map((id) => ({x: tfgraph.graph.getNodeAttribute(id, 'x') as number, y: tfgraph.graph.getNodeAttribute(id, 'y') as number})),
    members,
  )
  const columns = new Set(at.map((p) => Math.round(p.x))).size
  const width = Math.max(...at.map((p) => p.x)) - Math.min(...at.map((p) => p.x))
  const height = Math.max(...at.map((p) => p.y)) - Math.min(...at.map((p) => p.y))
  assert.ok(columns >= 4, `a grid: ${columns} columns`)
  assert.ok(width / height > 0.4 && width / height < 4, `about as wide as it is tall: ${Math.round(width)} × ${Math.round(height)}`)
  // no curtain: the edges from module.example to each of them are not drawn, and the status says so
  assert.ok((await page.evaluate(() => tfgraph.gridEdges())) >= 360)
  assert.match((await page.textContent('#status')) ?? '', /edges into grids not drawn/)
  await page.locator('#search').blur()
  // 0: the grid at a readable size (its top left), no two labels overlapping
  await page.keyboard.press('0')
  await settled(page)
  const labels = await page.evaluate(() => tfgraph.labelBoxes())
  const fonts = labels.map((b) => b.height / 1.24)
  assert.ok(Math.min(...fonts) >= 10.95, `labels of ${Math.min(...fonts).toFixed(1)} px`)
  assert.ok(labels.filter((b) => b.id.includes('component_')).length >= 20, 'the grid is on the canvas, readable')
  for (let i = 0; i < labels.length; i++)
    for (let j = i + 1; j < labels.length; j++) {
      const [a, b] = [labels[i]!, labels[j]!]
      const ox = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
      const oy = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
      assert.ok(ox <= 0.5 || oy <= 0.5, `${a.id} and ${b.id} overlap`)
    }
  await screenshot(page, 'graph-html-grid.png')
  // 0 again: the whole drawing on the canvas
  await page.keyboard.press('0')
  await settled(page)
  const canvas = (await page.locator('#sigma').boundingBox())!
  const discs = await page.evaluate(() => tfgraph.nodeDiscs())
  const outside = discs.filter((d) => d.x < -1 || d.y < -1 || d.x > canvas.width + 1 || d.y > canvas.height + 1)
  assert.equal(
    outside.map((d) => d.id),
    [],
    'the whole drawing fits',
  )
  await screenshot(page, 'graph-html-grid-whole.png')
  assert.equal(errors, [])
  await close(page)
})

/** A bound for a time measured on this machine: as given on a quiet one, more when every core is already busy. */
function timeBound(ms: number): number {
  return ms * Math.max(1, loadavg()[0]! / Math.max(1, availableParallelism()))
}

test('12: the caf examples root (1,900 files, 622 module instances): first frame in under 2 s in every view', async () => {
  if (!run || !hasShared('graph --format html on the caf examples root', path.join('large', 'aztfmod+terraform-azurerm-caf'))) return
  const root = path.join(sharedDir, 'large', 'aztfmod+terraform-azurerm-caf', 'examples')
  for (const view of ['modules', 'providers', 'resources'] as const) {
    const file = await writePage(root, view, `caf-${view}.html`)
    // the best of three openings, each in a new tab: the first pays for the browser's own warm-up; once
    // one meets the bound, the ones left would not change the best
    const times: number[] = []
    let bound = timeBound(2000)
    for (let i = 0; i < 3 && !(Math.min(...times) < bound); i++) {
      const {page, errors, readyMs} = await open(file, {fresh: true})
      times.push(readyMs)
      assert.equal(errors, [])
      await close(page)
      bound = timeBound(2000)
    }
    const best = Math.min(...times)
    process.stdout.write(`caf ${view}: first frame ${times.map((t) => Math.round(t)).join(', ')} ms (load ${loadavg()[0]!.toFixed(1)})\n`)
    assert.ok(best < bound, `caf ${view} view: first frame in ${Math.round(best)} ms, over ${Math.round(bound)} ms`)
  }
})

test.run()
