// The diagnostics of a state matched to the configuration: Terraform's "Provider configuration not
// present" once per orphaned object whose configuration is gone (its exact text, from the plan's provider
// transformer; recorded with Terraform 1.11.4 in fixtures/state/), with tfgraph's explanation of where the
// configuration was and the ways out; a warning per object the configuration now binds elsewhere; and one
// when the state matches nothing of the configuration.
import {errorDiag, warningDiag, type Diagnostic} from '../diag/diagnostic.js'
import {renameFiles, rootRelative} from '../diag/file-names.js'
import type {ProvidersAnalysis} from '../providers/analysis.js'
import {stepText} from '../providers/tree/step-text.js'
import {instanceKeyString, type InstanceKey, type ResourceInstanceAddr} from '../addrs/instance.js'
import type {MatchedObject, StateMatch} from './match.js'

/** The object as Terraform's plan graph names an orphan's vertex: `terraform_data.a (orphan)`, `… (deposed KEY)`. */
function vertexName(m: MatchedObject): string {
  return m.object.deposed ? `${m.object.address} (deposed ${m.object.deposed})` : `${m.object.address} (orphan)`
}

/** Where the recorded configuration was: `provider "terraform" with alias "x" in the root module`. */
function whereItWas(m: MatchedObject, a: ProvidersAnalysis): string {
  const c = m.object.recorded
  const block = `a provider "${c.provider.type}" block${c.alias ? ` with alias = "${c.alias}"` : ''}`
  if (c.module.isRoot) return `${block} in the root module`
  const called = a.tree.nodes.some((n) => n.addr.equals(c.module))
  return `${block} in ${c.module.key}${called ? '' : ' (a module the configuration no longer calls)'}`
}

function missingDiagnostic(m: MatchedObject, a: ProvidersAnalysis): Diagnostic {
  const v = vertexName(m)
  const recorded = m.object.recorded.toString()
  const d = errorDiag(
    'state.provider-configuration-missing',
    'Provider configuration not present',
    `To work with ${v} its original provider configuration at ${recorded} is required, but it has been removed. This occurs when a provider configuration is removed while objects created by that provider still exist in the state. Re-add the provider configuration to destroy ${v}, after which you can remove the provider configuration again.`,
  )
  const removed = m.removedBy
    ? ` The removed block (${m.removedBy.from.key}${m.removedBy.destroy ? '' : ', destroy = false'}) does not help: Terraform still needs the configuration to ${m.removedBy.destroy ? 'destroy' : 'forget'} the object.`
    : ' A removed block alone does not help: Terraform still needs the configuration to destroy or forget the object.'
  const explanation =
    `${m.object.address} is not declared any more, and the state records it under ${recorded}, which was ${whereItWas(m, a)}: that block is gone.` +
    ` Ways out: re-add that block (with the same settings), apply to destroy the object, then remove the block again;` +
    ` or destroy the object with the previous revision before removing the block (terraform destroy -target='${m.object.address}');` +
    ` or stop managing it without destroying it: terraform state rm '${m.object.address}'.` +
    removed
  return {...d, extra: {explanation}}
}

