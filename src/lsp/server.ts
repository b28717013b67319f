// `tfgraph lsp`: the Language Server Protocol over stdio, for .tf, .tf.json, .tofu and .tofu.json files (and
// Terraform's query files and Terraform Stacks' .tfcomponent.hcl, .tfstack.hcl and .tfdeploy.hcl files):
// hover (the configuration a resource uses and its resolution chain; what a module call receives; how many
// resources a provider block serves; a requirement's constraints and locked version), go to definition
// (the configuration actually used), find references (the resources a configuration serves), code lenses
// on provider blocks, rename of a provider alias or local name across modules, completion of provider
// references, quick fixes, and the lint findings published per file (with the document's version), unsaved buffers
// included. The analysis is one Workspace per workspace folder (src/lint/workspace.ts's `openWorkspace`, the one
// api.ts exports): edits only mark roots stale, one loop brings them up to date (the newest text wins,
// stale work is abandoned), and requests are answered from the last complete analysis meanwhile. The
// wire is read strictly (transport.ts). With a state file set up (the initialization option `state`,
// state.ts), provider blocks count the state's objects and the state's diagnostics are published; the
// state is read when needed and let go. Nothing is written.
import {readFileSync, statSync} from 'node:fs'
import * as path from 'node:path'
import {setFlagsFromString} from 'node:v8'
import {
  DiagnosticSeverity,
  DidChangeWatchedFilesNotification,
  ErrorCodes,
  LSPErrorCodes,
  RegistrationRequest,
  ResponseError,
  TextDocumentSyncKind,
  TextDocuments,
  WatchKind,
  WorkDoneProgress,
  WorkDoneProgressCreateRequest,
  createConnection,
  type Connection,
  type Diagnostic as LspDiagnostic,
  type InitializeParams,
  type InitializeResult,
  type Location,
  type Position,
  type WorkDoneProgressBegin,
  type WorkDoneProgressEnd,
  type WorkDoneProgressReport,
} from 'vscode-languageserver/node'
import {TextDocument} from 'vscode-languageserver-textdocument'
import {displayRange} from '../diag/diagnostic.js'
// the library's workspace itself (what the public `openWorkspace` of api.ts returns): the server does not
// initialise the rest of the public API's modules at its start (the exporters, the lock checks: ~10 ms, #48)
import {openWorkspace, type Finding, type RootAnalysis, type Workspace} from '../lint/workspace.js'
import type {StateAnalysis} from '../state/index.js'
import {completions} from './completion.js'
import {codeLenses, definition, hover, references, SHOW_RESOURCES, type FeatureContext} from './features.js'
import {lspRange, pathUri, spotOf, uriPath, type LinesOf} from './positions.js'
import {CODE_ACTION_KINDS, codeActions} from './code-actions.js'

import {prepareRename, rename, RenameRefused, type RenameContext} from './rename.js'
import {lineShift, shiftLenses, shiftLocations, type LineShift} from './shift.js'
import {transport, Traffic} from './transport.js'
import {IdleCollector} from './idle.js'
import {YOUNG_GENERATION_BYTES, YoungBound} from './young.js'
import {watchedPath, watchTree} from './watch.js'
import {readStateFor, stateFindingsByFile, stateOption, stateRoot, type StateSetting} from './state.js'

/** The files the server analyses: configuration files, Terraform's query files (their list blocks) and Terraform Stacks' files. */
export const CONFIG_FILE = /\.(tf|tofu)(\.json)?$|\.tfquery\.(hcl|json)$|\.(tfcomponent|tfstack)\.(hcl|json)$|\.tfdeploy\.hcl$/

/** How long the server is quiet (no message, no update) before a full garbage collection (`IdleCollector`): long enough
 * that a pause in typing is not one (a compacting collection holds the thread for tens of milliseconds). */
const IDLE_GC_MS = 2000

/**
 * How far before `initialize` the server's own watcher, started after the first diagnostics, looks back for
 * files changed on the disk (`watchTree`'s `since`): a file's times come from the kernel's coarse clock, a
 * few milliseconds behind the one `Date.now()` reads.
 */
const WATCH_SINCE_MARGIN_MS = 100

export interface ServerOptions {
  readonly input: NodeJS.ReadableStream
  readonly output: NodeJS.WritableStream
  /** Called once the first analysis of every workspace folder is done (the server then only follows edits). */
  readonly onFirstAnalysis?: () => void
  /** Ends the process (default `process.exit`). */
  readonly exit?: (code: number) => void
  /** Writes one line to stderr (default: the process's). */
  readonly stderr?: (line: string) => void
  /** How long an incomplete frame may wait for the rest (default 5 s). */
  readonly frameTimeoutMs?: number
}

