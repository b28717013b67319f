// `tfgraph lock` and `lock diff` through the CLI: the real error first. A missing directory, an unreadable
// or broken lock file, a configuration that cannot be read: the error is what is printed first, nothing
// reaches stdout before it; exit 1 when something could not be read, 2 for a lock file with errors. The
// command lines run in this process (test/helpers/cli.ts, stdout and stderr also merged in the order
// written); the first of each kind also as processes of their own, whose output must be the same.
import {spawnSync} from 'node:child_process'
import {closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {runCliMerged} from '../helpers/cli.js'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-lock-cli-'))

function env(): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1'}
  delete e['TF_DATA_DIR']
  return e
}

/** Runs the CLI as a process with stdout and stderr apart, and once more into one file (the order a terminal shows). */
function runProcess(args: string[], cwd = repoRoot) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin/run.cjs'), ...args], {encoding: 'utf8', env: env(), cwd})
  const file = path.join(tmp, `merged-${Math.random().toString(36).slice(2)}.txt`)
  const fd = openSync(file, 'w')
  try {
    spawnSync(process.execPath, [path.join(repoRoot, 'bin/run.cjs'), ...args], {stdio: ['ignore', fd, fd], env: env(), cwd})
  } finally {
    closeSync(fd)
  }
  return {code: r.status, stdout: r.stdout, stderr: r.stderr, merged: readFileSync(file, 'utf8')}
}

/** Runs the CLI in this process (in `cwd`): stdout and stderr apart, and merged in the order written. */
function runIn(cwd: string, args: string[]) {
  return runCliMerged(args, {cwd, env: {TF_DATA_DIR: undefined}})
}

function run(...args: string[]) {
  return runIn(repoRoot, args)
}

/** `runIn`, and the same as processes of their own (`runProcess`), which must give the same. */
async function runChecked(args: string[], cwd = repoRoot) {
  const r = await runIn(cwd, args)
  assert.equal(runProcess(args, cwd), r, `tfgraph ${args.join(' ')}: as processes of their own, as in this process`)
  return r
}

function module(
  name: string,
  lock: string | Buffer | 'directory' | undefined,
  mainTf = 'terraform {\n  required_providers {\n    aws = { source = "hashicorp/aws", version = "~> 5.0" }\n  }\n}\n',
): string {
  const dir = path.join(tmp, name)
  mkdirSync(dir)
  writeFileSync(path.join(dir, 'main.tf'), mainTf)
  if (lock === 'directory') mkdirSync(path.join(dir, '.terraform.lock.hcl'))
  else if (lock !== undefined) writeFileSync(path.join(dir, '.terraform.lock.hcl'), lock)
  return dir
}

test('missing directory: one error line, nothing on stdout, exit 1', async () => {
  const r = await runChecked(['lock', path.join(tmp, 'nope')])
  assert.is(r.code, 1)
  assert.is(r.stdout, '')
  assert.match(r.stderr, /^Error: Failed to read module directory: .*nope does not exist\n$/)
})

test('unreadable lock file: the error with its reason, nothing on stdout, exit 1', async () => {
  const r = await run('lock', module('unreadable', 'directory'))
  assert.is(r.code, 1)
  assert.is(r.stdout, '')
  assert.is(r.stderr, 'Error: Failed to read dependency lock file\n\nThe file .terraform.lock.hcl could not be read: it is a directory.\n')
})

test('lock file that is not HCL: its errors only, nothing on stdout (no MISSING rows, no "no version is selected"), exit 2', async () => {
  const r = await run('lock', path.join(fixturesDir, 'lock/syntax-error'))
  assert.is(r.code, 2)
  assert.is(r.stdout, '')
  assert.match(r.stderr, /^Error: Argument or block definition required\n/)
  assert.not.match(r.stderr, /Inconsistent dependency lock file/)
})

test('binary lock file: exit 2, nothing on stdout, short lines', async () => {
  const bytes = Buffer.from(Array.from({length: 9000}, (_, i) => (i * 7919 + 13) % 256).filter((b) => b !== 0x0a))
  const r = await run('lock', module('binary', bytes))
  assert.is(r.code, 2)
  assert.is(r.stdout, '')
  assert.match(r.stderr, /^Error: /)
  const longest = Math.max(...r.stderr.split('\n').map((l) => [...l].length))
  assert.ok(longest <= 200, `longest stderr line: ${longest} characters`)
  assert.ok(r.stderr.length < 20000, `${r.stderr.length} characters on stderr`)
})

