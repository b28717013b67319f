// A component's (or removed block's) `providers` argument, as stackconfig's decodeProvidersAttribute reads it:
// a static object whose keys are the root module's provider configuration slots (`aws`, `aws.east`), and
// whose values are expressions evaluated later (`provider.aws.regional[each.value]`).
import type {Diagnostic, SourceRange} from '../../diag/diagnostic.js'
import {errorDiag, formatRange} from '../../diag/diagnostic.js'
import {literalOf, objectItemsOf, partRange, partText, type Expr, type ObjectItem} from '../../hcl/expr.js'
import type {Attribute} from '../../hcl/syntax.js'
import type {ProvidersMapEntry} from './model.js'

const VALID_IDENTIFIER = /^[\p{ID_Start}_][\p{ID_Continue}-]*$/u

/** hclsyntax.ValidIdentifier. */
export function validIdentifier(name: string): boolean {
  return VALID_IDENTIFIER.test(name)
}

/** stackconfig's invalidNameDiagnostic. */
export function invalidName(summary: string, range: SourceRange): Diagnostic {
  return errorDiag(
    'stack.invalid-name',
    summary,
    'Names must be valid identifiers: beginning with a letter or underscore, followed by zero or more letters, digits, or underscores.',
    range,
  )
}

interface KeyStep {
  readonly kind: 'attr' | 'index'
  readonly name: string
  readonly range: SourceRange
}

/** hcl.AbsTraversalForExpr of an object key: its steps, or undefined when the key is not a static traversal. */
function keyTraversal(a: Attribute, item: ObjectItem): KeyStep[] | undefined {
  const k = item.key
  if (!item.keyForced && k.k === 'trav') {
    const steps: KeyStep[] = [{kind: 'attr', name: k.root, range: partRange(a, {s: k.s, e: k.rootE})}]
    for (const st of k.steps) steps.push({kind: st.k, name: st.k === 'attr' ? st.name : String(st.key), range: partRange(a, st)})
    return steps
  }
  // the keywords null, true and false read as names (hclsyntax's LiteralValueExpr.AsTraversal): `null = provider.null.a`
  if (!item.keyForced && k.k === 'lit' && (k.v === null || typeof k.v === 'boolean'))
    return [{kind: 'attr', name: String(k.v), range: partRange(a, k)}]
  // JSON syntax: a key is a string, read as a traversal (`"aws.east"`)
  const lit = literalOf(k)
  if (typeof lit !== 'string' || !a.exprRange.filename.endsWith('.json')) return undefined
  if (!/^[^.[\]\s]+(\.[^.[\]\s]+)*$/.test(lit)) return undefined
  const out: KeyStep[] = []
  let at = k.s + 1
  for (const part of lit.split('.')) {
    out.push({kind: 'attr', name: part, range: partRange(a, {s: at, e: at + part.length})})
    at += part.length + 1
  }
  return out
}

function stepsRange(steps: readonly KeyStep[]): SourceRange {
  const first = steps[0]!.range
  return {filename: first.filename, start: first.start, end: steps[steps.length - 1]!.range.end}
}

/** One key: the slot it names, or the error Terraform gives (the entry is then left out). */
function decodeKey(a: Attribute, item: ObjectItem, diags: Diagnostic[]): {localName: string; alias?: string} | undefined {
  const steps = keyTraversal(a, item)
  const keyRange = partRange(a, item.key)
  if (!steps) {
    diags.push(
      errorDiag(
        'stack.invalid-provider-reference',
        'Invalid expression',
        'A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.',
        keyRange,
      ),
    )
    return undefined
  }
  if (steps.length > 2) {
    diags.push(
      errorDiag(
        'stack.invalid-provider-reference',
        'Invalid provider configuration reference',
        "Each item in the providers argument requires a provider local name, optionally followed by a period and then a configuration alias, matching one of the provider configuration import slots declared by the component's root module.",
        stepsRange(steps),
      ),
    )
    return undefined
  }
  const [root, second] = steps as [KeyStep, KeyStep | undefined]
  if (!validIdentifier(root.name)) {
    diags.push(invalidName('Invalid provider local name', root.range))
    return undefined
  }
  if (second && second.kind !== 'attr') {
    diags.push(
      errorDiag(
        'stack.invalid-provider-reference',
        'Invalid provider configuration reference',
        'Provider local name must either stand alone or be followed by a period and then a configuration alias.',
        second.range,
      ),
    )
    return undefined
  }
  return {localName: root.name, ...(second ? {alias: second.name} : {})}
}

/** decodeProvidersAttribute: the entries of a `providers` argument, with the errors of the ones left out. */
export function decodeProvidersMap(a: Attribute, diags: Diagnostic[]): ProvidersMapEntry[] {
  const items = objectItemsOf(a.node)
  if (!items) {
    diags.push(errorDiag('stack.providers-not-map', 'Invalid expression', 'A static map expression is required.', a.exprRange))
    return []
  }
  const out: ProvidersMapEntry[] = []
  for (const item of items) {
    const slot = decodeKey(a, item, diags)
    if (!slot) continue
    const value: Expr = item.value
    const valueRange = partRange(a, value)
    const existing = out.find((e) => e.localName === slot.localName && e.alias === slot.alias)
    if (existing) {
      const compact = slot.alias ? `${slot.localName}.${slot.alias}` : slot.localName
      diags.push(
        errorDiag(
          'stack.duplicate-provider-assignment',
          'Duplicate provider configuration assignment',
          `A provider configuration for ${compact} was already assigned at ${formatRange(existing.valueRange)}.`,
          valueRange,
        ),
      )
      continue
    }
    out.push({...slot, keyRange: partRange(a, item.key), value, valueRange, valueText: partText(a, value).trim(), attribute: a})
  }
  return out
}
