// Provider configuration references as written, read from the expression tree the way tfgraph's analysis
// reads them: a resource's (or import block's) `provider` argument and the entries of a module call's
// `providers` map. Lenient where Terraform's decoding (decode.ts) reports an error — a quoted reference
// still names its configuration — so that a configuration with errors is still analysed.
import {parseLocalConfigRef, type LocalProviderConfig} from '../addrs/provider.js'
import type {SourceRange} from '../diag/diagnostic.js'
import {literalOf, objectItemsOf, partRange, partText, unwrapTemplate, type Expr} from '../hcl/expr.js'
import type {Attribute} from '../hcl/syntax.js'

/** The text a reference is written as: a quoted string's content, else the expression's source. */
function refText(a: Attribute, e: Expr): string {
  const x = unwrapTemplate(e)
  const lit = literalOf(x)
  return typeof lit === 'string' ? lit : partText(a, x).trim()
}

/** A `provider` argument (`aws`, `aws.west`, OpenTofu's `aws.by_region[each.key]`, or the same quoted). */
export function providerRefOf(a: Attribute): LocalProviderConfig | undefined {
  if (objectItemsOf(a.node) !== undefined || unwrapTemplate(a.node).k === 'tuple') return undefined
  return parseLocalConfigRef(refText(a, a.node))
}

export interface ProvidersMapEntry {
  /** The child's configuration, as written: `aws.src`. */
  readonly key: string
  readonly inChild: LocalProviderConfig | undefined
  /** The caller's configuration, as written: `aws.east`. */
  readonly value: string
  readonly inParent: LocalProviderConfig | undefined
  /** Where the value is written. */
  readonly valueRange: SourceRange
}

/** The entries of a `providers` map in the order of their keys (a key written twice: the last). */
export function providersMapEntries(a: Attribute | undefined): ProvidersMapEntry[] {
  const items = a ? objectItemsOf(a.node) : undefined
  if (!a || !items) return []
  const byKey = new Map<string, ProvidersMapEntry>()
  for (const it of items) {
    const key = refText(a, it.key)
    const value = refText(a, it.value)
    byKey.set(key, {
      key,
      inChild: parseLocalConfigRef(key),
      value,
      inParent: parseLocalConfigRef(value),
      valueRange: partRange(a, unwrapTemplate(it.value)),
    })
  }
  return [...byKey.values()].sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0))
}
