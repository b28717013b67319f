// Terraform's and OpenTofu's static provider-configuration validation over a crawled module tree
// (REFERENCE §a.4): `validateProviderConfigs` checks 1–11 (OpenTofu also check 4, instance keys),
// preceded by the decode-time checks of load/decode.ts (Module.decodeDiagnostics) and the tree-building checks of child
// modules (backend/cloud ignored, OpenTofu's import blocks), then the root module's backend type
// (backend-type.ts). Texts follow `tree.engine`.
import * as path from 'node:path'
import {ModulePath} from '../../addrs/module.js'
import {
  impliedLocalName,
  parseProviderPart,
  providerEquals,
  providerForDisplay,
  providerString,
  type Provider,
} from '../../addrs/provider.js'
import {ResourceAddr} from '../../addrs/resource.js'
import type {Diagnostic, SourceRange} from '../../diag/diagnostic.js'
import {errorDiag, formatRange, warningDiag} from '../../diag/diagnostic.js'
import type {ModuleNode, ModuleTree} from '../../crawl/crawl.js'
import type {Attribute} from '../../hcl/syntax.js'
import {engineByName, type Engine} from '../../load/engine.js'
import type {Module} from '../../load/model.js'
import type {RunMemo} from '../../load/run-memo.js'
import {resourceRecords, type BlockKinds} from '../../load/block-kinds.js'
import {defaultProvider, impliedForType} from '../../load/decode.js'
import {
  refString,
  type ConfigRef,
  type MetaArgument,
  type ModuleCall,
  type PassedProvider,
  type ProviderConfig,
  type RequiredProvider,
  type Resource,
} from '../../load/records.js'
import {sameExpression} from '../../hcl/expr.js'
import {moduleText} from './module-text.js'
import {engineBehaviour, type EngineBehaviour} from '../releases/engine-version.js'
import {unsupportedBackendType} from './backend-type.js'
import {staticContextErrors} from '../../crawl/static-eval.js'

// Positions inside raw expression text (kept here for existing importers)
export {advancePos, subRange} from '../../diag/positions.js'

// ---------------------------------------------------------------------------------------------
// validateProviderConfigs

function sameProvider(a: Provider, b: Provider): boolean {
  return providerEquals(a, b)
}

function isDefaultProvider(p: Provider, engine: Engine): boolean {
  return p.host === engine.defaultRegistryHost && p.namespace === 'hashicorp'
}

function resourceAddr(r: Resource): string {
  return new ResourceAddr(ModulePath.root, r.mode, r.type, r.name).localString()
}

function q(s: string): string {
  return JSON.stringify(s)
}

/** A required_providers entry the engine decoded without an error. */
type DecodedRequirement = RequiredProvider & {readonly decoded: NonNullable<RequiredProvider['decoded']>}

/** What validation reads of a module's records: its provider blocks with a valid name, its decoded requirements, every resource, its calls. */
interface Decoded {
  readonly providers: readonly ProviderConfig[]
  readonly requirements: readonly DecodedRequirement[]
  readonly resources: readonly Resource[]
  readonly calls: ReadonlyMap<string, ModuleCall>
  readonly blockKinds: BlockKinds
}

function decodedOf(m: Module): Decoded {
  return {
    providers: [...m.providerConfigs.values()].filter((p) => p.valid),
    requirements: [...m.requiredProviders.values()].filter((r): r is DecodedRequirement => r.decoded !== undefined),
    resources: resourceRecords(m),
    calls: m.moduleCalls,
    blockKinds: m.blockKinds,
  }
}

interface Ctx {
  readonly engine: Engine
  readonly decoded: (m: Module) => Decoded
  /** Provider types were resolved (Terraform skips that step when building the tree failed). */
  readonly typesResolved: boolean
}

type Restriction = {readonly meta: MetaArgument; readonly range: SourceRange; readonly call: string} | undefined

