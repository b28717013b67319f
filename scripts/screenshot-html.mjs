#!/usr/bin/env node
// A PNG of a page `tfgraph graph --format html` wrote, as it opens in headless Chromium (/usr/bin/chromium,
// or TFGRAPH_CHROMIUM): for the README's picture (docs/images/graph-html.png) and for looking at large
// graphs. Prints the first-frame time and what is shown.
//   node scripts/screenshot-html.mjs PAGE.html OUT.png [--size 1280x800] [--select ADDRESS] [--expand MODULE]... [--expand-all] [--dark]
import {chromium} from 'playwright-core'
import {pathToFileURL} from 'node:url'
import * as path from 'node:path'

const [page, out, ...rest] = process.argv.slice(2)
if (!page || !out) {
  console.error('usage: node scripts/screenshot-html.mjs PAGE.html OUT.png [--size WxH] [--select ADDRESS] [--expand MODULE]... [--dark]')
  process.exit(1)
}
const opt = (name) => {
  const i = rest.indexOf(name)
  return i >= 0 ? rest[i + 1] : undefined
}
const [width, height] = (opt('--size') ?? '1280x800').split('x').map(Number)
const expand = rest.flatMap((a, i) => (rest[i - 1] === '--expand' ? [a] : []))
const browser = await chromium.launch({
  executablePath: process.env.TFGRAPH_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--enable-unsafe-swiftshader'],
})
const context = await browser.newContext({viewport: {width, height}, colorScheme: rest.includes('--dark') ? 'dark' : 'light'})
const tab = await context.newPage()
await tab.goto(pathToFileURL(path.resolve(page)).href)
await tab.waitForSelector('body[data-ready="true"]', {timeout: 60_000})
const ready = await tab.evaluate(() => performance.getEntriesByName('tfgraph-ready')[0].startTime)
for (const m of expand) await tab.evaluate((m) => window.tfgraph.collapse(m, false), m)
if (rest.includes('--expand-all')) await tab.evaluate(() => window.tfgraph.expandAll())
const select = opt('--select')
if (select !== undefined) {
  await tab.fill('#search', select)
  await tab.press('#search', 'Enter')
  await tab.fill('#search', '')
  await tab.dispatchEvent('#search', 'input')
}
await tab.waitForTimeout(expand.length > 0 || select !== undefined || rest.includes('--expand-all') ? 800 : 300)
await tab.screenshot({path: out})
const status = await tab.textContent('#status')
console.log(`${out}: first frame after ${Math.round(ready)} ms; ${status}`)
await browser.close()
