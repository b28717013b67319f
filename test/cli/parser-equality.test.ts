// The whole pipeline gives the same output with either parser of native-syntax files (TFGRAPH_PARSER=tfgraph,
// the default, and TFGRAPH_PARSER=hcl2json, the reference): `lint --format json` and `providers --json`
// through the real CLI (dist/), on every fixture root module, five root modules of ../shared/corpus and one
// of its repositories. The command lines run in this process (test/helpers/cli.ts: the reference parser's
// WebAssembly loaded once, not once per command line); the first with each parser also as a process of its own.
// scripts/parser-equality.mjs does the same for every repository and root module of the corpus.
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {findRootModules, RunContext} from '../helpers/internal.js'
import {checkedRunner, type CliRun} from '../helpers/cli.js'
import {fixturesDir, hasShared, repoRoot, sharedDir} from '../helpers/paths.js'

/** One runner a parser, so that the first command line of each is also run as a process of its own (runCliChecked). */
const runners = {tfgraph: checkedRunner(), hcl2json: checkedRunner()}

async function run(args: readonly string[], parser: 'tfgraph' | 'hcl2json'): Promise<CliRun> {
  const cacheDir = mkdtempSync(path.join(tmpdir(), `tfgraph-parser-equality-${parser}-`))
  try {
    return await runners[parser](args, {
      env: {TFGRAPH_PARSER: parser, TFGRAPH_NO_CACHE: '1', TFGRAPH_CACHE_DIR: cacheDir, TF_DATA_DIR: undefined, FORCE_COLOR: undefined},
    })
  } finally {
    rmSync(cacheDir, {recursive: true, force: true})
  }
}

function firstLineDiff(a: string, b: string): string {
  const la = a.split('\n')
  const lb = b.split('\n')
  for (let i = 0; i < Math.max(la.length, lb.length); i++)
    if (la[i] !== lb[i]) return `line ${i + 1}\n    tfgraph:  ${la[i] ?? '(end)'}\n    hcl2json: ${lb[i] ?? '(end)'}`
  return '(line endings)'
}

/** Each command with both parsers, one after another (one command line at a time in this process); the differences, one line or three each. */
async function differences(commands: readonly (readonly string[])[]): Promise<string[]> {
  const out: string[] = []
  for (const args of commands) {
    const [a, b] = [await run(args, 'tfgraph'), await run(args, 'hcl2json')]
    const label = args.map((x) => path.relative(repoRoot, x) || x).join(' ')
    if (a.code !== b.code) out.push(`${label}: exit code tfgraph ${a.code}, hcl2json ${b.code}`)
    if (a.stdout !== b.stdout) out.push(`${label}: stdout differs at ${firstLineDiff(a.stdout, b.stdout)}`)
    if (a.stderr !== b.stderr) out.push(`${label}: stderr differs at ${firstLineDiff(a.stderr, b.stderr)}`)
    if (a.stdout === '') out.push(`${label}: no output (exit ${a.code}): ${a.stderr.trim().split('\n')[0] ?? ''}`)
  }
  return out
}

test('fixtures: lint --recursive --format json (every root module) and providers --json are identical with either parser', async () => {
  // the small one first: the first command line of each parser is also run as a process of its own
  const diffs = await differences([
    ['providers', path.join(fixturesDir, 'providers/demo'), '--json'],
    ['providers', path.join(fixturesDir, 'providers/provider-functions'), '--json'],
    ['lint', fixturesDir, '--recursive', '--format', 'json'],
  ])
  assert.ok(diffs.length === 0, `${diffs.length} differences:\n${diffs.join('\n')}`)
})

if (hasShared('parser equality: five root modules of the corpus', 'corpus')) {
  test('corpus: providers --json of five root modules, lint of one repository, identical with either parser', async () => {
    const corpus = path.join(sharedDir, 'corpus')
    const context = new RunContext({cache: false})
    const roots = await findRootModules(context, corpus)
    await context.close()
    assert.ok(roots.length >= 5, `only ${roots.length} root modules in the corpus`)
    const sample = [0, 1, 2, 3, 4].map((i) => roots[Math.floor(((i + 0.5) * roots.length) / 5)]!)
    const diffs = await differences([
      ['lint', path.join(corpus, 'terraform-aws-modules__terraform-aws-vpc'), '--recursive', '--format', 'json'],
      ...sample.map((d) => ['providers', d, '--json']),
    ])
    assert.ok(diffs.length === 0, `${diffs.length} differences:\n${diffs.join('\n')}`)
  })
}

test.run()
