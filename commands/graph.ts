import {Args, Command, Flags} from '@oclif/core'
import {limitFlags} from '../src/cli/limit-flags.js'
import {runFlags, varFlags} from '../src/cli/run-flags.js'
import {startCommand} from '../src/cli/command-run.js'
import {graphInputs, graphOutput} from '../src/cli/graph-run.js'

export default class Graph extends Command {
  static override summary =
    'Export the module graph as DOT, Mermaid, JSON, SVG or one HTML page to explore: module calls, provider configurations, or resources.'

  static override description = `Crawls the module tree from DIR (as "tfgraph providers" does: offline, no init) and prints one view of it:

  modules    (default) the module call tree: call name, source and version; count/for_each calls drawn as stacks, unresolved calls dashed red, legacy modules (own provider blocks) filled, a directory called from several places with a double border and "dir … (N calls)"
  providers  provider configurations (root, aliased, implied, legacy) → the modules that receive them (edges labelled with the "providers" map entry, or "inherited") → the resources that use them
  resources  Terraform's own resource-only graph ("terraform graph" ≥1.7): resources and data sources clustered by module, edges from dependent to dependency through locals, variables and outputs; with --format dot and no slicing options the output is byte for byte what Terraform prints

The graph goes to stdout (or -o FILE; the format follows the file's extension: .svg, .html, .dot or .gv, .mmd, .json; another extension, such as .png, is refused unless --format says what to write). --format svg renders the DOT with Graphviz compiled to WebAssembly (no system package); --format html writes one self-contained page to explore the graph (search, details of every node, collapse, focus; nothing fetched when it opens); diagnostics go to stderr only when there are errors, so piped output stays clean. Slicing: --exclude, then --module, then --focus/--depth (or --depth alone: modules at most N calls deep), then --collapse. An SVG too large to read whole comes with a one-line note on stderr naming the --depth that makes it readable.

Exit codes: 0 = no errors, 1 = a directory or file could not be read or parsed, or an option names nothing in the graph (nothing is printed on stdout and no file is written), 2 = the configuration has errors (the graph is still printed).`

  static override examples = [
    {
      description: 'The module call tree as an SVG picture (Graphviz built in)',
      command: '<%= config.bin %> <%= command.id %> fixtures/providers/demo -o modules.svg',
    },
    {
      description: 'One page to explore the resources, their provider configurations and why (open it in a browser)',
      command: '<%= config.bin %> <%= command.id %> fixtures/providers/demo --type providers -o graph.html',
    },
    {
      description: 'Which provider configuration reaches which module and resource',
      command: '<%= config.bin %> <%= command.id %> fixtures/providers/demo --type providers',
    },
    {
      description: "Terraform's resource graph without terraform init, as Mermaid (from a root module's directory)",
      command: '<%= config.bin %> <%= command.id %> . --type resources --format mermaid',
    },
    {
      description: 'A large configuration: the root and the modules it calls, one call deep',
      command: '<%= config.bin %> <%= command.id %> fixtures/graph/platform --depth 1 -o top.svg',
    },
    {
      description: 'Two steps around one module, resources folded into counts',
      command: '<%= config.bin %> <%= command.id %> fixtures/graph/platform --type providers --focus module.network --depth 2 --collapse',
    },
    {
      description: 'One subtree without its test modules, as JSON',
      command:
        "<%= config.bin %> <%= command.id %> fixtures/graph/platform --module module.network --exclude 'module.*test*' --format json -o graph.json",
    },
    {
      description:
        'The orphans of a state and the provider configurations only it still names, dashed (terraform state pull > FILE, or --state -)',
      command:
        '<%= config.bin %> <%= command.id %> fixtures/state/removed-alias/v2 --type providers --state fixtures/state/removed-alias/terraform.tfstate -o state.svg',
    },
  ]

  static override args = {
    dir: Args.string({description: 'root module directory', default: '.'}),
  }

  static override flags = {
    type: Flags.string({char: 't', description: 'view', options: ['modules', 'providers', 'resources'], default: 'modules'}),
    format: Flags.string({
      char: 'f',
      description: 'output format (default: from the -o extension, else dot)',
      options: ['dot', 'mermaid', 'json', 'svg', 'html'],
    }),
    output: Flags.string({char: 'o', description: 'write the graph to this file instead of stdout ("-": stdout)'}),
    focus: Flags.string({
      description:
        'keep only the neighbourhood of this address: a module (module.a.module.b, "." for the root), a provider configuration or a resource',
    }),
    depth: Flags.integer({
      description:
        'with --focus: how many edges to follow from it, in either direction (default 2); without: keep modules at most this many calls deep (below --module, if given)',
      min: 0,
    }),
    module: Flags.string({
      description: 'keep only this module and the modules it calls (the providers view keeps what brings configurations in)',
    }),
    collapse: Flags.boolean({
      description: 'fold resources into their modules (resources view) or into counts per module and configuration (providers view)',
    }),
    exclude: Flags.string({
      description: "leave out nodes whose address, or a module containing them, matches this glob (* and ? also match '.', repeatable)",
      multiple: true,
    }),
    engine: Flags.string({
      description: 'engine whose rules to follow (default: opentofu when the root has .tofu files, else terraform)',
      options: ['terraform', 'opentofu'],
    }),
    state: Flags.string({
      description:
        'with --type providers: draw the orphans of a state (the raw state: terraform state pull > FILE, or - for stdin) and the configurations only it names, dashed',
    }),
    ...varFlags,
    ...runFlags,
    ...limitFlags,
    force: Flags.boolean({
      description:
        'SVG: draw even a picture that could not be read (a row of thousands of resources linked to none) or that Graphviz would take minutes to lay out',
    }),
    'no-color': Flags.boolean({description: 'disable colours in diagnostics (also NO_COLOR)'}),
  }

  async run(): Promise<void> {
    const {args, flags} = await this.parse(Graph)
    // the graph goes to stdout; the progress line (stderr, terminals only) never mixes into it. The library
    // is loaded only when the results cache has no graph for these options and files.
    const cmd = await startCommand(this, flags, {dir: args.dir, load: async () => undefined})
    const i = graphInputs(args.dir, flags, cmd.color())
    const format = i.format
    if (format === undefined)
      return cmd.fail(
        `cannot write ${flags.output}: tfgraph writes .svg, .html, .dot or .gv, .mmd and .json files; name the file so, or give --format (dot, mermaid, json, svg, html)`,
      )
    if (flags.state !== undefined && i.view !== 'providers') return cmd.fail('--state draws into the providers view: add --type providers')
    const state = flags.state !== undefined ? (await import('../src/cli/state-input.js')).readStateInput(flags.state) : undefined
    if (state && 'problem' in state) return cmd.fail(state.problem)
    const {out, failed} = await graphOutput(cmd, {...i, format}, {progress: !flags['no-progress'], ...(state ? {state} : {})})
    await cmd.finish(out.value, failed ? undefined : i.output)
  }
}
