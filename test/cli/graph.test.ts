// Smoke tests of `tfgraph graph`: stdout carries only the graph (pipeable into dot), warnings stay off
// stderr, errors go there, -o, exit codes, help with examples.
import {spawnSync} from 'node:child_process'
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {dotToSvg, parseMermaid, svgTexts} from '../export/graph-tools.js'
import {runCli, runCliProcess} from '../helpers/cli.js'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

// `tfgraph graph ARGS` in this process as bin/run.cjs runs it (test/helpers/cli.ts; the same output and exit
// code, test/cli/in-process.test.ts), the working directory the test's own; the first test's command line
// runs as a process of its own too and must give the same (`real`)
const options = {cwd: process.cwd(), env: {TF_DATA_DIR: undefined}}
const run = (...args: string[]) => runCli(['graph', ...args], options)
async function real(...args: string[]) {
  const r = runCliProcess(['graph', ...args], options)
  assert.equal(await run(...args), r, `tfgraph graph ${args.join(' ')}: the same in this process as in a process of its own`)
  return r
}

const platform = path.join(fixturesDir, 'graph/platform')

test('default: the modules view as DOT on stdout; warnings are not printed; it renders with dot', async () => {
  const r = await real(platform)
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '', 'the "Module not installed" warning stays off stderr')
  assert.ok(r.stdout.startsWith('digraph "tfgraph modules" {\n'))
  // a mark is one word on the node, the reason its tooltip
  assert.match(
    r.stdout,
    /"module.vault" \[label = "vault\\nhashicorp\/vault\/aws \(~> 0.17\)\\nnot installed".*tooltip = "module.vault: registry.terraform.io\/hashicorp\/vault\/aws is not installed/,
  )
  assert.match(dotToSvg(r.stdout), /<svg/)
  assert.is(r.stdout, readFileSync(path.join(platform, 'expected.modules.dot'), 'utf8'))
})

test('--type resources is terraform graph; --format mermaid and json', async () => {
  const dot = await run(path.join(fixturesDir, 'graph/graph-interesting'), '--type', 'resources')
  assert.is(dot.code, 0)
  assert.ok(dot.stdout.startsWith('digraph G {\n  rankdir = "RL";\n'))
  const mer = await run(platform, '-t', 'providers', '-f', 'mermaid')
  assert.is(mer.code, 0)
  assert.is((await parseMermaid(mer.stdout)).type, 'flowchart-v2')
  const json = await run(platform, '--type', 'providers', '--format', 'json', '--collapse')
  const doc = JSON.parse(json.stdout) as {format_version: string; view: string; collapsed: boolean; nodes: {kind: string}[]}
  assert.is(doc.format_version, '1')
  assert.is(doc.view, 'providers')
  assert.ok(doc.collapsed && doc.nodes.some((n) => n.kind === 'resource-group') && !doc.nodes.some((n) => n.kind === 'resource'))
})

