// The VS Code extension: starts `tfgraph lsp --stdio` (the workspace's tfgraph, else the one on the PATH,
// or the `tfgraph.path` setting) for .tf, .tf.json, .tofu and .tofu.json files, Terraform's query files and
// Terraform Stacks' files (.tfcomponent.hcl, .tfstack.hcl, .tfdeploy.hcl and their JSON forms), and shows the resources
// a code lens counts in VS Code's references view.
import {existsSync} from 'node:fs'
import * as path from 'node:path'
import {commands, Location, Position, Range, Uri, workspace, type ExtensionContext} from 'vscode'
import {LanguageClient, type LanguageClientOptions, type ServerOptions} from 'vscode-languageclient/node'

/** What a code lens passes: the file, the position, the resources (protocol shapes). */
interface LspLocation {
  readonly uri: string
  readonly range: {readonly start: {line: number; character: number}; readonly end: {line: number; character: number}}
}

let client: LanguageClient | undefined

/** The tfgraph to run: the setting, the workspace's node_modules/.bin/tfgraph, else `tfgraph` on the PATH. */
export function findTfgraph(setting: string, folders: readonly string[], platform: NodeJS.Platform = process.platform): string {
  if (setting !== '') return setting
  const name = platform === 'win32' ? 'tfgraph.cmd' : 'tfgraph'
  for (const f of folders) {
    const local = path.join(f, 'node_modules', '.bin', name)
    if (existsSync(local)) return local
  }
  return name
}

export async function activate(context: ExtensionContext): Promise<void> {
  const folders = (workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath)
  const command = findTfgraph(workspace.getConfiguration('tfgraph').get<string>('path') ?? '', folders)
  const serverOptions: ServerOptions = {command, args: ['lsp', '--stdio']}
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      {
        scheme: 'file',
        pattern:
          '**/*.{tf,tofu,tf.json,tofu.json,tfquery.hcl,tfquery.json,tfcomponent.hcl,tfcomponent.json,tfstack.hcl,tfstack.json,tfdeploy.hcl}',
      },
    ],
    // the state file (tfgraph.state), read by the server, never written; a change is sent as workspace/didChangeConfiguration
    initializationOptions: {state: workspace.getConfiguration('tfgraph').get<string>('state') ?? ''},
    synchronize: {
      configurationSection: 'tfgraph',
      fileEvents: workspace.createFileSystemWatcher(
        '**/{*.tf,*.tofu,*.tf.json,*.tofu.json,*.tfquery.hcl,*.tfquery.json,*.tfcomponent.hcl,*.tfcomponent.json,*.tfstack.hcl,*.tfstack.json,*.tfdeploy.hcl,.terraform.lock.hcl,.tfgraph.json,modules.json}',
      ),
    },
  }
  client = new LanguageClient('tfgraph', 'tfgraph', serverOptions, clientOptions)
  context.subscriptions.push(
    commands.registerCommand('tfgraph.showResources', (uri: string, at: {line: number; character: number}, locations: LspLocation[]) =>
      commands.executeCommand(
        'editor.action.showReferences',
        Uri.parse(uri),
        new Position(at.line, at.character),
        locations.map(
          (l) =>
            new Location(Uri.parse(l.uri), new Range(l.range.start.line, l.range.start.character, l.range.end.line, l.range.end.character)),
        ),
      ),
    ),
  )
  await client.start()
}

export async function deactivate(): Promise<void> {
  await client?.stop()
}