function byAddress(a: ModuleNode, b: ModuleNode): number {
  return a.addr.key < b.addr.key ? -1 : a.addr.key > b.addr.key ? 1 : 0
}

/**
 * Validates a subtree children first (in order of address), then the node itself, without recursion:
 * a chain of modules can be as deep as --max-depth allows, far deeper than the JavaScript stack.
 */
function validateNode(
  ctx: Ctx,
  root: ModuleNode,
  rootRestriction: Restriction,
  out: Diagnostic[],
  modules: Map<Diagnostic, ModulePath>,
): void {
  const stack: {node: ModuleNode; restriction: Restriction; expanded: boolean}[] = [
    {node: root, restriction: rootRestriction, expanded: false},
  ]
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!
    const m = top.node.module
    if (!m) {
      stack.pop()
      continue
    }
    if (top.expanded) {
      stack.pop()
      const from = out.length
      validateOne(ctx, top.node, top.restriction, out)
      for (let i = from; i < out.length; i++) modules.set(out[i]!, top.node.addr)
      continue
    }
    top.expanded = true
    const d = ctx.decoded(m)
    const children = [...top.node.children].sort(byAddress).filter((c) => c.module)
    for (const child of children.reverse()) {
      const name = child.path[child.path.length - 1] ?? ''
      const call = d.calls.get(name)
      stack.push({node: child, restriction: call?.restriction ? {...call.restriction, call: name} : top.restriction, expanded: false})
    }
  }
}

/** What the checks of one module share: the module, its decoded parts, and what its caller passes it. */
interface ModuleCheck {
  readonly ctx: Ctx
  readonly engine: Engine
  readonly tofu: boolean
  readonly node: ModuleNode
  readonly d: Decoded
  readonly product: string
  readonly display: (p: Provider) => string
  readonly configured: ReadonlyMap<string, ProviderConfig>
  readonly emptyConfigs: ReadonlyMap<string, ProviderConfig>
  readonly instanced: ReadonlyMap<string, Attribute>
  /** required_providers local names and configuration aliases, filled by the first check. */
  readonly localNamesMap: Map<string, Provider>
  readonly configAliases: Map<string, Provider>
  readonly passedIn: ReadonlyMap<string, PassedProvider>
  readonly parentModuleText: string
  readonly modText: string
  readonly out: Diagnostic[]
}

function moduleCheck(ctx: Ctx, node: ModuleNode, m: Module, out: Diagnostic[]): ModuleCheck {
  const {engine} = ctx
  const tofu = engine.name === 'opentofu'
  const d = ctx.decoded(m)
  const configured = new Map<string, ProviderConfig>()
  const emptyConfigs = new Map<string, ProviderConfig>()
  const instanced = new Map<string, Attribute>()
  for (const p of d.providers) {
    if (p.configured) configured.set(p.key, p)
    else emptyConfigs.set(p.key, p)
    if (tofu && p.forEach) instanced.set(p.key, p.forEach)
  }
  const parentCall = node.parent?.module ? ctx.decoded(node.parent.module).calls.get(node.path[node.path.length - 1] ?? '') : undefined
  const passedIn = new Map<string, PassedProvider>()
  for (const p of parentCall?.providers ?? []) passedIn.set(refString(p.inChild), p)
  const parentModuleText = node.parent ? moduleText(node.parent) : 'the root module'
  const modText = moduleText(node)
  return {
    ctx,
    engine,
    tofu,
    node,
    d,
    product: engine.product,
    display: (p) => providerForDisplay(p, engine.defaultRegistryHost),
    configured,
    emptyConfigs,
    instanced,
    localNamesMap: new Map(),
    configAliases: new Map(),
    passedIn,
    parentModuleText,
    modText,
    out,
  }
}

