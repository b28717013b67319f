// `tfgraph lint`: Terraform's own module/provider diagnostics (rule id `terraform`) plus tfgraph's
// rules for module authors, configured by .tfgraph.json / --only / --disable and inline ignores.
import {listInput, statInput} from '../io/inputs.js'
import * as path from 'node:path'
import {compareDiagnostics, type Diagnostic, type Severity} from '../diag/diagnostic.js'
import type {CrawlLimits, ModuleNode} from '../graph/crawl.js'
import {analyzeProviders, type ProvidersAnalysis} from '../providers/analyze.js'
import {RULES} from '../rules/index.js'
import type {LintDiagnostic, Rule} from '../rules/rule.js'
import type {EngineName} from '../load/engine.js'
import {EMPTY_CONFIG, type LintConfig} from './config.js'
import {applyIgnores} from './ignore.js'
import {mapLimit} from '../cli/map-limit.js'
import {expectNativeFiles} from '../hcl/parse-pool.js'
import {analysisEnv, withResultsCache} from '../io/results-cache.js'
import {parseCacheSettings} from '../hcl/parse-cache.js'
import {DEFAULT_MAX_FILES} from '../load/load-module.js'

export const TERRAFORM_RULE = 'terraform'

export interface LintOptions {
  readonly engine?: EngineName
  readonly env?: NodeJS.ProcessEnv
  readonly config?: LintConfig
  /** Run only these rules (ids; `terraform` for Terraform's own checks). */
  readonly only?: readonly string[]
  readonly disable?: readonly string[]
  readonly vars?: readonly string[]
  readonly varFiles?: readonly string[]
  /** `--max-depth`, `--max-files`, `--max-modules`. */
  readonly limits?: CrawlLimits
}

export interface LintResult {
  /** The root directory as given. */
  readonly root: string
  readonly analysis: ProvidersAnalysis
  readonly diagnostics: readonly LintDiagnostic[]
  readonly suppressed: number
  /** The tool could not read or parse part of the configuration. */
  readonly incomplete: boolean
}

/** The module a file belongs to (by its directory relative to the root), for `callers`. */
function moduleOfFile(nodes: readonly ModuleNode[], filename: string): ModuleNode | undefined {
  let best: ModuleNode | undefined
  for (const n of nodes) {
    if (!n.displayDir) continue
    const prefix = n.displayDir === '.' ? '' : n.displayDir + '/'
    const rest = filename.startsWith(prefix) ? filename.slice(prefix.length) : undefined
    if (rest === undefined || rest.includes('/')) continue
    if (!best || (best.displayDir?.length ?? 0) < n.displayDir.length) best = n
  }
  return best
}

export function callersOf(n: ModuleNode | undefined): string[] {
  const out: string[] = []
  for (let p = n; p && p.address !== ''; p = p.parent) out.unshift(p.address)
  return out
}

function enabled(id: string, byDefault: boolean, opts: LintOptions): boolean {
  if (opts.only && opts.only.length > 0) return opts.only.includes(id)
  if (opts.disable?.includes(id)) return false
  const s = (opts.config ?? EMPTY_CONFIG).rules.get(id)
  if (s === 'off') return false
  if (s !== undefined) return true
  return byDefault
}

function severityFor(id: string, base: Severity, opts: LintOptions): Severity {
  const s = (opts.config ?? EMPTY_CONFIG).rules.get(id)
  return s === 'warning' || s === 'error' ? s : base
}

function sameFinding(a: Diagnostic, b: Diagnostic): boolean {
  return a.summary === b.summary && a.range?.filename === b.range?.filename && a.range?.start.byte === b.range?.start.byte
}

