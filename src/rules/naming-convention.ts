// naming-convention (off by default, as in tflint): the names of data sources, modules, outputs, resources,
// variables, checks and local values must match a format — snake_case by default, mixed_snake_case, a
// regular expression, or a named format of the user's — set for all names or per kind (options mirror
// tflint's terraform_naming_convention: format, custom, custom_formats, and one object per kind).
import type {SourceRange} from '../diag/diagnostic.js'
import type {Module} from '../load/model.js'
import {moduleRule} from './module-stage.js'
import {goRegExp, NAMING_FORMATS, ruleOption, type RuleOptionObject, type RuleOptionValue} from './options.js'
import type {ModuleFinding} from './rule.js'
import {moduleText, where} from './support.js'

const ID = 'naming-convention'

/** How names are checked: a regular expression and how findings name it; undefined: not checked. */
interface Validator {
  readonly re: RegExp
  /** `format: snake_case`, `format: <custom format's description>` or `RegExp: <the expression>`. */
  readonly shown: string
}

type Options = Readonly<Record<string, RuleOptionValue>> | undefined

function str(v: RuleOptionValue | undefined): string {
  return typeof v === 'string' ? v : ''
}

function objectOf(v: RuleOptionValue | undefined): RuleOptionObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as RuleOptionObject) : {}
}

/** tflint's choice: a custom expression wins; else a format ("none": no check), a custom format's name before a predefined one. */
function validatorFor(custom: string, format: string, options: Options): Validator | undefined {
  if (custom !== '') return {re: goRegExp(custom), shown: `RegExp: ${custom}`}
  if (format === 'none') return undefined
  const named = objectOf(objectOf(ruleOption<RuleOptionObject>(ID, options, 'custom_formats'))[format])
  if (str(named['regex']) !== '') return {re: goRegExp(str(named['regex'])), shown: `format: ${str(named['description'])}`}
  const predefined = NAMING_FORMATS[format.toLowerCase()]
  // an unknown format name checks nothing (the configuration names a format that does not exist)
  return predefined ? {re: new RegExp(predefined), shown: `format: ${format}`} : undefined
}

/** The validator of one kind of name (`data`, `locals`, …): its own settings when it has some, else the rule-wide one. */
function kindValidator(kind: string, options: Options, fallback: Validator | undefined): Validator | undefined {
  const own = options?.[kind]
  if (own === undefined) return fallback
  const o = objectOf(own)
  if (str(o['custom']) === '' && str(o['format']) === '') return fallback
  return validatorFor(str(o['custom']), str(o['format']), options)
}

interface Named {
  readonly kind: string
  /** How findings call this kind of name (`local value`). */
  readonly label: string
  readonly name: string
  readonly range: SourceRange
}

/** Every name the rule checks in a module, with its kind. */
function names(m: Module): Named[] {
  const out: Named[] = []
  const blocks = (kind: string, bs: Iterable<{labels: readonly {value: string}[]; declRange: SourceRange}>, label = 0): void => {
    for (const b of bs) out.push({kind, label: kind, name: b.labels[label]?.value ?? '', range: b.declRange})
  }
  const records = (kind: string, rs: Iterable<{name: string; declRange: SourceRange}>): void => {
    for (const r of rs) out.push({kind, label: kind, name: r.name, range: r.declRange})
  }
  records('data', m.dataResources.values())
  records('module', m.moduleCalls.values())
  blocks('output', m.outputs.values())
  records('resource', m.managedResources.values())
  blocks('variable', m.variables.values())
  blocks('check', m.checks)
  for (const [name, a] of m.locals)
    out.push({
      kind: 'locals',
      label: 'local value',
      name,
      range: {filename: a.nameRange.filename, start: a.nameRange.start, end: a.exprRange.end},
    })
  return out
}

export const namingConvention = moduleRule({
  id: ID,
  severity: 'warning',
  enabledByDefault: false,
  description:
    'A name of a resource, data source, module call, output, variable, check or local value that does not match the naming format.',
  docs: 'docs/rules/naming-convention.md',
  checkModule({module, options}): ModuleFinding[] {
    const all = validatorFor(ruleOption<string>(ID, options, 'custom'), ruleOption<string>(ID, options, 'format'), options)
    const byKind = new Map<string, Validator | undefined>()
    const findings: ModuleFinding[] = []
    for (const n of names(module)) {
      if (!byKind.has(n.kind)) byKind.set(n.kind, kindValidator(n.kind, options, all))
      const v = byKind.get(n.kind)
      if (!v || v.re.test(n.name)) continue
      const rest = ` names a ${n.label} "${n.name}" at ${where(n.range)}, which does not match the ${v.shown} (rule ${ID}, .tfgraph.json). Consistent names let readers and tools tell kinds of objects apart. To fix it, rename it (for a resource, data source or module call, with a moved block so that the state follows) or change the format in the configuration.`
      findings.push({
        summary: 'Name does not match the naming convention',
        detail: (call) => moduleText(call.address) + rest,
        range: n.range,
        key: `${n.kind}.${n.name}`,
      })
    }
    return findings
  },
})
