#!/usr/bin/env node
// The long run of test/hcl/parser-property.test.ts: the same properties of tfgraph's HCL parser (generated
// documents and mutated files, each compared with @cdktf/hcl2json), many more cases, a random seed.
//
// Usage: node scripts/hcl-fuzz.mjs [--runs N] [--seed S]
//   --runs N   cases per property (default 10,000)
//   --seed S   the seed (default: random; printed first, so a failure can be replayed with it)
// A failure prints fast-check's shrunk counterexample and the difference. Exit status: that of the test.
import {spawn} from 'node:child_process'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const argv = process.argv.slice(2)
const opt = (name, fallback) => {
  const i = argv.indexOf(name)
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback
}
const seed = Number(opt('--seed', String(Math.floor(Math.random() * 2 ** 31))))
const runs = Number(opt('--runs', '10000'))
if (!Number.isInteger(seed) || !Number.isInteger(runs) || runs < 1) {
  console.error('Usage: node scripts/hcl-fuzz.mjs [--runs N] [--seed S]')
  process.exit(1)
}

console.log(`hcl-fuzz: seed ${seed}, ${runs} cases per property`)
const started = Date.now()
const child = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(repoRoot, 'node_modules', 'uvu', 'bin.js'), 'test', 'hcl/parser-property\\.test\\.ts$'],
  {cwd: repoRoot, stdio: 'inherit', env: {...process.env, HCL_FUZZ_SEED: String(seed), HCL_FUZZ_RUNS: String(runs)}},
)
child.on('close', (code, signal) => {
  const s = Math.round((Date.now() - started) / 1000)
  console.log(`hcl-fuzz: ${code === 0 ? 'passed' : 'FAILED'} in ${s} s (seed ${seed}, ${runs} cases per property)`)
  if (code !== 0) console.log(`replay: node scripts/hcl-fuzz.mjs --seed ${seed} --runs ${runs}`)
  process.exit(code ?? (signal ? 1 : 0))
})
