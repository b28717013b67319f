// `tfgraph providers --plan PLAN.json`: every entry of a saved plan's `resource_changes` (the JSON of
// `terraform show -json PLANFILE`, format 1.x) joined to the static binding, and the plan's own
// `configuration` section checked against it.
import {referenceParts} from '../../addrs/provider.js'
import {warningDiag, type Diagnostic} from '../../diag/diagnostic.js'
import type {ProvidersAnalysis, ProvidersDocument} from '../analyze.js'
import {providerConfigArguments, withoutInstanceKeys, type ConfigArguments} from '../tree/config-arguments.js'

/** The plan cannot be used: one clear sentence for the user (exit 1). */
export class PlanError extends Error {}

interface PlanResourceChange {
  address: string
  mode?: string
  type?: string
  name?: string
  provider_name?: string
  change: {actions: string[]}
}

interface PlanConfigModule {
  resources?: {address: string; provider_config_key?: string}[]
  module_calls?: Record<string, {module?: PlanConfigModule}>
}

export interface PlanJson {
  format_version: string
  terraform_version?: string
  resource_changes: PlanResourceChange[]
  configuration?: {
    provider_config?: Record<string, {name: string; full_name?: string; alias?: string; module_address?: string}>
    root_module?: PlanConfigModule
  }
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)

/** Parses plan JSON text; `name` says which file in the messages. */
export function parsePlan(text: string, name: string): PlanJson {
  let doc: unknown
  try {
    doc = JSON.parse(text)
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e)
    const at = /position (\d+)/.exec(why)
    const truncated = /end of JSON|Unterminated|Unexpected end/i.test(why) || (at !== null && Number(at[1]) >= text.trimEnd().length)
    throw new PlanError(
      `${name} is not plan JSON: ${truncated ? 'the file ends early (truncated?)' : `not valid JSON (${why})`}; make it with terraform show -json PLANFILE > ${name}`,
    )
  }
  if (!isObj(doc) || typeof doc['format_version'] !== 'string')
    throw new PlanError(`${name} is not plan JSON: no format_version (make it with terraform show -json PLANFILE)`)
  const version = doc['format_version']
  if (!/^1\.\d+$/.test(version)) throw new PlanError(`${name}: plan JSON format ${version} is not supported (tfgraph reads format 1.x)`)
  if (!('planned_values' in doc) && !('resource_changes' in doc) && !('configuration' in doc)) {
    throw new PlanError(
      `${name} is JSON of format ${version} but not a plan (no planned_values, resource_changes or configuration): is it terraform show -json of a state?`,
    )
  }
  const changes = doc['resource_changes'] ?? []
  if (
    !Array.isArray(changes) ||
    !changes.every((c) => isObj(c) && typeof c['address'] === 'string' && isObj(c['change']) && Array.isArray(c['change']['actions']))
  ) {
    throw new PlanError(`${name}: resource_changes is not a list of {address, change: {actions}} (not plan JSON of format 1.x)`)
  }
  return {...(doc as object), format_version: version, resource_changes: changes} as PlanJson
}

export interface PlannedChange {
  readonly address: string
  readonly configAddress: string
  readonly actions: readonly string[]
  readonly providerConfig: string | null
  /** Why there is no configuration (an object no longer in the configuration). */
  readonly reason?: string
  readonly instanceKey?: string
  readonly arguments: ConfigArguments
}

export interface PlanJoin {
  readonly changes: readonly PlannedChange[]
  /** Disagreements between the plan's own configuration section and the static binding. */
  readonly diagnostics: readonly Diagnostic[]
}

/** The absolute address of the configuration a plan's `provider_config_key` names, found in the static configurations. */
function configForKey(key: string, plan: PlanJson, doc: ProvidersDocument): string | undefined {
  const entry = plan.configuration?.provider_config?.[key]
  const colon = key.lastIndexOf(':')
  const module = entry?.module_address ?? (colon >= 0 ? key.slice(0, colon) : '')
  const local = colon >= 0 ? key.slice(colon + 1) : key
  const [name, alias] = entry ? [entry.name, entry.alias] : [referenceParts(local).localName, referenceParts(local).alias]
  return doc.provider_configs.find((c) => c.module === module && c.local_name === name && (c.alias ?? undefined) === (alias ?? undefined))
    ?.address
}

