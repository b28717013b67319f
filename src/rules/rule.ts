// The lint rule type. A rule is data (id, severity, description, docs) plus a pure check over the
// analysis of one root module; it returns diagnostics tagged with its id.
import type {ModulePath} from '../addrs/module.js'
import type {Diagnostic, DiagnosticCode, Severity, SourceRange} from '../diag/diagnostic.js'
import type {ProvidersAnalysis} from '../providers/analyze.js'
import type {EngineName} from '../load/engine.js'
import type {Module} from '../load/model.js'
import type {RunMemo} from '../load/run-memo.js'
import type {RuleOptionValue} from './options.js'
import type {Fix} from './fix/fix.js'

export type {Fix, TextEdit} from './fix/fix.js'

/** A diagnostic found by lint: Terraform's shape plus the rule, the object and the call chain. */
export interface LintDiagnostic extends Diagnostic {
  /** Rule id (`terraform` for Terraform's/OpenTofu's own checks). */
  readonly rule: string
  /** Configuration address of the object concerned (module, resource, provider configuration), if any. */
  readonly address?: string
  /** Module calls that reach the module concerned, outermost first (e.g. [`module.a`, `module.a.module.b`]). */
  readonly callers?: readonly string[]
  /**
   * The code of Terraform's (or tfgraph's) diagnostic this finding restates with more context, at the
   * same place: that diagnostic is then not reported again under rule `terraform`. Not in any output.
   */
  readonly restates?: DiagnosticCode
  /** Where the restated diagnostic is, when not at this finding's range. Not in any output. */
  readonly restatesAt?: SourceRange
  /**
   * Another place where a `tfgraph-ignore` comment silences this finding: the header of the module
   * call it is about, so that one comment above a call covers everything about it. Not in any output.
   */
  readonly ignoreAt?: SourceRange
  /** Ways to fix it (only when the run asked for fixes: `RuleContext.fixes`); the preferred one is what `--fix` applies. */
  readonly fixes?: readonly Fix[]
}

export interface RuleContext {
  readonly analysis: ProvidersAnalysis
  /** This rule's options from `.tfgraph.json` (src/rules/options.ts); absent ones take their defaults. */
  readonly options?: Readonly<Record<string, RuleOptionValue>>
  /** The root directory's dependency lock file: provider (`host/namespace/type`) → selected version; undefined when there is none. */
  readonly lockedProviders?: ReadonlyMap<string, string>
  /** `.terraform/modules/modules.json`: module key (call names joined with `.`) → installed version, for records that have one. */
  readonly installedVersions?: ReadonlyMap<string, string>
  /**
   * The text of a configuration file (its absolute path as the model's ranges name it, or a name relative
   * to the root directory), for rules about what the model does not keep (comments, how a JSON file is
   * written); undefined when it cannot be read.
   */
  readonly sourceText?: (filename: string) => string | undefined
  /** The run's memo: what is derived from a module (its expressions read once) is shared by every root of the run. */
  readonly memo?: RunMemo
  /** Compute the fixes of the findings (`lint --fix`, the editor): they read the files' text (`sourceText`). */
  readonly fixes?: boolean
}

/** What a `module` rule's module stage reads: one module directory's files, and nothing of any root or call. */
export interface ModuleRuleContext {
  readonly module: Module
  /** The engine the module is read as (its rules and its product's name). */
  readonly engine: EngineName
  /** A file of the module did not parse: what it holds is not known (rules that report an absence skip the module). */
  readonly broken: boolean
  readonly options?: Readonly<Record<string, RuleOptionValue>>
  /** The text of a configuration file by its absolute path (see `RuleContext.sourceText`). */
  readonly sourceText?: (filename: string) => string | undefined
  readonly memo?: RunMemo
  readonly fixes?: boolean
}

/** How a root reaches a module: the call's address (the root module's: `ModulePath.root`) and the module's directory as the root shows it. */
export interface ModuleCallView {
  readonly address: ModulePath
  readonly displayDir?: string | undefined
}

/**
 * A finding of a rule's module stage: about one place of a module directory's files, the same for every root
 * and call that reaches the directory. Its ranges name files by their absolute paths (as the model does); each
 * call it is reported at gives its detail (which names the module by the call's address).
 */
export interface ModuleFinding {
  readonly summary: string
  readonly detail: (call: ModuleCallView) => string
  readonly range: SourceRange
  /** Findings with the same summary, range and key are one problem (see `Finding.key` in support.ts). */
  readonly key: string
  readonly fixes?: readonly Fix[]
}

export interface Rule {
  readonly id: string
  readonly severity: Severity
  readonly enabledByDefault: boolean
  /**
   * What a finding depends on: `module`, the files of one module alone (its facts are derived once per module
   * directory in a run, and an edit elsewhere cannot change them); `tree`, what reaches the module from its
   * callers or its callees (the resolution, the requirements of the tree, the lock file, installed versions).
   */
  readonly scope: 'module' | 'tree'
  /** One sentence, shown by `tfgraph lint --list-rules` and in SARIF. */
  readonly description: string
  /** Path of the docs page, relative to the repository root. */
  readonly docs: string
  check(ctx: RuleContext): LintDiagnostic[]
  /**
   * The module stage of a `module` rule: its findings about one module directory alone. Lint computes them
   * once per directory in a run (src/rules/module-stage.ts, kept in the run's memo by the module) and `check`
   * reports them at every call of the directory in a root; the editor can publish them before any root is
   * analysed (src/lint/module-stage.ts).
   */
  checkModule?(ctx: ModuleRuleContext): ModuleFinding[]
}
