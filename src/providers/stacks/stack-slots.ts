// The provider configuration slots of a stack component's root module: the configurations it needs from its
// caller, as Terraform's configs.Config.EffectiveRequiredProviderConfigs finds them — configuration_aliases
// entries (explicit), the configurations its resources, data sources, ephemeral resources, actions and
// import blocks refer to (by `provider` argument or implied by their type), the configurations its module
// calls pass in their `providers` maps, and, for a call without one, the default configurations the called
// module needs in turn. A configuration the module declares itself (a provider block) is no slot. A
// required_providers entry alone makes no slot.
import {impliedLocalName, providerString, type Provider} from '../../addrs/provider.js'
import type {ModuleNode} from '../../crawl/crawl.js'
import {importTargets} from '../../load/imports.js'
import {resourceRecords} from '../../load/block-kinds.js'

export interface ProviderSlot {
  readonly provider: Provider
  readonly alias?: string
  /** The module's local name for it (and the alias). */
  readonly localName: string
  /** Declared with an explicit local name (a configuration_aliases entry). */
  readonly explicit: boolean
}

function key(p: Provider, alias: string | undefined): string {
  return `${providerString(p)} ${alias ?? ''}`
}

/** The slots of a module node, in Terraform's order of discovery. */
export function providerSlots(n: ModuleNode): ProviderSlot[] {
  const m = n.module
  if (!m) return []
  const names = m.names
  const self = new Set<string>()
  for (const p of m.providerConfigs.values()) if (p.valid) self.add(key(names.providerFor(p.localName), p.alias))
  const out = new Map<string, ProviderSlot>()
  const putLocal = (localName: string, alias: string | undefined, explicit: boolean): void => {
    const provider = names.providerFor(localName)
    const k = key(provider, alias)
    if (self.has(k) || out.has(k)) return
    out.set(k, {provider, ...(alias ? {alias} : {}), localName, explicit})
  }
  const put = (provider: Provider): void => {
    const k = key(provider, undefined)
    if (self.has(k) || out.has(k)) return
    out.set(k, {provider, localName: names.localNameFor(provider) ?? provider.type, explicit: false})
  }
  for (const r of [...names.requirements.values()].sort((a, b) => (a.localName < b.localName ? -1 : 1)))
    for (const entry of r.aliases) if (entry.value) putLocal(entry.value.localName, entry.value.alias, true)
  for (const r of resourceRecords(m, (k) => k.stackSlot)) {
    const ref = r.provider?.decoded
    if (ref) putLocal(ref.name, ref.alias, false)
    else putLocal(impliedLocalName(r.type), undefined, false)
  }
  for (const t of importTargets(m)) {
    const ref = m.providerArguments.get(t.block)?.value
    if (ref) putLocal(ref.localName, ref.alias, false)
    else put(names.providerFor(impliedLocalName(t.type)))
  }
  for (const call of m.moduleCalls.values()) {
    for (const p of call.providers) putLocal(p.inParent.name, p.inParent.alias, false)
    if (call.providers.length > 0) continue
    const child = n.children.find((c) => c.path[c.path.length - 1] === call.name)
    if (!child) continue
    for (const s of providerSlots(child)) if (!s.alias) put(s.provider)
  }
  return [...out.values()]
}
