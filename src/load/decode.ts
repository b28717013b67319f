// Decoding a module for provider validation and resolution (once, when the module is built): provider blocks, `provider` references,
// `providers` maps, required_providers entries and module-call meta-arguments, with the decode-time
// diagnostics Terraform and OpenTofu report for them. Texts follow the engine.
import {localNameProblem, parseProviderPart, type Provider} from '../addrs/provider.js'
import {importTargets} from './imports.js'
import type {Diagnostic, SourceRange} from '../diag/diagnostic.js'
import {errorDiag, formatRange, warningDiag} from '../diag/diagnostic.js'
import {advancePos} from '../diag/positions.js'
import {tokenizeExpr, type ExprToken} from '../hcl/expr-tokens.js'
import type {Attribute, Block} from '../hcl/syntax.js'
import type {Engine} from './engine.js'
import type {ResourceMode} from '../addrs/resource.js'
import type {LocalNames} from './local-names.js'
import {asTraversal, between, exprTokens, isJsonFile, objectItems, tokensRange, tupleItems} from './decode-exprs.js'
import {literalOf, literalString, objectItemsOf, tupleItemsOf} from '../hcl/expr.js'

// ---------------------------------------------------------------------------------------------
// Provider configuration references

export interface ConfigRef {
  readonly name: string
  readonly nameRange: SourceRange
  readonly alias?: string
  /** OpenTofu instance key: the range Terraform reports for it. */
  readonly keyRange?: SourceRange
  readonly range: SourceRange
}

export function refString(r: {name: string; alias?: string}): string {
  return r.alias ? `${r.name}.${r.alias}` : r.name
}

interface RefContext {
  readonly engine: Engine
  readonly argName: 'provider' | 'providers'
  readonly json: boolean
  /** Emit "Quoted references are deprecated" for quoted strings (resource `provider` arguments get it from resolve.ts). */
  readonly warnQuoted: boolean
}

/** Finds the last top-level `[ … ]` whose content is not a single literal: OpenTofu's `name.alias[expr]`. */
function splitIndexExpr(toks: readonly ExprToken[]): {collection: ExprToken[]; key: ExprToken[]; keyRange: SourceRange} | undefined {
  const last = toks[toks.length - 1]
  if (!last || last.text !== ']') return undefined
  let depth = 0
  for (let i = toks.length - 1; i >= 0; i--) {
    const t = toks[i]!
    if (t.kind !== 'punct') continue
    if (t.text === ']' || t.text === ')' || t.text === '}') depth++
    else if (t.text === '[' || t.text === '(' || t.text === '{') {
      depth--
      if (depth === 0) {
        if (t.text !== '[' || i === 0) return undefined
        const key = toks.slice(i + 1, -1)
        const single = key.length === 1 && (key[0]!.kind === 'number' || (key[0]!.kind === 'string' && key[0]!.literal !== undefined))
        const r = tokensRange(key)
        if (single || !r) return undefined
        return {collection: toks.slice(0, i), key, keyRange: r}
      }
    }
  }
  return undefined
}

