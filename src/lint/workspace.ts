// A workspace: a directory tree of root modules kept analysed in one long-lived run, for an editor
// (`tfgraph lsp`). Its roots are found as `lint --recursive` finds them; each is linted through one
// RunContext whose file source lays the editor's open buffers over the disk (io/overlay-source.ts:
// nothing is written). A change marks stale only the roots whose last analysis read the changed path
// (a file, or the listing of its directory); a stale root is analysed again when asked for, and its
// unchanged module directories come back from the run's shared loads, their files from the parser's
// results by content — so an edit re-parses one file and re-loads one module directory.
//
// It never falls behind an editor: changes only mark roots stale (many edits, one analysis: the newest
// text wins); an analysis yields to the event loop at the checkpoints of the run (so requests are
// answered while it works, from the last complete analysis) and is abandoned as soon as something it
// read changes. Analyses are kept for a bounded number of roots (those holding open buffers always);
// findings, module directories and inputs of every root are kept (small), so diagnostics stay published.
import * as path from 'node:path'
import {compareDiagnostics, displayRange, type SourceRange} from '../diag/diagnostic.js'
import type {CrawlLimits, ModuleNode, ModuleTree} from '../crawl/crawl.js'
import {objectEntry} from '../hcl/expr.js'
import {utf8Text, type FileSource, type Input} from '../io/inputs.js'
import {OverlaySource} from '../io/overlay-source.js'
import type {EngineName} from '../load/engine.js'
import {AnalysisCancelled, RunContext} from '../load/run-context.js'
import {parseLockFile} from '../lock/lockfile.js'
import {ruleById} from '../rules/index.js'
import type {LintDiagnostic} from '../rules/rule.js'
import {configDirsUnder, localCallTargets, type SearchBounds, type SearchSkipped} from './cached.js'
import {readLintConfig} from './config.js'
import type {IgnoreLines} from './ignore.js'
import {lint, lintAnalysis, type LintOptions, type LintResult} from './lint.js'
import {lintModuleStage, moduleStageAtCalls} from './module-stage.js'
import {fingerprintCache, fingerprintValue, sameFingerprint, type FingerprintValue} from './provider-fingerprint.js'
import {namedLines, reanchor, textChange, touchesIgnores, type TextChange} from './reanchor.js'
import type {Module} from '../load/model.js'
import type {Diagnostic} from '../diag/diagnostic.js'

export interface WorkspaceOptions {
  readonly engine?: EngineName
  /** Environment for `TF_DATA_DIR` and the like (default `process.env`). */
  readonly env?: NodeJS.ProcessEnv
  readonly limits?: CrawlLimits
  /** Analyses kept in memory besides those of roots holding open buffers (default 16). */
  readonly keep?: number
  /** Where files are read below the buffers (default the disk). */
  readonly files?: FileSource
  /**
   * How far the search for root modules goes below `dir` (default {@link DEFAULT_SEARCH}: 32 levels, 20,000
   * directories); depth 0 searches `dir` alone. What a bound leaves out is said through `log`.
   */
  readonly search?: SearchBounds
  /** Told one line per search for root modules: what was searched, and what a bound left out. */
  readonly log?: (line: string) => void
}

/** The default bounds of a workspace's search for root modules. */
export const DEFAULT_SEARCH: SearchBounds = {depth: 32, dirs: 20_000}

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
  /** The root's lock file: provider (`host/namespace/type`) → locked version; read once per analysis, when first asked. */
  lockedVersions(): Promise<ReadonlyMap<string, string>>
}

/** A finding in one file (absolute path), as the first root (by path) that holds the file found it. */
export interface Finding {
  readonly root: string
  readonly file: string
  readonly diagnostic: LintDiagnostic
  /**
   * Every root whose analysis found it (sorted; `root` first), each with the file an editor can point at
   * for it (its main file): a module shared by several roots has its findings once, not once per root.
   */
  readonly roots: readonly {readonly root: string; readonly file: string | undefined}[]
}

export interface UpdateOptions {
  /** Told each root as it starts. */
  readonly progress?: (root: string, done: number, total: number) => void
  /** Told after each root's analysis: the files whose findings may have changed with it. */
  readonly analysed?: (files: ReadonlySet<string>) => void
  /** Asked between roots: true stops the update (what is left stays stale). */
  readonly stop?: () => boolean
  /** Told when a root's analysis failed (the others go on; it is tried again when something it read changes). */
  readonly failed?: (root: string, error: unknown) => void
  /**
   * The editor's messages (`tfgraph lsp`: bytes read, messages dispatched, answers written). No analysis
   * starts, and none goes on after letting the event loop in, while a message is partly read, read and not
   * handled yet, or being written, or in a turn of the event loop in which one arrived, was handled or was
   * written: a burst of edits, and the requests queued behind it, are all read and handled and the answers
   * written first (for at most {@link DRAIN_MS} at a time), not made to wait behind an analysis of a text
   * already replaced, a turn per message. Kept for the analyses after this update too.
   */
  readonly traffic?: EditorTraffic
}

/** The editor's messages as `update` waits for them to be read and handled (`UpdateOptions.traffic`). */
export interface EditorTraffic {
  /** A count that moves whenever a message (or part of one) arrives, whenever one is handled, and whenever one is written. */
  count(): number
  /**
   * While a message is partly read, read and not handled yet, or being written: settles at the next step
   * (more of it arrives, it is handled, it is written; or soon, if nothing comes); else undefined.
   */
  pending(): Promise<void> | undefined
}

export interface AnalysesOptions {
  /**
   * Bring the analyses up to date first (the default). False: the last complete analysis of each root,
   * at once, even when a change has made it stale (a root never analysed is analysed first).
   */
  readonly fresh?: boolean
  /**
   * With `fresh: false`: for a file open in the editor, the last analysis in which it parsed (a line being
   * typed, `provider = aws.`, does not parse, and the file's blocks are then missing from the model).
   */
  readonly parsed?: boolean
}

/** The analysis layer of `tfgraph lsp`: buffers in, analyses and findings out. */
export interface Workspace {
  /** The directory searched for root modules (absolute). */
  readonly dir: string
  /** Lays an editor's buffer over a file (opened or changed; nothing is written). */
  setBuffer(file: string, text: string): void
  /** Takes a buffer away (the editor closed it): the disk is read again. */
  dropBuffer(file: string): void
  /** Files created, changed or deleted on the disk (the editor's file watcher, or the server's). */
  changedOnDisk(files: readonly string[]): void
  /**
   * Analyses every root that is stale (the first call: every root), those holding open buffers first, and
   * returns the files whose findings may have changed. A root whose inputs change while it is analysed
   * is analysed again from the newest text, once the module stage of the directory last edited has run
   * (`provisionalFindings`). `progress` alone may be given for `opts.progress`.
   */
  update(opts?: UpdateOptions | UpdateOptions['progress']): Promise<ReadonlySet<string>>
  /** The root modules found (absolute, sorted). */
  roots(): readonly string[]
  /**
   * The analyses of the roots whose module tree holds the directory of `file`, plus the directory on its
   * own when it is a shared module; the directory alone when no root reaches it.
   */
  analysesOf(file: string, opts?: AnalysesOptions): Promise<readonly RootAnalysis[]>
  /**
   * The text of the open `file` that `analysis` parsed, when it is the last analysis in which the file
   * parsed (`analysesOf(file, {fresh: false, parsed: true})`): positions in it are of that text, not
   * necessarily the buffer's. Undefined for any other analysis (its positions are the file's as read).
   */
  parsedText(file: string, analysis: RootAnalysis): string | undefined
  /** The same for a module directory (every root whose tree holds it), brought up to date. */
  analysesOfDir(dir: string): Promise<readonly RootAnalysis[]>
  /** The findings in one file across the roots that hold it, each once (as of the last update); without their fixes. */
  findings(file: string): readonly Finding[]
  /**
   * While `file` is not {@link current}: its findings from the roots holding it that are up to date, and
   * those of the roots still stale that lie on lines the text they read shares with the file's current text
   * at its start or at its end (taken to those lines; the others are left out until those roots are
   * analysed again). Undefined when it is current, or when no root holding it is up to date. What an editor
   * shows while the roots holding a module other than the one being edited are analysed in the background.
   * For the files of the directory last edited, before any of their roots is up to date too: `update`
   * first runs the module stage of that directory (`lintModuleStage`), whose findings (exact for the
   * current texts) take the place of the stale roots' findings of the rules with a module stage; one no
   * root up to date has is given in the stage's form (named relative to the directory, its own root:
   * `root` is the directory, `roots` the stale roots that found it as well).
   */
  provisionalFindings(file: string): readonly Finding[] | undefined
  /**
   * The findings `findings` (or, while the file is not current, `provisionalFindings`) gives, with their
   * fixes (`LintDiagnostic.fixes`: an editor's quick fixes): the rules run again with fixes on each
   * root's last analysis, when first asked after it, over the texts it read.
   */
  findingsWithFixes(file: string): Promise<readonly Finding[]>
  /**
   * Whether an analysis has covered `file`: a root analysed (or whose analysis failed) holds its directory.
   * Until then an editor cannot tell its findings, not even that it has none.
   */
  analysed(file: string): boolean
  /**
   * Whether the findings of `file` are those of its current text: no root `update` analyses that holds
   * it is stale. An editor publishes a file's findings (with its buffer's version) only then.
   */
  current(file: string): boolean
  /** Ends the run. */
  close(): Promise<void>
}

