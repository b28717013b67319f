#!/usr/bin/env node
// What an editor shows on hover: starts `tfgraph lsp --stdio` on a workspace, opens FILE and prints the
// hover's Markdown at LINE:COLUMN (1-based), its file links made relative to the repository. Used by
// scripts/readme-tour.mjs for the `<!-- tour-hover: DIR FILE LINE:COLUMN -->` blocks of README.md and
// docs/editor.md. Usage: node scripts/lsp-hover.mjs DIR FILE LINE:COLUMN
import {spawn} from 'node:child_process'
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {
  createProtocolConnection,
  DidOpenTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The hover's Markdown; `options.stderr`, when given, gets what the server writes to stderr (else it goes to this process's). */
export async function hoverAt(dir, file, line, column, options = {}) {
  const ws = path.resolve(root, dir)
  const abs = path.resolve(root, file)
  const child = spawn(process.execPath, [path.join(root, 'bin', 'run.cjs'), 'lsp', '--stdio'], {
    cwd: ws,
    stdio: ['pipe', 'pipe', options.stderr ? 'pipe' : 'inherit'],
  })
  if (options.stderr) child.stderr.on('data', options.stderr)
  const ended = options.stderr ? new Promise((r) => child.on('close', r)) : Promise.resolve()
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin))
  conn.listen()
  const uri = (f) => pathToFileURL(f).toString()
  // the hover is asked right after didOpen, as an editor asks it: the server answers for the roots that hold
  // the file from the first request on (#48), waiting for the root search and their first analysis
  await conn.sendRequest(InitializeRequest.type, {processId: process.pid, rootUri: uri(ws), capabilities: {}})
  await conn.sendNotification(InitializedNotification.type, {})
  await conn.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: {uri: uri(abs), languageId: 'terraform', version: 1, text: readFileSync(abs, 'utf8')},
  })
  const h = await conn.sendRequest(HoverRequest.type, {textDocument: {uri: uri(abs)}, position: {line: line - 1, character: column - 1}})
  await conn.sendRequest(ShutdownRequest.type)
  await conn.sendNotification(ExitNotification.type)
  // all of its stderr read before the caller looks at it
  await ended
  const value = typeof h?.contents === 'object' && 'value' in h.contents ? h.contents.value : ''
  // links to the repository's files, relative to it (a reader's clone is elsewhere)
  return value.split(uri(root) + '/').join('')
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir, file, at] = process.argv.slice(2)
  const [line, column] = (at ?? '').split(':').map(Number)
  if (!dir || !file || !line || !column) {
    console.error('usage: node scripts/lsp-hover.mjs DIR FILE LINE:COLUMN')
    process.exit(1)
  }
  process.stdout.write((await hoverAt(dir, file, line, column)) + '\n')
}
