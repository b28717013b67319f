#!/usr/bin/env node
// A long-running `tfgraph lsp` over the whole cloud-foundation-fabric repository (../shared/corpus), driven
// over stdio as the tests drive it (issue #49's "Done when"): a few files opened in different roots, a few
// hundred edits (each waits for the edited file's diagnostics), hovers between them, and requests for files
// outside the workspace folder — one that does not exist (`x.tf` in a directory of the system's temporary
// directory that is never made) and one in a directory of its
// own beside others. Prints the server's RSS over time (read from /proc) and checks:
//   - RSS stays under 400 MB all along (sampled every SOAK_SAMPLE_MS, default 250);
//   - no request for a file outside the folder is answered by crawling: the missing file's answer is
//     immediate and opens nothing; the existing one's directory is searched alone (1 directory listed)
//     and closed once the request is answered.
// Before the edits, a hover on the first block of main.tf in SOAK_SPREAD directories (default 60), not open.
// Bounded: at most SOAK_EDITS edits (default 300) and SOAK_SECONDS seconds (default 300) of editing; each
// wait at most 60 s. Exit code 1 when a check fails. Usage: npm run build && node scripts/lsp-soak.mjs
import {spawn} from 'node:child_process'
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {cpus, loadavg, tmpdir, totalmem} from 'node:os'
import * as path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  WorkDoneProgressCreateRequest,
} from 'vscode-languageserver-protocol/node'

const repo = fileURLToPath(new URL('..', import.meta.url))
const shared = process.env.TFGRAPH_SHARED ?? path.resolve(repo, '..', 'shared')
const fabric = path.join(shared, 'corpus', 'GoogleCloudPlatform__cloud-foundation-fabric')
const bin = path.join(repo, 'bin', 'run.cjs')
const EDITS = Number(process.env.SOAK_EDITS ?? 300)
const SECONDS = Number(process.env.SOAK_SECONDS ?? 300)
const SAMPLE_MS = Number(process.env.SOAK_SAMPLE_MS ?? 250)
const LIMIT_MB = 400
const SPREAD = Number(process.env.SOAK_SPREAD ?? 60)
const WAIT_MS = 60_000
// files in different roots (and a module several roots call)
const FILES = [
  'fast/stages/0-org-setup/main.tf',
  'fast/stages/2-networking/main.tf',
  'fast/stages/2-project-factory/main.tf',
  'modules/net-vpc/main.tf',
  'modules/project/main.tf',
].map((f) => path.join(fabric, f))
if (!existsSync(FILES[0])) {
  console.log(`SKIP lsp-soak: ${FILES[0]} not found (needs ../shared)`)
  process.exit(0)
}

const uri = (f) => pathToFileURL(f).toString()
const rssOf = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024
  } catch {
    return NaN
  }
}
const within = (p, what) =>
  Promise.race([
    p,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing within ${WAIT_MS} ms`)), WAIT_MS).unref()),
  ])

const t0 = performance.now()
const secs = () => (performance.now() - t0) / 1000
const child = spawn(process.execPath, [bin, 'lsp', '--stdio'], {cwd: fabric, stdio: ['pipe', 'pipe', 'inherit']})
const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin))
const logs = []
const waiting = new Map()
conn.onNotification('window/logMessage', (p) => logs.push({at: secs(), message: String(p.message)}))
conn.onNotification(PublishDiagnosticsNotification.type, (p) => {
  for (const [pred, resolve] of waiting) if (pred(p)) (waiting.delete(pred), resolve())
})
const firstDone = new Promise((resolve) =>
  conn.onNotification('$/progress', (p) => {
    if (p.value?.kind === 'end') resolve()
  }),
)
conn.onRequest(WorkDoneProgressCreateRequest.type, () => null)
conn.listen()

// RSS over time: every sample kept for the peak, one line printed per phase and every 10 s
const samples = []
let phase = 'initialize'
let lastPrinted = -Infinity
const sample = () => {
  const mb = rssOf(child.pid)
  samples.push({at: secs(), mb, phase})
  if (secs() - lastPrinted >= 10) {
    lastPrinted = secs()
    console.log(`  ${secs().toFixed(1).padStart(6)} s  ${mb.toFixed(0).padStart(4)} MB  ${phase}`)
  }
}
const sampler = setInterval(sample, SAMPLE_MS)
const enter = (name) => {
  phase = name
  lastPrinted = -Infinity
  sample()
}

const failures = []
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`)
  if (!ok) failures.push(what)
}

