// The whole pipeline gives the same output with either parser of native-syntax files (TFGRAPH_PARSER=tfgraph,
// the default, and TFGRAPH_PARSER=hcl2json, the reference): `lint --format json` and `providers --json`
// through the real CLI (dist/), on every fixture root module, five root modules of ../shared/corpus and one
// of its repositories.
// scripts/parser-equality.mjs does the same for every repository and root module of the corpus.
import {spawn} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {findRootModules, RunContext} from '../helpers/internal.js'
import {fixturesDir, hasShared, repoRoot, sharedDir} from '../helpers/paths.js'

interface Run {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

function run(args: readonly string[], parser: 'tfgraph' | 'hcl2json'): Promise<Run> {
  const cacheDir = mkdtempSync(path.join(tmpdir(), `tfgraph-parser-equality-${parser}-`))
  const env: NodeJS.ProcessEnv = {...process.env, TFGRAPH_PARSER: parser, TFGRAPH_NO_CACHE: '1', TFGRAPH_CACHE_DIR: cacheDir, NO_COLOR: '1'}
  delete env['TF_DATA_DIR']
  delete env['FORCE_COLOR']
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'bin/run.js'), ...args], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (c: Buffer) => out.push(c))
    child.stderr.on('data', (c: Buffer) => err.push(c))
    child.on('error', reject)
    child.on('close', (code) => {
      rmSync(cacheDir, {recursive: true, force: true})
      resolve({code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8')})
    })
  })
}

function firstLineDiff(a: string, b: string): string {
  const la = a.split('\n')
  const lb = b.split('\n')
  for (let i = 0; i < Math.max(la.length, lb.length); i++)
    if (la[i] !== lb[i]) return `line ${i + 1}\n    tfgraph:  ${la[i] ?? '(end)'}\n    hcl2json: ${lb[i] ?? '(end)'}`
  return '(line endings)'
}

/** Each command with both parsers, two commands at a time; the differences, one line or three each. */
async function differences(commands: readonly (readonly string[])[]): Promise<string[]> {
  const out: string[] = []
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < commands.length) {
      const args = commands[next++]!
      const [a, b] = [await run(args, 'tfgraph'), await run(args, 'hcl2json')]
      const label = args.map((x) => path.relative(repoRoot, x) || x).join(' ')
      if (a.code !== b.code) out.push(`${label}: exit code tfgraph ${a.code}, hcl2json ${b.code}`)
      if (a.stdout !== b.stdout) out.push(`${label}: stdout differs at ${firstLineDiff(a.stdout, b.stdout)}`)
      if (a.stderr !== b.stderr) out.push(`${label}: stderr differs at ${firstLineDiff(a.stderr, b.stderr)}`)
      if (a.stdout === '') out.push(`${label}: no output (exit ${a.code}): ${a.stderr.trim().split('\n')[0] ?? ''}`)
    }
  }
  await Promise.all([worker(), worker()])
  return out
}

test('fixtures: lint --recursive --format json (every root module) and providers --json are identical with either parser', async () => {
  const diffs = await differences([
    ['lint', fixturesDir, '--recursive', '--format', 'json'],
    ['providers', path.join(fixturesDir, 'providers/demo'), '--json'],
    ['providers', path.join(fixturesDir, 'providers/provider-functions'), '--json'],
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