/** `decodeProviderConfigRef`: a provider configuration reference in a `provider` argument or a `providers` map. */
function decodeConfigRef(input: readonly ExprToken[], ctx: RefContext, diags: Diagnostic[]): ConfigRef | undefined {
  const {engine} = ctx
  let toks: readonly ExprToken[] = input.filter((t) => t.kind !== 'nl')
  const whole = tokensRange(toks)
  if (!whole) return undefined
  const tofu = engine.name === 'opentofu'
  const genericDetail = `The ${ctx.argName} argument requires a provider type name, optionally followed by a period and then a configuration alias${tofu ? ' and optional instance key' : ''}.`
  let maxLen = tofu ? 3 : 2
  let keyRange: SourceRange | undefined
  let quotedTemplate = false
  let exprRange = whole

  const single = toks.length === 1 ? toks[0] : undefined
  if (ctx.json) {
    // JSON: the string's content is a traversal, positioned from the string token's start (its quote), as HCL does.
    if (!single || single.kind !== 'string' || single.literal === undefined) {
      diags.push(errorDiag('provider.invalid-reference', 'Invalid provider configuration reference', genericDetail, whole))
      return undefined
    }
    toks = tokenizeExpr(single.literal, {start: single.range.start, filename: single.range.filename})
  }
  if (tofu) {
    const ix = splitIndexExpr(toks)
    if (ix) {
      maxLen = 2
      keyRange = ix.keyRange
      toks = ix.collection
      exprRange = tokensRange(toks) ?? whole
    }
  }
  const str = toks.length === 1 && toks[0]!.kind === 'string' ? toks[0]! : undefined
  if (str && !ctx.json) {
    if (str.wrapped) toks = str.wrapped
    else if (str.literal !== undefined) {
      if (ctx.warnQuoted) {
        diags.push(
          warningDiag(
            'config.quoted-reference',
            'Quoted references are deprecated',
            `In this context, references are expected literally rather than in quotes. ${engine.product} 0.11 and earlier required quotes, but quoted references are now deprecated and will be removed in a future version of ${engine.product}. Remove the quotes surrounding this reference to silence this warning.`,
            str.range,
          ),
        )
      }
      toks = tokenizeExpr(str.literal, {start: advancePos(str.range.start, '"'), filename: str.range.filename})
    } else quotedTemplate = true
  }
  const trav = quotedTemplate ? undefined : asTraversal(toks)
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

// ---------------------------------------------------------------------------------------------
// Decoding one module (once per loaded module)

export interface ProviderBlockInfo {
  readonly block: Block
  readonly name: string
  readonly alias?: string
  /** `name` or `name.alias`. */
  readonly key: string
  /** Has a body beyond the meta-arguments, or a `version`. */
  readonly configured: boolean
  readonly forEach?: Attribute
}

export interface RequirementInfo {
  readonly name: string
  readonly type: Provider
  readonly range: SourceRange
  /** configuration_aliases as `name.alias`. */
  readonly aliases: readonly string[]
}

export interface ResourceInfo {
  readonly mode: ResourceMode
  readonly type: string
  readonly name: string
  readonly block: Block
  /** The decoded `provider` argument (undefined when absent or invalid). */
  readonly ref?: ConfigRef
  readonly forEach?: Attribute
}

export interface PassedProvider {
  readonly inChild: ConfigRef
  readonly inParent: ConfigRef
}

export type MetaArgument = 'count' | 'for_each' | 'enabled' | 'depends_on'

export interface CallInfo {
  readonly name: string
  readonly block: Block
  readonly providers: readonly PassedProvider[]
  /** The meta-argument that forbids provider configurations below this call, and its subject. */
  readonly restriction?: {readonly meta: MetaArgument; readonly range: SourceRange}
  readonly forEach?: Attribute
}

/** What decoding reads of a module (the module being built). */
export interface DecodeSources {
  readonly providerConfigs: ReadonlyMap<string, Block>
  readonly providerMetas: ReadonlyMap<string, Block>
  readonly requiredProviders: ReadonlyMap<string, Attribute>
  readonly managedResources: ReadonlyMap<string, Block>
  readonly dataResources: ReadonlyMap<string, Block>
  readonly ephemeralResources: ReadonlyMap<string, Block>
  readonly actions: ReadonlyMap<string, Block>
  readonly listResources: ReadonlyMap<string, Block>
  readonly moduleCalls: ReadonlyMap<string, Block>
  readonly imports: readonly Block[]
  readonly names: LocalNames
}

export interface DecodedModule {
  readonly providers: readonly ProviderBlockInfo[]
  readonly requirements: readonly RequirementInfo[]
  readonly resources: readonly ResourceInfo[]
  readonly calls: ReadonlyMap<string, CallInfo>
  readonly diagnostics: readonly Diagnostic[]
}

function attr(b: Block, name: string): Attribute | undefined {
  return b.body.attributes.find((a) => a.name === name)
}

function literal(a: Attribute | undefined): string | undefined {
  return literalString(a)
}

const VALID_IDENTIFIER = /^[\p{ID_Start}_][\p{ID_Continue}-]*$/u
const BAD_IDENTIFIER = 'A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.'

function decodeProviderBlock(b: Block, engine: Engine, diags: Diagnostic[]): ProviderBlockInfo | undefined {
  const name = b.labels[0]?.value ?? ''
  const problem = localNameProblem(name)
  if (problem) {
    diags.push(errorDiag('provider.invalid-local-name', 'Invalid provider local name', problem, b.declRange))
    return undefined
  }
  const aliasAttr = attr(b, 'alias')
  const alias = literal(aliasAttr)
  if (alias !== undefined && !VALID_IDENTIFIER.test(alias)) {
    diags.push(
      errorDiag('provider.invalid-alias', 'Invalid provider configuration alias', `An alias must be a valid name. ${BAD_IDENTIFIER}`),
    )
  }
  const tofu = engine.name === 'opentofu'
  const forEach = attr(b, 'for_each')
  if (tofu && forEach && !alias) {
    diags.push(
      errorDiag(
        'provider.for-each-without-alias',
        'Alias required when using "for_each"',
        'The for_each argument is allowed only for provider configurations with an alias.',
        forEach.exprRange,
      ),
    )
  }
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
  let configured = literal(attr(b, 'version')) !== undefined
  const META = new Set(['alias', 'version', 'count', 'depends_on', 'for_each', 'source', '//'])
  if (b.body.attributes.some((a) => !META.has(a.name))) configured = true
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
      if (nb.body.attributes.length > 0 || nb.body.blocks.length > 0) configured = true
    } else if (nb.type === 'lifecycle' || nb.type === 'locals') {
      diags.push(
        errorDiag(
          'provider.reserved-block-type',
          'Reserved block type name in provider block',
          `The block type name ${JSON.stringify(nb.type)} is reserved for use by ${engine.product} in a future version.`,
          nb.typeRange,
        ),
      )
    } else configured = true
  }
  return {block: b, name, ...(alias ? {alias} : {}), key: alias ? `${name}.${alias}` : name, configured, ...(forEach ? {forEach} : {})}
}

