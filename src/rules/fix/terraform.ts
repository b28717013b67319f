// Fixes of Terraform's own diagnostics (rule `terraform`): a quoted reference or keyword unquoted, a
// provider block's `version` moved into required_providers, the declaration a child module lacks for a
// configuration its caller passes, and — a choice, offered in the editor and left by `--fix` — which
// configuration to pass for a configuration_aliases slot a call does not fill.
import {providerEquals, providerForDisplay, providerString, referenceParts} from '../../addrs/provider.js'
import type {ModuleNode} from '../../crawl/crawl.js'
import type {Diagnostic, SourceRange} from '../../diag/diagnostic.js'
import {dottedName, objectItemsOf, unwrapTemplate} from '../../hcl/expr.js'
import {engineByName} from '../../load/engine.js'
import type {ProvidersAnalysis} from '../../providers/analyze.js'
import type {Fix} from './fix.js'
import {declareInChildFix, moveVersionFix, passConfigurationFix} from './providers.js'
import {siteOf} from './required-providers.js'
import {FixFile, singleFix, type SourceText} from './source-file.js'

export interface TerraformFixInputs {
  readonly analysis: ProvidersAnalysis
  readonly sourceText: SourceText
  readonly lockedProviders?: ReadonlyMap<string, string>
}

/** A traversal as Terraform's compatibility shim reads it from a quoted string. */
const TRAVERSAL = /^"([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*|\.\d+|\[\d+\])*)"$/

function sameStart(a: SourceRange | undefined, b: SourceRange | undefined): boolean {
  return a !== undefined && b !== undefined && a.filename === b.filename && a.start.byte === b.start.byte
}

/** The fixes of one of Terraform's diagnostics; `node`: the module it is about. */
export function terraformFixes(d: Diagnostic, node: ModuleNode | undefined, inputs: TerraformFixInputs): Fix[] {
  const r = d.range
  if (!r) return []
  switch (d.code) {
    case 'config.quoted-reference':
    case 'config.quoted-keyword': {
      const file = FixFile.of(inputs.sourceText, r.filename)
      if (!file || file.json) return []
      const s = file.offset(r.start)
      const e = file.offset(r.end)
      const m = TRAVERSAL.exec(file.text.slice(s, e))
      const fix = m && singleFix(file, [{s, e, text: m[1]!}], `Remove the quotes around ${m[1]}`)
      return fix ? [fix] : []
    }
    case 'provider.version-in-config':
      return versionFixes(r, node, inputs)
    case 'provider.undeclared-in-child':
    case 'provider.unknown-in-child':
      return childDeclarationFixes(r, inputs)
    case 'provider.missing-config':
      return passFixes(r, inputs)
    default:
      return []
  }
}

function versionFixes(r: SourceRange, node: ModuleNode | undefined, inputs: TerraformFixInputs): Fix[] {
  const m = node?.module
  const site = node && siteOf(node, inputs.sourceText)
  if (!m || !site) return []
  for (const {block} of m.providerConfigs.values()) {
    const v = block.body.attributes.find((a) => a.name === 'version')
    if (!v || !sameStart(v.exprRange, r)) continue
    const name = block.labels[0]?.value ?? ''
    const engine = engineByName(inputs.analysis.tree.engine)
    const source = providerForDisplay(m.names.providerFor(name), engine.defaultRegistryHost)
    const root = node.addr.isRoot && inputs.analysis.sharedModule === undefined
    const fix = moveVersionFix(site, block, v, source, root)
    return fix ? [fix] : []
  }
  return []
}

/** The call whose providers map holds `r`, and the node of the module it calls. */
function calledAt(nodes: readonly ModuleNode[], r: SourceRange): ModuleNode | undefined {
  return nodes.find((n) => {
    const pm = n.call?.providersAttribute
    return (
      pm !== undefined &&
      pm.exprRange.filename === r.filename &&
      pm.exprRange.start.byte <= r.start.byte &&
      r.end.byte <= pm.exprRange.end.byte
    )
  })
}

function childDeclarationFixes(r: SourceRange, inputs: TerraformFixInputs): Fix[] {
  const {tree} = inputs.analysis
  const child = calledAt(tree.nodes, r)
  const pm = child?.call?.providersAttribute
  const file = FixFile.of(inputs.sourceText, r.filename)
  if (!pm || !file || !file.holds(pm)) return []
  const at = file.offset(r.start)
  const item = objectItemsOf(pm.node)?.find((it) => it.key.s <= at && at < it.key.e)
  const key = item && dottedName(unwrapTemplate(item.key))
  const site = child && siteOf(child, inputs.sourceText)
  if (!child?.module || !site || !key) return []
  const engine = engineByName(tree.engine)
  // the type the child reads the name as (what Terraform assumes), else what the caller passes
  const name = referenceParts(key).localName
  const type = child.module.names.providerFor(name)
  const fix = declareInChildFix(
    site,
    key,
    providerForDisplay(type, engine.defaultRegistryHost),
    inputs.lockedProviders?.get(providerString(type)),
  )
  return fix ? [fix] : []
}

/** One fix per configuration of the caller that could fill each slot the call leaves empty. */
function passFixes(r: SourceRange, inputs: TerraformFixInputs): Fix[] {
  const child = inputs.analysis.tree.nodes.find((n) => n.call && sameStart(n.call.declRange, r))
  const parent = child?.parent
  const call = child?.call
  const cm = child?.module
  const pmod = parent?.module
  const site = parent && siteOf(parent, inputs.sourceText)
  if (!call || !cm || !pmod || !site) return []
  const pm = call.providersAttribute
  const passed = new Set(((pm && objectItemsOf(pm.node)) ?? []).map((it) => dottedName(unwrapTemplate(it.key))))
  const out: Fix[] = []
  for (const req of cm.names.requirements.values()) {
    for (const {text: slot} of req.aliases) {
      if (passed.has(slot) || cm.providerConfigs.has(slot)) continue
      for (const candidate of candidatesIn(pmod, req.provider)) {
        const fix = passConfigurationFix(site, call.block, slot, candidate, `Pass ${candidate} to ${child.addr.key} as ${slot}`)
        if (fix) out.push(fix)
      }
    }
  }
  return out
}

/** The configurations of a module for one provider: its provider blocks, the slots its callers fill, its default one. */
function candidatesIn(m: NonNullable<ModuleNode['module']>, type: Parameters<typeof providerEquals>[0]): string[] {
  const out = new Set<string>()
  for (const [key, b] of m.providerConfigs) if (providerEquals(m.names.providerFor(b.localName), type)) out.add(key)
  for (const req of m.names.requirements.values()) if (providerEquals(req.provider, type)) for (const a of req.aliases) out.add(a.text)
  const local = m.names.localNameFor(type)
  if (local !== undefined) out.add(local)
  return [...out].sort()
}
