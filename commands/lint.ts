import {Args, Command, Flags} from '@oclif/core'
import {errorLines, usageError} from '../src/cli/fail.js'
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {engineFlag, runFlags, varFlags} from '../src/cli/run-flags.js'
import {limitFlags, limitOptions} from '../src/cli/limit-flags.js'
import {startCommand} from '../src/cli/command-run.js'
import type {LintDiagnostic} from '../src/rules/rule.js'

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
    const format = flags.json ? 'json' : ((['json', 'sarif', 'compact'] as const).find((f) => f === flags.format) ?? 'text')
    // what a run answered by the results cache needs, and no more: the analysis (loader, resolver,
    // rules) is imported by lintCached only for a root it must analyse again
    const cmd = await startCommand(this, flags, {
      quiet: format !== 'text',
      load: () => Promise.all([import('../src/lint/cached.js'), import('../src/lint/config.js')]),
    })
    const [cached, config] = cmd.lib
    const rules = async () => (await import('../src/rules/index.js')).RULES
    if (flags['list-rules']) {
      const rows: {id: string; severity: string; description: string}[] = [
        {
          id: config.TERRAFORM_RULE,
          severity: 'error',
          description: "Terraform's and OpenTofu's own module and provider diagnostics (their severities)",
        },
        ...(await rules()).map((r) => ({...r, description: r.enabledByDefault ? r.description : `(off by default) ${r.description}`})),
      ]
      process.stdout.write(rows.map((r) => `${r.id.padEnd(36)} ${r.severity.padEnd(8)} ${r.description}\n`).join(''))
      return
    }
    const split = (xs: string[] | undefined): string[] =>
      (xs ?? [])
        .flatMap((x) => x.split(','))
        .map((x) => x.trim())
        .filter(Boolean)
    const [only, disable] = [split(flags.only), split(flags.disable)]
    const unknown = await (await import('../src/cli/rule-ids.js')).unknownRuleProblem([...only, ...disable])
    if (unknown) cmd.fail(unknown)
    cmd.checkDir(args.dir, {
      recursive: flags.recursive,
      tests: !flags['no-tests'],
      ...(flags['test-directory'] !== undefined ? {testDirectory: flags['test-directory']} : {}),
    })
    const engine = engineFlag(flags.engine)
    const limits = limitOptions(flags)
    const {roots, unreadable, skipped} = flags.recursive
      ? await cached.findRoots(cmd.context, args.dir, engine)
      : {roots: [args.dir], unreadable: [], skipped: []}
    if (roots.length === 0 && unreadable.length === 0) this.error(`no root modules found under ${args.dir}`, {exit: 1})
    // a broken --config FILE is a usage error (nothing is linted, exit 1); a root's own broken .tfgraph.json
    // is that root's finding (exit 2), and the other roots are linted
    const configs = roots.map((root) => ({root, cfg: config.readLintConfig(root, flags.config)}))
    const explicitErrors = flags.config === undefined ? [] : (configs[0]?.cfg.diagnostics ?? [])
    if (explicitErrors.length > 0) return cmd.finish({stdout: '', stderr: errorLines(explicitErrors), exitCode: 1})
    // several roots at once, so the worker pool has files to parse in parallel; results keep the roots' order
    const options = {
      ...(engine ? {engine} : {}),
      only,
      disable,
      vars: flags.var ?? [],
      varFiles: flags['var-file'] ?? [],
      limits,
      tests: flags['no-tests'] ? false : flags['test-directory'] !== undefined ? {directory: flags['test-directory']} : true,
    }
    // --fix: every root's fixes over passes, in memory, then written (or shown as a diff)
    const fixing = flags.fix
      ? await (
          await import('../src/cli/lint-fix.js')
        ).lintFix(
          configs
            .filter((c) => c.cfg.diagnostics.length === 0)
            .map(({root, cfg}) => ({dir: root, options: {...options, config: cfg.config}})),
          {dir: args.dir, diff: flags.diff, cwd: process.cwd(), verbose: flags.verbose},
        )
      : undefined
    if (fixing?.interrupted) return cmd.finish({stdout: '', stderr: fixing.stderr, exitCode: 130})
    if (fixing?.diff !== undefined) {
      const count = (severity: string) =>
        fixing.results.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === severity).length, 0)
      await cmd.end()
      return cmd.finish({
        stdout: fixing.diff,
        stderr: skippedLines(skipped) + fixing.stderr,
        exitCode: fixing.results.some((r) => r.unread) ? 1 : count('error') > 0 ? 2 : 0,
      })
    }
    // --state: one root, linted with its analysis, then matched to the state (nothing of it cached)
    const stateInput = flags.state !== undefined ? (await import('../src/cli/state-input.js')).readStateInput(flags.state) : undefined
    if (stateInput && 'problem' in stateInput) return cmd.fail(stateInput.problem)
    const fixed = [...(fixing?.results ?? [])].reverse()
    const [{mapLimit}, {RemainingRoots}] = await Promise.all([import('../src/lint/map-limit.js'), import('../src/lint/release.js')])
    const remaining = new RemainingRoots(roots)
    const perRoot = await mapLimit(configs, fixing ? 1 : 4, async ({root, cfg}) => {
      const r =
        cfg.diagnostics.length > 0
          ? {diagnostics: config.configFindings(root, cfg.diagnostics), notes: [], unread: false}
          : fixing
            ? fixed.pop()!
            : stateInput
              ? await (
                  await import('../src/cli/lint-state.js')
                ).lintWithState(cmd.context, root, {...options, config: cfg.config}, stateInput)
              : await cached.lintCached(cmd.context, root, {...options, config: cfg.config})
      if ('error' in r) return {root, cfg, r: {diagnostics: [], notes: [], unread: true}, error: r.error}
      // what no root still to come can use goes: one run over many roots holds only what it still needs
      remaining.done(root)
      if (flags.recursive && !('cached' in r && r.cached))
        cmd.context.loads.release((dir, reachedAs) => reachedAs.some((p) => remaining.useful(dir, p)))
      // only what is printed is kept until the end (not the list of modules each root covered)
      return {root, cfg, r: {diagnostics: r.diagnostics, notes: r.notes, unread: r.unread}}
    })
    const stateError = perRoot.find((p) => 'error' in p)
    if (stateError && 'error' in stateError) return cmd.fail(stateError.error ?? '')
    // a directory the search could not list is reported as a root that could not be read (root modules may hide there)
    const unlisted = unreadable.map(({dir, why}) => ({
      root: dir,
      cfg: {notes: [], config: config.EMPTY_CONFIG},
      r: unlistedResult(dir, why),
    }))
    const results = [...perRoot, ...unlisted]
      .sort((a, b) => (a.root < b.root ? -1 : a.root > b.root ? 1 : 0))
      .map(({root, cfg, r}) => ({
        root: flags.recursive ? path.relative(process.cwd(), root) || '.' : root,
        dir: root,
        diagnostics: r.diagnostics,
        notes: [...cfg.notes, ...r.notes],
        unread: r.unread,
        maxWarnings: cfg.config.maxWarnings,
      }))
    await cmd.end()
    const [render, {sourceLinesFrom}] = await Promise.all([cmd.renderer('lint', format), import('../src/render/diagnostics-text.js')])
    // text, compact and SARIF name files from the current directory (JSON: relative to each root, as terraform validate -json)
    const readers = new Map(
      format === 'text' ? results.map((r) => [r.root, sourceLinesFrom(path.resolve(r.dir), (f) => readFileSync(f, 'utf8'))]) : [],
    )
    const stdout = await render(results, {
      recursive: flags.recursive,
      dir: args.dir,
      color: format === 'text' && cmd.color(process.stdout),
      verbose: flags.verbose,
      cwd: process.cwd(),
      sourceLines: (f, root) => readers.get(root)?.(f),
      version: this.config.version,
      rules: async () => [
        ...(await rules()),
        config.CONFIG_RULE_INFO,
        ...(stateInput ? [(await import('../src/cli/lint-state.js')).STATE_RULE_INFO] : []),
      ],
    })
    const count = (severity: string) => results.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === severity).length, 0)
    const maxWarnings = flags['max-warnings'] ?? results[0]?.maxWarnings
    // 1 only when tfgraph could not do its job: a root it could not read; findings, syntax errors included, are 2
    const unread = results.filter((r) => r.unread).map((r) => r.root)
    const unreadLine =
      unread.length > 0
        ? `Error: ${unread.length === results.length && results.length === 1 ? 'the configuration' : `${unread.length} of ${results.length} root modules (${unread.join(', ')})`} could not be read completely: the findings above are incomplete\n`
        : ''
    // with --fix, what was fixed comes before the report of what is left
    const stderr = (fixing?.stderr ?? '') + skippedLines(skipped) + unreadLine
    await cmd.finish({
      stdout,
      ...(stderr ? {stderr} : {}),
      ...(fixing ? {stderrFirst: true} : {}),
      exitCode: unread.length > 0 ? 1 : count('error') > 0 || (maxWarnings !== undefined && count('warning') > maxWarnings) ? 2 : 0,
    })
  }
}

/** What `lint --recursive` says, on stderr, of the symbolic links it did not follow: one line each. */
function skippedLines(skipped: readonly {dir: string; why: string}[]): string {
  return skipped.map(({dir, why}) => `Note: not searched: ${path.relative(process.cwd(), dir) || '.'} is ${why}\n`).join('')
}

/** What `lint --recursive` says of a directory it could not list: an error, and the run could not do its job. */
function unlistedResult(dir: string, why: string): {diagnostics: LintDiagnostic[]; notes: string[]; unread: true} {
  const shown = path.relative(process.cwd(), dir) || '.'
  const detail = `Directory ${shown} could not be read (${why}): root modules under it, if any, were not linted.`
  return {
    diagnostics: [{code: 'load.dir-unreadable', severity: 'error', summary: 'Failed to read module directory', detail, rule: 'terraform'}],
    notes: [],
    unread: true,
  }
}
