// The one decoder of a module's typed records (records.ts), run once when the module is built: provider
// blocks, required_providers entries, resources and their `provider` arguments, module calls with their
// `providers` maps and meta-arguments, import blocks' provider arguments — read from the syntax tree, with
// the decode-time diagnostics Terraform and OpenTofu report for them. Texts follow the engine.
import {localNameProblem, parseLocalConfigRef, parseProviderPart, type LocalProviderConfig, type Provider} from '../addrs/provider.js'
import {importTargets} from './imports.js'
import type {Diagnostic, SourceRange} from '../diag/diagnostic.js'
import {errorDiag, formatRange, warningDiag} from '../diag/diagnostic.js'
import type {Attribute, Block} from '../hcl/syntax.js'
import type {Engine} from './engine.js'
import {siteBlocks, type BlockKinds} from './block-kinds.js'
import type {ResourceMode} from '../addrs/resource.js'
import {literalOf, literalString, objectItemsOf, partRange, partText, tupleItemsOf, unwrapTemplate, type Expr} from '../hcl/expr.js'
import {
  isJsonAttribute,
  isJsonString,
  jsonStringContent,
  placed,
  quotedContent,
  traversalIn,
  writtenRange,
  type PlacedExpr,
} from '../hcl/traversal.js'
import {
  refString,
  type ConfigRef,
  type MetaArgument,
  type ModuleCall,
  type PassedProvider,
  type ProviderArgument,
  type ProviderConfig,
  type ProvidersMapEntry,
  type RequiredProvider,
  type Resource,
} from './records.js'

export {refString} from './records.js'
export type {ConfigRef, PassedProvider} from './records.js'

function between(a: SourceRange, b: SourceRange): SourceRange {
  return {filename: a.filename, start: a.start, end: b.end}
}

// ---------------------------------------------------------------------------------------------
// Provider configuration references

interface RefContext {
  readonly engine: Engine
  readonly argName: 'provider' | 'providers'
  /** Emit "Quoted references are deprecated" for quoted strings (resource `provider` arguments get it from the loader). */
  readonly warnQuoted: boolean
}

/** OpenTofu's `name.alias[expr]`: an index whose key is not a single literal splits off as the instance key. */
function splitInstanceKey(p: PlacedExpr): {collection: PlacedExpr; keyRange: SourceRange} | undefined {
  const x = p.x
  if (x.k !== 'index') return undefined
  const key = x.key
  const single = (key.k === 'lit' && typeof key.v === 'number') || (key.k === 'tmpl' && !key.heredoc && typeof literalOf(key) === 'string')
  if (single) return undefined
  return {collection: {x: x.coll, at: p.at}, keyRange: p.at(key.s, key.e)}
}

