// Reads a Terraform or OpenTofu state in the raw format version 4 (what `terraform state pull`,
// `tofu state pull` and a local terraform.tfstate hold; Terraform's internal/states/statefile/version4.go):
// every resource instance object (current and deposed) with the provider configuration it was recorded
// under. Attribute values are never kept: only the addresses, keys and provider configurations are copied
// out of the parsed document. Nothing of the state is cached or written.
import {
  parseModuleInstance,
  parseLegacyProviderConfig,
  parseProviderInstance,
  type InstanceKey,
  ResourceInstanceAddr,
} from '../addrs/instance.js'
import type {AbsProviderConfig} from '../addrs/provider.js'
import {ResourceAddr} from '../addrs/resource.js'
import {JsonScanError, parseSkipping} from './json-scan.js'

/** The state cannot be used: one line for the user, saying what was given and what to run instead (exit 1). */
export class StateError extends Error {}

/** One object of the state: a resource instance's current object, or one of its deposed objects. */
export interface StateObject {
  /** The deposed object's key (create_before_destroy replaced it and could not destroy it yet). */
  readonly deposed?: string
  /**
   * The instance address (`module.m["a"].terraform_data.r[0]`): its module instance (`module`), its resource (its
   * module path without instance keys, `resource`) and its `count` index or `for_each` key (`instanceKey`).
   */
  readonly address: ResourceInstanceAddr
  /** The provider configuration it was recorded under (the resource's, or OpenTofu's instance's). */
  readonly recorded: AbsProviderConfig
  /** OpenTofu: the key of the provider instance (a configuration with `for_each`). */
  readonly recordedKey?: InstanceKey
  /** The recorded configuration as the state writes it. */
  readonly recordedText: string
}

export interface StateFile {
  readonly serial: number
  readonly lineage: string
  readonly terraformVersion: string
  readonly objects: readonly StateObject[]
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)
const PULL = 'terraform state pull'

/** What is never read of a state: attribute values and the rest matching does not need (scanned over, not built). */
const SKIPPED: ReadonlySet<string> = new Set([
  'attributes',
  'attributes_flat',
  'sensitive_attributes',
  'private',
  'dependencies',
  'outputs',
  'check_results',
  'identity',
])

/** The state's JSON without its attribute values, with the one-line reasons of a text that is empty, truncated or not JSON. */
function parseJson(text: string, name: string): unknown {
  if (text.trim() === '')
    throw new StateError(
      `${name} is empty: no state was given; run ${PULL} > terraform.tfstate (or pipe it: ${PULL} | tfgraph … --state -)`,
    )
  try {
    return parseSkipping(text, SKIPPED)
  } catch (e) {
    if (!(e instanceof JsonScanError)) throw e
    throw new StateError(
      `${name} is not a state: ${e.truncated ? 'the JSON ends early (truncated?)' : `not valid JSON (${e.message})`}; run ${PULL} > terraform.tfstate and give that file`,
    )
  }
}

/** The document's kind when it is not a state of format 4: a one-line StateError. */
function notAState(doc: unknown, name: string): StateError | undefined {
  if (!isObj(doc)) return new StateError(`${name} is JSON but not a Terraform state (not an object); run ${PULL} > terraform.tfstate`)
  if (typeof doc['format_version'] === 'string') {
    const what = 'resource_changes' in doc || 'planned_values' in doc ? 'a plan' : 'a state'
    return new StateError(
      `${name} is terraform show -json output of ${what}, which drops provider aliases; give the raw state instead: ${PULL} > terraform.tfstate`,
    )
  }
  const version = doc['version']
  if (typeof version !== 'number')
    return new StateError(`${name} is JSON but not a Terraform state (no "version"); run ${PULL} > terraform.tfstate`)
  if (version < 4)
    return new StateError(
      `${name} is a state of format version ${version} (Terraform 0.11 or older); tfgraph reads version 4: run ${PULL} with Terraform 0.12 or later, which upgrades it`,
    )
  if (version > 4) return new StateError(`${name} is a state of format version ${version}; tfgraph reads version 4 (what ${PULL} prints)`)
  if (!Array.isArray(doc['resources']))
    return new StateError(`${name} is not a Terraform state of version 4 ("resources" is not a list); run ${PULL} > terraform.tfstate`)
  return undefined
}

