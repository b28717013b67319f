#!/usr/bin/env node
// Fidelity against real Terraform over ../shared/corpus: for every root module directory (found as
// `tfgraph lint --recursive` finds them), asks ../shared/tools/terraform-oracle for Terraform's resource →
// provider-configuration bindings (`terraform graph -type=plan`) and its diagnostics (`terraform validate`
// plus the graph stage), and compares them with tfgraph's analysis (engine terraform):
//   (a) bindings: every resource Terraform bound, by address → absolute provider configuration address;
//   (b) diagnostics: Terraform's against what `tfgraph lint` shows of them — rule `terraform`, and the rules
//       that restate one of Terraform's diagnostics (unresolved-module's "Module not installed") — at the
//       range lint shows, matched by severity, summary, file and line.
// Directories Terraform refuses for `required_version` are asked again on a copy of their repository
// without `required_version` arguments. Oracle answers are kept in a cache directory (they depend only on
// the corpus and the Terraform version), so a re-run after a tfgraph change takes seconds.
//
// Usage: node scripts/oracle-fidelity.mjs [SUBSTRING] [--jobs N] [--out FILE.json] [--cache DIR]
//                                         [--corpus DIR] [--oracle PATH] [--refresh]
// Needs `npm run build` (dist/) and, for answers not in the cache, a terraform binary (see the oracle's README).
// Exit status: 0 no false positive and no miss outside the documented differences, 2 otherwise, 1 failure.
import {cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {runOracle, runOrdered} from './oracle-common.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const USAGE = `Usage: node scripts/oracle-fidelity.mjs [SUBSTRING] [--jobs N] [--out FILE.json] [--cache DIR] [--corpus DIR] [--oracle PATH] [--refresh]

Compares tfgraph's bindings and rule-"terraform" diagnostics with real Terraform's (through the
terraform-oracle) on every root module of the corpus whose path contains SUBSTRING.
  --jobs N       parallel oracle runs (default 2)
  --out FILE     write the full result as JSON
  --cache DIR    where oracle answers are kept (default .oracle-cache in the project)
  --refresh      ask the oracle again even when the cache has an answer
  --corpus DIR   corpus root (default ../shared/corpus)
  --oracle PATH  oracle.mjs (default ../shared/tools/terraform-oracle/oracle.mjs)`

function parseArgs(argv) {
  const opts = {
    filter: '',
    jobs: 2,
    out: undefined,
    cache: path.resolve(here, '..', '.oracle-cache'),
    refresh: false,
    corpus: path.resolve(here, '..', '..', 'shared', 'corpus'),
    oracle: path.resolve(here, '..', '..', 'shared', 'tools', 'terraform-oracle', 'oracle.mjs'),
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
      case '--jobs':
        opts.jobs = Number(value())
        if (!Number.isInteger(opts.jobs) || opts.jobs < 1) usage('--jobs must be a positive integer')
        break
      case '--out':
        opts.out = path.resolve(value())
        break
      case '--cache':
        opts.cache = path.resolve(value())
        break
      case '--refresh':
        opts.refresh = true
        break
      case '--corpus':
        opts.corpus = path.resolve(value())
        break
      case '--oracle':
        opts.oracle = path.resolve(value())
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
  console.error(`oracle-fidelity: ${msg}\n\n${USAGE}`)
  process.exit(1)
}

// ------------------------------------------------------------------------------------------- oracle

const refusedForVersion = (answer) =>
  [...(answer.validate?.diagnostics ?? []), ...(answer.bindings?.errors ?? [])].some(
    (d) => d.summary === 'Unsupported Terraform Core version',
  )

/** A copy of the repository holding `dir` with every `required_version` argument removed (once per repository per run). */
const strippedCopies = new Map()
function strippedCopy(opts, dir) {
  const rel = path.relative(opts.corpus, dir)
  const repo = rel.split(path.sep)[0]
  let copy = strippedCopies.get(repo)
  if (!copy) {
    copy = mkdtempSync(path.join(os.tmpdir(), 'tfgraph-fidelity-'))
    cpSync(path.join(opts.corpus, repo), path.join(copy, repo), {recursive: true, filter: (src) => !src.split(path.sep).includes('.git')})
    const walk = (d) => {
      for (const e of readdirSync(d, {withFileTypes: true})) {
        const p = path.join(d, e.name)
        if (e.isDirectory()) walk(p)
        else if (e.isFile() && e.name.endsWith('.tf')) {
          const text = readFileSync(p, 'utf8')
          const out = text.replace(/^[ \t]*required_version[ \t]*=.*$/gm, '')
          if (out !== text) writeFileSync(p, out)
        }
      }
    }
    walk(path.join(copy, repo))
    strippedCopies.set(repo, copy)
  }
  return path.join(copy, rel)
}

async function oracleAnswer(opts, dir) {
  const rel = path.relative(opts.corpus, dir)
  const file = path.join(opts.cache, rel.split(path.sep).join('__') + '.json')
  if (!opts.refresh && existsSync(file)) return {...JSON.parse(readFileSync(file, 'utf8')), cached: true}
  const ask = async (d) => {
    const [validate, bindings] = [await runOracle(opts.oracle, 'validate', d, 300), await runOracle(opts.oracle, 'bindings', d, 300)]
    return {validate: validate.result, bindings: bindings.result, error: validate.error ?? bindings.error}
  }
  let answer = await ask(dir)
  if (!answer.error && refusedForVersion(answer)) answer = {...(await ask(strippedCopy(opts, dir))), required_version_removed: true}
  if (answer.error) return answer
  mkdirSync(opts.cache, {recursive: true})
  writeFileSync(file, JSON.stringify(answer) + '\n')
  return answer
}

// --------------------------------------------------------------------------------------- comparison

// Terraform 1.11 wording that current Terraform (which tfgraph follows) changed: version drift.
function translate(d) {
  if (d.summary === 'Both a backend and cloud configuration are present')
    return {...d, summary: "Conflicting 'cloud' and 'backend' configuration blocks are present", drift: d.summary}
  if (d.summary === 'Duplicate backend configuration' && !/(^|_)override\.tf(\.json)?$/.test(d.filename ?? ''))
    return {...d, summary: "Duplicate 'backend' configuration block", drift: d.summary}
  return d
}

/** Oracle diagnostics (validate's, with ranges; graph-stage ones from `terraform graph`, file and line at most) in one list. */
function terraformDiagnostics(answer) {
  const out = []
  const seen = new Set()
  const add = (d) => {
    const k = `${d.severity}\0${d.summary}\0${d.filename ?? ''}\0${d.line ?? ''}`
    if (seen.has(k)) return
    seen.add(k)
    out.push(translate(d))
  }
  for (const d of answer.validate?.diagnostics ?? [])
    add({severity: d.severity, summary: d.summary, detail: d.detail ?? '', filename: d.range?.filename, line: d.range?.start.line})
  for (const d of [...(answer.bindings?.errors ?? []), ...(answer.bindings?.warnings ?? [])]) {
    // `terraform graph` repeats validate's configuration diagnostics (detail wrapped at 78 columns): the same key is one diagnostic
    const detail = (d.detail ?? '').replace(/\n(?!\n)/g, ' ')
    // `terraform get` names the call of a directory it cannot read in the detail only ("… for module "x" at main.tf:3.")
    const at =
      d.filename === undefined && d.summary === 'Unreadable module directory' ? /for module "[^"]*" at (.+):(\d+)\.$/.exec(detail) : null
    if (d.summary === 'Unreadable module directory' && !at && d.filename === undefined) continue // its second line (the lstat error), same call
    add({
      severity: d.severity,
      summary: d.summary,
      detail,
      filename: at ? at[1] : d.filename,
      line: at ? Number(at[2]) : d.line,
      stage: at ? 'init' : 'graph',
    })
  }
  // a call `terraform get` could not read is then "Module not installed" for validate: one finding, the cause
  const unreadable = new Set(out.filter((d) => d.stage === 'init').map((d) => `${d.filename}:${d.line}`))
  return out.filter((d) => !(d.summary === 'Module not installed' && unreadable.has(`${d.filename}:${d.line}`)))
}

/** What `tfgraph lint` shows of Terraform's diagnostics: rule `terraform`, and rule findings that restate one, where lint shows them. */
function tfgraphDiagnostics(linted) {
  return linted.diagnostics
    .filter((d) => d.rule === 'terraform' || d.restates !== undefined)
    .map((d) => ({
      severity: d.severity,
      summary: d.summary,
      detail: d.detail ?? '',
      filename: d.range?.filename,
      line: d.range?.start.line,
      ...(d.extra?.after_root_errors ? {afterRootErrors: true} : {}),
    }))
}

const keyOf = (d) => `${d.severity} ${d.summary} @ ${d.filename ? `${d.filename}:${d.line}` : '(no range)'}`

/**
 * Differences that are not tfgraph's to fix, each with its reason. A Terraform diagnostic matching one of
 * these is neither a miss nor a false positive; every one is listed in FIDELITY.md.
 */
const DOCUMENTED = [
  {
    id: 'placeholder-module',
    reason:
      "the oracle replaces a remote module by an empty placeholder, so validate's reference checks see no outputs or variables in it; tfgraph (which reads no remote module without a modules.json) makes no reference checks",
    terraform: (d, ctx) =>
      ctx.skipped > 0 &&
      /^(Unsupported attribute|Unsupported argument|Missing required argument|Reference to undeclared (output value|module))$/.test(
        d.summary,
      ),
  },
  {
    id: 'reference-validation',
    reason:
      "validate's graph walk checks references and expressions (undeclared resources, variables, locals; types of values); tfgraph checks configuration structure, module and provider rules only",
    terraform: (d) =>
      /^(Reference to undeclared (resource|input variable|local value|output value|module)|Invalid reference|Unsupported attribute|Invalid index|Invalid function argument|Too many function arguments|Not enough function arguments|Call to unknown function|Invalid count argument|Invalid for_each argument|Unsupported argument|Missing required argument|Inconsistent conditional result types|Incorrect attribute value type|Invalid template interpolation value|Unsupported block type|Unexpected resource instance key|Missing resource instance key|Invalid value for input variable|Invalid default value for variable|Error in function call|Self-referential block|Cycle: .*)$/.test(
        d.summary,
      ) && !d.stage,
  },
  {
    id: 'shared-module-root',
    reason:
      'a root module that declares configuration_aliases is meant to be called: Terraform cannot plan it alone (hashicorp/terraform#28490) and reports its aliased configurations missing; tfgraph analyses it as a shared module and binds those resources to the configurations expected from the caller',
    terraform: (d, ctx) => ctx.shared && (d.summary === 'Provider configuration not present' || /^missing provider /.test(d.summary)),
  },
  {
    id: 'module-source-variables',
    reason:
      'Terraform 1.11 rejects variables in module source and version ("Variables not allowed", "Unsuitable value type"); Terraform 1.15 and later accept const variables and local values, as tfgraph (which follows current Terraform) does',
    terraform: (d, ctx) => ctx.dynamicSources && /^(Variables not allowed|Unsuitable value type)$/.test(d.summary),
    tfgraph: (d, ctx) => ctx.dynamicSources && /^(Unknown|Invalid) module (source|version)$/.test(d.summary),
  },
  {
    id: 'init-stops-at-first',
    reason:
      '`terraform init`/`get` stops at the first local module directory it cannot read; tfgraph reports every call whose directory is missing (each is what Terraform reports once the ones before it are fixed)',
    tfgraph: (d, ctx) => d.summary === 'Unreadable module directory' && ctx.unreadable,
  },
  {
    id: 'missing-provider-per-call',
    reason:
      'a configuration missing from the root is passed to several module calls: Terraform\'s plan graph reports "missing provider …" once; tfgraph once per call that passes it (each with the call\'s address), so that every call needing it is named — one fix clears them all',
    tfgraph: (d, ctx) =>
      d.filename === undefined && /^missing provider /.test(d.summary) && ctx.terraformSummaries?.has(d.summary) === true,
  },
  {
    id: 'after-root-errors',
    reason:
      "Terraform's loader stops at errors in the root module's own files and says nothing more; tfgraph says the rest too, each marked as what Terraform says once those errors are fixed (extra.after_root_errors)",
    tfgraph: (d) => d.afterRootErrors === true,
  },
  {
    id: 'not-installed',
    reason:
      'the oracle installs an empty placeholder for every remote module before it asks Terraform; tfgraph reads the directory as it is, without .terraform/modules, where `terraform validate` before `terraform init` reports the same call as "Module not installed"',
    tfgraph: (d) => d.summary === 'Module not installed',
  },
]

/**
 * Pairs that are one finding said at two stages: Terraform's `init`/`get` reports a local module directory
 * that does not exist as "Unreadable module directory" (what tfgraph says, the cause) and `validate`
 * afterwards as "Module not installed" at the same call (what the oracle records).
 */
const EQUIVALENT = [{terraform: 'Module not installed', tfgraph: 'Unreadable module directory'}]

function documentedReason(d, ctx) {
  return DOCUMENTED.find((x) => x.terraform?.(d, ctx))?.id
}

function documentedTfgraphReason(d, ctx) {
  return DOCUMENTED.find((x) => x.tfgraph?.(d, ctx))?.id
}

function compareDiagnostics(tf, tg, ctx) {
  const pending = [...tg]
  const agreed = []
  const misses = []
  const documented = []
  for (const d of tf) {
    // graph-stage diagnostics carry no range in Terraform: matched by severity and summary
    const same = (y) =>
      y.severity === d.severity && (y.summary === d.summary || EQUIVALENT.some((e) => e.terraform === d.summary && e.tfgraph === y.summary))
    const i = pending.findIndex((y) => same(y) && (d.filename === undefined || (y.filename === d.filename && y.line === d.line)))
    if (i >= 0) {
      agreed.push({key: keyOf(d), ...(d.drift ? {drift: d.drift} : {})})
      pending.splice(i, 1)
      continue
    }
    const why = documentedReason(d, ctx)
    if (why) documented.push({key: keyOf(d), reason: why})
    else misses.push({key: keyOf(d), detail: d.detail})
  }
  const falsePositives = []
  // the same graph-stage error said again for another call (documented when Terraform says it once)
  const seen = {...ctx, terraformSummaries: new Set(tf.filter((d) => d.filename === undefined).map((d) => d.summary))}
  for (const y of pending) {
    const why = documentedTfgraphReason(y, seen)
    if (why) documented.push({key: keyOf(y), reason: why, side: 'tfgraph'})
    else falsePositives.push({key: keyOf(y), detail: y.detail})
  }
  return {agreed, misses, documented, falsePositives}
}

function compareBindings(answer, analysis, ctx) {
  const tf = answer.bindings?.resources ?? {}
  const tg = new Map(analysis.resolution.resources.map((r) => [r.address, r.providerConfig ?? null]))
  let matches = 0
  const differ = []
  for (const [addr, cfg] of Object.entries(tf)) {
    const mine = tg.get(addr)
    if (mine === cfg) matches++
    else differ.push({address: addr, terraform: cfg, tfgraph: mine ?? null, ...(ctx.shared ? {documented: 'shared-module-root'} : {})})
  }
  return {resources: Object.keys(tf).length, matches, differ}
}

// ------------------------------------------------------------------------------------------ running

async function checkRoot(opts, api, dir) {
  const rel = path.relative(opts.corpus, dir) || '.'
  const entry = {dir: rel}
  const answer = await oracleAnswer(opts, dir)
  if (answer.error) return {...entry, error: answer.error}
  if (answer.required_version_removed) entry.required_version_removed = true
  let analysis
  let linted
  try {
    linted = await api.lint(dir, {engine: 'terraform', context: api.context, env: {}})
    analysis = linted.analysis
  } catch (e) {
    return {...entry, error: `tfgraph failed: ${e?.stack ?? e}`}
  }
  const ctx = {
    skipped: answer.validate?.skipped_modules?.length ?? 0,
    shared: analysis.sharedModule !== undefined,
    unreadable: (answer.bindings?.errors ?? []).some((d) => d.summary === 'Unreadable module directory'),
    dynamicSources: analysis.tree.nodes.some(
      (n) =>
        n.call &&
        ['source', 'version'].some((a) => {
          // the call's source and version attributes as written (ModuleCall.source, .version)
          const v = n.call[a]?.value
          return typeof v === 'string' && v.includes('${')
        }),
    ),
  }
  entry.skipped_modules = ctx.skipped
  if (ctx.shared) entry.shared_module = true
  entry.bindings = compareBindings(answer, analysis, ctx)
  entry.diagnostics = compareDiagnostics(terraformDiagnostics(answer), tfgraphDiagnostics(linted), ctx)
  return entry
}

function printEntry(e) {
  const bad = e.error || e.bindings.differ.some((d) => !d.documented) || e.diagnostics.misses.length || e.diagnostics.falsePositives.length
  if (!bad) return
  console.log(`\n== ${e.dir}${e.required_version_removed ? '  (required_version removed)' : ''}`)
  if (e.error) return console.log(`   could not compare: ${e.error.split('\n')[0]}`)
  for (const d of e.bindings.differ)
    if (!d.documented) console.log(`   binding differs: ${d.address}: terraform ${d.terraform}, tfgraph ${d.tfgraph}`)
  for (const d of e.diagnostics.misses)
    console.log(`   miss (only Terraform):            ${d.key}\n      | ${(d.detail ?? '').split('\n')[0]}`)
  for (const d of e.diagnostics.falsePositives)
    console.log(`   false positive (only tfgraph):    ${d.key}\n      | ${(d.detail ?? '').split('\n')[0]}`)
}

async function main() {
  const opts = parseArgs(process.argv.slice(2))
  const dist = path.resolve(here, '..', 'dist', 'src')
  if (!existsSync(dist)) {
    console.error('oracle-fidelity: dist/ is missing: run `npm run build` first')
    process.exit(1)
  }
  if (!existsSync(opts.corpus) || !statSync(opts.corpus).isDirectory()) {
    console.error(`oracle-fidelity: no corpus at ${opts.corpus}`)
    process.exit(1)
  }
  const internal = async (rel) => import(pathToFileURL(path.join(dist, rel)).href)
  const [{lint}, {findRootModules}, {RunContext}] = await Promise.all([
    internal('lint/lint.js'),
    internal('lint/cached.js'),
    internal('load/run-context.js'),
  ])
  // one run for the whole comparison, parse cache off (the oracle's answers are cached instead)
  const api = {lint, context: new RunContext({cache: false})}
  const roots = (await findRootModules(api.context, opts.corpus, 'terraform')).filter((d) =>
    path.relative(opts.corpus, d).includes(opts.filter),
  )
  console.error(
    `oracle-fidelity: ${roots.length} root modules under ${opts.corpus}${opts.filter ? ` matching "${opts.filter}"` : ''}, ${opts.jobs} jobs`,
  )
  const results = await runOrdered(roots, {jobs: opts.jobs, label: 'oracle-fidelity'}, (d) => checkRoot(opts, api, d), printEntry)
  for (const copy of strippedCopies.values()) rmSync(copy, {recursive: true, force: true})

  const ok = results.filter((e) => !e.error)
  const sum = (f) => ok.reduce((n, e) => n + f(e), 0)
  const count = (list) => {
    const m = new Map()
    for (const k of list) m.set(k, (m.get(k) ?? 0) + 1)
    return Object.fromEntries([...m.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)))
  }
  const summary = {
    roots: results.length,
    compared: ok.length,
    could_not_compare: results.length - ok.length,
    required_version_removed: ok.filter((e) => e.required_version_removed).length,
    shared_modules: ok.filter((e) => e.shared_module).length,
    bindings: {
      resources: sum((e) => e.bindings.resources),
      matches: sum((e) => e.bindings.matches),
      differ: sum((e) => e.bindings.differ.filter((d) => !d.documented).length),
      documented: sum((e) => e.bindings.differ.filter((d) => d.documented).length),
    },
    diagnostics: {
      terraform: sum((e) => e.diagnostics.agreed.length + e.diagnostics.misses.length + e.diagnostics.documented.length),
      matches: sum((e) => e.diagnostics.agreed.length),
      version_drift: sum((e) => e.diagnostics.agreed.filter((d) => d.drift).length),
      false_positives: sum((e) => e.diagnostics.falsePositives.length),
      misses: sum((e) => e.diagnostics.misses.length),
      documented: count(
        ok.flatMap((e) => e.diagnostics.documented.map((d) => `${d.reason} (${d.side === 'tfgraph' ? 'only tfgraph' : 'only Terraform'})`)),
      ),
    },
    matched_by_summary: count(ok.flatMap((e) => e.diagnostics.agreed.map((d) => d.key.replace(/ @ .*$/, '')))),
    documented_reasons: Object.fromEntries(DOCUMENTED.map((d) => [d.id, d.reason])),
  }
  console.log('\n' + JSON.stringify(summary, null, 2))
  if (opts.out) {
    writeFileSync(
      opts.out,
      JSON.stringify(
        {generated: new Date().toISOString(), terraform_version: ok.find((e) => e)?.terraform_version, summary, roots: results},
        null,
        2,
      ) + '\n',
    )
    console.error(`oracle-fidelity: wrote ${opts.out}`)
  }
  process.exitCode =
    summary.bindings.differ + summary.diagnostics.false_positives + summary.diagnostics.misses + summary.could_not_compare > 0 ? 2 : 0
}

main().catch((e) => {
  console.error(e?.stack ?? e)
  process.exit(1)
})
