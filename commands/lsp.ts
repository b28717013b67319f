import {Command, Flags} from '@oclif/core'

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
    const [v8, {startServer}] = await Promise.all([import('node:v8'), import('../src/lsp/server.js')])
    startServer({
      input: process.stdin,
      output: process.stdout,
      // then a long-lived process that analyses again on every edit: V8's default heap growth lets the
      // resident size climb by half with a flat live heap (fabric 0-org-setup: 142 → 202 MB over 400
      // edits, the live heap 26 → 28 MB); growing by 50 % keeps it within 5 % (BENCHMARKS.md). Not
      // before: the first analysis is faster with the default.
      onFirstAnalysis: () => v8.setFlagsFromString('--heap-growing-percent=50'),
    })
    // the server runs until the client ends it (vscode-languageserver exits the process)
    await new Promise<never>(() => undefined)
  }
}