/** OpenTofu's error for an orphan whose provider instance is gone (internal/tofu/node_resource_abstract_instance.go), its four texts. */
function instanceMissingDiagnostic(m: MatchedObject): Diagnostic {
  const o = m.object
  const config = o.recorded.toString()
  const instance = o.recordedKey === undefined ? config : o.recordedText
  const resource = o.address.withoutKey().key
  const keyed = m.instanceMissing === 'keyed'
  const detail = o.deposed
    ? keyed
      ? `To work with ${o.address}'s deposed object ${o.deposed} its original provider instance at ${instance} is required, but it has been removed. This occurs when an element is removed from the provider configuration's for_each collection while objects created by that the associated provider instance still exist in the state. Re-add the for_each element to destroy this deposed object for ${o.address}, after which you can remove the provider configuration again.`
      : `To work with ${o.address}'s deposed object ${o.deposed} its original provider instance at ${instance} is required, but it has been removed. This suggests that you've added for_each to this provider configuration while there are existing deposed objects of ${o.address} that need to be destroyed by the original single-instance provider configuration.\n\nTo proceed, return to your previous single-instance configuration for ${config} and ensure that all deposed instances of ${o.address} have been destroyed before using for_each with this provider.`
    : keyed
      ? `To work with ${o.address} its original provider instance at ${instance} is required, but it has been removed. This occurs when an element is removed from the provider configuration's for_each collection while objects created by that the associated provider instance still exist in the state. Re-add the for_each element to destroy ${o.address}, after which you can remove the provider configuration again.\n\nThis is commonly caused by using the same for_each collection both for a resource (or its containing module) and its associated provider configuration. To successfully remove an instance of a resource it must be possible to remove the corresponding element from the resource's for_each collection while retaining the corresponding element in the provider's for_each collection.`
      : `To work with ${o.address} its original provider instance at ${instance} is required, but it has been removed. This suggests that you've added for_each to this provider configuration while there are existing instances of ${resource} that need to be destroyed by the original single-instance provider configuration.\n\nTo proceed, return to your previous single-instance configuration for ${config} and ensure that ${o.address} has been destroyed or forgotten before using for_each with this provider, or change the resource configuration to still declare an instance with the key ${goKey(o.address.instanceKey)}.`
  return errorDiag('state.provider-instance-missing', 'Provider instance not present', detail)
}

/** A resource instance key as Go's %s prints addrs.InstanceKey: `[0]`, `["a"]`, and `<nil>` for none. */
function goKey(k: InstanceKey | undefined): string {
  return k === undefined ? '<nil>' : instanceKeyString(k)
}

function rehomedDiagnostic(m: MatchedObject, a: ProvidersAnalysis): Diagnostic {
  const recorded = m.object.recorded.toString()
  const now = m.providerConfig?.key ?? 'no configuration'
  const chain = (m.binding?.resolution ?? [])
    .filter((s) => s.kind === 'passed' || s.kind === 'inherited' || s.kind === 'missing')
    .map((s) => stepText(s, a.tree.engine))
  const moved = m.movedFrom ? ` (moved from ${m.movedFrom.key})` : ''
  const what =
    m.status === 'orphan'
      ? `Terraform destroys it through ${now}, not through the configuration that created it`
      : `Terraform reads, plans and applies it through ${now} without saying so: if that configuration points to another account, region or endpoint, the object is not found there and Terraform plans to create it again, leaving the original unmanaged`
  const d = warningDiag(
    'state.rehomed',
    'A state object moves to another provider configuration',
    `The state records ${m.object.address} under ${recorded}; the configuration now binds ${m.configAddress?.key ?? m.object.address}${moved} to ${now}${chain.length > 0 ? ` (${chain.join('; ')})` : ''}. ${what}.`,
  )
  return m.binding ? {...d, extra: {range: m.binding.range}} : d
}

/** The diagnostics of a state's match, files named relative to the analysed root (as the analysis's), each with the state object it concerns (none for the whole state's). */
export function stateDiagnostics(
  match: StateMatch,
  a: ProvidersAnalysis,
  name: string,
): {diagnostic: Diagnostic; address?: ResourceInstanceAddr}[] {
  const out: {diagnostic: Diagnostic; address?: ResourceInstanceAddr}[] = []
  for (const m of match.objects) {
    if (m.status === 'orphan-configuration-missing') out.push({diagnostic: missingDiagnostic(m, a), address: m.object.address})
    else if (m.instanceMissing) out.push({diagnostic: instanceMissingDiagnostic(m), address: m.object.address})
    else if (m.binding && !(m.providerConfig?.equals(m.object.recorded) ?? false))
      out.push({diagnostic: rehomedDiagnostic(m, a), address: m.object.address})
  }
  const managed = match.objects.filter((m) => m.object.address.resource.mode === 'managed')
  if (managed.length > 0 && managed.every((m) => m.configAddress === undefined) && a.resolution.resources.length > 0) {
    out.push({
      diagnostic: warningDiag(
        'state.other-configuration',
        'The state matches nothing in this configuration',
        `None of the ${managed.length} managed object${managed.length === 1 ? '' : 's'} of ${name} is declared by this configuration: is it the state of another root module or workspace? Terraform would plan to destroy them all.`,
      ),
    })
  }
  const named = rootRelative(a.tree.rootDir)
  return out.map((f) => ({...f, diagnostic: renameFiles(f.diagnostic, named)}))
}
