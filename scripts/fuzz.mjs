#!/usr/bin/env node
// `npm run fuzz`: the long fuzz run of issue #8 and the heavy adversarial cases.
//
//   npm run fuzz                          10,000 cases, random seed, 2 processes, then the heavy cases
//   npm run fuzz -- --seed 42 --runs 500  a given seed and size
//   npm run fuzz -- --seed 42 --case 317  replay one case (what a failure report prints)
//   npm run fuzz -- --no-heavy | --heavy-only | --jobs 1 | --keep DIR
//
// Cases come from test/reliability/fuzz-runner.ts (fast-check, fixtures and the shared corpus, every
// command in-process, every 200th case also through the real CLI). A runner that crashes or hangs is
// reported with its case (seed, case number, mutations, the tree kept under --keep) and restarted after
// that case. Prints the seed first and a summary last; exits 1 on any failure.
import {spawn, spawnSync} from 'node:child_process'
import {cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const runner = path.join(root, 'test/reliability/fuzz-runner.ts')
const heavy = path.join(root, 'test/reliability/heavy.ts')

const argv = process.argv.slice(2)
const opt = (name, fallback) => {
  const i = argv.indexOf(name)
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback
}
const seed = Number(opt('--seed', String(Math.floor(Math.random() * 2 ** 31))))
const runs = Number(opt('--runs', '10000'))
const jobs = Math.max(1, Number(opt('--jobs', '2')))
const only = opt('--case', undefined)
const keep = path.resolve(opt('--keep', path.join(tmpdir(), 'tfgraph-fuzz-failures')))
const cliEvery = opt('--cli-every', '200')
const hangMs = Number(opt('--hang-seconds', '600')) * 1000
const withHeavy = !argv.includes('--no-heavy') && only === undefined
const fuzz = !argv.includes('--heavy-only')

console.log(
  fuzz
    ? `tfgraph fuzz: seed ${seed}${only !== undefined ? `, case ${only}` : `, ${runs} cases in ${jobs} process${jobs === 1 ? '' : 'es'}`}`
    : 'tfgraph fuzz: heavy cases only',
)
const build = spawnSync('npm', ['run', 'build', '--silent'], {cwd: root, stdio: 'inherit'})
if (build.status !== 0) process.exit(1)

const started = Date.now()
const failures = []
let cases = 0
let maxRssMb = 0
const commandMs = {}

function report(e) {
  failures.push(e)
  console.log(`\nFAILURE seed ${e.seed} case ${e.case}${e.kind ? ` (${e.kind})` : ''}`)
  for (const m of e.mutations ?? []) console.log(`  ${m}`)
  for (const v of e.violations ?? []) console.log(`  ${v.command}: ${v.property}: ${String(v.detail).slice(0, 1500)}`)
  if (e.kept) console.log(`  tree: ${e.kept}`)
  console.log(`  replay: npm run fuzz -- --seed ${e.seed} --case ${e.case}`)
}

/** Runs one shard from case `from`; resolves when it has finished (restarting after a crash or hang). */
function shard(index, from) {
  return new Promise((resolve) => {
    const work = mkdtempSync(path.join(tmpdir(), 'tfgraph-fuzz-shard-'))
    const progress = path.join(work, 'progress.json')
    const args = [
      '--max-old-space-size=4096',
      '--import',
      'tsx',
      runner,
      '--seed',
      String(seed),
      '--runs',
      String(runs),
      '--scale',
      'full',
      '--corpus',
      '--cli-every',
      cliEvery,
      '--progress',
      progress,
      '--keep',
      keep,
    ]
    if (only !== undefined) args.push('--case', only)
    else args.push('--shard', `${index}/${jobs}`, '--from', String(from))
    const child = spawn(process.execPath, args, {cwd: root, stdio: ['ignore', 'pipe', 'pipe']})
    let buffer = ''
    let done = false
    let stderr = ''
    let lastCase = -1
    let lastChange = Date.now()
    child.stdout.on('data', (chunk) => {
      buffer += chunk.toString()
      let nl
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + 1)
        let e
        try {
          e = JSON.parse(line)
        } catch {
          continue
        }
        if (e.event === 'failure' || e.event === 'replay') {
          if (e.event === 'replay' || e.violations.length > 0) report(e)
        } else if (e.event === 'done') {
          done = true
          cases += e.cases
          maxRssMb = Math.max(maxRssMb, e.maxRssMb)
          for (const [k, v] of Object.entries(e.commandMs)) commandMs[k] = (commandMs[k] ?? 0) + v
        }
      }
    })
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk.toString()).slice(-20000)
    })
    const readProgress = () => {
      try {
        return JSON.parse(readFileSync(progress, 'utf8'))
      } catch {
        return undefined
      }
    }
    const watchdog = setInterval(() => {
      const p = readProgress()
      if (p && p.case !== lastCase) {
        if (only === undefined && Math.floor(p.case / 500) > Math.floor(Math.max(0, lastCase) / 500))
          process.stdout.write(`  … shard ${index}: case ${p.case} (${Math.round((Date.now() - started) / 1000)} s)\n`)
        lastCase = p.case
        lastChange = Date.now()
      } else if (Date.now() - lastChange > hangMs) {
        child.kill('SIGKILL')
      }
    }, 2000)
    child.on('close', (code, signal) => {
      clearInterval(watchdog)
      if (done) {
        rmSync(work, {recursive: true, force: true})
        resolve()
        return
      }
      // crashed or hung: report the case it was on, keep its tree, go on after it
      const p = readProgress()
      const hung = Date.now() - lastChange > hangMs
      let kept
      if (p && existsSync(p.dir)) {
        kept = path.join(keep, `seed-${seed}-case-${p.case}`)
        mkdirSync(keep, {recursive: true})
        cpSync(p.dir, kept, {recursive: true, verbatimSymlinks: true})
      }
      report({
        seed,
        case: p?.case ?? '?',
        kind: hung ? 'hang' : `crash: exit ${code}${signal ? `, ${signal}` : ''}`,
        mutations: p?.mutations,
        violations: [{command: '*', property: hung ? 'no hang' : 'no crash', detail: stderr.slice(-3000)}],
        kept,
      })
      cases += 1
      rmSync(work, {recursive: true, force: true})
      if (p && only === undefined && p.case + 1 < runs) shard(index, p.case + 1).then(resolve)
      else resolve()
    })
  })
}

