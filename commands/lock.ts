import {Args, Command, Flags} from '@oclif/core'
import {fail} from '../src/cli/fail.js'
import {moduleDirProblem} from '../src/cli/module-dir.js'
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {engineFlag, runFlags} from '../src/cli/run-flags.js'
import {limitFlags, limitOptions} from '../src/cli/limit-flags.js'
import {useColor} from '../src/cli/color.js'

export default class Lock extends Command {
  static override summary = 'Check .terraform.lock.hcl against the configuration, offline.'

  static override description = `Compares the dependency lock file of the root module with the provider requirements of the whole module tree: each provider is ok, missing (required, not locked), unsatisfied (locked version outside the current constraints), unused (locked, no longer required by the configuration) or invalid (the lock file has errors, so no selection in it is usable). Errors that stop the comparison (a lock file or configuration that cannot be read) are printed first, alone. --verify hashes the installed packages (h1: over unpacked directories or zip entries, zh: over zips) and compares them with the lock; --platforms warns when the lock cannot cover the platforms you deploy from. Nothing is downloaded.

Exit codes: 0 = consistent, 1 = the tool failed, 2 = the lock file is inconsistent or invalid, or a package does not match.`

  static override examples = [
    {description: 'Is the lock file consistent with the configuration?', command: '<%= config.bin %> <%= command.id %> fixtures/lock/statuses'},
    {description: 'Verify installed packages and a filesystem mirror', command: '<%= config.bin %> <%= command.id %> . --verify --plugin-dir ~/.terraform.d/plugins'},
    {description: 'Will the lock work on CI and on Apple laptops?', command: '<%= config.bin %> <%= command.id %> . --platforms linux_amd64,darwin_arm64'},
  ]

  static override args = {dir: Args.string({description: 'root module directory', default: '.'})}

  static override flags = {
    engine: Flags.string({description: 'engine whose rules to follow', options: ['terraform', 'opentofu']}),
    verify: Flags.boolean({description: 'hash installed packages under <data dir>/providers (and --plugin-dir) and compare with the lock'}),
    'plugin-dir': Flags.string({description: 'a filesystem mirror to verify as well', multiple: true}),
    platforms: Flags.string({description: 'comma-separated os_arch platforms the lock file must cover'}),
    json: Flags.boolean({description: 'print the JSON document'}),
    ...runFlags,
    ...limitFlags,
    'no-color': Flags.boolean({description: 'disable colours (also NO_COLOR)'}),
  }

  async run(): Promise<void> {
    const {args, flags} = await this.parse(Lock)
    const dirProblem = moduleDirProblem(args.dir, ['diff'])
    if (dirProblem) fail(this, dirProblem)
    const lib = await import('../src/cli/analysis.js')
    const run = lib.beginRun(flags, {quiet: flags.json})
    const engine = engineFlag(flags.engine)
    const c = await lib.checkLock(args.dir, {
      ...(engine ? {engine} : {}),
      verify: flags.verify,
      pluginDirs: flags['plugin-dir'] ?? [],
      platforms: (flags.platforms ?? '').split(',').map((x) => x.trim()).filter(Boolean),
      limits: limitOptions(flags),
      context: run.context,
    })
    await run.end()
    if (flags.json) process.stdout.write(JSON.stringify(lib.lockDocument(c), null, 2) + '\n')
    else {
      const diagnostics = (): string => {
        const color = useColor(process.stderr, flags)
        const sourceLines = lib.sourceLinesFrom(path.resolve(args.dir), (f) => readFileSync(f, 'utf8'))
        return lib.renderDiagnosticsText(c.diagnostics, {sourceLines, color, fileName: lib.fileNamer(args.dir), verbose: flags.verbose})
      }
      const table = lib.renderLockText(c, lib.fileNamer(args.dir))
      // the real error first: a lock file or configuration that could not be read, or a lock file with errors
      // (nothing on stdout before it; the table, if any, follows)
      if (!c.compared || c.lockFileState === 'invalid') {
        process.stderr.write(diagnostics() + (table ? '\n' : ''))
        process.stdout.write(table)
      } else {
        process.stdout.write(table)
        if (c.diagnostics.length > 0) process.stderr.write('\n' + diagnostics())
      }
    }
    process.exitCode = c.incomplete ? 1 : lib.hasErrors(c.diagnostics) ? 2 : 0
  }
}