/** `decodeProviderConfigRef`: a provider configuration reference in a `provider` argument or a `providers` map. */
function decodeConfigRef(a: Attribute, e: Expr, ctx: RefContext, diags: Diagnostic[]): ConfigRef | undefined {
  const {engine} = ctx
  const json = isJsonAttribute(a)
  const whole = writtenRange(a, e)
  const tofu = engine.name === 'opentofu'
  const genericDetail = `The ${ctx.argName} argument requires a provider type name, optionally followed by a period and then a configuration alias${tofu ? ' and optional instance key' : ''}.`
  let maxLen = tofu ? 3 : 2
  let keyRange: SourceRange | undefined
  let quotedTemplate = false
  let exprRange = whole
  let p: PlacedExpr | undefined = placed(a, e)
  if (json) {
    // JSON: the string's content is a traversal, positioned from the string's start (its quote), as HCL does.
    if (!isJsonString(a, e)) {
      diags.push(errorDiag('provider.invalid-reference', 'Invalid provider configuration reference', genericDetail, whole))
      return undefined
    }
    p = jsonStringContent(a, e)
  }
  if (p && tofu) {
    const ix = splitInstanceKey(p)
    if (ix) {
      maxLen = 2
      keyRange = ix.keyRange
      p = ix.collection
      exprRange = p.at(p.x.s, p.x.e)
    }
  }
  if (p && !json && (p.x.k === 'wrap' || p.x.k === 'tmpl')) {
    const x = p.x
    if (x.k === 'wrap') p = {x: x.inner, at: p.at}
    else if (!x.heredoc && typeof literalOf(x) === 'string') {
      if (ctx.warnQuoted) {
        diags.push(
          warningDiag(
            'config.quoted-reference',
            'Quoted references are deprecated',
            `In this context, references are expected literally rather than in quotes. ${engine.product} 0.11 and earlier required quotes, but quoted references are now deprecated and will be removed in a future version of ${engine.product}. Remove the quotes surrounding this reference to silence this warning.`,
            p.at(x.s, x.e),
          ),
        )
      }
      p = quotedContent(a, x)
    } else quotedTemplate = true
  }
  const trav = quotedTemplate || !p ? undefined : traversalIn(p)
  if (!trav || trav.steps.length + 1 > maxLen) {
    if (quotedTemplate)
      diags.push(
        errorDiag(
          'provider.quoted-reference',
          'Invalid provider configuration reference',
          'A provider configuration reference must not be given in quotes.',
          exprRange,
        ),
      )
    else diags.push(errorDiag('provider.invalid-reference', 'Invalid provider configuration reference', genericDetail, exprRange))
    return undefined
  }
  const problem = localNameProblem(trav.root)
  if (problem) {
    diags.push(errorDiag('provider.invalid-local-name', 'Invalid provider local name', problem, trav.rootRange))
    return undefined
  }
  const aliasStep = trav.steps[0]
  if (aliasStep && aliasStep.kind !== 'attr') {
    diags.push(
      errorDiag(
        'provider.invalid-reference',
        'Invalid provider configuration reference',
        'Provider name must either stand alone or be followed by a period and then a configuration alias.',
        aliasStep.range,
      ),
    )
    return {name: trav.root, nameRange: trav.rootRange, range: trav.range}
  }
  const alias = aliasStep?.name
  const keyStep = trav.steps[1]
  if (keyStep) {
    if (keyStep.kind !== 'index') {
      diags.push(
        errorDiag(
          'provider.invalid-reference',
          'Invalid provider configuration reference',
          'Provider name must either stand alone or be followed by a period and then a configuration alias.',
          keyStep.range,
        ),
      )
      return {name: trav.root, nameRange: trav.rootRange, ...(alias ? {alias} : {}), range: trav.range}
    }
    keyRange = trav.range
  }
  if (tofu && !alias && keyRange) {
    diags.push(
      errorDiag(
        'provider.invalid-reference',
        'Invalid provider configuration reference',
        'Provider assignment requires an alias when specifying an instance key, in the form of provider.name[instance_key]',
        trav.range,
      ),
    )
  }
  return {name: trav.root, nameRange: trav.rootRange, ...(alias ? {alias} : {}), ...(keyRange ? {keyRange} : {}), range: trav.range}
}

/** What a reference names, read leniently: a quoted string's content, else the expression as written (`aws.west[each.key]`). */
function lenientRef(a: Attribute, e: Expr): LocalProviderConfig | undefined {
  const x = unwrapTemplate(e)
  const lit = literalOf(x)
  return parseLocalConfigRef(typeof lit === 'string' ? lit : partText(a, x).trim())
}

/** A `provider` argument: what it names (leniently) and, as the engine decodes it, its reference. */
function providerArgument(a: Attribute, engine: Engine, diags: Diagnostic[]): ProviderArgument {
  const decoded = decodeConfigRef(a, a.node, {engine, argName: 'provider', warnQuoted: false}, diags)
  const lenient = objectItemsOf(a.node) !== undefined || unwrapTemplate(a.node).k === 'tuple' ? undefined : lenientRef(a, a.node)
  return {attribute: a, ...(lenient ? {value: lenient} : {}), ...(decoded ? {decoded} : {})}
}

// ---------------------------------------------------------------------------------------------
// Decoding one module (once per loaded module)

function attr(b: Block, name: string): Attribute | undefined {
  return b.body.attributes.find((a) => a.name === name)
}

