// `tfgraph lint` through the results cache, and the search for root modules of `lint --recursive`.
// Kept apart from lint.ts so that a run answered by the results cache loads none of the analysis:
// lint.ts (and with it the loader, the resolver and the rules) is imported only when a root must be
// analysed again.
import * as path from 'node:path'
import {osErrorText} from '../diag/os-error.js'
import {analysisEnv} from '../io/results-cache.js'
import type {RunContext} from '../load/run-context.js'
import type {FileSource, Input} from '../io/inputs.js'
import type {NativeParser} from '../hcl/native-parser.js'
import type {EngineName} from '../load/engine.js'
import type {LintDiagnostic} from '../rules/rule.js'
import {EMPTY_CONFIG} from './config.js'
import type {LintOptions} from './lint.js'

/** What `tfgraph lint` keeps of a root's analysis: its findings, plus the modules it covered. */
export interface LintOutcome {
  readonly root: string
  readonly diagnostics: readonly LintDiagnostic[]
  readonly suppressed: number
  readonly incomplete: boolean
  /** Part of the configuration could not be read (LintResult.unread): the run fails rather than reports. */
  readonly unread: boolean
  /** The module directories analysed (absolute paths) with their number of resources, sorted. */
  readonly modules: readonly (readonly [string, number])[]
  /** Said once at the top of the text output (e.g. that the directory is analysed as a shared module). */
  readonly notes: readonly string[]
  /** True when the results cache answered (nothing was parsed or analysed). */
  readonly cached: boolean
}

type StoredLint = Omit<LintOutcome, 'root' | 'cached'>

function isStoredLint(v: unknown): v is StoredLint {
  if (typeof v !== 'object' || v === null) return false
  const r = v as Record<string, unknown>
  return (
    Array.isArray(r['diagnostics']) &&
    r['diagnostics'].every(
      (d: unknown) =>
        typeof d === 'object' &&
        d !== null &&
        typeof (d as Record<string, unknown>)['summary'] === 'string' &&
        typeof (d as Record<string, unknown>)['severity'] === 'string' &&
        typeof (d as Record<string, unknown>)['rule'] === 'string',
    ) &&
    typeof r['suppressed'] === 'number' &&
    typeof r['incomplete'] === 'boolean' &&
    typeof r['unread'] === 'boolean' &&
    Array.isArray(r['notes']) &&
    r['notes'].every((n: unknown) => typeof n === 'string') &&
    Array.isArray(r['modules']) &&
    r['modules'].every((m: unknown) => Array.isArray(m) && typeof m[0] === 'string' && typeof m[1] === 'number')
  )
}

/** What a root's stored findings are keyed by: the root, the options, the configuration and the environment. */
function lintCacheKey(ctx: RunContext, dir: string, opts: LintOptions): unknown {
  const cfg = opts.config ?? EMPTY_CONFIG
  return {
    root: path.resolve(dir),
    cwd: process.cwd(),
    engine: opts.engine ?? null,
    rules: [...cfg.rules].sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    options: [...(cfg.options ?? new Map())].sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    maxWarnings: cfg.maxWarnings ?? null,
    only: opts.only ?? [],
    disable: opts.disable ?? [],
    vars: opts.vars ?? [],
    varFiles: opts.varFiles ?? [],
    limits: opts.limits ?? {},
    tests: opts.tests ?? true,
    env: opts.env ? analysisEnv(opts.env) : ctx.results.processEnvKey(),
  }
}

/**
 * A root's findings as the results cache holds them while everything they were computed from is unchanged
 * (noted as read, as a hit of `lintCached` is), else undefined: nothing is computed or written.
 */
export function lintStored(ctx: RunContext, dir: string, opts: LintOptions = {}): LintOutcome | undefined {
  const hit = ctx.results.lookup('lint', lintCacheKey(ctx, dir, opts), isStoredLint)
  return hit === undefined ? undefined : {root: dir, ...hit.value, cached: true}
}