export async function lint(dir: string, opts: LintOptions = {}): Promise<LintResult> {
  const analysis = await analyzeProviders(dir, {
    ...(opts.engine ? {engine: opts.engine} : {}),
    ...(opts.env ? {env: opts.env} : {}),
    vars: opts.vars ?? [],
    varFiles: opts.varFiles ?? [],
    ...opts.limits,
  })
  const ruleDiags: LintDiagnostic[] = []
  for (const rule of RULES as readonly Rule[]) {
    if (!enabled(rule.id, rule.enabledByDefault, opts)) continue
    const sev = severityFor(rule.id, rule.severity, opts)
    for (const d of rule.check({analysis})) ruleDiags.push(sev === rule.severity ? d : {...d, severity: sev})
  }
  const terraform: LintDiagnostic[] = []
  if (enabled(TERRAFORM_RULE, true, opts)) {
    for (const d of analysis.diagnostics) {
      if (ruleDiags.some((r) => sameFinding(r, d))) continue // a rule reports the same finding with more context
      const n = d.range ? moduleOfFile(analysis.tree.nodes, d.range.filename) : undefined
      terraform.push({...d, rule: TERRAFORM_RULE, ...(n && n.address ? {address: n.address} : {}), callers: callersOf(n)})
    }
  }
  const all = [...terraform, ...ruleDiags].sort((a, b) => compareDiagnostics(a, b) || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0))
  const {kept, suppressed} = applyIgnores(path.resolve(dir), all)
  return {root: dir, analysis, diagnostics: kept, suppressed, incomplete: analysis.incomplete}
}

/** What `tfgraph lint` keeps of a root's analysis: its findings, plus the modules it covered. */
export interface LintOutcome {
  readonly root: string
  readonly diagnostics: readonly LintDiagnostic[]
  readonly suppressed: number
  readonly incomplete: boolean
  /** The module directories analysed (absolute paths) with their number of resources, sorted. */
  readonly modules: readonly (readonly [string, number])[]
  /** True when the results cache answered (nothing was parsed or analysed). */
  readonly cached: boolean
}

type StoredLint = Omit<LintOutcome, 'root' | 'cached'>

function isStoredLint(v: unknown): v is StoredLint {
  if (typeof v !== 'object' || v === null) return false
  const r = v as Record<string, unknown>
  return (
    Array.isArray(r['diagnostics']) &&
    r['diagnostics'].every((d: unknown) => typeof d === 'object' && d !== null && typeof (d as Record<string, unknown>)['summary'] === 'string' && typeof (d as Record<string, unknown>)['severity'] === 'string' && typeof (d as Record<string, unknown>)['rule'] === 'string') &&
    typeof r['suppressed'] === 'number' &&
    typeof r['incomplete'] === 'boolean' &&
    Array.isArray(r['modules']) &&
    r['modules'].every((m: unknown) => Array.isArray(m) && typeof m[0] === 'string' && typeof m[1] === 'number')
  )
}

/**
 * `lint`, keeping only what is printed, through the results cache: a root whose files, directory
 * listings, options and environment are all as when it was last linted is answered from the cache.
 */
export async function lintCached(dir: string, opts: LintOptions = {}): Promise<LintOutcome> {
  const cfg = opts.config ?? EMPTY_CONFIG
  const key = {
    root: path.resolve(dir),
    cwd: process.cwd(),
    engine: opts.engine ?? null,
    rules: [...cfg.rules].sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    maxWarnings: cfg.maxWarnings ?? null,
    only: opts.only ?? [],
    disable: opts.disable ?? [],
    vars: opts.vars ?? [],
    varFiles: opts.varFiles ?? [],
    limits: opts.limits ?? {},
    env: analysisEnv(opts.env ?? process.env),
  }
  const r = await withResultsCache(
    'lint',
    key,
    async (): Promise<StoredLint> => {
      const full = await lint(dir, opts)
      const modules = new Map<string, number>()
      for (const n of full.analysis.tree.nodes) if (n.dir && n.module) modules.set(n.dir, n.module.managedResources.size + n.module.dataResources.size)
      return {diagnostics: full.diagnostics, suppressed: full.suppressed, incomplete: full.incomplete, modules: [...modules].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))}
    },
    {narrow: isStoredLint, keep: (v) => !v.incomplete},
  )
  return {root: dir, ...r.value, cached: r.cached}
}

const SKIP_DIRS = new Set(['.terraform', 'node_modules', '.git'])

