#!/usr/bin/env node
// The state's fidelity on the corpus (issue #51): for root modules of ../shared/corpus, a copy on
// Terraform's built-in provider is generated from tfgraph's own bindings (`providers --json`): the same
// module tree (every module a directory, every call a local call), one `terraform_data` per managed
// resource, one aliased `terraform` configuration per provider block a resource is bound to, in the
// module that holds it, passed down through `providers` maps and `configuration_aliases` to the modules
// whose resources it serves. That copy is applied offline (`terraform apply`, nothing downloaded); then,
// chosen at random (seeded), one provider block (with the resources bound to it) or one module call is
// deleted, `terraform plan` runs against the state, and Terraform's "Provider configuration not present"
// errors are compared with those of `tfgraph lint --state` on the same copy, object by object.
//
// Left out (the copy is a subset; FIDELITY.md says so): count and for_each (every module and resource is
// one instance), data sources, resources bound to no configuration, and the calls of modules tfgraph
// cannot read (a registry or git module not installed: nothing of them is known, the call is dropped). Implied default
// configurations stay the default `terraform` provider (never missing at the root); every provider block
// becomes an alias, so a root's default block removed is an alias removed.
//
// Usage: node scripts/oracle-state-corpus.mjs [SUBSTRING] [--limit N] [--seed S] [--terraform PATH]
//                                             [--corpus DIR] [--out FILE.json]
//   --limit N   roots tried (default 25: about two minutes on 2 cores); 0 for every root
//   --seed S    the order the roots are tried in and the deletion chosen (default 51)
// Needs `npm run build` and terraform (default /usr/local/bin/terraform). Never part of npm test.
// Exit status: 0 every copied root agrees, 2 some differ, 1 the script failed.
import {spawnSync} from 'node:child_process'
import {cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const repo = path.resolve(here, '..')

function parseArgs(argv) {
  const o = {
    filter: '',
    limit: 25,
    seed: 51,
    terraform: '/usr/local/bin/terraform',
    corpus: path.resolve(repo, '../shared/corpus'),
    out: undefined,
  }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    const next = () => argv[++i]
    if (a === '--limit') o.limit = Number(next())
    else if (a === '--seed') o.seed = Number(next())
    else if (a === '--terraform') o.terraform = next()
    else if (a === '--corpus') o.corpus = path.resolve(next())
    else if (a === '--out') o.out = path.resolve(next())
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`)
    else o.filter = a
  }
  return o
}

/** mulberry32: a small seeded generator. */
function random(seed) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function shuffle(items, rnd) {
  const a = [...items]
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1))
    ;[a[i], a[j]] = [a[j], a[i]]
  }
  return a
}

const tfgraph = (args) =>
  spawnSync(process.execPath, [path.join(repo, 'bin/run.cjs'), ...args], {encoding: 'utf8', maxBuffer: 1 << 28, timeout: 120_000})

/** `module.a.module.b` → ['a', 'b']. */
const segments = (m) => (m === '' ? [] : m.split('.').filter((_, i) => i % 2 === 1))
const parentOf = (m) => m.replace(/(^|\.)module\.[^.]+$/, '')
const dirOf = (m) =>
  segments(m)
    .map((s) => `m/${s}`)
    .join('/')
const safe = (s) => s.replace(/[^A-Za-z0-9_-]/g, '_').replace(/^([^A-Za-z_])/, '_$1')

/**
 * The built-in-provider copy of a root from tfgraph's `providers --json`, as a model: modules (calls,
 * configurations declared, aliases received, resources with the configuration each names). Undefined
 * (with the reason) when the root cannot be copied.
 */
function model(j) {
  // a module tfgraph cannot read (a registry or git module not installed) is left out with what is below it: none of its resources is known
  const unread = j.modules.filter((m) => !m.resolved).map((m) => m.path)
  const read = j.modules.filter((m) => !unread.some((u) => m.path === u || m.path.startsWith(u + '.')))
  const mods = new Map(
    read.map((m) => [m.path, {path: m.path, calls: new Set(), declares: new Set(), receives: new Set(), passes: new Map(), resources: []}]),
  )
  for (const m of mods.values()) if (m.path !== '') mods.get(parentOf(m.path))?.calls.add(segments(m.path).at(-1))
  const configs = new Map(j.provider_configs.map((c) => [c.address, c]))
  const names = new Map()
  const managed = j.resources.filter((r) => r.mode === 'managed' && r.provider_config)
  if (managed.length === 0) return {why: 'no managed resource bound to a configuration'}
  for (const r of managed) {
    const c = configs.get(r.provider_config)
    const mod = mods.get(r.module)
    if (!c || !mod) return {why: `${r.address}: configuration or module not in the JSON`}
    const res = {name: safe(`${r.type}__${r.name}`), config: undefined}
    if (!c.implied) {
      if (!(r.module === c.module || r.module.startsWith(c.module === '' ? 'module.' : c.module + '.')))
        return {why: `${r.address}: bound outside its module's ancestors`}
      if (!names.has(c.address)) names.set(c.address, `c${names.size}`)
      const n = names.get(c.address)
      res.config = n
      mods.get(c.module).declares.add(n)
      // passed down the calls from the configuration's module to the resource's
      for (let m = r.module; m !== c.module; m = parentOf(m)) {
        mods.get(m).receives.add(n)
        mods.get(parentOf(m)).passes.set(`${segments(m).at(-1)}:${n}`, n)
      }
    }
    if (!mod.resources.some((x) => x.name === res.name)) mod.resources.push(res)
  }
  return {mods}
}

