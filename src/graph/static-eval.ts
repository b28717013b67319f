// Static evaluation of the few expressions Terraform evaluates before init (module `source` and
// `version` since Terraform 1.15 / OpenTofu 1.8): literals, `var.NAME`, `local.NAME`, and templates
// made only of those. Anything else is "not static" with a reason.
import type {Block, Value} from '../hcl/syntax.js'
import type {Module} from '../load/model.js'

/**
 * A value, or why there is none. `nonConst` marks an expression that is unknown because it reads an input
 * variable not declared `const = true`: Terraform (1.15 and later) evaluates only literals, local values
 * and const variables while it installs modules, and reports "Unknown module source" for the rest.
 */
export type StaticResult = {readonly value: Value} | {readonly unknown: string; readonly nonConst?: true}

export interface EvalScope {
  readonly module: Module
  /** Values of this module's input variables (from -var/tfvars for the root, call arguments for children). */
  readonly variables: ReadonlyMap<string, Value>
  /** Only `const = true` variables have values (Terraform); OpenTofu evaluates every variable. */
  readonly constOnly?: boolean
}

/** A variable block's `const = true`. */
function isConst(v: Block): boolean {
  const a = v.body.attributes.find((x) => x.name === 'const')
  return a?.value === true || a?.value === '${true}'
}

const REF = /^(var|local)\.([A-Za-z_][A-Za-z0-9_-]*)$/

function lookup(scope: EvalScope, kind: string, name: string, depth: number): StaticResult {
  if (kind === 'var') {
    const v = scope.module.variables.get(name)
    if (!v) return {unknown: `variable "${name}" is not declared`}
    if (scope.constOnly && !isConst(v)) return {unknown: `variable "${name}" is not declared with const = true`, nonConst: true}
    if (scope.variables.has(name)) return {value: scope.variables.get(name) ?? null}
    const def = v.body.attributes.find((a) => a.name === 'default')
    if (!def) return {unknown: `variable "${name}" has no default and no value was given`}
    return evaluate(def.value, scope, depth + 1)
  }
  const l = scope.module.locals.get(name)
  if (!l) return {unknown: `local value "${name}" is not defined`}
  return evaluate(l.value, scope, depth + 1)
}

/** Evaluates an hcl2json-shaped value whose strings may hold `${var.x}`/`${local.x}` references. */
export function evaluate(v: Value, scope: EvalScope, depth = 0): StaticResult {
  if (depth > 32) return {unknown: 'references nest too deeply'}
  if (typeof v !== 'string') return {value: v}
  if (!v.includes('${')) return {value: v}
  const whole = /^\$\{\s*([^{}]*?)\s*\}$/.exec(v)
  if (whole) {
    const m = REF.exec(whole[1]!)
    if (m) return lookup(scope, m[1]!, m[2]!, depth)
    if (whole[1] === 'null') return {value: null}
    const lit = /^"([^"\\$]*)"$/.exec(whole[1]!)
    if (lit) return {value: lit[1]!}
    return {unknown: `the expression ${whole[1]} is not a literal, a variable or a local value`}
  }
  let out = ''
  let rest = v
  for (;;) {
    const i = rest.indexOf('${')
    if (i < 0) {
      out += rest
      break
    }
    out += rest.slice(0, i)
    const j = rest.indexOf('}', i)
    if (j < 0) return {unknown: 'unterminated template'}
    const inner = rest.slice(i + 2, j).trim()
    const m = REF.exec(inner)
    if (!m) return {unknown: `the template part \${${inner}} is not a variable or a local value`}
    const r = lookup(scope, m[1]!, m[2]!, depth)
    if ('unknown' in r) return r
    if (typeof r.value !== 'string' && typeof r.value !== 'number' && typeof r.value !== 'boolean')
      return {unknown: `${inner} is not a string`}
    out += String(r.value)
    rest = rest.slice(j + 1)
  }
  return {value: out}
}