/**
 * `lint`, keeping only what is printed, through the results cache: a root whose files, directory
 * listings, options and environment are all as when it was last linted is answered from the cache.
 */
export async function lintCached(
  ctx: RunContext,
  dir: string,
  opts: LintOptions = {},
  known: {readonly missed?: boolean} = {},
): Promise<LintOutcome> {
  const key = lintCacheKey(ctx, dir, opts)
  const r = await ctx.results.get(
    'lint',
    key,
    async (): Promise<StoredLint> => {
      const {lint} = await import('./lint.js')
      const full = await lint(dir, {...opts, context: ctx})
      const modules = new Map<string, number>()
      const trees = [full.analysis.tree, ...(full.analysis.stack?.components ?? []).flatMap((c) => (c.analysis ? [c.analysis.tree] : []))]
      for (const n of trees.flatMap((t) => t.nodes))
        if (n.dir && n.module) modules.set(n.dir, n.module.managedResources.size + n.module.dataResources.size)
      return {
        diagnostics: full.diagnostics,
        suppressed: full.suppressed,
        incomplete: full.incomplete,
        unread: full.unread,
        notes: full.notes,
        modules: [...modules].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
      }
    },
    // `missed`: `lintStored` found nothing for it in this run (`lint --recursive`): not read again
    {narrow: isStoredLint, keep: (v) => !v.incomplete, ...(known.missed ? {missed: true} : {})},
  )
  return {root: dir, ...r.value, cached: r.cached}
}

const SKIP_DIRS = new Set(['.terraform', 'node_modules', '.git'])

/** A Terraform Stacks configuration file: its directory is one root (the stack), its components' directories are not. */
const STACK_FILE = /\.(tfcomponent|tfstack)\.(hcl|json)$/

/** Root modules under a directory: configuration directories no other one calls as a local module. */
export async function findRootModules(ctx: RunContext, dir: string, engine?: EngineName): Promise<string[]> {
  return (await findRoots(ctx, dir, engine)).roots
}

/** What `lint --recursive` searches: the root modules under `dir`, and the directories it could not list (with why). */
export interface RootSearch {
  readonly roots: string[]
  /** Directories under `dir` that could not be listed (a permission, say): root modules may hide there. */
  readonly unreadable: {readonly dir: string; readonly why: string}[]
  /** Symbolic links the search did not follow and whose directories it therefore did not search (a loop, say), with why. */
  readonly skipped: {readonly dir: string; readonly why: string}[]
  /**
   * Which roots may share files: each root's group (by index), roots whose local module calls reach a common
   * directory being in one; and each group's size (the native files of its directories, plus its roots).
   * `lint --recursive` lints groups on two threads without parsing a file twice (lint-threads.ts).
   */
  readonly groups?: readonly number[]
  readonly weights?: readonly number[]
  /**
   * Each configuration directory's local call targets with what reading them read (stored with the search, not
   * returned by `findRoots`): a search after an edit reads and parses again only the directories whose inputs
   * changed.
   */
  readonly calls?: readonly DirCalls[]
}

/** A directory, its local call targets, and the inputs of reading them. */
type DirCalls = readonly [string, readonly string[], readonly Input[]]

const INPUT_KINDS: ReadonlySet<unknown> = new Set(['file', 'dir', 'stat', 'real'])

const paths = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string')

function isDirCalls(v: unknown): v is DirCalls {
  return (
    Array.isArray(v) &&
    v.length === 3 &&
    typeof v[0] === 'string' &&
    paths(v[1]) &&
    Array.isArray(v[2]) &&
    v[2].every(
      (i: unknown) =>
        typeof i === 'object' &&
        i !== null &&
        INPUT_KINDS.has((i as Record<string, unknown>)['kind']) &&
        typeof (i as Record<string, unknown>)['path'] === 'string',
    )
  )
}

