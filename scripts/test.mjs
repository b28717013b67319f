#!/usr/bin/env node
// Runs the uvu suite (TypeScript through tsx) and ends with the line CI reads: `N passed, N failed`.
import {spawn} from 'node:child_process'
import {fileURLToPath} from 'node:url'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {countSkipLines} from './skip-count.mjs'

const uvuBin = fileURLToPath(new URL('../node_modules/uvu/bin.js', import.meta.url))
const args = ['--import', 'tsx', uvuBin, 'test', '\\.test\\.ts$', ...process.argv.slice(2)]
// a private parse cache, so tests neither read nor leave entries in the user's cache
const cacheDir = mkdtempSync(path.join(tmpdir(), 'tfgraph-test-cache-'))
const child = spawn(process.execPath, args, {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {...process.env, FORCE_COLOR: '0', ...(process.stdout.isTTY ? {} : {NO_COLOR: '1'}), TFGRAPH_CACHE_DIR: cacheDir},
})
let out = ''
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk)
  out += chunk.toString()
})
child.on('close', (code) => {
  rmSync(cacheDir, {recursive: true, force: true})
  const plain = out.replace(/\u001b\[[0-9;]*m/g, '')
  const total = Number(/Total:\s+(\d+)/.exec(plain)?.[1] ?? NaN)
  const passed = Number(/Passed:\s+(\d+)/.exec(plain)?.[1] ?? NaN)
  const skipped = Number(/Skipped:\s+(\d+)/.exec(plain)?.[1] ?? 0)
  if (Number.isNaN(total) || Number.isNaN(passed)) {
    console.log('0 passed, 1 failed')
    console.error('test runner did not print a summary (exit code ' + code + ')')
    process.exit(1)
  }
  // uvu's Total leaves skipped tests out; each part skipped for want of something (../shared, pre-commit, …) says so in a SKIP line
  const failed = total - passed
  const skipLines = countSkipLines(plain)
  console.log(
    `${passed} passed, ${failed} failed${skipped || skipLines ? `, ${skipped} skipped (${skipLines} ${skipLines === 1 ? 'part' : 'parts'}, each listed above as SKIP with its reason)` : ''}`,
  )
  process.exit(code === 0 && failed === 0 ? 0 : 1)
})
