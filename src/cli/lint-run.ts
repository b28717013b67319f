// `tfgraph lint` between its checked command line and its output, shared by the two ways a command line
// reaches it: the oclif command (commands/lint.ts, every flag) and the quick start (quick.ts, the common
// flags of one root, before oclif loads). One root without --fix or --state is one results-cache entry
// (its key below; its inputs: every file the analysis read, and the lint configuration files), so that a
// warm run prints its stored output without loading the rules or the renderer.
import * as path from 'node:path'
import {readFileSync} from 'node:fs'
import type {CacheOutcome, CommandOutput as StoredOutput} from '../io/results-cache.js'
import {DiskSource} from '../io/inputs.js'
import type {RootSearch} from '../lint/cached.js'
import type {ReadConfig} from '../lint/config.js'
import type {LintThread, ThreadOptions, ThreadOutcome} from '../lint/lint-threads.js'
import type {LintDiagnostic} from '../rules/rule.js'
import type {CommandRun} from './command-run.js'
import type {LimitFlagValues, VarFlagValues} from './flag-values.js'

export type LintFormat = 'text' | 'json' | 'sarif' | 'compact'

/** What `tfgraph lint` was asked, from its flags. */
export interface LintInputs {
  /** The directory as the user gave it (a root; with --recursive, where to search). */
  readonly dir: string
  readonly format: LintFormat
  readonly engine: 'terraform' | 'opentofu' | undefined
  /** --config FILE, as given. */
  readonly config: string | undefined
  readonly only: readonly string[]
  readonly disable: readonly string[]
  readonly maxWarnings: number | undefined
  readonly recursive: boolean
  /** false (--no-tests), the test directory (--test-directory), or true. */
  readonly tests: boolean | {readonly directory: string}
  readonly vars: readonly string[]
  readonly varFiles: readonly string[]
  readonly limits: {readonly maxFiles?: number; readonly maxDepth?: number; readonly maxModules?: number}
  readonly verbose: boolean
  /** Whether the text report on stdout carries colour. */
  readonly color: boolean
}

/** The flags of `tfgraph lint` the inputs are made of, as oclif parses them (commands/lint.ts). */
export interface LintFlags extends LimitFlagValues, VarFlagValues {
  readonly format?: string | undefined
  readonly json?: boolean | undefined
  readonly engine?: string | undefined
  readonly config?: string | undefined
  readonly only?: string[] | undefined
  readonly disable?: string[] | undefined
  readonly 'max-warnings'?: number | undefined
  readonly recursive?: boolean | undefined
  readonly 'test-directory'?: string | undefined
  readonly 'no-tests'?: boolean | undefined
  readonly verbose?: boolean | undefined
}

/** Comma-separated rule ids of --only/--disable, as one list. */
const ruleIds = (xs: readonly string[] | undefined): string[] =>
  (xs ?? [])
    .flatMap((x) => x.split(','))
    .map((x) => x.trim())
    .filter(Boolean)

/** The format --json/--format ask for (a conflict between them is the command's usage error). */
export function lintFormat(flags: Pick<LintFlags, 'format' | 'json'>): LintFormat {
  return flags.json ? 'json' : ((['json', 'sarif', 'compact'] as const).find((f) => f === flags.format) ?? 'text')
}

/** The command's inputs from its parsed flags; `color`: whether stdout may carry colour (used by text only). */
export function lintInputs(dir: string, flags: LintFlags, color: boolean): LintInputs {
  const format = lintFormat(flags)
  const engine = flags.engine === 'terraform' || flags.engine === 'opentofu' ? flags.engine : undefined
  return {
    dir,
    format,
    engine,
    config: flags.config,
    only: ruleIds(flags.only),
    disable: ruleIds(flags.disable),
    maxWarnings: flags['max-warnings'],
    recursive: flags.recursive === true,
    tests: flags['no-tests'] ? false : flags['test-directory'] !== undefined ? {directory: flags['test-directory']} : true,
    vars: flags.var ?? [],
    varFiles: flags['var-file'] ?? [],
    limits: {
      ...(flags['max-files'] !== undefined ? {maxFiles: flags['max-files']} : {}),
      ...(flags['max-depth'] !== undefined ? {maxDepth: flags['max-depth']} : {}),
      ...(flags['max-modules'] !== undefined ? {maxModules: flags['max-modules']} : {}),
    },
    verbose: flags.verbose === true,
    color: format === 'text' && color,
  }
}

