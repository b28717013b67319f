// Smoke tests of `tfgraph providers`: streams, exit codes, filters, JSON contract, no stack traces.
import {spawnSync} from 'node:child_process'
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {checkedRunner} from '../helpers/cli.js'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

// `tfgraph ARGS` in this process as bin/run.cjs runs it (test/helpers/cli.ts; the same output and exit code,
// test/cli/in-process.test.ts), the first also as a process of its own
const cli = checkedRunner({cwd: process.cwd(), env: {TF_DATA_DIR: undefined}})
const run = (...args: string[]) => cli(['providers', ...args])

const demo = path.join(fixturesDir, 'providers/demo')

test('text: per-module configurations with how they got there', async () => {
  const r = await run(demo)
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /2\/2 module calls resolved/)
  assert.match(r.stdout, /passed as aws = aws.east from the root module/)
  assert.is(r.stderr, '')
})

test('--resource prints the whole chain', async () => {
  const r = await run(demo, '--resource', 'module.network.module.subnet.aws_subnet.private')
  assert.is(r.code, 0)
  assert.match(r.stdout, /uses provider\["registry.terraform.io\/hashicorp\/aws"\].east/)
  assert.match(r.stdout, /inherited from module.network/)
})

test('--module and --provider filter', async () => {
  const r = await run(demo, '--module', 'module.network.module.subnet')
  assert.not.match(r.stdout, /aws_s3_bucket.logs/)
  assert.match(r.stdout, /aws_subnet.private/)
  const p = await run(demo, '--provider', 'random')
  assert.match(p.stdout, /random_id.suffix/)
  assert.not.match(p.stdout, /aws_vpc.main/)
})

test('--json contract', async () => {
  const r = await run(demo, '--json')
  assert.is(r.code, 0)
  const doc = JSON.parse(r.stdout) as {
    format_version: string
    modules: {path: string}[]
    resources: {address: string; provider_config: string; resolution: unknown[]}[]
  }
  assert.is(doc.format_version, '1')
  assert.equal(
    doc.modules.map((m) => m.path),
    ['', 'module.network', 'module.network.module.subnet'],
  )
  const vpc = doc.resources.find((x) => x.address === 'module.network.aws_vpc.main')
  assert.is(vpc?.provider_config, 'provider["registry.terraform.io/hashicorp/aws"].east')
  assert.ok((vpc?.resolution.length ?? 0) >= 3)
})

test('unresolved module calls are warnings on stderr, exit 0; missing directory exit 1', async () => {
  const r = await run(path.join(fixturesDir, 'providers/registry-modules'))
  assert.is(r.code, 0)
  assert.match(r.stdout, /module.dns .*NOT LOADED/)
  assert.match(r.stderr, /Warning: Module not installed/)
  const missing = await run(path.join(fixturesDir, 'nope'))
  assert.is(missing.code, 1)
  assert.not.match(missing.stderr, /\n\s+at .+:\d+:\d+/)
})

test('a directory of test files only: --tests analyses its runs (as Terraform 1.12 runs it), without it one line says to add it', async () => {
  const dir = path.join(fixturesDir, 'tests/only-test-files')
  const plain = await run(dir)
  assert.is(plain.code, 1)
  assert.match(plain.stderr, /holds only test files \(main\.tftest\.hcl\) and no configuration files: add --tests/)
  const tests = await run(dir, '--tests')
  assert.is(tests.code, 0, tests.stderr)
  assert.match(tests.stdout, /Tests: 1 file, 1 run/)
  assert.match(tests.stdout, /run "foo" \(apply, module \.\/fixtures\)/)
  assert.not.match(tests.stderr, /No configuration files/)
  const lint = spawnSync(process.execPath, [path.join(repoRoot, 'bin/run.cjs'), 'lint', dir], {
    encoding: 'utf8',
    env: {...process.env, NO_COLOR: '1'},
  })
  assert.is(lint.status, 0, lint.stderr)
})

test('a tree longer than a screen ends with the resources per provider configuration, as the first line counts them (#54)', async () => {
  const d = mkdtempSync(path.join(tmpdir(), 'tfgraph-summary-'))
  try {
    const calls: string[] = ['provider "aws" {\n  alias  = "east"\n  region = "us-east-1"\n}\n']
    for (let i = 0; i < 15; i++) {
      mkdirSync(path.join(d, `m${i}`))
      writeFileSync(path.join(d, `m${i}`, 'main.tf'), `resource "aws_s3_bucket" "b" {}\nresource "random_id" "r${i}" {}\n`)
      calls.push(`module "m${i}" {\n  source = "./m${i}"\n${i < 5 ? '  providers = { aws = aws.east }\n' : ''}}\n`)
    }
    writeFileSync(path.join(d, 'main.tf'), calls.join(''))
    const r = await run(d)
    assert.is(r.code, 0, r.stderr)
    assert.is(r.stdout.split('\n')[0], '16 modules, 15/15 module calls resolved, 3 provider configurations used by 30 resources')
    assert.ok(
      r.stdout.endsWith(
        '\n\n3 provider configurations used by 30 resources:\n' +
          '  provider["registry.terraform.io/hashicorp/random"]    15 resources\n' +
          '  provider["registry.terraform.io/hashicorp/aws"]       10 resources\n' +
          '  provider["registry.terraform.io/hashicorp/aws"].east   5 resources\n',
      ),
      r.stdout.slice(-400),
    )
    // a short tree (the demo) has no such ending: its first line says it all
    assert.not.match((await run(demo)).stdout, /used by \d+ resources:\n/)
  } finally {
    rmSync(d, {recursive: true, force: true})
  }
})

test.run()