/** The checks of one module (its children already validated), in Terraform's order. */
function validateOne(ctx: Ctx, node: ModuleNode, restriction: Restriction, out: Diagnostic[]): void {
  if (!node.module) return
  const c = moduleCheck(ctx, node, node.module, out)
  duplicateRequirements(c)
  impliedResourceNames(c)
  if (c.tofu) instanceKeys(c)
  inheritedValues(c)
  // 6. nothing else for the root module
  if (node.addr.isRoot || !node.parent?.module || !node.call) return
  legacyUnderMetaArguments(c, restriction)
  overriddenConfigurations(c)
  missingConfigurationAliases(c)
  passedConfigurations(c)
  emptyProviderBlocks(c)
}

/** 1–2. duplicate requirements (and the local names and configuration aliases the later checks read) */
function duplicateRequirements(c: ModuleCheck): void {
  const {engine, d, display, localNamesMap, configAliases, out} = c
  for (const req of d.requirements) {
    const type = req.decoded.provider
    const name = req.localName
    const range = req.attribute.exprRange
    const prev = [...localNamesMap].find(([, t]) => sameProvider(t, type))
    if (prev) {
      out.push(
        warningDiag(
          'provider.duplicate-requirement',
          'Duplicate required provider',
          `Provider ${display(type)} with the local name ${q(name)} was previously required as ${q(prev[0])}. A provider can only be required once within required_providers.`,
          range,
        ),
      )
    } else if (isDefaultProvider(type, engine)) {
      const implied = type.type
      if (name !== implied && d.providers.some((p) => p.localName === implied)) {
        out.push(
          warningDiag(
            'provider.requirement-name-mismatch',
            'Duplicate required provider',
            `Provider ${display(type)} with the local name ${q(name)} was implicitly required via a configuration block as ${q(implied)}. The provider configuration block name must match the name used in required_providers.`,
            range,
          ),
        )
      }
    }
    localNamesMap.set(name, type)
    for (const a of req.decoded.aliases) configAliases.set(a, type)
  }
}

/** 3. implied provider local names of resources */
function impliedResourceNames(c: ModuleCheck): void {
  const {engine, d, localNamesMap, out} = c
  for (const r of d.resources) {
    // actions and list blocks are not among the resources validateProviderConfigs checks (nor, in Terraform, ephemeral resources)
    if (r.provider?.decoded || !d.blockKinds.byMode(r.mode)?.impliedNameChecked.includes(engine.name)) continue
    const localName = impliedLocalName(r.type)
    const part = parseProviderPart(localName)
    if ('error' in part) {
      out.push(
        errorDiag(
          'provider.invalid-implied-local-name',
          'Invalid provider local name',
          `${q(localName)} is an invalid implied provider local name: ${part.error}`,
          r.block.declRange,
        ),
      )
      continue
    }
    if (localNamesMap.has(localName)) continue
    const defAddr = impliedForType(localName, engine)
    for (const [prevName, addr] of localNamesMap) {
      if (!sameProvider(addr, defAddr)) continue
      out.push(
        warningDiag(
          'provider.resource-name-mismatch',
          'Duplicate required provider',
          `Provider ${q(providerString(defAddr))} was implicitly required via resource ${q(resourceAddr(r))}, but listed in required_providers as ${q(prevName)}. Either the local name in required_providers must match the resource name, or the ${q(prevName)} provider must be assigned within the resource block.`,
          r.block.declRange,
        ),
      )
    }
  }
}

