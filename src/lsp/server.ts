// `tfgraph lsp`: the Language Server Protocol over stdio (vscode-languageserver does the framing). For
// .tf, .tf.json, .tofu and .tofu.json files, and Terraform Stacks' .tfcomponent.hcl files: hover (the configuration a resource uses and its resolution
// chain; what a module call receives; how many resources a provider block serves; a requirement's
// constraints and locked version), go to definition (the configuration actually used), find
// references (the resources a configuration serves), code lenses on provider blocks, and the lint
// findings published per file, unsaved buffers included. The analysis is one Workspace per workspace
// folder (src/lint/workspace.ts, through the public `openWorkspace`); nothing is written.
import {readFileSync} from 'node:fs'
import {PassThrough} from 'node:stream'
import * as path from 'node:path'
import {
  DiagnosticSeverity,
  DidChangeWatchedFilesNotification,
  ErrorCodes,
  ResponseError,
  TextDocumentSyncKind,
  TextDocuments,
  createConnection,
  type Connection,
  type Diagnostic as LspDiagnostic,
  type InitializeParams,
  type InitializeResult,
  type Location,
  type Position,
} from 'vscode-languageserver/node'
import {TextDocument} from 'vscode-languageserver-textdocument'
import {openWorkspace} from '../api.js'
import {displayRange} from '../diag/diagnostic.js'
import type {Workspace} from '../lint/workspace.js'
import {codeLenses, definition, hover, references, SHOW_RESOURCES, type FeatureContext} from './features.js'
import {lspRange, pathUri, spotOf, uriPath, type LinesOf} from './positions.js'
import {CODE_ACTION_KINDS, codeActions} from './code-actions.js'

/** The files the server analyses. */
export const CONFIG_FILE = /\.(tf|tofu)(\.json)?$|\.(tfcomponent|tfstack)\.(hcl|json)$/

/** How long the server goes on after its input ends, to handle what it already received. */
const END_GRACE_MS = 200

export interface ServerOptions {
  readonly input: NodeJS.ReadableStream
  readonly output: NodeJS.WritableStream
  /** Called once the first analysis of every workspace folder is done (the server then only follows edits). */
  readonly onFirstAnalysis?: () => void
}

/**
 * Starts the server on the streams. It runs until the client sends `exit` or closes the input; then
 * vscode-languageserver ends the process (code 0 after `shutdown`, else 1), as it does when the
 * client's process (`--clientProcessId`) is gone.
 */
export function startServer(opts: ServerOptions): Connection {
  // the messages that came before the end of the input are handled before the server ends (a client
  // that writes `shutdown` and `exit` and closes at once gets exit code 0)
  const input = new PassThrough()
  opts.input.on('data', (chunk: Buffer) => input.write(chunk))
  const end = (): void => void setTimeout(() => input.end(), END_GRACE_MS)
  opts.input.on('end', end)
  opts.input.on('close', end)
  const connection = createConnection(input, opts.output)
  new LanguageServer(connection, opts.onFirstAnalysis)
  connection.listen()
  return connection
}

class LanguageServer {
  private readonly documents = new TextDocuments(TextDocument)
  private workspaces: Workspace[] = []
  private readonly published = new Map<string, string>()
  private progress = false
  private watchers = false
  private ended = false
  /** A diagnostics update is running; `again`: changes came in while it ran. */
  private updating: Promise<void> | undefined
  private again = false
  private ready: Promise<void> = Promise.resolve()

