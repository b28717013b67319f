// map-duplicate-keys: an object constructor (`{ a = 1, a = 2 }`) that gives the same key twice. HCL keeps
// the last value and says nothing, so the first is silently lost. Keys are compared as Terraform converts
// them to strings: bare names, literals (`1` and "1" are the same key), and `(var.x)` where the variable
// has a literal default and is not sensitive (what the module itself says, the same for every call).
// Native syntax only (a JSON object cannot give a key twice).
import {literalBool, literalOf, partRange, traversalOf, unwrapTemplate, type Expr, type ObjectItem} from '../hcl/expr.js'
import type {Attribute} from '../hcl/syntax.js'
import type {Module} from '../load/model.js'
import type {RunMemo} from '../load/run-memo.js'
import {expressionFacts} from './module-expressions.js'
import {moduleRule} from './module-stage.js'
import type {ModuleFinding} from './rule.js'
import {moduleText, where} from './support.js'

/** A literal as the string Terraform converts it to (a map key), or undefined. */
function keyString(v: unknown): string | undefined {
  if (typeof v === 'string') return v
  if (typeof v === 'number' && Number.isFinite(v)) return String(v)
  if (typeof v === 'boolean') return v ? 'true' : 'false'
  return undefined
}

/** The key of an object item as a string, when it is known without evaluating anything but variables' defaults. */
function itemKey(item: ObjectItem, m: Module): string | undefined {
  const k = item.key
  if (!item.keyForced && k.k === 'trav' && k.steps.length === 0) return k.root
  const lit = keyString(literalOf(k))
  if (lit !== undefined) return lit
  // (var.x): the variable's statically known value, unless it is sensitive
  let inner: Expr = unwrapTemplate(k)
  while (inner.k === 'parens') inner = unwrapTemplate(inner.inner)
  const t = traversalOf(inner)
  const step = t?.steps[0]
  if (!t || t.root !== 'var' || t.steps.length !== 1 || step?.k !== 'attr') return undefined
  const decl = m.variables.get(step.name)
  if (!decl || literalBool(decl.body.attributes.find((a) => a.name === 'sensitive')) === true) return undefined
  const def = decl.body.attributes.find((a) => a.name === 'default')
  return def ? keyString(literalOf(def.node)) : undefined
}

interface Duplicate {
  readonly attribute: Attribute
  readonly key: string
  readonly item: ObjectItem
  readonly first: ObjectItem
}

/** Every key given a second time in one object constructor of the module. */
function duplicates(m: Module, memo: RunMemo | undefined): Duplicate[] {
  const compute = (): Duplicate[] => {
    const out: Duplicate[] = []
    for (const {attribute, expr} of expressionFacts(m, memo).objects) {
      const seen = new Map<string, ObjectItem>()
      for (const item of expr.items) {
        const key = itemKey(item, m)
        if (key === undefined) continue
        const first = seen.get(key)
        if (first) out.push({attribute, key, item, first})
        else seen.set(key, item)
      }
    }
    return out
  }
  return memo ? memo.get(m, 'duplicate-keys', compute) : compute()
}

export const mapDuplicateKeys = moduleRule({
  id: 'map-duplicate-keys',
  severity: 'warning',
  enabledByDefault: true,
  description: 'An object or map constructor that gives the same key twice, so that the first value is silently replaced.',
  docs: 'docs/rules/map-duplicate-keys.md',
  checkModule({module, memo}): ModuleFinding[] {
    const findings: ModuleFinding[] = []
    for (const {attribute: a, key, item, first} of duplicates(module, memo)) {
      const range = partRange(a, item.key)
      const firstAt = partRange(a, first.key)
      const rest = ` gives the key ${JSON.stringify(key)} again at ${where(range)} (argument ${a.name}); it was first given at ${where(firstAt)}. Terraform keeps only the last value of a key and reports nothing, so the earlier value is lost. To fix it, remove one of them or give each its own key.`
      findings.push({summary: 'Duplicate map key', detail: (call) => moduleText(call.address) + rest, range, key: 'duplicate-key'})
    }
    return findings
  },
})
