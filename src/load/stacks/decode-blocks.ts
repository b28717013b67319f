// The blocks of a stack configuration file, each decoded as stackconfig decodes it (component.go,
// embedded_stack.go, removed.go, provider_config.go, input_variable.go, output_value.go, local_value.go):
// HCL's schema checks, then the block's own rules, with Terraform's texts and ranges. A block Terraform
// drops (an invalid name, a schema error where it stops) is undefined here too.
import type {Diagnostic} from '../../diag/diagnostic.js'
import {errorDiag} from '../../diag/diagnostic.js'
import {partText, type Expr} from '../../hcl/expr.js'
import type {Attribute, Block} from '../../hcl/syntax.js'
import {bodySchemaProblems, type BodySchema} from '../body-schema.js'
import {decodeProvidersMap, invalidName, validIdentifier} from './decode-providers-map.js'
import {decodeSourceArguments, type DecodeContext} from './decode-source.js'
import type {
  EmbeddedStackCall,
  RemovedFromStep,
  StackComponent,
  StackOutput,
  StackProviderConfig,
  StackRemoved,
  StackVariable,
} from './model.js'

const COMPONENT: BodySchema = {
  attributes: ['source', 'version', 'for_each', 'inputs', 'providers', 'depends_on'],
  blocks: [],
  required: ['source'],
}
const EMBEDDED_STACK: BodySchema = {attributes: ['source', 'version', 'for_each', 'inputs', 'depends_on'], blocks: [], required: ['source']}
const REMOVED: BodySchema = {
  attributes: ['from', 'source', 'version', 'for_each', 'providers', 'inputs'],
  blocks: ['lifecycle'],
  required: ['from', 'source'],
}
const REMOVED_LIFECYCLE: BodySchema = {attributes: ['destroy'], blocks: []}
const PROVIDER: BodySchema = {attributes: ['for_each'], blocks: ['config']}
const VARIABLE: BodySchema = {
  attributes: ['type', 'default', 'description', 'sensitive', 'ephemeral'],
  blocks: ['validation'],
  required: ['type'],
}
const VALIDATION: BodySchema = {attributes: ['condition', 'error_message'], blocks: [], required: ['condition', 'error_message']}
const OUTPUT: BodySchema = {
  attributes: ['type', 'value', 'description', 'sensitive', 'ephemeral'],
  blocks: ['precondition'],
  required: ['type'],
}

function attr(b: Block, name: string): Attribute | undefined {
  return b.body.attributes.find((a) => a.name === name)
}

/** `Body.Content(schema)`: its errors added; whether there were any. */
function content(b: Block, schema: BodySchema, diags: Diagnostic[]): boolean {
  const problems = bodySchemaProblems(b.body, schema, b)
  diags.push(...problems)
  return problems.some((d) => d.severity === 'error')
}

/** The attributes of a block Terraform evaluates later, for the reference checks. */
function evaluated(b: Block, names: readonly string[]): Attribute[] {
  return b.body.attributes.filter((a) => names.includes(a.name))
}

export function decodeComponent(b: Block, ctx: DecodeContext, exprs: Attribute[]): StackComponent | undefined {
  const label = b.labels[0]!
  if (!validIdentifier(label.value)) {
    ctx.diags.push(invalidName('Invalid component name', label.range))
    return undefined
  }
  if (content(b, COMPONENT, ctx.diags)) return undefined
  const source = decodeSourceArguments(attr(b, 'source')!, attr(b, 'version'), ctx)
  if (!source) return undefined
  const providersAttribute = attr(b, 'providers')
  const providers = providersAttribute ? decodeProvidersMap(providersAttribute, ctx.diags) : []
  const forEach = attr(b, 'for_each')
  const inputs = attr(b, 'inputs')
  const dependsOn = attr(b, 'depends_on')
  exprs.push(...evaluated(b, ['for_each', 'inputs', 'providers']))
  return {
    name: label.value,
    source,
    ...(forEach ? {forEach} : {}),
    ...(inputs ? {inputs} : {}),
    ...(providersAttribute ? {providersAttribute} : {}),
    providers,
    ...(dependsOn ? {dependsOn} : {}),
    block: b,
    declRange: b.declRange,
  }
}

export function decodeEmbeddedStack(b: Block, ctx: DecodeContext, exprs: Attribute[]): EmbeddedStackCall | undefined {
  const label = b.labels[0]!
  if (!validIdentifier(label.value)) {
    ctx.diags.push(invalidName('Invalid name for call to embedded stack', label.range))
    return undefined
  }
  if (content(b, EMBEDDED_STACK, ctx.diags)) return undefined
  const source = decodeSourceArguments(attr(b, 'source')!, attr(b, 'version'), ctx)
  if (!source) return undefined
  const forEach = attr(b, 'for_each')
  const inputs = attr(b, 'inputs')
  const dependsOn = attr(b, 'depends_on')
  exprs.push(...evaluated(b, ['for_each', 'inputs']))
  return {
    name: label.value,
    source,
    ...(forEach ? {forEach} : {}),
    ...(inputs ? {inputs} : {}),
    ...(dependsOn ? {dependsOn} : {}),
    block: b,
    declRange: b.declRange,
  }
}