  constructor(
    private readonly connection: Connection,
    private readonly onFirstAnalysis: (() => void) | undefined,
  ) {
    connection.onInitialize((p) => this.initialize(p))
    connection.onInitialized(() => {
      if (this.watchers)
        void connection.client
          .register(DidChangeWatchedFilesNotification.type, {
            watchers: [
              {globPattern: '**/*.{tf,tofu,tf.json,tofu.json,tfcomponent.hcl,tfcomponent.json,tfstack.hcl,tfstack.json}'},
              {globPattern: '**/{.terraform.lock.hcl,.tfgraph.json,modules.json}'},
            ],
          })
          .catch(() => undefined)
      this.ready = this.firstAnalysis()
    })
    connection.onShutdown(async () => {
      this.ended = true
      await Promise.all(this.workspaces.map((w) => w.close().catch(() => undefined)))
    })
    this.documents.onDidOpen((e) => this.buffer(e.document))
    this.documents.onDidChangeContent((e) => this.buffer(e.document))
    this.documents.onDidClose((e) => {
      const file = this.fileOf(e.document.uri)
      if (!file) return
      this.workspaceOf(file).dropBuffer(file)
      this.schedule()
    })
    connection.onDidChangeWatchedFiles((p) => {
      const byWs = new Map<Workspace, string[]>()
      for (const c of p.changes) {
        const file = uriPath(c.uri)
        if (!file) continue
        const ws = this.workspaceOf(file)
        byWs.set(ws, [...(byWs.get(ws) ?? []), file])
      }
      for (const [ws, files] of byWs) ws.changedOnDisk(files)
      this.schedule()
    })
    connection.onHover((p) =>
      this.guard(async () => {
        const ctx = await this.context(p.textDocument.uri)
        if (!ctx) return null
        const h = await hover(ctx, spotOf(p.position, ctx.lines(ctx.file)))
        return h ? {contents: {kind: 'markdown' as const, value: h.markdown}, range: lspRange(h.range, h.root, ctx.lines)} : null
      }),
    )
    connection.onDefinition((p) => this.guard(async () => this.at(p.textDocument.uri, p.position, definition)))
    connection.onReferences((p) => this.guard(async () => this.at(p.textDocument.uri, p.position, references)))
    connection.onCodeLens((p) =>
      this.guard(async () => {
        const ctx = await this.context(p.textDocument.uri)
        return ctx ? codeLenses(ctx) : []
      }),
    )
    connection.onCodeAction((p) =>
      this.guard(async () => {
        const ctx = await this.context(p.textDocument.uri)
        return ctx ? codeActions(p, this.workspaceOf(ctx.file).findings(ctx.file), ctx.analyses, ctx.lines) : []
      }),
    )
    connection.onExecuteCommand((p) => {
      if (p.command !== SHOW_RESOURCES) throw new ResponseError(ErrorCodes.InvalidParams, `unknown command ${p.command}`)
      // the locations travel with the lens: a client without a references view of its own gets them back
      return p.arguments?.[2] ?? []
    })
    this.documents.listen(connection)
  }

  private initialize(p: InitializeParams): InitializeResult {
    const folders = (p.workspaceFolders ?? []).map((f) => uriPath(f.uri)).filter((x): x is string => x !== undefined)
    const rootUri = p.rootUri ? uriPath(p.rootUri) : (p.rootPath ?? undefined)
    const dirs = folders.length > 0 ? folders : rootUri ? [rootUri] : []
    this.workspaces = dirs.map((d) => openWorkspace(d))
    this.progress = p.capabilities.window?.workDoneProgress === true
    this.watchers = p.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true
    return {
      capabilities: {
        textDocumentSync: {openClose: true, change: TextDocumentSyncKind.Incremental},
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        codeLensProvider: {resolveProvider: false},
        codeActionProvider: {codeActionKinds: CODE_ACTION_KINDS, resolveProvider: false},
        executeCommandProvider: {commands: [SHOW_RESOURCES]},
      },
      serverInfo: {name: 'tfgraph'},
    }
  }