/**
 * The module stage (`lintModuleStage`) of the directory of the file last edited, run before its roots are
 * analysed: its findings by file (absolute; named relative to `dir`), exact while nothing it read changed.
 */
interface StageState {
  readonly dir: string
  readonly findings: ReadonlyMap<string, readonly LintDiagnostic[]>
  /** Paths it read, each with the change count it was read at; and the overlay's change count when it started. */
  readonly inputs: ReadonlyMap<string, number>
  readonly builtAt: number
  /**
   * Whether its findings stand for the stale roots' (a module directory; a root's own is published by its
   * analysis). Undefined: run before any root holding the directory was analysed (the first update, before
   * the roots are even found): published until one is, then as the roots holding it say.
   */
  readonly publish: boolean | undefined
}

interface RootState {
  readonly root: string
  /** Its configuration file (`.tfgraph.json`: a change of it makes the root stale). */
  readonly config: string
  kind: RootKind
  analysis: RootAnalysis | undefined
  /** Paths its last analysis read (files, listings, stats), each with the change count it was read at (the earliest). */
  inputs: ReadonlyMap<string, number>
  dirs: ReadonlySet<string>
  /** The overlay's change count when its last analysis started (-1: never analysed). */
  builtAt: number
  building: Promise<RootAnalysis> | undefined
  /** Its findings by file (absolute). */
  findings: Map<string, LintDiagnostic[]>
  /** The same with their fixes, once asked for (`findingsWithFixes`) since its last analysis. */
  fixed: Map<string, LintDiagnostic[]> | undefined
  /** How its last analysis was linted (without fixes), and the texts of the files it read through `sourceText`. */
  options: LintOptions | undefined
  texts: ReadonlyMap<string, string | undefined>
  /** The texts its carried findings are of, of the files among `texts` whose texts changed since (`carry`). */
  newer: Map<string, string>
  /** What its last analysis held back while files did not parse. */
  held: HeldBack
  /** For each open file it holds, the last analysis in which that file parsed, and the text it parsed. */
  readonly parsed: Map<string, ParsedView>
  /** The files its last analysis could not parse (absolute). */
  unparsed: ReadonlySet<string>
  used: number
  /** Its last analysis's findings as `lint` gives them (files named from the root), before `findingsByFile`. */
  diagnostics: readonly LintDiagnostic[]
  /**
   * Its findings were carried to newer texts of a module directory whose provider fingerprint did not change
   * (#48 item 3): they are exact, but its analysis (`analysis`) is of the texts before: a request that needs
   * it up to date, or fixes, analyses it again.
   */
  carried: boolean
  /** The texts of the open module files its findings are of (absolute path → text). */
  seen: Map<string, string>
  /** The provider fingerprints of the module directories of open files, as its findings are of them. */
  prints: Map<string, FingerprintValue>
}

/** An analysis in which an open file parsed, with the text of the file it read. */
interface ParsedView {
  readonly analysis: RootAnalysis
  readonly text: string | undefined
}

const CONFIG_FILE = /\.(tf|tofu)(\.json)?$|\.(tfcomponent|tfstack)\.(hcl|json)$/
/** A module's configuration file (what the module stage reads). */
const MODULE_FILE = /\.(tf|tofu)(\.json)?$/