// ---------------------------------------------------------------------------------------------
// removed: `from` (stackaddrs.ParseRemovedFrom)

type FromPart = {readonly kind: 'name'; readonly name: string} | {readonly kind: 'index'; readonly text: string; readonly usesEach: boolean}

function usesEach(e: Expr): boolean {
  switch (e.k) {
    case 'trav':
      return e.root === 'each'
    case 'wrap':
      return usesEach(e.inner)
    case 'tmpl':
      return e.parts.some(usesEach)
    case 'index':
      return usesEach(e.coll) || usesEach(e.key)
    case 'rel':
      return usesEach(e.src)
    default:
      return false
  }
}

/** The expression as names and indexes: `stack.a["x"].component.b[each.key]`; undefined when it is not that shape. */
function fromParts(a: Attribute, e: Expr): FromPart[] | undefined {
  switch (e.k) {
    case 'trav': {
      const out: FromPart[] = [{kind: 'name', name: e.root}]
      for (const st of e.steps)
        out.push(st.k === 'attr' ? {kind: 'name', name: st.name} : {kind: 'index', text: partText(a, st).slice(1, -1), usesEach: false})
      return out
    }
    case 'index': {
      const coll = fromParts(a, e.coll)
      return coll ? [...coll, {kind: 'index', text: partText(a, e.key), usesEach: usesEach(e.key)}] : undefined
    }
    case 'rel': {
      const src = fromParts(a, e.src)
      if (!src) return undefined
      for (const st of e.steps)
        src.push(st.k === 'attr' ? {kind: 'name', name: st.name} : {kind: 'index', text: partText(a, st).slice(1, -1), usesEach: false})
      return src
    }
    case 'wrap':
      return fromParts(a, e.inner)
    default:
      return undefined
  }
}

/** The removed block's target: its embedded stack steps and component; undefined when `from` is not an address. */
function parseFrom(a: Attribute): {stack: RemovedFromStep[]; component?: RemovedFromStep} | undefined {
  const parts = fromParts(a, a.node)
  if (!parts) return undefined
  const stack: RemovedFromStep[] = []
  for (let i = 0; i < parts.length;) {
    const kind = parts[i]
    const name = parts[i + 1]
    if (kind?.kind !== 'name' || name?.kind !== 'name') return undefined
    const index = parts[i + 2]?.kind === 'index' ? (parts[i + 2] as Extract<FromPart, {kind: 'index'}>) : undefined
    const step: RemovedFromStep = {name: name.name, ...(index ? {index: index.text} : {}), indexUsesEach: index?.usesEach ?? false}
    i += index ? 3 : 2
    if (kind.name === 'component') return i === parts.length ? {stack, component: step} : undefined
    if (kind.name !== 'stack') return undefined
    stack.push(step)
  }
  return {stack}
}

export function decodeRemoved(b: Block, ctx: DecodeContext, exprs: Attribute[]): StackRemoved | undefined {
  const diags = ctx.diags
  if (content(b, REMOVED, diags)) return undefined
  const fromAttr = attr(b, 'from')!
  const from = parseFrom(fromAttr)
  if (!from) {
    diags.push(
      errorDiag(
        'stack.invalid-removed-from',
        "Invalid 'from' attribute",
        "The 'from' attribute must designate a component or stack that has been removed, in the form of an address such as `component.component_name` or `stack.stack_name`.",
        fromAttr.exprRange,
      ),
    )
    return undefined
  }
  const source = decodeSourceArguments(attr(b, 'source')!, attr(b, 'version'), ctx)
  if (!source) return undefined
  const forEach = attr(b, 'for_each')
  if (forEach && ![...from.stack, ...(from.component ? [from.component] : [])].some((s) => s.indexUsesEach))
    diags.push(
      errorDiag(
        'stack.removed-for-each',
        'Invalid for_each expression',
        'A removed block with a for_each expression must reference that expression within the `from` attribute.',
        forEach.nameRange,
      ),
    )
  const providersAttribute = attr(b, 'providers')
  if (providersAttribute && !from.component)
    diags.push(
      errorDiag(
        'stack.removed-argument',
        'Invalid providers attribute',
        'A removed block that does not target a component should not specify any providers.',
        providersAttribute.nameRange,
      ),
    )
  const providers = providersAttribute ? decodeProvidersMap(providersAttribute, diags) : []
  const inputs = attr(b, 'inputs')
  if (inputs && from.component)
    diags.push(
      errorDiag(
        'stack.removed-argument',
        'Invalid inputs attribute',
        'A removed block that does not target an embedded stack should not specify any inputs.',
        inputs.nameRange,
      ),
    )
  let destroy = true
  for (const lc of b.body.blocks.filter((x) => x.type === 'lifecycle')) {
    diags.push(...bodySchemaProblems(lc.body, REMOVED_LIFECYCLE, lc))
    const d = attr(lc, 'destroy')
    if (d && d.node.k === 'lit' && typeof d.node.v === 'boolean') destroy = d.node.v
  }
  exprs.push(...evaluated(b, ['for_each', 'providers', 'inputs']))
  return {
    fromStack: from.stack,
    ...(from.component ? {fromComponent: from.component} : {}),
    fromText: partText(fromAttr, fromAttr.node).trim(),
    source,
    ...(forEach ? {forEach} : {}),
    ...(providersAttribute ? {providersAttribute} : {}),
    providers,
    destroy,
    block: b,
    declRange: b.declRange,
  }
}

