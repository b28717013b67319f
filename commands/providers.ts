import {Args, Command, Flags} from '@oclif/core'
import {fail} from '../src/cli/fail.js'
import {moduleDirProblem} from '../src/cli/module-dir.js'
import * as path from 'node:path'
import {createHash} from 'node:crypto'
import {readFileSync} from 'node:fs'
import {engineFlag, runFlags} from '../src/cli/run-flags.js'
import {limitFlags, limitOptions} from '../src/cli/limit-flags.js'
import {useColor} from '../src/cli/color.js'

export default class Providers extends Command {
  static override summary = 'Show which provider configuration every resource uses, and why.'

  static override description = `Crawls the module tree from DIR (local module sources, and registry or git sources through .terraform/modules/modules.json after "terraform init"; TF_DATA_DIR is honoured), resolves every resource's provider configuration exactly as Terraform does — required_providers, implied hashicorp/<name>, inheritance of default configurations, "providers" maps, configuration_aliases, legacy provider blocks — and prints, per module, each configuration with how it got there and the resources that use it. Nothing is initialised, downloaded or executed.

Diagnostics go to stderr and name files from the current directory. Module calls not installed yet (no "terraform init") are one line there; --verbose lists each, and --json always does.

Exit codes: 0 = no errors, 1 = a directory or file could not be read or parsed, 2 = the configuration has errors.`

  static override examples = [
    {description: 'Provider configurations per module', command: '<%= config.bin %> <%= command.id %> fixtures/providers/demo'},
    {description: 'Why does this resource use that configuration?', command: '<%= config.bin %> <%= command.id %> fixtures/providers/demo --resource module.network.module.subnet.aws_subnet.private'},
    {description: 'Only one subtree, only one provider', command: '<%= config.bin %> <%= command.id %> . --module module.network --provider hashicorp/aws'},
    {description: 'Terraform\'s "Providers required by configuration" tree, sorted, canonical constraints', command: '<%= config.bin %> <%= command.id %> . --requirements'},
    {description: 'The JSON contract (format_version "1")', command: '<%= config.bin %> <%= command.id %> . --json'},
    {description: 'Where does each change of a saved plan land? (terraform show -json PLANFILE > plan.json)', command: '<%= config.bin %> <%= command.id %> . --plan plan.json'},
  ]

  static override args = {
    dir: Args.string({description: 'root module directory', default: '.'}),
  }

  static override flags = {
    engine: Flags.string({description: 'engine whose rules to follow (default: opentofu when the root has .tofu files, else terraform)', options: ['terraform', 'opentofu']}),
    json: Flags.boolean({description: 'print the JSON document instead of text'}),
    requirements: Flags.boolean({description: 'print the provider requirements tree (as `terraform providers` does)'}),
    resource: Flags.string({description: 'show the full resolution of this resource (configuration address; a trailing * matches a prefix)'}),
    module: Flags.string({description: 'show only this module and the modules it calls (e.g. module.network)'}),
    provider: Flags.string({description: 'show only resources of this provider (registry.terraform.io/hashicorp/aws, hashicorp/aws or aws)'}),
    plan: Flags.string({description: 'join the changes of a saved plan (terraform show -json PLANFILE, format 1.x) to the binding: where each planned change lands'}),
    var: Flags.string({description: 'set a root input variable (NAME=VALUE), for module sources that use variables', multiple: true}),
    'var-file': Flags.string({description: 'read root input variables from a .tfvars file', multiple: true}),
    ...runFlags,
    ...limitFlags,
    'no-color': Flags.boolean({description: 'disable colours in diagnostics (also NO_COLOR)'}),
  }

