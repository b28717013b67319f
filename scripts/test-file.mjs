#!/usr/bin/env node
// Runs ONE uvu test file in this process, as uvu's own command line does for many (its suites deferred,
// then run in order), and writes what it counted to the file named by TFGRAPH_TEST_RESULT (JSON), so
// scripts/test.mjs learns the counts and this process's peak memory without reading its output.
// Usage: node --import tsx scripts/test-file.mjs test/x/y.test.ts
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
