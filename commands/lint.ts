import {Args, Command, Flags} from '@oclif/core'
import {usageError} from '../src/cli/fail.js'
import {runFlags, varFlags} from '../src/cli/run-flags.js'
import {limitFlags} from '../src/cli/limit-flags.js'
import {startCommand} from '../src/cli/command-run.js'
import {useColor} from '../src/cli/color.js'
import {lintInputs, lintOutput} from '../src/cli/lint-run.js'

export default class Lint extends Command {
  static override summary = "Check a configuration with Terraform's module/provider rules and tfgraph's rules for module authors."

  static override description = `Reports Terraform's and OpenTofu's own module and provider diagnostics (same summaries, rule id "terraform") — found statically, before "init" — and tfgraph's rules for module authors: legacy provider blocks in shared modules, non-minimum version constraints, missing required_providers entries, constraints no version can satisfy, providers maps that silently inherit, unused aliases, unresolved module calls. Each rule is documented in docs/rules/<id>.md.

Suppress a finding with a comment "# tfgraph-ignore: <rule-id>" on its line or the line before; configure rules in .tfgraph.json: {"rules": {"<rule-id>": "off" | "warning" | "error"}, "max_warnings": N}.

Text output explains a finding once and lists further findings with the same explanation one line each ("and N more like this"), and says in one line how many module calls are not installed; more than 50 findings end with a count per rule and how to narrow the report; --verbose shows each in full, and the JSON and SARIF formats always do. Text, compact and SARIF name files from the current directory, so that file:line:col opens as printed; JSON keeps range.filename relative to the root, as terraform validate -json does.

With --recursive, each root's findings follow one another and one line ends the report: how many roots, errors and warnings, and which roots could not be read (a directory the search cannot list among them). A root whose .tfgraph.json is broken reports that as its finding (rule lint-config) and the others are linted.

--fix applies the fix of every finding that has one (docs/lint.md lists them) and then reports what is left; --fix --diff prints the fixes as a unified diff and writes nothing. Files are written atomically, only when changed, never outside DIR, under .terraform or in installed modules, and not when they changed on disk since they were read.

Exit codes, the same for one root or many: 0 = no errors, 1 = tfgraph could not do its job (a file or directory it could not read, a --max-files or --max-modules limit reached, bad flags or a broken --config file), 2 = findings: errors (syntax errors included) or more warnings than --max-warnings.`

  static override examples = [
    {description: 'Lint the module in the current directory', command: '<%= config.bin %> <%= command.id %>'},
    {
      description: 'Every root module under infra/ (your repository’s Terraform directory), as SARIF for code scanning',
      command: '<%= config.bin %> <%= command.id %> infra --recursive --format sarif > tfgraph.sarif',
    },
    {
      description: 'One line per finding, for editors and grep (in a root module’s directory)',
      command: '<%= config.bin %> <%= command.id %> . --format compact',
    },
    {
      description: 'Only two rules; fail on any warning (in a root module’s directory)',
      command: '<%= config.bin %> <%= command.id %> . --only legacy-module-provider,terraform --max-warnings 0',
    },
    {
      description: 'Fix what can be fixed (written in place), then report what is left',
      command: '<%= config.bin %> <%= command.id %> . --recursive --fix',
    },
    {description: 'Show the fixes as a unified diff; nothing is written', command: '<%= config.bin %> <%= command.id %> . --fix --diff'},
    {
      description:
        'Will terraform plan refuse the state? Objects whose provider configuration is gone (terraform state pull > FILE, or --state - to read stdin)',
      command: '<%= config.bin %> <%= command.id %> fixtures/state/removed-alias/v2 --state fixtures/state/removed-alias/terraform.tfstate',
    },
    {description: 'List the rules', command: '<%= config.bin %> <%= command.id %> --list-rules'},
  ]

  static override args = {
    dir: Args.string({description: 'root module directory (with --recursive: a directory to search for root modules)', default: '.'}),
  }

