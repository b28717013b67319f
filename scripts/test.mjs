#!/usr/bin/env node
// Runs the uvu suite: every test file in a process of its own (scripts/test-file.mjs, TypeScript through
// tsx), as many at once as the machine has cores, each file's output printed whole and in the files'
// sorted order whatever order they finish in. Ends with the slowest files and the line CI reads:
// `N passed, N failed`.
//
//   node scripts/test.mjs                  every file under test/
//   node scripts/test.mjs lsp rules/tflint  the files whose path contains one of the words (or matches it as a regular expression)
//   node scripts/test.mjs --changed         the files that the changes since main can reach (scripts/test-changed.mjs)
//   node scripts/test.mjs --list            print the files that would run, and stop
//
// TFGRAPH_TEST_JOBS sets the number of files run at once (default: os.availableParallelism()).
// TFGRAPH_TEST_TIMEOUT the seconds one file may take before it is stopped and counted failed (default 600).
// TFGRAPH_TEST_TSX=1 runs each file's TypeScript through tsx; =0 through a compiled mirror of the repository
// made once per run (scripts/test-compile.mjs: about 2.5 s of CPU, then 0.4-0.5 s less per file). Default: the
// mirror when more than MIRROR_FROM files run, tsx for fewer (where compiling everything costs more than it saves).
// TFGRAPH_TEST_CPU=1 (Linux, python3): each file's CPU seconds, every process it started included, also those
// nobody waits for (Chromium's renderers, which /usr/bin/time does not see): the file's process runs under a
// small python3 parent that adopts its orphans (PR_SET_CHILD_SUBREAPER), reaps them all and reads their
// rusage. Printed beside each file's wall time, and at the end every file by CPU with the sum.
import {spawn} from 'node:child_process'
import {fileURLToPath} from 'node:url'
import {mkdtempSync, readFileSync, readdirSync, rmSync} from 'node:fs'
import {availableParallelism, tmpdir} from 'node:os'
import * as path from 'node:path'
import {countSkipLines} from './skip-count.mjs'
import {changedTestFiles} from './test-changed.mjs'
import {compileMirror} from './test-compile.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const entry = path.join(root, 'scripts', 'test-file.mjs')
/** From this many files on, the run compiles the repository once (scripts/test-compile.mjs) instead of each file through tsx. */
const MIRROR_FROM = 6

function usage(message) {
  process.stderr.write(`${message}\nusage: node scripts/test.mjs [--changed] [--list] [PATTERN ...]   (npm test -- PATTERN)\n`)
  process.exit(1)
}

/** Every `*.test.ts` under test/, relative to the repository with `/`, sorted as uvu sorts them. */
function allTestFiles() {
  const found = []
  const walk = (dir) => {
    for (const e of readdirSync(path.join(root, dir), {withFileTypes: true})) {
      const rel = `${dir}/${e.name}`
      if (e.isDirectory()) walk(rel)
      else if (e.name.endsWith('.test.ts')) found.push(rel)
    }
  }
  walk('test')
  return found.sort((a, b) => a.localeCompare(b))
}

function matcher(pattern) {
  let re = null
  try {
    re = new RegExp(pattern, 'i')
  } catch {
    // not a regular expression: a plain substring
  }
  const lower = pattern.toLowerCase()
  return (file) => file.toLowerCase().includes(lower) || (re !== null && re.test(file))
}

async function selectFiles(argv) {
  const flags = new Set(argv.filter((a) => a.startsWith('-')))
  for (const f of flags) if (f !== '--changed' && f !== '--list') usage(`unknown flag: ${f}`)
  const patterns = argv.filter((a) => !a.startsWith('-'))
  let files = allTestFiles()
  if (flags.has('--changed')) {
    let found
    try {
      found = await changedTestFiles(root, files)
    } catch (err) {
      usage(`--changed: cannot tell what changed: ${(err.stderr || err.message || String(err)).toString().trim().split('\n')[0]}`)
    }
    process.stdout.write(`${found.reason}\n`)
    files = found.files
  }
  if (patterns.length) {
    const tests = patterns.map(matcher)
    files = files.filter((f) => tests.some((t) => t(f)))
    if (!files.length) usage(`no test file matches ${patterns.map((p) => JSON.stringify(p)).join(' or ')}`)
  }
  return {files, list: flags.has('--list'), partial: flags.has('--changed') || patterns.length > 0}
}

/**
 * TFGRAPH_TEST_CPU's parent process (python3 -c): made the reaper of every orphan below it, it runs the
 * command, reaps everything until nothing is left, writes the children's user and system seconds (all
 * reaped descendants, orphans included) as JSON to argv[1] and exits as the command did.
 */