const VALID_IDENTIFIER = /^[\p{ID_Start}_][\p{ID_Continue}-]*$/u
const BAD_IDENTIFIER = 'A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.'

/** A provider block's meta-arguments (provider.go's providerBlockSchema); the rest of its body is its configuration. */
const PROVIDER_META: ReadonlySet<string> = new Set(['alias', 'version', 'count', 'depends_on', 'for_each', 'source', '//'])

/**
 * Whether a provider block's configuration body is empty — Terraform's `Content(&hcl.BodySchema{})` test on what
 * decodeProviderBlock leaves after its meta-arguments, the escaping `_` block's body merged in: nothing but the
 * meta-arguments, and no nested block but an empty `_` or the reserved `lifecycle` and `locals`.
 */
function providerBodyEmpty(b: Block): boolean {
  if (b.body.attributes.some((a) => !PROVIDER_META.has(a.name))) return false
  let escape = false
  for (const nb of b.body.blocks) {
    if (nb.type === '_') {
      if (escape) continue
      escape = true
      if (nb.body.attributes.length > 0 || nb.body.blocks.length > 0) return false
    } else if (nb.type !== 'lifecycle' && nb.type !== 'locals') return false
  }
  return true
}

/** A provider (or mock_provider) block with for_each and no alias: OpenTofu's error. */
export function forEachWithoutAlias(forEach: Attribute): Diagnostic {
  return errorDiag(
    'provider.for-each-without-alias',
    'Alias required when using "for_each"',
    'The for_each argument is allowed only for provider configurations with an alias.',
    forEach.exprRange,
  )
}

/**
 * `merged`: an override file merged into the block. Terraform decides "empty" with `Content` of an empty
 * schema, which a merged body answers through `PartialContent` (configs/module_merge_body.go): it never
 * fails, so Terraform takes every merged block for an empty ("proxy") one, whatever it sets (followed for
 * Terraform only: OpenTofu's copy of that code is not checked).
 */
function decodeProviderBlock(b: Block, engine: Engine, diags: Diagnostic[], merged: boolean): ProviderConfig {
  const name = b.labels[0]?.value ?? ''
  const aliasAttr = attr(b, 'alias')
  const alias = literalString(aliasAttr)
  const forEach = attr(b, 'for_each')
  const empty = merged || providerBodyEmpty(b)
  const record: ProviderConfig = {
    block: b,
    localName: name,
    ...(alias ? {alias} : {}),
    ...(aliasAttr ? {aliasRange: aliasAttr.exprRange} : {}),
    key: alias ? `${name}.${alias}` : name,
    valid: localNameProblem(name) === undefined,
    empty,
    ...(merged && !providerBodyEmpty(b) ? {emptyByMerge: true} : {}),
    configured: !empty || literalString(attr(b, 'version')) !== undefined,
    ...(forEach ? {forEach} : {}),
    declRange: b.declRange,
  }
  const problem = localNameProblem(name)
  if (problem) {
    diags.push(errorDiag('provider.invalid-local-name', 'Invalid provider local name', problem, b.declRange))
    return record
  }
  if (alias !== undefined && !VALID_IDENTIFIER.test(alias)) {
    diags.push(
      errorDiag('provider.invalid-alias', 'Invalid provider configuration alias', `An alias must be a valid name. ${BAD_IDENTIFIER}`),
    )
  }
  const tofu = engine.name === 'opentofu'
  if (tofu && forEach && !alias) diags.push(forEachWithoutAlias(forEach))
  for (const reserved of tofu ? ['count', 'depends_on', 'source'] : ['count', 'depends_on', 'for_each', 'source']) {
    const a = attr(b, reserved)
    if (a)
      diags.push(
        errorDiag(
          'provider.reserved-argument',
          'Reserved argument name in provider block',
          `The provider argument name ${JSON.stringify(reserved)} is reserved for use by ${engine.product} in a future version.`,
          a.nameRange,
        ),
      )
  }
  let escape: Block | undefined
  for (const nb of b.body.blocks) {
    if (nb.type === '_') {
      if (escape) {
        diags.push(
          errorDiag(
            'provider.duplicate-escaping-block',
            'Duplicate escaping block',
            `The special block type "_" can be used to force particular arguments to be interpreted as provider-specific rather than as meta-arguments, but each provider block can have only one such block. The first escaping block was at ${formatRange(escape.declRange)}.`,
            nb.declRange,
          ),
        )
        continue
      }
      escape = nb
    } else if (nb.type === 'lifecycle' || nb.type === 'locals') {
      diags.push(
        errorDiag(
          'provider.reserved-block-type',
          'Reserved block type name in provider block',
          `The block type name ${JSON.stringify(nb.type)} is reserved for use by ${engine.product} in a future version.`,
          nb.typeRange,
        ),
      )
    }
  }
  return record
}

