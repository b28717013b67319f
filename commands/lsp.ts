import {Command, Flags} from '@oclif/core'
import {createRequire} from 'node:module'
import {fileURLToPath} from 'node:url'

export default class Lsp extends Command {
  static override summary = 'Run the language server (Language Server Protocol over stdio) for editors.'

  static override description = `Serves .tf, .tf.json, .tofu and .tofu.json files to an editor over stdin and stdout: hover on a resource shows the provider configuration it uses and the resolution chain; go to definition jumps to the provider block actually used (through providers maps and inheritance); find references on a provider block lists every resource bound to it; code lenses count them; rename of a provider alias or local name edits every reference to that configuration across modules (provider arguments, providers maps, configuration_aliases); completion after "provider =", in providers maps and configuration_aliases; lint findings are published per file, for unsaved buffers too. Every root module of the workspace (found as lint --recursive finds them) is analysed; a shared module's file is answered for each root that calls it. Nothing is written to disk. Set-up for VS Code, Neovim, Helix and Emacs: docs/editor.md.

The server ends when the client sends "exit" or closes stdin (exit code 0 after "shutdown", else 1), or when stdin can no longer be read as the protocol (one line on stderr, exit code 1).`

  static override examples = [
    {description: 'Started by an editor (the flag clients pass is accepted)', command: '<%= config.bin %> <%= command.id %> --stdio'},
  ]

  static override flags = {
    stdio: Flags.boolean({description: 'talk over stdin and stdout (the default and only transport)'}),
    clientProcessId: Flags.string({
      description: 'the editor process: the server ends when it is gone (passed by some clients)',
      hidden: true,
    }),
  }

  async run(): Promise<void> {
    await this.parse(Lsp)
    // The server is in the quick start's script (dist/cli/quick-run.cjs; bin/run.cjs starts `tfgraph lsp`
    // from it without oclif), not in this bundle: the package holds its code once. It runs until the
    // client ends it (vscode-languageserver exits the process).
    const script = fileURLToPath(new URL('../cli/quick-run.cjs', import.meta.url))
    const loaded: unknown = createRequire(import.meta.url)(script)
    const server = typeof loaded === 'object' && loaded !== null && 'languageServer' in loaded ? loaded.languageServer : undefined
    if (typeof server !== 'function') throw new Error(`${script} holds no language server`)
    const {serveStdio} = await (server as () => Promise<typeof import('../src/lsp/server.js')>)()
    await serveStdio()
  }
}
