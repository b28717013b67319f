import {Args, Command, Flags} from '@oclif/core'
import {fail, usageError} from '../../src/cli/fail.js'
import {startCommand} from '../../src/cli/command-run.js'
import {execFileSync} from 'node:child_process'
import {existsSync} from 'node:fs'
import {readInput} from '../../src/cli/read-input.js'
import * as path from 'node:path'

export default class LockDiff extends Command {
  static override summary = 'Explain the changes between two dependency lock files.'

  static override description = `Compares two .terraform.lock.hcl files (or, with --git REV, the committed file at REV with the working file) and explains each change in the categories reviewers care about: new provider, version upgraded or downgraded, constraints changed, new hashes only (a hash-scheme migration or a new platform), hashes removed (suspicious), provider removed.

Exit codes: 0 = compared (changes or not), 1 = a file could not be read, 2 = a file is not a valid lock file.`

  static override examples = [
    {
      description: 'Two files',
      command:
        '<%= config.bin %> lock diff fixtures/lock/diff/mixed/old.terraform.lock.hcl fixtures/lock/diff/mixed/new.terraform.lock.hcl',
    },
    {
      description: 'What did this branch change? (the lock file in the current directory against main)',
      command: '<%= config.bin %> lock diff --git main',
    },
  ]

  static override args = {
    old: Args.string({description: 'the old lock file (or, with --git, the new one; default ./.terraform.lock.hcl)'}),
    new: Args.string({description: 'the new lock file'}),
  }

  static override flags = {
    git: Flags.string({description: 'compare the lock file committed at this git revision with the working file'}),
    engine: Flags.string({description: 'engine whose rules to follow', options: ['terraform', 'opentofu'], default: 'terraform'}),
    json: Flags.boolean({description: 'print the JSON document'}),
  }

  async run(): Promise<void> {
    const {args, flags} = await this.parse(LockDiff)
    const cmd = await startCommand(this, {}, {run: false, load: () => import('../../src/lock/diff.js')})
    // git show is the one process tfgraph starts (without a shell); a revision is never read as one of its options
    if (flags.git?.startsWith('-')) usageError(this, `not a git revision: ${flags.git} (--git takes one, such as main or HEAD~1)`)
    if (flags.git && args.new) usageError(this, `with --git give one lock file, not two (it is compared with its version at ${flags.git})`)
    if (!flags.git && (!args.old || !args.new)) usageError(this, `give two lock files (OLD NEW), or --git REV [FILE]`)
    const newName = flags.git ? (args.old ?? '.terraform.lock.hcl') : args.new!
    const oldName = flags.git ? `${flags.git}:${newName}` : args.old!
    // a file that cannot be read: one line with what to do (a missing lock file is made by init)
    const read = (file: string): string => {
      const r = readInput(file)
      if ('text' in r) return r.text
      const missing = !existsSync(file)
      fail(
        this,
        `cannot read the lock file: ${r.problem}${missing && path.basename(file) === '.terraform.lock.hcl' ? `; "${flags.engine === 'opentofu' ? 'tofu' : 'terraform'} init" makes it` : ''}${missing && flags.git && args.old === undefined ? `, or name the lock file: tfgraph lock diff --git ${flags.git} FILE` : ''}`,
      )
    }
    let oldText: string
    let newText: string
    if (flags.git) {
      newText = read(newName)
      const rel = path.relative(process.cwd(), path.resolve(newName)).split(path.sep).join('/')
      try {
        oldText = execFileSync('git', ['show', `${flags.git}:./${rel}`], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']})
      } catch (e) {
        // git's own words (`fatal: path … does not exist in 'main'`) say more than "Command failed"
        const stderr = e instanceof Error && 'stderr' in e ? String(e.stderr).trim() : ''
        fail(this, `cannot read ${oldName}: ${(stderr || (e instanceof Error ? e.message : String(e))).split('\n')[0]}`)
      }
    } else {
      oldText = read(oldName)
      newText = read(newName)
    }
    const d = await cmd.lib.diffLockFiles(oldText, newText, {
      oldName,
      newName,
      engine: flags.engine === 'opentofu' ? 'opentofu' : 'terraform',
    })
    const stdout = await (await cmd.renderer('lock-diff', flags.json ? 'json' : 'text'))(d, {})
    // a file that is not valid HCL: the errors alone, on stderr, nothing on stdout
    const unparsable = !flags.json && d.unparsable.length > 0
    await cmd.finish({
      stdout: unparsable ? '' : stdout,
      stderr: unparsable ? stdout : '',
      exitCode: d.diagnostics.some((x) => x.severity === 'error') ? 2 : 0,
    })
  }
}