/** The validation reading of one required_providers entry (Terraform's decodeRequiredProvidersBlock), with its errors. */
function decodeRequirement(r: RequiredProvider, engine: Engine, diags: Diagnostic[]): RequiredProvider['decoded'] {
  const {localName: name, attribute: a} = r
  const lit = literalOf(a.node)
  if (objectItemsOf(a.node) === undefined && tupleItemsOf(a.node) === undefined && (lit === undefined || typeof lit === 'string')) {
    // A legacy version-only entry; an expression here is not a static value (reported by the loader, if at all).
    if (lit === undefined) return undefined
    const part = parseProviderPart(name)
    if ('error' in part) {
      diags.push(errorDiag('provider.invalid-local-name', 'Invalid provider name', part.error, a.exprRange))
      return undefined
    }
    return {provider: impliedForType(part.part, engine), aliases: []}
  }
  const problem = localNameProblem(name)
  if (problem) {
    diags.push(errorDiag('provider.invalid-local-name', 'Invalid provider local name', problem, a.exprRange))
    return undefined
  }
  const aliases = r.aliases
    .map((x) => x.text)
    .filter((x) => {
      const dot = x.indexOf('.')
      return dot > 0 && x.slice(0, dot) === name && VALID_IDENTIFIER.test(x.slice(dot + 1))
    })
  return {provider: r.provider, aliases}
}

/** A `providers` map (a module call's, or a test file run's): its entries, with the decode-time diagnostics. */
export function decodeProvidersMap(a: Attribute, engine: Engine, diags: Diagnostic[]): PassedProvider[] {
  const items = a.node.k === 'object' ? a.node.items : undefined
  if (!items) {
    diags.push(errorDiag('module.providers-not-map', 'Invalid expression', 'A static map expression is required.', a.exprRange))
    return []
  }
  const out: PassedProvider[] = []
  const seen = new Map<string, SourceRange>()
  for (const item of items) {
    const ctx: RefContext = {engine, argName: 'providers', warnQuoted: true}
    const local: Diagnostic[] = []
    const inChild = decodeConfigRef(a, item.key, ctx, local)
    const inParent = decodeConfigRef(a, item.value, ctx, local)
    diags.push(...local)
    if (!inChild || !inParent || local.some((d) => d.severity === 'error')) continue
    const key = refString(inChild)
    const valueRange = writtenRange(a, item.value)
    const prev = seen.get(key)
    if (prev) {
      diags.push(
        errorDiag(
          'module.duplicate-providers-entry',
          'Duplicate provider address',
          `A provider configuration was already passed to ${key} at ${formatRange(prev)}. Each child provider configuration can be assigned only once.`,
          valueRange,
        ),
      )
      continue
    }
    seen.set(key, between(writtenRange(a, item.key), valueRange))
    out.push({inChild, inParent})
  }
  return out
}

/** The entries of a `providers` map as written, read leniently, in the order of their keys (a key written twice: the last). */
export function providersMapEntries(a: Attribute | undefined): ProvidersMapEntry[] {
  const items = a ? objectItemsOf(a.node) : undefined
  if (!a || !items) return []
  const byKey = new Map<string, ProvidersMapEntry>()
  const text = (e: Expr): string => {
    const x = unwrapTemplate(e)
    const lit = literalOf(x)
    return typeof lit === 'string' ? lit : partText(a, x).trim()
  }
  for (const it of items) {
    const key = text(it.key)
    const value = text(it.value)
    byKey.set(key, {
      key,
      inChild: parseLocalConfigRef(key),
      value,
      inParent: parseLocalConfigRef(value),
      valueRange: partRange(a, unwrapTemplate(it.value)),
      range: partRange(a, {s: it.key.s, e: it.value.e}),
    })
  }
  return [...byKey.values()].sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0))
}