/**
 * Starts the server on the streams. It runs until the client sends `exit` or closes the input (exit code
 * 0 after `shutdown`, else 1; what came before the end of the input is handled first), when the client's
 * process (`--clientProcessId`) is gone, or when the input can no longer be read as the protocol (one
 * line on stderr, exit code 1).
 */
export function startServer(opts: ServerOptions): Connection {
  const exit = opts.exit ?? ((code: number) => process.exit(code))
  const stderr = opts.stderr ?? ((line: string) => void process.stderr.write(line + '\n'))
  const traffic = new Traffic()
  const {reader, writer} = transport({
    traffic,
    input: opts.input,
    output: opts.output,
    fatal: (message) => {
      stderr(message)
      exit(1)
    },
    ended: (shutdown) => exit(shutdown ? 0 : 1),
    ...(opts.frameTimeoutMs !== undefined ? {frameTimeoutMs: opts.frameTimeoutMs} : {}),
  })
  const connection = createConnection(reader, writer, {messageStrategy: traffic.messageStrategy})
  new LanguageServer(connection, opts.onFirstAnalysis, traffic)
  connection.listen()
  return connection
}

/**
 * `tfgraph lsp`: the server on the process's stdin and stdout, until the client ends it (the process exits;
 * the promise never settles). Run by the oclif command and by bin/run.cjs's quick start (dist/cli/quick-run.cjs).
 */
export function serveStdio(): Promise<never> {
  // the young generation bounded before the first analysis grows it (#48: RSS over a long session, young.ts)
  const young = new YoungBound(YOUNG_GENERATION_BYTES)
  young.start()
  startServer({
    input: process.stdin,
    output: process.stdout,
    // then a long-lived process that analyses again on every edit: V8's default heap growth lets the
    // resident size climb by half with a flat live heap (fabric 0-org-setup: 142 → 202 MB over 400
    // edits, the live heap 26 → 28 MB); growing by 50 % keeps it within 5 % (BENCHMARKS.md).
    // The young generation is looked at less often after it (young.ts).
    onFirstAnalysis: () => {
      young.slower()
      setFlagsFromString('--heap-growing-percent=50')
    },
  })
  return new Promise<never>(() => undefined)
}

class LanguageServer {
  private readonly documents = new TextDocuments(TextDocument)
  /** One workspace per workspace folder. */
  private folders: Workspace[] = []
  /**
   * A workspace per directory of a file outside every folder (opened, or asked about while it exists):
   * that directory alone, not what is below it; closed when no file in it is open and no request is.
   */
  private readonly outside = new Map<string, Workspace>()
  private readonly published = new Map<string, string>()
  /** Files' URIs (`uriOf`), and what related roots say by workspace and root (`foundIn`). */
  private readonly uris = new Map<string, string>()
  private readonly found = new WeakMap<Workspace, Map<string, string>>()
  /** The workspace whose findings a file's published diagnostics are (to take them back when it closes). */
  private readonly sentBy = new Map<string, Workspace>()
  /** Open files owed their diagnostics: published once an analysis covers them, unchanged or empty as they may be. */
  private readonly owed = new Set<string>()
  /** Requests being answered (an outside workspace is not closed under one). */
  private inflight = 0
  /** Files whose findings changed but are not published yet (a root holding them is still stale). */
  private readonly pending = new Map<Workspace, Set<string>>()
  private progress = false
  private clientWatches = false
  private readonly unwatch = new Map<Workspace, () => void>()
  /**
   * When the workspace folders' own watchers are to look back to, while they wait to start (a client that
   * watches no files): they start after the first diagnostics are written, telling what changed on the disk
   * since `initialize` (setting them up, fabric's ~40 directories, cost ~20 ms before the first diagnostics, #48).
   */
  private watchFrom: number | undefined
  private ended = false
  /** The update loop, while it runs; `dirty`: a change came in since it last looked. */
  private running: Promise<void> | undefined
  private dirty = false
  private ready: Promise<void> = Promise.resolve()
  /** The state file each workspace folder is set up with (absolute; `tfgraph.state`); read when needed, never kept. */
  private readonly statePaths = new Map<Workspace, string>()
  /** The state's findings by file, as of the last analysis (no state values: messages and addresses). */
  private readonly stateFound = new Map<Workspace, Map<string, Finding[]>>()
  /** The last thing said about a folder's state in the log (said again only when it changes). */
  private readonly stateSaid = new Map<Workspace, string>()
  /** Whether the first analysis is done. */
  private started = false
  /** A full collection once the editor is quiet (the heap back to what is live: RSS stays near its size after the first analysis). */
  private readonly collector: IdleCollector

