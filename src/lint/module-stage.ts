// Lint's module stage for one module directory, without a root: Terraform's diagnostics of reading the
// directory (parsing and merging its files, decoding its records: `Module.decodeDiagnostics`) and the findings of every rule with a module stage
// (`Rule.checkModule`), which depend on the directory's files alone. They come from the run's shared load
// of the directory and the run's memo, the same that serve every root reaching it, so what an editor
// publishes for a module's files before any root is analysed is computed once, and reused by the roots.
import {ModulePath} from '../addrs/module.js'
import * as path from 'node:path'
import {utf8Text} from '../io/inputs.js'
import {OverlaySource} from '../io/overlay-source.js'
import {compareDiagnostics} from '../diag/diagnostic.js'
import {rootRelative} from '../diag/file-names.js'
import type {EngineName} from '../load/engine.js'
import type {Module} from '../load/model.js'
import type {RunContext} from '../load/run-context.js'
import {RULES} from '../rules/index.js'
import {atCalls, moduleFindings, type ModuleRule} from '../rules/module-stage.js'
import {authoredModules} from '../rules/module-expressions.js'
import type {ProvidersAnalysis} from '../providers/analyze.js'
import type {LintDiagnostic, ModuleCallView, Rule} from '../rules/rule.js'
import {report, type Finding} from '../rules/support.js'
import {EMPTY_CONFIG, TERRAFORM_RULE} from './config.js'
import {applyIgnores, type IgnoreLines} from './ignore.js'
import {enabled, namedFinding, published, severityFor, type RuleSelection} from './rule-findings.js'

export interface ModuleStageOptions extends RuleSelection {
  /** The engine to read the directory as (default: OpenTofu when it holds `.tofu` files, else Terraform). */
  readonly engine?: EngineName
  /** Compute the fixes of the findings (the editor's quick fixes). */
  readonly fixes?: boolean
  /** The text of a file (absolute path); default: read once per run through the run's files (see `LintOptions.sourceText`). */
  readonly sourceText?: (file: string) => string | undefined
  /**
   * How the findings name the module (their `address` and the module in their detail); default: the
   * directory as its own root (`''`, "the root module"), as `lint DIR` reports its own files.
   */
  readonly call?: ModuleCallView
}

export interface ModuleStageResult {
  /** The directory as given. */
  readonly dir: string
  readonly module: Module
  /**
   * Terraform's diagnostics of reading the directory (rule `terraform`) and the module stage's findings,
   * sorted, with ignore comments applied: files named relative to the directory (`path.resolve(dir,
   * range.filename)` is the file), as `lint DIR` names them.
   */
  readonly diagnostics: readonly LintDiagnostic[]
  readonly suppressed: number
}

/**
 * The text of a file (absolute, or relative to `root`) for the rules that read it and for the ignore
 * comments: `given`'s when there is one, else read once in the run (a module's files are shared by the
 * roots that call it). An editor's buffers change between runs: texts read before a change are not used after it.
 */
export function runSourceText(
  ctx: RunContext,
  root: string,
  given?: (file: string) => string | undefined,
): (f: string) => string | undefined {
  const version = ctx.files instanceof OverlaySource ? ctx.files.version : 0
  const read = ctx.memo.get(ctx.files, 'file-texts', () => ({version, texts: new Map<string, string | undefined>()}))
  if (read.version !== version) {
    read.version = version
    read.texts.clear()
  }
  const texts = read.texts
  return (f) => {
    const abs = path.resolve(root, f)
    if (given) return given(abs)
    if (!texts.has(abs)) {
      try {
        texts.set(abs, utf8Text(ctx.files.read(abs)))
      } catch {
        texts.set(abs, undefined)
      }
    }
    return texts.get(abs)
  }
}

function hasModuleStage(r: Rule): r is Rule & ModuleRule {
  return r.scope === 'module' && r.checkModule !== undefined
}

/**
 * The module stage of one module directory in a run: what lint reports about the directory's files that no
 * root or call can change. A root's lint reports the same module findings at each of its calls of the
 * directory (with the call's address and callers); Terraform's diagnostics of a module reached from a root
 * are also the root's. Rules that read what a root's tree holds (a call's evaluated source, the root's
 * backend) have no module stage.
 */
