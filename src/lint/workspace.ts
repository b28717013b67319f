// A workspace: a directory tree of root modules kept analysed in one long-lived run, for an editor
// (`tfgraph lsp`). Its roots are found as `lint --recursive` finds them; each is linted through one
// RunContext whose file source lays the editor's open buffers over the disk (io/overlay-source.ts:
// nothing is written). A change marks stale only the roots whose last analysis read the changed path
// (a file, or the listing of its directory); a stale root is analysed again when asked for, and its
// unchanged module directories come back from the run's shared loads, their files from the parser's
// results by content — so an edit re-parses one file and re-loads one module directory. Analyses are
// kept for a bounded number of roots (those holding open buffers always); findings, module
// directories and inputs of every root are kept (small), so diagnostics stay published.
import * as path from 'node:path'
import {displayRange} from '../diag/diagnostic.js'
import type {CrawlLimits} from '../crawl/crawl.js'
import {objectEntry} from '../hcl/expr.js'
import {utf8Text, type FileSource} from '../io/inputs.js'
import {OverlaySource} from '../io/overlay-source.js'
import type {EngineName} from '../load/engine.js'
import {RunContext} from '../load/run-context.js'
import type {LintDiagnostic} from '../rules/rule.js'
import {configDirsUnder, localCallTargets} from './cached.js'
import {readLintConfig} from './config.js'
import {lint, type LintResult} from './lint.js'

export interface WorkspaceOptions {
  readonly engine?: EngineName
  /** Environment for `TF_DATA_DIR` and the like (default `process.env`). */
  readonly env?: NodeJS.ProcessEnv
  readonly limits?: CrawlLimits
  /** Analyses kept in memory besides those of roots holding open buffers (default 16). */
  readonly keep?: number
  /** Where files are read below the buffers (default the disk). */
  readonly files?: FileSource
}

/**
 * Why a directory is analysed as a root: found as `lint --recursive` finds roots (`root`); a directory no
 * root reaches, analysed on its own (`dir`); a shared module (its required_providers declares
 * configuration_aliases) also shown on its own, as `tfgraph providers` shows it (`shared`: its findings are
 * not published, its callers' are).
 */
export type RootKind = 'root' | 'dir' | 'shared'

/** One root's analysis: `lint`'s result (the module tree, every binding, the findings; file names relative to the root). */
export interface RootAnalysis {
  /** The root module directory (absolute). */
  readonly root: string
  readonly kind: RootKind
  readonly lint: LintResult
  /** The module directories of its tree (absolute). */
  readonly dirs: ReadonlySet<string>
}

/** A finding of one root, in one file (absolute path). */
export interface Finding {
  readonly root: string
  readonly file: string
  readonly diagnostic: LintDiagnostic
}

/** The analysis layer of `tfgraph lsp`: buffers in, analyses and findings out. */
export interface Workspace {
  /** The directory searched for root modules (absolute). */
  readonly dir: string
  /** Lays an editor's buffer over a file (opened or changed; nothing is written). */
  setBuffer(file: string, text: string): void
  /** Takes a buffer away (the editor closed it): the disk is read again. */
  dropBuffer(file: string): void
  /** Files created, changed or deleted on the disk (the editor's file watcher). */
  changedOnDisk(files: readonly string[]): void
  /**
   * Analyses every root that is stale (the first call: every root) and returns the files whose findings
   * may have changed. `progress` is told each root as it starts.
   */
  update(progress?: (root: string, done: number, total: number) => void): Promise<ReadonlySet<string>>
  /** The root modules found (absolute, sorted). */
  roots(): readonly string[]
  /**
   * The analyses of the roots whose module tree holds the directory of `file` (brought up to date), plus
   * the directory on its own when it is a shared module; the directory alone when no root reaches it.
   */
  analysesOf(file: string): Promise<readonly RootAnalysis[]>
  /** The findings in one file across the roots that hold it, each once (as of the last update). */
  findings(file: string): readonly Finding[]
  /** Ends the run. */
  close(): Promise<void>
}