/** The results-cache key of a one-root lint command line: everything its output depends on besides the files it reads. */
export function lintKey(i: LintInputs): unknown {
  return {
    dir: path.resolve(i.dir),
    given: i.dir,
    recursive: i.recursive,
    format: i.format,
    engine: i.engine ?? null,
    config: i.config ?? null,
    only: i.only,
    disable: i.disable,
    maxWarnings: i.maxWarnings ?? null,
    tests: i.tests,
    vars: i.vars,
    varFiles: i.varFiles,
    limits: i.limits,
    verbose: i.verbose,
    color: i.color,
  }
}

/** What the command prints (stderr first only after --fix). */
export type LintOutput = StoredOutput & {readonly stderrFirst?: boolean}

/** What else a run may do besides the report: --fix (and --diff), --state. */
export interface LintExtras {
  readonly fix?: {readonly diff: boolean}
  /** --state FILE (`-`: stdin), read when the report needs it. */
  readonly state?: string
  /** tfgraph's version (the SARIF document names it). */
  readonly version: string
  /** Ends the command when --recursive finds no root module (the command's own error, exit 1). */
  readonly noRoots: () => never
}

/**
 * The command's output: one root without --fix or --state from the results cache while nothing it read
 * (the lint configuration files included) has changed, else linted, rendered and stored; anything else
 * linted and rendered.
 */
export function lintOutput(cmd: CommandRun<unknown>, i: LintInputs, x: LintExtras): Promise<CacheOutcome<LintOutput>> {
  if (!storable(x)) return lintReport(cmd, i, x).then((value) => ({value, cached: false}))
  return cmd.context.results.output('lint', lintKey(i), () => lintReport(cmd, i, x))
}

/**
 * Whether the output is one results-cache entry: no --fix, no --state (a state can hold secrets). With
 * --recursive too: the entry's inputs are the search's (every directory listed) and every root's, and each
 * root's findings are stored on their own as well, so that after an edit only the roots that read the file
 * are linted again; a warm run then reads one entry instead of one a root (the corpus: 525 entries, 6.4 MB
 * of JSON parsed, against one; BENCHMARKS.md, "#53: the warm corpus").
 */
const storable = (x: LintExtras): boolean => !x.fix && !x.state

