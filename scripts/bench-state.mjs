#!/usr/bin/env node
// The state's cost (issue #51): a generated root (an alias passed to a module with 10 for_each keys, 100
// resources of count 100 in it) and a generated raw state of 100,000 objects (with attributes, as a real
// one has: ~0.5 KB each) whose configuration lost one key; `tfgraph providers --json` with and without
// `--state`, each alternated for ROUNDS rounds, no caches: the minimum wall time and the peak resident
// set of each (GNU time), and the difference. Target: ≤ 1 s and ≤ 150 MB beyond the run without it.
//
//   npm run build && node scripts/bench-state.mjs [--objects N] [--rounds N]
import {spawnSync} from 'node:child_process'
import {mkdirSync, mkdtempSync, rmSync, writeFileSync, statSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'

const repoRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..')
const argv = process.argv.slice(2)
const opt = (name, dflt) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : dflt)
const objects = opt('--objects', 100_000)
const rounds = opt('--rounds', 3)
const keys = 10
const resources = 100
const count = Math.max(1, Math.round(objects / keys / resources))

const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-bench-state-'))
const root = path.join(dir, 'root')
mkdirSync(path.join(root, 'm'), {recursive: true})
const forEach = Array.from({length: keys - 1}, (_, i) => `k${i} = ${i}`).join(', ')
writeFileSync(
  path.join(root, 'main.tf'),
  `provider "terraform" {\n  alias = "x"\n}\nmodule "m" {\n  source    = "./m"\n  for_each  = { ${forEach} }\n  providers = {\n    terraform = terraform.x\n  }\n}\n`,
)
writeFileSync(
  path.join(root, 'm', 'main.tf'),
  Array.from({length: resources}, (_, r) => `resource "terraform_data" "r${r}" {\n  count = ${count}\n}\n`).join(''),
)
const B = 'provider[\\"terraform.io/builtin/terraform\\"].x'
const parts = []
for (let k = 0; k < keys; k++)
  for (let r = 0; r < resources; r++) {
    const instances = Array.from(
      {length: count},
      (_, i) =>
        `{"index_key":${i},"schema_version":0,"attributes":{"id":"${k}-${r}-${i}-0000-0000-000000000000","input":{"value":{"name":"object-${i}","tags":{"team":"platform","env":"prod","secret":"s3cr3t-${i}"}},"type":["object",{"name":"string","tags":["map","string"]}]},"output":null,"triggers_replace":null},"sensitive_attributes":[],"dependencies":["module.m[\\"k${k}\\"].terraform_data.r0"]}`,
    )
    parts.push(
      `{"module":"module.m[\\"k${k}\\"]","mode":"managed","type":"terraform_data","name":"r${r}","provider":"${B.replace(/\\\\/g, '\\')}","instances":[${instances.join(',')}]}`,
    )
  }
const state = path.join(dir, 'state.json')
writeFileSync(
  state,
  `{"version":4,"terraform_version":"1.11.4","serial":1,"lineage":"bench","outputs":{},"resources":[${parts.join(',')}]}\n`,
)

function run(args) {
  const env = {...process.env, NO_COLOR: '1', TFGRAPH_NO_CACHE: '1'}
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M', process.execPath, path.join(repoRoot, 'bin/run.cjs'), ...args], {
    encoding: 'utf8',
    env,
    maxBuffer: 1 << 30,
  })
  const [secs, kb] = r.stderr.trim().split('\n').pop().split(' ').map(Number)
  if (r.status !== 0 && r.status !== 2) throw new Error(r.stderr)
  return {secs, mb: kb / 1024, out: r.stdout}
}

const min = (xs, k) => Math.min(...xs.map((x) => x[k]))
const rows = {}
let objectsRead = 0
// providers --json prints every object (a 30 MB document for 100,000); lint --state prints only findings
for (const [label, args] of [
  ['providers --json', ['providers', root, '--json']],
  ['lint --format json', ['lint', root, '--format', 'json']],
]) {
  const without = []
  const withState = []
  for (let i = 0; i < rounds; i++) {
    without.push(run(args))
    const w = run([...args, '--state', state])
    if (label.startsWith('providers')) objectsRead = JSON.parse(w.out).state.objects.length
    withState.push(w)
  }
  const a = {seconds: min(without, 'secs'), peak_mb: Math.round(min(without, 'mb'))}
  const b = {seconds: min(withState, 'secs'), peak_mb: Math.round(min(withState, 'mb'))}
  rows[label] = {without: a, with_state: b, added: {seconds: +(b.seconds - a.seconds).toFixed(2), peak_mb: b.peak_mb - a.peak_mb}}
}
console.log(JSON.stringify({objects: objectsRead, state_mb: +(statSync(state).size / 1048576).toFixed(1), ...rows}, null, 1))
if (process.env.KEEP) console.log(root, state)
if (!process.env.KEEP) rmSync(dir, {recursive: true, force: true})