function bad(name: string, what: string): StateError {
  return new StateError(`${name} is not a valid Terraform state: ${what}; run ${PULL} > terraform.tfstate`)
}

type Recorded = NonNullable<ReturnType<typeof parseProviderInstance>>

/** The objects of one entry of `resources` (attributes are not read); `providers`: each configuration text parsed once. */
function resourceObjects(r: unknown, n: number, name: string, out: StateObject[], providers: Map<string, Recorded>): void {
  if (!isObj(r)) throw bad(name, `resources[${n}] is not an object`)
  const {mode, type, name: rname, module: moduleText = '', provider, instances} = r
  if ((mode !== 'managed' && mode !== 'data') || typeof type !== 'string' || typeof rname !== 'string')
    throw bad(name, `resources[${n}] has no mode (managed or data), type and name`)
  const module = typeof moduleText === 'string' ? parseModuleInstance(moduleText) : undefined
  if (!module) throw bad(name, `resources[${n}] has the module address ${JSON.stringify(moduleText)}`)
  if (!Array.isArray(instances)) throw bad(name, `resources[${n}] has no instances list`)
  const resource = new ResourceAddr(module.path, mode, type, rname)
  const resourceText = ResourceInstanceAddr.resourceText(module, resource)
  for (const [i, inst] of instances.entries()) {
    if (!isObj(inst)) throw bad(name, `resources[${n}].instances[${i}] is not an object`)
    const k = inst['index_key']
    const key = typeof k === 'number' || typeof k === 'string' ? k : undefined
    // OpenTofu records a provider instance on the instance (`instance_provider`) when its configuration has for_each
    const text = typeof inst['instance_provider'] === 'string' && inst['instance_provider'] ? inst['instance_provider'] : provider
    let recorded = typeof text === 'string' ? providers.get(text) : undefined
    if (!recorded && typeof text === 'string') {
      const legacy = parseLegacyProviderConfig(text)
      recorded = parseProviderInstance(text) ?? (legacy ? {config: legacy} : undefined)
      if (recorded) providers.set(text, recorded)
    }
    if (typeof text !== 'string' || !recorded)
      throw bad(name, `${resource.toString()} has the provider configuration ${JSON.stringify(text ?? null)}`)
    const deposed = typeof inst['deposed'] === 'string' && inst['deposed'] ? inst['deposed'] : undefined
    const address = new ResourceInstanceAddr(module, resource, key, resourceText)
    out.push({
      ...(deposed ? {deposed} : {}),
      address,
      recorded: recorded.config,
      ...(recorded.key !== undefined ? {recordedKey: recorded.key} : {}),
      recordedText: text,
    })
  }
}

/** Reads a state's text; `name` says what was given in the messages (a path, or `stdin`). */
export function readState(text: string, name: string): StateFile {
  const doc = parseJson(text, name)
  const problem = notAState(doc, name)
  if (problem || !isObj(doc)) throw problem ?? bad(name, 'not an object')
  const objects: StateObject[] = []
  const providers = new Map<string, Recorded>()
  for (const [n, r] of (doc['resources'] as unknown[]).entries()) resourceObjects(r, n, name, objects, providers)
  return {
    serial: typeof doc['serial'] === 'number' ? doc['serial'] : 0,
    lineage: typeof doc['lineage'] === 'string' ? doc['lineage'] : '',
    terraformVersion: typeof doc['terraform_version'] === 'string' ? doc['terraform_version'] : '',
    objects,
  }
}
