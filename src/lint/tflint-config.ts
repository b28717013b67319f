// A project's existing tflint configuration (`.tflint.hcl`), read for the rules tfgraph shares with tflint's
// Terraform ruleset (src/rules/tflint-names.ts), so that a project can switch without rewriting it:
// `rule "terraform_…" { enabled = …, <options> }` blocks, `plugin "terraform" { enabled, preset }` and
// `config { disabled_by_default }`. Everything else (other rulesets, other settings) is listed as not
// understood, for one line of output. `.tfgraph.json` wins where both speak (see config.ts).
import {literalValue} from '../hcl/expr.js'
import {parseHclNative} from '../hcl/native/index.js'
import type {Attribute, Block, Body, Value} from '../hcl/syntax.js'
import {optionProblem, RULE_OPTIONS, type RuleOptionObject, type RuleOptionValue} from '../rules/options.js'
import {TFLINT_RULES} from '../rules/tflint-names.js'

/** Settings as `.tfgraph.json` gives them (a LintConfig without max_warnings). */
export interface TflintSettings {
  readonly rules: ReadonlyMap<string, 'on' | 'off'>
  readonly options?: ReadonlyMap<string, Readonly<Record<string, RuleOptionValue>>>
}

export interface TflintConfig {
  readonly config: TflintSettings
  /** The settings not understood (`plugin "aws"`, `config.call_module_type`, `rule "terraform_x".opt (why)`), in file order. */
  readonly notUnderstood: readonly string[]
}

/** One option of a tflint rule: the tfgraph rule and option it sets, and how its value reads. */
interface OptionMap {
  readonly rule: string
  readonly option: string
  readonly value?: (v: Value) => RuleOptionValue | undefined
}

/** The options of tflint's rules that tfgraph's rules take (attributes; naming-convention's blocks below). */
const OPTIONS: Readonly<Record<string, Readonly<Record<string, OptionMap>>>> = {
  terraform_module_pinned_source: {
    style: {rule: 'module-source-unpinned', option: 'style'},
    default_branches: {rule: 'module-source-unpinned', option: 'default_branches'},
  },
  terraform_module_version: {exact: {rule: 'module-version-missing', option: 'exact'}},
  terraform_required_providers: {source: {rule: 'missing-required-provider', option: 'require_source'}},
  terraform_naming_convention: {
    format: {rule: 'naming-convention', option: 'format'},
    custom: {rule: 'naming-convention', option: 'custom'},
    custom_formats: {rule: 'naming-convention', option: 'custom_formats'},
  },
}

const NAMING_BLOCKS = new Set(['data', 'locals', 'module', 'output', 'resource', 'variable', 'check'])

/** What reading the file collects. */
interface Reader {
  readonly settings: Map<string, 'on' | 'off'>
  readonly options: Map<string, Record<string, RuleOptionValue>>
  readonly notUnderstood: string[]
}

function literal(a: Attribute): Value | undefined {
  return literalValue(a.node)
}

function setOption(r: Reader, rule: string, option: string, value: unknown, what: string): void {
  const schema = RULE_OPTIONS[rule]?.[option]
  const problem = schema ? optionProblem(schema, value) : 'is not an option'
  if (problem || value === undefined) {
    r.notUnderstood.push(`${what} (${problem ?? 'not a constant value'})`)
    return
  }
  const o = r.options.get(rule) ?? {}
  o[option] = value as RuleOptionValue
  r.options.set(rule, o)
}