await conn.sendRequest(InitializeRequest.type, {
  processId: process.pid,
  rootUri: uri(fabric),
  workspaceFolders: [{uri: uri(fabric), name: 'fabric'}],
  capabilities: {window: {workDoneProgress: true}},
})
await conn.sendNotification(InitializedNotification.type, {})
await within(firstDone, 'the first analysis')
enter('first analysis done')
const afterFirst = samples.at(-1).mb

const texts = new Map()
const versions = new Map()
const targets = []
for (const file of FILES) {
  const text = readFileSync(file, 'utf8')
  texts.set(file, text)
  versions.set(file, 1)
  conn.sendNotification(DidOpenTextDocumentNotification.type, {textDocument: {uri: uri(file), languageId: 'terraform', version: 1, text}})
  text.split('\n').forEach((l, line) => {
    if (/^(resource|data|module) "/.test(l)) targets.push({file, line, character: l.indexOf('"') + 2})
  })
}
enter(`${FILES.length} files opened`)

const hover = (file, line, character) => conn.sendRequest(HoverRequest.type, {textDocument: {uri: uri(file)}, position: {line, character}})

/** A request for a file outside the folder: how long it took, what it answered, what the server logged meanwhile. */
async function outside(file) {
  const from = logs.length
  const t = performance.now()
  const h = await within(hover(file, 0, 10), `a hover on ${file}`)
  const took = performance.now() - t
  // what the server logs about it after the answer comes within a moment: an analysis it opened is closed
  const opened = () => logs.slice(from).some((l) => l.message.includes('is analysed on its own'))
  const closed = () => logs.slice(from).some((l) => l.message.includes('closed the analysis'))
  const until = performance.now() + 10_000
  await new Promise((r) => setTimeout(r, 500))
  while (opened() && !closed() && performance.now() < until) await new Promise((r) => setTimeout(r, 50))
  return {took, answer: h, logged: logs.slice(from).map((l) => l.message)}
}

enter('outside requests')
// a file that does not exist, outside the folder (the x.tf in the temporary directory)
const missingFile = path.join(tmpdir(), `tfgraph-soak-missing-${process.pid}`, 'x.tf')
const missing = await outside(missingFile)
check(
  missing.answer === null && missing.took < 1000 && missing.logged.length === 0,
  `hover on ${pathToFileURL(missingFile).href} (missing): ${JSON.stringify(missing.answer)} in ${missing.took.toFixed(1)} ms, ${missing.logged.length} log lines`,
)
const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-soak-'))
for (const d of ['a', 'b', 'c']) {
  mkdirSync(path.join(tmp, d))
  writeFileSync(path.join(tmp, d, 'main.tf'), 'resource "aws_s3_bucket" "b" {\n  bucket = "b"\n}\n')
}
writeFileSync(path.join(tmp, 'x.tf'), 'resource "aws_s3_bucket" "x" {\n  bucket = "x"\n}\n')
const present = await outside(path.join(tmp, 'x.tf'))
const searched = present.logged.find((l) => l.startsWith('tfgraph: searched '))
check(
  present.answer !== null &&
    /: 1 listed, 1 with configuration files/.test(searched ?? '') &&
    present.logged.some((l) => l.includes('closed the analysis')),
  `hover on ${path.join(tmp, 'x.tf')} (exists, beside 3 directories): answered in ${present.took.toFixed(1)} ms; log: ${present.logged.join(' | ')}`,
)

// twenty more outside directories, one request each: every analysis opened for one is closed after it
let closedAll = 0
for (let i = 0; i < 20; i++) {
  const d = path.join(tmp, 'a', `o${i}`)
  mkdirSync(d, {recursive: true})
  writeFileSync(path.join(d, 'x.tf'), 'resource "aws_s3_bucket" "x" {\n  bucket = "x"\n}\n')
  if ((await outside(path.join(d, 'x.tf'))).logged.some((l) => l.includes('closed the analysis'))) closedAll++
}
check(closedAll === 20, `20 more outside directories, one hover each: ${closedAll} analyses closed after their request`)

// hovers on files not open across the repository's directories: each asks for the analyses of its roots
// (those beyond the workspace's keep are let go)
enter('hovers across directories')
const spread = []
const walk = (d) => {
  for (const e of readdirSync(d, {withFileTypes: true}).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (spread.length >= SPREAD) return
    if (e.isDirectory() && !e.name.startsWith('.')) walk(path.join(d, e.name))
    else if (e.name === 'main.tf') {
      const file = path.join(d, e.name)
      const line = readFileSync(file, 'utf8')
        .split('\n')
        .findIndex((l) => /^(resource|data|module) "/.test(l))
      if (line >= 0) spread.push({file, line})
    }
  }
}
walk(fabric)
let spreadAnswered = 0
for (const {file, line} of spread) if ((await within(hover(file, line, 10), `a hover on ${file}`)) !== null) spreadAnswered++
console.log(`     ${spread.length} directories hovered, ${spreadAnswered} answered`)

enter('edits')
const editTimes = []
let hovers = 0
let nulls = 0
const end = performance.now() + SECONDS * 1000
for (let i = 0; i < EDITS && performance.now() < end; i++) {
  const file = FILES[i % FILES.length]
  const marker = `soak${i}`
  const version = versions.get(file) + 1
  versions.set(file, version)
  const naming = (p) => p.uri === uri(file) && p.diagnostics.some((d) => d.message.includes(`"${marker}"`))
  const published = new Promise((resolve) => waiting.set(naming, resolve))
  const t = performance.now()
  conn.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: {uri: uri(file), version},
    // a finding names the alias each time (in a module, an aliased block with an argument is a legacy module provider)
    contentChanges: [
      {text: `${texts.get(file)}\nprovider "google" {\n  alias = "${marker}"\n${file.includes('/modules/') ? '  project = "p"\n' : ''}}\n`},
    ],
  })
  // a hover while the edit is analysed, and one after
  const during = targets[i % targets.length]
  const h1 = hover(during.file, during.line, during.character)
  await within(published, `the diagnostics of edit ${i} (${path.relative(fabric, file)})`)
  editTimes.push(performance.now() - t)
  const after = targets[(i * 7 + 3) % targets.length]
  for (const h of await Promise.all([h1, hover(after.file, after.line, after.character)])) {
    hovers++
    if (h === null) nulls++
  }
  if (i % 50 === 49) enter(`edits (${i + 1} done)`)
}
// the missing file again, after the edits: still nothing opened
const again = await outside(missingFile)
check(
  again.answer === null && again.took < 1000 && again.logged.length === 0,
  `hover on ${pathToFileURL(missingFile).href} after the edits: ${JSON.stringify(again.answer)} in ${again.took.toFixed(1)} ms, ${again.logged.length} log lines`,
)
enter('idle')
await new Promise((r) => setTimeout(r, 3000))
enter('after 3 s idle')
clearInterval(sampler)
await conn.sendRequest(ShutdownRequest.type)
await conn.sendNotification(ExitNotification.type)
rmSync(tmp, {recursive: true, force: true})

const peak = samples.reduce((a, b) => (b.mb > a.mb ? b : a))
const sorted = [...editTimes].sort((a, b) => a - b)
const p = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN
console.log('')
console.log(
  `${new Date().toISOString().slice(0, 16)} UTC, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ')}`,
)
console.log(
  `${editTimes.length} edits over ${FILES.length} open files, ${hovers} hovers (${nulls} null), ${secs().toFixed(0)} s; edit → diagnostics p50 / p95 ${p(0.5).toFixed(0)} / ${p(0.95).toFixed(0)} ms`,
)
console.log(
  `RSS: after the first analysis ${afterFirst.toFixed(0)} MB, peak ${peak.mb.toFixed(0)} MB (${peak.phase}, ${peak.at.toFixed(1)} s), at the end ${samples.at(-1).mb.toFixed(0)} MB`,
)
check(peak.mb < LIMIT_MB, `RSS under ${LIMIT_MB} MB all along (peak ${peak.mb.toFixed(0)} MB)`)
process.exit(failures.length > 0 ? 1 : 0)
