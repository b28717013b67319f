#!/usr/bin/env node
// Refreshes the real outputs in README.md and every page of docs/ (docs/**/*.md): every block between
// `<!-- tour: ARGS -->` and `<!-- /tour -->` becomes "$ tfgraph ARGS" and what `node bin/run.cjs ARGS`
// prints (stdout, then stderr), run from the repository root with colours off; `<!-- tour-markdown: ARGS
// -->` blocks show the output as Markdown (providers diff --format markdown); `<!-- tour-hover: DIR FILE
// LINE:COLUMN -->` blocks show what an editor's hover gets from `tfgraph lsp` there (scripts/lsp-hover.mjs),
// links relative to the page. Usage: npm run build && node scripts/readme-tour.mjs [--check] (--check:
// exit 1 when a page is not up to date, without writing it). test/cli/readme-tour.test.ts checks the pages
// through `tourPages` with the command lines run in its own process, so an example output that no longer
// matches the tool fails the tests.
import {spawnSync} from 'node:child_process'
import {readdirSync, readFileSync, writeFileSync} from 'node:fs'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'
import {hoverAt} from './lsp-hover.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The arguments of a tour line, split as a shell would for these examples ('…' quoting). */
const argsOf = (line) => line.match(/'[^']*'|\S+/g).map((a) => a.replace(/^'|'$/g, ''))

/** The environment each tour line runs with, over the caller's. */
export const TOUR_ENV = {NO_COLOR: '1', TFGRAPH_NO_CACHE: '1', FORCE_COLOR: '0'}

/** `tfgraph ARGS` as a process of its own (`node bin/run.cjs`), from the repository root: its stdout and stderr. */
function runProcess(args) {
  return spawnSync(process.execPath, [path.join(root, 'bin/run.cjs'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: {...process.env, ...TOUR_ENV},
  })
}

/** `text` with each match of `re` (global) replaced by what `to` resolves to, the matches taken one after another. */
async function replaceEach(text, re, to) {
  let out = ''
  let last = 0
  for (const m of text.matchAll(re)) {
    out += text.slice(last, m.index) + (await to(...m))
    last = m.index + m[0].length
  }
  return out + text.slice(last)
}

/**
 * The page with its tour, tour-markdown and tour-hover blocks refreshed (`up`: the way from its folder to
 * the root); `run(args)` gives a command line's stdout and stderr, `hover(dir, file, line, column)` the hover.
 */
async function refresh(page, up, run, hover) {
  let done = await replaceEach(page, /<!-- tour: (.+?) -->\n[\s\S]*?<!-- \/tour -->/g, async (_, line) => {
    const r = await run(argsOf(line))
    const shown = (r.stdout + r.stderr).replace(/\s+$/, '')
    return `<!-- tour: ${line} -->\n\`\`\`\n$ tfgraph ${line}\n${shown}\n\`\`\`\n<!-- /tour -->`
  })
  done = await replaceEach(done, /<!-- tour-markdown: (.+?) -->\n[\s\S]*?<!-- \/tour-markdown -->/g, async (_, line) => {
    return `<!-- tour-markdown: ${line} -->\n${(await run(argsOf(line))).stdout.replace(/\s+$/, '')}\n<!-- /tour-markdown -->`
  })
  for (const m of page.matchAll(/<!-- tour-hover: (\S+) (\S+) (\d+):(\d+) -->\n[\s\S]*?<!-- \/tour-hover -->/g)) {
    const [whole, dir, f, line, column] = m
    const md = (await hover(dir, f, Number(line), Number(column))).replace(/\]\((?!https?:)/g, `](${up}`)
    const quoted = md
      .split('\n')
      .map((l) => (l === '' ? '>' : `> ${l}`))
      .join('\n')
    done = done.replace(whole, `<!-- tour-hover: ${dir} ${f} ${line}:${column} -->\n${quoted}\n<!-- /tour-hover -->`)
  }
  return done
}

/** README.md and the Markdown pages under docs/, sorted. */
function pagesOf() {
  const out = [path.join(root, 'README.md')]
  const walk = (dir) => {
    for (const e of readdirSync(dir, {withFileTypes: true}).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(dir, e.name)
      if (e.isDirectory()) walk(p)
      else if (e.name.endsWith('.md')) out.push(p)
    }
  }
  walk(path.join(root, 'docs'))
  return out
}

/**
 * Every page with a tour block: [file, the page refreshed, the page as it is]. `run(args)` runs a command
 * line (default: a process of its own each, TOUR_ENV over this process's environment); `hoverOptions` go to
 * hoverAt (its server's stderr). A hover asked twice (the same place) is asked once.
 */
export async function tourPages(run = async (args) => runProcess(args), hoverOptions = {}) {
  const hovers = new Map()
  const hover = (...at) => {
    const key = at.join(' ')
    if (!hovers.has(key)) hovers.set(key, hoverAt(...at, hoverOptions))
    return hovers.get(key)
  }
  const pages = []
  for (const file of pagesOf()) {
    const was = readFileSync(file, 'utf8')
    if (!/<!-- tour(-markdown|-hover)?: /.test(was)) continue
    const up = path.relative(path.dirname(file), root).split(path.sep).join('/')
    pages.push([file, await refresh(was, up === '' ? '' : `${up}/`, run, hover), was])
  }
  return pages
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const pages = await tourPages()
  if (process.argv.includes('--check')) {
    const stale = pages.filter(([, now, was]) => now !== was).map(([f]) => path.relative(root, f))
    if (stale.length > 0) {
      console.error(`${stale.join(', ')}: the tour outputs are out of date (node scripts/readme-tour.mjs)`)
      process.exit(1)
    }
  } else for (const [f, now, was] of pages) if (now !== was) writeFileSync(f, now)
}