export async function lintModuleStage(ctx: RunContext, dir: string, opts: ModuleStageOptions = {}): Promise<ModuleStageResult> {
  const abs = path.resolve(dir)
  const loaded = await ctx.loads.load(abs, opts.engine ? {engine: opts.engine} : {})
  const module = loaded.module
  // an editor's run lets requests in after the load and between rules, and abandons a stage whose inputs changed
  const checkpoint = ctx.checkpoint
  await checkpoint?.(true)
  const sourceText = runSourceText(ctx, abs, opts.sourceText)
  const named = rootRelative(abs)
  const call: ModuleCallView = opts.call ?? {address: ModulePath.root, displayDir: '.'}
  const all: LintDiagnostic[] = []
  // reading the files (parsing, merging) and decoding the records: what Terraform reports while it loads the module
  if (enabled(TERRAFORM_RULE, true, opts))
    for (const d of [...loaded.diagnostics, ...module.decodeDiagnostics])
      all.push(namedFinding({...d, rule: TERRAFORM_RULE, ...(call.address.isRoot ? {} : {address: call.address.key}), callers: []}, named))
  // a file that did not parse: what it holds is not known (as brokenModules() reads a root's tree)
  const broken = loaded.diagnostics.some((d) => d.severity === 'error' && d.code.startsWith('hcl.'))
  const config = opts.config ?? EMPTY_CONFIG
  for (const rule of RULES) {
    if (!hasModuleStage(rule) || !enabled(rule.id, rule.enabledByDefault, opts)) continue
    await checkpoint?.(true)
    const options = config.options?.get(rule.id)
    const found = moduleFindings(rule, {
      module,
      engine: loaded.engine,
      broken,
      sourceText,
      memo: ctx.memo,
      ...(options ? {options} : {}),
      ...(opts.fixes ? {fixes: true} : {}),
    })
    const findings: Finding[] = found.map((f) => ({
      summary: f.summary,
      detail: f.detail(call),
      range: f.range,
      key: f.key,
      ...(f.fixes ? {fixes: f.fixes} : {}),
      address: call.address.key,
      module: undefined,
    }))
    const sev = severityFor(rule.id, rule.severity, opts)
    for (const d of report(rule, findings)) all.push(namedFinding(sev === rule.severity ? d : {...d, severity: sev}, named))
  }
  all.sort((a, b) => compareDiagnostics(a, b) || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0))
  const {kept, suppressed} = applyIgnores(sourceText, all)
  return {dir, module, diagnostics: kept.map(published), suppressed}
}

/**
 * The findings of the rules with a module stage about one module directory as a root's lint reports them
 * (#48 item 3), for a load of the directory (`module`) other than the one the root's analysis holds: at every
 * call of the directory in the root's tree (the authored modules' calls, as `moduleStageFindings` reads them),
 * named from the root, at the root's severities, with ignore comments applied. None when the root's
 * tree does not reach the directory as a module its authors wrote (it then has no such findings of it).
 */
export function moduleStageAtCalls(
  ctx: RunContext,
  root: string,
  analysis: ProvidersAnalysis,
  dir: string,
  module: Module,
  opts: ModuleStageOptions & {
    /**
     * The files' lines the ignore comments were read from, shared by the calls for several roots while the
     * texts `sourceText` gives stay the same (each file split once, not once per root).
     */
    readonly ignoreLines?: IgnoreLines
  },
): LintDiagnostic[] {
  const abs = path.resolve(root)
  const tree = analysis.tree
  const am = ctx.memo.get(tree, 'authored-modules', () => authoredModules(tree)).find((a) => a.module.dir === dir)
  if (!am) return []
  const sourceText = runSourceText(ctx, abs, opts.sourceText)
  const config = opts.config ?? EMPTY_CONFIG
  const all: LintDiagnostic[] = []
  for (const rule of RULES) {
    if (!hasModuleStage(rule) || !enabled(rule.id, rule.enabledByDefault, opts)) continue
    const options = config.options?.get(rule.id)
    const found = moduleFindings(rule, {
      module,
      engine: analysis.tree.engine,
      broken: false,
      sourceText,
      memo: ctx.memo,
      ...(options ? {options} : {}),
    })
    // most rules find nothing in the directory
    if (found.length === 0) continue
    const sev = severityFor(rule.id, rule.severity, opts)
    for (const d of report(
      rule,
      found.flatMap((f) => atCalls(am.nodes, f)),
    ))
      all.push(sev === rule.severity ? d : {...d, severity: sev})
  }
  if (all.length === 0) return all
  // the ignore comments read before the files are named from the root (the model's names are absolute: the
  // same files for every root), then the findings kept named as lint names them
  const named = ctx.memo.get(ctx, `root-relative ${abs}`, () => rootRelative(abs))
  return applyIgnores(sourceText, all, opts.ignoreLines).kept.map((d) => namedFinding(published(d), named))
}
