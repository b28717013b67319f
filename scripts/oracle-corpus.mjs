#!/usr/bin/env node
// Differential check over ../shared/corpus: for every module directory, compares the diagnostics of
// tfgraph's loader (one directory, engine terraform) with the loading/merging diagnostics that real
// Terraform (through ../shared/tools/terraform-oracle, `validate`) reports for files of that same
// directory. Module-tree and provider-validation checks, which need the child modules and which
// tfgraph's loader does not do, are left out (and counted, so the list can be reviewed).
//
// Usage: node scripts/oracle-corpus.mjs [SUBSTRING] [--jobs N] [--out FILE.json]
//                                       [--corpus DIR] [--oracle PATH] [--timeout SECONDS]
// Needs `npm run build` (dist/) and a terraform binary (see the oracle's README).
// Exit status: 0 all agree, 2 some differ or could not be compared, 1 the script itself failed.
import {existsSync, readdirSync, writeFileSync} from 'node:fs'
import * as path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {runOracle, runOrdered} from './oracle-common.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const USAGE = `Usage: node scripts/oracle-corpus.mjs [SUBSTRING] [--jobs N] [--out FILE.json] [--corpus DIR] [--oracle PATH] [--timeout SECONDS]

Compares tfgraph's module-loading diagnostics with Terraform's (through the terraform-oracle) on
every module directory of the corpus whose path (relative to the corpus) contains SUBSTRING.
  --jobs N       parallel oracle runs (default 2)
  --out FILE     write the full result as JSON
  --corpus DIR   corpus root (default ../shared/corpus)
  --oracle PATH  oracle.mjs (default ../shared/tools/terraform-oracle/oracle.mjs)
  --timeout S    per-Terraform-run limit passed to the oracle`

// ------------------------------------------------------------------------------------------ options

function parseArgs(argv) {
  const opts = {
    filter: '',
    jobs: 2,
    out: undefined,
    corpus: path.resolve(here, '..', '..', 'shared', 'corpus'),
    oracle: path.resolve(here, '..', '..', 'shared', 'tools', 'terraform-oracle', 'oracle.mjs'),
    timeout: undefined,
  }
  const positional = []
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    const value = () => {
      const eq = a.indexOf('=')
      if (eq >= 0) return a.slice(eq + 1)
      if (i + 1 >= argv.length) usage(`${a} needs a value`)
      return argv[++i]
    }
    const name = a.startsWith('--') ? a.split('=')[0] : a
    switch (name) {
      case '-h':
      case '--help':
        console.log(USAGE)
        process.exit(0)
        break
      case '--jobs': {
        opts.jobs = Number(value())
        if (!Number.isInteger(opts.jobs) || opts.jobs < 1) usage('--jobs must be a positive integer')
        break
      }
      case '--out':
        opts.out = path.resolve(value())
        break
      case '--corpus':
        opts.corpus = path.resolve(value())
        break
      case '--oracle':
        opts.oracle = path.resolve(value())
        break
      case '--timeout':
        opts.timeout = value()
        break
      default:
        if (a.startsWith('-')) usage(`unknown option ${a}`)
        positional.push(a)
    }
  }
  if (positional.length > 1) usage('at most one SUBSTRING')
  opts.filter = positional[0] ?? ''
  return opts
}

function usage(msg) {
  console.error(`oracle-corpus: ${msg}\n\n${USAGE}`)
  process.exit(1)
}

// ------------------------------------------------------------------------------------- the corpus

const isConfig = (n) => n.endsWith('.tf') || n.endsWith('.tf.json')
const isTofu = (n) => n.endsWith('.tofu') || n.endsWith('.tofu.json')

/** Every non-hidden directory holding .tf/.tf.json files and no .tofu/.tofu.json files, sorted. */
function moduleDirs(root) {
  const out = []
  const walk = (dir) => {
    let entries
    try {
      entries = readdirSync(dir, {withFileTypes: true})
    } catch {
      return
    }
    const files = entries.filter((e) => e.isFile() || e.isSymbolicLink()).map((e) => e.name)
    if (files.some((n) => !n.startsWith('.') && isConfig(n)) && !files.some(isTofu)) out.push(dir)
    for (const e of entries) if (e.isDirectory() && !e.name.startsWith('.')) walk(path.join(dir, e.name))
  }
  walk(root)
  return out.sort()
}

// ------------------------------------------------------------------- which Terraform checks count

// Checks Terraform makes on the module tree or on provider configurations across modules
// (internal/configs/provider_validation.go, config_build.go, the module installer, core version),
// and the reference checks of validate's graph walk (which also see the oracle's empty placeholder
// modules, so `module.x.attr` of a remote module is "Unsupported attribute" there): tfgraph's
// single-directory loader does not make them, so they are not compared.
const EXCLUDED_SUMMARIES = new Set([
  // module tree / installer
  'Module not installed',
  'Module version requirements have changed',
  'Module source has changed',
  'Failed to read module directory',
  'Unreadable module directory',
  'Unsupported Terraform Core version',
  // provider validation (validateProviderConfigs)
  'Missing required provider configuration',
  'Reference to undefined provider',
  'Provider type mismatch',
  'Redundant empty provider block',
  'Duplicate required provider',
  'Invalid provider local name',
  'Resource for undeclared provider',
  'Cannot override provider configuration',
  'Provider configuration not present',
  // reference validation in validate's graph walk (not configuration loading)
  'Unsupported attribute',
  'Reference to undeclared module',
  'Reference to undeclared input variable',
  'Reference to undeclared local value',
  'Reference to undeclared resource',
  'Reference to undeclared output value',
])
const EXCLUDED_PREFIXES = ['Module is incompatible']

function isExcluded(summary) {
  return EXCLUDED_SUMMARIES.has(summary) || EXCLUDED_PREFIXES.some((p) => summary.startsWith(p))
}

const isOverrideFile = (f) => /(^|_)override\.tf(\.json)?$/.test(f)

/** Terraform 1.11 wording that later Terraform versions (which tfgraph follows) changed. */
function translate(d) {
  const file = d.range?.filename ?? ''
  if (d.summary === 'Both a backend and cloud configuration are present') {
    const m =
      /^A module may declare either one 'cloud' block OR one 'backend' block configuring a state backend\. The 'cloud' block is configured at (.*); a backend is configured at (.*)\. Remove the backend block to configure HCP Terraform or Terraform Enteprise\.$/s.exec(
        d.detail,
      )
    const detail = m
      ? `A module may declare either one 'cloud' block OR one 'backend' block for configuring state storage. The 'cloud' block is configured at ${m[1]}; a 'backend' is configured at ${m[2]}. Remove the 'backend' block to configure HCP Terraform or Terraform Enterprise.`
      : d.detail
    return {...d, summary: "Conflicting 'cloud' and 'backend' configuration blocks are present", detail, translated_from: d.summary}
  }
  if (d.summary === 'Duplicate backend configuration' && !isOverrideFile(file)) {
    const m = /^A module may have only one backend configuration\. The backend was previously configured at (.*)\.$/s.exec(d.detail)
    const detail = m
      ? `A module may have only one 'backend' configuration block. The backend was previously configured at ${m[1]}.`
      : d.detail
    return {...d, summary: "Duplicate 'backend' configuration block", detail, translated_from: d.summary}
  }
  return d
}

// ------------------------------------------------------------------------------------ comparison

const where = (d) => (d.range ? `${d.range.filename}:${d.range.start.line},${d.range.start.column}` : '(no range)')
const keyOf = (d) => `${d.severity} ${d.summary} ${where(d)}`
const slim = (d) => ({
  severity: d.severity,
  summary: d.summary,
  detail: d.detail ?? '',
  range: d.range ? {filename: d.range.filename, start: d.range.start, end: d.range.end} : undefined,
  ...(d.translated_from ? {translated_from: d.translated_from} : {}),
})

function groupByKey(diags) {
  const m = new Map()
  for (const d of diags) {
    const k = keyOf(d)
    if (!m.has(k)) m.set(k, [])
    m.get(k).push(d)
  }
  return m
}

/** Multiset comparison by key; within a key, equal details pair up first, then the rest pair in order. */
function compare(tf, tg) {
  const a = groupByKey(tf)
  const b = groupByKey(tg)
  const onlyTerraform = []
  const onlyTfgraph = []
  const detailDiffers = []
  const agreed = []
  const keys = [...new Set([...a.keys(), ...b.keys()])].sort()
  for (const k of keys) {
    const xs = [...(a.get(k) ?? [])]
    const ys = [...(b.get(k) ?? [])]
    for (let i = xs.length - 1; i >= 0; i--) {
      const j = ys.findIndex((y) => (y.detail ?? '') === (xs[i].detail ?? ''))
      if (j >= 0) {
        agreed.push({key: k, severity: xs[i].severity, summary: xs[i].summary})
        xs.splice(i, 1)
        ys.splice(j, 1)
      }
    }
    while (xs.length > 0 && ys.length > 0) {
      const x = xs.shift()
      detailDiffers.push({key: k, severity: x.severity, summary: x.summary, terraform: x.detail ?? '', tfgraph: ys.shift().detail ?? ''})
    }
    for (const x of xs) onlyTerraform.push({key: k, ...slim(x)})
    for (const y of ys) onlyTfgraph.push({key: k, ...slim(y)})
  }
  return {onlyTerraform, onlyTfgraph, detailDiffers, agreed}
}

// ----------------------------------------------------------------------------------------- running

async function checkDir(opts, api, dir) {
  const rel = path.relative(opts.corpus, dir) || '.'
  const entry = {dir: rel, status: 'agree'}
  let tg
  try {
    tg = await api.loadModuleDir(dir, {engine: 'terraform'})
  } catch (e) {
    entry.tfgraph_error = String(e?.stack ?? e)
  }
  const oracle = await runOracle(opts.oracle, 'validate', dir, opts.timeout)
  if (oracle.error) entry.oracle_error = oracle.error
  if (entry.tfgraph_error || entry.oracle_error) {
    entry.status = 'error'
    return entry
  }
  const r = oracle.result
  entry.terraform_version = r.terraform_version
  if (r.skipped_modules?.length) entry.skipped_modules = r.skipped_modules.length
  const tfAll = r.diagnostics ?? []
  const tfLocal = tfAll.filter((d) => !d.range || !d.range.filename.includes('/'))
  entry.terraform_other_dirs = tfAll.length - tfLocal.length
  entry.terraform_excluded = tfLocal.filter((d) => isExcluded(d.summary)).map(slim)
  const tfKept = tfLocal.filter((d) => !isExcluded(d.summary)).map(translate)
  const tgAll = tg.diagnostics ?? []
  entry.tfgraph_excluded = tgAll.filter((d) => isExcluded(d.summary)).map(slim)
  const tgKept = tgAll.filter((d) => !isExcluded(d.summary))
  entry.tfgraph_incomplete = tg.incomplete
  entry.compared = {terraform: tfKept.length, tfgraph: tgKept.length}
  Object.assign(entry, compare(tfKept, tgKept))
  if (entry.onlyTerraform.length || entry.onlyTfgraph.length || entry.detailDiffers.length) entry.status = 'differ'
  return entry
}

function indent(text, prefix) {
  return text
    .split('\n')
    .map((l) => prefix + l)
    .join('\n')
}

function printEntry(e) {
  if (e.status === 'agree') return
  console.log(`\n== ${e.dir}  [${e.status}]`)
  if (e.tfgraph_error) console.log(indent(`tfgraph failed: ${e.tfgraph_error}`, '   '))
  if (e.oracle_error) console.log(`   oracle failed: ${e.oracle_error}`)
  for (const d of e.onlyTerraform ?? []) {
    console.log(`   only in terraform: ${d.key}${d.translated_from ? `   (Terraform 1.11: "${d.translated_from}")` : ''}`)
    if (d.detail) console.log(indent(d.detail, '      | '))
  }
  for (const d of e.onlyTfgraph ?? []) {
    console.log(`   only in tfgraph:   ${d.key}`)
    if (d.detail) console.log(indent(d.detail, '      | '))
  }
  for (const d of e.detailDiffers ?? []) {
    console.log(`   detail differs:    ${d.key}`)
    console.log(indent(d.terraform, '      terraform | '))
    console.log(indent(d.tfgraph, '      tfgraph   | '))
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2))
  const dist = path.resolve(here, '..', 'dist', 'src', 'load', 'load-module.js')
  if (!existsSync(dist)) {
    console.error('oracle-corpus: dist/ is missing: run `npm run build` first')
    process.exit(1)
  }
  if (!existsSync(opts.oracle)) {
    console.error(`oracle-corpus: no oracle at ${opts.oracle}`)
    process.exit(1)
  }
  const api = await import(pathToFileURL(dist).href)
  const dirs = moduleDirs(opts.corpus).filter((d) => path.relative(opts.corpus, d).includes(opts.filter))
  console.error(
    `oracle-corpus: ${dirs.length} module directories under ${opts.corpus}${opts.filter ? ` matching "${opts.filter}"` : ''}, ${opts.jobs} jobs`,
  )

  const results = await runOrdered(dirs, {jobs: opts.jobs, label: 'oracle-corpus', every: 25}, (d) => checkDir(opts, api, d), printEntry)

  // Excluded summaries, with counts, so the exclusion list can be reviewed.
  const count = (list) => {
    const m = new Map()
    for (const d of list) m.set(`${d.severity} ${d.summary}`, (m.get(`${d.severity} ${d.summary}`) ?? 0) + 1)
    return [...m.entries()].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
  }
  const tfExcluded = count(results.flatMap((e) => e.terraform_excluded ?? []))
  const tgExcluded = count(results.flatMap((e) => e.tfgraph_excluded ?? []))
  const keptProviderish = count(
    results
      .flatMap((e) => [...(e.onlyTerraform ?? []), ...(e.detailDiffers ?? []), ...(e.agreed ?? [])])
      .filter((d) => /provider/i.test(d.summary)),
  )
  console.log('\n-- Terraform diagnostics left out (module-tree / provider-validation checks), by summary:')
  for (const [s, n] of tfExcluded) console.log(`   ${String(n).padStart(5)}  ${s}`)
  if (!tfExcluded.length) console.log('   (none)')
  if (tgExcluded.length) {
    console.log('-- tfgraph diagnostics left out (same list):')
    for (const [s, n] of tgExcluded) console.log(`   ${String(n).padStart(5)}  ${s}`)
  }
  if (keptProviderish.length) {
    console.log('-- compared Terraform diagnostics that mention "provider" (check they are loading checks):')
    for (const [s, n] of keptProviderish) console.log(`   ${String(n).padStart(5)}  ${s}`)
  }

  const agree = results.filter((e) => e.status === 'agree').length
  const differ = results.filter((e) => e.status === 'differ').length
  const failed = results.filter((e) => e.status === 'error').length
  const line = `${results.length} dirs, ${agree} agree, ${differ + failed} differ${failed ? ` (${failed} could not be compared)` : ''}`
  console.log(`\n${line}`)

  if (opts.out) {
    const doc = {
      generated: new Date().toISOString(),
      corpus: opts.corpus,
      filter: opts.filter,
      terraform_version: results.find((e) => e.terraform_version)?.terraform_version,
      excluded_summaries: [...EXCLUDED_SUMMARIES, ...EXCLUDED_PREFIXES.map((p) => `${p}…`)],
      summary: {dirs: results.length, agree, differ, failed, line},
      excluded_counts: {terraform: Object.fromEntries(tfExcluded), tfgraph: Object.fromEntries(tgExcluded)},
      dirs: results,
    }
    writeFileSync(opts.out, JSON.stringify(doc, null, 2) + '\n')
    console.error(`oracle-corpus: wrote ${opts.out}`)
  }
  process.exitCode = differ + failed > 0 ? 2 : 0
}

main().catch((e) => {
  console.error(e?.stack ?? e)
  process.exit(1)
})