// ---------------------------------------------------------------------------------------------
// provider, variable, output, locals

export function decodeProviderConfig(b: Block, diags: Diagnostic[], exprs: Attribute[]): Omit<StackProviderConfig, 'provider'> | undefined {
  const [typeLabel, nameLabel] = b.labels as [Block['labels'][number], Block['labels'][number]]
  if (!validIdentifier(typeLabel.value)) {
    diags.push(invalidName('Invalid provider local name', typeLabel.range))
    return undefined
  }
  if (!validIdentifier(nameLabel.value)) {
    // Terraform reports it at the first label (stackconfig/provider_config.go), not at the name
    diags.push({
      ...invalidName('Invalid provider configuration name', typeLabel.range),
      extra: {explanation: `The invalid name is the second label, "${nameLabel.value}"; Terraform points at the first label.`},
    })
    return undefined
  }
  content(b, PROVIDER, diags)
  const forEach = attr(b, 'for_each')
  // a second config block is ignored: Terraform's duplicate check is unreachable (it tests the local name again)
  const config = b.body.blocks.find((x) => x.type === 'config')
  exprs.push(...evaluated(b, ['for_each']))
  if (config) exprs.push(...allAttributes(config))
  return {
    localName: typeLabel.value,
    name: nameLabel.value,
    ...(forEach ? {forEach} : {}),
    ...(config ? {config} : {}),
    block: b,
    nameRange: typeLabel.range,
    declRange: b.declRange,
  }
}

function allAttributes(b: Block): Attribute[] {
  return [...b.body.attributes, ...b.body.blocks.flatMap(allAttributes)]
}

export function decodeVariable(b: Block, diags: Diagnostic[]): StackVariable | undefined {
  const label = b.labels[0]!
  if (!validIdentifier(label.value)) {
    diags.push(invalidName('Invalid name for input variable', label.range))
    return undefined
  }
  content(b, VARIABLE, diags)
  for (const v of b.body.blocks.filter((x) => x.type === 'validation')) {
    diags.push(...bodySchemaProblems(v.body, VALIDATION, v))
    const condition = attr(v, 'condition')
    if (condition && !hasReference(condition.node))
      diags.push(
        errorDiag(
          'stack.invalid-validation',
          'Invalid validation expression',
          'The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything.',
          condition.exprRange,
        ),
      )
  }
  const type = attr(b, 'type')
  return {name: label.value, ...(type ? {type} : {}), block: b, declRange: b.declRange}
}

function hasReference(e: Expr): boolean {
  switch (e.k) {
    case 'trav':
      return true
    case 'lit':
      return false
    case 'wrap':
      return hasReference(e.inner)
    case 'tmpl':
      return e.parts.some(hasReference)
    case 'tuple':
      return e.items.some(hasReference)
    case 'object':
      return e.items.some((it) => hasReference(it.key) || hasReference(it.value))
    case 'unary':
      return hasReference(e.operand)
    default:
      return true // calls, operators, conditionals and the rest: read as referring (no false alarm)
  }
}

export function decodeOutput(b: Block, diags: Diagnostic[], exprs: Attribute[]): StackOutput | undefined {
  const label = b.labels[0]!
  if (!validIdentifier(label.value)) {
    diags.push(invalidName('Invalid name for output value', label.range))
    return undefined
  }
  content(b, OUTPUT, diags)
  for (const p of b.body.blocks.filter((x) => x.type === 'precondition'))
    diags.push(
      errorDiag(
        'stack.unsupported-precondition',
        'Preconditions not yet supported',
        'Output values for a stack configuration do not yet support preconditions.',
        p.declRange,
      ),
    )
  const value = attr(b, 'value')
  if (value) exprs.push(value)
  return {name: label.value, ...(value ? {value} : {}), block: b, declRange: b.declRange}
}

/** A `locals` block's values (JustAttributes), with the names Terraform rejects left out. */
export function decodeLocals(b: Block, diags: Diagnostic[], exprs: Attribute[]): Attribute[] {
  const out: Attribute[] = []
  const first = b.body.blocks[0]
  if (first)
    diags.push(errorDiag('stack.unexpected-block', `Unexpected "${first.type}" block`, 'Blocks are not allowed here.', first.typeRange))
  for (const a of b.body.attributes) {
    if (!validIdentifier(a.name)) {
      diags.push(invalidName('Invalid name for local value', a.nameRange))
      continue
    }
    out.push(a)
    exprs.push(a)
  }
  return out
}