/** One `rule "terraform_…"` block: enabled, and the options tfgraph's rules take. */
function ruleBlock(r: Reader, b: Block): void {
  const name = b.labels[0]?.value ?? ''
  const mapped = TFLINT_RULES[name]
  if (!Object.hasOwn(TFLINT_RULES, name) || !mapped) {
    r.notUnderstood.push(`rule "${name}"`)
    return
  }
  for (const a of b.body.attributes) {
    const v = literal(a)
    if (a.name === 'enabled') {
      if (typeof v === 'boolean') for (const id of mapped.rules) r.settings.set(id, v ? 'on' : 'off')
      else r.notUnderstood.push(`rule "${name}".enabled (not true or false)`)
    } else if (name === 'terraform_required_providers' && a.name === 'version') {
      // version = false: no finding for an entry without a version
      if (v === false) r.settings.set('provider-version-missing', 'off')
      else if (v !== true) r.notUnderstood.push(`rule "${name}".version (not true or false)`)
    } else {
      const o = OPTIONS[name]?.[a.name]
      if (o) setOption(r, o.rule, o.option, v, `rule "${name}".${a.name}`)
      else r.notUnderstood.push(`rule "${name}".${a.name}`)
    }
  }
  for (const nb of b.body.blocks) {
    if (name !== 'terraform_naming_convention' || !NAMING_BLOCKS.has(nb.type)) {
      r.notUnderstood.push(`rule "${name}" block ${nb.type}`)
      continue
    }
    const obj: Record<string, Value> = {}
    for (const a of nb.body.attributes) {
      const v = literal(a)
      if (v !== undefined) obj[a.name] = v
    }
    setOption(r, 'naming-convention', nb.type, obj as RuleOptionObject, `rule "${name}" block ${nb.type}`)
  }
}

/** `plugin "terraform" { enabled, preset }`: every shared rule on or off, or those of a preset. */
function pluginBlock(r: Reader, b: Block): void {
  const name = b.labels[0]?.value ?? ''
  if (name !== 'terraform') {
    r.notUnderstood.push(`plugin "${name}"`)
    return
  }
  for (const a of b.body.attributes) {
    const v = literal(a)
    if (a.name === 'enabled' && v === false)
      for (const t of Object.values(TFLINT_RULES)) for (const id of t.rules) r.settings.set(id, 'off')
    else if (a.name === 'preset' && (v === 'all' || v === 'recommended'))
      for (const t of Object.values(TFLINT_RULES)) for (const id of t.rules) r.settings.set(id, v === 'all' || t.recommended ? 'on' : 'off')
    else if (!['enabled', 'version', 'source', 'signing_key'].includes(a.name)) r.notUnderstood.push(`plugin "terraform".${a.name}`)
  }
}

/** `config { … }`: disabled_by_default turns the shared rules off (before rule blocks and presets); the rest is tflint's own. */
function configBlock(r: Reader, body: Body): boolean {
  let disabledByDefault = false
  for (const a of body.attributes) {
    if (a.name === 'disabled_by_default') disabledByDefault = literal(a) === true
    else r.notUnderstood.push(`config.${a.name}`)
  }
  for (const b of body.blocks) r.notUnderstood.push(`config block ${b.type}`)
  return disabledByDefault
}

/** Reads a `.tflint.hcl` text: the settings of tfgraph's rules it implies, and what it says that tfgraph does not use. */
export function readTflintConfig(text: string, filename: string): TflintConfig {
  const parsed = parseHclNative(text, filename)
  const r: Reader = {settings: new Map(), options: new Map(), notUnderstood: []}
  if (parsed.diagnostics.length > 0)
    return {config: {rules: new Map()}, notUnderstood: [`the whole file (${parsed.diagnostics[0]!.summary})`]}
  const body = parsed.file.body
  for (const a of body.attributes) r.notUnderstood.push(a.name)
  // disabled_by_default first: a preset and each rule block decide over it
  const disabled = body.blocks.filter((b) => b.type === 'config').some((b) => configBlock(r, b.body))
  if (disabled) for (const t of Object.values(TFLINT_RULES)) for (const id of t.rules) r.settings.set(id, 'off')
  for (const b of body.blocks) if (b.type === 'plugin') pluginBlock(r, b)
  for (const b of body.blocks) if (b.type === 'rule') ruleBlock(r, b)
  for (const b of body.blocks) if (!['config', 'plugin', 'rule'].includes(b.type)) r.notUnderstood.push(`block ${b.type}`)
  return {
    config: {rules: r.settings, ...(r.options.size > 0 ? {options: r.options} : {})},
    notUnderstood: r.notUnderstood,
  }
}