/** 4. (OpenTofu) instance keys on provider references */
function instanceKeys(c: ModuleCheck): void {
  const {d, configured, instanced, node, out} = c
  const instanceValidation = (ref: ConfigRef, blockType: 'module' | 'resource'): void => {
    const pn = refString(ref)
    const isInstanced = instanced.has(pn)
    const summary = `Invalid ${blockType} provider configuration`
    if (ref.keyRange) {
      if (!ref.alias)
        out.push(
          errorDiag(
            'provider.instance-key-without-alias',
            summary,
            'An instance key can be specified only for a provider configuration which has an alias and uses for_each.',
            ref.keyRange,
          ),
        )
      else if (!isInstanced) {
        if (!configured.has(pn))
          out.push(
            errorDiag(
              'provider.instance-key-unknown-config',
              summary,
              `This module doesn't declare a provider ${q(ref.name)} block with alias = ${q(ref.alias)}, which is required for use with for_each.`,
              ref.nameRange,
            ),
          )
        else
          out.push(
            errorDiag(
              'provider.instance-key-without-for-each',
              summary,
              'An instance key can be specified only for a provider configuration that uses for_each.',
              ref.keyRange,
            ),
          )
      }
    } else if (isInstanced) {
      out.push(
        errorDiag(
          'provider.instance-key-missing',
          summary,
          'A reference to a provider configuration which uses for_each requires an instance key. Passing a collection of provider instances into a child module is not allowed.',
          ref.nameRange,
        ),
      )
    }
  }
  const identical = (
    blockType: 'module' | 'resource',
    target: string,
    source: Attribute | undefined,
    instance: Attribute | undefined,
  ): void => {
    if (!source || !instance || !sameExpression(source.node, instance.node)) return
    out.push(
      warningDiag(
        'provider.for-each-matches-resource',
        `Provider configuration for_each matches ${blockType}`,
        `This provider configuration uses the same for_each expression as a ${blockType}, which means that subsequent removal of elements from this collection would cause a planning error.\n\nOpenTofu relies on a provider instance to destroy resource instances that are associated with it, and so the provider instance must outlive all of its resource instances by at least one plan/apply round. For removal of instances to succeed in future you must structure the configuration so that the provider block's for_each expression can produce a superset of the instances of the resources associated with the provider configuration. Refer to the OpenTofu documentation for specific suggestions.\n\nTo destroy this object before removing the provider configuration, consider first performing a targeted destroy:\n    tofu apply -destroy ${target}`,
        source.exprRange,
      ),
    )
  }
  for (const call of d.calls.values()) {
    for (const passed of call.providers) {
      if (passed.inChild.keyRange)
        out.push(
          errorDiag(
            'provider.instance-key-in-providers-key',
            'Invalid module provider configuration',
            'Instance keys are not allowed on the left side of a provider configuration assignment.',
            passed.inChild.keyRange,
          ),
        )
      instanceValidation(passed.inParent, 'module')
      if (passed.inParent.keyRange)
        identical(
          'module',
          `-target=${node.addr.isRoot ? '' : node.addr.key + '.'}module.${call.name}`,
          call.forEach,
          instanced.get(refString(passed.inParent)),
        )
    }
  }
  for (const r of d.resources) {
    const ref = r.provider?.decoded
    if (!ref) continue
    instanceValidation(ref, 'resource')
    if (ref.keyRange && r.mode === 'managed') {
      identical(
        'resource',
        `-target=${node.addr.isRoot ? '' : node.addr.key + '.'}${r.type}.${r.name}`,
        r.forEach,
        instanced.get(refString(ref)),
      )
    }
  }
}

/** 5. non-aliased values of `providers` maps in calls from this module */
function inheritedValues(c: ModuleCheck): void {
  const {engine, d, product, display, configured, localNamesMap, passedIn, parentModuleText, modText, node, out} = c
  for (const call of d.calls.values()) {
    for (const passed of call.providers) {
      if (passed.inParent.alias) continue
      const name = passed.inParent.name
      const confOK = configured.has(name)
      const localOK = localNamesMap.has(name)
      const passedOK = passedIn.has(name)
      const defAddr = display(defaultProvider(name, engine))
      if (!confOK && !localOK) {
        out.push(
          warningDiag(
            'provider.undeclared-inherited',
            'Reference to undefined provider',
            `There is no explicit declaration for local provider name ${q(name)} in ${modText}, so ${product} is assuming you mean to pass a configuration for provider ${q(defAddr)}.\n\nTo clarify your intent and silence this warning, add to ${parentModuleText} a required_providers entry named ${q(name)} with source = ${q(defAddr)}, or a different source address if appropriate.`,
            passed.inParent.nameRange,
          ),
        )
        continue
      }
      if (!node.addr.isRoot && !confOK && !passedOK && node.call) {
        out.push(
          warningDiag(
            'provider.missing-inherited-config',
            'Missing required provider configuration',
            `The configuration for ${modText} expects to inherit a configuration for provider ${defAddr} with local name ${q(name)}, but ${parentModuleText} doesn't pass a configuration under that name.\n\nTo satisfy this requirement, add an entry for ${q(name)} to the "providers" argument in the module ${q(node.path[node.path.length - 1] ?? '')} block.`,
            node.call.declRange,
          ),
        )
      }
    }
  }
}

