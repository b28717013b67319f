// What a person reads, through the real binary: files named from the current directory (so that
// file:line:col opens as printed) in every command and text format, whatever directory was given;
// JSON keeps names relative to the root; lint --json; --verbose; no colour codes unless on a terminal.
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {useColor} from '../../src/cli/color.js'
import {runCli, runCliProcess} from '../helpers/cli.js'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

// `tfgraph ARGS` in this process as bin/run.cjs runs it (test/helpers/cli.ts; the same output and exit code,
// test/cli/in-process.test.ts); what is about the pipe itself (colours) runs as processes of their own
type Options = {cwd?: string; env?: NodeJS.ProcessEnv}
const options = (opts: Options) => ({cwd: opts.cwd ?? repoRoot, env: {TF_DATA_DIR: undefined, ...opts.env}})
const run = (args: string[], opts: Options = {}) => runCli(args, options(opts))
const runProcess = (args: string[], opts: Options = {}) => runCliProcess(args, options(opts))

/** A directory that cannot contain the repository (a clone may itself live under the temporary directory). */
const elsewhere = mkdtempSync(path.join(tmpdir(), 'tfgraph-elsewhere-'))

const legacy = path.join(fixturesDir, 'providers/legacy')
const ignoreAndConfig = path.join(fixturesDir, 'lint/ignore-and-config')

test('lint from another directory with an absolute DIR: absolute names that open as printed', async () => {
  const r = await run(['lint', ignoreAndConfig], {cwd: elsewhere})
  assert.equal(runProcess(['lint', ignoreAndConfig], {cwd: elsewhere}), r, 'the same as a process of its own')
  assert.is(r.code, 2, r.stderr)
  assert.match(r.stdout, `  on ${ignoreAndConfig}/a/main.tf:1,1-15 (module.a.provider`)
  // ranges in the detail too
  assert.match(r.stdout, `configuration at ${ignoreAndConfig}/a/main.tf:1,1-15, which`)
})