function decodeRequirements(m: DecodeSources, engine: Engine, diags: Diagnostic[]): RequirementInfo[] {
  const names = m.names
  const out: RequirementInfo[] = []
  for (const [name, a] of m.requiredProviders) {
    const lit = literalOf(a.node)
    if (objectItemsOf(a.node) === undefined && tupleItemsOf(a.node) === undefined && (lit === undefined || typeof lit === 'string')) {
      // A legacy version-only entry; an expression here is not a static value (reported by the loader, if at all).
      if (lit === undefined) continue
      const part = parseProviderPart(name)
      if ('error' in part) {
        diags.push(errorDiag('provider.invalid-local-name', 'Invalid provider name', part.error, a.exprRange))
        continue
      }
      out.push({name, type: impliedForType(part.part, engine), range: a.exprRange, aliases: []})
      continue
    }
    const problem = localNameProblem(name)
    if (problem) {
      diags.push(errorDiag('provider.invalid-local-name', 'Invalid provider local name', problem, a.exprRange))
      continue
    }
    const req = names.requirements.get(name)
    if (!req) continue
    const aliases = req.aliases.filter((x) => {
      const dot = x.indexOf('.')
      return dot > 0 && x.slice(0, dot) === name && VALID_IDENTIFIER.test(x.slice(dot + 1))
    })
    out.push({name, type: req.provider, range: a.exprRange, aliases})
  }
  return out
}

/** A `providers` map (a module call's, or a test file run's): its entries, with the decode-time diagnostics. */
export function decodeProvidersMap(a: Attribute, engine: Engine, diags: Diagnostic[]): PassedProvider[] {
  const json = isJsonFile(a.exprRange)
  const items = objectItems(exprTokens(a))
  if (!items) {
    diags.push(errorDiag('module.providers-not-map', 'Invalid expression', 'A static map expression is required.', a.exprRange))
    return []
  }
  const out: PassedProvider[] = []
  const seen = new Map<string, SourceRange>()
  for (const item of items) {
    const ctx: RefContext = {engine, argName: 'providers', json, warnQuoted: true}
    const local: Diagnostic[] = []
    const inChild = decodeConfigRef(item.key, ctx, local)
    const inParent = decodeConfigRef(item.value, ctx, local)
    diags.push(...local)
    if (!inChild || !inParent || local.some((d) => d.severity === 'error')) continue
    const key = refString(inChild)
    const valueRange = tokensRange(item.value)!
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
    seen.set(key, between(tokensRange(item.key)!, valueRange))
    out.push({inChild, inParent})
  }
  return out
}