/** 7. legacy provider configurations under count / for_each / enabled / depends_on */
function legacyUnderMetaArguments(c: ModuleCheck, restriction: Restriction): void {
  const {tofu, configured, node, out} = c
  if (configured.size > 0 && restriction) {
    const metas = tofu ? 'count, for_each, enabled and depends_on' : 'count, for_each, and depends_on'
    const args = tofu ? 'count, for_each, enabled or depends_on' : 'count, for_each, or depends_on'
    out.push(
      errorDiag(
        'module.legacy-provider-incompatible',
        `Module is incompatible with ${metas}`,
        `The module at ${node.addr.key} is a legacy module which contains its own local provider configurations, and so calls to it may not use the ${args} arguments.\n\nIf you also control the module ${q(node.source?.normalized ?? node.sourceText ?? '')}, consider updating this module to instead expect provider configurations to be passed by its caller.`,
        restriction.range,
      ),
    )
  }
}

/** 8. passing a configuration the module configures itself */
function overriddenConfigurations(c: ModuleCheck): void {
  const {configured, passedIn, parentModuleText, modText, out} = c
  for (const name of [...configured.keys()].sort()) {
    const passed = passedIn.get(name)
    if (!passed) continue
    out.push(
      errorDiag(
        'provider.cannot-override-config',
        'Cannot override provider configuration',
        `The configuration of ${modText} has its own local configuration for ${name}, and so it cannot accept an overridden configuration provided by ${parentModuleText}.`,
        passed.inChild.nameRange,
      ),
    )
  }
}

/** 9. configuration_aliases that are neither configured nor passed */
function missingConfigurationAliases(c: ModuleCheck): void {
  const {display, configured, configAliases, passedIn, node, out} = c
  const call = node.call!
  for (const [name, type] of [...configAliases].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (configured.has(name) || passedIn.has(name)) continue
    out.push(
      errorDiag(
        'provider.missing-config',
        'Missing required provider configuration',
        `The child module requires an additional configuration for provider ${display(type)}, with the local name ${q(name)}.\n\nRefer to the module's documentation to understand the intended purpose of this additional provider configuration, and then add an entry for ${name} in the "providers" meta-argument in the module block to choose which provider configuration the module should use for that purpose.`,
        call.declRange,
      ),
    )
  }
}