const CPU_REAPER = `
import ctypes, json, os, resource, sys
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)
# what was reaped before this script ran (a launcher such as pyenv's shim, whose children count across exec)
before = resource.getrusage(resource.RUSAGE_CHILDREN)
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[2], sys.argv[2:])
code = 1
while True:
    try:
        p, status = os.wait()
    except ChildProcessError:
        break
    if p == pid:
        code = os.waitstatus_to_exitcode(status)
u = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(sys.argv[1], 'w') as f:
    json.dump({'user': u.ru_utime - before.ru_utime, 'sys': u.ru_stime - before.ru_stime}, f)
sys.exit(code if code >= 0 else 128 - code)
`

/** One file in a process of its own; resolves with its output, counts, wall time and peak memory. */
function runFile(file, cacheDir, timeoutMs, mirror, cpu) {
  return new Promise((resolve) => {
    const resultFile = path.join(cacheDir, `result-${file.replace(/[^\w.-]+/g, '_')}.json`)
    const cpuFile = `${resultFile}.cpu`
    // TFGRAPH_TEST_SHARED: a directory of the run's, where test files leave what others may reuse (test/package/install.ts)
    const env = {
      ...process.env,
      NO_COLOR: '1',
      TFGRAPH_CACHE_DIR: path.join(cacheDir, 'cache'),
      TFGRAPH_TEST_RESULT: resultFile,
      TFGRAPH_TEST_SHARED: path.join(cacheDir, 'shared'),
      // where the compiled repository is, for a test that starts one of its TypeScript files as a process (test/helpers/paths.ts)
      TFGRAPH_TEST_MIRROR: mirror ?? '',
    }
    if (!mirror) delete env['TFGRAPH_TEST_MIRROR']
    // one colour switch only: Node warns when NO_COLOR and FORCE_COLOR are both set
    delete env['FORCE_COLOR']
    // a run started by a test (test-runner's) is not measured
    delete env['TFGRAPH_TEST_CPU']
    const started = performance.now()
    const args = mirror ? [entry, path.join(mirror, file.replace(/\.ts$/, '.js'))] : ['--import', 'tsx', entry, file]
    const [command, argv] = cpu ? ['python3', ['-c', CPU_REAPER, cpuFile, process.execPath, ...args]] : [process.execPath, args]
    // under TFGRAPH_TEST_CPU the reaper leads a process group of its own: a timeout ends the whole group
    const child = spawn(command, argv, {cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env, detached: cpu})
    let output = ''
    child.stdout.on('data', (c) => (output += c))
    child.stderr.on('data', (c) => (output += c))
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      try {
        if (cpu && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
        else child.kill('SIGKILL')
      } catch {
        child.kill('SIGKILL')
      }
    }, timeoutMs)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const seconds = (performance.now() - started) / 1000
      let counts = null
      try {
        counts = JSON.parse(readFileSync(resultFile, 'utf8'))
      } catch {
        // the file died before it could say: counted as one failure below
      }
      let cpuSeconds = null
      if (cpu)
        try {
          const c = JSON.parse(readFileSync(cpuFile, 'utf8'))
          cpuSeconds = c.user + c.sys
        } catch {
          // the reaper was stopped (timeout): no figure
        }
      if (timedOut) output += `\n${file}: stopped after ${timeoutMs / 1000} s (TFGRAPH_TEST_TIMEOUT)\n`
      else if (!counts) output += `\n${file}: exited with ${signal ?? `code ${code}`} before reporting its results\n`
      const total = counts && !timedOut ? counts.total : Math.max(1, counts?.total ?? 1)
      const passed = counts && !timedOut ? counts.passed : 0
      const failedProcess = code !== 0 && passed === total
      resolve({
        file,
        output,
        seconds,
        total: failedProcess ? total + 1 : total,
        passed,
        skipped: counts?.skipped ?? 0,
        maxRssMB: counts?.maxRssMB ?? null,
        cpuSeconds,
        ok: code === 0 && counts !== null && !timedOut && passed === total,
      })
    })
  })
}

