// The options a rule accepts in `.tfgraph.json` (`"rules": {"<id>": {"severity": …, "<option>": …}}`),
// as data: `.tfgraph.json` is checked against them before any analysis, without loading the rules.
// Each rule reads its options with `ruleOption` (the default when the file does not set one).

export type OptionSchema =
  | {readonly kind: 'boolean'; readonly default: boolean; readonly description: string}
  | {readonly kind: 'enum'; readonly values: readonly string[]; readonly default: string; readonly description: string}
  | {readonly kind: 'strings'; readonly default: readonly string[]; readonly description: string}
  /** A string; `regexp`: it must compile as a regular expression (Go's `(?P<name>…)` groups accepted). */
  | {readonly kind: 'string'; readonly default: string; readonly regexp?: true; readonly description: string}
  /** An object with these keys, each optional. */
  | {
      readonly kind: 'object'
      readonly fields: Readonly<Record<string, OptionSchema>>
      readonly default: RuleOptionObject
      readonly description: string
    }
  /** An object whose keys are names of the user's choosing, each value of one schema. */
  | {readonly kind: 'map'; readonly value: OptionSchema; readonly default: RuleOptionObject; readonly description: string}

/** Go's regular expression syntax as JavaScript's: named groups `(?P<name>…)` become `(?<name>…)`. */
export function goRegExp(source: string): RegExp {
  return new RegExp(source.replace(/\(\?P</g, '(?<'))
}

/** The naming formats of rule naming-convention (tflint's predefined ones). */
export const NAMING_FORMATS: Readonly<Record<string, string>> = {
  snake_case: '^[a-z][a-z0-9]*(_[a-z0-9]+)*$',
  mixed_snake_case: '^[a-zA-Z][a-zA-Z0-9]*(_[a-zA-Z0-9]+)*$',
}

const NAMING_BLOCK: OptionSchema = {
  kind: 'object',
  fields: {
    format: {kind: 'string', default: '', description: 'A predefined format, a custom_formats name, or "none".'},
    custom: {kind: 'string', default: '', regexp: true, description: 'A regular expression the names must match (wins over format).'},
  },
  default: {},
  description: 'The format of this kind of name, instead of the rule-wide one.',
}

/** Rule id → option name → schema. Rules not listed take no options. */
export const RULE_OPTIONS: Readonly<Record<string, Readonly<Record<string, OptionSchema>>>> = {
  'module-version-missing': {
    require_major_bound: {
      kind: 'boolean',
      default: false,
      description: 'Also report a version constraint that allows every later major version (">= 1.0" with no upper bound).',
    },
    exact: {
      kind: 'boolean',
      default: false,
      description: "Also report a version that is not one exact version (tflint's exact = true): a range, or several constraints.",
    },
  },
  'missing-required-provider': {
    require_source: {
      kind: 'boolean',
      default: true,
      description: 'Also report a required_providers entry written as an object without source (legacy strings are always reported).',
    },
  },
  'naming-convention': {
    format: {
      kind: 'string',
      default: 'snake_case',
      description: '"snake_case", "mixed_snake_case", a name from custom_formats, or "none" (no check).',
    },
    custom: {kind: 'string', default: '', regexp: true, description: 'A regular expression every name must match (wins over format).'},
    custom_formats: {
      kind: 'map',
      value: {
        kind: 'object',
        fields: {
          regex: {kind: 'string', default: '', regexp: true, description: 'The regular expression.'},
          description: {kind: 'string', default: '', description: 'How the format is named in findings.'},
        },
        default: {},
        description: 'A named format.',
      },
      default: {},
      description: 'Named formats of your own, usable as format (a name here wins over a predefined format of the same name).',
    },
    data: NAMING_BLOCK,
    locals: NAMING_BLOCK,
    module: NAMING_BLOCK,
    output: NAMING_BLOCK,
    resource: NAMING_BLOCK,
    variable: NAMING_BLOCK,
    check: NAMING_BLOCK,
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

export type RuleOptionValue = boolean | string | readonly string[] | RuleOptionObject

export interface RuleOptionObject {
  readonly [key: string]: RuleOptionValue
}

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
    case 'string':
      if (typeof value !== 'string') return 'must be a string'
      if (schema.regexp) {
        try {
          goRegExp(value)
        } catch (e) {
          return `must be a regular expression (${e instanceof Error ? e.message : String(e)})`
        }
      }
      return undefined
    case 'object':
    case 'map': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be an object'
      for (const [k, v] of Object.entries(value)) {
        const field = schema.kind === 'map' ? schema.value : schema.fields[k]
        if (!field)
          return `has no key "${k}" (its keys are ${Object.keys(schema.kind === 'object' ? schema.fields : {})
            .map((f) => `"${f}"`)
            .join(', ')})`
        const p = optionProblem(field, v)
        if (p) return `${JSON.stringify(k)} ${p}`
      }
      return undefined
    }
  }
}