/** How long an analysis runs before it lets the event loop in (a request waits at most about this long). */
const YIELD_MS = 4
/** How long an update waits at most, before it starts an analysis, for the editor's messages to stop coming (`traffic`). */
const DRAIN_MS = 100

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
  /** How many times the configuration directories or their calls changed, and the count when the roots were last found from them (`search`). */
  private callsChanged = 0
  private rootsFound = -1
  /** Directories whose local calls must be read again (a file of theirs changed, or appeared). */
  private readonly dirtyDirs = new Set<string>()
  /**
   * Files whose findings changed and that no update has told about yet: an analysis asked for by a
   * request (a hover, a code lens) counts as much as the update's own, and so does a root that went away.
   */
  private readonly untold = new Set<string>()
  /** Files' texts for the rules and ignore comments, as of the last change told about each. */
  private readonly texts = new Map<string, string | undefined>()
  private lastYield = 0
  /** The overlay's change count when a checkpoint last found nothing an analysis read changed (no change since: none did). */
  private checkedAt = -1
  /** The editor's traffic, as the last update was given it (`UpdateOptions.traffic`). */
  private traffic: EditorTraffic | undefined
  /** The file last changed in a buffer: the roots holding it are analysed first. */
  private focus: string | undefined
  /** The search for roots while it runs (requests wait for it: which roots hold a directory is not known before). */
  private searching: Promise<void> | undefined
  /** The module stage of the focus's directory, once run (see `moduleStage`). */
  private stage: StageState | undefined
  /** Each root's `resolverFrom` (the names its findings give files, made absolute), kept across edits. */
  private readonly resolvers = new Map<string, (name: string) => string>()
  /** The provider fingerprint of each module load seen (`printOf`). */
  private readonly prints = new WeakMap<Module, FingerprintValue>()
  /** The last fingerprint printed of each module directory (`printOf`). */
  private readonly lastPrints = new Map<string, FingerprintValue>()
  /** The fingerprints' pieces by the parser's blocks: an edit's load prints only the edited file's blocks again. */
  private readonly printCache = fingerprintCache()
  /** What carrying reads of each finding (`factsOf`): a carried root's unchanged findings are the same objects. */
  private readonly factsOf = new WeakMap<LintDiagnostic, FindingFacts>()
  /** Each directory's `homeIn`, until a change that is not an open buffer's text (`changed`). */
  private readonly homes = new Map<string, string | undefined>()
  /** Which files exist (`exists`), as of the overlay's change count. */
  private readonly existing = {version: -1, files: new Map<string, boolean>()}
  /** Whether each rule has a module stage (`moduleStaged`). */
  private readonly staged = new Map<string, boolean>()

  /** `path.resolve(root, name)`, each name once per root. */
  private resolver(root: string): (name: string) => string {
    let r = this.resolvers.get(root)
    if (!r) this.resolvers.set(root, (r = resolverFrom(root)))
    return r
  }

  constructor(
    readonly dir: string,
    private readonly opts: WorkspaceOptions,
  ) {
    this.source = new OverlaySource(opts.files, {remember: true})
    this.ctx = new RunContext({
      files: this.source,
      cache: false,
      ...(opts.env ? {env: opts.env} : {}),
      checkpoint: (mayCancel) => this.checkpoint(mayCancel),
    })
  }

  setBuffer(file: string, text: string): void {
    const abs = path.resolve(file)
    if (!this.open.has(abs)) this.opened(abs)
    const old = this.source.buffer(abs)
    // its text, when read since it last changed, is the buffer's (not decoded again)
    if (old) this.ctx.parser.forget(this.texts.get(abs) ?? utf8Text(old))
    const wasOpen = this.open.has(abs)
    this.source.set(abs, text)
    this.open.add(abs)
    this.focus = abs
    this.changed(abs, wasOpen)
  }

  /**
   * A file just opened: the last analysis of each root holding it, if the file parsed there, is the one to
   * answer from while its buffer does not parse (a line being typed right after opening it).
   */
  private opened(abs: string): void {
    const d = path.dirname(abs)
    const text = this.sourceText(abs)
    for (const s of this.states.values())
      if (s.analysis && s.dirs.has(d) && !s.unparsed.has(abs) && !s.parsed.has(abs)) s.parsed.set(abs, {analysis: s.analysis, text})
  }

  dropBuffer(file: string): void {
    const abs = path.resolve(file)
    const old = this.source.buffer(abs)
    if (old) this.ctx.parser.forget(utf8Text(old))
    this.source.drop(abs)
    this.open.delete(abs)
    // its last good parse stays until an analysis reads the disk's text (a file closed and opened again at once)
    this.changed(abs)
  }

  changedOnDisk(files: readonly string[]): void {
    const abs = files.map((f) => path.resolve(f))
    this.source.changedOnDisk(abs)
    for (const f of abs) this.changed(f)
  }

  /** A path changed (`buffer`: a buffer already open changed, so a file: nothing is below it). */
  private changed(abs: string, buffer = false): void {
    if (CONFIG_FILE.test(abs)) this.dirtyDirs.add(path.dirname(abs))
    this.texts.delete(abs)
    if (buffer) return
    // a directory's listing may have changed (a file created, deleted, a buffer of a new file)
    this.homes.clear()
    // a path may be a file or a directory (deleted, renamed): every text below it goes
    const below = abs + path.sep
    for (const f of [...this.texts.keys()]) if (f.startsWith(below)) this.texts.delete(f)
  }

  /** A file's text through the buffers, read once per change. */
  private sourceText(abs: string): string | undefined {
    if (!this.texts.has(abs)) {
      try {
        this.texts.set(abs, utf8Text(this.source.read(abs)))
      } catch {
        this.texts.set(abs, undefined)
      }
    }
    return this.texts.get(abs)
  }

  /**
   * `source.record`: what `fn` reads, recorded. The checkpoints' "nothing changed since the last check"
   * (`checkedAt`) is of one recording: a new one is checked at its first checkpoint, whatever an earlier
   * one found (it may note inputs read before, through the run's loads).
   */
  private recorded<T>(fn: () => Promise<T>): Promise<{value: T; inputs: Input[]}> {
    this.checkedAt = -1
    return this.source.record(fn)
  }

  /** The run's checkpoint: lets the event loop in now and then; abandons an analysis whose inputs changed. */
  private async checkpoint(mayCancel: boolean): Promise<void> {
    if (performance.now() - this.lastYield >= YIELD_MS) {
      await this.drain()
      this.lastYield = performance.now()
    }
    // what an analysis read is checked again only after a change (a checkpoint comes every few rules)
    if (mayCancel && this.checkedAt !== this.source.version) {
      if (this.source.recordingOutdated()) throw new AnalysisCancelled()
      this.checkedAt = this.source.version
    }
  }

  /**
   * Lets the event loop in for a turn; with the editor's `traffic` (`UpdateOptions.traffic`), for more turns
   * while its messages keep arriving or being handled (at most {@link DRAIN_MS}): the connection handles one
   * message a turn, and a request queued behind a burst of edits is not made to wait a turn per edit.
   */
  private async drain(): Promise<void> {
    const traffic = this.traffic
    const until = performance.now() + DRAIN_MS
    for (let t = traffic?.count(); ;) {
      // a message partly read, or not handled yet, or an answer being written: the next step is on its way
      await (traffic?.pending() ?? new Promise<void>((resolve) => setImmediate(resolve)))
      if (traffic === undefined || t === (t = traffic.count()) || performance.now() >= until) break
    }
  }

  /** Waits until no change and no message comes in for a turn of the event loop: edits queued behind one another become one analysis. */
  private async settle(): Promise<void> {
    for (let v = -1; v !== this.source.version;) {
      v = this.source.version
      await this.drain()
    }
    this.lastYield = performance.now()
  }

  roots(): readonly string[] {
    return [...this.states.values()]
      .filter((s) => s.kind === 'root')
      .map((s) => s.root)
      .sort()
  }

  private stale(s: RootState): boolean {
    if (s.builtAt < 0) return true
    const config = s.config
    // a path read after it changed was read as it is now: only a change after the read makes the root stale
    return this.source.someChangeSince(s.builtAt, (p, at) => at > (s.inputs.get(p) ?? Infinity) || p === config)
  }

  /** Whether the module stage's findings are those of the current texts: nothing it read changed since. */
  private stageCurrent(st: StageState): boolean {
    return !this.source.someChangeSince(st.builtAt, (p, at) => at > (st.inputs.get(p) ?? Infinity))
  }

  /**
   * Before any root is analysed: the module stage of the directory of the open file last edited, when a
   * root holding it is stale (#48: Terraform's diagnostics of reading the directory and the findings of the
   * rules with a module stage, which no root can change), through the run's loads and memo, so the roots'
   * analyses reuse it. The file's `provisionalFindings` include them at once.
   */
  private async moduleStage(): Promise<'ran' | 'none' | 'cancelled'> {
    // a module's configuration files
    const file = this.focus && this.open.has(this.focus) && MODULE_FILE.test(this.focus) ? this.focus : undefined
    if (!file) return 'none'
    const dir = path.dirname(file)
    const holding = this.holding(file).filter((s) => s.kind !== 'shared' && s.dirs.has(dir))
    const first = holding.sort((a, b) => (a.root < b.root ? -1 : 1))[0]
    // a stage run before the roots were found was read with the directory's own configuration and the
    // default engine: once a root holds the directory, it is run again as that root reads it
    const readAsRoot = this.stage?.publish !== undefined || !first
    if (this.stage?.dir === dir && readAsRoot && this.stageCurrent(this.stage)) return 'none'
    // no root analysed holds it yet, but one will (the first update: the roots not even found yet): its
    // stage alone is what the editor shows first, read as the directory's own root would read it
    const early = !first && this.awaited(dir)
    if (!early && (!first || !holding.some((s) => this.stale(s)))) return 'none'
    // a module directory: a root's (or a directory analysed on its own) is published by its own analysis;
    // its stage is run all the same, for its roots' findings to be carried when its fingerprint is unchanged
    const publish = first ? !holding.some((s) => s.root === dir) : undefined
    const builtAt = this.source.version
    // read as the first root holding it reads it: its configuration and engine; a root's own directory
    // as its crawl loads it (the engine given, else chosen from the files), so that an analysis of the root
    // after this stage takes the same load (one module object, one fingerprint) instead of loading it again
    const config = first ? (first.options?.config ?? readLintConfig(first.root).config) : readLintConfig(dir).config
    const engine = first && publish ? (first.analysis?.lint.analysis.tree.engine ?? this.opts.engine) : this.opts.engine
    try {
      const {value, inputs} = await this.serial(() =>
        this.recorded(async () => {
          const stage = await lintModuleStage(this.ctx, dir, {
            config,
            ...(engine ? {engine} : {}),
            sourceText: (f) => this.sourceText(f),
          })
          // the same load (the run's): its diagnostics, for the fingerprint
          const loaded = await this.ctx.loads.load(dir, engine ? {engine} : {})
          return {...stage, loaded}
        }),
      )
      const read = new Map<string, number>()
      for (const i of inputs) {
        const at = i.stamp === undefined ? -1 : Number(i.stamp)
        read.set(i.path, Math.min(read.get(i.path) ?? at, Number.isNaN(at) ? -1 : at))
      }
      const findings = new Map<string, LintDiagnostic[]>()
      for (const d0 of value.diagnostics) {
        let d = d0
        const r = displayRange(d)
        if (!r) continue
        let f = path.resolve(dir, r.filename)
        // one about a file that does not exist is said at the start of the directory's main file, as the roots' are
        if (!this.exists(f)) {
          const home = this.homeIn(path.dirname(f))
          if (!home) continue
          d = {...d, range: atStart(r, relativeTo(dir, home))}
          f = home
        }
        findings.set(f, [...(findings.get(f) ?? []), d])
      }
      this.stage = {dir, findings, inputs: read, builtAt, publish}
      // its open files are published at once (with what the stale roots found on their unchanged lines)
      if (publish !== false) for (const f of this.open) if (path.dirname(f) === dir) this.untold.add(f)
      // nothing changed meanwhile: the roots whose tree stage reads nothing that changed keep their findings
      if (this.source.version === builtAt && value.loaded.module === value.module) this.carry(dir, value.module, value.loaded.diagnostics)
      return 'ran'
    } catch (e) {
      if (e instanceof AnalysisCancelled) return 'cancelled'
      // failed: the roots' analyses say what there is to say
      this.stage = undefined
      return 'none'
    }
  }

  /**
   * The provider fingerprint of a load of a module directory (one per module object), as its value: the
   * directory's last one when they are the same (compared once here, then by reference wherever a root's
   * print is compared with it).
   */
  private printOf(module: Module, loadDiagnostics: readonly Diagnostic[]): FingerprintValue {
    let p = this.prints.get(module)
    if (p === undefined) {
      p = fingerprintValue(module, loadDiagnostics, this.ctx.memo, this.printCache)
      const last = this.lastPrints.get(module.dir)
      if (last && sameFingerprint(last, p)) p = last
      else this.lastPrints.set(module.dir, p)
      this.prints.set(module, p)
    }
    return p
  }

  /**
   * After the module stage of `dir` (its current load: `module`): each stale root that holds it, when nothing
   * else it read changed and the directory's provider fingerprint is unchanged, takes its findings to the new
   * texts instead of being analysed again (#48 item 3): the tree stage's moved with the text, the module
   * stage's computed for the new load at the root's calls. A root whose findings cannot be taken exactly
   * stays stale (`carriedFindings`).
   */
  private carry(dir: string, module: Module, loadDiagnostics: readonly Diagnostic[]): void {
    if (loadDiagnostics.some((d) => d.severity === 'error' && d.code.startsWith('hcl.'))) return
    const print = this.printOf(module, loadDiagnostics)
    const builtAt = this.source.version
    // the change of a file's text, once for the roots that read the same text before (most: all of them)
    const changes = new Map<string, Map<string, Change | undefined>>()
    const changeOf = (p: string, then: string, now: string): Change | undefined => {
      let byThen = changes.get(p)
      if (!byThen) changes.set(p, (byThen = new Map()))
      if (!byThen.has(then)) {
        const c = textChange(then, now)
        byThen.set(then, c ? {change: c, ignores: touchesIgnores(c)} : undefined)
      }
      return byThen.get(then)
    }
    // the files' lines the ignore comments are read from, for every root (the texts are the same for all)
    const ignoreLines: IgnoreLines = new Map()
    for (const s of this.states.values()) {
      if (!this.kept(s) || s.kind === 'shared' || s.building || !s.analysis || !s.dirs.has(dir) || !this.stale(s)) continue
      const carried = this.carriedFindings(s, dir, module, print, changeOf, ignoreLines)
      if (!carried) continue
      const before = s.findings
      s.diagnostics = carried.diagnostics
      s.findings = this.carriedByFile(s, dir, before, carried.diagnostics)
      s.fixed = undefined
      s.carried = true
      s.builtAt = builtAt
      for (const [f, text] of carried.texts) {
        s.seen.set(f, text)
        if (s.texts.has(f)) s.newer.set(f, text)
      }
      // the files whose lists changed, in the order of the files before and then of the new ones (a file
      // of another directory keeps its list: the same array)
      const told = (f: string, a: readonly LintDiagnostic[], b: readonly LintDiagnostic[]): void => {
        if (a !== b && (a.length !== b.length || a.some((d, i) => d !== b[i]))) this.untold.add(f)
      }
      for (const [f, a] of before) told(f, a, s.findings.get(f) ?? [])
      for (const [f, b] of s.findings) if (!before.has(f)) told(f, [], b)
    }
  }

  /**
   * `findingsByFile` of carried findings: only the files of `dir` can have changed (a finding without a place
   * goes to the root's first file: when that is in `dir` too, every file is filed again).
   */
  private carriedByFile(
    s: RootState,
    dir: string,
    before: ReadonlyMap<string, LintDiagnostic[]>,
    diagnostics: readonly LintDiagnostic[],
  ): Map<string, LintDiagnostic[]> {
    const lint = s.analysis!.lint
    const inDir = (d: LintDiagnostic): boolean | undefined => {
      const at = this.dirOf(s.root, d)
      return at === undefined ? undefined : at === dir
    }
    if (s.root === dir && diagnostics.some((d) => inDir(d) === undefined)) return this.findingsByFile(s.root, diagnostics, lint, s.held)
    const out = new Map<string, LintDiagnostic[]>()
    for (const [f, list] of before) if (path.dirname(f) !== dir) out.set(f, list)
    for (const [f, list] of this.findingsByFile(
      s.root,
      diagnostics.filter((d) => inDir(d) === true),
      lint,
      s.held,
    ))
      out.set(f, list)
    return out
  }

  /**
   * A stale root's findings taken to the current texts of `dir`'s files (see `carry`), with those texts;
   * undefined when they cannot be: something else it read changed, a changed file's old text is not known,
   * the fingerprint differs, a finding lies on the changed lines or names a line after them, an ignore
   * comment is near them.
   */
  private carriedFindings(
    s: RootState,
    dir: string,
    module: Module,
    print: FingerprintValue,
    changeOf: (p: string, then: string, now: string) => Change | undefined,
    ignoreLines: IgnoreLines,
  ): {diagnostics: LintDiagnostic[]; texts: Map<string, string>} | undefined {
    const a = s.analysis
    const options = s.options
    if (!a || !options || a.lint.analysis.stack || s.unparsed.size > 0 || !sameFingerprint(s.prints.get(dir), print)) return undefined
    const config = s.config
    const changes: [string, TextChange][] = []
    const texts = new Map<string, string>()
    for (const [p, at] of this.source.changesSince(s.builtAt)) {
      if (p === config) return undefined
      if (!(at > (s.inputs.get(p) ?? Infinity))) continue
      // only the buffers of the directory's configuration files, whose texts before are known
      const then = s.seen.get(p)
      if (path.dirname(p) !== dir || !MODULE_FILE.test(p) || !this.open.has(p) || then === undefined) return undefined
      const now = this.sourceText(p)
      if (now === undefined) return undefined
      texts.set(p, now)
      const c = changeOf(p, then, now)
      if (!c) continue
      if (c.ignores) return undefined
      changes.push([p, c.change])
    }
    const resolve = this.resolver(s.root)
    const inDir = (d: LintDiagnostic): boolean => this.dirOf(s.root, d) === dir
    const out: LintDiagnostic[] = []
    for (const d0 of s.diagnostics) {
      const facts = this.facts(s.root, d0)
      if (facts.staged) {
        // the module stage's: those of this directory are computed again below (one without a place cannot be told apart)
        if (!facts.placed) return undefined
        if (facts.dir === dir) continue
        out.push(d0)
        continue
      }
      let d: LintDiagnostic | undefined = d0
      for (const [f, c] of changes) {
        // `namesMovedLine` and `reanchor`, from what is kept of the finding (its texts and its ranges' files do not move)
        if (linesNamed(facts, d0, s.root, f).some((line) => line > c.head)) return undefined
        if (!facts.fixed && !facts.files.includes(f)) continue
        d = reanchor(d, c, (name) => resolve(name) === f)
        if (!d) return undefined
      }
      out.push(d)
    }
    const stage = moduleStageAtCalls(this.ctx, s.root, a.lint.analysis, dir, module, {
      config: options.config ?? readLintConfig(s.root).config,
      sourceText: (f) => this.sourceText(f),
      ignoreLines,
    })
    for (const d of stage) if (!inDir(d)) return undefined
    // as `lint` orders them (a stable sort: the kept ones stay in their order, the stage's after them on a tie)
    return {diagnostics: mergeSorted(out, stage, lintOrder), texts}
  }

  /** The directory (absolute) of a finding's place in a root's findings (named from the root); undefined without one. */
  private dirOf(root: string, d: LintDiagnostic): string | undefined {
    return this.facts(root, d).dir
  }

  /** What carrying reads of a finding of a root (named from the root), worked out once per finding object. */
  private facts(root: string, d: LintDiagnostic): FindingFacts {
    // a finding object is one root's (its texts name files from that root): kept while it is carried unchanged
    const known = this.factsOf.get(d)
    if (known?.root === root) return known
    const resolve = this.resolver(root)
    const r = displayRange(d)
    const files: string[] = []
    for (const x of [d.range, d.extra?.range, d.restatesAt, d.ignoreAt]) if (x) files.push(resolve(x.filename))
    const facts: FindingFacts = {
      root,
      dir: r ? path.dirname(resolve(r.filename)) : undefined,
      placed: r !== undefined,
      staged: this.moduleStaged(d.rule),
      fixed: d.fixes !== undefined && d.fixes.length > 0,
      files,
      named: undefined,
    }
    this.factsOf.set(d, facts)
    return facts
  }

  /** Whether the rule `id` has a module stage (`hasModuleStage`), each rule once. */
  private moduleStaged(id: string): boolean {
    let v = this.staged.get(id)
    if (v === undefined) this.staged.set(id, (v = hasModuleStage(id)))
    return v
  }

  /**
   * Finds the roots (through `serial`). A request asked while a search runs waits for it (`searching`):
   * until it ends, which roots hold a directory is not known, and a called module would be taken for a
   * root of its own.
   */
  private async findRoots(): Promise<void> {
    const search = this.search()
    this.searching = search
    try {
      await search
    } finally {
      if (this.searching === search) this.searching = undefined
    }
  }

  /** Finds the roots the first time; later, reads the local calls of directories whose files changed and finds them again. */
  private async search(): Promise<void> {
    if (!this.configDirs) {
      const found = configDirsUnder(this.source, this.dir, undefined, this.bounds)
      this.opts.log?.(searchLine(this.dir, this.bounds, found.dirs.length, found.skipped))
      // the directories are known once their calls are: a request waits for both
      for (const d of found.dirs) this.calls.set(d, await localCallTargets(this.source, d, this.opts.engine, this.ctx.parser))
      this.configDirs = new Set(found.dirs)
      this.dirtyDirs.clear()
      this.callsChanged++
    } else if (this.dirtyDirs.size > 0) {
      const dirs = [...this.dirtyDirs]
      this.dirtyDirs.clear()
      for (const d of dirs) {
        if (!this.searched(d)) continue
        const config = this.hasConfigFiles(d)
        if (config) {
          // a directory an analysis holds gets its calls from that analysis when it is analysed again;
          // only a new one (or one no root reaches) is read for them here
          const held = this.configDirs.has(d) && [...this.states.values()].some((s) => s.builtAt >= 0 && s.dirs.has(d))
          if (!this.configDirs.has(d)) this.callsChanged++
          this.configDirs.add(d)
          if (!held) {
            this.calls.set(d, await localCallTargets(this.source, d, this.opts.engine, this.ctx.parser))
            this.callsChanged++
          }
        } else {
          if (this.configDirs.delete(d)) this.callsChanged++
          if (this.calls.delete(d)) this.callsChanged++
        }
      }
    }
    // the directories and their calls as when the roots were last found (an edit of a module analysed, or
    // carried, changes neither): the same roots
    if (this.rootsFound === this.callsChanged) return
    this.rootsFound = this.callsChanged
    const called = new Set<string>()
    for (const d of this.configDirs) for (const t of this.calls.get(d) ?? []) called.add(t)
    const roots = new Set([...this.configDirs].filter((d) => !called.has(d)))
    for (const s of [...this.states.values()]) {
      if (s.kind === 'root' && !roots.has(s.root)) {
        // a root that went away takes its findings with it
        this.states.delete(s.root)
        for (const f of s.findings.keys()) this.untold.add(f)
      } else if (s.kind !== 'root' && roots.has(s.root)) s.kind = 'root'
    }
    for (const r of roots) if (!this.states.has(r)) this.states.set(r, newState(r, 'root'))
  }

  private get bounds(): SearchBounds {
    return this.opts.search ?? DEFAULT_SEARCH
  }

  /** Whether the root search covers `d`: under `dir`, within its depth. */
  private searched(d: string): boolean {
    if (!isInside(d, this.dir)) return false
    const rel = path.relative(this.dir, d)
    return (rel === '' ? 0 : rel.split(path.sep).length) <= this.bounds.depth
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

  /** The roots `update` keeps analysed: every root, and a directory analysed on its own while it holds an open buffer. */
  private kept(s: RootState): boolean {
    return s.kind === 'root' || (s.kind === 'dir' && this.holdsOpen(s))
  }

  /**
   * The stale root to analyse next: one holding the file last edited first (its diagnostics are published
   * as soon as one is current: `provisionalFindings`), then one holding an open buffer (what the editor
   * shows), then by path.
   */
  private next(): RootState | undefined {
    let best: RootState | undefined
    let bestRank = -1
    const focus = this.focus && this.open.has(this.focus) ? path.dirname(this.focus) : undefined
    // a root never analysed holds what its local calls reach, as the search read them (read only while there is one)
    let reaching: Set<string> | undefined
    const reaches = (root: string): boolean => (reaching ??= this.reachingRoots(focus!)).has(root)
    for (const s of this.states.values()) {
      if (!this.kept(s) || !this.stale(s)) continue
      const rank = focus !== undefined && (s.dirs.has(focus) || (s.builtAt < 0 && reaches(s.root))) ? 2 : this.holdsOpen(s) ? 1 : 0
      if (!best || rank > bestRank || (rank === bestRank && s.root < best.root)) {
        best = s
        bestRank = rank
      }
    }
    return best
  }

  async update(arg?: UpdateOptions | UpdateOptions['progress']): Promise<ReadonlySet<string>> {
    const opts: UpdateOptions = typeof arg === 'function' ? {progress: arg} : (arg ?? {})
    const touched = new Set<string>()
    const tell = (): void => {
      if (this.untold.size === 0) return
      const files = new Set(this.untold)
      this.untold.clear()
      for (const f of files) touched.add(f)
      opts.analysed?.(files)
    }
    let done = 0
    if (opts.traffic) this.traffic = opts.traffic
    for (;;) {
      await this.settle()
      if (opts.stop?.()) break
      // the first update: the module stage of the file being edited runs before the roots are searched for
      // (the search reads every directory's calls): its findings are what the editor shows first
      if (!this.configDirs) {
        const early = await this.moduleStage()
        if (early === 'cancelled') continue
        if (early === 'ran') {
          tell()
          // what the editor was told goes out before the search, which reads every directory without a turn of
          // the event loop (the server's writes wait for one: the whole fabric's search, ~0.3 s, before it)
          await this.drain()
        }
      }
      // an analysis may find new calls that change the root set: the search follows every change
      await this.serial(() => this.findRoots())
      tell()
      const staged = await this.moduleStage()
      // abandoned by a newer edit: its module stage first again
      if (staged === 'cancelled') continue
      if (staged === 'ran') tell()
      const s = this.next()
      if (!s) break
      const left = [...this.states.values()].filter((x) => this.kept(x) && this.stale(x)).length
      opts.progress?.(s.root, done, done + left)
      done++
      try {
        // abandoned by a change: back to the top (the module stage of the newest edit goes before any root)
        await this.fresh(s, true)
      } catch (e) {
        if (!opts.failed) throw e
        opts.failed(s.root, e)
      }
      tell()
    }
    tell()
    this.evict()
    return touched
  }

  private holdsOpen(s: RootState): boolean {
    for (const f of this.open) if (s.dirs.has(path.dirname(f))) return true
    return false
  }

  analysed(file: string): boolean {
    const abs = path.resolve(file)
    const d = path.dirname(abs)
    for (const s of this.states.values())
      if (this.kept(s) && s.builtAt >= 0 && (s.dirs.has(d) || s.findings.has(abs) || s.root === d)) return true
    // the module stage of its directory, run before any root holding it was analysed (its findings are published)
    return this.stageFindings(abs) !== undefined && this.awaited(d)
  }

  current(file: string): boolean {
    const abs = path.resolve(file)
    const holding = this.holding(abs)
    // none analysed holds it: not current while a root still to be analysed (or found) may
    if (holding.length === 0) return !this.awaited(path.dirname(abs))
    return !holding.some((s) => this.stale(s))
  }

  /**
   * Whether a root not analysed yet may hold directory `d`: the roots are not found yet, or one found and
   * never analysed reaches it through its local calls.
   */
  private awaited(d: string): boolean {
    if (!this.configDirs) return true
    // a directory the search did not find (an installed module, one too deep) may be any root's
    const known = this.configDirs.has(d)
    for (const s of this.states.values()) if (s.kind === 'root' && s.builtAt < 0 && (!known || this.reaches(s.root, d))) return true
    return false
  }

  /** The roots `update` analyses whose last analysis holds `abs` (its directory, or findings in it). */
  private holding(abs: string): RootState[] {
    const d = path.dirname(abs)
    return [...this.states.values()].filter((s) => this.kept(s) && s.builtAt >= 0 && (s.dirs.has(d) || s.findings.has(abs)))
  }

  provisionalFindings(file: string): readonly Finding[] | undefined {
    const abs = path.resolve(file)
    return this.provisional(abs, (s) => s.findings, this.stageFindings(abs))
  }

  /**
   * The module stage's findings in `abs` while they are those of the current texts (`moduleStage`), and
   * its directory is that of the file last edited.
   */
  private stageFindings(abs: string): StageFindings | undefined {
    const st = this.stage
    const d = path.dirname(abs)
    if (!st || st.dir !== d || !this.focus || path.dirname(this.focus) !== d || !this.stageCurrent(st)) return undefined
    // run before any root holding it was analysed: published until one is, and then unless it is one of them
    if (!(st.publish ?? !this.holding(abs).some((s) => s.root === d))) return undefined
    return {dir: st.dir, found: st.findings.get(abs) ?? []}
  }

  /**
   * The provisional findings of `abs` (see `provisionalFindings`): with the module stage's (`stage`), the
   * stale roots' findings of the rules with a module stage are kept only where the stage has the same (the
   * stage's are those of the current text): they list their roots on it.
   */
  private provisional(
    abs: string,
    of: (s: RootState) => ReadonlyMap<string, readonly LintDiagnostic[]>,
    stage?: StageFindings,
  ): readonly Finding[] | undefined {
    const holding = this.holding(abs)
    // no root analysed holds it yet: the module stage's findings alone, while a root to come may hold it
    if (holding.length === 0) return stage && this.awaited(path.dirname(abs)) ? this.collect(abs, () => [], stage) : undefined
    const stale = new Set(holding.filter((s) => this.stale(s)))
    if (stale.size === 0 || (stale.size === holding.length && !stage)) return undefined
    const now = this.sourceText(abs)
    const stagePlaces = new Set(stage?.found.map(placeOf))
    return this.collect(
      abs,
      (s) => {
        const found = of(s).get(abs) ?? []
        if (!stale.has(s) || found.length === 0) return found
        const then = s.newer.get(abs) ?? s.texts.get(abs)
        const shifted = then === undefined || now === undefined ? [] : shiftFindings(found, then, now)
        return stage ? shifted.filter((d) => !hasModuleStage(d.rule) || stagePlaces.has(placeOf(d))) : shifted
      },
      stage,
    )
  }

  async findingsWithFixes(file: string): Promise<readonly Finding[]> {
    const abs = path.resolve(file)
    // an analysis made while the fixes were computed has its own to compute: a few turns at most
    for (let turn = 0; turn < 3; turn++) {
      const missing = this.holding(abs).filter((s) => s.kind !== 'shared' && s.findings.has(abs) && !s.fixed)
      if (missing.length === 0) break
      for (const s of missing) {
        // findings carried to newer texts: their fixes are computed on an analysis of those texts
        if (s.carried) await this.fresh(s)
        await this.serial(() => this.computeFixes(s))
      }
    }
    const of = (s: RootState): ReadonlyMap<string, readonly LintDiagnostic[]> => s.fixed ?? s.findings
    return this.provisional(abs, of) ?? this.collect(abs, (s) => of(s).get(abs) ?? [])
  }

  /** The root's findings with their fixes: the lint stage again on its last analysis, over the texts that analysis read. */
  private async computeFixes(s: RootState): Promise<void> {
    const a = s.analysis
    const options = s.options
    if (!a || !options || s.fixed) return
    const result = await lintAnalysis(this.ctx, s.root, a.lint.analysis, {...options, fixes: true})
    // analysed again meanwhile: those findings are the ones to fix
    if (s.analysis === a) s.fixed = s.kind === 'shared' ? new Map() : this.findingsByFile(s.root, result.diagnostics, result, s.held)
  }

  async analysesOf(file: string, opts: AnalysesOptions = {}): Promise<readonly RootAnalysis[]> {
    const abs = path.resolve(file)
    // a file that is neither open nor on the disk (deleted, never there): nothing to analyse
    if (!this.source.buffer(abs) && this.source.stat(abs) !== 'file') return []
    return this.analysesHolding(path.dirname(abs), opts.fresh !== false, opts.parsed === true ? abs : undefined)
  }

  parsedText(file: string, analysis: RootAnalysis): string | undefined {
    const abs = path.resolve(file)
    for (const s of this.states.values()) {
      const v = s.parsed.get(abs)
      if (v?.analysis === analysis) return v.text
    }
    return undefined
  }

  async analysesOfDir(dir: string): Promise<readonly RootAnalysis[]> {
    return this.analysesHolding(path.resolve(dir), true, undefined)
  }

  private async analysesHolding(d: string, fresh: boolean, parsedFile: string | undefined): Promise<readonly RootAnalysis[]> {
    // the roots are found first (the first update's search, or the one asked here); analyses wait only when asked to
    if (!this.configDirs || (fresh && this.dirtyDirs.size > 0)) await this.serial(() => this.findRoots())
    else if (this.searching) await this.searching
    // a root not analysed yet holds the directory if its local calls reach it
    const holders = [...this.states.values()].filter(
      (s) => s.kind !== 'shared' && (s.dirs.has(d) || (s.builtAt < 0 && s.kind === 'root' && this.reaches(s.root, d))),
    )
    const roots = holders.some((s) => s.kind === 'root') ? holders.filter((s) => s.kind === 'root') : holders
    if (roots.length === 0) roots.push(this.state(d, 'dir'))
    const get = (s: RootState): Promise<RootAnalysis> => {
      const last = (parsedFile !== undefined ? s.parsed.get(parsedFile)?.analysis : undefined) ?? s.analysis
      return fresh || !last ? this.fresh(s) : Promise.resolve(last)
    }
    const out: RootAnalysis[] = []
    for (const s of roots.sort((a, b) => (a.root < b.root ? -1 : 1))) out.push(await get(s))
    // a shared module (configuration_aliases) is also shown on its own, as `providers` shows it
    if (!out.some((a) => a.root === d) && out.some((a) => declaresAliases(a, d))) out.push(await get(this.state(d, 'shared')))
    this.evict()
    return out
  }

  /** `d` and the directories whose local module calls reach it, as the root search read them. */
  private reachingRoots(d: string): Set<string> {
    const callers = new Map<string, string[]>()
    for (const [from, to] of this.calls) for (const t of to) callers.set(t, [...(callers.get(t) ?? []), from])
    const seen = new Set<string>()
    const todo = [d]
    for (let x = todo.pop(); x !== undefined; x = todo.pop()) {
      if (seen.has(x)) continue
      seen.add(x)
      todo.push(...(callers.get(x) ?? []))
    }
    return seen
  }

  /** Whether `d` is `root` or a directory its local module calls reach, as the root search read them. */
  private reaches(root: string, d: string): boolean {
    const seen = new Set<string>()
    const todo = [root]
    for (let x = todo.pop(); x !== undefined; x = todo.pop()) {
      if (x === d) return true
      if (seen.has(x)) continue
      seen.add(x)
      todo.push(...(this.calls.get(x) ?? []))
    }
    return false
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
    return this.collect(abs, (s) => s.findings.get(abs) ?? [])
  }

  /**
   * The findings in `abs` of every root (`of`: a root's), each once. With the module stage's (`stage`):
   * those of the roots up to date first, then the stage's, in the form it gives them (named relative to
   * its directory, the module as its own root; listing the stale roots that found them too), then the
   * stale roots'.
   */
  private collect(abs: string, of: (s: RootState) => readonly LintDiagnostic[], stage?: StageFindings): readonly Finding[] {
    const out: Finding[] = []
    // a finding is its rule, code, severity and place: the same in several roots (whose texts name the
    // module by its address in each) is one, the roots that found it listed on it
    const byPlace = new Map<string, {root: string; file: string | undefined}[][]>()
    const homes = new Map<string, string | undefined>()
    const home = (root: string): string | undefined => {
      if (!homes.has(root)) homes.set(root, this.homeIn(root))
      return homes.get(root)
    }
    // the roots with findings in the file (the others add nothing), by path
    const found = new Map<RootState, readonly LintDiagnostic[]>()
    for (const s of this.states.values()) {
      if (s.kind === 'shared') continue
      const list = of(s)
      if (list.length > 0) found.set(s, list)
    }
    const sources = [...found.keys()].sort((a, b) => (a.root < b.root ? -1 : 1))
    // with the module stage: the roots up to date first (their form), then the stage, then the stale roots
    const order = stage ? [...sources.filter((s) => !this.stale(s)), undefined, ...sources.filter((s) => this.stale(s))] : sources
    for (const s of order) {
      const counted = new Map<string, number>()
      const exact = new Set<string>()
      for (const d of s ? found.get(s)! : (stage?.found ?? [])) {
        const place = placeOf(d)
        const full = [place, d.summary, d.detail].join('\0')
        if (exact.has(full)) continue
        exact.add(full)
        const i = counted.get(place) ?? 0
        counted.set(place, i + 1)
        const lists = byPlace.get(place) ?? []
        byPlace.set(place, lists)
        const roots = lists[i]
        if (roots) {
          if (s && !roots.some((x) => x.root === s.root)) roots.push({root: s.root, file: home(s.root)})
          continue
        }
        // the module stage is no root: the roots that find the same list themselves
        const mine = s ? [{root: s.root, file: home(s.root)}] : []
        lists.push(mine)
        out.push({root: s?.root ?? stage?.dir ?? path.dirname(abs), file: abs, diagnostic: d, roots: mine})
      }
    }
    return out
  }

  /**
   * The root's analysis, analysed again first when stale (one analysis at a time; abandoned and started
   * again when its inputs change). `once`: an analysis abandoned is not started again (undefined; `update`'s loop goes on).
   */
  private async fresh(s: RootState): Promise<RootAnalysis>
  private async fresh(s: RootState, once: true): Promise<RootAnalysis | undefined>
  private async fresh(s: RootState, once = false): Promise<RootAnalysis | undefined> {
    s.used = ++this.clock
    for (;;) {
      if (s.building) {
        await s.building.catch(() => undefined)
        continue
      }
      if (s.analysis && !this.stale(s) && !s.carried) return s.analysis
      const building = this.serial(() => this.analyse(s))
      s.building = building
      try {
        return await building
      } catch (e) {
        if (!(e instanceof AnalysisCancelled)) throw e
        if (once) return undefined
      } finally {
        // cleared before anything else is awaited: another caller waiting on a settled analysis would
        // otherwise go round this loop in microtasks alone and starve the event loop (and this caller's settle)
        if (s.building === building) s.building = undefined
      }
      await this.settle()
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
    // the texts it reads, each as first read: its fixes, asked for later, are computed over the same
    const texts = new Map<string, string | undefined>()
    const options: LintOptions = {
      context: this.ctx,
      config,
      sourceText: (f) => {
        if (!texts.has(f)) texts.set(f, this.sourceText(f))
        return texts.get(f)
      },
      // no fixes: an editor's code action asks for them (findingsWithFixes)
      ...(o.engine ? {engine: o.engine} : {}),
      ...(o.env ? {env: o.env} : {}),
      ...(o.limits ? {limits: o.limits} : {}),
    }
    const {value: result, inputs} = await this.recorded(() => lint(s.root, options)).catch((e: unknown) => {
      // a failure (not a cancellation) is not tried again until something the root read changes
      if (!(e instanceof AnalysisCancelled)) s.builtAt = builtAt
      throw e
    })
    const dirs = new Set<string>()
    // a stack: its components' module trees are what it reads (and the directories it calls)
    const stack = result.analysis.stack
    const trees = [result.analysis.tree, ...(stack?.components ?? []).flatMap((c) => (c.analysis ? [c.analysis.tree] : []))]
    if (stack) this.calls.set(s.root, [...new Set(stack.components.flatMap((c) => (c.dir && c.dir !== s.root ? [c.dir] : [])))])
    // what the directories call, read again (the roots are found again from it at the next search)
    this.callsChanged++
    for (const n of trees.flatMap((t) => t.nodes)) {
      if (!n.dir) continue
      dirs.add(n.dir)
      // what the analysis found a directory calls: the root search's view of it, kept current
      if (n.module && this.configDirs?.has(n.dir))
        this.calls.set(
          n.dir,
          n.children.filter((c) => c.source?.kind === 'local' && c.dir).map((c) => c.dir!),
        )
    }
    const read = new Map<string, number>()
    for (const i of inputs) {
      const at = i.stamp === undefined ? -1 : Number(i.stamp)
      read.set(i.path, Math.min(read.get(i.path) ?? at, Number.isNaN(at) ? -1 : at))
    }
    s.inputs = read
    s.dirs = dirs
    if (s.kind === 'root') this.dropCovered(dirs)
    s.builtAt = builtAt
    for (const f of s.findings.keys()) this.untold.add(f)
    // the files it could not parse (their blocks are missing from the model)
    const unparsed = new Set(
      result.diagnostics.filter((d) => d.code.startsWith('hcl.') && d.range).map((d) => path.resolve(s.root, d.range!.filename)),
    )
    const held = heldBack(trees, unparsed)
    s.findings = s.kind === 'shared' ? new Map() : this.findingsByFile(s.root, result.diagnostics, result, held)
    s.fixed = undefined
    s.options = options
    s.texts = texts
    s.newer = new Map()
    s.held = held
    s.diagnostics = result.diagnostics
    s.carried = false
    for (const f of s.findings.keys()) this.untold.add(f)
    let locks: Promise<ReadonlyMap<string, string>> | undefined
    const engine = result.analysis.tree.engine
    s.analysis = {root: s.root, kind: s.kind, lint: result, dirs, lockedVersions: () => (locks ??= this.locks(s.root, engine))}
    s.unparsed = unparsed
    // the open files it holds that parsed: this is now the analysis to answer them from (closed ones: none)
    for (const f of [...s.parsed.keys()]) if (!this.open.has(f)) s.parsed.delete(f)
    for (const f of this.open)
      if (dirs.has(path.dirname(f)) && !unparsed.has(f)) s.parsed.set(f, {analysis: s.analysis, text: this.sourceText(f)})
    await this.remember(s, trees)
    return s.analysis
  }

  /**
   * What a root's findings are of, for them to be carried to newer texts (`carry`): the texts of the open
   * module files it holds, and the provider fingerprints of their directories (the run's loads of them,
   * which its tree holds).
   */
  private async remember(s: RootState, trees: readonly ModuleTree[]): Promise<void> {
    s.seen = new Map()
    s.prints = new Map()
    if (s.kind === 'shared' || trees.length !== 1) return
    const tree = trees[0]!
    // the texts now, before any wait below (an edit may land during a load); a file changed since the
    // analysis began has no text before: it is not carried (its findings may be of either text)
    const changed = new Set(this.source.changesSince(s.builtAt).map(([p]) => p))
    const texts = new Map<string, string>()
    for (const f of this.open) {
      if (!MODULE_FILE.test(f) || !s.dirs.has(path.dirname(f)) || changed.has(f)) continue
      const text = this.sourceText(f)
      if (text !== undefined) texts.set(f, text)
    }
    for (const f of this.open) {
      const d = path.dirname(f)
      if (!MODULE_FILE.test(f) || !s.dirs.has(d)) continue
      const text = texts.get(f)
      if (text !== undefined) s.seen.set(f, text)
      if (s.prints.has(d)) continue
      const node = tree.nodes.find((n) => n.dir === d && n.module)
      if (!node?.module) continue
      // the load its crawl made: a root's own directory is loaded choosing its engine, a called one with the
      // root's (asked in that order: the other is not in the run's loads and would be loaded for nothing)
      const own = d === s.root
      for (const opts of own ? [{}, {engine: tree.engine}] : [{engine: tree.engine}, {}]) {
        try {
          const loaded = await this.ctx.loads.load(d, opts)
          if (loaded.module !== node.module) continue
          s.prints.set(d, this.printOf(loaded.module, loaded.diagnostics))
          break
        } catch {
          // not carried
        }
      }
    }
  }

  /** A directory analysed on its own that a root's tree now holds is that root's: its analysis and findings go. */
  private dropCovered(dirs: ReadonlySet<string>): void {
    for (const x of [...this.states.values()]) {
      if (x.kind !== 'dir' || !dirs.has(x.root)) continue
      this.states.delete(x.root)
      for (const f of x.findings.keys()) this.untold.add(f)
    }
  }

  /**
   * The findings by file (absolute). One about a file that does not exist (`required-version` names the
   * terraform.tf to create) is said at the start of an existing file of its directory instead: an editor
   * shows diagnostics only on files it can open.
   */
  private findingsByFile(
    root: string,
    diagnostics: readonly LintDiagnostic[],
    result: LintResult,
    held: HeldBack,
  ): Map<string, LintDiagnostic[]> {
    const findings = new Map<string, LintDiagnostic[]>()
    const fallback = result.analysis.tree.root.module?.files[0]?.name ?? result.analysis.stack?.config.stack.files[0]?.name
    const resolve = this.resolver(root)
    for (const d0 of diagnostics) {
      let d = d0
      const r = displayRange(d)
      let file = r ? resolve(r.filename) : fallback ? path.join(root, fallback) : undefined
      if (!file) continue
      // while a module does not parse, its parse errors are the findings that depend on it
      if (isHeldBack(held, path.dirname(file), d)) continue
      if (r && !this.exists(file)) {
        const home = this.homeIn(path.dirname(file))
        if (!home) continue
        d = {...d, range: atStart(r, relativeTo(root, home))}
        file = home
      }
      const list = findings.get(file) ?? []
      list.push(d)
      findings.set(file, list)
    }
    return findings
  }

  private exists(file: string): boolean {
    // what a path is changes only with a change told (the overlay's count moves): asked once per count
    const known = this.existing
    if (known.version !== this.source.version) {
      known.version = this.source.version
      known.files.clear()
    }
    let yes = known.files.get(file)
    if (yes === undefined) known.files.set(file, (yes = this.source.buffer(file) !== undefined || this.source.stat(file) === 'file'))
    return yes
  }

  /** The file a directory's findings about a missing file go to: main.tf (or main.tofu, …) if there is one, else the first configuration file. */
  private homeIn(d: string): string | undefined {
    // its listing changes only with a change that is not an open buffer's text (`changed`)
    if (this.homes.has(d)) return this.homes.get(d)
    const home = this.listedHome(d)
    this.homes.set(d, home)
    return home
  }

  /** `homeIn`, from the directory's listing. */
  private listedHome(d: string): string | undefined {
    let names: string[]
    try {
      names = this.source
        .list(d)
        .filter((e) => (e.kind === 'file' || e.kind === 'link') && !e.name.startsWith('.') && CONFIG_FILE.test(e.name))
        .map((e) => e.name)
        .sort()
    } catch {
      return undefined
    }
    const name = names.find((n) => /^main\.(tf|tofu)(\.json)?$/.test(n)) ?? names[0]
    return name ? path.join(d, name) : undefined
  }

  /** The versions the root's lock file selects (none without one, or when it cannot be read). */
  private async locks(root: string, engine: EngineName): Promise<ReadonlyMap<string, string>> {
    const out = new Map<string, string>()
    const text = this.sourceText(path.join(root, '.terraform.lock.hcl'))
    if (text === undefined) return out
    try {
      const parsed = await parseLockFile(text, '.terraform.lock.hcl', engine, {parser: this.ctx.parser})
      for (const l of parsed.locks) if (l.version !== '') out.set(l.provider, l.version)
    } catch {
      // an unreadable lock file selects nothing (`tfgraph lock` says why)
    }
    return out
  }

  /** Keeps the analyses of roots holding open buffers and of the `keep` most recently used others. */
  private evict(): void {
    const keep = this.opts.keep ?? 16
    const held = [...this.states.values()].filter((s) => s.analysis && !s.building && !this.holdsOpen(s)).sort((a, b) => b.used - a.used)
    for (const s of held.slice(keep)) {
      s.analysis = undefined
      s.parsed.clear()
    }
  }

  async close(): Promise<void> {
    await this.queue
    await this.ctx.close()
  }
}

/** `path.resolve(root, name)`, each name once (a root's findings name few files, many times). */
function resolverFrom(root: string): (name: string) => string {
  const seen = new Map<string, string>()
  return (name) => {
    let abs = seen.get(name)
    if (abs === undefined) {
      abs = path.resolve(root, name)
      seen.set(name, abs)
    }
    return abs
  }
}

/** What carrying a root's findings to a new text reads of one of them (`LintWorkspace.facts`). */
interface FindingFacts {
  /** The root whose finding it is (its file names are from there). */
  readonly root: string
  /** The directory of its place (absolute); undefined without one. */
  readonly dir: string | undefined
  readonly placed: boolean
  /** Its rule has a module stage. */
  readonly staged: boolean
  /** It has fixes (`reanchor` takes none). */
  readonly fixed: boolean
  /** The files (absolute) of its ranges: its place, its extra range, `restatesAt`, `ignoreAt`. */
  readonly files: readonly string[]
  /** The lines its texts name, by file (`namedLines`), as asked. */
  named: Map<string, readonly number[]> | undefined
}

/** `namedLines` of a finding (`d`, whose facts `facts` are) and a file, kept with its facts. */
function linesNamed(facts: FindingFacts, d: LintDiagnostic, root: string, file: string): readonly number[] {
  const named = (facts.named ??= new Map())
  let lines = named.get(file)
  if (lines === undefined) named.set(file, (lines = namedLines(d, root, file)))
  return lines
}

/** A change of a file's text (`textChange`), and whether an ignore comment is near it (`touchesIgnores`). */
interface Change {
  readonly change: TextChange
  readonly ignores: boolean
}

/** The module stage's findings in one file, named relative to `dir`. */
interface StageFindings {
  readonly dir: string
  readonly found: readonly LintDiagnostic[]
}

/** A finding's rule, code, severity and place: what makes it the same finding in several roots. */
function placeOf(d: LintDiagnostic): string {
  const r = displayRange(d)
  return [d.rule, d.code, d.severity, r?.start.byte, r?.end.byte].join('\0')
}

/** The order `lint` gives its findings: by place, then by rule. */
function lintOrder(x: LintDiagnostic, y: LintDiagnostic): number {
  return compareDiagnostics(x, y) || (x.rule < y.rule ? -1 : x.rule > y.rule ? 1 : 0)
}

/**
 * `[...a, ...b].sort(order)` (a stable sort) for `a` and `b` each in that order already, in one pass: on a
 * tie `a`'s come first. Either one out of order: sorted as a whole.
 */
function mergeSorted<T>(a: readonly T[], b: readonly T[], order: (x: T, y: T) => number): T[] {
  const sorted = (xs: readonly T[]): boolean => xs.every((x, i) => i === 0 || order(xs[i - 1]!, x) <= 0)
  if (!sorted(a) || !sorted(b)) return [...a, ...b].sort(order)
  const out: T[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) out.push(order(b[j]!, a[i]!) < 0 ? b[j++]! : a[i++]!)
  while (i < a.length) out.push(a[i++]!)
  while (j < b.length) out.push(b[j++]!)
  return out
}

/** Whether the rule `id` has a module stage (`lintModuleStage` runs it). */
function hasModuleStage(id: string): boolean {
  const rule = ruleById(id)
  return rule?.scope === 'module' && rule.checkModule !== undefined
}

function newState(root: string, kind: RootKind): RootState {
  return {
    root,
    config: path.join(root, '.tfgraph.json'),
    kind,
    analysis: undefined,
    inputs: new Map(),
    dirs: new Set(),
    builtAt: -1,
    building: undefined,
    findings: new Map(),
    fixed: undefined,
    options: undefined,
    texts: new Map(),
    newer: new Map(),
    held: {broken: new Set(), related: new Set()},
    parsed: new Map(),
    unparsed: new Set(),
    used: 0,
    diagnostics: [],
    carried: false,
    seen: new Map(),
    prints: new Map(),
  }
}

function isInside(p: string, dir: string): boolean {
  const rel = path.relative(dir, p)
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))
}