test('-o writes the file and nothing to stdout', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-graph-cli-'))
  try {
    const out = path.join(dir, 'g.dot')
    const r = await run(platform, '--type', 'resources', '-o', out)
    assert.is(r.code, 0)
    assert.is(r.stdout, '')
    assert.is(readFileSync(out, 'utf8'), readFileSync(path.join(platform, 'expected.resources.dot'), 'utf8'))
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('slicing flags reach the library; an unknown focus is exit 1 with a hint', async () => {
  const r = await run(platform, '--focus', 'module.network', '--depth', '1')
  assert.is(r.code, 0)
  assert.match(r.stdout, /"module.network.module.dns"/)
  assert.not.match(r.stdout, /"module.logs"/)
  const ex = await run(platform, '--exclude', 'module.{assets,vault}', '--exclude', '*random*')
  assert.is(ex.stdout, readFileSync(path.join(platform, 'expected.modules.exclude.dot'), 'utf8'))
  const bad = await run(platform, '--focus', 'module.netwrk')
  assert.is(bad.code, 1)
  assert.is(bad.stdout, '')
  assert.match(bad.stderr, /Did you mean module\.network\?/)
  // --depth alone: modules at most that many calls deep (below --module when given)
  const depthAlone = await run(platform, '--depth', '1')
  assert.is(depthAlone.code, 0, depthAlone.stderr)
  assert.match(depthAlone.stdout, /"module.network" \[/)
  assert.not.match(depthAlone.stdout, /"module.network.module.dns"/)
  const below = await run(platform, '--type', 'providers', '--module', 'module.network', '--depth', '0')
  assert.match(below.stdout, /"module.network.aws_vpc.main"/)
  assert.not.match(below.stdout, /"module.network.module.dns/)
  assert.match(
    below.stdout,
    /"provider\[\\"registry.terraform.io\/hashicorp\/aws\\"\].us"/,
    'what brings configurations in from above stays',
  )
})

test('-o infers the format from the extension (.svg .html .dot .gv .mmd .json) and refuses one it cannot write: one line, exit 1, no file', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-graph-ext-'))
  try {
    for (const ext of ['.dot', '.gv']) {
      assert.is((await run(platform, '-o', path.join(dir, `g${ext}`))).code, 0)
      assert.is(readFileSync(path.join(dir, `g${ext}`), 'utf8'), readFileSync(path.join(platform, 'expected.modules.dot'), 'utf8'))
    }
    for (const ext of ['.png', '.pdf', '.txt']) {
      const out = path.join(dir, `g${ext}`)
      const r = await run(platform, '-o', out)
      assert.is(r.code, 1)
      assert.is(r.stdout, '')
      assert.is(
        r.stderr,
        `Error: cannot write ${out}: tfgraph writes .svg, .html, .dot or .gv, .mmd and .json files; name the file so, or give --format (dot, mermaid, json, svg, html)\n`,
      )
      assert.not.ok(existsSync(out), `no ${ext} file written`)
    }
    // --format says what to write whatever the name
    assert.is((await run(platform, '--format', 'dot', '-o', path.join(dir, 'g.txt'))).code, 0)
    assert.match(readFileSync(path.join(dir, 'g.txt'), 'utf8'), /^digraph/)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('an SVG too large to read whole: one note on stderr with its size and the --depth that makes it readable', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-graph-huge-'))
  try {
    const calls = Array.from({length: 250}, (_, i) => `module "c${i}" {\n  source = "./leaf"\n}\n`).join('')
    writeFileSync(path.join(dir, 'main.tf'), 'module "platform" {\n  source = "./platform"\n}\n')
    mkdirSync(path.join(dir, 'platform', 'leaf'), {recursive: true})
    writeFileSync(path.join(dir, 'platform', 'main.tf'), calls)
    writeFileSync(path.join(dir, 'platform', 'leaf', 'main.tf'), 'resource "aws_s3_bucket" "b" {}\n')
    const r = await run(dir, '--type', 'providers', '--format', 'svg')
    assert.is(r.code, 0, r.stderr)
    const [w, h] = /<svg width="(\d+)pt" height="(\d+)pt"/.exec(r.stdout)!.slice(1).map(Number)
    assert.ok(Math.max(w!, h!) > 10_000)
    assert.is(
      r.stderr,
      `note: the picture is ${w!.toLocaleString('en-US')} × ${h!.toLocaleString('en-US')} pt (503 nodes), too large to read whole: --depth 1 keeps modules one call deep (3 nodes); --collapse folds the resources; -o graph.html opens it collapsed by module\n`,
    )
    const small = await run(dir, '--type', 'providers', '--format', 'svg', '--depth', '1')
    assert.is(small.stderr, '')
    assert.is((await run(platform, '--format', 'svg')).stderr, '', 'no note for a picture that can be read')
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('configuration errors: the graph is still printed, the errors go to stderr, exit 2; unreadable root exit 1', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-graph-cli-'))
  try {
    writeFileSync(path.join(dir, 'main.tf'), 'module "nosource" {\n}\n\nresource "aws_s3_bucket" "b" {}\n')
    const r = await run(dir)
    assert.is(r.code, 2)
    assert.match(r.stderr, /Error: Missing required argument/)
    assert.ok(r.stdout.startsWith('digraph'))
    assert.match(r.stdout, /nosource/)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
  const missing = await run(path.join(fixturesDir, 'nope'))
  assert.is(missing.code, 1)
  assert.is(missing.stdout, '')
  assert.not.match(missing.stderr, /\n\s+at .+:\d+:\d+/)
})

test('help shows the views and examples', () => {
  const env: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1'}
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin/run.cjs'), 'graph', '--help'], {encoding: 'utf8', env})
  assert.match(r.stdout, /EXAMPLES/)
  assert.match(r.stdout, /-o modules.svg/)
  assert.match(r.stdout, /--type=<option>/)
})

test('--format svg and -o x.svg: an SVG from the built-in Graphviz (no system package), the same picture as the DOT', async () => {
  const r = await run(platform, '--format', 'svg')
  assert.is(r.code, 0, r.stderr)
  assert.ok(r.stdout.startsWith('<?xml'), r.stdout.slice(0, 80))
  const labels = svgTexts(r.stdout)
  assert.equal(labels, svgTexts(dotToSvg(readFileSync(path.join(platform, 'expected.modules.dot'), 'utf8'))))
  assert.ok(labels.includes('not installed'))
  // the reason is the node's <title>: a tooltip in browsers
  assert.match(
    r.stdout,
    /<title>module.vault: registry.terraform.io\/hashicorp\/vault\/aws is not installed \(modules not installed: run &quot;terraform init&quot;\)<\/title>/,
  )
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-svg-'))
  try {
    const out = path.join(dir, 'modules.svg')
    const w = await run(platform, '-o', out)
    assert.is(w.code, 0, w.stderr)
    assert.is(w.stdout, '')
    assert.equal(svgTexts(readFileSync(out, 'utf8')), labels, 'the format follows the .svg extension')
    const mmd = path.join(dir, 'modules.mmd')
    assert.is((await run(platform, '-o', mmd)).code, 0)
    assert.match(readFileSync(mmd, 'utf8'), /^flowchart/)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('-o into a missing directory: one line, exit 1', async () => {
  const r = await run(platform, '-o', path.join('no-such-dir', 'g.svg'))
  assert.is(r.code, 1)
  assert.is(r.stderr, `Error: cannot write ${path.join('no-such-dir', 'g.svg')}: the directory no-such-dir does not exist\n`)
})

test('graph -o x.svg of one module of thousands of unrelated resources: refused (exit 1, no file) with the types to leave out; --force draws it (#54)', async () => {
  const d = mkdtempSync(path.join(tmpdir(), 'tfgraph-row-'))
  try {
    // fixtures/graph/unrelated: 1,900 resources (aws_instance 950, aws_iam_role 475, aws_s3_bucket 475) that refer to none
    const dir = path.join(fixturesDir, 'graph/unrelated')
    const out = path.join(d, 'x.svg')
    const r = await run(dir, '--type', 'resources', '-o', out)
    assert.is(r.code, 1, r.stderr)
    assert.match(
      r.stderr,
      /^Error: 1,900 nodes and 0 edges: 1,900 nodes are linked to no other, and Graphviz would draw them in one row about 102,600 pt \(36 m\) long, which cannot be read, after about \d+ s of layout\. By resource type, most first: aws_instance 950, aws_iam_role 475, aws_s3_bucket 475 — --exclude '\*aws_instance\.\*' leaves out the first\. --force draws it anyway\n$/,
    )
    assert.not.ok(existsSync(out))
    const forced = await run(dir, '--type', 'resources', '-o', out, '--force')
    assert.is(forced.code, 0, forced.stderr)
    assert.ok(existsSync(out))
    assert.match(forced.stderr, /^note: the picture is [\d,]+ × [\d,]+ pt \(1,900 nodes\), too large to read whole: by resource type/)
    assert.not.match(forced.stderr, /collapsed by module|--collapse/)
    // what --exclude suggests draws less: half the row, short enough to be drawn (with the note)
    const less = await run(dir, '--type', 'resources', '-o', out, '--exclude', '*aws_instance.*')
    assert.is(less.code, 0, less.stderr)
    assert.match(less.stderr, /\(950 nodes\), too large to read whole: by resource type, most first: aws_iam_role 475, aws_s3_bucket 475/)
  } finally {
    rmSync(d, {recursive: true, force: true})
  }
})

test.run()
