// The fuzzer: fast-check generates cases (a real tree and up to three mutations) from a seed; each case
// is written to a temporary directory and every command of COMMANDS runs on it in-process (some cases
// also through the real CLI), checked against the properties in properties.ts. One JSON line per
// event on stdout; the case being run is written to --progress before it starts, so a crash or hang
// of this process still names its case. Replay: the same --seed and --case K.
//
//   node --import tsx test/reliability/fuzz-runner.ts --seed 42 --runs 1000 [--shard 0/2] [--case K] [--from K]
//        [--scale quick|full] [--corpus] [--cli-every N] [--cli-lists N] [--progress FILE] [--keep DIR] [--replay DIR]
import {cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import fc from 'fast-check'
import {COMMANDS, type CommandOutcome, type RunContext} from './commands.js'
import {applyCase, caseArb, loadBases, writeTree, type FuzzCase} from './mutate.js'
import {checkOutcome, runCli, treeBytes, type Violation} from './properties.js'
import {treeFingerprint} from './tree-hash.js'

interface Options {
  seed: number
  runs: number
  shard: [number, number]
  only: number | undefined
  from: number
  cliLists: number
  scale: 'quick' | 'full'
  corpus: boolean
  cliEvery: number
  progress: string | undefined
  keep: string | undefined
  replay: string | undefined
}

function parseArgs(argv: readonly string[]): Options {
  const o: Options = {
    seed: Math.floor(Math.random() * 2 ** 31),
    runs: 100,
    shard: [0, 1],
    only: undefined,
    from: 0,
    cliLists: Infinity,
    scale: 'quick',
    corpus: false,
    cliEvery: 0,
    progress: undefined,
    keep: undefined,
    replay: undefined,
  }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    const v = (): string => {
      const x = argv[++i]
      if (x === undefined) throw new Error(`${a} needs a value`)
      return x
    }
    if (a === '--seed') o.seed = Number(v())
    else if (a === '--runs') o.runs = Number(v())
    else if (a === '--case') o.only = Number(v())
    else if (a === '--from') o.from = Number(v())
    else if (a === '--cli-lists') o.cliLists = Number(v())
    else if (a === '--shard') {
      const [k, n] = v().split('/').map(Number)
      o.shard = [k ?? 0, n ?? 1]
    } else if (a === '--scale') o.scale = v() === 'full' ? 'full' : 'quick'
    else if (a === '--corpus') o.corpus = true
    else if (a === '--cli-every') o.cliEvery = Number(v())
    else if (a === '--progress') o.progress = v()
    else if (a === '--keep') o.keep = v()
    else if (a === '--replay') o.replay = v()
    else throw new Error(`unknown option ${a}`)
  }
  return o
}

function emit(event: object): void {
  process.stdout.write(JSON.stringify(event) + '\n')
}