async function main() {
  const {files, list, partial} = await selectFiles(process.argv.slice(2))
  if (list) {
    process.stdout.write(files.map((f) => `${f}\n`).join(''))
    return 0
  }
  if (!files.length) {
    process.stdout.write('no test file to run\n0 passed, 0 failed\n')
    return 0
  }
  const jobs = Math.max(1, Number(process.env['TFGRAPH_TEST_JOBS']) || availableParallelism())
  const timeoutMs = Math.max(1, Number(process.env['TFGRAPH_TEST_TIMEOUT']) || 600) * 1000
  // a private directory for the parse cache and the result files, so tests neither read nor leave entries in the user's cache
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'tfgraph-test-'))
  const onSignal = () => {
    rmSync(cacheDir, {recursive: true, force: true})
    process.exit(130)
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  const started = performance.now()
  const tsx = process.env['TFGRAPH_TEST_TSX']
  const mirror = tsx === '1' || (tsx !== '0' && files.length < MIRROR_FROM) ? null : path.join(cacheDir, 'mirror')
  if (mirror) await compileMirror(root, mirror)
  const cpu = process.env['TFGRAPH_TEST_CPU'] === '1'
  process.stdout.write(`${files.length} test file${files.length === 1 ? '' : 's'}, ${jobs} at a time${partial ? ' (a selection)' : ''}\n`)

  // the longest files first, so the last minutes are not one slow file alone (order of output is unchanged)
  const order = [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))
  const results = new Map()
  let printed = 0
  const flush = () => {
    while (printed < files.length && results.has(files[printed])) {
      const r = results.get(files[printed++])
      const status = r.ok ? 'ok' : 'FAILED'
      const cpuNote = r.cpuSeconds === null || r.cpuSeconds === undefined ? '' : `, CPU ${r.cpuSeconds.toFixed(1)} s`
      process.stdout.write(
        `\n── ${r.file} (${r.seconds.toFixed(1)} s${cpuNote}, ${r.passed}/${r.total} passed, ${status})\n${r.output.trimEnd()}\n`,
      )
    }
  }
  let next = 0
  const worker = async () => {
    while (next < order.length) {
      const file = order[next++]
      results.set(file, await runFile(file, cacheDir, timeoutMs, mirror, cpu))
      flush()
    }
  }
  await Promise.all(Array.from({length: Math.min(jobs, order.length)}, worker))
  rmSync(cacheDir, {recursive: true, force: true})

  const all = files.map((f) => results.get(f))
  const total = all.reduce((s, r) => s + r.total, 0)
  const passed = all.reduce((s, r) => s + r.passed, 0)
  const skipped = all.reduce((s, r) => s + r.skipped, 0)
  const failedFiles = all.filter((r) => !r.ok)
  const skipLines = all.reduce((s, r) => s + countSkipLines(r.output), 0)
  const wall = (performance.now() - started) / 1000
  const peak = all.reduce((m, r) => Math.max(m, r.maxRssMB ?? 0), 0)
  process.stdout.write(`\nslowest files (wall time of each file's own process, ${jobs} at a time; peak memory of that process):\n`)
  for (const r of [...all].sort((a, b) => b.seconds - a.seconds).slice(0, 10))
    process.stdout.write(`  ${r.seconds.toFixed(1).padStart(6)} s  ${String(r.maxRssMB ?? '?').padStart(5)} MB  ${r.file}\n`)
  process.stdout.write(`${files.length} file${files.length === 1 ? '' : 's'} in ${wall.toFixed(1)} s; largest test process ${peak} MB\n`)
  if (cpu) {
    const measured = all.filter((r) => r.cpuSeconds !== null).sort((a, b) => b.cpuSeconds - a.cpuSeconds)
    const sum = measured.reduce((s, r) => s + r.cpuSeconds, 0)
    process.stdout.write(`\nCPU of each file, every process it started (TFGRAPH_TEST_CPU), ${sum.toFixed(1)} s in all:\n`)
    for (const r of measured)
      process.stdout.write(`  ${r.cpuSeconds.toFixed(2).padStart(7)} s  ${r.seconds.toFixed(1).padStart(6)} s wall  ${r.file}\n`)
  }
  if (failedFiles.length) process.stdout.write(`failed: ${failedFiles.map((r) => r.file).join(', ')}\n`)
  // uvu's Total leaves skipped tests out; each part skipped for want of something (../shared, pre-commit, …) says so in a SKIP line
  process.stdout.write(
    `${passed} passed, ${total - passed} failed${skipped || skipLines ? `, ${skipped} skipped (${skipLines} ${skipLines === 1 ? 'part' : 'parts'}, each listed above as SKIP with its reason)` : ''}\n`,
  )
  return failedFiles.length === 0 && passed === total ? 0 : 1
}

/** Files known to take longest start first (longest first, so the two lanes end together); the rest keep their order. */
function weight(file) {
  // CPU seconds of each file, every process it started (TFGRAPH_TEST_CPU=1), in the sixth session's run of
  // 2026-12-02 (BENCHMARKS.md), after its cuts; test-runner and lsp/protocol by their wall time (they wait on
  // timers). Files not named took under 7.5 s. Only the order matters: a stale figure costs minutes, never a result.
  const heavy = {
    'render/graph-html-browser': 114,
    'render/graph-html-after-search': 50,
    'lsp/edit-property': 30,
    'format.test': 29,
    'reliability/safety': 22,
    'package/pre-commit': 22,
    'cli/parser-equality': 17,
    'reliability/fuzz': 15,
    'test-runner': 15,
    'cli/startup': 13,
    'reliability/adversarial': 11,
    'cli/state': 11,
    'cli/quick-commands': 10,
    'cli/in-process': 9.6,
    'render/graph-svg-browser': 9.4,
    'hcl/native-tree': 9.4,
    'cli/graph.test': 9.1,
    'hcl/parse-pool': 8,
    'export/corpus': 8.2,
    'export/escaping': 7.9,
    'package/github-action': 7.8,
    'layers.test': 7.6,
    'lsp/protocol': 7,
  }
  for (const [h, seconds] of Object.entries(heavy)) if (file.includes(h)) return seconds
  return 0
}

process.exitCode = await main()
