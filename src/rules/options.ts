// The options a rule accepts in `.tfgraph.json` (`"rules": {"<id>": {"severity": …, "<option>": …}}`),
// as data: `.tfgraph.json` is checked against them before any analysis, without loading the rules.
// Each rule reads its options with `ruleOption` (the default when the file does not set one).

export type OptionSchema =
  | {readonly kind: 'boolean'; readonly default: boolean; readonly description: string}
  | {readonly kind: 'enum'; readonly values: readonly string[]; readonly default: string; readonly description: string}
  | {readonly kind: 'strings'; readonly default: readonly string[]; readonly description: string}

/** Rule id → option name → schema. Rules not listed take no options. */
export const RULE_OPTIONS: Readonly<Record<string, Readonly<Record<string, OptionSchema>>>> = {
  'module-version-missing': {
    require_major_bound: {
      kind: 'boolean',
      default: false,
      description: 'Also report a version constraint that allows every later major version (">= 1.0" with no upper bound).',
    },
  },
  'module-source-unpinned': {
    style: {
      kind: 'enum',
      values: ['flexible', 'semver', 'sha'],
      default: 'flexible',
      description:
        '"flexible": every ref but a default branch; "semver": a semantic-version tag (v1.2.3); "sha": a full 40-character commit id.',
    },
    default_branches: {
      kind: 'strings',
      default: ['main', 'master', 'develop', 'trunk', 'default'],
      description: 'Branch names a ref must not be (style "flexible").',
    },
  },
  'provider-version-missing': {
    root: {
      kind: 'enum',
      values: ['unlocked', 'always', 'never'],
      default: 'unlocked',
      description:
        'In a root module: report an entry only when the dependency lock file does not select a version of it ("unlocked"), always, or never.',
    },
  },
}

export type RuleOptionValue = boolean | string | readonly string[]

/** The value of one option of a rule: the configured one, else the schema's default. */
export function ruleOption<T extends RuleOptionValue>(
  ruleId: string,
  options: Readonly<Record<string, RuleOptionValue>> | undefined,
  name: string,
): T {
  const given = options?.[name]
  if (given !== undefined) return given as T
  const schema = RULE_OPTIONS[ruleId]?.[name]
  if (!schema) throw new Error(`tfgraph: rule ${ruleId} has no option ${name}`)
  return schema.default as T
}

/** Why `value` is not a valid value of the option, or undefined when it is. */
export function optionProblem(schema: OptionSchema, value: unknown): string | undefined {
  switch (schema.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false'
    case 'enum':
      return typeof value === 'string' && schema.values.includes(value)
        ? undefined
        : `must be one of ${schema.values.map((v) => `"${v}"`).join(', ')}`
    case 'strings':
      return Array.isArray(value) && value.every((v) => typeof v === 'string' && v !== '')
        ? undefined
        : 'must be a list of non-empty strings'
  }
}