/** Runs every command on `dir` in-process (and, when asked, through the CLI); returns the violations. */
export async function checkTree(
  dir: string,
  ctx: RunContext,
  opts: {cli: boolean; cliLists?: number; determinism: boolean},
): Promise<{violations: Violation[]; ms: Record<string, number>}> {
  const violations: Violation[] = []
  const ms: Record<string, number> = {}
  const bytes = treeBytes(dir)
  const before = treeFingerprint(dir)
  for (const spec of COMMANDS) {
    const t = performance.now()
    let outcome: CommandOutcome | undefined
    try {
      outcome = await spec.inProcess(dir, ctx)
    } catch (e) {
      violations.push({command: spec.name, property: 'no exception', detail: e instanceof Error ? (e.stack ?? e.message) : String(e)})
    }
    const elapsed = performance.now() - t
    ms[spec.name] = Math.round(elapsed)
    if (outcome) violations.push(...checkOutcome(outcome, dir, elapsed, bytes))
    if (outcome && opts.determinism) {
      try {
        const again = await spec.inProcess(dir, ctx)
        if (JSON.stringify(again.json) !== JSON.stringify(outcome.json) || JSON.stringify(again.text) !== JSON.stringify(outcome.text))
          violations.push({command: spec.name, property: 'deterministic output', detail: 'a second run printed something else'})
      } catch (e) {
        violations.push({
          command: spec.name,
          property: 'no exception',
          detail: `second run: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
        })
      }
    }
    if (opts.cli) violations.push(...runCli(spec, dir, ctx, bytes, undefined, opts.cliLists))
  }
  if (treeFingerprint(dir) !== before)
    violations.push({command: '*', property: 'the analysed tree is unchanged', detail: 'files changed during the run'})
  return {violations, ms}
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2))
  const work = mkdtempSync(path.join(tmpdir(), 'tfgraph-fuzz-'))
  process.env['TFGRAPH_CACHE_DIR'] = path.join(work, 'cache') // every run context of this process uses it
  let unexpected: string | undefined
  process.on('unhandledRejection', (e) => {
    unexpected = `unhandled rejection: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`
  })
  if (o.replay) {
    const {violations, ms} = await checkTree(o.replay, {}, {cli: o.cliEvery > 0, determinism: true})
    emit({event: 'replay', dir: o.replay, violations, ms})
    rmSync(work, {recursive: true, force: true})
    process.exitCode = violations.length > 0 ? 1 : 0
    return
  }
  const bases = loadBases({corpus: o.corpus})
  const cases: FuzzCase[] = fc.sample(caseArb(bases.length, o.scale), {seed: o.seed, numRuns: o.only !== undefined ? o.only + 1 : o.runs})
  emit({
    event: 'start',
    seed: o.seed,
    runs: o.runs,
    shard: `${o.shard[0]}/${o.shard[1]}`,
    bases: bases.length,
    scale: o.scale,
    corpus: o.corpus,
  })
  const started = Date.now()
  let done = 0
  let failures = 0
  let maxRss = 0
  const totals: Record<string, number> = {}
  for (let k = 0; k < cases.length; k++) {
    if (o.only !== undefined ? k !== o.only : k < o.from || k % o.shard[1] !== o.shard[0]) continue
    const c = cases[k]!
    const tree = applyCase(bases, c)
    const caseDir = path.join(work, `case-${k}`)
    const dir = path.join(caseDir, 'tree')
    mkdirSync(dir, {recursive: true})
    writeTree(dir, tree)
    const baseLock = bases[c.base % bases.length]!.files.get('.terraform.lock.hcl')
    let ctx: RunContext = {}
    if (baseLock) {
      mkdirSync(path.join(caseDir, 'baseline'))
      writeFileSync(path.join(caseDir, 'baseline', '.terraform.lock.hcl'), baseLock)
      ctx = {baseline: path.join(caseDir, 'baseline')}
    }
    if (o.progress) writeFileSync(o.progress, JSON.stringify({seed: o.seed, case: k, mutations: tree.log, dir: caseDir}) + '\n')
    const cli = o.cliEvery > 0 && k % o.cliEvery === 0
    const {violations, ms} = await checkTree(dir, ctx, {cli, cliLists: o.cliLists, determinism: k % 10 === 0})
    for (const [name, t] of Object.entries(ms)) totals[name] = (totals[name] ?? 0) + t
    if (unexpected) {
      violations.push({command: '*', property: 'no unhandled rejection', detail: unexpected})
      unexpected = undefined
    }
    const rss = process.memoryUsage().rss
    maxRss = Math.max(maxRss, rss)
    if (rss > 3 * 1024 ** 3)
      violations.push({
        command: '*',
        property: 'memory stays bounded',
        detail: `resident set ${Math.round(rss / 2 ** 20)} MB after the case`,
      })
    done++
    if (violations.length > 0) {
      failures++
      let kept: string | undefined
      if (o.keep) {
        kept = path.join(o.keep, `seed-${o.seed}-case-${k}`)
        mkdirSync(o.keep, {recursive: true})
        cpSync(caseDir, kept, {recursive: true, verbatimSymlinks: true})
      }
      emit({
        event: 'failure',
        seed: o.seed,
        case: k,
        mutations: tree.log,
        violations,
        ...(kept ? {kept} : {}),
        replay: `npm run fuzz -- --seed ${o.seed} --case ${k}`,
      })
    }
    rmSync(caseDir, {recursive: true, force: true})
  }
  emit({
    event: 'done',
    seed: o.seed,
    cases: done,
    failures,
    ms: Date.now() - started,
    maxRssMb: Math.round(maxRss / 2 ** 20),
    commandMs: totals,
  })
  rmSync(work, {recursive: true, force: true})
  process.exitCode = failures > 0 ? 1 : 0
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) await main()
