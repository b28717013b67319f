// Chromium for the browser tests (Debian's `chromium` package; .ci/run installs it). Like hasShared:
// without it a test prints one SKIP line with the reason (scripts/test.mjs counts them), except under
// CI=true, where its absence is an error, never a silent skip.
import {existsSync} from 'node:fs'
import {pathToFileURL} from 'node:url'
import type {Browser, ConsoleMessage, Page, Route} from 'playwright-core'

export const chromiumPath = process.env['TFGRAPH_CHROMIUM'] ?? '/usr/bin/chromium'

export function hasChromium(what: string): boolean {
  if (existsSync(chromiumPath)) return true
  if (process.env['CI'] === 'true')
    throw new Error(`${what}: ${chromiumPath} is missing (CI=true: the browser tests must not skip; .ci/run installs Debian's chromium)`)
  process.stdout.write(`SKIP ${what}: needs Chromium, not found at ${chromiumPath} (apt-get install chromium)\n`)
  return false
}

/** A page opened by {@link Tabs.open}: what it logged as errors, what it asked for beside its own file, and when its first frame was drawn. */
export interface Opened {
  page: Page
  errors: string[]
  requests: string[]
  readyMs: number
}

type Viewport = {width: number; height: number}

/**
 * The tabs a test file opens its pages in. Each new tab (a context of its own, as Playwright makes them)
 * costs Chromium a renderer process, about 2 s of CPU on a loaded two-core machine; a tab navigated to
 * the next page keeps its renderer and its warm caches. So a page is opened in a tab left idle by an
 * earlier test when there is one (navigated to about:blank when given back, the mouse parked on the
 * header first, so nothing of the last page stays), and in a new tab only when none is idle or when
 * `fresh` asks for one: the timed openings, which measure what a reader's new tab costs.
 */
export class Tabs {
  private readonly idle: Page[] = []
  private readonly giveBack = new Map<Page, () => Promise<void>>()
  constructor(private readonly browser: Browser) {}

  /** Opens `file` (a file:// page of the viewer) and waits until it says it is ready; every request but the file itself is aborted and recorded. */
  async open(file: string, viewport: Viewport = {width: 1280, height: 800}, opts: {fresh?: boolean} = {}): Promise<Opened> {
    const reused = opts.fresh ? undefined : this.idle.pop()
    const page = reused ?? (await (await this.browser.newContext({viewport})).newPage())
    if (reused) await page.setViewportSize(viewport)
    const url = pathToFileURL(file).href
    const errors: string[] = []
    const requests: string[] = []
    const onConsole = (m: ConsoleMessage): void => {
      if (m.type() === 'error') errors.push(m.text())
    }
    const onError = (e: Error): void => {
      errors.push(e.message)
    }
    const onRoute = (route: Route): Promise<void> => {
      const u = route.request().url()
      if (u === url) return route.continue()
      requests.push(u)
      return route.abort()
    }
    page.on('console', onConsole)
    page.on('pageerror', onError)
    await page.route('**/*', onRoute)
    this.giveBack.set(page, async () => {
      await page.unroute('**/*', onRoute)
      page.off('console', onConsole)
      page.off('pageerror', onError)
      if (opts.fresh) return page.context().close()
      await page.mouse.move(0, 0)
      await page.goto('about:blank')
      this.idle.push(page)
    })
    await page.goto(url)
    await page.waitForSelector('body[data-ready="true"]', {timeout: 30_000})
    const readyMs = await page.evaluate(() => performance.getEntriesByName('tfgraph-ready')[0]?.startTime ?? Infinity)
    return {page, errors, requests, readyMs}
  }

  /** Gives the page back: its tab waits at about:blank for the next test (a fresh tab is closed). */
  async close(page: Page): Promise<void> {
    const back = this.giveBack.get(page)
    this.giveBack.delete(page)
    if (back) await back()
    else await page.context().close()
  }
}