async function lintReport(cmd: CommandRun<unknown>, i: LintInputs, x: LintExtras): Promise<LintOutput> {
  // what a run answered by the results cache needs, and no more: the analysis (loader, resolver,
  // rules) is imported by lintCached only for a root it must analyse again
  const [cached, config] = await Promise.all([import('../lint/cached.js'), import('../lint/config.js')])
  const rules = async () => (await import('../rules/index.js')).RULES
  const ctx = cmd.context
  // --recursive on a machine of more than one core: a second thread, started when the search or the lint has
  // enough for it (lint-threads.ts)
  const threads = i.recursive && !x.fix && x.state === undefined && canThread(ctx) ? await import('../lint/lint-threads.js') : undefined
  let thread: LintThread | undefined
  const second = threads
    ? () => (thread ??= new threads.LintThread({cache: ctx.cache.settings(), parser: ctx.parserKind, options: threadOptions(i)}))
    : undefined
  const least = leastForThread()
  const search: RootSearch = i.recursive
    ? await cached.findRoots(
        ctx,
        i.dir,
        i.engine,
        second && {...(least ? {minDirs: least} : {}), calls: (dirs, engine, claims) => second().calls(dirs, engine, claims)},
      )
    : {roots: [i.dir], unreadable: [], skipped: []}
  const {roots, unreadable, skipped} = search
  if (roots.length === 0 && unreadable.length === 0) return x.noRoots()
  // a broken --config FILE is a usage error (nothing is linted, exit 1); a root's own broken .tfgraph.json
  // is that root's finding (exit 2), and the other roots are linted. The configuration files are read
  // through the run's files, so that a stored output is not reused once one of them changed.
  const configs = roots.map((root) => ({root, cfg: config.readLintConfig(root, i.config, cmd.context.files)}))
  const explicitErrors = i.config === undefined ? [] : (configs[0]?.cfg.diagnostics ?? [])
  if (explicitErrors.length > 0) return {stdout: '', stderr: (await import('./fail.js')).errorLines(explicitErrors), exitCode: 1}
  // several roots at once, so the worker pool has files to parse in parallel; results keep the roots' order
  const options = threadOptions(i)
  // --fix: every root's fixes over passes, in memory, then written (or shown as a diff)
  const fixing = x.fix
    ? await (
        await import('./lint-fix.js')
      ).lintFix(
        configs
          .filter((c) => c.cfg.diagnostics.length === 0)
          .map(({root, cfg}) => ({dir: root, options: {...options, config: cfg.config}})),
        {dir: i.dir, diff: x.fix.diff, cwd: process.cwd(), verbose: i.verbose},
      )
    : undefined
  if (fixing?.interrupted) return {stdout: '', stderr: fixing.stderr, exitCode: 130}
  if (fixing?.diff !== undefined) {
    const count = (severity: string) => fixing.results.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === severity).length, 0)
    await cmd.end()
    return {
      stdout: fixing.diff,
      stderr: skippedLines(skipped) + fixing.stderr,
      exitCode: fixing.results.some((r) => r.unread) ? 1 : count('error') > 0 ? 2 : 0,
    }
  }
  // --state: one root, linted with its analysis, then matched to the state (nothing of it cached)
  const stateInput = x.state !== undefined ? (await import('./state-input.js')).readStateInput(x.state) : undefined
  if (stateInput && 'problem' in stateInput) return cmd.fail(stateInput.problem)
  const fixed = [...(fixing?.results ?? [])].reverse()
  const [{mapLimit}, {RemainingRoots}] = await Promise.all([import('../lint/map-limit.js'), import('../lint/release.js')])
  // --recursive over groups of roots that share no file: those the cache cannot answer on two threads
  const dealt = second ? await dealRoots(cmd, search, configs, options, second) : undefined
  const lintHere = (list: readonly RootConfig[]) => {
    const remaining = new RemainingRoots(list.map((c) => c.root))
    return mapLimit(list, fixing ? 1 : 4, async ({root, cfg}) => {
      const r =
        cfg.diagnostics.length > 0
          ? {diagnostics: config.configFindings(root, cfg.diagnostics), notes: [], unread: false}
          : fixing
            ? fixed.pop()!
            : stateInput
              ? await (await import('./lint-state.js')).lintWithState(cmd.context, root, {...options, config: cfg.config}, stateInput)
              : await cached.lintCached(cmd.context, root, {...options, config: cfg.config}, {missed: dealt !== undefined})
      if ('error' in r) return {root, cfg, r: {diagnostics: [], notes: [], unread: true}, error: r.error}
      // what no root still to come can use goes: one run over many roots holds only what it still needs
      remaining.done(root)
      if (i.recursive && !('cached' in r && r.cached))
        cmd.context.loads.release((dir, reachedAs) => reachedAs.some((p) => remaining.useful(dir, p)))
      // only what is printed is kept until the end (not the list of modules each root covered)
      return {root, cfg, r: {diagnostics: r.diagnostics, notes: r.notes, unread: r.unread}}
    })
  }
  const perRoot: Awaited<ReturnType<typeof lintHere>> = [...(dealt?.answered ?? []), ...(await lintHere(dealt?.here ?? configs))]
  if (dealt?.split)
    perRoot.push(
      ...(await lintClaimed(dealt.split, lintHere, (o, {cfg}) => {
        // what the worker read is read by this run too: the stored output depends on it
        cmd.context.files.note(o.inputs)
        return {root: o.root, cfg, r: {diagnostics: o.diagnostics, notes: o.notes, unread: o.unread}}
      })),
    )
  thread?.end()
  const stateError = perRoot.find((p) => 'error' in p)
  if (stateError && 'error' in stateError) return cmd.fail(stateError.error ?? '')
  // a directory the search could not list is reported as a root that could not be read (root modules may hide there)
  const unlisted = unreadable.map(({dir, why}) => ({
    root: dir,
    cfg: {notes: [], config: config.EMPTY_CONFIG},
    r: unlistedResult(dir, why),
  }))
  const results = [...perRoot, ...unlisted]
    .sort((a, b) => (a.root < b.root ? -1 : a.root > b.root ? 1 : 0))
    .map(({root, cfg, r}) => ({
      root: i.recursive ? path.relative(process.cwd(), root) || '.' : root,
      dir: root,
      diagnostics: r.diagnostics,
      notes: [...cfg.notes, ...r.notes],
      unread: r.unread,
      maxWarnings: cfg.config.maxWarnings,
    }))
  await cmd.end()
  const [render, {sourceLinesFrom}] = await Promise.all([cmd.renderer('lint', i.format), import('../render/diagnostics-text.js')])
  // text, compact and SARIF name files from the current directory (JSON: relative to each root, as terraform validate -json)
  const readers = new Map(
    i.format === 'text' ? results.map((r) => [r.root, sourceLinesFrom(path.resolve(r.dir), (f) => readFileSync(f, 'utf8'))]) : [],
  )
  const stdout = await render(results, {
    recursive: i.recursive,
    dir: i.dir,
    color: i.color,
    verbose: i.verbose,
    cwd: process.cwd(),
    sourceLines: (f, root) => readers.get(root)?.(f),
    version: x.version,
    rules: async () => [
      ...(await rules()),
      config.CONFIG_RULE_INFO,
      ...(stateInput ? [(await import('./lint-state.js')).STATE_RULE_INFO] : []),
    ],
  })
  const count = (severity: string) => results.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === severity).length, 0)
  const maxWarnings = i.maxWarnings ?? results[0]?.maxWarnings
  // 1 only when tfgraph could not do its job: a root it could not read; findings, syntax errors included, are 2
  const unread = results.filter((r) => r.unread).map((r) => r.root)
  const unreadLine =
    unread.length > 0
      ? `Error: ${unread.length === results.length && results.length === 1 ? 'the configuration' : `${unread.length} of ${results.length} root modules (${unread.join(', ')})`} could not be read completely: the findings above are incomplete\n`
      : ''
  // with --fix, what was fixed comes before the report of what is left
  const stderr = (fixing?.stderr ?? '') + skippedLines(skipped) + unreadLine
  return {
    stdout,
    stderr,
    ...(fixing ? {stderrFirst: true} : {}),
    exitCode: unread.length > 0 ? 1 : count('error') > 0 || (maxWarnings !== undefined && count('warning') > maxWarnings) ? 2 : 0,
  }
}