/** 10. every passed configuration: declared in the child, and of the right type */
function passedConfigurations(c: ModuleCheck): void {
  const {ctx, engine, tofu, product, display, emptyConfigs, localNamesMap, configAliases, passedIn, parentModuleText, modText, node, out} =
    c
  const parent = node.parent!
  const parentDecoded = ctx.decoded(parent.module!)
  const parentRequired = new Map(parentDecoded.requirements.map((r) => [r.localName, r.decoded.provider]))
  const childRequired = localNamesMap
  for (const [name, passed] of passedIn) {
    let childType = ctx.typesResolved
      ? (childRequired.get(passed.inChild.name) ?? defaultProvider(passed.inChild.name, engine))
      : defaultProvider(passed.inChild.name, engine)
    const local = localNamesMap.get(name)
    if (local) childType = local
    const aliasType = configAliases.get(name)
    if (aliasType) childType = aliasType
    if (!local && !aliasType && !emptyConfigs.has(name)) {
      if (isDefaultProvider(childType, engine)) {
        out.push(
          warningDiag(
            'provider.undeclared-in-child',
            'Reference to undefined provider',
            `There is no explicit declaration for local provider name ${q(name)} in ${modText}, so ${product} is assuming you mean to pass a configuration for ${q(display(childType))}.\n\nIf you also control the child module, add a required_providers entry named ${q(name)} with the source address ${q(display(childType))}.`,
            passed.inChild.nameRange,
          ),
        )
      } else {
        out.push(
          errorDiag(
            'provider.unknown-in-child',
            'Reference to undefined provider',
            `The child module does not declare any provider requirement with the local name ${q(name)}.\n\nIf you also control the child module, you can add a required_providers entry named ${q(name)} with the source address ${q(display(childType))} to accept this provider configuration.`,
            passed.inChild.nameRange,
          ),
        )
      }
    }
    let parentType = ctx.typesResolved
      ? (parentRequired.get(passed.inParent.name) ?? defaultProvider(passed.inParent.name, engine))
      : defaultProvider(passed.inParent.name, engine)
    const override = parentRequired.get(name)
    if (override) parentType = override
    if (sameProvider(childType, parentType)) continue
    const other = [...localNamesMap].find(([, t]) => sameProvider(t, parentType))?.[0]
    if (other !== undefined) {
      const [first, second] = tofu ? [childType, parentType] : [parentType, childType]
      out.push(
        errorDiag(
          'provider.type-mismatch',
          'Provider type mismatch',
          `The assigned configuration is for provider ${q(display(first))}, but local name ${q(passed.inChild.name)} in ${parentModuleText} represents ${q(display(second))}.\n\nTo pass this configuration to the child module, use the local name ${q(other)} instead.`,
          passed.inChild.nameRange,
        ),
      )
    } else {
      const inParent = refString(passed.inParent)
      const inChild = refString(passed.inChild)
      out.push(
        errorDiag(
          'provider.type-mismatch-in-child',
          'Provider type mismatch',
          `The local name ${q(inParent)} in ${parentModuleText} represents provider ${q(display(parentType))}, but ${q(inChild)} in ${modText} represents ${q(display(childType))}.\n\nEach provider has its own distinct configuration schema and provider types, so this module's ${q(inChild)} can be assigned only a configuration for ${display(childType)}, which is not required by ${modText}.`,
          passed.inParent.nameRange,
        ),
      )
    }
  }
}

/** 11. empty ("proxy") provider blocks */
function emptyProviderBlocks(c: ModuleCheck): void {
  const {engine, product, display, emptyConfigs, localNamesMap, modText, out} = c
  const suggestions = new Map<string, {source: Provider; ranges: SourceRange[]; configs: string[]; aliases: number}>()
  for (const [name, p] of [...emptyConfigs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const local = p.localName
    let s = suggestions.get(local)
    if (!s) {
      s = {source: localNamesMap.get(name) ?? defaultProvider(local, engine), ranges: [], configs: [], aliases: 0}
      suggestions.set(local, s)
    }
    if (local !== name) s.aliases++
    s.configs.push(name)
    s.ranges.push(p.block.declRange)
  }
  for (const [name, s] of suggestions) {
    let text = `Earlier versions of ${product} used empty provider blocks ("proxy provider configurations") for child modules to declare their need to be passed a provider configuration by their callers. That approach was ambiguous and is now deprecated.\n\nIf you control this module, you can migrate to the new declaration syntax by removing all of the empty provider ${q(name)} blocks and then adding or updating an entry like the following to the required_providers block of ${modText}:\n`
    text += `    ${name} = {\n`
    text += `      source = ${q(display(s.source))}\n`
    if (s.aliases > 0) {
      text += '      configuration_aliases = [\n'
      for (const c of [...s.configs].sort()) text += `        ${c},\n`
      text += '      ]\n'
    }
    text += '    }'
    const subject = [...s.ranges].sort((a, b) => (formatRange(a) < formatRange(b) ? -1 : formatRange(a) > formatRange(b) ? 1 : 0))[0]
    out.push(warningDiag('provider.redundant-empty-block', 'Redundant empty provider block', text, subject))
  }
}

/** Tree-building checks of every module of a subtree, children first (in order of address), as `loadModule` does; without recursion. */
function childModuleChecks(
  root: ModuleNode,
  engine: Engine,
  importsInChildren: boolean,
  out: Diagnostic[],
  modules: Map<Diagnostic, ModulePath>,
): void {
  const stack: {node: ModuleNode; expanded: boolean}[] = [{node: root, expanded: false}]
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!
    if (!top.expanded) {
      top.expanded = true
      for (const c of [...top.node.children].sort(byAddress).reverse()) stack.push({node: c, expanded: false})
      continue
    }
    stack.pop()
    const from = out.length
    childModuleChecksOne(top.node, engine, importsInChildren, out)
    for (let i = from; i < out.length; i++) modules.set(out[i]!, top.node.addr)
  }
}