function moduleText(m) {
  const out = []
  const aliases = [...m.receives].sort().map((n) => `terraform.${n}`)
  out.push(
    `terraform {\n  required_providers {\n    terraform = {\n      source = "terraform.io/builtin/terraform"${aliases.length ? `\n      configuration_aliases = [${aliases.join(', ')}]` : ''}\n    }\n  }\n}\n`,
  )
  for (const n of [...m.declares].sort()) out.push(`provider "terraform" {\n  alias = "${n}"\n}\n`)
  for (const r of m.resources)
    out.push(`resource "terraform_data" "${r.name}" {${r.config ? `\n  provider = terraform.${r.config}\n` : ''}}\n`)
  for (const call of [...m.calls].sort()) {
    const passes = [...m.passes.entries()].filter(([k]) => k.startsWith(call + ':')).map(([, n]) => `    terraform.${n} = terraform.${n}`)
    out.push(`module "${call}" {\n  source = "./m/${call}"${passes.length ? `\n  providers = {\n${passes.join('\n')}\n  }` : ''}\n}\n`)
  }
  return out.join('\n')
}

function write(mods, dir) {
  rmSync(dir, {recursive: true, force: true})
  for (const m of mods.values()) {
    const d = path.join(dir, dirOf(m.path))
    mkdirSync(d, {recursive: true})
    writeFileSync(path.join(d, 'main.tf'), moduleText(m))
  }
}

/** A deep copy of the model with one provider block (and what it serves) or one module call (and its subtree) deleted. */
function deleted(mods, what) {
  const out = new Map()
  for (const [k, m] of mods) {
    if (what.kind === 'call' && (k === what.module || k.startsWith(what.module + '.'))) continue
    const calls = new Set(m.calls)
    if (what.kind === 'call' && k === parentOf(what.module)) calls.delete(segments(what.module).at(-1))
    const drop = (n) => what.kind === 'config' && n === what.name
    out.set(k, {
      path: k,
      calls,
      declares: new Set([...m.declares].filter((n) => !drop(n))),
      receives: new Set([...m.receives].filter((n) => !drop(n))),
      passes: new Map([...m.passes].filter(([, n]) => !drop(n))),
      resources: m.resources.filter((r) => !drop(r.config)),
    })
  }
  return out
}

function candidates(mods) {
  const out = []
  for (const m of mods.values()) {
    for (const n of m.declares)
      out.push({kind: 'config', name: n, module: m.path, text: `provider block terraform.${n} in ${m.path || 'the root module'}`})
    if (m.path !== '') out.push({kind: 'call', module: m.path, text: `module call ${m.path}`})
  }
  return out
}

const ORPHAN = /To work with (\S+ \((?:orphan|deposed [0-9a-f]+)\)) its original/g

function terraform(opts, args, cwd, tmp) {
  const env = {...process.env, TF_CLI_CONFIG_FILE: path.join(tmp, 'cli.tfrc'), CHECKPOINT_DISABLE: '1', TF_IN_AUTOMATION: '1'}
  delete env.TF_LOG
  delete env.TF_DATA_DIR
  return spawnSync(opts.terraform, [...args, '-input=false', '-no-color'], {
    cwd,
    env,
    encoding: 'utf8',
    timeout: 300_000,
    maxBuffer: 1 << 28,
  })
}