/**
 * Reads some directories' local calls on another thread (lint-threads.ts): the call targets of the directories
 * of `dirs` it claims by `claims` (`Atomics.add(claims, 0, 1)`), with what it read, by index; undefined when
 * it could not (this thread then reads those too).
 */
export interface SearchHelper {
  /** The least number of directories to read worth the helper (default 100: its start costs ~0.1 s of CPU). */
  readonly minDirs?: number
  calls(
    dirs: readonly string[],
    engine: EngineName | undefined,
    claims: Int32Array,
  ): Promise<Map<number, {readonly targets: readonly string[]; readonly inputs: readonly Input[]}> | undefined>
}

/** The root modules under `dir` and the directories that could not be searched (a search with those is not kept). */
export async function findRoots(ctx: RunContext, dir: string, engine?: EngineName, helper?: SearchHelper): Promise<RootSearch> {
  const numbers = (v: unknown): boolean => v === undefined || (Array.isArray(v) && v.every((x) => typeof x === 'number'))
  const narrow = (v: unknown): v is RootSearch =>
    typeof v === 'object' &&
    v !== null &&
    paths((v as Record<string, unknown>)['roots']) &&
    Array.isArray((v as Record<string, unknown>)['unreadable']) &&
    Array.isArray((v as Record<string, unknown>)['skipped']) &&
    numbers((v as Record<string, unknown>)['groups']) &&
    numbers((v as Record<string, unknown>)['weights'])
  const key = {dir: path.resolve(dir), engine: engine ?? null}
  // a search computed again reuses the last one's directories whose inputs read the same
  const previous = (): readonly DirCalls[] => {
    const calls: unknown = (ctx.results.staleValue('root-search', key, narrow) as {calls?: unknown} | undefined)?.calls
    return Array.isArray(calls) && calls.every(isDirCalls) ? calls : []
  }
  const r = await ctx.results.get('root-search', key, () => searchRootModules(ctx, dir, engine, helper, previous), {
    narrow,
    keep: (v) => v.unreadable.length === 0,
  })
  // what is kept for the next search is not the caller's
  const {calls: _calls, ...search} = r.value
  return search
}

/** The configuration directories under `top` (as `lint --recursive` searches), the native files in each, the directories it could not list. */
export function configDirsUnder(
  files: FileSource,
  top: string,
  skip?: string,
  bounds?: SearchBounds,
): {
  dirs: string[]
  nativeFiles: Map<string, number>
  unreadable: {dir: string; why: string}[]
  skipped: SearchSkipped
  links: {dir: string; why: string}[]
} {
  const dirs: string[] = []
  const nativeFiles = new Map<string, number>()
  const unreadable: {dir: string; why: string}[] = []
  const maxDepth = Math.min(bounds?.depth ?? 50, 50)
  const skipped = {searched: 0, deeper: [] as string[], overCount: [] as string[]}
  // symbolic links not followed whose directories are therefore not searched, with why
  const links: {dir: string; why: string}[] = []
  const realTop = files.realpath(path.resolve(top)) ?? path.resolve(top)
  const walk = (d: string, depth: number): void => {
    if (depth > maxDepth) return void skipped.deeper.push(d)
    if (bounds && skipped.searched >= bounds.dirs) return void skipped.overCount.push(d)
    skipped.searched++
    let entries
    try {
      entries = files.list(d)
    } catch (e) {
      // what the operating system said (`permission denied`), as every command says it
      unreadable.push({dir: d, why: osErrorText(e)})
      return
    }
    let native = 0
    let config = false
    for (const e of entries) {
      if (!(e.kind === 'file' || e.kind === 'link') || e.name.startsWith('.')) continue
      if (e.name.endsWith('.tf') || e.name.endsWith('.tofu') || STACK_FILE.test(e.name)) native++
      else if (!e.name.endsWith('.tf.json') && !e.name.endsWith('.tofu.json')) continue
      config = true
    }
    if (config) {
      dirs.push(d)
      nativeFiles.set(d, native)
    }
    for (const e of entries) {
      if (e.kind === 'link' && !e.name.startsWith('.') && !SKIP_DIRS.has(e.name)) {
        const why = unfollowedLink(files, path.join(d, e.name), realTop)
        if (why !== undefined) links.push({dir: path.join(d, e.name), why})
      }
      if (e.kind !== 'dir' || e.name.startsWith('.') || SKIP_DIRS.has(e.name)) continue
      const sub = path.join(d, e.name)
      if (sub !== skip) walk(sub, depth + 1) // tfgraph's own cache, when it lives inside the tree
    }
  }
  walk(path.resolve(top), 0)
  return {dirs, nativeFiles, unreadable, skipped, links}
}

