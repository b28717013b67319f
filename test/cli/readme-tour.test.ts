// The example outputs of README.md and docs/ are the tool's real outputs (issue #54): every block between
// `<!-- tour: ARGS -->` and `<!-- /tour -->` (and tour-markdown, tour-hover) is what the CLI or the
// language server prints today — scripts/readme-tour.mjs --check fails on one that is not (here its
// `tourPages`, with the command lines run in this process, test/helpers/cli.ts: the first also as a process
// of its own); and every example that shows a command line (`$ tfgraph …`) is such a block, so none escapes
// the check. `node scripts/readme-tour.mjs` refreshes them.
import {readdirSync, readFileSync} from 'node:fs'
import {pathToFileURL} from 'node:url'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {checkedRunner} from '../helpers/cli.js'
import {repoRoot} from '../helpers/paths.js'

function pages(): string[] {
  const out = ['README.md']
  const walk = (rel: string): void => {
    for (const e of readdirSync(path.join(repoRoot, rel), {withFileTypes: true})) {
      if (e.isDirectory()) walk(`${rel}/${e.name}`)
      else if (e.name.endsWith('.md')) out.push(`${rel}/${e.name}`)
    }
  }
  walk('docs')
  return out.sort()
}

test('every example that shows a tfgraph command line is a tour block', () => {
  const loose: string[] = []
  for (const page of pages()) {
    const text = readFileSync(path.join(repoRoot, page), 'utf8')
    // the fenced blocks that are not the output of a tour marker just above them
    for (const m of text.matchAll(/(<!-- tour: [^\n]* -->\n)?```[^\n]*\n([^\n]*)/g)) {
      if (m[1] === undefined && /^\$ tfgraph /.test(m[2] ?? '')) loose.push(`${page}: ${m[2]}`)
    }
  }
  assert.equal(loose, [], 'examples outside a <!-- tour: … --> block')
})

test('every tour block of README.md and docs/ is what the tool prints today', async () => {
  const tour = (await import(pathToFileURL(path.join(repoRoot, 'scripts/readme-tour.mjs')).href)) as {
    TOUR_ENV: Record<string, string>
    tourPages: (
      run: (args: readonly string[]) => Promise<{stdout: string; stderr: string}>,
      hoverOptions: {stderr: (chunk: Buffer) => void},
    ) => Promise<[string, string, string][]>
  }
  const run = checkedRunner({env: tour.TOUR_ENV})
  let stderr = ''
  const pages = await tour.tourPages(run, {stderr: (chunk) => (stderr += chunk.toString())})
  assert.ok(pages.length > 0, 'pages with tour blocks')
  assert.equal(
    pages.filter(([, now, was]) => now !== was).map(([f]) => path.relative(repoRoot, f)),
    [],
    'the tour outputs are out of date (node scripts/readme-tour.mjs)',
  )
  assert.is(stderr, '', "the language server's stderr")
})

test('docs/cli.md names every command', async () => {
  const entry = (await import(pathToFileURL(path.join(repoRoot, 'dist/cli/entry.js')).href)) as {COMMANDS: Record<string, unknown>}
  const text = readFileSync(path.join(repoRoot, 'docs/cli.md'), 'utf8')
  const first = text.slice(0, text.indexOf('\n## '))
  const ids = Object.keys(entry.COMMANDS).map((id) => id.split(':').join(' '))
  assert.ok(ids.includes('lsp'))
  assert.equal(
    ids.filter((id) => !first.includes(`\`${id}\``) && !first.includes(`\`${id} `)),
    [],
  )
})

test.run()