  constructor(
    private readonly connection: Connection,
    private readonly onFirstAnalysis: (() => void) | undefined,
    private readonly traffic: Traffic,
  ) {
    this.collector = new IdleCollector({
      count: () => traffic.count(),
      busy: () => !this.started || this.running !== undefined || this.inflight > 0,
      quietMs: IDLE_GC_MS,
    })
    this.collector.start()
    connection.onInitialize((p) => this.initialize(p))
    connection.onInitialized(() => this.initialized())
    connection.onShutdown(async () => {
      this.ended = true
      this.collector.stop()
      for (const stop of this.unwatch.values()) stop()
      await Promise.all(this.all().map((w) => w.close().catch(() => undefined)))
    })
    this.documents.onDidOpen((e) => {
      // a file opened again (`:e!`, a closed buffer read again) is owed its diagnostics, the same as they may be:
      // the client cleared them when it closed it
      const file = this.fileOf(e.document.uri)
      if (file) {
        this.published.delete(e.document.uri)
        this.owed.add(file)
      }
      this.buffer(e.document)
    })
    this.documents.onDidChangeContent((e) => this.buffer(e.document))
    this.documents.onDidClose((e) => {
      const file = this.fileOf(e.document.uri)
      if (!file) return
      this.owed.delete(file)
      const ws = this.holder(file)
      if (!ws || this.idle(ws)) return this.reap()
      ws.dropBuffer(file)
      this.schedule()
    })
    connection.onDidChangeConfiguration((p) => {
      const option = stateOption(p.settings)
      if (option === undefined) return
      this.setState(option)
      this.schedule()
    })
    connection.onDidChangeWatchedFiles((p) => this.changedOnDisk(p.changes.map((c) => uriPath(c.uri)).filter((f) => f !== undefined)))
    this.features()
    this.documents.listen(connection)
  }

  /** The requests: all but rename answer from the last complete analysis, never waiting for the next. */
  private features(): void {
    const c = this.connection
    c.onHover((p) =>
      this.guard(async () => {
        const ctx = await this.context(p.textDocument.uri, false, true, true)
        const position = ctx?.shift ? ctx.shift.toOld(p.position) : p.position
        if (!ctx || !position) return null
        const h = await hover(ctx, spotOf(position, ctx.lines(ctx.file)))
        if (!h) return null
        const range = lspRange(h.range, h.root, ctx.lines)
        const shown = ctx.shift && path.resolve(h.root, h.range.filename) === ctx.file ? ctx.shift.toNew(range) : range
        return shown ? {contents: {kind: 'markdown' as const, value: h.markdown}, range: shown} : null
      }),
    )
    c.onDefinition((p) => this.guard(async () => this.at(p.textDocument.uri, p.position, definition)))
    c.onReferences((p) =>
      this.guard(async () => this.at(p.textDocument.uri, p.position, (ctx, at) => references(ctx, at, p.context.includeDeclaration))),
    )
    c.onCodeLens((p) =>
      this.guard(async () => {
        const ctx = await this.context(p.textDocument.uri, false, true, true)
        return ctx ? shiftLenses(ctx.shift, pathUri(ctx.file), codeLenses(ctx)) : []
      }),
    )
    c.onCodeAction((p) =>
      this.guard(async () => {
        const ctx = await this.context(p.textDocument.uri)
        const ws = ctx ? this.holder(ctx.file) : undefined
        // the fixes are computed now, for this file alone (the analyses do without them)
        return ctx ? codeActions(p, (await ws?.findingsWithFixes(ctx.file)) ?? [], ctx.analyses, ctx.lines) : []
      }),
    )
    c.onCompletion((p) =>
      this.guard(async () => {
        const doc = this.documents.get(p.textDocument.uri)
        const ctx = await this.context(p.textDocument.uri, false, true)
        if (!doc || !ctx || /\.json$/.test(ctx.file)) return []
        return completions({...ctx, text: doc.getText(), positionAt: (o) => doc.positionAt(o)}, doc.offsetAt(p.position))
      }),
    )
    c.onPrepareRename((p) => this.renaming(p.textDocument.uri, (ctx, lines) => prepareRename(ctx, spotOf(p.position, lines))))
    c.onRenameRequest((p) => this.renaming(p.textDocument.uri, (ctx, lines) => rename(ctx, spotOf(p.position, lines), p.newName)))
    // quick fixes (the fix engine's code actions) register here, from their own file in src/lsp
    c.onExecuteCommand((p) => {
      if (p.command !== SHOW_RESOURCES) throw new ResponseError(ErrorCodes.InvalidParams, `unknown command ${p.command}`)
      // the locations travel with the lens: a client without a references view of its own gets them back
      return p.arguments?.[2] ?? []
    })
  }

