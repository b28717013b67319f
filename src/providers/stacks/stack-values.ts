// What a stack expression refers to, read statically as Terraform's stack evaluator resolves references
// (stackaddrs.ParseReference, StackConfig.resolveExpressionReference): `var.NAME`, `local.NAME`,
// `component.NAME`, `stack.NAME` and `provider.TYPE.NAME` must name something the stack declares; and what
// a `providers` map value stands for — a provider configuration of the stack (`provider.aws.east`,
// `provider.aws.regional[each.value]`), a value whose type names a provider (a variable of type
// `providerconfig(aws)`), something that is no provider configuration at all (a literal), or a value known
// only at evaluation.
import type {Diagnostic, SourceRange} from '../../diag/diagnostic.js'
import {errorDiag} from '../../diag/diagnostic.js'
import {goQuote} from '../../diag/go-quote.js'
import {literalValue, partRange, traversalOf, tupleItemsOf, unwrapTemplate, type Expr} from '../../hcl/expr.js'
import {children} from '../../hcl/native/ast.js'
import type {Attribute} from '../../hcl/syntax.js'
import type {Stack, StackProviderConfig} from '../../load/stacks/model.js'

/** What a `providers` map value stands for. */
export type ProviderValue =
  /** `provider.TYPE.NAME`, perhaps indexed: the stack's configuration (undefined when the stack has no such block). */
  | {
      readonly kind: 'ref'
      readonly localName: string
      readonly name: string
      readonly range: SourceRange
      readonly config?: StackProviderConfig
    }
  /** A value whose type is the configuration of the provider with this local name (`var.x` of type `providerconfig(aws)`). */
  | {readonly kind: 'typed'; readonly localName: string}
  /** A value of another type (a literal string, number, object…). */
  | {readonly kind: 'not-provider'}
  /** Known only when Terraform evaluates it. */
  | {readonly kind: 'unknown'}

/** The expressions of an attribute, walked as Terraform evaluates them: object keys written as names are no references. */
function walk(e: Expr, visit: (t: Extract<Expr, {k: 'trav'}>) => void): void {
  switch (e.k) {
    case 'trav':
      visit(e)
      return
    case 'object':
      for (const it of e.items) {
        if (it.keyForced || it.key.k !== 'trav') walk(it.key, visit)
        walk(it.value, visit)
      }
      return
    case 'lit':
    case 'anon':
      return
    default:
      for (const c of children(e)) walk(c, visit)
  }
}

/** The range of a traversal's root and first attribute (`var.x`, `component.a`): parseSingleAttrRef's. */
function firstTwo(a: Attribute, t: Extract<Expr, {k: 'trav'}>): SourceRange {
  const first = t.steps[0]
  return partRange(a, {s: t.s, e: first ? first.e : t.rootE})
}

const KINDS: Readonly<
  Record<string, {readonly summary: string; readonly detail: (name: string) => string; readonly has: (s: Stack, n: string) => boolean}>
> = {
  var: {
    summary: 'Reference to undeclared input variable',
    detail: (n) => `There is no variable ${goQuote(n)} block declared in this stack.`,
    has: (s, n) => s.variables.has(n),
  },
  local: {
    summary: 'Reference to undeclared local value',
    detail: (n) => `There is no local ${goQuote(n)} declared in this stack.`,
    has: (s, n) => s.locals.has(n),
  },
  component: {
    summary: 'Reference to undeclared component',
    detail: (n) => `There is no component ${goQuote(n)} block declared in this stack.`,
    has: (s, n) => s.components.has(n),
  },
  stack: {
    summary: 'Reference to undeclared embedded stack',
    detail: (n) => `There is no stack ${goQuote(n)} block declared in this stack.`,
    has: (s, n) => s.embeddedStacks.has(n),
  },
}

/** Reference errors of one expression (an attribute, or a part of one); `seen` keeps each reported once. */
export function referenceDiagnostics(stack: Stack, a: Attribute, e: Expr, seen: Set<string>, out: Diagnostic[]): void {
  walk(e, (t) => {
    const d = referenceDiagnostic(stack, a, t)
    if (!d || !d.range) return
    const key = `${d.range.filename}:${d.range.start.byte}`
    if (seen.has(key)) return
    seen.add(key)
    out.push(d)
  })
}

