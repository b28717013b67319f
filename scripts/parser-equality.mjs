#!/usr/bin/env node
// The whole pipeline gives the same output with either parser of native-syntax files: tfgraph's own
// (TFGRAPH_PARSER=tfgraph, the default) and the reference @cdktf/hcl2json (TFGRAPH_PARSER=hcl2json).
// Over ../shared/corpus: `lint REPO --recursive --format json` for every repository and `providers ROOT
// --json` for every root module (as `lint --recursive` finds them: findRootModules), each run twice, with
// the parse cache off and a fresh cache directory per run; stdout, stderr and the exit code must be equal.
//
// Usage: node scripts/parser-equality.mjs [SUBSTRING] [--limit N] [--jobs N] [--corpus DIR] [--no-lint] [--no-providers]
//   SUBSTRING       only roots and repositories whose path (relative to the corpus) contains it
//   --limit N       N root modules, evenly spread over the sorted list (and lint of their repositories only)
//   --jobs N        runs at once (default 2)
//   --corpus DIR    default ../shared/corpus
// Needs dist/ (`npm run build`). Exit status: 0 identical everywhere, 1 some difference (or the script failed).
import {spawn} from 'node:child_process'
import {existsSync, mkdtempSync, readdirSync, rmSync, statSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {runOrdered} from './oracle-common.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const repoRoot = path.resolve(here, '..')
const bin = path.join(repoRoot, 'bin', 'run.cjs')
const PARSERS = ['tfgraph', 'hcl2json']
const USAGE = 'Usage: node scripts/parser-equality.mjs [SUBSTRING] [--limit N] [--jobs N] [--corpus DIR] [--no-lint] [--no-providers]'

function parseArgs(argv) {
  const opts = {
    filter: '',
    limit: undefined,
    jobs: 2,
    corpus: path.resolve(repoRoot, '..', 'shared', 'corpus'),
    lint: true,
    providers: true,
  }
  const positional = []
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    const num = () => {
      const v = Number(argv[++i])
      if (!Number.isInteger(v) || v < 1) fail(`${a} needs a positive whole number`)
      return v
    }
    if (a === '--limit') opts.limit = num()
    else if (a === '--jobs') opts.jobs = num()
    else if (a === '--corpus') opts.corpus = path.resolve(argv[++i] ?? fail('--corpus needs a directory'))
    else if (a === '--no-lint') opts.lint = false
    else if (a === '--no-providers') opts.providers = false
    else if (a === '-h' || a === '--help') {
      console.log(USAGE)
      process.exit(0)
    } else if (a.startsWith('-')) fail(`unknown option ${a}`)
    else positional.push(a)
  }
  if (positional.length > 1) fail('at most one SUBSTRING')
  opts.filter = positional[0] ?? ''
  return opts
}

function fail(msg) {
  console.error(`parser-equality: ${msg}\n${USAGE}`)
  process.exit(1)
}

/** Runs the CLI with one parser, the parse cache off and a cache directory of its own. */
function runCli(args, parser) {
  const cacheDir = mkdtempSync(path.join(tmpdir(), `tfgraph-parser-equality-${parser}-`))
  const env = {...process.env, TFGRAPH_PARSER: parser, TFGRAPH_NO_CACHE: '1', TFGRAPH_CACHE_DIR: cacheDir, NO_COLOR: '1'}
  delete env['TF_DATA_DIR']
  delete env['FORCE_COLOR']
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], {cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe']})
    const out = []
    const err = []
    child.stdout.on('data', (c) => out.push(c))
    child.stderr.on('data', (c) => err.push(c))
    const timer = setTimeout(() => child.kill('SIGKILL'), 15 * 60 * 1000)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      rmSync(cacheDir, {recursive: true, force: true})
      resolve({code: code ?? `signal ${signal}`, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8')})
    })
  })
}

/** The first line where two texts differ, both sides cut to a readable length. */
function firstLineDiff(a, b) {
  const la = a.split('\n')
  const lb = b.split('\n')
  for (let i = 0; i < Math.max(la.length, lb.length); i++) {
    if (la[i] !== lb[i]) {
      const cut = (s) => (s === undefined ? '(end of output)' : s.length > 200 ? `${s.slice(0, 200)}…` : s)
      return `line ${i + 1}\n      tfgraph:  ${cut(la[i])}\n      hcl2json: ${cut(lb[i])}`
    }
  }
  return 'same lines (line endings differ)'
}