  private initialize(p: InitializeParams): InitializeResult {
    const folders = (p.workspaceFolders ?? []).map((f) => uriPath(f.uri)).filter((x): x is string => x !== undefined)
    const rootUri = p.rootUri ? uriPath(p.rootUri) : (p.rootPath ?? undefined)
    const dirs = folders.length > 0 ? folders : rootUri ? [rootUri] : []
    this.folders = dirs.map((d) => openWorkspace(d, {log: (line) => this.connection.console.info(line)}))
    this.setState(stateOption(p.initializationOptions))
    this.progress = p.capabilities.window?.workDoneProgress === true
    this.clientWatches = p.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true
    // before the first analysis reads the disk (the workspaces opened above have read nothing yet)
    if (!this.clientWatches) this.watchFrom = Date.now() - WATCH_SINCE_MARGIN_MS
    const prepare = p.capabilities.textDocument?.rename?.prepareSupport === true
    return {
      capabilities: {
        textDocumentSync: {openClose: true, change: TextDocumentSyncKind.Incremental},
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        codeLensProvider: {resolveProvider: false},
        codeActionProvider: {codeActionKinds: CODE_ACTION_KINDS, resolveProvider: false},
        renameProvider: prepare ? {prepareProvider: true} : true,
        completionProvider: {triggerCharacters: ['.', '=', ' ', '[', ',', '{']},
        executeCommandProvider: {commands: [SHOW_RESOURCES]},
      },
      serverInfo: {name: 'tfgraph'},
    }
  }

  private initialized(): void {
    // registered under an id of the server's own (vscode-languageserver's `client.register` makes a random one:
    // node:crypto loaded for it before the first diagnostics, #48)
    if (this.clientWatches)
      void this.connection
        .sendRequest(RegistrationRequest.type, {
          registrations: [
            {
              id: 'tfgraph-watched-files',
              method: DidChangeWatchedFilesNotification.type.method,
              registerOptions: {
                watchers: [
                  {
                    globPattern:
                      '**/*.{tf,tofu,tf.json,tofu.json,tfquery.hcl,tfquery.json,tfcomponent.hcl,tfcomponent.json,tfstack.hcl,tfstack.json,tfdeploy.hcl}',
                  },
                  {globPattern: '**/{.terraform.lock.hcl,.tfgraph.json,modules.json}'},
                  // what an analysis reads besides: variable definitions and test files (the workspace asks the disk
                  // again only about paths it is told changed)
                  {globPattern: '**/*.{tfvars,tfvars.json,tftest.hcl,tftest.json,tofutest.hcl,tofutest.json}'},
                  // a directory created, deleted or renamed with the files in it (other paths are left out on arrival)
                  {globPattern: '**/*', kind: WatchKind.Create | WatchKind.Delete},
                ],
              },
            },
          ],
        })
        .catch(() => undefined)
    this.ready = this.firstAnalysis()
  }

  /** The workspace folders' own watchers, if they wait to start (`watchFrom`): started now. */
  private startWatching(): void {
    const since = this.watchFrom
    if (since === undefined || this.ended) return
    this.watchFrom = undefined
    for (const ws of this.folders) this.watch(ws, true, since)
  }

  /**
   * The server's own watcher of a workspace's directory (and below it, when `recursive`), for a client that
   * has none; `since`: what changed from then is told too.
   */
  private watch(ws: Workspace, recursive: boolean, since?: number): void {
    this.unwatch.set(
      ws,
      watchTree(
        ws.dir,
        (files) => this.changedOnDisk(files),
        (why) => this.connection.console.warn(why),
        recursive,
        since,
      ),
    )
  }

  private changedOnDisk(files: readonly string[]): void {
    const byWs = new Map<Workspace, string[]>()
    for (const file of files.filter((f) => watchedPath(f) || isDirectory(f))) {
      // a change outside every workspace is nobody's: it opens none (a folder's own directory: its watcher's look back)
      const ws = this.folders.find((w) => w.dir === file) ?? this.holder(file) ?? this.outside.get(file)
      if (ws) byWs.set(ws, [...(byWs.get(ws) ?? []), file])
    }
    for (const [ws, changed] of byWs) ws.changedOnDisk(changed)
    this.schedule()
  }