  static override flags = {
    format: Flags.string({description: 'output format [default: text]', options: ['text', 'json', 'sarif', 'compact']}),
    json: Flags.boolean({description: 'print the JSON document (the same as --format json)'}),
    engine: Flags.string({
      description: 'engine whose rules to follow (default: opentofu when the root has .tofu files, else terraform)',
      options: ['terraform', 'opentofu'],
    }),
    config: Flags.string({description: 'configuration file (default: .tfgraph.json in the root directory)'}),
    only: Flags.string({description: 'run only these rules (comma-separated ids)', multiple: true}),
    disable: Flags.string({description: 'disable these rules (comma-separated ids)', multiple: true}),
    'max-warnings': Flags.integer({description: 'exit 2 when there are more warnings than this', min: 0}),
    recursive: Flags.boolean({description: 'lint every root module found under DIR, grouped by root'}),
    'test-directory': Flags.string({
      description: 'the test directory of the root module, relative to it (default: tests; as terraform test -test-directory)',
    }),
    'no-tests': Flags.boolean({description: "do not read the root module's test files (*.tftest.hcl, …)"}),
    'list-rules': Flags.boolean({description: 'list the rules with their default severity and exit'}),
    fix: Flags.boolean({
      description:
        'apply the fix of every finding that has one (files written in place, atomically; nothing outside DIR, .terraform or installed modules), then report what is left',
    }),
    diff: Flags.boolean({description: 'with --fix: print the fixes as a unified diff instead of writing them'}),
    state: Flags.string({
      description:
        'also match a state to the configuration (the raw state: terraform state pull > FILE, or - for stdin): the objects terraform plan will refuse because their provider configuration is gone, and those it moves to another one (rule state)',
    }),
    ...varFlags,
    ...runFlags,
    ...limitFlags,
    'no-color': Flags.boolean({description: 'disable colours (also NO_COLOR)'}),
  }

  async run(): Promise<void> {
    const {args, flags} = await this.parse(Lint)
    if (flags.json && flags.format !== undefined && flags.format !== 'json')
      usageError(this, `--json and --format ${flags.format} conflict: --json is --format json`)
    if (flags.diff && !flags.fix) usageError(this, '--diff shows what --fix would change: use it with --fix')
    if (flags.state !== undefined && (flags.recursive || flags.fix))
      usageError(this, `--state is the state of one root module: it takes no ${flags.recursive ? '--recursive' : '--fix'}`)
    if (flags.diff && (flags.format !== undefined || flags.json))
      usageError(this, '--fix --diff prints a diff: it takes no --format or --json')
    const i = lintInputs(args.dir, flags, useColor(process.stdout, flags))
    // the results cache and the run set-up only: the analysis (loader, resolver, rules) is imported
    // only for a root that must be analysed again (src/cli/lint-run.ts)
    const cmd = await startCommand(this, flags, {quiet: i.format !== 'text', load: async () => undefined})
    if (flags['list-rules']) {
      const [{TERRAFORM_RULE}, {RULES}] = await Promise.all([import('../src/lint/config.js'), import('../src/rules/index.js')])
      const rows: {id: string; severity: string; description: string}[] = [
        {
          id: TERRAFORM_RULE,
          severity: 'error',
          description: "Terraform's and OpenTofu's own module and provider diagnostics (their severities)",
        },
        ...RULES.map((r) => ({...r, description: r.enabledByDefault ? r.description : `(off by default) ${r.description}`})),
      ]
      process.stdout.write(rows.map((r) => `${r.id.padEnd(36)} ${r.severity.padEnd(8)} ${r.description}\n`).join(''))
      return
    }
    const unknown = await (await import('../src/cli/rule-ids.js')).unknownRuleProblem([...i.only, ...i.disable])
    if (unknown) cmd.fail(unknown)
    cmd.checkDir(args.dir, {
      recursive: flags.recursive,
      tests: !flags['no-tests'],
      ...(flags['test-directory'] !== undefined ? {testDirectory: flags['test-directory']} : {}),
    })
    const out = await lintOutput(cmd, i, {
      ...(flags.fix ? {fix: {diff: flags.diff}} : {}),
      ...(flags.state !== undefined ? {state: flags.state} : {}),
      version: this.config.version,
      noRoots: () => this.error(`no root modules found under ${args.dir}`, {exit: 1}),
    })
    await cmd.finish(out.value)
  }
}