/** Root modules under a directory: configuration directories no other one calls as a local module. */
export async function findRootModules(dir: string, engine?: EngineName, opts: {readonly maxFiles?: number} = {}): Promise<string[]> {
  const narrow = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string')
  const r = await withResultsCache('roots', {dir: path.resolve(dir), engine: engine ?? null}, () => searchRootModules(dir, engine, opts.maxFiles ?? DEFAULT_MAX_FILES), {narrow})
  return r.value
}

async function searchRootModules(dir: string, engine: EngineName | undefined, maxFiles: number): Promise<string[]> {
  const cacheDir = path.resolve(parseCacheSettings().dir)
  const configDirs: string[] = []
  const filesIn = new Map<string, number>()
  let nativeFiles = 0
  const walk = (d: string, depth: number): void => {
    if (depth > 50) return
    let entries
    try {
      entries = listInput(d)
    } catch {
      return
    }
    let native = 0
    let config = false
    for (const e of entries) {
      if (!(e.isFile() || e.isSymbolicLink()) || e.name.startsWith('.')) continue
      if (e.name.endsWith('.tf') || e.name.endsWith('.tofu')) native++
      else if (!e.name.endsWith('.tf.json') && !e.name.endsWith('.tofu.json')) continue
      config = true
    }
    if (config) {
      configDirs.push(d)
      filesIn.set(d, native)
      nativeFiles += native
    }
    for (const e of entries) {
      if (!e.isDirectory() || e.name.startsWith('.') || SKIP_DIRS.has(e.name)) continue
      const sub = path.join(d, e.name)
      if (sub !== cacheDir) walk(sub, depth + 1) // tfgraph's own cache, when it lives inside the tree
    }
  }
  const top = path.resolve(dir)
  walk(top, 0)
  expectNativeFiles(nativeFiles)
  // which directories are called: from the module sources alone (scanned, not parsed)
  const {moduleSources} = await import('./module-sources.js')
  const called = new Set<string>()
  const calls = new Map<string, string[]>()
  for (const d of configDirs) {
    const targets: string[] = []
    for (const src of moduleSources(d, engine).values()) {
      if (src !== undefined && (src.startsWith('./') || src.startsWith('../'))) {
        const target = path.resolve(d, src)
        if (statInput(target) === 'dir') targets.push(target) // not there: the crawl reports it
      }
    }
    for (const t of targets) called.add(t)
    calls.set(d, targets)
  }
  // the directories a crawl from DIR reaches through local calls
  const fromTop = new Set<string>()
  const queue = filesIn.has(top) ? [top] : []
  for (let d = queue.pop(); d !== undefined; d = queue.pop()) {
    if (fromTop.has(d)) continue
    fromTop.add(d)
    queue.push(...(calls.get(d) ?? []))
  }
  // Every directory's files are then parsed in the background, 32 directories at a time, so the worker
  // pool parses while the roots are being linted instead of linting waiting for every file; those a
  // crawl from DIR reaches are loaded whole, named as that crawl names them, so a root at DIR reuses
  // the loads (the others are named from their own roots: their parses are reused, not their loads).
  // Only as many files as one run may read (--max-files) are taken ahead. A new search starts a new
  // run: the previous search's shared loads are let go.
  const {clearSharedLoads, loadModuleShared} = await import('../load/shared-load.js')
  const {prefetchParses} = await import('../load/load-module.js')
  clearSharedLoads()
  let ahead = 0
  const sorted = [...configDirs].sort().filter((d) => (ahead += filesIn.get(d) ?? 0) <= maxFiles)
  void mapLimit(sorted, 32, async (d) => {
    if (!fromTop.has(d)) return prefetchParses(d, engine)
    const rel = path.relative(top, d).split(path.sep).join('/')
    await loadModuleShared(d, {...(engine ? {engine} : {}), displayPrefix: rel === '' ? '' : rel + '/'})
  }).catch(() => {
    // loading never throws; the crawls report every problem
  })
  return configDirs.filter((d) => !called.has(d)).sort()
}
