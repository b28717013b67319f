import {Args, Command, Flags} from '@oclif/core'
import {readInput} from '../src/cli/read-input.js'
import {readStateInput} from '../src/cli/state-input.js'
import {runFlags, varFlags} from '../src/cli/run-flags.js'
import {limitFlags} from '../src/cli/limit-flags.js'
import {startCommand} from '../src/cli/command-run.js'
import {providersInputs, providersOutput, type ProvidersInputs} from '../src/cli/providers-run.js'

export default class Providers extends Command {
  static override summary = 'Show which provider configuration every resource uses, and why.'

  static override description = `Crawls the module tree from DIR (local module sources, and registry or git sources through .terraform/modules/modules.json after "terraform init"; TF_DATA_DIR is honoured), resolves every resource's provider configuration exactly as Terraform does — required_providers, implied hashicorp/<name>, inheritance of default configurations, "providers" maps, configuration_aliases, legacy provider blocks — and prints, per module, each configuration with how it got there and the resources that use it. Nothing is initialised, downloaded or executed.

Diagnostics go to stderr and name files from the current directory. Module calls not installed yet (no "terraform init") are one line there; --verbose lists each, and --json always does.

Exit codes: 0 = no errors, 1 = a directory or file could not be read or parsed, 2 = the configuration has errors.`

  static override examples = [
    {description: 'Provider configurations per module', command: '<%= config.bin %> <%= command.id %> fixtures/providers/demo'},
    {
      description: 'Why does this resource use that configuration?',
      command: '<%= config.bin %> <%= command.id %> fixtures/providers/demo --resource module.network.module.subnet.aws_subnet.private',
    },
    {
      description: 'Only one subtree, only one provider (in a root module’s directory, as the examples below)',
      command: '<%= config.bin %> <%= command.id %> . --module module.network --provider hashicorp/aws',
    },
    {
      description: 'Terraform\'s "Providers required by configuration" tree, sorted, canonical constraints',
      command: '<%= config.bin %> <%= command.id %> . --requirements',
    },
    {description: 'The JSON contract (format_version "1")', command: '<%= config.bin %> <%= command.id %> . --json'},
    {
      description:
        "The module's tests: for each run of its test files, the configuration each resource uses and the test file's block that serves it",
      command: '<%= config.bin %> <%= command.id %> . --tests',
    },
    {
      description: 'Where does each change of a saved plan land? (terraform show -json PLANFILE > plan.json)',
      command: '<%= config.bin %> <%= command.id %> . --plan plan.json',
    },
    {
      description:
        'Which objects of the state does each configuration serve, and which will terraform plan refuse? (the raw state, never terraform show -json)',
      command: '<%= config.bin %> <%= command.id %> fixtures/state/removed-alias/v2 --state fixtures/state/removed-alias/terraform.tfstate',
    },
  ]

  static override args = {
    dir: Args.string({description: 'root module directory', default: '.'}),
  }

  static override flags = {
    engine: Flags.string({
      description: 'engine whose rules to follow (default: opentofu when the root has .tofu files, else terraform)',
      options: ['terraform', 'opentofu'],
    }),
    json: Flags.boolean({description: 'print the JSON document instead of text'}),
    requirements: Flags.boolean({description: 'print the provider requirements tree (as `terraform providers` does)'}),
    resource: Flags.string({
      description: 'show the full resolution of this resource (configuration address; a trailing * matches a prefix)',
    }),
    module: Flags.string({description: 'show only this module and the modules it calls (e.g. module.network)'}),
    provider: Flags.string({
      description: 'show only resources of this provider (registry.terraform.io/hashicorp/aws, hashicorp/aws or aws)',
    }),
    tests: Flags.boolean({
      description:
        "also read the module's test files (*.tftest.hcl, *.tftest.json; OpenTofu also *.tofutest.*) and show, per run, which configuration each resource uses and which block of the test file serves it",
    }),
    'test-directory': Flags.string({
      description: 'the test directory, relative to DIR (default: tests; as terraform test -test-directory); implies --tests',
    }),
    plan: Flags.string({
      description:
        'join the changes of a saved plan (terraform show -json PLANFILE, format 1.x) to the binding: where each planned change lands',
    }),
    state: Flags.string({
      description:
        'match the objects of a state to the configuration (the raw state: terraform state pull > FILE, or - for stdin): where each is recorded, where it lands now, orphans whose provider configuration is gone',
    }),
    ...varFlags,
    ...runFlags,
    ...limitFlags,
    'no-color': Flags.boolean({description: 'disable colours in diagnostics (also NO_COLOR)'}),
  }

  async run(): Promise<void> {
    const {args, flags} = await this.parse(Providers)
    // the results cache and the run set-up only: a warm run prints its stored output without loading the library
    const cmd = await startCommand(this, flags, {
      dir: args.dir,
      quiet: flags.json,
      tests: flags.tests || flags['test-directory'] !== undefined,
      ...(flags['test-directory'] !== undefined ? {testDirectory: flags['test-directory']} : {}),
      load: async () => undefined,
    })
    let plan: ProvidersInputs['plan']
    if (flags.plan !== undefined) {
      const read = readInput(flags.plan)
      if ('problem' in read)
        return cmd.fail(
          `cannot read the plan: ${read.problem}; make one with terraform plan -out=PLANFILE, then terraform show -json PLANFILE > ${flags.plan}`,
        )
      plan = {file: flags.plan, text: read.text}
    }
    let state: ProvidersInputs['state']
    if (flags.state !== undefined) {
      const read = readStateInput(flags.state)
      if ('problem' in read) return cmd.fail(read.problem)
      state = read
    }
    const out = await providersOutput(cmd, {
      ...providersInputs(args.dir, flags, cmd.color()),
      ...(plan ? {plan} : {}),
      ...(state ? {state} : {}),
    })
    await cmd.finish(out.value)
  }
}
