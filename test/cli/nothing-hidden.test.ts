// What a new user meets on real repositories (issue #42), each through the CLI: `lock` says when module
// calls are not installed, a --plugin-dir that is not there is an error, distinct .tfgraph.json errors are
// each shown, `graph` prints nothing on stdout when it fails and `-o -` is stdout, a tree nobody ran init
// in says the modules are not installed, a symbolic link loop is called one, and a long lint report ends
// with its count per rule and how to narrow it. (`lint --recursive` on an unreadable directory:
// test/reliability/adversarial.test.ts, as an unprivileged user, and test/lint/recursive-search.test.ts.)
import {existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {checkedRunner} from '../helpers/cli.js'
import {repoRoot} from '../helpers/paths.js'

/** The command lines run in this process (test/helpers/cli.ts); the first also as a process of its own. */
const runner = checkedRunner({env: {TFGRAPH_NO_CACHE: '1', TF_DATA_DIR: undefined}})

function cli(args: readonly string[], cwd = repoRoot) {
  return runner(args, {cwd})
}

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-42-'))
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, f)), {recursive: true})
    writeFileSync(path.join(dir, f), text)
  }
  return dir
}

const uninitialised = path.join('fixtures', 'lint', 'uninitialised')

test('lock: module calls not installed are said, and the lock file to come covers their providers too', async () => {
  const r = await cli(['lock', uninitialised])
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stderr, /Warning: 3 module calls not installed — run "terraform init" to include them; --verbose lists them/)
  assert.match(
    r.stderr,
    /"terraform init" will create one selecting versions for 1 provider, and for whatever providers the 3 module calls not installed require/,
  )
  const json = JSON.parse((await cli(['lock', uninitialised, '--json'])).stdout) as {diagnostics: {summary: string}[]}
  assert.is(json.diagnostics.filter((d) => d.summary === 'Module not installed').length, 3)
  // a lock file whose entry no loaded module requires: one of the calls not installed may
  const dir = tree({
    'main.tf': 'module "vpc" {\n  source  = "terraform-aws-modules/vpc/aws"\n  version = "~> 5.0"\n}\n',
    '.terraform.lock.hcl': 'provider "registry.terraform.io/hashicorp/aws" {\n  version = "5.31.0"\n  hashes = ["h1:x"]\n}\n',
  })
  try {
    const unused = await cli(['lock', dir])
    assert.match(unused.stdout, /UNUSED\s+registry\.terraform\.io\/hashicorp\/aws/)
    assert.match(
      unused.stderr,
      /no module of this configuration requires it any more\. .*The 1 module call not installed may still require it\./s,
    )
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('lock --plugin-dir: a directory that does not exist, or a file, is an error (exit 1, one line); without --verify a usage error', async () => {
  const missing = await cli(['lock', 'fixtures/lock/statuses', '--verify', '--plugin-dir', '/nonexistent/dir'])
  assert.is(missing.code, 1)
  assert.is(missing.stdout, '')
  assert.is(missing.stderr, 'Error: --plugin-dir /nonexistent/dir does not exist\n')
  const file = await cli(['lock', 'fixtures/lock/statuses', '--verify', '--plugin-dir', 'fixtures/lock/statuses/main.tf'])
  assert.is(file.code, 1)
  assert.is(file.stderr, 'Error: --plugin-dir fixtures/lock/statuses/main.tf is not a directory\n')
  const noVerify = await cli(['lock', 'fixtures/lock/statuses', '--plugin-dir', 'fixtures'])
  assert.is(noVerify.code, 1)
  assert.match(noVerify.stderr, /^Error: --plugin-dir fixtures is read only by --verify: add --verify\nSee "tfgraph lock --help"\.\n$/)
  // an existing mirror is verified as before
  assert.not.equal((await cli(['lock', 'fixtures/lock/statuses', '--verify', '--plugin-dir', 'fixtures/lock/verify'])).code, 1)
})

test('lint: three different .tfgraph.json errors are each shown in full; only identical ones group', async () => {
  const dir = tree({
    'main.tf': 'terraform {\n  required_version = ">= 1.5"\n}\n',
    '.tfgraph.json': '{"rules": {"no-such-rule": "off", "typed-variables": "fatal"}, "max_warnings": -3}\n',
  })
  try {
    const r = await cli(['lint', dir])
    assert.is(r.code, 2)
    assert.not.match(r.stdout, /more like this/)
    assert.match(r.stdout, /Unknown rule id "no-such-rule"/)
    assert.match(r.stdout, /Rule "typed-variables" must be "off", "warning", "error", true or false \(got "fatal"\)/)
    assert.match(r.stdout, /"max_warnings" must be a whole number ≥ 0/)
    assert.is(r.stdout.match(/Error: Invalid configuration file/g)?.length, 3)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('graph: a file that does not parse prints nothing on stdout and writes no file (exit 1); -o - is stdout', async () => {
  const dir = tree({'main.tf': 'resource "null_resource" "a" {\n', 'ok/main.tf': 'resource "null_resource" "a" {}\n'})
  try {
    const r = await cli(['graph', dir])
    assert.is(r.code, 1)
    assert.is(r.stdout, '')
    assert.match(r.stderr, /Error: Unclosed configuration block/)
    const out = path.join(dir, 'g.svg')
    assert.is((await cli(['graph', dir, '-o', out])).code, 1)
    assert.not.ok(existsSync(out), 'no file written when failing')
    const dash = await cli(['graph', path.join(dir, 'ok'), '-o', '-'], dir)
    assert.is(dash.code, 0, dash.stderr)
    assert.ok(dash.stdout.startsWith('digraph "tfgraph modules" {\n'), dash.stdout)
    assert.not.ok(existsSync(path.join(dir, '-')), 'no file named "-"')
    // -o - with --format: the format asked for, on stdout
    assert.ok(JSON.parse((await cli(['graph', path.join(dir, 'ok'), '-o', '-', '--format', 'json'])).stdout))
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('no .terraform at all: "modules not installed (run terraform init)", not a missing manifest record', async () => {
  const r = await cli(['providers', uninitialised])
  assert.match(
    r.stdout,
    /NOT LOADED: registry\.terraform\.io\/terraform-aws-modules\/vpc\/aws is not installed \(modules not installed: run "terraform init"\)/,
  )
  assert.not.match(r.stdout, /installed-modules manifest/)
  // with a manifest, a call it has no record for is named as such (fixtures/providers/registry-modules)
  const installed = await cli(['providers', 'fixtures/providers/registry-modules'])
  assert.match(installed.stdout, /no record "dns" in the installed-modules manifest/)
})

test('a two-link symbolic link loop is called a loop: as a module call, as DIR, as --plugin-dir', async () => {
  const dir = tree({'main.tf': 'module "a" {\n  source = "./a"\n}\n'})
  try {
    symlinkSync('b', path.join(dir, 'a'))
    symlinkSync('a', path.join(dir, 'b'))
    const r = await cli(['providers', dir])
    assert.match(r.stdout, /NOT LOADED: the directory a is a symbolic link loop/)
    const lint = JSON.parse((await cli(['lint', dir, '--json'])).stdout) as {diagnostics: {summary: string; detail: string}[]}
    const loop = lint.diagnostics.find((d) => d.summary === 'Unreadable module directory')
    assert.match(loop?.detail ?? '', /The directory a of module\.a \(source "\.\/a"\) is a symbolic link loop/)
    assert.not.match(loop?.detail ?? '', /could not be read or holds no/)
    const asDir = await cli(['providers', path.join(dir, 'a')])
    assert.is(asDir.code, 1)
    assert.match(
      asDir.stderr,
      /^Error: Failed to read module directory: .*a is a symbolic link loop: following its links leads back to a link already followed\n/,
    )
    const recursive = await cli(['lint', path.join(dir, 'b'), '--recursive'])
    assert.is(recursive.code, 1)
    assert.match(recursive.stderr, /is a symbolic link loop/)
    const plugin = await cli(['lock', dir, '--verify', '--plugin-dir', path.join(dir, 'a')])
    assert.is(plugin.code, 1)
    assert.match(plugin.stderr, /^Error: --plugin-dir .*a is a symbolic link loop/)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('lint: more than 50 findings end with a count per rule, most first, and how to narrow the report', async () => {
  const variables = Array.from({length: 40}, (_, i) => `variable "v${i}" {}\n`).join('')
  const resources = Array.from({length: 12}, (_, i) => `resource "null_resource" "r${i}" {\n  count = "${'${'}1}"\n}\n`).join('')
  const dir = tree({'main.tf': variables + resources})
  try {
    const r = await cli(['lint', dir])
    assert.is(r.code, 0, r.stderr)
    const table = r.stdout.slice(r.stdout.lastIndexOf('findings by rule:') - 20)
    const total = Number(/(\d+) findings by rule:/.exec(table)?.[1])
    assert.ok(total > 50, table)
    const rows = [...table.matchAll(/^ {2}([a-z-]+) +(\d+) (warnings?|errors?|\(.*\))$/gm)].map((m) => [m[1], Number(m[2])] as const)
    assert.equal(rows.slice(0, 2), [
      ['typed-variables', 40],
      ['unused-declaration', 40],
    ])
    assert.is(
      rows.reduce((n, [, c]) => n + c, 0),
      total,
      'the rows add up to the findings',
    )
    assert.match(table, /--only <rule>\[,<rule>\] runs only those rules, --disable <rule>\[,<rule>\] leaves some out/)
    assert.match(table, /\.tfgraph\.json in the root module directory sets them for good, e.g\. \{"rules": \{"typed-variables": "off"\}\}/)
    assert.match(
      table,
      /For example: tfgraph lint \S*tfgraph-42-\S+ --disable typed-variables {2}or {2}tfgraph lint \S+ --only unused-declaration\n/,
    )
    // 50 findings or fewer: no table
    const small = tree({'main.tf': variables.split('\n').slice(0, 5).join('\n') + '\n'})
    try {
      assert.not.match((await cli(['lint', small])).stdout, /findings by rule/)
    } finally {
      rmSync(small, {recursive: true, force: true})
    }
    // compact and JSON stay one finding a line / one document
    assert.not.match((await cli(['lint', dir, '--format', 'compact'])).stdout, /findings by rule/)
    // --recursive: the example is the command for this run's directory, not a placeholder (#54)
    const rec = await cli(['lint', path.basename(dir), '--recursive'], path.dirname(dir))
    assert.match(
      rec.stdout,
      `For example: tfgraph lint ${path.basename(dir)} --recursive --disable typed-variables  or  tfgraph lint ${path.basename(dir)} --recursive --only unused-declaration\n`,
    )
    assert.not.match(rec.stdout, '<dir>')
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test.run()
