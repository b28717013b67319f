#!/usr/bin/env node
// Refreshes the real outputs in README.md: every block between `<!-- tour: ARGS -->` and `<!-- /tour -->`
// becomes "$ tfgraph ARGS" and what `node bin/run.js ARGS` prints (stdout, then stderr), run from the
// repository root with colours off. Usage: npm run build && node scripts/readme-tour.mjs [--check]
// (--check: exit 1 when README.md is not up to date, without writing it).
import {spawnSync} from 'node:child_process'
import {readFileSync, writeFileSync} from 'node:fs'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'

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
if (process.argv.includes('--check')) {
  if (out2 !== text) {
    console.error('README.md: the tour outputs are out of date (node scripts/readme-tour.mjs)')
    process.exit(1)
  }
} else writeFileSync(file, out2)