/** What `lint --recursive` says, on stderr, of the symbolic links it did not follow: one line each. */
function skippedLines(skipped: readonly {dir: string; why: string}[]): string {
  return skipped.map(({dir, why}) => `Note: not searched: ${path.relative(process.cwd(), dir) || '.'} is ${why}\n`).join('')
}

/** What `lint --recursive` says of a directory it could not list: an error, and the run could not do its job. */
function unlistedResult(dir: string, why: string): {diagnostics: LintDiagnostic[]; notes: string[]; unread: true} {
  const shown = path.relative(process.cwd(), dir) || '.'
  const detail = `Directory ${shown} could not be read (${why}): root modules under it, if any, were not linted.`
  return {
    diagnostics: [{code: 'load.dir-unreadable', severity: 'error', summary: 'Failed to read module directory', detail, rule: 'terraform'}],
    notes: [],
    unread: true,
  }
}

/** A root with its lint configuration, as `lintReport` lints it. */
interface RootConfig {
  readonly root: string
  readonly cfg: ReadConfig
}

/** Whether a run may lint on a second thread: more than one core (`--jobs`), tfgraph's own parser, files on disk. */
function canThread(ctx: CommandRun<unknown>['context']): boolean {
  return ctx.pool.jobs > 1 && ctx.parserKind === 'tfgraph' && ctx.files instanceof DiskSource
}

/**
 * TFGRAPH_LINT_THREAD_WEIGHT=N: the least worth a second thread, N directories to read for the search and a
 * weight of N for the lint (the tests set it); undefined: the defaults.
 */
function leastForThread(): number | undefined {
  const given = Number(process.env['TFGRAPH_LINT_THREAD_WEIGHT'] ?? '')
  return Number.isFinite(given) && given > 0 ? given : undefined
}

