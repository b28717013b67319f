// A stack's `required_providers` block (stackconfig's decodeProviderRequirementsBlock): each entry an object
// with `source` (required) and `version` (required for an installable provider, not allowed for a built-in
// one); the built-in `terraform` provider added when the block does not name it.
import {isBuiltin, parseProviderSource, providerAddr, providerString, BUILTIN_HOST, type Provider} from '../../addrs/provider.js'
import type {Diagnostic, SourceRange} from '../../diag/diagnostic.js'
import {errorDiag, formatRange} from '../../diag/diagnostic.js'
import {goQuote} from '../../diag/go-quote.js'
import {keywordOf, objectItemsOf, partRange, type ObjectItem} from '../../hcl/expr.js'
import type {Attribute, Block} from '../../hcl/syntax.js'
import type {DecodeContext} from './decode-source.js'
import {constantString} from './decode-source.js'
import {invalidName, validIdentifier} from './decode-providers-map.js'
import type {StackRequirement, StackRequirements} from './model.js'

/** Providers built into Terraform (internal/builtin/providers BuiltInProviders). */
const BUILT_IN = ['terraform']

/** HCL's JustAttributes on a body with nested blocks: one error, at the first block's type. */
export function justAttributesProblem(b: Block): Diagnostic | undefined {
  const first = b.body.blocks[0]
  return first
    ? errorDiag('stack.unexpected-block', `Unexpected ${goQuote(first.type)} block`, 'Blocks are not allowed here.', first.typeRange)
    : undefined
}

/** HCL's StartRange of an object constructor: its opening brace. */
function openBrace(a: Attribute): SourceRange {
  const s = a.exprRange.start
  return {filename: a.exprRange.filename, start: s, end: {line: s.line, column: s.column + 1, byte: s.byte + 1}}
}

/** The entry's attributes by keyword, with the errors for other keys and duplicates. */
function entryAttributes(a: Attribute, items: readonly ObjectItem[], diags: Diagnostic[]): Map<string, ObjectItem> {
  const out = new Map<string, ObjectItem>()
  for (const item of items) {
    const name = item.keyForced ? undefined : (keywordOf(item.key) ?? jsonKey(a, item))
    const keyRange = partRange(a, item.key)
    if (name === undefined) {
      diags.push(
        errorDiag(
          'stack.invalid-requirement',
          'Invalid provider requirement attribute',
          'All of the attributes of a required_providers entry must be simple keywords.',
          keyRange,
        ),
      )
      continue
    }
    const existing = out.get(name)
    if (existing) {
      diags.push(
        errorDiag(
          'stack.invalid-requirement',
          'Duplicate attribute',
          `The attribute ${goQuote(name)} was already defined at ${formatRange(partRange(a, existing.key))}.`,
          keyRange,
        ),
      )
      continue
    }
    out.set(name, item)
  }
  return out
}

/** In JSON syntax an entry's keys are strings, read as keywords. */
function jsonKey(a: Attribute, item: ObjectItem): string | undefined {
  if (!a.exprRange.filename.endsWith('.json') || item.key.k !== 'tmpl') return undefined
  const p = item.key.parts
  return p.length === 1 && p[0]!.k === 'lit' && typeof p[0]!.v === 'string' && validIdentifier(p[0]!.v) ? p[0]!.v : undefined
}

/** A string value of an entry (as gohcl decodes it), or undefined with its errors. */
function entryString(a: Attribute, item: ObjectItem, diags: Diagnostic[]): string | undefined {
  const sub: Attribute = {
    ...a,
    node: item.value,
    exprRange: partRange(a, item.value),
    expr: a.expr.slice(item.value.s - a.node.s, item.value.e - a.node.s),
  }
  const v = constantString(sub)
  if ('diagnostics' in v) {
    diags.push(...v.diagnostics)
    return undefined
  }
  return v.value
}

