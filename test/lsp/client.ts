// A language client for the tests: `tfgraph lsp --stdio` as a child process, driven through
// vscode-languageserver-protocol (vscode-jsonrpc's framing). Collects the diagnostics the server
// publishes and the progress it reports, and waits for them.
import {spawn, type ChildProcessWithoutNullStreams} from 'node:child_process'
import * as path from 'node:path'
import {pathToFileURL} from 'node:url'
import {
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  WorkDoneProgressCreateRequest,
  type Diagnostic,
  type FileEvent,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node'
import {repoRoot} from '../helpers/paths.js'

export const uriOf = (file: string): string => pathToFileURL(file).toString()

export interface Client {
  readonly conn: ProtocolConnection
  readonly child: ChildProcessWithoutNullStreams
  /** Every publishDiagnostics received, in order. */
  readonly published: PublishDiagnosticsParams[]
  readonly progress: unknown[]
  /** Resolves once a work-done progress has ended (`$/progress` of kind `end`; at once when one has). */
  progressEnded(): Promise<void>
  stderr(): string
  /** The lines the server logged (window/logMessage), in order. */
  logs(): readonly string[]
  /** The latest diagnostics of a file (undefined: none published yet). */
  latest(file: string): Diagnostic[] | undefined
  /** Resolves with the next diagnostics of `file` that satisfy `ok` (those already received count too when `now`). */
  diagnostics(file: string, ok?: (d: Diagnostic[]) => boolean, timeoutMs?: number): Promise<Diagnostic[]>
  open(file: string, text: string, languageId?: string): void
  change(file: string, version: number, text: string): void
  close(file: string): void
  watched(changes: FileEvent[]): void
  /** shutdown + exit; resolves with the exit code. */
  stop(): Promise<number | null>
}

export const tfgraphBin = path.join(repoRoot, 'bin', 'run.cjs')

export async function startClient(
  workspace: string,
  capabilities: Record<string, unknown> = {window: {workDoneProgress: true}},
  env: NodeJS.ProcessEnv = {},
  initializationOptions?: unknown,
): Promise<Client> {
  const child = spawn(process.execPath, [tfgraphBin, 'lsp', '--stdio'], {cwd: workspace, env: {...process.env, NO_COLOR: '1', ...env}})
  let err = ''
  child.stderr.on('data', (c: Buffer) => (err += c.toString()))
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin))
  const published: PublishDiagnosticsParams[] = []
  const progress: unknown[] = []
  const waiters: (() => void)[] = []
  conn.onNotification(PublishDiagnosticsNotification.type, (p) => {
    published.push(p)
    for (const w of [...waiters]) w()
  })
  conn.onRequest(WorkDoneProgressCreateRequest.type, () => undefined)
  const logged: string[] = []
  conn.onNotification('window/logMessage', (p: {message?: unknown}) => {
    logged.push(String(p.message))
  })
  const ended = (): boolean => progress.some((p) => (p as {value?: {kind?: unknown}}).value?.kind === 'end')
  const progressWaiters: (() => void)[] = []
  conn.onNotification('$/progress', (p: unknown) => {
    progress.push(p)
    if (ended()) for (const w of progressWaiters.splice(0)) w()
  })
  conn.listen()
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  await conn.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: uriOf(workspace),
    workspaceFolders: [{uri: uriOf(workspace), name: path.basename(workspace)}],
    capabilities,
    ...(initializationOptions !== undefined ? {initializationOptions} : {}),
  })
  await conn.sendNotification(InitializedNotification.type, {})
  const latest = (file: string): Diagnostic[] | undefined => {
    const uri = uriOf(file)
    for (let i = published.length - 1; i >= 0; i--) if (published[i]!.uri === uri) return published[i]!.diagnostics
    return undefined
  }
  return {
    conn,
    child,
    published,
    progress,
    progressEnded: () => (ended() ? Promise.resolve() : new Promise<void>((resolve) => progressWaiters.push(resolve))),
    stderr: () => err,
    logs: () => logged,
    latest,
    // a whole-suite run (one process, every test file loaded) was seen to take over 20 s for the first analysis
    diagnostics: (file, ok = () => true, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const check = (): boolean => {
          const d = latest(file)
          if (d && ok(d)) {
            resolve(d)
            return true
          }
          return false
        }
        if (check()) return
        const w = (): void => {
          if (check()) waiters.splice(waiters.indexOf(w), 1)
        }
        waiters.push(w)
        setTimeout(
          () =>
            reject(
              new Error(
                `no matching diagnostics for ${file} within ${timeoutMs} ms: ${JSON.stringify(latest(file))}; published for: ${[...new Set(published.map((p) => p.uri))].join(' ') || 'nothing'}; server stderr: ${err.slice(-2000) || '(empty)'}; server log: ${logged.join('\n').slice(-3000) || '(empty)'}`,
              ),
            ),
          timeoutMs,
        ).unref()
      }),
    open: (file, text, languageId = 'terraform') =>
      void conn.sendNotification(DidOpenTextDocumentNotification.type, {textDocument: {uri: uriOf(file), languageId, version: 1, text}}),
    change: (file, version, text) =>
      void conn.sendNotification(DidChangeTextDocumentNotification.type, {
        textDocument: {uri: uriOf(file), version},
        contentChanges: [{text}],
      }),
    close: (file) => void conn.sendNotification(DidCloseTextDocumentNotification.type, {textDocument: {uri: uriOf(file)}}),
    watched: (changes) => void conn.sendNotification(DidChangeWatchedFilesNotification.type, {changes}),
    stop: async () => {
      await conn.sendRequest(ShutdownRequest.type)
      await conn.sendNotification(ExitNotification.type)
      const code = await exited
      conn.dispose()
      return code
    },
  }
}
