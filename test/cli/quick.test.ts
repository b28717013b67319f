// The quick start of `tfgraph providers` (src/cli/quick.ts, before oclif loads) reads the command lines
// it takes exactly as oclif does (the same results-cache key), leaves every other one to oclif, and
// prints what the oclif command prints, byte for byte, exit code included, cold and warm.
import {spawnSync} from 'node:child_process'
import {mkdtempSync, readdirSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {pathToFileURL} from 'node:url'
import {Parser} from '@oclif/core'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import Providers from '../../commands/providers.js'
import {providersInputs, providersKey} from '../../src/cli/providers-run.js'
import {PROVIDERS_SUBCOMMANDS, quickArgs, type QuickLine} from '../../src/cli/quick.js'
import {runCli} from '../helpers/cli.js'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

const demo = path.join(fixturesDir, 'providers/demo')
const quickProvidersArgs = (argv: string[], env: NodeJS.ProcessEnv) =>
  quickArgs('providers', argv, env) as Extract<QuickLine, {command: 'providers'}> | undefined

test('the subcommands the quick start leaves to oclif are those of commands/providers/', () => {
  const own = readdirSync(path.join(repoRoot, 'commands/providers'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.slice(0, -3))
    .sort()
  assert.equal([...PROVIDERS_SUBCOMMANDS].sort(), own)
})

const TAKEN: string[][] = [
  [],
  [demo],
  [demo, '--json'],
  ['--json', demo, '--requirements'],
  [demo, '--resource', 'module.network.module.subnet.aws_subnet.private'],
  [demo, '--resource=aws_s3_bucket.*', '--provider', 'hashicorp/aws'],
  [demo, '--module', 'module.network', '--engine', 'opentofu', '--no-color'],
  [demo, '--engine=terraform', '--tests', '--test-directory', 'checks'],
  [demo, '--verbose', '--no-cache', '--no-progress'],
]

for (const argv of TAKEN) {
  test(`quick start reads \`providers ${argv.join(' ')}\` as oclif does`, async () => {
    const q = quickProvidersArgs(argv, {})
    assert.ok(q, 'the quick start takes it')
    assert.is(q.command, 'providers')
    const {args, flags} = await Parser.parse(argv, {flags: Providers.flags, args: Providers.args, strict: true})
    const color = q.inputs.color
    assert.equal(providersKey(q.inputs), providersKey(providersInputs(args['dir'] as string, flags as never, color)))
    assert.is(q.noCache, flags['no-cache'] === true)
    assert.is(q.noProgress, flags['no-progress'] === true)
    assert.is(q.noColor, flags['no-color'] === true)
  })
}

const LEFT: string[][] = [
  ['--help'],
  ['-h'],
  [demo, '--var', 'a=b'],
  [demo, '--plan', 'plan.json'],
  [demo, '--max-files', '10'],
  [demo, '--parser', 'hcl2json'],
  [demo, '--jobs', '2'],
  [demo, '--json', '--json'],
  [demo, demo],
  ['diff', demo, demo],
  [demo, '--engine', 'pulumi'],
  [demo, '--resource'],
  [demo, '--resource', '--json'],
  [demo, '--resource='],
  [demo, '--json=yes'],
  [demo, '--'],
  [demo, '--jsn'],
]

for (const argv of LEFT) {
  test(`quick start leaves \`providers ${argv.join(' ')}\` to oclif`, () => {
    assert.is(quickProvidersArgs(argv, {}), undefined)
  })
}

test('quick start leaves a run with TFGRAPH_PARSER or DEBUG set to oclif', () => {
  assert.is(quickProvidersArgs([demo], {TFGRAPH_PARSER: 'hcl2json'}), undefined)
  assert.is(quickProvidersArgs([demo], {DEBUG: 'tfgraph'}), undefined)
  assert.ok(quickProvidersArgs([demo], {}))
})

/** As a process of its own: `node bin/run.cjs providers ARGV`, or the oclif command itself, as bin/run.cjs runs every command line the quick start does not take. */
function runProcess(argv: string[], cache: string, via: 'bin' | 'oclif') {
  const env: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1', TFGRAPH_CACHE_DIR: cache}
  delete env['TF_DATA_DIR']
  const bin = path.join(repoRoot, 'bin/run.cjs')
  const oclif = `const {runOclif} = await import(${JSON.stringify(pathToFileURL(path.join(repoRoot, 'bin/oclif-run.js')).href)}); await runOclif(${JSON.stringify(['providers', ...argv])}, ${JSON.stringify(pathToFileURL(bin).href)})`
  const args = via === 'bin' ? [bin, 'providers', ...argv] : ['--input-type=module', '-e', oclif]
  const r = spawnSync(process.execPath, args, {encoding: 'utf8', env, cwd: repoRoot})
  return {code: r.status, stdout: r.stdout, stderr: r.stderr}
}

/** The same in this process (test/helpers/cli.ts): the quick start as bin/run.cjs runs it, or the oclif command. */
function run(argv: string[], cache: string, via: 'bin' | 'oclif') {
  return runCli(['providers', ...argv], {env: {TFGRAPH_CACHE_DIR: cache, TF_DATA_DIR: undefined}, oclif: via === 'oclif'})
}

const SAME: string[][] = [
  [path.relative(repoRoot, demo)],
  [path.relative(repoRoot, demo), '--json'],
  [path.relative(repoRoot, demo), '--requirements'],
  [path.relative(repoRoot, demo), '--resource', 'module.network.module.subnet.aws_subnet.private'],
  [path.relative(repoRoot, demo), '--resource', 'aws_nothing.here'],
  ['fixtures/providers/missing-alias'],
  ['fixtures/providers/registry-modules', '--verbose'],
  ['fixtures/providers/legacy', '--no-cache'],
]

for (const argv of SAME) {
  test(`\`providers ${argv.join(' ')}\`: the quick start prints what oclif prints, cold and warm`, async () => {
    const caches = [mkdtempSync(path.join(tmpdir(), 'tfgraph-quick-')), mkdtempSync(path.join(tmpdir(), 'tfgraph-quick-'))]
    try {
      const oclif = await run(argv, caches[0]!, 'oclif')
      const cold = await run(argv, caches[1]!, 'bin')
      const warm = await run(argv, caches[1]!, 'bin')
      // --verbose ends with a line about the run (how many files, in how many ms): compared without it
      const steady = (s: string) => s.replace(/^tfgraph: \d+ files read in \d+ ms.*\n/m, '')
      for (const r of [cold, warm]) {
        assert.is(r.code, oclif.code)
        assert.is(r.stdout, oclif.stdout)
        assert.is(steady(r.stderr), steady(oclif.stderr))
      }
      assert.ok(oclif.stdout.length > 0 || oclif.stderr.length > 0, 'the command printed something')
      // the first line also as processes of their own (fresh caches): the same as in this process
      if (argv === SAME[0]) {
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

test('a warm quick start answers from what the oclif command stored, and the other way round', async () => {
  const cache = mkdtempSync(path.join(tmpdir(), 'tfgraph-quick-'))
  try {
    const argv = [path.relative(repoRoot, demo), '--json']
    const stored = await run(argv, cache, 'oclif')
    const entries = () => readdirSync(path.join(cache, 'results'), {recursive: true}).filter((f) => String(f).endsWith('.json')).length
    assert.is(entries(), 1)
    assert.is((await run(argv, cache, 'bin')).stdout, stored.stdout)
    assert.is(entries(), 1, 'the quick start found the entry the command stored (one key, one build id)')
  } finally {
    rmSync(cache, {recursive: true, force: true})
  }
})

test.run()