/** How far a search for root modules goes: `depth` levels below the top (0: the top alone), at most `dirs` directories listed. */
export interface SearchBounds {
  readonly depth: number
  readonly dirs: number
}

/** What a bounded search listed, and the directories it left out (too deep; over the count, the first of each subtree). */
export interface SearchSkipped {
  readonly searched: number
  readonly deeper: readonly string[]
  readonly overCount: readonly string[]
}

/**
 * Why the search names a symbolic link it does not follow, or undefined when nothing is missed by not
 * following it (a file, or a directory inside the search, searched where it lives): a link that leads
 * nowhere (a loop, or a target that is not there) or back to a directory above it, or one to a directory
 * outside the search.
 */
function unfollowedLink(files: FileSource, link: string, realTop: string): string | undefined {
  const kind = files.stat(link)
  if (kind === null) return 'a symbolic link that leads nowhere (a loop, or a missing target): not followed'
  if (kind !== 'dir') return undefined
  const target = files.realpath(link)
  const at = files.realpath(path.dirname(link))
  if (target === null || at === null) return undefined
  if (at === target || at.startsWith(target + path.sep)) return 'a symbolic link loop (it leads back to a directory above it): not followed'
  if (target === realTop || target.startsWith(realTop + path.sep)) return undefined
  return 'a symbolic link to a directory outside the search: not followed'
}

/** The directories that exist and that the module calls of `d` name by a local source (`./x`, `../y`). */
export async function localCallTargets(
  files: FileSource,
  d: string,
  engine: EngineName | undefined,
  parser: NativeParser,
): Promise<string[]> {
  const {moduleSources, stackSources} = await import('./module-sources.js')
  const targets: string[] = []
  // a stack's components, embedded stacks and removed blocks call their sources (a component "./" is the stack itself)
  const stack = new Set(stackSources(files, d, parser))
  for (const src of [...moduleSources(files, d, engine, parser).values(), ...stack]) {
    if (src !== undefined && (src.startsWith('./') || src.startsWith('../'))) {
      const target = path.resolve(d, src)
      if (stack.has(src) && target === d) continue
      if (files.stat(target) === 'dir') targets.push(target) // not there: the crawl reports it
    }
  }
  return targets
}

/** Directories to read the calls of before a helper thread does some (its start costs ~0.1 s of CPU). */
const HELPED_DIRS = 100

