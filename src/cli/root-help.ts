// `tfgraph --help` (and `tfgraph` alone): oclif's root help — summary, version, usage, topics, commands —
// then examples, as every command's own help ends with them. oclif loads this class from package.json's
// oclif.helpClass (the dist/cli/root-help.js bundle entry); the commands' help is oclif's own.
import {Help} from '@oclif/core'

/** Command lines a new user can run from a clone of the repository (the fixtures), or in their own root module. */
export const ROOT_EXAMPLES: readonly (readonly [string, string])[] = [
  ['Which provider configuration each resource uses, and why', 'tfgraph providers fixtures/providers/demo'],
  ['Lint the root module in the current directory', 'tfgraph lint'],
  [
    'Lint every root module under infra/ (your repository’s Terraform directory), one line per finding',
    'tfgraph lint infra --recursive --format compact',
  ],
  ['Is the lock file consistent with the configuration?', 'tfgraph lock fixtures/lock/statuses'],
  ['One page to explore the graph in a browser', 'tfgraph graph fixtures/graph/platform --type providers -o graph.html'],
  ['What does this branch change? (infra: your root module’s directory)', 'tfgraph providers diff infra --git main --format markdown'],
  ['A command’s options and examples', 'tfgraph lint --help'],
]

export default class RootHelp extends Help {
  protected override async showRootHelp(): Promise<void> {
    await super.showRootHelp()
    this.log(
      this.section(
        'EXAMPLES',
        ROOT_EXAMPLES.map(([what, command]) => `${what}\n\n  $ ${command.replace(/^tfgraph\b/, this.config.bin)}`).join('\n\n'),
      ),
    )
    this.log('')
  }
}