/** count and for_each (Terraform), or any two of count, enabled and for_each (OpenTofu), on one call. */
function conflictingMetaArguments(b: Block, engine: Engine, diags: Diagnostic[]): void {
  const count = attr(b, 'count')
  const forEach = attr(b, 'for_each')
  if (engine.name !== 'opentofu') {
    if (count && forEach) {
      diags.push(
        errorDiag(
          'config.conflicting-meta-arguments',
          'Invalid combination of "count" and "for_each"',
          'The "count" and "for_each" meta-arguments are mutually-exclusive, only one should be used to be explicit about the number of resources to be created.',
          forEach.nameRange,
        ),
      )
    }
    return
  }
  const lifecycle = b.body.blocks.find((x) => x.type === 'lifecycle')
  const enabled = lifecycle ? attr(lifecycle, 'enabled') : undefined
  const present = (
    [
      ['"count"', count],
      ['"enabled"', enabled],
      ['"for_each"', forEach],
    ] as const
  ).flatMap(([label, a]) => (a ? [{label, range: a.nameRange}] : []))
  if (present.length < 2) return
  const labels = present.map((p) => p.label)
  const msg = labels.length >= 3 ? [...labels.slice(0, -1), `and ${labels[labels.length - 1]}`].join(', ') : labels.join(' and ')
  const sorted = [...present].sort((x, y) => x.range.start.byte - y.range.start.byte)
  diags.push(
    errorDiag(
      'config.conflicting-meta-arguments',
      `Invalid combination of ${msg}`,
      `The ${msg} meta-arguments are mutually-exclusive. Only one should be used to be explicit about the number of module instances to be created.`,
      between(sorted[0]!.range, sorted[sorted.length - 1]!.range),
    ),
  )
}

/** The first reference a call's depends_on lists (where Terraform reports a provider configuration below it). */
function firstDependency(a: Attribute): SourceRange | undefined {
  if (a.node.k !== 'tuple') return undefined
  const json = isJsonAttribute(a)
  for (const item of a.node.items) {
    const r = json ? (isJsonString(a, item) ? writtenRange(a, item) : undefined) : traversalIn(placed(a, item))?.range
    if (r) return r
  }
  return undefined
}

function decodeCall(name: string, b: Block, engine: Engine, diags: Diagnostic[]): ModuleCall {
  const tofu = engine.name === 'opentofu'
  const count = attr(b, 'count')
  const forEach = attr(b, 'for_each')
  const lifecycle = tofu ? b.body.blocks.find((x) => x.type === 'lifecycle') : undefined
  const enabled = lifecycle ? attr(lifecycle, 'enabled') : undefined
  const dependsOn = attr(b, 'depends_on')
  conflictingMetaArguments(b, engine, diags)
  const providersAttribute = attr(b, 'providers')
  const providers = providersAttribute ? decodeProvidersMap(providersAttribute, engine, diags) : []
  let restriction: ModuleCall['restriction']
  if (count) restriction = {meta: 'count', range: count.exprRange}
  else if (forEach) restriction = {meta: 'for_each', range: forEach.exprRange}
  else if (enabled) restriction = {meta: 'enabled', range: enabled.exprRange}
  else {
    const r = dependsOn ? firstDependency(dependsOn) : undefined
    if (r) restriction = {meta: 'depends_on' satisfies MetaArgument, range: r}
  }
  const source = attr(b, 'source')
  const version = attr(b, 'version')
  return {
    name,
    block: b,
    ...(source ? {source} : {}),
    ...(version ? {version} : {}),
    ...(providersAttribute ? {providersAttribute} : {}),
    providers,
    providerEntries: providersMapEntries(providersAttribute),
    ...(count ? {count} : {}),
    ...(forEach ? {forEach} : {}),
    ...(dependsOn ? {dependsOn} : {}),
    ...(enabled ? {enabled} : {}),
    ...(restriction ? {restriction} : {}),
    declRange: b.declRange,
  }
}