/** Tree-building checks of one child module. */
function childModuleChecksOne(node: ModuleNode, engine: Engine, importsAllowed: boolean, out: Diagnostic[]): void {
  const m = node.module
  if (!m || node.addr.isRoot) return
  const tofu = engine.name === 'opentofu'
  if (m.backend) {
    out.push(
      warningDiag(
        'module.backend-ignored',
        'Backend configuration ignored',
        `Any selected backend applies to the entire configuration, so ${engine.product} expects ${tofu ? 'provider' : 'backend'} configurations only in the root module.\n\nThis is a warning rather than an error because it's sometimes convenient to temporarily call a root module as a child module for testing purposes, but this backend configuration block will have no effect.`,
        m.backend.declRange,
      ),
    )
  }
  if (m.cloud && !tofu) {
    out.push(
      warningDiag(
        'module.cloud-ignored',
        'Cloud configuration ignored',
        "A cloud configuration block applies to the entire configuration, so Terraform expects 'cloud' blocks to only be in the root module.\n\nThis is a warning rather than an error because it's sometimes convenient to temporarily call a root module as a child module for testing purposes, but this cloud configuration block will have no effect.",
        m.cloud.declRange,
      ),
    )
  }
  // Terraform's buildChildModules: a called module's query files may not hold list blocks (the first one, in
  // file order here: Terraform takes one from its map)
  const firstList = [...m.listResources.values()][0]
  if (firstList && !tofu) {
    out.push(
      errorDiag(
        'query.list-in-child',
        'Invalid list configuration',
        `A list block was detected in ${q(node.addr.key)}. List blocks are only allowed in the root module.`,
        firstList.declRange,
      ),
    )
  }
  const firstImport = m.imports[0]
  if (firstImport && !importsAllowed) {
    out.push(
      errorDiag(
        'module.import-in-child',
        'Invalid import configuration',
        `An import block was detected in ${q(node.addr.key)}. Import blocks are only allowed in the root module.`,
        firstImport.declRange,
      ),
    )
  }
}

/**
 * OpenTofu evaluates a provider's for_each while loading the configuration, where only variables, local
 * values, path and terraform attributes have values (static_scope.go); its messages name the module.
 */
function staticProviderForEach(n: ModuleNode, engine: Engine): Diagnostic[] {
  if (engine.name !== 'opentofu' || !n.module) return []
  const out: Diagnostic[] = []
  for (const p of n.module.providerConfigs.values()) {
    if (!p.valid || !p.forEach) continue
    const ident = {subject: `provider.${p.localName}.${p.alias ?? ''}.for_each`, range: p.forEach.exprRange}
    out.push(...staticContextErrors(p.forEach, {module: n.module, variables: new Map(), address: n.addr.key}, ident))
  }
  return out
}

