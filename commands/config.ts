import {Args, Command, Flags} from '@oclif/core'
import {runFlags} from '../src/cli/run-flags.js'
import {limitFlags} from '../src/cli/limit-flags.js'
import {startCommand} from '../src/cli/command-run.js'
import {configInputs, configOutput} from '../src/cli/config-run.js'

export default class Config extends Command {
  static override summary = 'Show the effective configuration of a module after override files.'

  static override description = `Loads one module directory exactly as Terraform or OpenTofu do: primary files (.tf, .tf.json; with OpenTofu also .tofu and .tofu.json, where x.tofu hides x.tf), then override files (override.tf, *_override.tf and their JSON/.tofu variants) merged in lexical order. Prints every top-level block with the file it comes from; whatever an override file changed is marked with that file.

Exit codes: 0 = no errors, 1 = the directory or a file could not be read or parsed, 2 = the configuration has errors.`

  static override examples = [
    {description: 'Show the merged configuration of the current directory', command: '<%= config.bin %> <%= command.id %>'},
    {
      description: 'Machine-readable output (hcl2json shape, with file list and diagnostics)',
      command: '<%= config.bin %> <%= command.id %> fixtures/load/override-resource --json',
    },
    {
      description: 'Load as OpenTofu would (.tofu files, registry.opentofu.org); infra: your root module’s directory',
      command: '<%= config.bin %> <%= command.id %> infra --engine opentofu',
    },
  ]

  static override args = {
    dir: Args.string({description: 'module directory', default: '.'}),
  }

  static override flags = {
    engine: Flags.string({
      description: 'engine whose rules to follow (default: opentofu when the directory has .tofu files, else terraform)',
      options: ['terraform', 'opentofu'],
    }),
    json: Flags.boolean({description: 'print the JSON document (format_version "1") instead of text'}),
    ...runFlags,
    'max-files': limitFlags['max-files'],
    'no-color': Flags.boolean({description: 'disable colours in diagnostics (also NO_COLOR)'}),
  }

  async run(): Promise<void> {
    const {args, flags} = await this.parse(Config)
    const cmd = await startCommand(this, flags, {dir: args.dir, quiet: flags.json, load: async () => undefined})
    const out = await configOutput(cmd, configInputs(args.dir, flags, cmd.color()))
    await cmd.finish(out.value)
  }
}