interface RootState {
  readonly root: string
  kind: RootKind
  analysis: RootAnalysis | undefined
  /** Paths its last analysis read (files, listings, stats). */
  inputs: ReadonlySet<string>
  dirs: ReadonlySet<string>
  /** The overlay's change count when its last analysis started (-1: never analysed). */
  builtAt: number
  building: Promise<RootAnalysis> | undefined
  /** Its findings by file (absolute). */
  findings: Map<string, LintDiagnostic[]>
  used: number
}

const CONFIG_FILE = /\.(tf|tofu)(\.json)?$/

/** Opens a workspace on `dir` (its roots are searched on the first update). */
export function openWorkspace(dir: string, opts: WorkspaceOptions = {}): Workspace {
  return new LintWorkspace(path.resolve(dir), opts)
}

class LintWorkspace implements Workspace {
  private readonly source: OverlaySource
  private readonly ctx: RunContext
  private readonly states = new Map<string, RootState>()
  /** Configuration directories under `dir`, and the directories each calls by a local source. */
  private configDirs: Set<string> | undefined
  private readonly calls = new Map<string, readonly string[]>()
  private readonly open = new Set<string>()
  private clock = 0
  /** Analyses run one after another (they share the run's loads). */
  private queue: Promise<unknown> = Promise.resolve()
  /** Directories whose local calls must be read again (a file of theirs changed, or appeared). */
  private readonly dirtyDirs = new Set<string>()

  constructor(
    readonly dir: string,
    private readonly opts: WorkspaceOptions,
  ) {
    this.source = new OverlaySource(opts.files)
    this.ctx = new RunContext({files: this.source, cache: false, ...(opts.env ? {env: opts.env} : {})})
  }

  setBuffer(file: string, text: string): void {
    const abs = path.resolve(file)
    const old = this.source.buffer(abs)
    if (old) this.ctx.parser.forget(utf8Text(old))
    this.source.set(abs, text)
    this.open.add(abs)
    this.changed(abs)
  }

  dropBuffer(file: string): void {
    const abs = path.resolve(file)
    const old = this.source.buffer(abs)
    if (old) this.ctx.parser.forget(utf8Text(old))
    this.source.drop(abs)
    this.open.delete(abs)
    this.changed(abs)
  }

  changedOnDisk(files: readonly string[]): void {
    const abs = files.map((f) => path.resolve(f))
    this.source.changedOnDisk(abs)
    for (const f of abs) this.changed(f)
  }

  private changed(abs: string): void {
    if (CONFIG_FILE.test(abs)) this.dirtyDirs.add(path.dirname(abs))
  }

  roots(): readonly string[] {
    return [...this.states.values()]
      .filter((s) => s.kind === 'root')
      .map((s) => s.root)
      .sort()
  }

  private stale(s: RootState): boolean {
    if (s.builtAt < 0) return true
    const config = path.join(s.root, '.tfgraph.json')
    return this.source.changedSince(s.builtAt).some((p) => s.inputs.has(p) || p === config)
  }