function referenceDiagnostic(stack: Stack, a: Attribute, t: Extract<Expr, {k: 'trav'}>): Diagnostic | undefined {
  if (t.root === 'provider') {
    const [type, name] = t.steps
    if (type?.k !== 'attr' || name?.k !== 'attr')
      return errorDiag(
        'stack.invalid-reference',
        'Invalid reference',
        'The "provider" symbol must be followed by two attribute access operations, selecting a provider type and a provider configuration name.',
        partRange(a, t),
      )
    if (stack.providerConfigs.has(`${type.name}.${name.name}`)) return undefined
    return errorDiag(
      'stack.undeclared-provider-config',
      'Reference to undeclared provider configuration',
      `There is no provider ${goQuote(type.name)} ${goQuote(name.name)} block declared in this stack.`,
      partRange(a, t),
    )
  }
  const kind = KINDS[t.root]
  const first = t.steps[0]
  if (!kind || first?.k !== 'attr' || kind.has(stack, first.name)) return undefined
  return errorDiag('stack.undeclared-reference', kind.summary, kind.detail(first.name), firstTwo(a, t))
}

const PRIMITIVES = new Set(['string', 'number', 'bool'])

/** The local name `providerconfig(NAME)` names in a variable's type, if that is its type. */
function providerConfigType(type: Attribute | undefined): string | undefined {
  const x = type ? unwrapTemplate(type.node) : undefined
  if (x?.k !== 'call' || x.name !== 'providerconfig' || x.args.length !== 1) return undefined
  const arg = traversalOf(x.args[0]!)
  return arg && arg.steps.length === 0 ? arg.root : undefined
}

/** What a providers map value stands for, in `stack`. */
export function providerValue(stack: Stack, a: Attribute, value: Expr): ProviderValue {
  let x = unwrapTemplate(value)
  while (x.k === 'parens') x = unwrapTemplate(x.inner)
  const coll = x.k === 'index' ? unwrapTemplate(x.coll) : x
  if (coll.k === 'trav' && coll.root === 'provider') {
    const [type, name] = coll.steps
    if (type?.k !== 'attr' || name?.k !== 'attr') return {kind: 'unknown'}
    const config = stack.providerConfigs.get(`${type.name}.${name.name}`)
    return {kind: 'ref', localName: type.name, name: name.name, range: partRange(a, coll), ...(config ? {config} : {})}
  }
  if (x.k === 'trav' && x.root === 'var' && x.steps[0]?.k === 'attr') {
    const type = stack.variables.get(x.steps[0].name)?.type
    const local = providerConfigType(type)
    if (local) return {kind: 'typed', localName: local}
    // while validating, a variable is an unknown value of its type: a primitive type is no configuration
    const keyword = type ? traversalOf(type.node) : undefined
    if (x.steps.length === 1 && keyword && keyword.steps.length === 0 && PRIMITIVES.has(keyword.root)) return {kind: 'not-provider'}
    return {kind: 'unknown'}
  }
  if (literalValue(x) !== undefined) return {kind: 'not-provider'}
  return {kind: 'unknown'}
}

/**
 * ValidateDependsOn: each `depends_on` entry must name a component or an embedded stack the stack declares;
 * one that goes deeper (`component.a[0]`, `component.a.out`) is taken as the component, with a warning.
 */
export function dependsOnDiagnostics(stack: Stack, a: Attribute): Diagnostic[] {
  const out: Diagnostic[] = []
  for (const item of tupleItemsOf(a.node) ?? []) {
    const t = traversalOf(item)
    const first = t?.steps[0]
    if (!t || first?.k !== 'attr') continue // not a reference: Terraform's decoder says so
    const target = `${t.root}.${first.name}`
    const range = firstTwo(a, t)
    if (t.root !== 'component' && t.root !== 'stack') {
      out.push(
        errorDiag(
          'stack.invalid-depends-on',
          'Invalid depends_on target',
          `The depends_on argument must refer to an embedded stack or component, but this reference refers to ${goQuote(target)}.`,
          range,
        ),
      )
      continue
    }
    const exists = t.root === 'component' ? stack.components.has(first.name) : stack.embeddedStacks.has(first.name)
    if (!exists) {
      out.push(
        errorDiag(
          'stack.invalid-depends-on',
          'Invalid depends_on target',
          `The depends_on reference ${goQuote(target)} does not exist.`,
          range,
        ),
      )
      continue
    }
    if (t.steps.length > 1)
      out.push({
        code: 'stack.invalid-depends-on',
        severity: 'warning',
        summary: 'Non-valid depends_on target',
        detail: `The depends_on argument should refer directly to an embedded stack or component in configuration, but this reference is too deep.\n\nTerraform Stacks has simplified the reference to the nearest valid target, ${goQuote(target)}. To remove this warning, update the configuration to the same target.`,
        range,
      })
  }
  return out
}
