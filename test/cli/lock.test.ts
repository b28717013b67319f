// Smoke tests of `tfgraph lock` and `tfgraph lock diff`: exit codes, streams, JSON.
import {execFileSync, spawnSync} from 'node:child_process'
import {copyFileSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {checkedRunner} from '../helpers/cli.js'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

// `tfgraph ARGS` in this process as bin/run.cjs runs it (test/helpers/cli.ts; the same output and exit code,
// test/cli/in-process.test.ts), the first also as a process of its own
const cli = checkedRunner({cwd: process.cwd(), env: {TF_DATA_DIR: undefined}})
const run = (...args: string[]) => cli(args)

test('lock: inconsistent lock file exits 2 with Terraform wording', async () => {
  const r = await run('lock', path.join(fixturesDir, 'lock/statuses'))
  assert.is(r.code, 2)
  assert.match(r.stdout, /MISSING\s+registry.terraform.io\/hashicorp\/tls/)
  assert.match(r.stderr, /Error: Inconsistent dependency lock file/)
})

test('lock --json contract', async () => {
  const r = await run('lock', path.join(fixturesDir, 'lock/statuses'), '--json')
  const doc = JSON.parse(r.stdout) as {
    format_version: string
    lock_file: string
    providers: {provider: string; status: string; hashes: {h1: number}}[]
  }
  assert.is(doc.format_version, '1')
  assert.is(doc.lock_file, '.terraform.lock.hcl')
  assert.equal(
    doc.providers.map((p) => p.status),
    ['ok', 'unused', 'unsatisfied', 'missing'],
  )
})

test('lock diff: two files, text and JSON; unreadable file exits 1', async () => {
  const dir = path.join(fixturesDir, 'lock/diff/upgraded')
  const r = await run('lock', 'diff', path.join(dir, 'old.terraform.lock.hcl'), path.join(dir, 'new.terraform.lock.hcl'))
  assert.is(r.code, 0)
  assert.match(r.stdout, /Upgraded/)
  const j = await run('lock', 'diff', path.join(dir, 'old.terraform.lock.hcl'), path.join(dir, 'new.terraform.lock.hcl'), '--json')
  assert.is((JSON.parse(j.stdout) as {format_version: string}).format_version, '1')
  const missing = await run('lock', 'diff', path.join(dir, 'nope.hcl'), path.join(dir, 'new.terraform.lock.hcl'))
  assert.is(missing.code, 1)
  assert.not.match(missing.stderr, /\n\s+at .+:\d+:\d+/)
})

test('lock diff --git REV compares the committed file with the working file', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-git-'))
  const src = path.join(fixturesDir, 'lock/diff/added')
  try {
    const git = (...a: string[]) =>
      execFileSync('git', a, {
        cwd: dir,
        stdio: 'ignore',
        env: {...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e'},
      })
    git('init', '-q')
    copyFileSync(path.join(src, 'old.terraform.lock.hcl'), path.join(dir, '.terraform.lock.hcl'))
    git('add', '.terraform.lock.hcl')
    git('commit', '-q', '-m', 'old')
    copyFileSync(path.join(src, 'new.terraform.lock.hcl'), path.join(dir, '.terraform.lock.hcl'))
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin/run.cjs'), 'lock', 'diff', '--git', 'HEAD'], {
      cwd: dir,
      encoding: 'utf8',
    })
    assert.is(r.status, 0, r.stderr)
    assert.match(r.stdout, /New providers/)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('lock says what the file holds: an empty file locks no provider; a number version is shown as written (#54)', async () => {
  const d = mkdtempSync(path.join(tmpdir(), 'tfgraph-lock-'))
  try {
    writeFileSync(
      path.join(d, 'main.tf'),
      'terraform {\n  required_providers {\n    aws = { source = "hashicorp/aws", version = "~> 5.0" }\n  }\n}\n',
    )
    writeFileSync(path.join(d, '.terraform.lock.hcl'), '')
    const empty = await run('lock', d)
    assert.is(empty.code, 2, empty.stderr)
    assert.is(empty.stdout.split('\n')[0], `${d}/.terraform.lock.hcl: no providers locked`)
    assert.match(empty.stdout, /^MISSING {2}registry\.terraform\.io\/hashicorp\/aws {2}- {2}~> 5\.0$/m)
    writeFileSync(
      path.join(d, '.terraform.lock.hcl'),
      'provider "registry.terraform.io/hashicorp/aws" {\n  version     = 5.0\n  constraints = "~> 5.0"\n  hashes      = ["h1:abc="]\n}\n',
    )
    const number = await run('lock', d)
    assert.is(number.code, 2, number.stderr)
    assert.match(number.stdout, /: 1 provider locked; the file has 1 error/)
    assert.match(number.stdout, /^INVALID {2}registry\.terraform\.io\/hashicorp\/aws {2}5\.0 {2}~> 5\.0/m)
    assert.match(number.stderr, 'must be written in normalized form: "5.0.0"')
  } finally {
    rmSync(d, {recursive: true, force: true})
  }
})

test.run()