if (fuzz) {
  await Promise.all(Array.from({length: only !== undefined ? 1 : jobs}, (_, i) => shard(i, 0)))
  const secs = Math.round((Date.now() - started) / 1000)
  console.log(
    `\nfuzz: ${cases} cases, seed ${seed}, ${secs} s, ${failures.length} failure${failures.length === 1 ? '' : 's'}, peak RSS of a runner ${maxRssMb} MB`,
  )
  console.log(
    `  in-process time per command (all cases): ${Object.entries(commandMs)
      .map(([k, v]) => `${k} ${Math.round(v / 1000)} s`)
      .join(', ')}`,
  )
}

if (withHeavy) {
  console.log('\nheavy cases (each in its own process):')
  // streamed: each case prints its line when it ends
  const lines = []
  await new Promise((resolve) => {
    const h = spawn(process.execPath, ['--import', 'tsx', heavy, ...argv.filter((a) => a.startsWith('heavy:')).map((a) => a.slice(6))], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let buffer = ''
    h.stdout.on('data', (chunk) => {
      buffer += chunk.toString()
      let nl
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + 1)
        if (line.startsWith('{')) showHeavy(line)
        lines.push(line)
      }
    })
    h.on('close', resolve)
  })
}

/** One heavy case's line: its figures, and any violation. */
function showHeavy(line) {
  const e = JSON.parse(line)
  const ok = !e.crashed && (e.violations ?? []).length === 0
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${e.name}: ${e.what}`)
  if (e.bytes !== undefined)
    console.log(
      `       ${(e.bytes / 1e6).toFixed(1)} MB input, built in ${e.buildMs} ms, ran in ${e.ms} ms, peak RSS ${e.maxRssMb} MB; ${e.outcome}`,
    )
  if (!ok)
    failures.push({seed: 'heavy', case: e.name, violations: e.violations ?? [{command: '*', property: 'no crash', detail: e.stderr}]})
  for (const v of e.violations ?? []) console.log(`       ${v.command}: ${v.property}: ${String(v.detail).slice(0, 800)}`)
  if (e.crashed) console.log(`       crashed: status ${e.status}, signal ${e.signal}\n${e.stderr}`)
}

console.log(
  `\n${failures.length === 0 ? 'no failures' : `${failures.length} failure${failures.length === 1 ? '' : 's'}`} (seed ${seed}, ${Math.round((Date.now() - started) / 1000)} s)`,
)
process.exit(failures.length === 0 ? 0 : 1)