/** One entry, or undefined when Terraform leaves it out (with its errors). */
function decodeEntry(a: Attribute, ctx: DecodeContext): StackRequirement | undefined {
  const diags = ctx.diags
  const items = objectItemsOf(a.node)
  if (!items) {
    diags.push(errorDiag('stack.invalid-requirement', 'Invalid expression', 'A static map expression is required.', a.exprRange))
    return undefined
  }
  const attrs = entryAttributes(a, items, diags)
  const sourceItem = attrs.get('source')
  const versionItem = attrs.get('version')
  if (!sourceItem) {
    diags.push(
      errorDiag(
        'stack.missing-requirement-attribute',
        'Missing required attribute',
        'All required_providers entries must include the attribute "source", giving the qualified provider source address to use.',
        openBrace(a),
      ),
    )
    return undefined
  }
  const source = entryString(a, sourceItem, diags)
  if (source === undefined) return undefined
  const sourceRange = partRange(a, sourceItem.value)
  const parsed = parseProviderSource(source, 'registry.terraform.io', 'Terraform')
  if ('error' in parsed) {
    diags.push(errorDiag(parsed.error.code, parsed.error.summary, parsed.error.detail, sourceRange))
    return undefined
  }
  const provider = parsed.provider
  const base = {localName: a.name, provider, nameRange: a.nameRange, attribute: a, builtIn: false}
  if (isBuiltin(provider)) {
    if (versionItem) {
      diags.push(
        errorDiag(
          'stack.builtin-provider-version',
          'Unsupported attribute',
          `The provider ${goQuote(providerString(provider))} is built in to Terraform, so does not support version constraints.`,
          openBrace(a),
        ),
      )
      return undefined
    }
    return base
  }
  if (!versionItem) {
    diags.push(
      errorDiag(
        'stack.missing-requirement-attribute',
        'Missing required attribute',
        'Each required_providers entry for an installable provider must include the attribute "version", specifying the provider versions that this stack is compatible with.',
        openBrace(a),
      ),
    )
    return undefined
  }
  for (const [name, item] of attrs) {
    if (name === 'source' || name === 'version') continue
    diags.push(
      errorDiag(
        'stack.invalid-requirement',
        'Invalid provider requirement attribute',
        `An attribute named ${goQuote(name)} is not expected here.`,
        partRange(a, item.key),
      ),
    )
  }
  const version = entryString(a, versionItem, diags)
  if (version === undefined) return undefined
  const problem = ctx.versionProblem(version)
  if (problem !== undefined) {
    // Terraform reports it at the source's value (stackconfig/provider_requirements.go), not the version's
    diags.push({
      ...errorDiag(
        'stack.invalid-version',
        'Invalid version constraint',
        `Cannot use ${goQuote(version)} as a version constraint: ${problem}.`,
        sourceRange,
      ),
      extra: {
        explanation: `The version constraint is at ${formatRange(partRange(a, versionItem.value))}; Terraform points at the entry's source.`,
      },
    })
    return undefined
  }
  return {...base, version, versionRange: partRange(a, versionItem.value)}
}

/** The block's entries, Terraform's errors for the ones it leaves out, and the built-in providers it adds. */
export function decodeRequirements(b: Block, ctx: DecodeContext): StackRequirements {
  const diags = ctx.diags
  const problem = justAttributesProblem(b)
  if (problem) diags.push(problem)
  const entries = new Map<string, StackRequirement>()
  const byProvider = new Map<string, StackRequirement>()
  for (const a of b.body.attributes) {
    if (!validIdentifier(a.name)) {
      diags.push(invalidName('Invalid local name for provider', a.nameRange))
      continue
    }
    const r = decodeEntry(a, ctx)
    if (!r) continue
    const key = providerString(r.provider)
    const earlier = byProvider.get(key)
    if (earlier) {
      diags.push(
        errorDiag(
          'stack.duplicate-provider-local-name',
          'Duplicate provider local name',
          `A requirement for provider ${key} was already declared with local name ${goQuote(earlier.localName)} at ${earlier.nameRange.filename}:${earlier.nameRange.start.line},${earlier.nameRange.start.column}.`,
          a.nameRange,
        ),
      )
      continue
    }
    entries.set(a.name, r)
    byProvider.set(key, r)
  }
  for (const name of BUILT_IN) {
    if (entries.has(name)) continue
    entries.set(name, {
      localName: name,
      provider: builtInProvider(name),
      nameRange: b.declRange,
      builtIn: true,
    })
  }
  return {entries, ...(b.body.attributes.length > 0 ? {declRange: b.declRange} : {}), block: b}
}

function builtInProvider(name: string): Provider {
  return providerAddr(BUILTIN_HOST, 'builtin', name)
}
