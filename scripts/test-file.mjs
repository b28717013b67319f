#!/usr/bin/env node
// Runs ONE uvu test file in this process, as uvu's own command line does for many (its suites deferred,
// then run in order), and writes what it counted to the file named by TFGRAPH_TEST_RESULT (JSON), so
// scripts/test.mjs learns the counts and this process's peak memory without reading its output.
// Usage: node --import tsx scripts/test-file.mjs test/x/y.test.ts   (TFGRAPH_TEST_TIMES=1: each test's time too)
import {writeFileSync} from 'node:fs'
import * as path from 'node:path'
import {pathToFileURL} from 'node:url'

const file = process.argv[2]
if (!file) {
  process.stderr.write('usage: node --import tsx scripts/test-file.mjs FILE\n')
  process.exit(1)
}
globalThis.UVU_DEFER = 1
const uvu = await import('uvu')
globalThis.UVU_INDEX = 0
globalThis.UVU_QUEUE.push([null])

// TFGRAPH_TEST_TIMES=1: each test's wall time (the file's default suite), on a line of its own, to find the slow ones
if (process.env['TFGRAPH_TEST_TIMES']) {
  const {readFileSync, readdirSync} = await import('node:fs')
  // CPU seconds of this process's children and their descendants, running or ended (Linux's /proc; 0 elsewhere)
  const childrenCpu = () => {
    try {
      const stats = new Map()
      for (const pid of readdirSync('/proc')) {
        if (!/^\d+$/.test(pid)) continue
        try {
          const line = readFileSync(`/proc/${pid}/stat`, 'utf8')
          const f = line.slice(line.lastIndexOf(')') + 2).split(' ')
          stats.set(Number(pid), {ppid: Number(f[1]), own: Number(f[11]) + Number(f[12]), reaped: Number(f[13]) + Number(f[14])})
        } catch {
          // ended meanwhile
        }
      }
      let ticks = stats.get(process.pid)?.reaped ?? 0
      const walk = (parent) => {
        for (const [pid, s] of stats)
          if (s.ppid === parent) {
            ticks += s.own + s.reaped
            walk(pid)
          }
      }
      walk(process.pid)
      return ticks / 100
    } catch {
      return 0
    }
  }
  let began = 0
  let cpu = process.cpuUsage()
  let children = 0
  uvu.test.before.each(() => {
    began = performance.now()
    cpu = process.cpuUsage()
    children = childrenCpu()
  })
  uvu.test.after.each((state) => {
    const used = process.cpuUsage(cpu)
    const s = (n) => n.toFixed(2).padStart(6)
    process.stderr.write(
      `\n  ${s((performance.now() - began) / 1000)} s, CPU ${s((used.user + used.system) / 1e6)} s here and ${s(childrenCpu() - children)} s in child processes  ${state.__test__}\n`,
    )
  })
}

// uvu prints its summary through process.stdout; the counts are read back from what it wrote
let printed = ''
const write = process.stdout.write.bind(process.stdout)
process.stdout.write = (chunk, ...rest) => {
  printed += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString()
  if (printed.length > 65536) printed = printed.slice(-4096)
  return write(chunk, ...rest)
}

let loadError = null
try {
  await import(pathToFileURL(path.resolve(file)).href)
} catch (err) {
  loadError = err
  process.stderr.write(`could not load ${file}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
}
if (!loadError) await uvu.exec(false)

const plain = printed.replace(/\u001b\[[0-9;]*m/g, '')
const count = (label) => Number(new RegExp(`${label}:\\s+(\\d+)\\s*$`, 'm').exec(plain)?.[1] ?? NaN)
const result = {
  total: loadError ? 1 : count('Total'),
  passed: loadError ? 0 : count('Passed'),
  skipped: loadError ? 0 : count('Skipped') || 0,
  maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
}
if (process.env['TFGRAPH_TEST_RESULT']) writeFileSync(process.env['TFGRAPH_TEST_RESULT'], JSON.stringify(result))
// what a file leaves running (a timer, a socket, a child's pipe) must not keep the run waiting
process.exit(loadError || result.passed !== result.total || process.exitCode ? 1 : 0)