/** The log line of a search for root modules: what it searched, found, and left out. */
function searchLine(dir: string, bounds: SearchBounds, found: number, skipped: SearchSkipped): string {
  const some = (xs: readonly string[]): string =>
    xs
      .slice(0, 3)
      .map((x) => path.relative(dir, x))
      .join(', ') + (xs.length > 3 ? ', …' : '')
  const left = [
    skipped.deeper.length > 0
      ? `${skipped.deeper.length} director${skipped.deeper.length === 1 ? 'y' : 'ies'} deeper than ${bounds.depth} level${bounds.depth === 1 ? '' : 's'} not searched (${some(skipped.deeper)})`
      : '',
    skipped.overCount.length > 0
      ? `stopped at ${bounds.dirs} directories: ${skipped.overCount.length} more not searched, with what is below them (${some(skipped.overCount)})`
      : '',
  ].filter((x) => x !== '')
  return `tfgraph: searched ${dir} for root modules (at most ${bounds.depth} level${bounds.depth === 1 ? '' : 's'} deep, ${bounds.dirs} directories): ${skipped.searched} listed, ${found} with configuration files${left.length > 0 ? `; ${left.join('; ')}` : ''}`
}

function relativeTo(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/')
}

/** The start of `filename`, for a finding moved there. */
function atStart(r: SourceRange, filename: string): SourceRange {
  const start = {line: 1, column: 1, byte: 0}
  return {...r, filename, start, end: start}
}