/** The options every root of the run is linted with. */
function threadOptions(i: LintInputs): ThreadOptions {
  return {
    ...(i.engine ? {engine: i.engine} : {}),
    only: [...i.only],
    disable: [...i.disable],
    vars: [...i.vars],
    varFiles: [...i.varFiles],
    limits: i.limits,
    tests: i.tests,
  }
}

/** The groups of roots to lint on two threads (`dealRoots`). */
interface Split {
  readonly groups: RootConfig[][]
  readonly claim: () => number
  readonly worker: Promise<Map<number, ThreadOutcome[]> | undefined>
}

/**
 * The groups this thread claims, linted here (a group shares no directory with another: its loads go when it
 * is done), then the worker's outcomes of the others, or, when it failed, those linted here too.
 */
async function lintClaimed<R>(
  split: Split,
  lintHere: (list: readonly RootConfig[]) => Promise<R[]>,
  fromWorker: (o: ThreadOutcome, c: RootConfig) => R,
): Promise<R[]> {
  const out: R[] = []
  const mine = new Set<number>()
  for (let g = split.claim(); g < split.groups.length; g = split.claim()) {
    mine.add(g)
    out.push(...(await lintHere(split.groups[g]!)))
  }
  const theirs = await split.worker
  for (const [g, list] of split.groups.entries()) {
    if (mine.has(g)) continue
    const outcomes = theirs?.get(g)
    if (outcomes === undefined) out.push(...(await lintHere(list)))
    else for (const [k, o] of outcomes.entries()) out.push(fromWorker(o, list[k]!))
  }
  return out
}

/** What is printed of a root. */
interface RootFindings {
  readonly root: string
  readonly cfg: ReadConfig
  readonly r: {diagnostics: readonly LintDiagnostic[]; notes: readonly string[]; unread: boolean}
}

/**
 * The roots of `lint --recursive` for two threads (lint-threads.ts): the roots the results cache answers at
 * once, those this thread lints first (a root whose own configuration is broken), and the groups of the
 * others, largest first, that this thread and a worker claim one by one (the worker's outcomes by group, or
 * undefined when it failed: this thread lints its groups then). Undefined when one thread does it all: one
 * core (`--jobs 1`), the reference parser, a search without groups; no `split` when there is too little.
 */
async function dealRoots(
  cmd: CommandRun<unknown>,
  search: RootSearch,
  configs: readonly RootConfig[],
  options: ThreadOptions,
  second: () => LintThread,
): Promise<
  | {
      readonly answered: RootFindings[]
      readonly here: RootConfig[]
      readonly split?: Split
    }
  | undefined
> {
  const ctx = cmd.context
  const {groups, weights} = search
  if (groups === undefined || weights === undefined || configs.length < 2) return undefined
  const [cached, threads] = await Promise.all([import('../lint/cached.js'), import('../lint/lint-threads.js')])
  // the roots the cache answers are printed as they are; the others are linted by their groups
  const answered: RootFindings[] = []
  const here: RootConfig[] = []
  const todo: number[] = []
  for (const [k, c] of configs.entries()) {
    const hit = c.cfg.diagnostics.length > 0 ? undefined : cached.lintStored(ctx, c.root, {...options, config: c.cfg.config})
    if (hit) answered.push({root: c.root, cfg: c.cfg, r: {diagnostics: hit.diagnostics, notes: hit.notes, unread: hit.unread}})
    else if (c.cfg.diagnostics.length > 0) here.push(c)
    else todo.push(k)
  }
  // configs and search.roots are in the same order
  const order = threads.groupsToClaim(todo, groups, weights, leastForThread() ?? threads.MIN_THREAD_WEIGHT)
  if (order === undefined) return {answered, here: [...here, ...todo.map((k) => configs[k]!)]}
  const split = order.map((list) => list.map((k) => configs[k]!))
  const claims = threads.newClaims()
  const worker = second().lint({groups: split.map((list) => list.map(({root, cfg}) => ({root, config: cfg.config}))), claims}, ctx.stats)
  return {answered, here, split: {groups: split, claim: () => threads.claim(claims), worker}}
}