test('lock file with errors: errors first, then the table without OK, exit 2', async () => {
  const r = await runChecked(['lock', path.join(fixturesDir, 'lock/invalid-file')])
  assert.is(r.code, 2)
  assert.match(r.merged, /^Error: Invalid provider hash set\n/)
  assert.ok(
    r.merged.indexOf('Unsupported argument') < r.merged.indexOf('fixtures/lock/invalid-file/.terraform.lock.hcl: 2 providers locked'),
    r.merged,
  )
  // the lock file is named from the current directory, as the diagnostics name it
  assert.match(r.stdout, /^fixtures\/lock\/invalid-file\/\.terraform\.lock\.hcl: 2 providers locked; the file has 2 errors/)
  assert.not.match(r.stdout, /\bOK\b/)
  assert.match(r.stdout, /INVALID\s+registry\.terraform\.io\/hashicorp\/aws/)
})

test('configuration that cannot be read: its error only, nothing on stdout, exit 1', async () => {
  const r = await run(
    'lock',
    module('badtf', readFileSync(path.join(fixturesDir, 'lock/statuses/.terraform.lock.hcl'), 'utf8'), 'terraform {\n'),
  )
  assert.is(r.code, 1)
  assert.is(r.stdout, '')
  assert.match(r.stderr, /^Error: Unclosed configuration block\n/)
  assert.not.match(r.stderr, /Unused dependency lock/)
})

test('a consistent or merely inconsistent lock file: the table first, then the findings (unchanged)', async () => {
  const r = await run('lock', path.join(fixturesDir, 'lock/statuses'))
  assert.is(r.code, 2)
  assert.match(r.merged, /^fixtures\/lock\/statuses\/\.terraform\.lock\.hcl: 3 providers locked\n/)
  assert.match(r.stdout, /^OK\s+registry\.terraform\.io\/hashicorp\/aws/m)
})

test('lock diff: a file that is not HCL → its errors on stderr, nothing on stdout, exit 2; a missing file → one line, exit 1', async () => {
  const old = path.join(fixturesDir, 'lock/diff/mixed/old.terraform.lock.hcl')
  const r = await runChecked(['lock', 'diff', old, path.join(fixturesDir, 'lock/syntax-error/.terraform.lock.hcl')])
  assert.is(r.code, 2)
  assert.is(r.stdout, '')
  assert.match(r.stderr, /^Error: .*syntax-error\/\.terraform\.lock\.hcl is not valid HCL, so nothing was compared:\n {2}error: /)
  const missing = await run('lock', 'diff', old, path.join(tmp, 'nope.hcl'))
  assert.is(missing.code, 1)
  assert.is(missing.stdout, '')
  assert.is(missing.stderr, `Error: cannot read the lock file: ${path.join(tmp, 'nope.hcl')} does not exist\n`)
})

test('lock diff --git REV with no lock file in the working tree: one line saying what makes it, exit 1', async () => {
  const repo = path.join(tmp, 'git-no-lock')
  mkdirSync(repo)
  writeFileSync(path.join(repo, 'main.tf'), 'resource "null_resource" "a" {}\n')
  const git = (...args: string[]) =>
    spawnSync('git', ['-c', 'user.email=t@example.invalid', '-c', 'user.name=t', ...args], {cwd: repo, encoding: 'utf8'})
  git('init', '-q', '-b', 'main')
  git('add', '.')
  git('commit', '-qm', 'init')
  const r = await runChecked(['lock', 'diff', '--git', 'main'], repo)
  assert.is(r.code, 1)
  assert.is(r.stdout, '')
  assert.is(
    r.stderr,
    'Error: cannot read the lock file: .terraform.lock.hcl does not exist; "terraform init" makes it, or name the lock file: tfgraph lock diff --git main FILE\n',
  )
  // in the working tree but not at the revision: git's own words
  writeFileSync(path.join(repo, '.terraform.lock.hcl'), '')
  const old = await runIn(repo, ['lock', 'diff', '--git', 'main'])
  assert.is(old.code, 1)
  assert.match(
    old.stderr,
    /^Error: cannot read main:\.terraform\.lock\.hcl: fatal: path '\.terraform\.lock\.hcl' exists on disk, but not in 'main'\n$/,
  )
})

test('lock diff summary on the CLI: "1 provider added."', async () => {
  const dir = path.join(fixturesDir, 'lock/diff/added')
  const r = await run('lock', 'diff', path.join(dir, 'old.terraform.lock.hcl'), path.join(dir, 'new.terraform.lock.hcl'))
  assert.is(r.code, 0)
  assert.match(r.stdout, /^1 provider added\.\n/)
})

test.after(() => rmSync(tmp, {recursive: true, force: true}))

test.run()
