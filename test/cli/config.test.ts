// Smoke tests of the real binary: exit codes, streams, no stack traces.
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {checkedRunner} from '../helpers/cli.js'
import {fixturesDir} from '../helpers/paths.js'

// `tfgraph ARGS` in this process as bin/run.cjs runs it (test/helpers/cli.ts; the same output and exit code,
// test/cli/in-process.test.ts), the first also as a process of its own
const cli = checkedRunner()
const run = (...args: string[]) => cli(args)

function noStack(s: string) {
  assert.not.match(s, /\n\s+at .+:\d+:\d+/, 'no stack trace')
}

test('config --json on a valid fixture: exit 0, JSON on stdout', async () => {
  const r = await run('config', path.join(fixturesDir, 'load/override-locals'), '--json')
  assert.is(r.code, 0, r.stderr)
  const doc = JSON.parse(r.stdout) as {format_version: string; engine: string; config: {locals: {env: string}[]}}
  assert.is(doc.format_version, '1')
  assert.is(doc.engine, 'terraform')
  assert.is(doc.config.locals[0]?.env, 'staging')
})

test('config text marks what override files changed', async () => {
  const r = await run('config', path.join(fixturesDir, 'load/override-resource'))
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /instance_type = "t3.large"\s+# from fixtures\/load\/override-resource\/web_override.tf:3/)
  assert.match(r.stdout, /overridden by web_override.tf/)
})

test('configuration errors: exit 2 with file:line diagnostics on stderr', async () => {
  const r = await run('config', path.join(fixturesDir, 'load/override-errors'))
  assert.is(r.code, 2)
  assert.match(r.stderr, /Error: Missing base variable declaration to override/)
  assert.match(r.stderr, /on fixtures\/load\/override-errors\/errors_override.tf:1,1-16:/)
  noStack(r.stderr)
})

test('a directory that does not exist: exit 1, clear message', async () => {
  const r = await run('config', path.join(fixturesDir, 'does-not-exist'))
  assert.is(r.code, 1)
  assert.match(r.stderr, /Failed to read module directory/)
  noStack(r.stderr)
})

test('a directory without configuration files: one line saying so, exit 1', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-empty-'))
  try {
    writeFileSync(path.join(dir, 'README.md'), '# nothing here\n')
    const r = await run('config', dir)
    assert.is(r.code, 1)
    assert.match(
      r.stderr,
      /is not a module directory: it holds no configuration files \(no \.tf, \.tf\.json, \.tofu or \.tofu\.json files, and no \.tfcomponent\.hcl files of a stack\)/,
    )
    noStack(r.stderr)
    writeFileSync(path.join(dir, 'prod.tfvars'), 'x = 1\n')
    const vars = await run('config', dir)
    assert.is(vars.code, 1)
    assert.match(vars.stderr, /it holds only prod\.tfvars .*the one these variables are for/)
    const file = await run('config', path.join(dir, 'prod.tfvars'))
    assert.is(file.code, 1)
    assert.match(file.stderr, /prod\.tfvars is a file; pass its directory/)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('malformed, binary and non-UTF-8 files: diagnostics with locations, exit 1, other files still loaded', async () => {
  const r = await run('config', path.join(fixturesDir, 'load/bad-input'), '--json')
  assert.is(r.code, 1)
  const doc = JSON.parse(r.stdout) as {
    diagnostics: {summary: string; range?: {filename: string; start: {line: number}}}[]
    config: {resource?: Record<string, unknown>}
  }
  const where = doc.diagnostics.map((d) => `${d.range?.filename}:${d.range?.start.line} ${d.summary}`)
  assert.ok(
    where.some((w) => w.startsWith('broken.tf:')),
    where.join('\n'),
  )
  assert.ok(
    where.some((w) => w.startsWith('binary.tf:2 Invalid character')),
    where.join('\n'),
  )
  assert.ok(
    where.some((w) => w.startsWith('latin1.tf:1 Invalid character encoding')),
    where.join('\n'),
  )
  assert.ok(
    where.some((w) => w.startsWith('bad.tf.json:1')),
    where.join('\n'),
  )
  assert.ok(doc.config.resource && 'null_resource' in doc.config.resource)
})

test('--help shows examples; unknown flag is a usage error without a stack trace', async () => {
  const h = await run('config', '--help')
  assert.is(h.code, 0)
  assert.match(h.stdout, /EXAMPLES/)
  const bad = await run('config', '--bogus')
  assert.is.not(bad.code, 0)
  noStack(bad.stderr)
})

test('--engine is validated', async () => {
  const r = await run('config', path.join(fixturesDir, 'load/override-locals'), '--engine', 'pulumi')
  assert.is.not(r.code, 0)
  noStack(r.stderr)
})

test.run()
