import {Args, Command, Flags} from '@oclif/core'
import {existsSync} from 'node:fs'
import * as path from 'node:path'
import {fail, usageError} from '../../src/cli/fail.js'
import {moduleDirProblem} from '../../src/cli/module-dir.js'
import {engineFlag, runFlags, varFlags} from '../../src/cli/run-flags.js'
import {limitFlags, limitOptions} from '../../src/cli/limit-flags.js'
import {useColor} from '../../src/cli/color.js'
import type {StateFile} from '../../src/state/read.js'
import type {ProvidersAnalysis} from '../../src/providers/analysis.js'

const KINDS = ['rebound', 'config-changed', 'provider-changed', 'removed-with-config', 'removed', 'added']

export default class ProvidersDiff extends Command {
  static override summary = 'Compare the provider binding of every resource between two revisions.'

  static override description = `Analyses two revisions of a configuration (two directories, or DIR as of a git revision against the working tree) and lists every resource whose provider binding differs, with one kind: rebound (bound to another provider configuration, e.g. through a changed "providers" map), config-changed (same configuration, other arguments, e.g. region), provider-changed (another source address: needs terraform state replace-provider, unless a "moved" block of the resource moves it to a provider that converts its objects, as terraform_data does from null_resource), removed-with-config (removed together with the configuration Terraform needs to destroy it), removed, added. "moved" blocks of the new revision map old addresses to new ones. Each change says why, with the resolution chains before and after.

With --git REV the tree at REV is read from git's objects into a temporary directory; the working tree and the index are never touched.

Exit codes: 0 = no risky change, 1 = a tool error (a directory, git or a revision could not be read), 2 = a rebound, config-changed, provider-changed or removed-with-config change, except a null_resource moved to terraform_data (--fail-on narrows or widens the kinds, and then counts every change of them).`

  static override examples = [
    {
      description: 'Two directories',
      command: '<%= config.bin %> providers diff fixtures/providers-diff/rebound/old fixtures/providers-diff/rebound/new',
    },
    {
      description: 'What does this branch change? A Markdown table for the pull request (infra: your root module’s directory)',
      command: '<%= config.bin %> providers diff infra --git main --format markdown',
    },
    {
      description: 'Fail only when a resource is removed with its provider configuration',
      command: '<%= config.bin %> providers diff infra --git main --fail-on removed-with-config',
    },
    {
      description:
        'Would the change leave objects of the state without their provider configuration? (terraform state pull > FILE, or --state -)',
      command:
        '<%= config.bin %> providers diff fixtures/state/removed-alias/v1 fixtures/state/removed-alias/v2 --state fixtures/state/removed-alias/terraform.tfstate',
    },
  ]

  static override args = {
    old: Args.string({description: "the old revision's root module directory (with --git: DIR, default .)"}),
    new: Args.string({description: "the new revision's root module directory"}),
  }

  static override flags = {
    git: Flags.string({description: 'compare DIR as of this git revision with DIR in the working tree'}),
    engine: Flags.string({
      description: 'engine whose rules to follow (default: opentofu when the root has .tofu files, else terraform)',
      options: ['terraform', 'opentofu'],
    }),
    format: Flags.string({description: 'output format [default: text]', options: ['text', 'json', 'markdown', 'sarif']}),
    json: Flags.boolean({description: 'print the JSON document (the same as --format json)'}),
    'fail-on': Flags.string({
      description: `exit 2 only for these kinds (comma-separated: ${KINDS.join(', ')}); default: rebound, config-changed, provider-changed, removed-with-config`,
    }),
    ...varFlags,
    ...runFlags,
    ...limitFlags,
    state: Flags.string({
      description:
        'the raw state (terraform state pull > FILE, or - for stdin): which changes would leave objects of it without their provider configuration (exit 2), and which move objects to another one',
    }),
    'no-color': Flags.boolean({description: 'disable colours in diagnostics (also NO_COLOR)'}),
  }

