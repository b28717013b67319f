#!/usr/bin/env node
// The language server's edit loop in one process, for a CPU profile of what an edit costs: opens the
// library's Workspace on DIR, analyses it, then appends an aliased provider block (a new one each time)
// to FILE's buffer EDITS times, bringing the workspace up to date after each. Prints the first analysis
// and the edits' p50 / p95, and the file-system calls an edit makes (the disk under the workspace's
// buffers, counted). Needs a build (dist/).
//   npm run build && node --cpu-prof --cpu-prof-dir=/tmp/prof scripts/profile-edits.mjs DIR FILE [EDITS]
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {openWorkspace} from '../dist/src/api.js'
import {DiskSource} from '../dist/src/io/inputs.js'

const [dir, rel, count = '60'] = process.argv.slice(2)
if (!dir || !rel) {
  console.error('usage: node scripts/profile-edits.mjs DIR FILE [EDITS]   (FILE relative to DIR)')
  process.exit(1)
}
const disk = new DiskSource()
const calls = {read: 0, list: 0, stat: 0, realpath: 0}
const files = {
  read: (p) => (calls.read++, disk.read(p)),
  list: (p) => (calls.list++, disk.list(p)),
  stat: (p) => (calls.stat++, disk.stat(p)),
  realpath: (p) => (calls.realpath++, disk.realpath(p)),
  record: (fn) => disk.record(fn),
  note: (inputs) => disk.note(inputs),
  unchanged: (inputs, how) => disk.unchanged(inputs, how),
}
const ws = openWorkspace(dir, {files})
const file = path.resolve(dir, rel)
const text = readFileSync(file, 'utf8')
let t = performance.now()
await ws.update()
console.log(`first analysis: ${Math.round(performance.now() - t)} ms, ${ws.roots().length} root module(s)`)
for (const k of Object.keys(calls)) calls[k] = 0
const times = []
for (let i = 0; i < Number(count); i++) {
  ws.setBuffer(file, `${text}\nprovider "google" {\n  alias = "edit${i}"\n}\n`)
  t = performance.now()
  await ws.update()
  times.push(performance.now() - t)
}
times.sort((a, b) => a - b)
const at = (q) => times[Math.min(times.length - 1, Math.floor(times.length * q))].toFixed(1)
console.log(`${times.length} edits: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms; RSS ${Math.round(process.memoryUsage().rss / 1e6)} MB`)
const each = Object.entries(calls).map(([k, v]) => `${(v / times.length).toFixed(1)} ${k}`)
console.log(`file-system calls per edit: ${each.join(', ')}`)
await ws.close()