  /** Runs a request; a failure is logged and answered with nothing rather than ending the server. */
  private async guard<T>(fn: () => Promise<T>): Promise<T | null> {
    try {
      return await this.answering(fn)
    } catch (e) {
      this.log(e)
      return null
    }
  }

  /** Counts a request while it runs; an outside workspace it opened and no open file holds is closed after it. */
  private async answering<T>(fn: () => Promise<T>): Promise<T> {
    this.inflight++
    try {
      return await fn()
    } finally {
      this.inflight--
      this.reap()
    }
  }

  private log(e: unknown): void {
    this.connection.console.error(`tfgraph: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
  }

  private fileOf(uri: string): string | undefined {
    const file = uriPath(uri)
    return file && CONFIG_FILE.test(file) ? file : undefined
  }

  private all(): Workspace[] {
    return [...this.folders, ...this.outside.values()]
  }

  /** The workspace that holds the file: the deepest folder's, else the one of its directory outside them (none is opened). */
  private holder(file: string): Workspace | undefined {
    const folder = this.folders.filter((w) => file.startsWith(w.dir + path.sep)).sort((a, b) => b.dir.length - a.dir.length)[0]
    return folder ?? this.outside.get(path.dirname(file))
  }

  /**
   * The workspace that holds the file. A file outside every folder gets one of its own directory, searched
   * alone (not its subdirectories), and only when the file is open or exists: a request about a missing
   * file costs nothing.
   */
  private workspaceFor(file: string): Workspace | undefined {
    const held = this.holder(file)
    if (held) return held
    const open = this.documents.get(pathUri(file)) !== undefined
    if (!open && statSync(file, {throwIfNoEntry: false})?.isFile() !== true) return undefined
    const dir = path.dirname(file)
    this.connection.console.info(`tfgraph: ${file} is outside the workspace folders: ${dir} is analysed on its own`)
    const ws = openWorkspace(dir, {search: {depth: 0, dirs: 1}, log: (line) => this.connection.console.info(line)})
    this.outside.set(dir, ws)
    if (!this.clientWatches) this.watch(ws, false)
    return ws
  }

  /** An outside workspace no open file is in: closed (and its analyses let go) when nothing runs on it. */
  private idle(ws: Workspace): boolean {
    if (this.outside.get(ws.dir) !== ws) return false
    return !this.documents.all().some((d) => {
      const f = this.fileOf(d.uri)
      return f !== undefined && path.dirname(f) === ws.dir
    })
  }

  /** Closes the idle outside workspaces, once no request and no update runs: their diagnostics are taken back. */
  private reap(): void {
    if (this.inflight > 0 || this.running || this.ended) return
    for (const ws of [...this.outside.values()]) {
      if (!this.idle(ws)) continue
      this.outside.delete(ws.dir)
      this.pending.delete(ws)
      this.unwatch.get(ws)?.()
      this.unwatch.delete(ws)
      for (const [uri, by] of [...this.sentBy]) {
        if (by !== ws) continue
        this.sentBy.delete(uri)
        this.published.delete(uri)
        void this.connection.sendDiagnostics({uri, diagnostics: []})
      }
      void ws.close().then(
        () => this.connection.console.info(`tfgraph: closed the analysis of ${ws.dir} (no file in it is open)`),
        (e: unknown) => this.log(e),
      )
    }
  }

  private buffer(doc: TextDocument): void {
    const file = this.fileOf(doc.uri)
    if (!file) return
    this.workspaceFor(file)?.setBuffer(file, doc.getText())
    this.schedule()
  }

  private async firstAnalysis(): Promise<void> {
    const reporter = this.progress
      ? clientProgress(this.connection, 'tfgraph-first-analysis', 'tfgraph', 'finding root modules')
      : undefined
    try {
      for (const ws of [...this.folders]) {
        await ws.update({
          progress: (root, done, total) =>
            reporter?.report(Math.round((100 * done) / Math.max(1, total)), `${path.relative(ws.dir, root) || '.'} (${done + 1}/${total})`),
          ...this.updating(ws),
        })
        await this.refreshState(ws)
        this.publish(ws, [])
      }
    } catch (e) {
      this.log(e)
    } finally {
      this.started = true
      reporter?.done()
      this.startWatching()
      this.onFirstAnalysis?.()
    }
  }

  /** What an update of `ws` tells the server: each root's files to publish, failures to log, when to stop. */
  private updating(ws: Workspace): {
    analysed: (files: ReadonlySet<string>) => void
    failed: (root: string, e: unknown) => void
    stop: () => boolean
    traffic: Traffic
  } {
    return {
      analysed: (files) => this.publish(ws, files),
      failed: (_root, e) => this.log(e),
      stop: () => this.ended,
      // the client's messages are read and handled before an analysis starts
      traffic: this.traffic,
    }
  }

  /**
   * Brings the findings up to date after a change. One loop at a time: changes while it runs only mark
   * roots stale, and the workspace's update goes on until none is (the newest text wins).
   */
  private schedule(): void {
    this.dirty = true
    if (this.running) return
    this.running = (async () => {
      await this.ready
      while (this.dirty && !this.ended) {
        this.dirty = false
        for (const ws of this.all()) {
          if (this.idle(ws)) continue
          try {
            await ws.update(this.updating(ws))
            await this.refreshState(ws)
            this.publish(ws, [])
          } catch (e) {
            this.log(e)
          }
        }
      }
    })().finally(() => {
      this.running = undefined
      this.reap()
    })
  }

  /**
   * Publishes the findings of the files that changed, once every root holding each is up to date, with the
   * document's version; and those of the open files owed theirs, once an analysis has covered them. An open
   * file is published as soon as one root holding it is up to date (the workspace analyses the roots of the
   * file being edited first): with what the roots still stale found on its unchanged lines, and again once
   * they are all up to date.
   */
  private publish(ws: Workspace, files: Iterable<string>): void {
    if (this.ended) return
    const pending = this.pending.get(ws) ?? new Set<string>()
    this.pending.set(ws, pending)
    for (const f of files) pending.add(f)
    for (const f of this.owed) if (this.holder(f) === ws) pending.add(f)
    const lines = this.linesReader()
    for (const file of [...pending]) {
      const current = ws.current(file)
      const found = current ? ws.findings(file) : this.documents.get(pathUri(file)) ? ws.provisionalFindings(file) : undefined
      if (!found) continue
      const owed = this.owed.has(file)
      if (owed && !ws.analysed(file)) continue
      if (current) pending.delete(file)
      const diagnostics: LspDiagnostic[] = [...found, ...(this.stateFound.get(ws)?.get(file) ?? [])].map(({root, roots, diagnostic: d}) => {
        const r = displayRange(d)
        return {
          ...this.relatedRoots(ws, roots),
          range: r ? lspRange(r, root, lines) : {start: {line: 0, character: 0}, end: {line: 0, character: 0}},
          severity: d.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
          code: d.code,
          source: 'tfgraph',
          message: `${d.summary}${d.detail ? `\n${d.detail}` : ''}${d.extra?.explanation ? `\n${d.extra.explanation}` : ''}${d.rule !== 'terraform' ? ` [${d.rule}]` : ''}`,
          data: {rule: d.rule, root},
        }
      })
      const uri = pathUri(file)
      const key = JSON.stringify(diagnostics)
      if (!owed && (this.published.get(uri) ?? '[]') === key) continue
      this.owed.delete(file)
      if (diagnostics.length === 0) {
        this.published.delete(uri)
        this.sentBy.delete(uri)
      } else {
        this.published.set(uri, key)
        this.sentBy.set(uri, ws)
      }
      const version = this.documents.get(uri)?.version
      void this.connection.sendDiagnostics({uri, ...(version !== undefined ? {version} : {}), diagnostics})
      // the first diagnostics written (the connection writes a turn later), the folders' own watchers start
      if (this.watchFrom !== undefined) setImmediate(() => this.startWatching())
    }
  }

  /**
   * A finding on a module several roots hold is published once: the roots that found it go in its related
   * information, each at its main file (none for a finding of one root).
   */
  private relatedRoots(ws: Workspace, roots: Finding['roots']): Pick<LspDiagnostic, 'relatedInformation'> {
    if (roots.length < 2) return {}
    const zero = {start: {line: 0, character: 0}, end: {line: 0, character: 0}}
    return {
      relatedInformation: roots.flatMap(({root, file}) =>
        file ? [{location: {uri: this.uriOf(file), range: zero}, message: this.foundIn(ws, root)}] : [],
      ),
    }
  }

  /** `pathUri`, each file once (a finding of a module lists the same roots' files on every edit). */
  private uriOf(file: string): string {
    let uri = this.uris.get(file)
    if (uri === undefined) this.uris.set(file, (uri = pathUri(file)))
    return uri
  }

  /** What a related root says of a finding: `found analysing the root DIR` (DIR from the workspace's directory), each root once. */
  private foundIn(ws: Workspace, root: string): string {
    let said = this.found.get(ws)
    if (!said) this.found.set(ws, (said = new Map()))
    let line = said.get(root)
    if (line === undefined)
      said.set(root, (line = `found analysing the root ${path.relative(ws.dir, root).split(path.sep).join('/') || '.'}`))
    return line
  }

  /** Sets every workspace folder's state file (`option`: relative to the folder; '' sets none; undefined leaves them). */
  private setState(option: string | undefined): void {
    if (option === undefined) return
    for (const ws of this.folders) {
      if (option === '') this.statePaths.delete(ws)
      else this.statePaths.set(ws, path.resolve(ws.dir, option))
      this.stateSaid.delete(ws)
    }
  }

  /** Says a line about a folder's state in the log, once until it changes. */
  private sayState(ws: Workspace, line: string): void {
    if (this.stateSaid.get(ws) === line) return
    this.stateSaid.set(ws, line)
    this.connection.console.info(line)
  }

  /** The folder's state setting and the root it belongs to (none when no root can take it: said in the log). */
  private stateSetting(ws: Workspace): StateSetting | undefined {
    const file = this.statePaths.get(ws)
    if (!file) return undefined
    const root = stateRoot(file, ws.roots())
    if (!root) this.sayState(ws, `tfgraph: no root module holds the state ${file} (none at or above its directory, and not one root alone)`)
    return root ? {file, root} : undefined
  }

  /** The state read now and matched to its root's analysis among `analyses` (none when they do not hold that root). */
  private stateIn(ws: Workspace, analyses: readonly RootAnalysis[]): {root: string; analysis: StateAnalysis} | undefined {
    const setting = this.stateSetting(ws)
    const a = setting ? analyses.find((x) => x.root === setting.root && x.kind === 'root') : undefined
    if (!setting || !a) return undefined
    const s = readStateFor(a, setting.file)
    if (typeof s === 'string') {
      this.sayState(ws, `tfgraph: the state is not read: ${s}`)
      return undefined
    }
    this.sayState(ws, `tfgraph: the state ${setting.file} (${s.match.objects.length} objects) is matched to the root ${setting.root}`)
    return {root: setting.root, analysis: s}
  }

  /** Reads the folder's state again after an analysis: the files whose state findings changed are to be published. */
  private async refreshState(ws: Workspace): Promise<void> {
    const before = this.stateFound.get(ws) ?? new Map<string, Finding[]>()
    const now = new Map<string, Finding[]>()
    const setting = this.stateSetting(ws)
    const analyses = setting ? await ws.analysesOfDir(setting.root) : []
    const state = this.stateIn(ws, analyses)
    const a = state ? analyses.find((x) => x.root === state.root && x.kind === 'root') : undefined
    if (state && a)
      for (const [file, found] of stateFindingsByFile(a, state.analysis))
        now.set(
          file,
          found.map((f) => ({root: a.root, file, diagnostic: f.diagnostic, roots: []})),
        )
    this.stateFound.set(ws, now)
    const pending = this.pending.get(ws) ?? new Set<string>()
    this.pending.set(ws, pending)
    for (const f of new Set([...before.keys(), ...now.keys()]))
      if (JSON.stringify(before.get(f)?.map((x) => x.diagnostic)) !== JSON.stringify(now.get(f)?.map((x) => x.diagnostic))) pending.add(f)
  }

  /** A file's current text: its open buffer, else the disk. */
  private text(file: string): string | undefined {
    const doc = this.documents.get(pathUri(file))
    if (doc) return doc.getText()
    try {
      return readFileSync(file, 'utf8')
    } catch {
      return undefined
    }
  }

  /** Lines of files for counting characters: the open buffer, else the disk (read once per request). */
  private linesReader(): LinesOf {
    const seen = new Map<string, readonly string[] | undefined>()
    return (file) => {
      if (!seen.has(file)) seen.set(file, this.text(file)?.split(/\r?\n/))
      return seen.get(file)
    }
  }

  /**
   * What a request needs: the last complete analyses of the roots holding the file (up to date when
   * `fresh`; with `parsed`, the last in which the open file parsed, its lines read as that analysis read
   * them, and `shift` between them and the buffer's when they differ).
   */
  private async context(
    uri: string,
    fresh = false,
    parsed = false,
    withState = false,
  ): Promise<(FeatureContext & {shift?: LineShift}) | undefined> {
    const file = this.fileOf(uri)
    const ws = file ? this.workspaceFor(file) : undefined
    if (!file || !ws) return undefined
    let analyses = await ws.analysesOf(file, {fresh, parsed})
    const state = withState ? this.stateIn(ws, analyses) : undefined
    const display = (abs: string): string => {
      const rel = path.relative(ws.dir, abs).split(path.sep).join('/')
      return rel === '' ? '.' : rel
    }
    const lines = this.linesReader()
    const now = parsed ? this.documents.get(uri)?.getText() : undefined
    if (now === undefined) return {analyses, file, display, lines, ...(state ? {state} : {})}
    // every analysis is of one text of the file (the first's): positions mean one thing
    const textOf = (a: RootAnalysis): string => ws.parsedText(file, a) ?? now
    const then = analyses[0] ? textOf(analyses[0]) : now
    analyses = analyses.filter((a) => textOf(a) === then)
    const shift = lineShift(then, now)
    if (!shift) return {analyses, file, display, lines, ...(state ? {state} : {})}
    const old = then.split(/\r?\n/)
    return {analyses, file, display, lines: (f) => (f === file ? old : lines(f)), shift, ...(state ? {state} : {})}
  }

  private async at(
    uri: string,
    pos: Position,
    fn: (ctx: FeatureContext, at: ReturnType<typeof spotOf>) => Location[],
  ): Promise<Location[]> {
    const ctx = await this.context(uri, false, true)
    const position = ctx?.shift ? ctx.shift.toOld(pos) : pos
    if (!ctx || !position) return []
    return shiftLocations(ctx.shift, pathUri(ctx.file), fn(ctx, spotOf(position, ctx.lines(ctx.file))))
  }

  /** A rename request, on analyses brought up to date; a refusal is the error the client shows. */
  private async renaming<T>(uri: string, fn: (ctx: RenameContext, lines: readonly string[] | undefined) => Promise<T>): Promise<T | null> {
    return this.answering(() => this.renamingIn(uri, fn))
  }

  private async renamingIn<T>(
    uri: string,
    fn: (ctx: RenameContext, lines: readonly string[] | undefined) => Promise<T>,
  ): Promise<T | null> {
    const ctx = await this.context(uri, true).catch((e: unknown) => void this.log(e))
    const ws = ctx ? this.holder(ctx.file) : undefined
    if (!ctx || !ws) return null
    const rctx: RenameContext = {
      ...ctx,
      analysesOfDir: (dir) => ws.analysesOfDir(dir),
      text: (f) => this.text(f),
      uneditable: (f) => this.uneditable(f),
    }
    try {
      return await fn(rctx, ctx.lines(ctx.file))
    } catch (e) {
      if (e instanceof RenameRefused) throw new ResponseError(LSPErrorCodes.RequestFailed, e.message)
      this.log(e)
      return null
    }
  }

  /** Why a rename must not edit `file`, if it must not: outside every workspace (a folder, an outside file's directory), or a module `init` installed. */
  private uneditable(file: string): string | undefined {
    if (file.split(path.sep).includes('.terraform'))
      return 'a module installed by terraform init (under .terraform): change its source instead'
    if (!this.folders.some((w) => file.startsWith(w.dir + path.sep)) && !this.outside.has(path.dirname(file)))
      return 'outside the workspace folders'
    return undefined
  }
}

/** Whether `p` is a directory now (a changed path whose name has a dot, as `prod.eu`, may be one). */
function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory()
  } catch {
    return false
  }
}

/**
 * Progress in the client's window (`window/workDoneProgress/create`) under the server's own `token`, the
 * work not waiting for the client to take it: `begin` goes out once it has (with the last step reported
 * meanwhile), `report` and `end` after. (vscode-languageserver's `createWorkDoneProgress` is waited for and
 * makes a random token: node:crypto loaded for it and a round trip to the client, before the first analysis, #48.)
 */
function clientProgress(
  connection: Connection,
  token: string,
  title: string,
  message: string,
): {report: (percentage: number, message: string) => void; done: () => void} {
  let taken = false
  let ended = false
  let last = {percentage: 0, message}
  const send = (value: WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd): void =>
    void connection.sendProgress(WorkDoneProgress.type, token, value)
  connection.sendRequest(WorkDoneProgressCreateRequest.type, {token}).then(
    () => {
      taken = true
      send({kind: 'begin', title, cancellable: false, ...last})
      if (ended) send({kind: 'end'})
    },
    () => undefined,
  )
  return {
    report: (percentage, message) => {
      last = {percentage: Math.round(percentage), message}
      if (taken && !ended) send({kind: 'report', ...last})
    },
    done: () => {
      if (taken && !ended) send({kind: 'end'})
      ended = true
    },
  }
}
