#!/usr/bin/env node
// Refreshes the real outputs in README.md: every block between `<!-- tour: ARGS -->` and `<!-- /tour -->`
// becomes "$ tfgraph ARGS" and what `node bin/run.js ARGS` prints (stdout, then stderr), run from the
// repository root with colours off. Usage: npm run build && node scripts/readme-tour.mjs [--check]
// (--check: exit 1 when README.md is not up to date, without writing it). `<!-- tour-hover: DIR FILE
// LINE:COLUMN -->` blocks (README.md and docs/editor.md) show what an editor's hover gets from
// `tfgraph lsp` there (scripts/lsp-hover.mjs), links relative to the page.
import {spawnSync} from 'node:child_process'
import {readFileSync, writeFileSync} from 'node:fs'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'
import {hoverAt} from './lsp-hover.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const file = path.join(root, 'README.md')
const text = readFileSync(file, 'utf8')
const out = text.replace(/<!-- tour: (.+?) -->\n[\s\S]*?<!-- \/tour -->/g, (_, line) => {
  const args = line.match(/'[^']*'|\S+/g).map((a) => a.replace(/^'|'$/g, ''))
  const r = spawnSync(process.execPath, [path.join(root, 'bin/run.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: {...process.env, NO_COLOR: '1', TFGRAPH_NO_CACHE: '1'},
  })
  const shown = (r.stdout + r.stderr).replace(/\s+$/, '')
  return `<!-- tour: ${line} -->\n\`\`\`\n$ tfgraph ${line}\n${shown}\n\`\`\`\n<!-- /tour -->`
})
// `<!-- tour-markdown: ARGS -->`: the output is Markdown (providers diff --format markdown), shown as a reader sees it
const out2 = out.replace(/<!-- tour-markdown: (.+?) -->\n[\s\S]*?<!-- \/tour-markdown -->/g, (_, line) => {
  const args = line.match(/'[^']*'|\S+/g).map((a) => a.replace(/^'|'$/g, ''))
  const r = spawnSync(process.execPath, [path.join(root, 'bin/run.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: {...process.env, NO_COLOR: '1', TFGRAPH_NO_CACHE: '1'},
  })
  return `<!-- tour-markdown: ${line} -->\n${r.stdout.replace(/\s+$/, '')}\n<!-- /tour-markdown -->`
})
/** The hover blocks of a page (`up`: the way from the page's folder to the repository root). */
async function hovers(page, up) {
  let done = page
  for (const m of page.matchAll(/<!-- tour-hover: (\S+) (\S+) (\d+):(\d+) -->\n[\s\S]*?<!-- \/tour-hover -->/g)) {
    const [whole, dir, f, line, column] = m
    const md = (await hoverAt(dir, f, Number(line), Number(column))).replace(/\]\((?!https?:)/g, `](${up}`)
    const quoted = md
      .split('\n')
      .map((l) => (l === '' ? '>' : `> ${l}`))
      .join('\n')
    done = done.replace(whole, `<!-- tour-hover: ${dir} ${f} ${line}:${column} -->\n${quoted}\n<!-- /tour-hover -->`)
  }
  return done
}
const pages = [
  [file, await hovers(out2, ''), text],
  [path.join(root, 'docs', 'editor.md'), undefined, undefined],
]
pages[1][2] = readFileSync(pages[1][0], 'utf8')
pages[1][1] = await hovers(pages[1][2], '../')
if (process.argv.includes('--check')) {
  const stale = pages.filter(([, now, was]) => now !== was).map(([f]) => path.relative(root, f))
  if (stale.length > 0) {
    console.error(`${stale.join(', ')}: the tour outputs are out of date (node scripts/readme-tour.mjs)`)
    process.exit(1)
  }
} else for (const [f, now] of pages) writeFileSync(f, now)