/** One root: copied, applied, a deletion, Terraform's plan and tfgraph's lint --state compared. */
function checkRoot(opts, root, rnd) {
  const rel = path.relative(opts.corpus, root)
  const p = tfgraph(['providers', root, '--json', '--engine', 'terraform'])
  let j
  try {
    j = JSON.parse(p.stdout)
  } catch {
    return {root: rel, copied: false, why: `tfgraph providers failed: ${p.stderr.split('\n')[0]}`}
  }
  const m = model(j)
  if (!m.mods) return {root: rel, copied: false, why: m.why}
  const all = candidates(m.mods)
  if (all.length === 0) return {root: rel, copied: false, why: 'no provider block and no module call to delete'}
  const what = all[Math.floor(rnd() * all.length)]
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'tfgraph-state-corpus-'))
  try {
    writeFileSync(path.join(tmp, 'cli.tfrc'), '')
    const work = path.join(tmp, 'work')
    write(m.mods, work)
    for (const args of [['init'], ['apply', '-auto-approve']]) {
      const r = terraform(opts, args, work, tmp)
      if (r.status !== 0)
        return {root: rel, copied: false, why: `v1 ${args[0]} failed: ${(r.stderr || r.stdout).trim().split('\n').slice(0, 3).join(' ')}`}
    }
    const state = path.join(tmp, 'terraform.tfstate')
    writeFileSync(state, readFileSync(path.join(work, 'terraform.tfstate')))
    const v2 = deleted(m.mods, what)
    for (const m2 of m.mods.keys()) if (!v2.has(m2)) rmSync(path.join(work, dirOf(m2)), {recursive: true, force: true})
    for (const m2 of v2.values()) writeFileSync(path.join(work, dirOf(m2.path), 'main.tf'), moduleText(m2))
    const init = terraform(opts, ['init'], work, tmp)
    if (init.status !== 0) return {root: rel, copied: false, why: `v2 init failed: ${init.stderr.trim().split('\n')[0]}`}
    const plan = terraform(opts, ['plan', '-lock=false'], work, tmp)
    const text = `${plan.stdout}${plan.stderr}`.replace(/\s+/g, ' ')
    const expected = [...text.matchAll(ORPHAN)].map((x) => x[1]).sort()
    const l = tfgraph(['lint', work, '--state', state, '--format', 'json'])
    let lint
    try {
      lint = JSON.parse(l.stdout)
    } catch {
      return {
        root: rel,
        copied: true,
        deleted: what.text,
        plan_exit: plan.status,
        terraform: expected,
        tfgraph: [],
        agree: false,
        why: `tfgraph lint failed: ${l.stderr.trim().split('\n')[0]}`,
      }
    }
    const got = (lint.diagnostics ?? [])
      // lint's JSON has no code: the state rule's error by its summary
      .filter((d) => d.rule === 'state' && d.summary === 'Provider configuration not present')
      .flatMap((d) => [...d.detail.replace(/\s+/g, ' ').matchAll(ORPHAN)].map((x) => x[1]))
      .sort()
    const agree = JSON.stringify(expected) === JSON.stringify(got)
    if (!agree && process.env.STATE_CORPUS_KEEP) cpSync(tmp, process.env.STATE_CORPUS_KEEP, {recursive: true})
    return {root: rel, copied: true, deleted: what.text, plan_exit: plan.status, terraform: expected, tfgraph: got, agree}
  } finally {
    rmSync(tmp, {recursive: true, force: true})
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2))
  if (!existsSync(path.join(repo, 'dist'))) throw new Error('dist/ is missing: run `npm run build` first')
  if (!existsSync(opts.terraform)) throw new Error(`no terraform at ${opts.terraform} (--terraform PATH)`)
  const internal = async (rel) => import(pathToFileURL(path.join(repo, 'dist', 'src', rel)).href)
  const [{findRootModules}, {RunContext}] = await Promise.all([internal('lint/cached.js'), internal('load/run-context.js')])
  const found = (await findRootModules(new RunContext({cache: false}), opts.corpus, 'terraform')).filter((d) =>
    path.relative(opts.corpus, d).includes(opts.filter),
  )
  const rnd = random(opts.seed)
  const roots = shuffle(found.sort(), rnd).slice(0, opts.limit > 0 ? opts.limit : undefined)
  console.error(`oracle-state-corpus: ${roots.length} of ${found.length} root modules, seed ${opts.seed}`)
  const results = []
  for (const r of roots) {
    const e = checkRoot(opts, r, rnd)
    results.push(e)
    const line = e.copied
      ? `${e.agree ? 'agree' : 'DIFFER'} ${e.root}: deleted ${e.deleted}; terraform ${e.terraform.length} error(s), tfgraph ${e.tfgraph.length}`
      : `skip ${e.root}: ${e.why}`
    console.log(line)
    if (e.copied && !e.agree) console.log(`  terraform: ${e.terraform.join(', ')}\n  tfgraph:   ${e.tfgraph.join(', ')}`)
  }
  const copied = results.filter((e) => e.copied)
  const summary = {
    tried: results.length,
    copied: copied.length,
    agree: copied.filter((e) => e.agree).length,
    with_errors: copied.filter((e) => e.terraform.length > 0).length,
    errors: copied.reduce((n, e) => n + e.terraform.length, 0),
  }
  console.log(JSON.stringify(summary))
  if (opts.out)
    writeFileSync(opts.out, JSON.stringify({generated: new Date().toISOString(), seed: opts.seed, summary, roots: results}, null, 2) + '\n')
  process.exit(summary.agree === summary.copied ? 0 : 2)
}

main().catch((e) => {
  console.error(`oracle-state-corpus: ${e instanceof Error ? e.message : String(e)}`)
  process.exit(1)
})
