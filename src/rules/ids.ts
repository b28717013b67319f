// The ids of tfgraph's lint rules, without loading the rules: `.tfgraph.json` and --only/--disable are
// checked against them before any analysis (a warm lint never imports the rules). A test keeps this
// list equal to the registry in ./index.ts.
export const RULE_IDS = [
  'deprecated-index',
  'deprecated-interpolation',
  'deprecated-lookup',
  'documented-outputs',
  'documented-variables',
  'empty-list-equality',
  'implied-provider-mismatch',
  'legacy-module-provider',
  'map-duplicate-keys',
  'missing-required-provider',
  'module-source-unpinned',
  'module-version-missing',
  'provider-constraint-not-minimum',
  'provider-version-missing',
  'providers-map-inherits',
  'required-version',
  'typed-variables',
  'unresolved-module',
  'unsatisfiable-provider-constraints',
  'unused-configuration-alias',
  'unused-declaration',
  'unused-provider-alias',
  'unused-required-provider',
  'workspace-remote',
] as const
