// The quick start of `lint`, `graph`, `lock` and `config` (src/cli/quick.ts, before oclif loads), as
// quick.test.ts checks it for `providers`: it reads the command lines it takes exactly as oclif does (the
// same results-cache key), leaves every other one to oclif, prints what the oclif command prints, byte for
// byte, exit code included, cold and warm; and a stored output is never printed once a file it was made
// from changed (a configuration file, an override file, the lock file, a lint configuration file), nor
// when it was made while another command's stored result served part of it.
import {spawnSync} from 'node:child_process'
import {appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {pathToFileURL} from 'node:url'
import {Parser} from '@oclif/core'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import Config from '../../commands/config.js'
import Graph from '../../commands/graph.js'
import Lint from '../../commands/lint.js'
import Lock from '../../commands/lock.js'
import {configInputs, configKey} from '../../src/cli/config-run.js'
import {graphInputs, graphKey} from '../../src/cli/graph-run.js'
import {lintInputs, lintKey} from '../../src/cli/lint-run.js'
import {lockInputs, lockKey} from '../../src/cli/lock-run.js'
import {LOCK_SUBCOMMANDS, QUICK_COMMANDS, quickArgs, quickKey, type QuickCommand} from '../../src/cli/quick.js'
import {runCli, type CliRun} from '../helpers/cli.js'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

const demo = path.join(fixturesDir, 'providers/demo')

test('bin/run.cjs hands the quick start the commands it runs', async () => {
  const bin = await import('node:fs').then((fs) => fs.readFileSync(path.join(repoRoot, 'bin/run.cjs'), 'utf8'))
  const listed = /const QUICK = \[([^\]]*)\]/.exec(bin)?.[1]
  assert.ok(listed, 'bin/run.cjs lists them')
  assert.equal(
    listed
      .split(',')
      .map((s) => s.trim().replace(/'/g, ''))
      .filter(Boolean),
    [...QUICK_COMMANDS],
  )
  const own = readdirSync(path.join(repoRoot, 'commands/lock'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.slice(0, -3))
    .sort()
  assert.equal([...LOCK_SUBCOMMANDS].sort(), own)
})

/** The key the oclif command computes for the same words, and the flags oclif read. */
async function oclifKey(
  command: Exclude<QuickCommand, 'providers'>,
  argv: string[],
  color: boolean,
): Promise<{key: unknown; flags: Record<string, unknown>}> {
  switch (command) {
    case 'lint': {
      const {args, flags} = await Parser.parse(argv, {flags: Lint.flags, args: Lint.args, strict: true})
      return {key: lintKey(lintInputs(args['dir'] as string, flags as never, color)), flags}
    }
    case 'graph': {
      const {args, flags} = await Parser.parse(argv, {flags: Graph.flags, args: Graph.args, strict: true})
      return {key: graphKey(graphInputs(args['dir'] as string, flags as never, color)), flags}
    }
    case 'lock': {
      const {args, flags} = await Parser.parse(argv, {flags: Lock.flags, args: Lock.args, strict: true})
      return {key: lockKey(lockInputs(args['dir'] as string, flags as never, color)), flags}
    }
    case 'config': {
      const {args, flags} = await Parser.parse(argv, {flags: Config.flags, args: Config.args, strict: true})
      return {key: configKey(configInputs(args['dir'] as string, flags as never, color)), flags}
    }
  }
}

const TAKEN: [Exclude<QuickCommand, 'providers'>, string[]][] = [
  ['lint', []],
  ['lint', [demo]],
  ['lint', [demo, '--format', 'json']],
  ['lint', ['--json', demo]],
  ['lint', [demo, '--json', '--format=json']],
  ['lint', [demo, '--format=sarif', '--engine', 'opentofu', '--no-color']],
  ['lint', [demo, '--config', 'x.json', '--max-warnings', '0', '--no-tests']],
  ['lint', [demo, '--test-directory', 'checks', '--max-warnings=12', '--no-cache', '--no-progress']],
  ['lint', [demo, '--recursive']],
  ['lint', ['--recursive', demo, '--format', 'json', '--max-warnings', '3', '--no-tests']],
  ['graph', [demo]],
  ['graph', [demo, '--type', 'providers', '--format', 'json']],
  ['graph', [demo, '--type=resources', '--format=mermaid', '--collapse']],
  ['graph', [demo, '--focus', 'module.network', '--depth', '2', '--force', '--engine', 'terraform']],
  ['graph', [demo, '--module', 'module.network', '--depth=0', '--no-color', '--no-cache', '--no-progress']],
  ['lock', []],
  ['lock', [demo, '--json']],
  ['lock', [demo, '--platforms', 'linux_amd64,darwin_arm64', '--engine', 'opentofu', '--no-color']],
  ['config', [demo]],
  ['config', [demo, '--json', '--engine=opentofu', '--no-cache', '--no-progress']],
]

for (const [command, argv] of TAKEN) {
  test(`quick start reads \`${command} ${argv.join(' ')}\` as oclif does`, async () => {
    const q = quickArgs(command, argv, {})
    assert.ok(q, 'the quick start takes it')
    assert.is(q.command, command)
    const oclif = await oclifKey(command, argv, (q.inputs as {readonly color: boolean}).color)
    assert.equal(quickKey(q), oclif.key)
    const flags = oclif.flags
    assert.is(q.noCache, flags['no-cache'] === true)
    assert.is(q.noProgress, flags['no-progress'] === true)
    assert.is(q.noColor, flags['no-color'] === true)
    if (q.command === 'lint') assert.is(q.inputs.recursive, flags['recursive'] === true, '--recursive read')
  })
}

const LEFT: [QuickCommand, string[]][] = [
  ['lint', ['--help']],
  ['lint', [demo, '--fix']],
  ['lint', [demo, '--state', 'x.tfstate']],
  ['lint', [demo, '--list-rules']],
  ['lint', [demo, '--only', 'terraform']],
  ['lint', [demo, '--disable', 'unused-alias']],
  ['lint', [demo, '--verbose']],
  ['lint', [demo, '--json', '--format', 'sarif']],
  ['lint', [demo, '--format', 'xml']],
  ['lint', [demo, '--max-warnings', '-1']],
  ['lint', [demo, '--max-warnings', '07']],
  ['lint', [demo, '--var', 'a=b']],
  ['lint', [demo, '--max-files', '10']],
  ['lint', [demo, '--recursive', '--jobs', '2']],
  ['lint', [demo, '--recursive', '--recursive']],
  ['graph', [demo, '-o', 'g.svg']],
  ['graph', [demo, '--output', 'g.dot']],
  ['graph', [demo, '--format', 'svg']],
  ['graph', [demo, '--format', 'html']],
  ['graph', [demo, '-t', 'providers']],
  ['graph', [demo, '--type', 'everything']],
  ['graph', [demo, '--exclude', 'module.*']],
  ['graph', [demo, '--state', 'x.tfstate', '--type', 'providers']],
  ['graph', [demo, '--depth', 'two']],
  ['graph', [demo, '--verbose']],
  ['lock', ['diff', 'a', 'b']],
  ['lock', [demo, '--verify']],
  ['lock', [demo, '--plugin-dir', 'mirror']],
  ['lock', [demo, '--state', 'x.tfstate']],
  ['lock', [demo, '--platforms']],
  ['config', [demo, '--max-files', '10']],
  ['config', [demo, '--engine', 'pulumi']],
  ['config', [demo, demo]],
  ['config', [demo, '--parser', 'hcl2json']],
]

for (const [command, argv] of LEFT) {
  test(`quick start leaves \`${command} ${argv.join(' ')}\` to oclif`, () => {
    assert.is(quickArgs(command, argv, {}), undefined)
  })
}

/** As a process of its own: `node bin/run.cjs ARGV`, or the oclif command itself, as bin/run.cjs runs every command line the quick start does not take. */
function runProcess(argv: string[], cache: string, via: 'bin' | 'oclif', cwd = repoRoot): CliRun {
  const env: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1', TFGRAPH_CACHE_DIR: cache}
  delete env['TF_DATA_DIR']
  const bin = path.join(repoRoot, 'bin/run.cjs')
  // the oclif command itself, as bin/run.cjs runs every command line the quick start does not take
  const oclif = `const {run, flush} = await import(${JSON.stringify(pathToFileURL(path.join(repoRoot, 'dist/cli/entry.js')).href)}); try { await run(${JSON.stringify(argv)}, ${JSON.stringify(pathToFileURL(bin).href)}); await flush() } catch (e) { if (e?.oclif?.exit === undefined) throw e; process.exitCode = e.oclif.exit }`
  const args = via === 'bin' ? [bin, ...argv] : ['--input-type=module', '-e', oclif]
  const r = spawnSync(process.execPath, args, {encoding: 'utf8', env, cwd})
  return {code: r.status, stdout: r.stdout, stderr: r.stderr}
}

/**
 * The same in this process (test/helpers/cli.ts): the quick start as bin/run.cjs runs it, or the oclif
 * command. The first command line of each command below also runs as processes of their own, compared.
 */
function run(argv: string[], cache: string, via: 'bin' | 'oclif', cwd = repoRoot): Promise<CliRun> {
  return runCli(argv, {env: {TFGRAPH_CACHE_DIR: cache, TF_DATA_DIR: undefined}, oclif: via === 'oclif', cwd})
}

const rel = path.relative(repoRoot, demo)
const SAME: string[][] = [
  ['lint', rel],
  ['lint', rel, '--format', 'json'],
  ['lint', rel, '--format', 'sarif'],
  ['lint', 'fixtures/providers/missing-alias', '--format', 'compact'],
  ['lint', 'fixtures/providers/legacy', '--max-warnings', '0'],
  ['lint', 'fixtures/lock', '--recursive'],
  ['lint', 'fixtures/lock', '--recursive', '--format', 'json'],
  ['lint', 'docs', '--recursive'],
  // a file to search: the quick start leaves it to oclif (its directory check), so both sides are oclif's
  ['lint', 'README.md', '--recursive'],
  ['graph', rel],
  ['graph', rel, '--type', 'providers', '--format', 'json'],
  ['graph', 'fixtures/graph/platform', '--focus', 'module.nothing'],
  ['lock', rel],
  ['lock', 'fixtures/lock/statuses'],
  ['lock', 'fixtures/lock/statuses', '--json'],
  ['config', rel],
  ['config', 'fixtures/load/override-resource', '--json'],
]

for (const argv of SAME) {
  test(`\`${argv.join(' ')}\`: the quick start prints what oclif prints, cold and warm`, async () => {
    const caches = [mkdtempSync(path.join(tmpdir(), 'tfgraph-quick-')), mkdtempSync(path.join(tmpdir(), 'tfgraph-quick-'))]
    try {
      const oclif = await run(argv, caches[0]!, 'oclif')
      const cold = await run(argv, caches[1]!, 'bin')
      const warm = await run(argv, caches[1]!, 'bin')
      for (const r of [cold, warm]) {
        assert.is(r.code, oclif.code)
        assert.is(r.stdout, oclif.stdout)
        assert.is(r.stderr, oclif.stderr)
      }
      assert.ok(oclif.stdout.length > 0 || oclif.stderr.length > 0, 'the command printed something')
      // the first line of each command also as processes of their own (fresh caches): the same as in this process
      if (SAME.find((a) => a[0] === argv[0]) === argv) {
        const fresh = [mkdtempSync(path.join(tmpdir(), 'tfgraph-quick-')), mkdtempSync(path.join(tmpdir(), 'tfgraph-quick-'))]
        caches.push(...fresh)
        assert.equal(runProcess(argv, fresh[0]!, 'oclif'), oclif, 'oclif as a process of its own')
        assert.equal(runProcess(argv, fresh[1]!, 'bin'), cold, 'the quick start, cold, as a process of its own')
        assert.equal(runProcess(argv, fresh[1]!, 'bin'), warm, 'the quick start, warm, as a process of its own')
      }
    } finally {
      for (const c of caches) rmSync(c, {recursive: true, force: true})
    }
  })
}

test('`lint --recursive` that finds no root module: one line, exit 1, as the oclif command says it', () => {
  const cache = mkdtempSync(path.join(tmpdir(), 'tfgraph-quick-'))
  try {
    for (const r of [
      runProcess(['lint', 'docs', '--recursive'], cache, 'bin'),
      runProcess(['lint', 'docs', '--recursive', '--format', 'json'], cache, 'bin'),
    ]) {
      assert.is(r.code, 1)
      assert.is(r.stdout, '')
      assert.is(r.stderr, 'Error: no root modules found under docs\n')
    }
  } finally {
    rmSync(cache, {recursive: true, force: true})
  }
})

test('a warm quick start answers from what the oclif command stored, for each command', async () => {
  const cache = mkdtempSync(path.join(tmpdir(), 'tfgraph-quick-'))
  try {
    const entries = () => readdirSync(path.join(cache, 'results'), {recursive: true}).filter((f) => String(f).endsWith('.json')).length
    for (const command of ['lint', 'graph', 'lock', 'config']) {
      const before = readdirSync(cache).length > 0 ? entries() : 0
      const stored = await run([command, rel], cache, 'oclif')
      const after = entries()
      assert.ok(after > before, `${command} stored its output`)
      const warm = await run([command, rel], cache, 'bin')
      assert.is(warm.stdout, stored.stdout)
      assert.is(warm.stderr, stored.stderr)
      assert.is(entries(), after, `the quick start found the entry \`${command}\` stored (one key, one build id)`)
    }
  } finally {
    rmSync(cache, {recursive: true, force: true})
  }
})

/** A copy of the demo to edit, with the cache beside it. */
function scratch(): {dir: string; cache: string; cwd: string; done: () => void} {
  const cwd = mkdtempSync(path.join(tmpdir(), 'tfgraph-quick-edit-'))
  const dir = path.join(cwd, 'demo')
  cpSync(demo, dir, {recursive: true})
  const cache = path.join(cwd, '.cache')
  return {dir, cache, cwd, done: () => rmSync(cwd, {recursive: true, force: true})}
}

/** The first EDITS case's outputs, each way it ran. */
const outputs: {via: string; runs: CliRun[]}[] = []

const EDITS: {what: string; argv: string[]; edit: (dir: string) => void}[] = [
  {
    what: 'a configuration file of the root',
    argv: ['lint', 'demo', '--format', 'compact'],
    edit: (d) => appendFileSync(path.join(d, 'main.tf'), '\nvariable "unused" {\n  type = strin\n}\n'),
  },
  {
    what: 'a file of a called module',
    argv: ['graph', 'demo'],
    edit: (d) => appendFileSync(path.join(d, 'network', 'main.tf'), '\nmodule "extra" {\n  source = "./nowhere"\n}\n'),
  },
  {
    what: 'the lint configuration (.tfgraph.json, new)',
    argv: ['lint', 'demo'],
    edit: (d) => writeFileSync(path.join(d, '.tfgraph.json'), '{"max_warnings": -1}\n'),
  },
  {
    what: "tflint's configuration (.tflint.hcl, new)",
    argv: ['lint', 'demo', '--format', 'json'],
    edit: (d) => writeFileSync(path.join(d, '.tflint.hcl'), 'rule "terraform_required_version" {\n  enabled = false\n}\n'),
  },
  {
    what: 'the lock file (new)',
    argv: ['lock', 'demo'],
    edit: (d) =>
      writeFileSync(
        path.join(d, '.terraform.lock.hcl'),
        'provider "registry.terraform.io/hashicorp/aws" {\n  version     = "5.10.0"\n  constraints = ">= 5.10.0"\n  hashes = []\n}\n',
      ),
  },
  {
    what: 'an override file (new)',
    argv: ['config', 'demo', '--json'],
    edit: (d) => writeFileSync(path.join(d, 'override.tf'), 'variable "region" {\n  default = "eu-west-1"\n}\n'),
  },
]

for (const [i, {what, argv, edit}] of EDITS.entries()) {
  test(`\`${argv.join(' ')}\` after a change to ${what}: never the stored output, what a run without the cache prints`, async () => {
    // the first case in this process and, on a copy of its own, as processes of their own: the same outputs
    for (const via of i === 0 ? (['here', 'process'] as const) : (['here'] as const)) {
      const s = scratch()
      const tfgraph = (a: string[]): Promise<CliRun> | CliRun =>
        via === 'here' ? run(a, s.cache, 'bin', s.cwd) : runProcess(a, s.cache, 'bin', s.cwd)
      try {
        const before = await tfgraph(argv)
        assert.is((await tfgraph(argv)).stdout, before.stdout, 'warm: the same')
        edit(s.dir)
        const after = await tfgraph(argv)
        const fresh = await tfgraph([...argv, '--no-cache'])
        assert.is(after.code, fresh.code)
        assert.is(after.stdout, fresh.stdout)
        assert.is(after.stderr, fresh.stderr)
        assert.ok(after.stdout + after.stderr !== before.stdout + before.stderr, 'the change shows in the output')
        // and the new output is what the next warm run prints
        const next = await tfgraph(argv)
        assert.is(next.stdout, fresh.stdout)
        outputs.push({
          via,
          runs: [before, after, fresh, next].map((r) => ({
            ...r,
            stdout: r.stdout.replaceAll(s.cwd, '<cwd>'),
            stderr: r.stderr.replaceAll(s.cwd, '<cwd>'),
          })),
        })
      } finally {
        s.done()
      }
    }
    if (outputs.length === 2) assert.equal(outputs[1]!.runs, outputs[0]!.runs, 'as processes of their own: the same outputs')
    outputs.length = 0
  })
}

test("a lint output made while the root's own stored findings served it is not reused once a file changes", async () => {
  const s = scratch()
  try {
    // the text run stores the root's findings and its output; the JSON run's output is made from the stored findings
    await run(['lint', 'demo'], s.cache, 'bin', s.cwd)
    const json = ['lint', 'demo', '--format', 'json']
    const before = await run(json, s.cache, 'bin', s.cwd)
    appendFileSync(path.join(s.dir, 'main.tf'), '\nvariable "unused" {\n  type = strin\n}\n')
    const after = await run(json, s.cache, 'bin', s.cwd)
    assert.is.not(after.stdout, before.stdout)
    assert.is(after.stdout, (await run([...json, '--no-cache'], s.cache, 'bin', s.cwd)).stdout)
  } finally {
    s.done()
  }
})

test.run()