function decodeResource(mode: ResourceMode, b: Block, engine: Engine, diags: Diagnostic[]): Resource {
  // one pass over the body's attributes (a resource has dozens), the first of each name as `attr` finds it
  let p: Attribute | undefined
  let count: Attribute | undefined
  let forEach: Attribute | undefined
  for (const a of b.body.attributes) {
    if (a.name === 'provider') p ??= a
    else if (a.name === 'count') count ??= a
    else if (a.name === 'for_each') forEach ??= a
  }
  return {
    mode,
    type: b.labels[0]?.value ?? '',
    name: b.labels[1]?.value ?? '',
    block: b,
    ...(p ? {provider: providerArgument(p, engine, diags)} : {}),
    ...(count ? {count} : {}),
    ...(forEach ? {forEach} : {}),
    declRange: b.declRange,
  }
}

/** What decoding reads of a module being built: its merged blocks, and its provider local names. */
export interface DecodeSources {
  readonly providerConfigs: ReadonlyMap<string, Block>
  /** Keys of the provider blocks an override file merged into. */
  readonly mergedProviderConfigs: ReadonlySet<string>
  readonly providerMetas: ReadonlyMap<string, Block>
  /** The block kinds that use a provider as resources do, and their blocks by keyword (then keyed `type.name`). */
  readonly blockKinds: BlockKinds
  readonly resources: ReadonlyMap<string, ReadonlyMap<string, Block>>
  readonly moduleCalls: ReadonlyMap<string, Block>
  readonly imports: readonly Block[]
  /** The blocks of the table's top-level sites (import, removed, …) by keyword (`BlockKinds.sites`). */
  readonly siteBlocks: ReadonlyMap<string, readonly Block[]>
  /** The required_providers entries as written, and as read (required-providers.ts). */
  readonly requiredProviders: ReadonlyMap<string, Attribute>
  readonly required: ReadonlyMap<string, RequiredProvider>
}

/** A module's records, with their decode-time diagnostics. */
export interface DecodedRecords {
  readonly providerConfigs: ReadonlyMap<string, ProviderConfig>
  readonly requiredProviders: ReadonlyMap<string, RequiredProvider>
  /** The records of each block kind by keyword, in the table's order. */
  readonly resources: ReadonlyMap<string, ReadonlyMap<string, Resource>>
  readonly moduleCalls: ReadonlyMap<string, ModuleCall>
  /** The `provider` argument of each block of the table's top-level sites (import, removed, …) that has one. */
  readonly providerArguments: ReadonlyMap<Block, ProviderArgument>
  readonly diagnostics: readonly Diagnostic[]
}

/**
 * The module's records decoded once, when it is built, with their decode-time diagnostics: provider blocks,
 * required_providers entries, resources and their `provider` arguments, module calls with their `providers`
 * maps and meta-arguments, import blocks' provider arguments.
 */
