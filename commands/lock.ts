import {Args, Command, Flags} from '@oclif/core'
import type {ResourceInstanceAddr} from '../src/addrs/instance.js'
import {runFlags} from '../src/cli/run-flags.js'
import {limitFlags} from '../src/cli/limit-flags.js'
import {startCommand} from '../src/cli/command-run.js'
import {lockInputs, lockOutput} from '../src/cli/lock-run.js'
import {usageError} from '../src/cli/fail.js'
import {pluginDirProblem} from '../src/cli/module-dir.js'

export default class Lock extends Command {
  static override summary = 'Check .terraform.lock.hcl against the configuration, offline.'

  static override description = `Compares the dependency lock file of the root module with the provider requirements of the whole module tree: each provider is ok, missing (required, not locked), unsatisfied (locked version outside the current constraints), unused (locked, no longer required by the configuration) or invalid (the lock file has errors, so no selection in it is usable). Errors that stop the comparison (a lock file or configuration that cannot be read) are printed first, alone. --verify hashes the installed packages (h1: over unpacked directories or zip entries, zh: over zips) and compares them with the lock; --platforms warns when the lock cannot cover the platforms you deploy from. Nothing is downloaded.

Exit codes: 0 = consistent, 1 = the tool failed, 2 = the lock file is inconsistent or invalid, or a package does not match.`

  static override examples = [
    {
      description: 'Is the lock file consistent with the configuration?',
      command: '<%= config.bin %> <%= command.id %> fixtures/lock/statuses',
    },
    {
      description: 'Verify installed packages and a filesystem mirror (in a root module’s directory, after init)',
      command: '<%= config.bin %> <%= command.id %> . --verify --plugin-dir ~/.terraform.d/plugins',
    },
    {
      description: 'Will the lock work on CI and on Apple laptops? (in a root module’s directory)',
      command: '<%= config.bin %> <%= command.id %> . --platforms linux_amd64,darwin_arm64',
    },
    {
      description: 'Which objects of the state keep an entry no module requires? (terraform state pull > FILE, or --state -)',
      command: '<%= config.bin %> <%= command.id %> fixtures/lock/statuses --state fixtures/state/lock-unused/terraform.tfstate',
    },
  ]

  static override args = {dir: Args.string({description: 'root module directory', default: '.'})}

  static override flags = {
    engine: Flags.string({description: 'engine whose rules to follow', options: ['terraform', 'opentofu']}),
    verify: Flags.boolean({description: 'hash installed packages under <data dir>/providers (and --plugin-dir) and compare with the lock'}),
    'plugin-dir': Flags.string({description: 'a filesystem mirror to verify as well', multiple: true}),
    platforms: Flags.string({description: 'comma-separated os_arch platforms the lock file must cover'}),
    json: Flags.boolean({description: 'print the JSON document'}),
    state: Flags.string({
      description: 'the raw state (terraform state pull > FILE, or - for stdin): name the objects that keep an entry no module requires',
    }),
    ...runFlags,
    ...limitFlags,
    'no-color': Flags.boolean({description: 'disable colours (also NO_COLOR)'}),
  }

  async run(): Promise<void> {
    const {args, flags} = await this.parse(Lock)
    const cmd = await startCommand(this, flags, {
      dir: args.dir,
      subcommands: ['diff'],
      quiet: flags.json,
      load: async () => undefined,
    })
    // a mirror that is not there would be verified as holding nothing: say so instead
    for (const d of flags['plugin-dir'] ?? []) {
      if (!flags.verify) usageError(this, `--plugin-dir ${d} is read only by --verify: add --verify`)
      const problem = pluginDirProblem(d)
      if (problem) cmd.fail(problem)
    }
    let stateObjects: ReadonlyMap<string, readonly ResourceInstanceAddr[]> | undefined
    if (flags.state !== undefined) {
      const read = (await import('../src/cli/state-input.js')).readStateInput(flags.state)
      if ('problem' in read) return cmd.fail(read.problem)
      const byProvider = (await import('../src/cli/lock-state.js')).stateObjectsByProvider(read)
      if ('error' in byProvider) return cmd.fail(byProvider.error)
      stateObjects = byProvider
    }
    const out = await lockOutput(cmd, lockInputs(args.dir, flags, cmd.color()), stateObjects)
    await cmd.finish(out.value)
  }
}