function configResources(m: PlanConfigModule | undefined, prefix: string, out: Map<string, string>): void {
  if (!m) return
  for (const r of m.resources ?? [])
    if (r.provider_config_key) out.set(prefix ? `${prefix}.${r.address}` : r.address, r.provider_config_key)
  for (const [name, call] of Object.entries(m.module_calls ?? {}))
    configResources(call.module, `${prefix ? prefix + '.' : ''}module.${name}`, out)
}

/** Joins every planned change to the static binding; a plan for another configuration is a PlanError. */
export function joinPlan(plan: PlanJson, a: ProvidersAnalysis, doc: ProvidersDocument, name: string): PlanJoin {
  const args = providerConfigArguments(a.tree, doc)
  const byAddr = new Map(doc.resources.map((r) => [r.address, r]))
  const unknown: string[] = []
  const changes: PlannedChange[] = []
  for (const c of plan.resource_changes) {
    const configAddress = withoutInstanceKeys(c.address)
    const r = byAddr.get(configAddress)
    const actions = c.change.actions
    if (!r) {
      if (!actions.includes('delete') && !actions.includes('forget')) unknown.push(c.address)
      changes.push({
        address: c.address,
        configAddress,
        actions,
        providerConfig: null,
        reason: `${configAddress} is not in the configuration: the plan destroys it with the configuration recorded in the state${c.provider_name ? ` (${c.provider_name})` : ''}`,
        arguments: {},
      })
      continue
    }
    changes.push({
      address: c.address,
      configAddress,
      actions,
      providerConfig: r.provider_config,
      ...(r.instance_key !== undefined ? {instanceKey: r.instance_key} : {}),
      arguments: (r.provider_config && args.get(r.provider_config)) || {},
    })
  }
  if (unknown.length > 0) {
    const shown = unknown.slice(0, 3).join(', ') + (unknown.length > 3 ? ` and ${unknown.length - 3} more` : '')
    throw new PlanError(
      `${name} is a plan for another configuration: ${shown} ${unknown.length === 1 ? 'is' : 'are'} not in ${doc.root} (was the plan made from this directory, with this revision?)`,
    )
  }
  const diagnostics: Diagnostic[] = []
  const keys = new Map<string, string>()
  configResources(plan.configuration?.root_module, '', keys)
  for (const [address, key] of keys) {
    const r = byAddr.get(address)
    if (!r) continue
    const planned = configForKey(key, plan, doc)
    const providerName = plan.configuration?.provider_config?.[key]?.full_name
    if (planned === r.provider_config && (!providerName || providerName === r.provider)) continue
    diagnostics.push(
      warningDiag(
        'plan.binding-disagrees',
        'The plan binds a resource to another provider configuration',
        `${name} binds ${address} to provider_config_key "${key}"${planned ? ` (${planned})` : providerName ? ` (${providerName})` : ''}, but the configuration binds it to ${r.provider_config ?? 'no configuration'}: the plan was made from another revision or with other inputs, or tfgraph is wrong here (please report it).`,
        r.range,
      ),
    )
  }
  return {changes, diagnostics}
}

export interface PlannedChangeJson {
  address: string
  config_address: string
  actions: readonly string[]
  provider_config: string | null
  reason?: string
  instance_key?: string
  arguments: Record<string, unknown>
}

export function plannedChangesJson(j: PlanJoin): PlannedChangeJson[] {
  return j.changes.map((c) => ({
    address: c.address,
    config_address: c.configAddress,
    actions: c.actions,
    provider_config: c.providerConfig,
    ...(c.reason ? {reason: c.reason} : {}),
    ...(c.instanceKey !== undefined ? {instance_key: c.instanceKey} : {}),
    arguments: Object.fromEntries(Object.entries(c.arguments).map(([k, v]) => [k, v.value])),
  }))
}