test('an absolute DIR inside the current directory, and a DIR with "..": relative, normalised names', async () => {
  const abs = await run(['lint', legacy, '--format', 'compact'])
  const dotted = await run(['lint', 'fixtures/providers/../providers/legacy', '--format', 'compact'])
  assert.is(abs.stdout, dotted.stdout)
  assert.match(abs.stdout, /^fixtures\/providers\/legacy\/configured\/main.tf:2:1: warning: /m)
  assert.not.match(abs.stdout, /\.\.\//)
})

test('lint --recursive from a subdirectory: names relative to it, in text and compact', async () => {
  const cwd = fixturesDir
  const compact = await run(['lint', '--recursive', 'providers', '--format', 'compact'], {cwd})
  assert.match(
    compact.stdout,
    /^providers\/legacy\/configured\/main.tf:2:1: warning: Provider configured inside a shared module \[legacy-module-provider\] — module.configured.provider/m,
  )
  const text = await run(['lint', '--recursive', 'providers'], {cwd})
  assert.match(text.stdout, /^== providers\/legacy$/m)
  assert.match(text.stdout, /^ {2}on providers\/legacy\/configured\/main.tf:2,1-15 /m)
})

test('JSON keeps range.filename relative to the root, as terraform validate -json does', async () => {
  const r = await run(['lint', ignoreAndConfig, '--format', 'json'], {cwd: elsewhere})
  const doc = JSON.parse(r.stdout) as {diagnostics: {range: {filename: string}; detail: string}[]}
  assert.ok(doc.diagnostics.every((d) => !d.range.filename.startsWith('/')))
  assert.ok(doc.diagnostics.some((d) => d.range.filename === 'a/main.tf'))
})

test('providers, config, lock and graph name files from the current directory too', async () => {
  const providers = await run(['providers', path.join(fixturesDir, 'providers/registry-modules'), '--verbose'])
  assert.match(providers.stderr, /^ {2}on fixtures\/providers\/registry-modules\/main.tf:\d+,\d+-\d+:/m)
  const resource = await run(['providers', 'fixtures/providers/demo', '--resource', 'module.network.module.subnet.aws_subnet.private'])
  assert.match(resource.stdout, '(fixtures/providers/demo/network/subnet/main.tf:6,1-32)')
  assert.match(resource.stdout, 'at fixtures/providers/demo/main.tf:14,1-15')
  const config = await run(['config', path.join(fixturesDir, 'load/override-errors')])
  assert.match(config.stderr, /^ {2}on fixtures\/load\/override-errors\/errors_override.tf:1,1-16:/m)
  const lock = await run(['lock', path.join(fixturesDir, 'lock/statuses')])
  assert.match(lock.stderr, /^ {2}on fixtures\/lock\/statuses\/.terraform.lock.hcl:\d+,/m)
})

test('uninstalled module calls: one line in text (lint and providers), every one with --verbose and in JSON', async () => {
  const dir = path.join(fixturesDir, 'lint/uninitialised')
  const text = await run(['lint', dir])
  assert.match(
    text.stdout,
    /^Warning: 3 module calls not installed — run "terraform init" to include them; --verbose lists them {2}\[unresolved-module\]$/m,
  )
  assert.not.match(text.stdout, /module\.vpc/)
  assert.match(text.stdout, /0 errors, 3 warnings/)
  const verbose = await run(['lint', dir, '--verbose'])
  assert.is(verbose.stdout.split('Warning: Module not installed').length - 1, 3)
  assert.is((JSON.parse((await run(['lint', dir, '--json'])).stdout) as {diagnostics: unknown[]}).diagnostics.length, 3)
  const providers = await run(['providers', dir])
  assert.is(providers.code, 0, providers.stderr)
  assert.is(providers.stderr, '\nWarning: 3 module calls not installed — run "terraform init" to include them; --verbose lists them\n')
  assert.is((await run(['providers', dir, '--verbose'])).stderr.split('Warning: Module not installed').length - 1, 3)
})

test('lint text: a repeated explanation once, then one line per further finding; the same count', async () => {
  const dir = path.join(fixturesDir, 'lint/repeated')
  const text = await run(['lint', dir])
  assert.is(text.stdout.split("Terraform's documentation advises").length - 1, 1)
  assert.match(text.stdout, '  and 3 more like this:\n    fixtures/lint/repeated/modules/dns/main.tf:5:17      module.dns\n')
  assert.match(text.stdout, /0 errors, 4 warnings\n$/)
  assert.is((await run(['lint', dir, '--verbose'])).stdout.split("Terraform's documentation advises").length - 1, 4)
  const compact = (await run(['lint', dir, '--format', 'compact'])).stdout.trimEnd().split('\n')
  assert.is(compact.length, 4)
  assert.is(
    compact[0],
    'fixtures/lint/repeated/modules/compute/main.tf:5:17: warning: Shared module constrains more than the minimum provider version [provider-constraint-not-minimum] — module.compute',
  )
})

test('lint --json is --format json; --json with another format is a usage error', async () => {
  const json = await run(['lint', legacy, '--json'])
  assert.is(json.stdout, (await run(['lint', legacy, '--format', 'json'])).stdout)
  assert.is((await run(['lint', legacy, '--json', '--format', 'json'])).stdout, json.stdout)
  const bad = await run(['lint', legacy, '--json', '--format', 'sarif'])
  assert.is(bad.code, 1)
  assert.is(bad.stdout, '')
  // a usage error: the problem, then where the usage is
  assert.is(bad.stderr, 'Error: --json and --format sarif conflict: --json is --format json\nSee "tfgraph lint --help".\n')
})

test('useColor: only on a terminal, never with NO_COLOR (non-empty), TERM=dumb or --no-color', async () => {
  const tty = {isTTY: true}
  assert.ok(useColor(tty, {}, {}))
  assert.ok(useColor(tty, {}, {NO_COLOR: ''}), 'an empty NO_COLOR is not set (no-color.org)')
  assert.not.ok(useColor({isTTY: false}, {}, {}))
  assert.not.ok(useColor({}, {}, {}))
  assert.not.ok(useColor(tty, {}, {NO_COLOR: '1'}))
  assert.not.ok(useColor(tty, {}, {TERM: 'dumb'}))
  assert.not.ok(useColor(tty, {'no-color': true}, {}))
})

test('piped output carries no colour codes in any command, even without NO_COLOR', async () => {
  const env: NodeJS.ProcessEnv = {NO_COLOR: ''}
  const runs = [
    runProcess(['lint', legacy], {env}),
    runProcess(['providers', path.join(fixturesDir, 'providers/registry-modules')], {env}),
    runProcess(['config', path.join(fixturesDir, 'load/override-errors')], {env}),
    runProcess(['lock', path.join(fixturesDir, 'lock/statuses')], {env}),
    runProcess(['graph', path.join(fixturesDir, 'providers/missing-alias')], {env}),
  ]
  for (const r of runs) {
    assert.ok(r.stdout.length + r.stderr.length > 0)
    assert.not.match(r.stdout + r.stderr, '\u001b[')
  }
})

test.after(() => rmSync(elsewhere, {recursive: true, force: true}))

test.run()