  /** Finds the roots the first time; later, reads the local calls of directories whose files changed and finds them again. */
  private async findRoots(): Promise<void> {
    if (!this.configDirs) {
      this.configDirs = new Set(configDirsUnder(this.source, this.dir).dirs)
      for (const d of this.configDirs) this.calls.set(d, await localCallTargets(this.source, d, this.opts.engine, this.ctx.parser))
      this.dirtyDirs.clear()
    } else if (this.dirtyDirs.size > 0) {
      const dirs = [...this.dirtyDirs]
      this.dirtyDirs.clear()
      for (const d of dirs) {
        if (!isInside(d, this.dir)) continue
        const config = this.hasConfigFiles(d)
        if (config) {
          // a directory an analysis holds gets its calls from that analysis when it is analysed again;
          // only a new one (or one no root reaches) is read for them here
          const held = this.configDirs.has(d) && [...this.states.values()].some((s) => s.builtAt >= 0 && s.dirs.has(d))
          this.configDirs.add(d)
          if (!held) this.calls.set(d, await localCallTargets(this.source, d, this.opts.engine, this.ctx.parser))
        } else {
          this.configDirs.delete(d)
          this.calls.delete(d)
        }
      }
    }
    const called = new Set<string>()
    for (const d of this.configDirs) for (const t of this.calls.get(d) ?? []) called.add(t)
    const roots = new Set([...this.configDirs].filter((d) => !called.has(d)))
    for (const s of [...this.states.values()]) {
      if (s.kind === 'root' && !roots.has(s.root)) this.states.delete(s.root)
      else if (s.kind !== 'root' && roots.has(s.root)) s.kind = 'root'
    }
    for (const r of roots) if (!this.states.has(r)) this.states.set(r, newState(r, 'root'))
  }

  private hasConfigFiles(d: string): boolean {
    try {
      return this.source
        .list(d)
        .some((e) => (e.kind === 'file' || e.kind === 'link') && !e.name.startsWith('.') && CONFIG_FILE.test(e.name))
    } catch {
      return false
    }
  }

  async update(progress?: (root: string, done: number, total: number) => void): Promise<ReadonlySet<string>> {
    const before = new Map([...this.states.values()].map((s) => [s.root, new Set(s.findings.keys())]))
    const touched = new Set<string>()
    let done = 0
    // an analysis may find new calls that change the root set: the search runs again until it settles
    for (let round = 0; round < 4; round++) {
      await this.serial(() => this.findRoots())
      const todo = [...this.states.values()].filter((s) => s.kind !== 'shared' && (s.kind === 'root' || this.holdsOpen(s)) && this.stale(s))
      if (todo.length === 0) break
      const total = done + todo.length
      for (const s of todo) {
        progress?.(s.root, done++, total)
        const old = new Set(s.findings.keys())
        await this.fresh(s)
        for (const f of old) touched.add(f)
        for (const f of s.findings.keys()) touched.add(f)
      }
    }
    // roots that went away take their findings with them
    for (const [root, files] of before) if (!this.states.has(root)) for (const f of files) touched.add(f)
    this.evict()
    return touched
  }

  private holdsOpen(s: RootState): boolean {
    for (const f of this.open) if (s.dirs.has(path.dirname(f))) return true
    return false
  }

  async analysesOf(file: string): Promise<readonly RootAnalysis[]> {
    const abs = path.resolve(file)
    const d = path.dirname(abs)
    // a file that is neither open nor on the disk (deleted, never there): nothing to analyse
    if (!this.source.buffer(abs) && this.source.stat(abs) !== 'file') return []
    if (!this.configDirs) await this.update()
    else if (this.dirtyDirs.size > 0) await this.serial(() => this.findRoots())
    const holders = [...this.states.values()].filter((s) => s.kind !== 'shared' && s.dirs.has(d))
    const roots = holders.some((s) => s.kind === 'root') ? holders.filter((s) => s.kind === 'root') : holders
    if (roots.length === 0) roots.push(this.state(d, 'dir'))
    const out: RootAnalysis[] = []
    for (const s of roots.sort((a, b) => (a.root < b.root ? -1 : 1))) out.push(await this.fresh(s))
    // a shared module (configuration_aliases) is also shown on its own, as `providers` shows it
    if (!out.some((a) => a.root === d) && out.some((a) => declaresAliases(a, d))) out.push(await this.fresh(this.state(d, 'shared')))
    this.evict()
    return out
  }

  private state(root: string, kind: RootKind): RootState {
    let s = this.states.get(root)
    if (!s) {
      s = newState(root, kind)
      this.states.set(root, s)
    }
    return s
  }