  async run(): Promise<void> {
    const {args, flags} = await this.parse(ProvidersDiff)
    if (flags.json && flags.format !== undefined && flags.format !== 'json')
      usageError(this, `--json and --format ${flags.format} conflict: --json is --format json`)
    const format = flags.json ? 'json' : (flags.format ?? 'text')
    const failOn = flags['fail-on']
      ?.split(',')
      .map((k) => k.trim())
      .filter(Boolean)
    const badKind = failOn?.find((k) => !KINDS.includes(k))
    if (badKind !== undefined) usageError(this, `--fail-on takes kinds among ${KINDS.join(', ')} (got "${badKind}")`)
    if (flags.git && args.new) usageError(this, `with --git give one directory, not two (it is compared with its tree at ${flags.git})`)
    if (!flags.git && (!args.old || !args.new)) usageError(this, 'give two directories (OLD_DIR NEW_DIR), or [DIR] --git REV')
    const newDir = flags.git ? (args.old ?? '.') : args.new!
    for (const d of flags.git ? [newDir] : [args.old!, newDir]) {
      const problem = moduleDirProblem(d)
      if (problem) fail(this, problem)
    }
    const [{gitTreeAt, GitTreeError}, analyze, diff, render, diagnosticsText, {fileNamer}, {utf8Text}] = await Promise.all([
      import('../../src/io/git-tree.js'),
      import('../../src/providers/analyze.js'),
      import('../../src/providers/compare/diff.js'),
      import('../../src/render/providers-diff.js'),
      import('../../src/render/diagnostics-text.js'),
      import('../../src/render/paths.js'),
      import('../../src/io/inputs.js'),
    ])
    let tree: ReturnType<typeof gitTreeAt> | undefined
    try {
      if (flags.git) tree = gitTreeAt(newDir, flags.git)
    } catch (e) {
      if (e instanceof GitTreeError) fail(this, `--git ${flags.git}: ${e.message}`)
      throw e
    }
    // --state: read before anything is analysed (a state tfgraph cannot use is one line, exit 1)
    const stateText = flags.state !== undefined ? (await import('../../src/cli/state-input.js')).readStateInput(flags.state) : undefined
    if (stateText && 'problem' in stateText) fail(this, stateText.problem)
    const stateModule = stateText ? await import('../../src/state/index.js') : undefined
    let stateFile: StateFile | undefined
    try {
      stateFile = stateText && stateModule ? stateModule.readState(stateText.text, stateText.name) : undefined
    } catch (e) {
      if (stateModule && e instanceof stateModule.StateError) fail(this, e.message)
      throw e
    }
    const {beginRun} = await import('../../src/cli/run.js')
    const run = beginRun(flags, {quiet: format !== 'text'})
    try {
      const engine = engineFlag(flags.engine)
      const opts = {
        ...(engine ? {engine} : {}),
        vars: flags.var ?? [],
        varFiles: flags['var-file'] ?? [],
        ...limitOptions(flags),
        context: run.context,
      }
      const oldDir = tree ? tree.dir : args.old!
      const oldName = tree ? `${flags.git}:${tree.prefix || '.'}` : args.old!
      const [before, after] = [await analyze.analyzeProviders(oldDir, opts), await analyze.analyzeProviders(newDir, opts)]
      const color = useColor(process.stderr, flags)
      // diagnostics of either revision go to stderr (errors there make the comparison unreliable)
      let stderr = ''
      for (const [a, dir, shown] of [
        [before, oldDir, oldName],
        [after, newDir, newDir],
      ] as const) {
        if (a.diagnostics.length === 0) continue
        const name = tree && a === before ? (f: string) => `${flags.git}:${path.posix.join(tree!.prefix, f)}` : fileNamer(dir)
        const sourceLines = diagnosticsText.sourceLinesFrom(path.resolve(dir), (f) => utf8Text(run.context.files.read(f)))
        stderr +=
          `\n${shown}:\n` +
          diagnosticsText.renderDiagnosticsText(a.diagnostics, {sourceLines, color, fileName: name, verbose: flags.verbose})
      }
      if (before.incomplete || after.incomplete) {
        process.stderr.write(stderr)
        fail(this, `could not read ${before.incomplete ? oldName : newDir} completely: not compared`)
      }
      const d = diff.diffProviders(diff.diffSide(before, oldName), diff.diffSide(after, newDir))
      const sd = stateFile && stateModule && stateText ? await stateDiff(stateFile, before, after, stateText.name) : undefined
      const oldFile = tree ? (f: string) => `${flags.git}:${path.posix.join(tree!.prefix, f)}` : fileNamer(oldDir)
      const names = {oldName, newName: newDir, oldFile, newFile: fileNamer(newDir)}
      let stdout: string
      if (format === 'json')
        stdout = JSON.stringify({...diff.providersDiffDocument(d, oldName, newDir), ...(sd ? {state: sd.json} : {})}, null, 2) + '\n'
      else if (format === 'markdown')
        stdout =
          render.renderProvidersDiffMarkdown(d, names) +
          (sd ? `\n**The state** (${sd.name}):\n\n${sd.lines.map((l) => `- ${l}`).join('\n')}\n` : '')
      else if (format === 'sarif')
        stdout =
          JSON.stringify(
            render.renderProvidersDiffSarif(d, {
              version: this.config.version,
              informationUri: 'https://github.com/tfgraph/tfgraph',
              newDir,
              cwd: process.cwd(),
              newFileExists: (f) => existsSync(path.resolve(newDir, f)),
            }),
            null,
            2,
          ) + '\n'
      else
        stdout = render.renderProvidersDiffText(d, names) + (sd ? `\nstate ${sd.name}:\n${sd.lines.map((l) => `  ${l}`).join('\n')}\n` : '')
      process.stdout.write(stdout)
      if (stderr) process.stderr.write(stderr)
      process.exitCode = diff.failingChanges(d, failOn as Parameters<typeof diff.failingChanges>[1]).length > 0 || sd?.failing ? 2 : 0
    } finally {
      await run.end()
      tree?.dispose()
    }
  }
}

/** `--state`: the state matched to both revisions; the lines that say what the change does to it, its JSON, and whether it fails. */
async function stateDiff(
  state: StateFile,
  before: ProvidersAnalysis,
  after: ProvidersAnalysis,
  name: string,
): Promise<{name: string; lines: string[]; json: object; failing: boolean}> {
  const [{diffState, stateDiffJson}, {renderStateDiffLines}] = await Promise.all([
    import('../../src/state/diff.js'),
    import('../../src/render/state-text.js'),
  ])
  const d = diffState(state, before, after)
  return {name, lines: renderStateDiffLines(d), json: stateDiffJson(d), failing: d.orphaned.length > 0}
}