async function searchRootModules(
  ctx: RunContext,
  dir: string,
  engine: EngineName | undefined,
  helper: SearchHelper | undefined,
  previous: () => readonly DirCalls[],
): Promise<RootSearch> {
  const files = ctx.files
  const top = path.resolve(dir)
  const {dirs: configDirs, nativeFiles: filesIn, unreadable, links} = configDirsUnder(files, top, path.resolve(ctx.cache.dir))
  ctx.pool.expect([...filesIn.values()].reduce((a, b) => a + b, 0))
  // which directories are called: from the module sources alone, the directories claimed one by one by this
  // thread and the helper. Each directory's calls are stored with the search, with their own inputs: after an
  // edit, only the directories whose files changed are read and parsed again (kept as entries of their own,
  // ~680 more files to write made a cold run 1.07 × in wall time; BENCHMARKS.md, "#53: lint --recursive on two
  // threads").
  const targetsOf = new Map<string, readonly string[]>()
  const inputsOf = new Map<string, readonly Input[]>()
  // the last search's directories whose inputs read the same (an edit: all but the edited file's directory)
  const last = new Map(previous().map(([d, targets, inputs]) => [d, {targets, inputs}]))
  const todo: string[] = []
  for (const d of configDirs) {
    const p = last.get(d)
    if (p !== undefined && files.unchanged(p.inputs, 'contents')) {
      files.note(p.inputs)
      targetsOf.set(d, p.targets)
      inputsOf.set(d, p.inputs)
    } else todo.push(d)
  }
  const claims = new Int32Array(new SharedArrayBuffer(4))
  const theirs = helper && todo.length >= (helper.minDirs ?? HELPED_DIRS) ? helper.calls(todo, engine, claims) : undefined
  const mine = new Set<number>()
  const readCalls = async (d: string): Promise<void> => {
    const {value, inputs} = await files.record(() => localCallTargets(files, d, engine, ctx.parser))
    files.note(inputs)
    targetsOf.set(d, value)
    inputsOf.set(d, inputs)
  }
  for (let k = Atomics.add(claims, 0, 1); k < todo.length; k = Atomics.add(claims, 0, 1)) {
    mine.add(k)
    await readCalls(todo[k]!)
  }
  const helped = await theirs
  for (const [k, d] of todo.entries()) {
    if (mine.has(k)) continue
    const h = helped?.get(k)
    if (h === undefined) await readCalls(d)
    else {
      // what the helper read is read by this search too: the stored search depends on it
      files.note(h.inputs)
      targetsOf.set(d, h.targets)
      inputsOf.set(d, h.inputs)
    }
  }
  // and which directories a call joins
  const called = new Set<string>()
  const joined = new DirGroups()
  for (const d of configDirs)
    for (const t of targetsOf.get(d) ?? []) {
      called.add(t)
      joined.join(d, t)
    }
  // A new search starts a new run: the previous search's shared loads are let go. Nothing is parsed ahead:
  // tfgraph's own parser runs in this thread, and trees parsed ahead of the roots that use them were
  // mostly dropped from the parser's memo before they were used (the whole corpus parsed 9,050 files
  // for 3,960; BENCHMARKS.md)
  ctx.loads.clear()
  // an unlisted directory a module calls is that module's caller's diagnostic, not a search's
  const roots = configDirs.filter((d) => !called.has(d)).sort()
  const ids = new Map<string, number>()
  const groups = roots.map((r) => {
    const top = joined.find(r)
    const id = ids.get(top) ?? ids.size
    ids.set(top, id)
    return id
  })
  const weights = new Array<number>(ids.size).fill(0)
  for (const g of groups) weights[g]! += 1
  for (const d of configDirs) {
    const id = ids.get(joined.find(d))
    if (id !== undefined) weights[id]! += filesIn.get(d) ?? 0
  }
  return {
    roots,
    groups,
    weights,
    calls: configDirs.map((d): DirCalls => [d, targetsOf.get(d) ?? [], inputsOf.get(d) ?? []]),
    unreadable: unreadable.filter((u) => !called.has(u.dir)),
    skipped: links.filter((u) => !called.has(u.dir)).sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0)),
  }
}

/** Directories joined by module calls (union-find): a directory's group is named by one of its directories. */
class DirGroups {
  private readonly up = new Map<string, string>()

  find(d: string): string {
    let top = d
    for (let next = this.up.get(top); next !== undefined; next = this.up.get(top)) top = next
    // every directory on the way now points at the top
    for (let at = d, next = this.up.get(at); next !== undefined; at = next, next = this.up.get(at)) this.up.set(at, top)
    return top
  }

  join(a: string, b: string): void {
    const x = this.find(a)
    const y = this.find(b)
    if (x !== y) this.up.set(x, y)
  }
}