  findings(file: string): readonly Finding[] {
    const abs = path.resolve(file)
    const out: Finding[] = []
    const seen = new Set<string>()
    for (const s of [...this.states.values()].sort((a, b) => (a.root < b.root ? -1 : 1))) {
      if (s.kind === 'shared') continue
      for (const d of s.findings.get(abs) ?? []) {
        const r = displayRange(d)
        const key = [d.rule, d.code, d.severity, d.summary, d.detail, r?.start.byte, r?.end.byte].join('\0')
        if (seen.has(key)) continue
        seen.add(key)
        out.push({root: s.root, file: abs, diagnostic: d})
      }
    }
    return out
  }

  /** The root's analysis, analysed again first when stale (one analysis at a time). */
  private async fresh(s: RootState): Promise<RootAnalysis> {
    s.used = ++this.clock
    for (;;) {
      if (s.building) await s.building.catch(() => undefined)
      else if (s.analysis && !this.stale(s)) return s.analysis
      else {
        s.building = this.serial(() => this.analyse(s))
        try {
          return await s.building
        } finally {
          s.building = undefined
        }
      }
    }
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn)
    this.queue = run.catch(() => undefined)
    return run
  }

  private async analyse(s: RootState): Promise<RootAnalysis> {
    const builtAt = this.source.version
    const {config} = readLintConfig(s.root)
    const o = this.opts
    const {value: result, inputs} = await this.source.record(() =>
      lint(s.root, {
        context: this.ctx,
        config,
        ...(o.engine ? {engine: o.engine} : {}),
        ...(o.env ? {env: o.env} : {}),
        ...(o.limits ? {limits: o.limits} : {}),
      }),
    )
    const dirs = new Set<string>()
    for (const n of result.analysis.tree.nodes) {
      if (!n.dir) continue
      dirs.add(n.dir)
      // what the analysis found a directory calls: the root search's view of it, kept current
      if (n.module && this.configDirs?.has(n.dir))
        this.calls.set(
          n.dir,
          n.children.filter((c) => c.source?.kind === 'local' && c.dir).map((c) => c.dir!),
        )
    }
    const findings = new Map<string, LintDiagnostic[]>()
    const fallback = result.analysis.tree.root.module?.files[0]?.name
    for (const d of result.diagnostics) {
      const r = displayRange(d)
      const file = r ? path.resolve(s.root, r.filename) : fallback ? path.join(s.root, fallback) : undefined
      if (!file) continue
      const list = findings.get(file) ?? []
      list.push(d)
      findings.set(file, list)
    }
    s.inputs = new Set(inputs.map((i) => i.path))
    s.dirs = dirs
    s.builtAt = builtAt
    s.findings = s.kind === 'shared' ? new Map() : findings
    s.analysis = {root: s.root, kind: s.kind, lint: result, dirs}
    return s.analysis
  }

  /** Keeps the analyses of roots holding open buffers and of the `keep` most recently used others. */
  private evict(): void {
    const keep = this.opts.keep ?? 16
    const held = [...this.states.values()].filter((s) => s.analysis && !s.building && !this.holdsOpen(s)).sort((a, b) => b.used - a.used)
    for (const s of held.slice(keep)) s.analysis = undefined
  }

  async close(): Promise<void> {
    await this.queue
    await this.ctx.close()
  }
}

function newState(root: string, kind: RootKind): RootState {
  return {
    root,
    kind,
    analysis: undefined,
    inputs: new Set(),
    dirs: new Set(),
    builtAt: -1,
    building: undefined,
    findings: new Map(),
    used: 0,
  }
}

function isInside(p: string, dir: string): boolean {
  const rel = path.relative(dir, p)
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))
}

/** Whether the module of directory `d` in this analysis declares configuration_aliases in its required_providers. */
function declaresAliases(a: RootAnalysis, d: string): boolean {
  const n = a.lint.analysis.tree.nodes.find((x) => x.dir === d && x.module)
  if (!n?.module) return false
  return [...n.module.requiredProviders.values()].some((r) => objectEntry(r.attribute.node, 'configuration_aliases') !== undefined)
}
