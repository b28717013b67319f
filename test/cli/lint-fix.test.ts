// `tfgraph lint --fix` and `--fix --diff` as a user runs them, on copies of fixtures in a temporary
// directory: what is written and what is not (a diff, a file outside DIR, a file changed on the disk since
// it was read, a module under .terraform), atomic writes that keep the file's mode, a module two roots call
// fixed once, idempotence, exit codes and usage errors.
import {spawnSync} from 'node:child_process'
import {chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {runFixes, writeFixes} from '../../src/lint/fix.js'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

const demo = path.join(fixturesDir, 'fix', 'demo')

function run(cwd: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1', TFGRAPH_NO_CACHE: '1'}
  delete env['TF_DATA_DIR']
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin/run.cjs'), ...args], {cwd, encoding: 'utf8', env})
  return {code: r.status, stdout: r.stdout, stderr: r.stderr}
}

function scratch(): string {
  return mkdtempSync(path.join(tmpdir(), 'tfgraph-fix-'))
}

function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (rel: string): void => {
    for (const e of readdirSync(path.join(dir, rel), {withFileTypes: true})) {
      const r = rel ? `${rel}/${e.name}` : e.name
      if (e.isDirectory()) walk(r)
      else out[r] = readFileSync(path.join(dir, r), 'utf8')
    }
  }
  walk('')
  return out
}

const FIXED_MAIN = `resource "aws_vpc" "main" {
  cidr_block = var.cidr
  tags       = var.tags_by_env["prod"]
}

resource "aws_subnet" "private" {
  vpc_id     = aws_vpc.main.id
  cidr_block = var.subnets[0]
  depends_on = [aws_vpc.main]
}

terraform {
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.31"
    }
  }
}
`

test('--fix --diff prints a unified diff git can apply, writes nothing, and says how many fixes of which rules', () => {
  const tmp = scratch()
  try {
    cpSync(demo, path.join(tmp, 'demo'), {recursive: true})
    const before = tree(path.join(tmp, 'demo'))
    const r = run(tmp, 'lint', 'demo', '--fix', '--diff')
    assert.is(r.code, 0, r.stderr)
    assert.equal(tree(path.join(tmp, 'demo')), before, 'nothing written')
    assert.ok(r.stdout.startsWith('--- a/demo/main.tf\n+++ b/demo/main.tf\n@@ -1,10 +1,19 @@\n'), r.stdout)
    assert.match(r.stdout, /^-  depends_on = \["aws_vpc.main"\]$/m)
    assert.match(r.stdout, /^\+  depends_on = \[aws_vpc.main\]$/m)
    assert.is(
      r.stderr,
      '5 fixes in 1 file (deprecated-index 1, deprecated-interpolation 1, deprecated-lookup 1, missing-required-provider 1, terraform 1): not written (--diff)\n',
    )
    // the diff applies with git, and gives what --fix writes
    const g = spawnSync('git', ['apply', '-p1', '--unsafe-paths', '-'], {cwd: tmp, input: r.stdout, encoding: 'utf8'})
    if (g.error) console.log(`SKIP git apply of the diff: ${g.error.message}`)
    else {
      assert.is(g.status, 0, g.stderr)
      assert.fixture(readFileSync(path.join(tmp, 'demo', 'main.tf'), 'utf8'), FIXED_MAIN)
    }
  } finally {
    rmSync(tmp, {recursive: true, force: true})
  }
})

test('--fix writes the fixes atomically (mode kept, no temporary file left), reports what is left; a second --fix changes nothing', () => {
  const tmp = scratch()
  try {
    const dir = path.join(tmp, 'demo')
    cpSync(demo, dir, {recursive: true})
    chmodSync(path.join(dir, 'main.tf'), 0o640)
    const variables = readFileSync(path.join(dir, 'variables.tf'))
    const r = run(tmp, 'lint', 'demo', '--fix', '--format', 'compact')
    assert.is(r.code, 0, r.stderr)
    assert.fixture(readFileSync(path.join(dir, 'main.tf'), 'utf8'), FIXED_MAIN)
    assert.is(statSync(path.join(dir, 'main.tf')).mode & 0o777, 0o640)
    assert.ok(readFileSync(path.join(dir, 'variables.tf')).equals(variables), 'an unchanged file is not rewritten')
    assert.equal(readdirSync(dir).sort(), ['.terraform.lock.hcl', 'main.tf', 'variables.tf'])
    assert.is(
      r.stderr.split('\n')[0],
      'Fixed 5 problems in 1 file (deprecated-index 1, deprecated-interpolation 1, deprecated-lookup 1, missing-required-provider 1, terraform 1)',
    )
    // what is left, in the format asked for: the finding no fix can make (a required_version is the user's to choose)
    assert.is(r.stdout, 'demo/main.tf:13:3: warning: No required_version [required-version] — root module\n')
    const again = run(tmp, 'lint', 'demo', '--fix', '--format', 'compact')
    assert.is(again.stderr, 'Nothing to fix\n')
    assert.is(again.stdout, r.stdout)
  } finally {
    rmSync(tmp, {recursive: true, force: true})
  }
})