/**
 * The module directories whose findings are held back while files of the analysis do not parse: those of
 * a module with a file that does not parse (`broken`: its blocks are missing from the model), and those
 * of the modules that call it (their calls, the aliases they pass) and below it (what it passes them) that
 * depend on more than their own module's files (`related`).
 */
interface HeldBack {
  readonly broken: ReadonlySet<string>
  readonly related: ReadonlySet<string>
}

function heldBack(trees: readonly ModuleTree[], unparsed: ReadonlySet<string>): HeldBack {
  const broken = new Set([...unparsed].map((f) => path.dirname(f)))
  const related = new Set<string>()
  const below = (n: ModuleNode): void => {
    if (n.dir) related.add(n.dir)
    for (const c of n.children) below(c)
  }
  for (const n of trees.flatMap((t) => t.nodes)) {
    if (!n.dir || !broken.has(n.dir)) continue
    below(n)
    for (let p = n.parent; p; p = p.parent) if (p.dir) related.add(p.dir)
  }
  return {broken, related}
}

/** Whether a finding in directory `d` waits until the files it depends on parse (a rule of one module's files alone does not wait for another's). */
function isHeldBack(held: HeldBack, d: string, finding: LintDiagnostic): boolean {
  if (finding.code.startsWith('hcl.')) return false
  if (held.broken.has(d)) return true
  return held.related.has(d) && ruleById(finding.rule)?.scope !== 'module'
}

