#!/usr/bin/env node
// Differential check of tfgraph's HCL native-syntax parser (src/hcl/native) against @cdktf/hcl2json, the
// reference, on every native-syntax file of the team's corpus and conformance fixtures (or of the given
// directories): same JSON document for the files hcl2json accepts, same first error (summary and range)
// for those it rejects. Identical contents are compared once (the counts give the number of files each stands for).
//
// Usage: node --import tsx scripts/hcl-differential.mjs [DIR…] [--limit N] [--seed S] [--examples N]
//   DIR…          directories to search (default ../shared/corpus ../shared/conformance)
//   --limit N     compare only N distinct files (after the shuffle, when --seed is given)
//   --seed S      shuffle the distinct files with this seed first (default: sorted by path)
//   --examples N  examples shown per kind of difference (default 20)
// Exit status: 0 the parsers agree on every file, 1 some difference (or the script failed).
import {existsSync} from 'node:fs'
import * as path from 'node:path'
import {performance} from 'node:perf_hooks'
import {fileURLToPath} from 'node:url'
import {
  compareParsers,
  conversionReason,
  distinctFiles,
  formatDifferences,
  listNativeFiles,
  seededShuffle,
} from '../test/helpers/hcl-oracle.ts'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const USAGE = 'Usage: node --import tsx scripts/hcl-differential.mjs [DIR…] [--limit N] [--seed S] [--examples N]'

function parseArgs(argv) {
  const opts = {dirs: [], limit: undefined, seed: undefined, examples: 20}
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    const num = (name) => {
      const v = Number(argv[++i])
      if (!Number.isInteger(v) || v < 0) fail(`${name} needs a whole number`)
      return v
    }
    if (a === '--limit') opts.limit = num(a)
    else if (a === '--seed') opts.seed = num(a)
    else if (a === '--examples') opts.examples = num(a)
    else if (a === '-h' || a === '--help') {
      console.log(USAGE)
      process.exit(0)
    } else if (a.startsWith('-')) fail(`unknown option ${a}`)
    else opts.dirs.push(path.resolve(a))
  }
  if (opts.dirs.length === 0) {
    const shared = process.env['TFGRAPH_SHARED'] ?? path.resolve(repoRoot, '..', 'shared')
    opts.dirs = [path.join(shared, 'corpus'), path.join(shared, 'conformance')]
  }
  return opts
}

function fail(msg) {
  console.error(`hcl-differential: ${msg}\n${USAGE}`)
  process.exit(1)
}

const rel = (p) => path.relative(process.cwd(), p) || p
const ms = (n) => `${Math.round(n).toLocaleString('en-US')} ms`
const mbps = (bytes, t) => (t > 0 ? `${(bytes / 1e6 / (t / 1000)).toFixed(1)} MB/s` : '-')

async function main() {
  const opts = parseArgs(process.argv.slice(2))
  const missing = opts.dirs.filter((d) => !existsSync(d))
  if (missing.length === opts.dirs.length) fail(`none of the directories exists: ${missing.map(rel).join(', ')}`)
  for (const d of missing) console.error(`hcl-differential: ${rel(d)} does not exist, left out`)
  const dirs = opts.dirs.filter((d) => existsSync(d))

  const paths = listNativeFiles(dirs)
  const byExt = new Map()
  for (const p of paths) {
    const ext = /\.terraform\.lock\.hcl$/.test(p) ? '.terraform.lock.hcl' : /\.tftest\.hcl$/.test(p) ? '.tftest.hcl' : path.extname(p)
    byExt.set(ext, (byExt.get(ext) ?? 0) + 1)
  }
  let files = distinctFiles(paths)
  const distinctTotal = files.length
  if (opts.seed !== undefined) files = seededShuffle(files, opts.seed)
  if (opts.limit !== undefined) files = files.slice(0, opts.limit)
  console.log(
    `hcl-differential: ${paths.length.toLocaleString('en-US')} native-syntax files (${distinctTotal.toLocaleString('en-US')} distinct contents) under ${dirs.map(rel).join(', ')}`,
  )
  console.log(
    `  by extension: ${[...byExt]
      .sort((a, b) => b[1] - a[1])
      .map(([e, n]) => `${e} ${n}`)
      .join(', ')}`,
  )
  if (files.length < distinctTotal)
    console.log(`  comparing ${files.length} of them${opts.seed !== undefined ? ` (seed ${opts.seed})` : ''}`)

  const verdicts = {valid: 0, invalid: 0, 'conversion-limit': 0, 'too-deep': 0}
  const diffs = []
  const limits = []
  let copiesCompared = 0
  let copiesDiffering = 0
  let bytes = 0
  let nativeMs = 0
  let hcl2jsonMs = 0
  let slowest = {ms: 0, path: ''}
  const started = performance.now()
  for (let i = 0; i < files.length; i++) {
    const f = files[i]
    const name = rel(f.path)
    const c = await compareParsers(f.text, name)
    verdicts[c.verdict]++
    copiesCompared += f.copies
    bytes += f.bytes
    nativeMs += c.nativeMs
    hcl2jsonMs += c.hcl2jsonMs
    if (c.nativeMs > slowest.ms) slowest = {ms: c.nativeMs, path: name}
    if (c.difference) {
      diffs.push(c.difference)
      copiesDiffering += f.copies
    }
    if (c.verdict === 'conversion-limit') limits.push({name, reason: conversionReason(c.message ?? ''), nativeErrors: c.nativeErrors})
    if ((i + 1) % 500 === 0)
      console.error(`hcl-differential: ${i + 1}/${files.length} (${Math.round((performance.now() - started) / 1000)} s)`)
  }

  const equal = files.length - diffs.length
  console.log(`\ndistinct files compared: ${files.length} (standing for ${copiesCompared} files)`)
  console.log(
    `  hcl2json: ${verdicts.valid} valid, ${verdicts.invalid} with syntax errors, ${verdicts['conversion-limit']} it cannot convert (not compared), ${verdicts['too-deep']} too deep to ask`,
  )
  console.log(
    `  equal: ${equal} distinct (${copiesCompared - copiesDiffering} files); different: ${diffs.length} distinct (${copiesDiffering} files)`,
  )
  console.log(`\ntiming, ${(bytes / 1e6).toFixed(1)} MB of distinct files, one thread:`)
  console.log(
    `  tfgraph   ${ms(nativeMs).padStart(10)}  ${mbps(bytes, nativeMs)}   (slowest file ${slowest.ms.toFixed(1)} ms: ${slowest.path})`,
  )
  console.log(`  hcl2json  ${ms(hcl2jsonMs).padStart(10)}  ${mbps(bytes, hcl2jsonMs)}`)
  if (limits.length > 0) {
    console.log(`\nhcl2json cannot convert (valid files, not differences): ${limits.length}`)
    for (const l of limits.slice(0, opts.examples))
      console.log(`  ${l.name}: ${l.reason}; tfgraph's parser: ${l.nativeErrors === 0 ? 'no error' : `${l.nativeErrors} errors`}`)
  }
  if (diffs.length > 0) {
    console.log(`\ndifferences by kind (first ${opts.examples} of each):`)
    console.log(formatDifferences(diffs, opts.examples).replace(/^/gm, '  '))
    console.log(`\nFAIL: ${diffs.length} distinct files differ`)
  } else console.log('\nOK: the parsers agree on every file')
  return diffs.length > 0 ? 1 : 0
}

main().then(
  // the Go runtime of hcl2json leaves timers behind: exit explicitly
  (code) => process.stdout.write('', () => process.exit(code)),
  (e) => {
    console.error(`hcl-differential: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
    process.exit(1)
  },
)