async function check(item) {
  const started = Date.now()
  const [a, b] = [await runCli(item.args, PARSERS[0]), await runCli(item.args, PARSERS[1])]
  const problems = []
  if (a.code !== b.code) problems.push(`exit code: tfgraph ${a.code}, hcl2json ${b.code}`)
  if (a.stdout !== b.stdout) problems.push(`stdout differs at ${firstLineDiff(a.stdout, b.stdout)}`)
  if (a.stderr !== b.stderr) problems.push(`stderr differs at ${firstLineDiff(a.stderr, b.stderr)}`)
  return {...item, problems, code: a.code, bytes: a.stdout.length, ms: Date.now() - started}
}

function print(r) {
  if (r.problems.length === 0) return
  console.log(`\nDIFFERS ${r.label}`)
  for (const p of r.problems) console.log(`   ${p}`)
}

async function main() {
  const opts = parseArgs(process.argv.slice(2))
  if (!existsSync(path.join(repoRoot, 'dist', 'src', 'index.js'))) fail('dist/ is missing: run `npm run build` first')
  if (!existsSync(opts.corpus)) fail(`no corpus at ${opts.corpus}`)
  const rel = (p) => path.relative(opts.corpus, p)

  // root modules as `lint --recursive` finds them (scanned, not parsed; the same with either parser)
  const dist = path.join(repoRoot, 'dist', 'src')
  const [{findRootModules}, {RunContext}] = await Promise.all([
    import(pathToFileURL(path.join(dist, 'lint', 'cached.js')).href),
    import(pathToFileURL(path.join(dist, 'load', 'run-context.js')).href),
  ])
  const context = new RunContext({cache: false})
  let roots = (await findRootModules(context, opts.corpus)).filter((d) => rel(d).includes(opts.filter))
  await context.close()
  if (opts.limit !== undefined && opts.limit < roots.length) {
    const step = roots.length / opts.limit
    roots = Array.from({length: opts.limit}, (_, i) => roots[Math.floor(i * step)])
  }
  const repoOf = (d) => rel(d).split(path.sep)[0]
  const allRepos = readdirSync(opts.corpus)
    .filter((n) => !n.startsWith('.') && statSync(path.join(opts.corpus, n)).isDirectory())
    .sort()
  const repos =
    opts.limit !== undefined
      ? [...new Set(roots.map(repoOf))].sort()
      : allRepos.filter((r) => r.includes(opts.filter) || roots.some((d) => repoOf(d) === r))

  const items = [
    ...(opts.lint
      ? repos.map((r) => ({
          kind: 'lint',
          label: `lint ${r} --recursive --format json`,
          args: ['lint', path.join(opts.corpus, r), '--recursive', '--format', 'json'],
        }))
      : []),
    ...(opts.providers
      ? roots.map((d) => ({kind: 'providers', label: `providers ${rel(d)} --json`, args: ['providers', d, '--json']}))
      : []),
  ]
  console.log(
    `parser-equality: ${opts.lint ? repos.length : 0} repositories (lint), ${opts.providers ? roots.length : 0} root modules (providers) under ${path.relative(process.cwd(), opts.corpus)}, parsers ${PARSERS.join(' and ')}, ${opts.jobs} jobs`,
  )
  const started = Date.now()
  const results = await runOrdered(items, {jobs: opts.jobs, label: 'parser-equality', every: 25}, check, print)

  const summary = (kind) => {
    const rs = results.filter((r) => r.kind === kind)
    const same = rs.filter((r) => r.problems.length === 0).length
    const codes = new Map()
    for (const r of rs) codes.set(r.code, (codes.get(r.code) ?? 0) + 1)
    const codeText = [...codes].map(([c, n]) => `exit ${c}: ${n}`).join(', ')
    return `${kind}: ${same}/${rs.length} identical${rs.length ? ` (${codeText})` : ''}`
  }
  const differing = results.filter((r) => r.problems.length > 0)
  console.log(`\n${summary('lint')}\n${summary('providers')}`)
  console.log(`${Math.round((Date.now() - started) / 1000)} s`)
  console.log(differing.length === 0 ? 'OK: identical output with both parsers' : `FAIL: ${differing.length} runs differ (listed above)`)
  return differing.length === 0 ? 0 : 1
}

main().then(
  (code) => process.stdout.write('', () => process.exit(code)),
  (e) => {
    console.error(`parser-equality: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
    process.exit(1)
  },
)