  /** Runs a request; a failure is logged and answered with nothing rather than ending the server. */
  private async guard<T>(fn: () => Promise<T>): Promise<T | null> {
    try {
      return await fn()
    } catch (e) {
      this.connection.console.error(`tfgraph: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
      return null
    }
  }

  private fileOf(uri: string): string | undefined {
    const file = uriPath(uri)
    return file && CONFIG_FILE.test(file) ? file : undefined
  }

  /** The workspace whose folder holds the file (the deepest), else the first; a file's own directory when there is none. */
  private workspaceOf(file: string): Workspace {
    const holding = this.workspaces.filter((w) => file.startsWith(w.dir + path.sep)).sort((a, b) => b.dir.length - a.dir.length)[0]
    if (holding) return holding
    if (this.workspaces[0]) return this.workspaces[0]
    const ws = openWorkspace(path.dirname(file))
    this.workspaces.push(ws)
    return ws
  }

  private buffer(doc: TextDocument): void {
    const file = this.fileOf(doc.uri)
    if (!file) return
    this.workspaceOf(file).setBuffer(file, doc.getText())
    this.schedule()
  }

  private async firstAnalysis(): Promise<void> {
    const reporter = this.progress ? await this.connection.window.createWorkDoneProgress().catch(() => undefined) : undefined
    reporter?.begin('tfgraph', 0, 'finding root modules', false)
    try {
      for (const ws of this.workspaces) {
        const touched = await ws.update((root, done, total) =>
          reporter?.report(Math.round((100 * done) / Math.max(1, total)), `${path.relative(ws.dir, root) || '.'} (${done + 1}/${total})`),
        )
        this.publish(ws, touched)
      }
    } catch (e) {
      this.connection.console.error(`tfgraph: ${e instanceof Error ? e.message : String(e)}`)
    } finally {
      reporter?.done()
      this.onFirstAnalysis?.()
    }
  }

  /** Brings the findings up to date after a change (one update at a time; changes during one start another). */
  private schedule(): void {
    if (this.updating) {
      this.again = true
      return
    }
    this.updating = (async () => {
      await this.ready
      do {
        this.again = false
        for (const ws of [...this.workspaces]) {
          try {
            this.publish(ws, await ws.update())
          } catch (e) {
            this.connection.console.error(`tfgraph: ${e instanceof Error ? e.message : String(e)}`)
          }
        }
      } while (this.again && !this.ended)
    })().finally(() => {
      this.updating = undefined
    })
  }

  private publish(ws: Workspace, files: ReadonlySet<string>): void {
    if (this.ended) return
    const lines = this.linesReader()
    for (const file of files) {
      const diagnostics: LspDiagnostic[] = ws.findings(file).map(({root, diagnostic: d}) => {
        const r = displayRange(d)
        return {
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
      if ((this.published.get(uri) ?? '[]') === key) continue
      if (diagnostics.length === 0) this.published.delete(uri)
      else this.published.set(uri, key)
      void this.connection.sendDiagnostics({uri, diagnostics})
    }
  }

  /** Lines of files for counting characters: the open buffer, else the disk (read once per request). */
  private linesReader(): LinesOf {
    const seen = new Map<string, readonly string[] | undefined>()
    return (file) => {
      if (!seen.has(file)) {
        const doc = this.documents.get(pathUri(file))
        let text: string | undefined = doc?.getText()
        if (text === undefined) {
          try {
            text = readFileSync(file, 'utf8')
          } catch {
            text = undefined
          }
        }
        seen.set(file, text?.split(/\r?\n/))
      }
      return seen.get(file)
    }
  }

  private async context(uri: string): Promise<FeatureContext | undefined> {
    const file = this.fileOf(uri)
    if (!file) return undefined
    await this.ready
    const ws = this.workspaceOf(file)
    const analyses = await ws.analysesOf(file)
    const display = (abs: string): string => {
      const rel = path.relative(ws.dir, abs).split(path.sep).join('/')
      return rel === '' ? '.' : rel
    }
    return {analyses, file, display, lines: this.linesReader()}
  }

  private async at(
    uri: string,
    pos: Position,
    fn: (ctx: FeatureContext, at: ReturnType<typeof spotOf>) => Location[],
  ): Promise<Location[]> {
    const ctx = await this.context(uri)
    return ctx ? fn(ctx, spotOf(pos, ctx.lines(ctx.file))) : []
  }
}
