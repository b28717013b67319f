import {Args, Command, Flags} from '@oclif/core'
import {engineFlag, runFlags} from '../src/cli/run-flags.js'
import {limitFlags, limitOptions} from '../src/cli/limit-flags.js'
import {exitCodeOf, startCommand} from '../src/cli/command-run.js'

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
    const cmd = await startCommand(this, flags, {dir: args.dir, quiet: flags.json, load: () => import('../src/cli/analysis.js')})
    const engine = engineFlag(flags.engine)
    const maxFiles = limitOptions(flags).maxFiles ?? cmd.lib.DEFAULT_MAX_FILES
    const result = await cmd.lib.loadConfig(args.dir, {
      ...(engine ? {engine} : {}),
      fileBudget: {remaining: maxFiles, limit: maxFiles},
      context: cmd.context,
    })
    // files are named from the current directory, so that file:line opens as printed
    const render = await cmd.renderer('config', flags.json ? 'json' : 'text')
    const stdout = await render(result, {engineGiven: engine !== undefined, fileName: cmd.lib.fileNamer(args.dir)})
    // --json carries the diagnostics in the document
    const diagnostics =
      !flags.json && result.diagnostics.length > 0
        ? (stdout ? '\n' : '') + (await cmd.diagnostics(result.diagnostics, {dir: args.dir}))
        : ''
    await cmd.finish({stdout, stderr: diagnostics, exitCode: exitCodeOf(result)})
  }
}