/** Does a diagnostic belong to a child module (its file is not one of the root directory's own files)? */
function inChildModule(d: Diagnostic, rootDir: string): boolean {
  return d.range !== undefined && path.dirname(path.resolve(rootDir, d.range.filename)) !== path.resolve(rootDir)
}

/**
 * Terraform's `validateProviderConfigs` over a crawled tree (REFERENCE §a.4, checks 1–11 with the
 * engine's texts), preceded by the decode-time checks of every loaded module (provider blocks,
 * `provider` references, `providers` maps, required_providers and provider_meta names, module-call
 * meta-arguments) and the tree-building checks of child modules. Children are validated before
 * their callers, calls in lexical order of name; modules that could not be loaded are skipped.
 * OpenTofu skips checks 1–11 entirely when a module failed to load or a child module has errors
 * (as its BuildConfig does); Terraform validates what loaded.
 */
export function validateProviderConfigs(tree: ModuleTree): Diagnostic[] {
  return [...validateProviderConfigsByModule(tree, engineBehaviour(tree.root.module, tree.engine, tree.pinnedRelease)).diagnostics]
}

/** Provider validation with the module each diagnostic concerns (the module checked; for a module's own files, the first call that reaches it). */
export interface ModuleDiagnostics {
  readonly diagnostics: readonly Diagnostic[]
  readonly modules: ReadonlyMap<Diagnostic, ModulePath>
  /** The modules' decode-time diagnostics among them (Terraform reports them while it loads each module). */
  readonly decodeTime: ReadonlySet<Diagnostic>
}

/** `behaviour`: the release followed for the tree's root (`engineBehaviour`). */
export function validateProviderConfigsByModule(tree: ModuleTree, behaviour: EngineBehaviour, memo?: RunMemo): ModuleDiagnostics {
  const engine = engineByName(tree.engine)
  // what validation reads of a module's records, once per module (with the run's memo: once per run, every
  // analysis of an editor's session reusing it while the module's files are unchanged, #48)
  const own = new Map<Module, Decoded>()
  const decoded = (m: Module): Decoded => {
    if (memo) return memo.get(m, 'validation-decoded', () => decodedOf(m))
    let d = own.get(m)
    if (!d) own.set(m, (d = decodedOf(m)))
    return d
  }
  const out: Diagnostic[] = []
  const modules = new Map<Diagnostic, ModulePath>()
  const seen = new Set<Module>()
  const decodeTime = new Set<Diagnostic>()
  for (const n of tree.nodes) {
    if (!n.module || seen.has(n.module)) continue
    seen.add(n.module)
    // decode-time diagnostics, once per module, for the first call that reaches it
    for (const d of [...n.module.decodeDiagnostics, ...staticProviderForEach(n, engine)]) {
      out.push(d)
      modules.set(d, n.addr)
      decodeTime.add(d)
    }
  }
  // Terraform allows import blocks in child modules from 1.16 (OpenTofu never does)
  childModuleChecks(tree.root, engine, behaviour.since116, out, modules)
  const buildFailed =
    tree.nodes.some((n) => !n.resolved) ||
    tree.diagnostics.some((d) => d.severity === 'error' && inChildModule(d, tree.rootDir)) ||
    out.some((d) => d.severity === 'error' && inChildModule(d, tree.rootDir))
  if (!(engine.name === 'opentofu' && buildFailed))
    validateNode({engine, decoded, typesResolved: !buildFailed}, tree.root, undefined, out, modules)
  // the root module's backend type: `init` checks it (Terraform ≥ 1.15 `validate` too, after the graph)
  for (const d of unsupportedBackendType(tree.root.module, engine)) {
    out.push(d)
    modules.set(d, tree.root.addr)
  }
  return {diagnostics: out, modules, decodeTime}
}
