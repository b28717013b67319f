// The pre-commit hooks (.pre-commit-hooks.yaml, bin/pre-commit.cjs). The entry script is tested directly
// (which roots it runs, quiet when clean); then Debian's `pre-commit` runs the hooks in a temporary git
// repository as a user would: `pre-commit install`, then `git commit` — a bad change is blocked with
// tfgraph's message, a clean one goes through. The offline `-system` hooks are the ones run (the `node`
// ones install tfgraph from the npm registry first), with the tfgraph-pre-commit of the installed
// tarball on PATH. Skips without pre-commit (.ci/run installs it).
import {spawnSync} from 'node:child_process'
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {parse} from 'yaml'
import {repoRoot} from '../helpers/paths.js'
import {installed, skip} from './install.js'

interface Hook {
  id: string
  name: string
  entry: string
  language: string
  files: string
  require_serial?: boolean
}
const hooks = parse(readFileSync(path.join(repoRoot, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[]

const LOCK = `provider "registry.terraform.io/hashicorp/aws" {
  version     = "5.31.0"
  constraints = ">= 5.0.0"
  hashes = [
    "h1:ltxyuBWIy9cq0kIKDJH1jeWJy/y7XJLjS4QrsQK4plA=",
  ]
}
`
const ROOT = `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = ">= 5.0.0" }
  }
}

provider "aws" {
  region = "eu-west-1"
}

module "net" {
  source = "./modules/net"
  count  = 1
}
`
const CHILD = `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = ">= 5.0.0" }
  }
}

resource "aws_vpc" "main" {
  cidr_block = "10.0.0.0/16"
}
`

/** A directory with infra/ (a root with a lock file, calling infra/modules/net) and standalone/ (a module without one). */
function workTree(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-hook-'))
  mkdirSync(path.join(dir, 'infra/modules/net'), {recursive: true})
  mkdirSync(path.join(dir, 'standalone'))
  writeFileSync(path.join(dir, 'infra/main.tf'), ROOT)
  writeFileSync(path.join(dir, 'infra/.terraform.lock.hcl'), LOCK)
  writeFileSync(path.join(dir, 'infra/modules/net/main.tf'), CHILD)
  writeFileSync(path.join(dir, 'standalone/main.tf'), CHILD)
  return dir
}

/** The `repo: local` configurations of README.md and docs/ci.md, which users copy. */
const localConfigs = ['README.md', 'docs/ci.md'].flatMap((file) =>
  [...readFileSync(path.join(repoRoot, file), 'utf8').matchAll(/```yaml\n(# \.pre-commit-config\.yaml[\s\S]*?)\n```/g)]
    .map((m) => ({file, text: m[1]!}))
    .filter((c) => c.text.includes('repo: local')),
)

test('README.md and docs/ci.md say to run pre-commit install after each configuration they give (#54)', () => {
  for (const file of ['README.md', 'docs/ci.md']) {
    const text = readFileSync(path.join(repoRoot, file), 'utf8')
    const configs = [...text.matchAll(/```yaml\n# \.pre-commit-config\.yaml[\s\S]*?\n```\n/g)]
    assert.ok(configs.length > 0, file)
    // the last configuration is followed, before the next heading, by the command that turns the hooks on
    const last = configs[configs.length - 1]!
    const after = text.slice(last.index! + last[0].length)
    const next = after.search(/\n#|\n\*\*/)
    assert.match(next >= 0 ? after.slice(0, next) : after, '`pre-commit install`', file)
  }
})

test('the repo: local configurations in README.md and docs/ci.md are the -system hooks under the plain ids', () => {
  assert.is(localConfigs.length, 2)
  for (const {file, text} of localConfigs) {
    const config = parse(text) as {repos: {repo: string; hooks: Hook[]}[]}
    const local = config.repos[0]!.hooks
    assert.equal(
      local.map((h) => h.id),
      ['tfgraph-lint', 'tfgraph-lock'],
      file,
    )
    for (const h of local) {
      const twin = hooks.find((x) => x.id === `${h.id}-system`)!
      assert.equal(
        [h.name, h.entry, h.language, h.files, h.require_serial],
        [twin.name, twin.entry, twin.language, twin.files, twin.require_serial],
        `${file} ${h.id}`,
      )
    }
  }
})

const script = path.join(repoRoot, 'bin/pre-commit.cjs')
const entry = (cwd: string, args: string[]) =>
  spawnSync(process.execPath, [script, ...args], {cwd, encoding: 'utf8', env: {...process.env, NO_COLOR: '1'}})

test('the hooks: tfgraph-lint and tfgraph-lock (node), and their offline -system twins, all through tfgraph-pre-commit', () => {
  assert.equal(
    hooks.map((h) => h.id),
    ['tfgraph-lint', 'tfgraph-lock', 'tfgraph-lint-system', 'tfgraph-lock-system'],
  )
  for (const h of hooks) {
    assert.is(h.entry, `tfgraph-pre-commit ${h.id.includes('lint') ? 'lint' : 'lock'}`)
    assert.is(h.language, h.id.endsWith('-system') ? 'system' : 'node')
    const re = new RegExp(h.files)
    for (const f of ['main.tf', 'a/b.tofu', 'x.tf.json', 'y.tofu.json']) assert.ok(re.test(f), `${h.id} takes ${f}`)
    for (const f of ['README.md', 'x.tfvars', 'main.tf.bak']) assert.not.ok(re.test(f), `${h.id} skips ${f}`)
    // a Terraform Stacks configuration's files
    for (const f of ['stack/components.tfcomponent.hcl', 'old.tfstack.hcl', 'deployments.tfdeploy.hcl'])
      assert.ok(re.test(f), `${h.id} takes ${f}`)
    assert.is(re.test('infra/.terraform.lock.hcl'), h.id.includes('lock'))
  }
})

test('entry script: one run per root (the nearest directory with a lock file), quiet when clean', () => {
  const dir = workTree()
  try {
    const clean = entry(dir, ['lint', 'infra/main.tf', 'infra/modules/net/main.tf', 'standalone/main.tf', 'README.md'])
    assert.is(clean.status, 0, clean.stdout + clean.stderr)
    assert.is(clean.stdout + clean.stderr, '')
    // lock runs only where a lock file is (standalone/ has none)
    const lock = entry(dir, ['lock', 'standalone/main.tf', 'infra/.terraform.lock.hcl'])
    assert.is(lock.status, 0, lock.stdout + lock.stderr)
    assert.is(lock.stdout, '')
    // a provider block in the module is an error only as its root sees it (the root calls it with count)
    writeFileSync(path.join(dir, 'infra/modules/net/main.tf'), CHILD + '\nprovider "aws" {\n  region = "us-east-1"\n}\n')
    writeFileSync(path.join(dir, 'standalone/main.tf'), 'provider "aws" {\n  region = "us-east-1"\n}\n')
    const bad = entry(dir, ['lint', 'infra/modules/net/main.tf', 'infra/main.tf', 'standalone/main.tf'])
    assert.is(bad.status, 2, bad.stdout + bad.stderr)
    assert.equal(
      bad.stdout.split('\n').filter((l) => l.startsWith('tfgraph lint ')),
      ['tfgraph lint infra (exit 2):'],
    )
    assert.match(bad.stdout, 'Error: Module is incompatible with count, for_each, and depends_on  [terraform]')
    assert.match(bad.stdout, 'infra/modules/net/main.tf')
    // flags go to tfgraph
    const compact = entry(dir, ['lint', '--format=compact', 'infra/modules/net/main.tf'])
    assert.match(
      compact.stdout,
      /^infra\/main\.tf:\d+:\d+: error: Module is incompatible with count, for_each, and depends_on \[terraform\]/m,
    )
    const usage = entry(dir, ['check'])
    assert.is(usage.status, 1)
    assert.match(usage.stderr, 'usage: tfgraph-pre-commit lint|lock')
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('entry script: a file of a stack component module is checked as its stack sees it (the stack is the root)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-hook-stack-'))
  try {
    mkdirSync(path.join(dir, 'stack/modules/app'), {recursive: true})
    writeFileSync(
      path.join(dir, 'stack/stack.tfcomponent.hcl'),
      'required_providers {\n  aws = {\n    source  = "hashicorp/aws"\n    version = ">= 5.0.0"\n  }\n}\n\nprovider "aws" "main" {}\n\ncomponent "app" {\n  source = "./modules/app"\n\n  providers = {\n    aws = provider.aws.main\n  }\n}\n',
    )
    writeFileSync(path.join(dir, 'stack/.terraform.lock.hcl'), LOCK)
    writeFileSync(path.join(dir, 'stack/modules/app/main.tf'), CHILD)
    const clean = entry(dir, ['lint', 'stack/modules/app/main.tf', 'stack/stack.tfcomponent.hcl'])
    assert.is(clean.status, 0, clean.stdout + clean.stderr)
    // a provider block in the component's module: Terraform Stacks' error, reported by the stack's run
    writeFileSync(path.join(dir, 'stack/modules/app/main.tf'), CHILD + '\nprovider "aws" {\n  region = "us-east-1"\n}\n')
    const bad = entry(dir, ['lint', 'stack/modules/app/main.tf'])
    assert.is(bad.status, 2, bad.stdout + bad.stderr)
    assert.equal(
      bad.stdout.split('\n').filter((l) => l.startsWith('tfgraph lint ')),
      ['tfgraph lint stack (exit 2):'],
    )
    assert.match(bad.stdout, 'Error: Inline provider configuration not allowed  [terraform]')
    writeFileSync(path.join(dir, 'stack/modules/app/main.tf'), CHILD)
    const lock = entry(dir, ['lock', 'stack/.terraform.lock.hcl'])
    assert.is(lock.status, 0, lock.stdout + lock.stderr)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('entry script: a root unchanged since tfgraph last checked it is answered from the results cache, the same bytes; a changed one is checked again (#53)', () => {
  const dir = workTree()
  const cache = mkdtempSync(path.join(tmpdir(), 'tfgraph-hook-cache-'))
  const hook = (args: string[]) =>
    spawnSync(process.execPath, [script, ...args], {
      cwd: dir,
      encoding: 'utf8',
      env: {...process.env, NO_COLOR: '1', TFGRAPH_CACHE_DIR: cache},
    })
  try {
    writeFileSync(path.join(dir, 'standalone/main.tf'), 'variable "x" {\n  type = strin\n}\n')
    const args = ['lint', 'standalone/main.tf']
    const first = hook(args)
    assert.is(first.status, 2, first.stdout + first.stderr)
    const again = hook(args)
    assert.equal([again.status, again.stdout, again.stderr], [first.status, first.stdout, first.stderr])
    writeFileSync(path.join(dir, 'standalone/main.tf'), 'terraform {\n  required_version = ">= 1.5"\n}\n')
    const fixed = hook(args)
    assert.equal([fixed.status, fixed.stdout + fixed.stderr], [0, ''])
    assert.equal([hook(args).status, hook(args).stdout], [0, ''])
    writeFileSync(path.join(dir, 'standalone/main.tf'), 'variable "x" {\n  type = strin\n}\n')
    assert.equal([hook(args).status, hook(args).stdout], [first.status, first.stdout])
  } finally {
    rmSync(dir, {recursive: true, force: true})
    rmSync(cache, {recursive: true, force: true})
  }
})

const preCommit = spawnSync('pre-commit', ['--version'], {encoding: 'utf8'})
const got = await installed()
if (preCommit.status !== 0)
  skip('package/pre-commit (git commit through the hooks)', 'pre-commit is not installed (apt-get install pre-commit)')
else if (typeof got === 'string') skip('package/pre-commit (git commit through the hooks)', got)
else {
  const binDir = path.dirname(got.bin('tfgraph-pre-commit'))

  test(`${preCommit.stdout.trim()}: validate-manifest accepts .pre-commit-hooks.yaml`, () => {
    const r = spawnSync('pre-commit', ['validate-manifest', path.join(repoRoot, '.pre-commit-hooks.yaml')], {encoding: 'utf8'})
    assert.is(r.status, 0, r.stdout + r.stderr)
  })

  test("git commit: a bad change is blocked with tfgraph's message, a clean one passes", () => {
    const dir = workTree()
    const home = mkdtempSync(path.join(tmpdir(), 'tfgraph-pre-commit-home-'))
    // offline: pre-commit's own cache in a temporary directory; tfgraph-pre-commit from the installed tarball
    const env = {
      ...process.env,
      PATH: `${binDir}${path.delimiter}${process.env['PATH']}`,
      PRE_COMMIT_HOME: home,
      NO_COLOR: '1',
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
    }
    const sh = (cmd: string, args: string[]) => spawnSync(cmd, args, {cwd: dir, encoding: 'utf8', env})
    try {
      // git shows a hook's output on stderr
      // the configuration README.md gives users to copy (checked above against .pre-commit-hooks.yaml)
      writeFileSync(path.join(dir, '.pre-commit-config.yaml'), localConfigs[0]!.text + '\n')
      for (const [cmd, args] of [
        ['git', ['init', '-q', '-b', 'main']],
        ['pre-commit', ['install']],
        ['git', ['add', '.']],
      ] as const) {
        const r = sh(cmd, [...args])
        assert.is(r.status, 0, `${cmd} ${args.join(' ')}: ${r.stdout}${r.stderr}`)
      }
      const first = sh('git', ['commit', '-q', '-m', 'clean'])
      assert.is(first.status, 0, first.stdout + first.stderr)
      assert.match(first.stdout + first.stderr, /tfgraph lint\.+Passed/)
      assert.match(first.stdout + first.stderr, /tfgraph lock\.+Passed/)

      // lint: a provider block in a module the root calls with count
      writeFileSync(path.join(dir, 'infra/modules/net/main.tf'), CHILD + '\nprovider "aws" {\n  region = "us-east-1"\n}\n')
      sh('git', ['add', 'infra/modules/net/main.tf'])
      const bad = sh('git', ['commit', '-q', '-m', 'bad'])
      assert.is(bad.status, 1, bad.stdout + bad.stderr)
      assert.match(bad.stderr + bad.stdout, /tfgraph lint\.+Failed/)
      assert.match(bad.stderr + bad.stdout, 'Error: Module is incompatible with count, for_each, and depends_on  [terraform]')

      // fixed: passes
      writeFileSync(path.join(dir, 'infra/modules/net/main.tf'), CHILD + '\noutput "id" {\n  value = aws_vpc.main.id\n}\n')
      sh('git', ['add', 'infra/modules/net/main.tf'])
      const fixed = sh('git', ['commit', '-q', '-m', 'fixed'])
      assert.is(fixed.status, 0, fixed.stdout + fixed.stderr)

      // lock: a provider the lock file does not select
      writeFileSync(
        path.join(dir, 'infra/main.tf'),
        ROOT.replace('required_providers {\n', 'required_providers {\n    random = { source = "hashicorp/random", version = "~> 3.5" }\n'),
      )
      sh('git', ['add', 'infra/main.tf'])
      const unlocked = sh('git', ['commit', '-q', '-m', 'unlocked'])
      assert.is(unlocked.status, 1, unlocked.stdout + unlocked.stderr)
      assert.match(unlocked.stderr + unlocked.stdout, /tfgraph lock\.+Failed/)
      assert.match(unlocked.stderr + unlocked.stdout, 'Inconsistent dependency lock file')
      assert.match(unlocked.stderr + unlocked.stdout, 'registry.terraform.io/hashicorp/random')

      // a commit touching no configuration file runs no hook
      writeFileSync(path.join(dir, 'README.md'), 'infra\n')
      sh('git', ['add', 'README.md'])
      sh('git', ['restore', '--staged', 'infra/main.tf'])
      const docs = sh('git', ['commit', '-q', '-m', 'docs'])
      assert.is(docs.status, 0, docs.stdout + docs.stderr)
      assert.match(docs.stdout + docs.stderr, /tfgraph lint\.+\(no files to check\)Skipped/)
    } finally {
      rmSync(dir, {recursive: true, force: true})
      rmSync(home, {recursive: true, force: true})
    }
  })
}

test.run()
