// tfgraph's own lint rules. Contract: every rule is a pure function of one root module's analysis
// (`analyzeProviders`), returns LintDiagnostics tagged with its id, the object's address and the call
// chain, with ranges relative to the root directory; `RULES` is sorted by id and ids are unique.
import {renameFiles, rootRelative} from '../diag/file-names.js'
import type {ProvidersAnalysis} from '../providers/analyze.js'
import {commentSyntax} from './comment-syntax.js'
import {deprecatedIndex} from './deprecated-index.js'
import {deprecatedInterpolation} from './deprecated-interpolation.js'
import {deprecatedLookup} from './deprecated-lookup.js'
import {documentedOutputs} from './documented-outputs.js'
import {documentedVariables} from './documented-variables.js'
import {emptyListEquality} from './empty-list-equality.js'
import {impliedProviderMismatch} from './implied-provider-mismatch.js'
import {jsonSyntax} from './json-syntax.js'
import {legacyModuleProvider} from './legacy-module-provider.js'
import {mapDuplicateKeys} from './map-duplicate-keys.js'
import {missingRequiredProvider} from './missing-required-provider.js'
import {moduleShallowClone} from './module-shallow-clone.js'
import {moduleSourceUnpinned} from './module-source-unpinned.js'
import {moduleVersionMissing} from './module-version-missing.js'
import {namingConvention} from './naming-convention.js'
import {providerConstraintNotMinimum} from './provider-constraint-not-minimum.js'
import {providerVersionMissing} from './provider-version-missing.js'
import {providersMapInherits} from './providers-map-inherits.js'
import {requiredVersion} from './required-version.js'
import {standardModuleStructure} from './standard-module-structure.js'
import {typedVariables} from './typed-variables.js'
import {unresolvedModule} from './unresolved-module.js'
import {unsatisfiableProviderConstraints} from './unsatisfiable-provider-constraints.js'
import {unusedConfigurationAlias} from './unused-configuration-alias.js'
import {unusedDeclaration} from './unused-declaration.js'
import {unusedMockProvider} from './unused-mock-provider.js'
import {unusedProviderAlias} from './unused-provider-alias.js'
import {unusedRequiredProvider} from './unused-required-provider.js'
import {workspaceRemote} from './workspace-remote.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {compareDiagnostics} from '../diag/diagnostic.js'

export type {LintDiagnostic, Rule, RuleContext} from './rule.js'

export const RULES: readonly Rule[] = [
  commentSyntax,
  deprecatedIndex,
  deprecatedInterpolation,
  deprecatedLookup,
  documentedOutputs,
  documentedVariables,
  emptyListEquality,
  impliedProviderMismatch,
  jsonSyntax,
  legacyModuleProvider,
  mapDuplicateKeys,
  missingRequiredProvider,
  moduleShallowClone,
  moduleSourceUnpinned,
  moduleVersionMissing,
  namingConvention,
  providerConstraintNotMinimum,
  providerVersionMissing,
  providersMapInherits,
  requiredVersion,
  standardModuleStructure,
  typedVariables,
  unresolvedModule,
  unsatisfiableProviderConstraints,
  unusedConfigurationAlias,
  unusedDeclaration,
  unusedMockProvider,
  unusedProviderAlias,
  unusedRequiredProvider,
  workspaceRemote,
].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))

const byId = new Map(RULES.map((r) => [r.id, r]))

export function ruleById(id: string): Rule | undefined {
  return byId.get(id)
}

/** Runs rules (default: every rule enabled by default) over one analysis; diagnostics sorted. */
export function runRules(analysis: ProvidersAnalysis, rules: readonly Rule[] = RULES.filter((r) => r.enabledByDefault)): LintDiagnostic[] {
  // the rules read the model, which names files by their absolute paths; findings name them from the root
  const named = rootRelative(analysis.tree.rootDir)
  return rules
    .flatMap((r) => r.check({analysis}).map((d) => renameFiles(d, named)))
    .sort((a, b) => compareDiagnostics(a, b) || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0))
}