test('--recursive: a module two roots call is fixed once; nothing outside DIR and nothing under .terraform is written', () => {
  const tmp = scratch()
  try {
    const dep = 'locals {\n  a = "${var.x}"\n}\nvariable "x" {\n  type = string\n}\n'
    const call = (src: string): string => `module "m" {\n  source = "${src}"\n  x      = "1"\n}\n`
    mkdirSync(path.join(tmp, 'infra', 'a'), {recursive: true})
    mkdirSync(path.join(tmp, 'infra', 'b'), {recursive: true})
    mkdirSync(path.join(tmp, 'infra', 'shared'), {recursive: true})
    mkdirSync(path.join(tmp, 'outside'), {recursive: true})
    mkdirSync(path.join(tmp, 'infra', 'a', '.terraform', 'vendored'), {recursive: true})
    writeFileSync(path.join(tmp, 'infra', 'shared', 'main.tf'), dep)
    writeFileSync(path.join(tmp, 'outside', 'main.tf'), dep)
    writeFileSync(path.join(tmp, 'infra', 'a', '.terraform', 'vendored', 'main.tf'), dep)
    writeFileSync(
      path.join(tmp, 'infra', 'a', 'main.tf'),
      call('../shared') + call('../../outside').replace('"m"', '"o"') + call('./.terraform/vendored').replace('"m"', '"v"'),
    )
    writeFileSync(path.join(tmp, 'infra', 'b', 'main.tf'), call('../shared'))
    const r = run(tmp, 'lint', 'infra', '--recursive', '--fix', '--only', 'deprecated-interpolation', '--verbose')
    assert.is(r.code, 0, r.stderr)
    assert.is(readFileSync(path.join(tmp, 'infra', 'shared', 'main.tf'), 'utf8'), dep.replace('"${var.x}"', 'var.x'))
    assert.is(readFileSync(path.join(tmp, 'outside', 'main.tf'), 'utf8'), dep, 'outside DIR')
    assert.is(readFileSync(path.join(tmp, 'infra', 'a', '.terraform', 'vendored', 'main.tf'), 'utf8'), dep, 'under .terraform')
    const lines = r.stderr.split('\n')
    assert.ok(lines.includes('Fixed 1 problem in 1 file (deprecated-interpolation 1)'), r.stderr)
    assert.ok(lines.includes('outside/main.tf: fix "Replace "${var.x}" with var.x" not applied: outside the directories given'), r.stderr)
    assert.ok(
      lines.includes('infra/a/.terraform/vendored/main.tf: fix "Replace "${var.x}" with var.x" not applied: under .terraform/'),
      r.stderr,
    )
  } finally {
    rmSync(tmp, {recursive: true, force: true})
  }
})

test('a file that changed on the disk since it was read is not written (one line says so); a link out of DIR neither', async () => {
  const tmp = scratch()
  try {
    const dir = path.join(tmp, 'root')
    mkdirSync(dir)
    mkdirSync(path.join(tmp, 'elsewhere'))
    const text = 'locals {\n  a = "${var.x}"\n}\nvariable "x" {\n  type = string\n}\n'
    writeFileSync(path.join(dir, 'main.tf'), text)
    writeFileSync(path.join(tmp, 'elsewhere', 'linked.tf'), 'locals {\n  b = "${var.x}"\n}\n')
    symlinkSync(path.join(tmp, 'elsewhere', 'linked.tf'), path.join(dir, 'linked.tf'))
    const fixed = await runFixes({roots: [{dir, options: {only: ['deprecated-interpolation'], env: {}}}], env: {}})
    assert.equal([...fixed.changed.keys()].map((f) => path.basename(f)).sort(), ['linked.tf', 'main.tf'])
    writeFileSync(path.join(dir, 'main.tf'), text + '# edited meanwhile\n')
    const w = writeFixes(fixed.changed, [dir])
    assert.equal(w.written, [])
    assert.equal(w.skipped, [
      `${path.join(dir, 'linked.tf')}: not written: it links to ${path.join(tmp, 'elsewhere', 'linked.tf')}, outside the directories given`,
      `${path.join(dir, 'main.tf')}: not written: it changed on disk since tfgraph read it`,
    ])
    assert.is(readFileSync(path.join(dir, 'main.tf'), 'utf8'), text + '# edited meanwhile\n')
    assert.is(readFileSync(path.join(tmp, 'elsewhere', 'linked.tf'), 'utf8'), 'locals {\n  b = "${var.x}"\n}\n')
  } finally {
    rmSync(tmp, {recursive: true, force: true})
  }
})

test('usage: --diff needs --fix, and prints no report (no --format)', () => {
  const a = run(repoRoot, 'lint', demo, '--diff')
  assert.is(a.code, 1)
  assert.match(a.stderr, /--diff shows what --fix would change: use it with --fix/)
  const b = run(repoRoot, 'lint', demo, '--fix', '--diff', '--json')
  assert.is(b.code, 1)
  assert.match(b.stderr, /--fix --diff prints a diff: it takes no --format or --json/)
})

test.run()