/**
 * Findings in a file as of its text `then`, taken to its text `now`: those on the lines the two share at
 * their start stay, those on the lines they share at their end move with them, those on the lines between
 * (what changed) are left out.
 */
function shiftFindings(found: readonly LintDiagnostic[], then: string, now: string): LintDiagnostic[] {
  const change = textChange(then, now)
  if (!change) return [...found]
  const {head, oldEnd, lines, bytes} = change
  const move = (r: SourceRange): SourceRange => ({
    ...r,
    start: {...r.start, line: r.start.line + lines, byte: r.start.byte + bytes},
    end: {...r.end, line: r.end.line + lines, byte: r.end.byte + bytes},
  })
  const out: LintDiagnostic[] = []
  for (const d of found) {
    const r = displayRange(d)
    // lines are 1-based: the first `head` are shared, and those after the old text's `oldEnd`
    if (!r || r.end.line <= head) out.push(d)
    else if (r.start.line > oldEnd) {
      const extra = d.extra?.range && d.extra.range.filename === r.filename ? {extra: {...d.extra, range: move(d.extra.range)}} : {}
      out.push({...d, ...(d.range ? {range: move(d.range)} : {}), ...extra})
    }
  }
  return out
}

/** Whether the module of directory `d` in this analysis declares configuration_aliases in its required_providers. */
function declaresAliases(a: RootAnalysis, d: string): boolean {
  // a stack's component module is the stack's to show, not a shared module of its own
  if (a.lint.analysis.stack) return false
  const n = a.lint.analysis.tree.nodes.find((x) => x.dir === d && x.module)
  if (!n?.module) return false
  return [...n.module.requiredProviders.values()].some((r) => objectEntry(r.attribute.node, 'configuration_aliases') !== undefined)
}
