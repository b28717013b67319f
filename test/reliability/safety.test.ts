// Safety guarantees (issue #8), each shown by a test that fails when the guarantee breaks:
// read-only (fingerprints of the analysed tree, HOME and TMPDIR before and after; the parse cache writes
// only under its own directory), no network (the CLI under `unshare -rn` when the kernel allows it, with
// a preload that makes every network and process API throw and logs the attempt, and a plain run whose
// only reachable "internet" is a local HTTP server that must see no request), no execution (a PATH of fake
// git/terraform/sh/… that log being called, local-exec/external/git:: content that would leave marker
// files), and output escaping (control characters from names, strings, sources and comments never reach
// the terminal; JSON and SARIF read back to the original text).
import {spawn, spawnSync} from 'node:child_process'
import {chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {createServer} from 'node:http'
import type {AddressInfo} from 'node:net'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import * as lib from '../helpers/internal.js'
import {fixturesDir, repoRoot} from '../helpers/paths.js'
import {COMMANDS} from './commands.js'
import {BIDI_CONTROLS, checkCli, checkText, spawnCli, UNSAFE_TERMINAL, type Violation} from './properties.js'
import {listTree, treeFingerprint} from './tree-hash.js'
import {removeTree, runAll, tempTree, write} from './trees.js'

const PRELOAD = path.join(path.dirname(new URL(import.meta.url).pathname), 'preload', 'deny-io.mjs')
const FAKE_TOOLS = [
  'git',
  'terraform',
  'tofu',
  'sh',
  'bash',
  'dash',
  'zsh',
  'curl',
  'wget',
  'ssh',
  'scp',
  'hg',
  'svn',
  'python',
  'python3',
  'make',
  'docker',
  'aws',
  'gcloud',
  'az',
  'kubectl',
  'helm',
  'terragrunt',
]

/** `unshare` when `unshare -rn` (a user and network namespace with no network) works on this machine. */
const unshare = (() => {
  const which = spawnSync('sh', ['-c', 'command -v unshare'], {encoding: 'utf8'}).stdout.trim()
  if (!which) return undefined
  const r = spawnSync(which, ['-rn', process.execPath, '-e', 'process.exit(0)'], {encoding: 'utf8'})
  return r.status === 0 ? which : undefined
})()
const unshareWorks = unshare !== undefined

/** A tree whose content would run programs and fetch from the network if anything honoured it, with control characters everywhere text can carry them. */
function hostileTree(dir: string, port: number, markers: string): void {
  const url = `http://127.0.0.1:${port}`
  write(dir, {
    'main.tf': [
      'terraform {',
      `  backend "http" {\n    address = "${url}/state"\n  }`,
      '  required_providers {',
      '    external = { source = "hashicorp/external" }',
      '    weird    = { source = "\\u001b[2Jexample/\\u009bweird" }',
      '  }',
      '}',
      `data "external" "run" {\n  program = ["sh", "-c", "touch ${markers}/external"]\n}`,
      `data "http" "get" {\n  url = "${url}/data"\n}`,
      `resource "null_resource" "exec" {\n  provisioner "local-exec" {\n    command = "touch ${markers}/local-exec; git clone ${url}/x.git"\n  }\n}`,
      `resource "terraform_data" "exec" {\n  provisioner "local-exec" {\n    interpreter = ["bash", "-c"]\n    command     = "touch ${markers}/terraform-data"\n  }\n}`,
      `module "git" {\n  source = "git::${url}/repo.git?ref=v1"\n}`,
      'module "gh" {\n  source = "github.com/hashicorp/example"\n}',
      `module "archive" {\n  source = "${url}/module.zip"\n}`,
      'module "registry" {\n  source  = "hashicorp/consul/aws"\n  version = "0.1.0"\n}',
      'module "esc" {\n  source = "./\\u001b[31mred\\u001b]0;pwned\\u0007"\n}',
      'module "rtl" {\n  source = "./\\u202egnp.exe"\n}',
      '# a comment with raw control characters: \u001b[41m red background \u0007 bell \u009b2J',
      'variable "v" {\n  description = "raw \u001b[5m blink"\n  default     = "\\u001b[8m hidden"\n}',
      'resource "aws_instance" "\\u001b[31mevil" {}',
      'provider "aws" {\n  alias = "\\u001b[1mbold"\n}',
      '',
    ].join('\n'),
    '\u001b[33myellow.tf':
      'locals {\n  broken = # a comment with raw control characters: \u001b[41m red background \u0007 bell \u009b2J\n}\n',
    '.terraform.lock.hcl':
      'provider "registry.terraform.io/\u001b[31mx/y" {\n  version = "1.0.0\\u001b[0m"\n  hashes = ["h1:\u001b[2J"]\n}\n',
    '.terraform/modules/modules.json': JSON.stringify({
      Modules: [
        {Key: 'registry', Source: 'registry.terraform.io/hashicorp/consul/aws', Version: '0.1.0', Dir: '.terraform/modules/\u001b[35mreg'},
      ],
    }),
    '.terraform/modules/\u001b[35mreg/main.tf': 'output "\\u001b[36mcyan" {\n  value = "\\u001b[36m"\n}\n',
    '.terraform/providers/registry.terraform.io/hashicorp/external/2.3.0/linux_amd64/terraform-provider-external_v2.3.0':
      '#!/bin/sh\ntouch ' + markers + '/provider-binary\n',
  })
  chmodSync(
    path.join(dir, '.terraform/providers/registry.terraform.io/hashicorp/external/2.3.0/linux_amd64/terraform-provider-external_v2.3.0'),
    0o755,
  )
}

/** Fake tools that log being called; checked to work (a broken fake would make "not called" vacuous). */
function fakeBin(dir: string, logFile: string): void {
  mkdirSync(dir, {recursive: true})
  for (const t of FAKE_TOOLS) {
    const p = path.join(dir, t)
    writeFileSync(p, `#!/bin/sh\necho "${t} $*" >> '${logFile}'\n`)
    chmodSync(p, 0o755)
  }
  const probe = spawnSync(path.join(dir, 'git'), ['probe'], {encoding: 'utf8'})
  assert.is(probe.status, 0, 'the fake git runs')
  assert.is(readFileSync(logFile, 'utf8'), 'git probe\n', 'the fake git logs its call')
  rmSync(logFile)
}

test('read-only: every command on every fixture leaves the fixtures byte for byte unchanged', async () => {
  const before = treeFingerprint(fixturesDir)
  const roots: string[] = []
  const walk = (d: string): void => {
    const es = readdirSync(d, {withFileTypes: true})
    if (es.some((e) => /\.(tf|tofu)(\.json)?$/.test(e.name))) roots.push(d)
    for (const e of es) if (e.isDirectory() && !e.name.startsWith('.')) walk(path.join(d, e.name))
  }
  walk(fixturesDir)
  assert.ok(roots.length > 50, `${roots.length} fixture directories`)
  const violations: Violation[] = []
  for (const r of roots) {
    for (const c of COMMANDS) {
      try {
        await c.inProcess(r, {})
      } catch (e) {
        violations.push({command: c.name, property: 'no exception', detail: `${r}: ${String(e)}`})
      }
    }
  }
  assert.equal(violations, [])
  assert.is(treeFingerprint(fixturesDir), before, 'fixtures changed')
})

test('the hostile tree: every property holds in-process, text is terminal-safe, JSON and SARIF keep the original text', async () => {
  const dir = tempTree()
  const markers = tempTree('tfgraph-markers-')
  try {
    hostileTree(dir, 9, markers)
    const r = await runAll(dir)
    assert.equal(r.violations, [], JSON.stringify(r.violations, null, 2))
    const providers = JSON.parse(r.outcomes.get('providers')!.json[0]!) as {modules: {path: string; source: string | null}[]}
    assert.is(providers.modules.find((m) => m.path === 'module.esc')?.source, './\u001b[31mred\u001b]0;pwned\u0007')
    assert.is(providers.modules.find((m) => m.path === 'module.rtl')?.source, './\u202egnp.exe')
    const config = JSON.parse(r.outcomes.get('config')!.json[0]!) as {
      config: {variable: {v: {description: string; default: string}[]}}
      files: {path: string}[]
    }
    assert.is(config.config.variable.v[0]?.default, '\u001b[8m hidden')
    assert.is(config.config.variable.v[0]?.description, 'raw \u001b[5m blink')
    assert.ok(config.files.some((f) => f.path === '\u001b[33myellow.tf'))
    const lint = r.outcomes.get('lint')!
    const sarif = JSON.parse(lint.json[1]!) as {
      runs: {results: {message: {text: string}; locations?: {physicalLocation: {artifactLocation: {uri: string}}}[]}[]}[]
    }
    const uris = sarif.runs[0]!.results.flatMap((x) => x.locations ?? []).map((l) => l.physicalLocation.artifactLocation.uri)
    assert.ok(
      uris.every((u) => !UNSAFE_TERMINAL.test(u) && !/[ "<>\\^`{|}]/.test(u)),
      `SARIF URIs are percent-encoded: ${uris.join(', ')}`,
    )
    assert.ok(
      uris.map((u) => decodeURIComponent(u)).some((u) => u.endsWith('/\u001b[33myellow.tf')),
      uris.join(', '),
    )
    // the graph formats (DOT, Mermaid) escape terminal controls; the other text renderers also the bidirectional overrides
    for (const c of ['config', 'providers', 'lint', 'lock', 'lock diff'])
      for (const t of r.outcomes.get(c)!.text) assert.not.match(t, BIDI_CONTROLS, c)
    const text = [...r.outcomes.values()].flatMap((o) => o.text).join('\n')
    assert.match(text, /\\u001b\[31mred\\u001b\]0;pwned\\u0007/, 'the module source is shown, escaped')
    assert.match(text, /\\u202egnp\.exe/)
    assert.match(
      text,
      /broken = # a comment with raw control characters: \\u001b\[41m red background \\u0007 bell \\u009b2J/,
      'the source line is shown, escaped',
    )
    assert.equal(readdirSync(markers), [], 'no marker file')
  } finally {
    removeTree(dir)
    removeTree(markers)
  }
})

test(`the CLI offline${unshareWorks ? ' (unshare -rn)' : ''}, with network and process APIs denied and a PATH of fake tools: no attempt, no call, no marker, no write outside the cache directory`, async () => {
  const dir = tempTree()
  const aux = tempTree('tfgraph-safety-')
  try {
    const markers = path.join(aux, 'markers')
    const home = path.join(aux, 'home')
    const tmp = path.join(aux, 'tmp')
    const cache = path.join(aux, 'cache')
    for (const d of [markers, home, tmp]) mkdirSync(d)
    const toolLog = path.join(aux, 'tools.log')
    const denyLog = path.join(aux, 'deny.log')
    fakeBin(path.join(aux, 'bin'), toolLog)
    hostileTree(dir, 9, markers)
    const before = treeFingerprint(dir)
    const env: NodeJS.ProcessEnv = {
      PATH: path.join(aux, 'bin'),
      HOME: home,
      TMPDIR: tmp,
      TFGRAPH_CACHE_DIR: cache,
      TFGRAPH_DENY_LOG: denyLog,
      NO_COLOR: '1',
      LANG: 'C.UTF-8',
    }
    const violations: Violation[] = []
    for (const spec of COMMANDS) {
      for (const args of spec.cli(dir, {baseline: dir}).slice(0, 2)) {
        const r = spawnCli(args, {bytes: 0, env, ...(unshare ? {prefix: [unshare, '-rn']} : {}), nodeOptions: ['--import', PRELOAD]})
        violations.push(...checkCli(spec.name, r))
        if (r.stdout === '' && r.stderr === '') violations.push({command: spec.name, property: 'the command ran', detail: args.join(' ')})
      }
    }
    assert.equal(violations, [], JSON.stringify(violations, null, 2))
    assert.not.ok(existsSync(denyLog), `network or process API used: ${existsSync(denyLog) ? readFileSync(denyLog, 'utf8') : ''}`)
    assert.not.ok(existsSync(toolLog), `a program was run: ${existsSync(toolLog) ? readFileSync(toolLog, 'utf8') : ''}`)
    assert.equal(readdirSync(markers), [], 'no marker file')
    assert.is(treeFingerprint(dir), before, 'the analysed tree changed')
    assert.equal(listTree(home), [], 'nothing written to HOME')
    assert.equal(listTree(tmp), [], 'nothing written to TMPDIR')
    const cached = listTree(cache)
    // the caches' areas only (tfgraph's own parser writes no parse cache; results are cached for clean runs,
    // and for every stored output of #53 — with the marker of an area's daily pruning)
    assert.ok(
      cached.every((p) => /^((parse|results|wasm)(\/|$)|\.pruned-(parse|results)$)/.test(p)),
      cached.join('\n'),
    )
  } finally {
    removeTree(dir)
    removeTree(aux)
  }
})

test('a plain run (no preload, no namespace): the local "internet" the tree points at sees no request', async () => {
  let requests = 0
  const server = createServer((_req, res) => {
    requests++
    res.end('module contents')
  })
  server.on('connection', () => requests++)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const dir = tempTree()
  const markers = tempTree('tfgraph-markers-')
  try {
    hostileTree(dir, port, markers)
    const env = {...process.env, TFGRAPH_CACHE_DIR: path.join(markers, 'cache')}
    // asynchronous spawns: the server must keep answering while the CLI runs
    for (const args of [
      ['lint', dir, '--format', 'json'],
      ['lock', dir, '--verify'],
    ]) {
      const code = await new Promise<number | null>((resolve) => {
        const p = spawn(process.execPath, [path.join(repoRoot, 'bin', 'run.cjs'), ...args], {env, stdio: 'ignore'})
        p.on('exit', resolve)
      })
      assert.ok(code === 1 || code === 2, `exit ${code}`)
    }
    assert.is(requests, 0, 'no connection to the server named in the configuration')
    assert.equal(
      readdirSync(markers).filter((f) => f !== 'cache'),
      [],
      'nothing but the cache directory',
    )
  } finally {
    server.close()
    removeTree(dir)
    removeTree(markers)
  }
})

test('lock diff --git: the one command that starts a process never lets a revision become an option of git', () => {
  const aux = tempTree('tfgraph-safety-')
  try {
    const toolLog = path.join(aux, 'tools.log')
    fakeBin(path.join(aux, 'bin'), toolLog)
    write(aux, {'.terraform.lock.hcl': ''})
    const r = spawnCli(['lock', 'diff', path.join(aux, '.terraform.lock.hcl'), `--git=--output=${path.join(aux, 'written')}`], {
      bytes: 0,
      env: {PATH: path.join(aux, 'bin'), HOME: aux},
      cwd: aux,
    })
    assert.equal(checkCli('lock diff', r), [])
    assert.is(r.status, 1)
    assert.match(r.stderr, /not a git revision/)
    assert.not.ok(existsSync(toolLog), 'git was not run')
    assert.not.ok(existsSync(path.join(aux, 'written')))
  } finally {
    removeTree(aux)
  }
})

test('text renderers neutralise control characters and keep the caret under the range', () => {
  const d: lib.LintDiagnostic = {
    code: 'hcl.syntax',
    severity: 'error',
    summary: 'Bad \u001b[31m',
    detail: 'line one\nline \u009b two\r\nthree',
    rule: 'terraform',
    range: {filename: 'a\u001b.tf', start: {line: 1, column: 6, byte: 5}, end: {line: 1, column: 8, byte: 7}},
  }
  const out = lib.renderLintText([{root: '.', diagnostics: [d]}], {sourceLines: () => ['\u001bx = yz']})
  assert.equal(checkText('lint', 'render', out), [])
  const lines = out.split('\n')
  const src = lines.find((l) => l.includes('x = yz'))!
  const caret = lines[lines.indexOf(src) + 1]!
  assert.is(src.indexOf('yz'), caret.indexOf('^'), `${src}\n${caret}`)
  assert.is(caret.trim(), '^^')
  assert.match(out, /line one\nline \\u009b two\nthree/)
  const compact = lib.renderLintCompact([{root: '.', diagnostics: [{...d, range: {...d.range!, filename: 'x\ny.tf'}}]}])
  assert.is(compact.split('\n').length, 2, 'one line per finding')
  assert.equal(checkText('compact', 'render', compact), [])
})

test.run()
