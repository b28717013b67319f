#!/usr/bin/env node
// A CPU profile of the language server over the edits of bench-lsp's part 3 (#48 item 3: an edit inside a
// resource body, the whole fabric repository as the workspace), the edits alone: the server runs with
// --cpu-prof, and the samples between the first timed edit of a file and its last diagnostics are summed by
// function (self time) and by the tfgraph function on the stack nearest the top (inclusive). Prints the
// shares per edit.
//   npm run build && node scripts/profile-body-edits.mjs [--bin DIR] [EDITS]   (EDITS default 100)
import {spawn} from 'node:child_process'
import {mkdtempSync, readdirSync, readFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  WorkDoneProgressCreateRequest,
} from 'vscode-languageserver-protocol/node'

const repo = fileURLToPath(new URL('..', import.meta.url))
const args = process.argv.slice(2)
const binAt = args.indexOf('--bin')
const bin = binAt >= 0 ? path.resolve(args.splice(binAt, 2)[1], 'bin', 'run.js') : path.join(repo, 'bin', 'run.cjs')
const N = Number(args[0] ?? 100)
const shared = process.env.TFGRAPH_SHARED ?? path.resolve(repo, '..', 'shared')
const fabric = path.join(shared, 'corpus', 'GoogleCloudPlatform__cloud-foundation-fabric')
const files = [path.join(fabric, 'fast', 'stages', '0-org-setup', 'main.tf'), path.join(fabric, 'modules', 'net-vpc', 'main.tf')]
const prof = mkdtempSync(path.join(tmpdir(), 'tfgraph-prof-'))
const uri = (f) => pathToFileURL(f).toString()
const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-interval', '200', '--cpu-prof-dir', prof, bin, 'lsp', '--stdio'], {
  cwd: fabric,
  stdio: ['pipe', 'pipe', 'inherit'],
})
const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin))
const waiting = new Map()
const sent = {count: 0, bytes: 0}
conn.onNotification(PublishDiagnosticsNotification.type, (p) => {
  sent.count++
  sent.bytes += JSON.stringify(p).length
  for (const [pred, resolve] of waiting) if (pred(p)) (waiting.delete(pred), resolve())
})
const done = new Promise((resolve) => conn.onNotification('$/progress', (p) => p.value?.kind === 'end' && resolve()))
conn.onRequest(WorkDoneProgressCreateRequest.type, () => null)
conn.listen()
await conn.sendRequest(InitializeRequest.type, {
  processId: process.pid,
  rootUri: uri(fabric),
  capabilities: {window: {workDoneProgress: true}},
})
await conn.sendNotification(InitializedNotification.type, {})
await done
let version = 1
const windows = []
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
for (const file of files) {
  const base = readFileSync(file, 'utf8')
  conn.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: {uri: uri(file), languageId: 'terraform', version: 1, text: base},
  })
  const at = base.indexOf('{\n', base.search(/^resource "/m)) + 2
  const edit = (i, marker) =>
    conn.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: {uri: uri(file), version: ++version},
      contentChanges: [
        {
          text:
            base.slice(0, at) +
            `  # body edit ${i}\n`.repeat(1 + (i % 2)) +
            `  bench_map = { ${marker} = "1", ${marker} = "2" }\n` +
            base.slice(at),
        },
      ],
    })
  // settle: the first edit after opening analyses the roots; wait until quiet
  edit(0, 'settle')
  await sleep(4000)
  process.stderr.write(`WINDOW ${file}\n`)
  const t0 = process.hrtime.bigint()
  const sent0 = {...sent}
  for (let i = 0; i < N; i++) {
    const marker = `prof${i}`
    const got = new Promise((resolve) =>
      waiting.set((p) => p.uri === uri(file) && p.diagnostics.some((d) => d.message.includes(`"${marker}"`)), resolve),
    )
    edit(i, marker)
    await got
  }
  // the last edit's later publishes (the roots' final ones)
  await sleep(1500)
  windows.push({
    file: path.relative(fabric, file),
    from: t0,
    to: process.hrtime.bigint(),
    publishes: (sent.count - sent0.count) / N,
    bytes: (sent.bytes - sent0.bytes) / N,
  })
}
await conn.sendRequest(ShutdownRequest.type)
await conn.sendNotification(ExitNotification.type)
await new Promise((r) => child.on('exit', r))
const p = JSON.parse(readFileSync(path.join(prof, readdirSync(prof)[0]), 'utf8'))
const byId = new Map(p.nodes.map((n) => [n.id, n]))
const parent = new Map()
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
const nameOf = (n) =>
  `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/^.*\/dist\//, '').replace(/^file:\/\/.*node_modules\//, 'nm/')}:${n.callFrame.lineNumber + 1}`
const ours = (n) => /\/dist\//.test(n.callFrame.url)
for (const w of windows) {
  const self = new Map()
  const incl = new Map()
  let t = BigInt(p.startTime) * 1000n
  let total = 0
  for (let i = 0; i < p.samples.length; i++) {
    t += BigInt(p.timeDeltas[i]) * 1000n
    if (t < w.from || t > w.to) continue
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000
    const n = byId.get(p.samples[i])
    if (n.callFrame.functionName === '(idle)') continue
    total += dt
    self.set(nameOf(n), (self.get(nameOf(n)) ?? 0) + dt)
    const seen = new Set()
    for (let id = p.samples[i]; id !== undefined; id = parent.get(id)) {
      const x = byId.get(id)
      if (!ours(x) && x.callFrame.functionName !== '(garbage collector)') continue
      const k = nameOf(x)
      if (seen.has(k)) continue
      seen.add(k)
      incl.set(k, (incl.get(k) ?? 0) + dt)
    }
  }
  console.log(
    `\n== ${w.file}: ${N} edits, ${(total / N).toFixed(2)} ms CPU (non-idle samples) per edit; ${w.publishes} publishDiagnostics of ${Math.round(w.bytes)} bytes per edit`,
  )
  const top = (m, k) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, v]) => `  ${(v / N).toFixed(2).padStart(6)} ms ${((100 * v) / total).toFixed(1).padStart(5)} %  ${name}`)
      .join('\n')
  console.log('self:\n' + top(self, 25))
  console.log('inclusive (tfgraph functions):\n' + top(incl, 45))
}
console.log(`\nprofile: ${prof}`)
