// tflint's Terraform ruleset (terraform-linters/tflint-ruleset-terraform) and the tfgraph rules that check
// the same things, as data: read by `.tflint.hcl` (rule blocks, presets) and `# tflint-ignore:` comments,
// without loading the rules. A tflint rule may map to several tfgraph rules (tflint's
// terraform_unused_declarations also reports unused provider aliases, tfgraph's unused-provider-alias).

export interface TflintRule {
  /** The tfgraph rules that check what the tflint rule checks. */
  readonly rules: readonly string[]
  /** In tflint's "recommended" preset, the one the bundled plugin enables by default. */
  readonly recommended: boolean
}

export const TFLINT_RULES: Readonly<Record<string, TflintRule>> = {
  terraform_comment_syntax: {rules: ['comment-syntax'], recommended: false},
  terraform_deprecated_index: {rules: ['deprecated-index'], recommended: true},
  terraform_deprecated_interpolation: {rules: ['deprecated-interpolation'], recommended: true},
  terraform_deprecated_lookup: {rules: ['deprecated-lookup'], recommended: true},
  terraform_documented_outputs: {rules: ['documented-outputs'], recommended: false},
  terraform_documented_variables: {rules: ['documented-variables'], recommended: false},
  terraform_empty_list_equality: {rules: ['empty-list-equality'], recommended: true},
  terraform_json_syntax: {rules: ['json-syntax'], recommended: true},
  terraform_map_duplicate_keys: {rules: ['map-duplicate-keys'], recommended: true},
  terraform_module_pinned_source: {rules: ['module-source-unpinned'], recommended: true},
  terraform_module_shallow_clone: {rules: ['module-shallow-clone'], recommended: false},
  terraform_module_version: {rules: ['module-version-missing'], recommended: true},
  terraform_naming_convention: {rules: ['naming-convention'], recommended: false},
  terraform_required_providers: {rules: ['missing-required-provider', 'provider-version-missing'], recommended: true},
  terraform_required_version: {rules: ['required-version'], recommended: true},
  terraform_standard_module_structure: {rules: ['standard-module-structure'], recommended: false},
  terraform_typed_variables: {rules: ['typed-variables'], recommended: true},
  terraform_unused_declarations: {rules: ['unused-declaration', 'unused-provider-alias'], recommended: true},
  terraform_unused_required_providers: {rules: ['unused-required-provider'], recommended: false},
  terraform_workspace_remote: {rules: ['workspace-remote'], recommended: true},
}

/** The tfgraph rule ids a tflint rule name stands for (none for a name of another ruleset). */
export function tfgraphRulesFor(tflintName: string): readonly string[] {
  return Object.hasOwn(TFLINT_RULES, tflintName) ? TFLINT_RULES[tflintName]!.rules : []
}