export function decodeModule(m: DecodeSources, engine: Engine): DecodedRecords {
  const diags: Diagnostic[] = []
  const providerConfigs = new Map<string, ProviderConfig>()
  for (const [key, b] of m.providerConfigs)
    providerConfigs.set(key, decodeProviderBlock(b, engine, diags, engine.name === 'terraform' && m.mergedProviderConfigs.has(key)))
  for (const b of m.providerMetas.values()) {
    const problem = localNameProblem(b.labels[0]?.value ?? '')
    if (problem) diags.push(errorDiag('provider.invalid-local-name', 'Invalid provider local name', problem, b.declRange))
  }
  const requiredProviders = new Map<string, RequiredProvider>()
  for (const [name, a] of m.requiredProviders) {
    const r = m.required.get(name)
    if (!r) {
      // no entry to read (a list, a number, an expression): a static value still has its name checked
      const lit = literalOf(a.node)
      const problem =
        tupleItemsOf(a.node) !== undefined || (lit !== undefined && typeof lit !== 'string') ? localNameProblem(name) : undefined
      if (problem) diags.push(errorDiag('provider.invalid-local-name', 'Invalid provider local name', problem, a.exprRange))
      continue
    }
    const decoded = decodeRequirement(r, engine, diags)
    requiredProviders.set(name, decoded ? {...r, decoded} : r)
  }
  const resources = new Map<string, Map<string, Resource>>()
  for (const kind of m.blockKinds.rows) {
    const out = new Map<string, Resource>()
    for (const [key, b] of m.resources.get(kind.keyword) ?? []) out.set(key, decodeResource(kind.mode, b, engine, diags))
    resources.set(kind.keyword, out)
  }
  const providerArguments = decodeImports(m, engine, resources.get('resource') ?? new Map<string, Resource>(), diags)
  const moduleCalls = new Map<string, ModuleCall>()
  for (const name of [...m.moduleCalls.keys()].sort()) moduleCalls.set(name, decodeCall(name, m.moduleCalls.get(name)!, engine, diags))
  return {
    providerConfigs,
    requiredProviders,
    resources,
    moduleCalls,
    providerArguments,
    diagnostics: diags,
  }
}

/**
 * The `provider` argument of import blocks (Terraform's decodeImportBlock, then the import loop of
 * addProviderRequirements): only an import that generates configuration may choose the provider; one whose
 * target resource is declared must leave it to that resource (or repeat exactly what it says).
 */
function decodeImports(
  m: DecodeSources,
  engine: Engine,
  managed: ReadonlyMap<string, Resource>,
  diags: Diagnostic[],
): Map<Block, ProviderArgument> {
  const out = new Map<Block, ProviderArgument>()
  const tofu = engine.name === 'opentofu'
  const invalid = (detail: string, a: Attribute): void =>
    void diags.push(
      errorDiag('provider.import-provider-argument', 'Invalid import provider argument', detail, {
        filename: a.nameRange.filename,
        start: a.nameRange.start,
        end: a.exprRange.end,
      }),
    )
  // every provider argument of the table's top-level sites (import, removed, …), read leniently; decoded below
  // for the static import targets
  for (const [site, blocks] of siteBlocks(m)) {
    for (const b of blocks) {
      const p = attr(b, site.argument)
      const value = p && !(objectItemsOf(p.node) !== undefined || unwrapTemplate(p.node).k === 'tuple') ? lenientRef(p, p.node) : undefined
      if (p) out.set(b, {attribute: p, ...(value ? {value} : {})})
    }
  }
  for (const target of importTargets(m)) {
    const p = target.provider
    if (!p) continue
    if (target.modules.length > 0)
      invalid(
        'The provider argument can only be specified in import blocks that will generate configuration.\n\nUse the providers argument within the module block to configure providers for all resources within a module, including imported resources.',
        p,
      )
    const arg = providerArgument(p, engine, diags)
    out.set(target.block, arg)
    const ref = arg.decoded
    if (!ref || target.modules.length > 0) continue
    const resource = managed.get(target.local)
    if (!resource) continue
    const rref = resource.provider?.decoded
    if (!rref)
      invalid(
        tofu
          ? 'The provider argument in the target resource block must be specified and match the import block.'
          : 'The provider argument can only be specified in import blocks that will generate configuration.\n\nUse the provider argument in the target resource block to configure the provider for a resource with explicit provider configuration.',
        p,
      )
    else if (rref.name !== ref.name || rref.alias !== ref.alias)
      invalid(
        tofu
          ? 'The provider argument in the target resource block must match the import block.'
          : 'The provider argument can only be specified in import blocks that will generate configuration.\n\nUse the provider argument in the target resource block to configure the provider for a resource with explicit provider configuration.',
        p,
      )
  }
  return out
}

export function defaultProvider(name: string, engine: Engine): Provider {
  return {host: engine.defaultRegistryHost, namespace: 'hashicorp', type: name.toLowerCase()}
}

export function impliedForType(name: string, engine: Engine): Provider {
  if (name === 'terraform') return {host: 'terraform.io', namespace: 'builtin', type: 'terraform'}
  return defaultProvider(name, engine)
}