function decodeCall(name: string, b: Block, engine: Engine, diags: Diagnostic[]): CallInfo {
  const tofu = engine.name === 'opentofu'
  const count = attr(b, 'count')
  const forEach = attr(b, 'for_each')
  const lifecycle = tofu ? b.body.blocks.find((x) => x.type === 'lifecycle') : undefined
  const enabled = lifecycle ? attr(lifecycle, 'enabled') : undefined
  if (!tofu) {
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
  } else {
    const present = (
      [
        ['"count"', count],
        ['"enabled"', enabled],
        ['"for_each"', forEach],
      ] as const
    ).flatMap(([label, a]) => (a ? [{label, range: a.nameRange}] : []))
    if (present.length >= 2) {
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
  }
  const providersAttr = attr(b, 'providers')
  const providers = providersAttr ? decodeProvidersMap(providersAttr, engine, diags) : []
  let restriction: CallInfo['restriction']
  if (count) restriction = {meta: 'count', range: count.exprRange}
  else if (forEach) restriction = {meta: 'for_each', range: forEach.exprRange}
  else if (enabled) restriction = {meta: 'enabled', range: enabled.exprRange}
  else {
    const dependsOn = attr(b, 'depends_on')
    if (dependsOn) {
      const json = isJsonFile(dependsOn.exprRange)
      for (const item of tupleItems(exprTokens(dependsOn)) ?? []) {
        const r = json ? (item.length === 1 && item[0]!.kind === 'string' ? item[0]!.range : undefined) : asTraversal(item)?.range
        if (r) {
          restriction = {meta: 'depends_on', range: r}
          break
        }
      }
    }
  }
  return {name, block: b, providers, ...(restriction ? {restriction} : {}), ...(forEach ? {forEach} : {})}
}

/**
 * The provider-related parts of a module decoded once, when it is built, with their decode-time diagnostics:
 * provider blocks, required_providers entries, resources and their `provider` references, module calls with
 * their `providers` maps and meta-arguments, import blocks' provider arguments.
 */
export function decodeModule(m: DecodeSources, engine: Engine): DecodedModule {
  const diags: Diagnostic[] = []
  const providers: ProviderBlockInfo[] = []
  for (const b of m.providerConfigs.values()) {
    const p = decodeProviderBlock(b, engine, diags)
    if (p) providers.push(p)
  }
  for (const b of m.providerMetas.values()) {
    const problem = localNameProblem(b.labels[0]?.value ?? '')
    if (problem) diags.push(errorDiag('provider.invalid-local-name', 'Invalid provider local name', problem, b.declRange))
  }
  const requirements = decodeRequirements(m, engine, diags)
  const resources: ResourceInfo[] = []
  const groups: [ResourceMode, ReadonlyMap<string, Block>][] = [
    ['managed', m.managedResources],
    ['data', m.dataResources],
    ['ephemeral', m.ephemeralResources],
    ['action', m.actions],
    ['list', m.listResources],
  ]
  for (const [mode, map] of groups) {
    for (const b of map.values()) {
      const p = attr(b, 'provider')
      const ref = p
        ? decodeConfigRef(exprTokens(p), {engine, argName: 'provider', json: isJsonFile(p.exprRange), warnQuoted: false}, diags)
        : undefined
      const forEach = attr(b, 'for_each')
      resources.push({
        mode,
        type: b.labels[0]?.value ?? '',
        name: b.labels[1]?.value ?? '',
        block: b,
        ...(ref ? {ref} : {}),
        ...(forEach ? {forEach} : {}),
      })
    }
  }
  decodeImports(m, engine, resources, diags)
  const calls = new Map<string, CallInfo>()
  for (const name of [...m.moduleCalls.keys()].sort()) calls.set(name, decodeCall(name, m.moduleCalls.get(name)!, engine, diags))
  return {providers, requirements, resources, calls, diagnostics: diags}
}

/**
 * The `provider` argument of import blocks (Terraform's decodeImportBlock, then the import loop of
 * addProviderRequirements): only an import that generates configuration may choose the provider; one whose
 * target resource is declared must leave it to that resource (or repeat exactly what it says).
 */
function decodeImports(m: DecodeSources, engine: Engine, resources: readonly ResourceInfo[], diags: Diagnostic[]): void {
  const tofu = engine.name === 'opentofu'
  const invalid = (detail: string, a: Attribute): void =>
    void diags.push(
      errorDiag('provider.import-provider-argument', 'Invalid import provider argument', detail, {
        filename: a.nameRange.filename,
        start: a.nameRange.start,
        end: a.exprRange.end,
      }),
    )
  for (const target of importTargets(m)) {
    const p = target.provider
    if (!p) continue
    if (target.modules.length > 0)
      invalid(
        'The provider argument can only be specified in import blocks that will generate configuration.\n\nUse the providers argument within the module block to configure providers for all resources within a module, including imported resources.',
        p,
      )
    const ref = decodeConfigRef(exprTokens(p), {engine, argName: 'provider', json: isJsonFile(p.exprRange), warnQuoted: false}, diags)
    if (!ref || target.modules.length > 0) continue
    const resource = resources.find((r) => r.mode === 'managed' && r.type === target.type && r.name === target.name)
    if (!resource) continue
    if (!resource.ref)
      invalid(
        tofu
          ? 'The provider argument in the target resource block must be specified and match the import block.'
          : 'The provider argument can only be specified in import blocks that will generate configuration.\n\nUse the provider argument in the target resource block to configure the provider for a resource with explicit provider configuration.',
        p,
      )
    else if (resource.ref.name !== ref.name || resource.ref.alias !== ref.alias)
      invalid(
        tofu
          ? 'The provider argument in the target resource block must match the import block.'
          : 'The provider argument can only be specified in import blocks that will generate configuration.\n\nUse the provider argument in the target resource block to configure the provider for a resource with explicit provider configuration.',
        p,
      )
  }
}

export function defaultProvider(name: string, engine: Engine): Provider {
  return {host: engine.defaultRegistryHost, namespace: 'hashicorp', type: name.toLowerCase()}
}

export function impliedForType(name: string, engine: Engine): Provider {
  if (name === 'terraform') return {host: 'terraform.io', namespace: 'builtin', type: 'terraform'}
  return defaultProvider(name, engine)
}