  async run(): Promise<void> {
    const {args, flags} = await this.parse(Providers)
    const dirProblem = moduleDirProblem(args.dir)
    if (dirProblem) fail(this, dirProblem)
    // the results cache and the run set-up only: a warm run prints its stored output without loading the library
    const {beginRun} = await import('../src/cli/run.js')
    const run = beginRun(flags, {quiet: flags.json})
    const engine = engineFlag(flags.engine)
    const color = useColor(process.stderr, flags)
    let planText: string | undefined
    if (flags.plan) {
      try {
        planText = readFileSync(flags.plan, 'utf8')
      } catch (e) {
        fail(this, `could not read the plan ${flags.plan}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`)
      }
    }
    const key = {...(planText !== undefined ? {plan: createHash('sha256').update(planText).digest('hex')} : {}), dir: path.resolve(args.dir), given: args.dir, engine: engine ?? null, json: flags.json, verbose: flags.verbose, requirements: flags.requirements, resource: flags.resource ?? null, module: flags.module ?? null, provider: flags.provider ?? null, vars: flags.var ?? [], varFiles: flags['var-file'] ?? [], limits: limitOptions(flags), color}
    const out = await run.context.results.output('providers', key, async () => {
      // only the modules this command uses (not the whole library: graph export, lock files, lint rules)
      const [analyze, requirements, providersText, diagnosticsText, diagnostic, {utf8Text}, {fileNamer}] = await Promise.all([
        import('../src/providers/analyze.js'),
        import('../src/render/requirements-tree.js'),
        import('../src/render/providers-text.js'),
        import('../src/render/diagnostics-text.js'),
        import('../src/diag/diagnostic.js'),
        import('../src/io/inputs.js'),
        import('../src/render/paths.js'),
      ])
      // files are named from the current directory (part of the results cache's key), so that file:line opens as printed
      const fileName = fileNamer(args.dir)
      const lib = {...analyze, ...requirements, ...providersText, ...diagnosticsText, ...diagnostic}
      const analysed = await lib.analyzeProviders(args.dir, {...(engine ? {engine} : {}), vars: flags.var ?? [], varFiles: flags['var-file'] ?? [], ...limitOptions(flags), context: run.context})
      // --plan: the saved plan's changes joined to the binding (a plan tfgraph cannot use is one line, exit 1)
      let a = analysed
      let planned: {json: object[]; text: string} | undefined
      if (planText !== undefined && flags.plan) {
        const [plan, planRender] = await Promise.all([import('../src/providers/plan.js'), import('../src/render/plan-text.js')])
        try {
          const doc = lib.providersDocument(analysed, args.dir)
          const j = plan.joinPlan(plan.parsePlan(planText, flags.plan), analysed, doc, flags.plan)
          a = {...analysed, diagnostics: lib.sortDiagnostics([...analysed.diagnostics, ...j.diagnostics])}
          planned = {json: plan.plannedChangesJson(j), text: planRender.renderPlanText(j, flags.plan)}
        } catch (e) {
          if (e instanceof plan.PlanError) return {stdout: '', stderr: `Error: ${e.message}\n`, exitCode: 1}
          throw e
        }
      }
      let stdout = ''
      let stderr = ''
      const filters = {...(flags.resource ? {resource: flags.resource} : {}), ...(flags.module ? {module: flags.module} : {}), ...(flags.provider ? {provider: flags.provider} : {})}
      const filterProblem = (a.tree.root.module?.files.length ?? 0) > 0 ? lib.providersFilterProblem(a, filters) : undefined
      if (filterProblem) return {stdout, stderr: `Error: ${filterProblem}\n`, exitCode: 1}
      if (flags.json) {
        stdout = JSON.stringify({...lib.providersDocument(a, args.dir), ...(planned ? {planned_changes: planned.json} : {})}, null, 2) + '\n'
      } else {
        // nothing to show when the root directory itself could not be loaded: just the diagnostics
        const rootLoaded = (a.tree.root.module?.files.length ?? 0) > 0
        if (rootLoaded) {
          stdout = flags.requirements
            ? lib.requirementsTree(a.tree)
            : lib.renderProvidersText(a, {
                ...(flags.resource ? {resource: flags.resource} : {}),
                ...(flags.module ? {module: flags.module} : {}),
                ...(flags.provider ? {provider: flags.provider} : {}),
                fileName,
              })
          if (planned) stdout += '\n' + planned.text
        }
        if (a.diagnostics.length > 0) {
          const sourceLines = lib.sourceLinesFrom(path.resolve(args.dir), (f) => utf8Text(run.context.files.read(f)))
          stderr = '\n' + lib.renderDiagnosticsText(a.diagnostics, {sourceLines, color, fileName, verbose: flags.verbose})
        }
      }
      return {stdout, stderr, exitCode: a.incomplete ? 1 : lib.hasErrors(a.diagnostics) ? 2 : 0}
    })
    await run.end()
    process.stdout.write(out.value.stdout)
    if (out.value.stderr) process.stderr.write(out.value.stderr)
    process.exitCode = out.value.exitCode
  }
}
