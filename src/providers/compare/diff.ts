// `tfgraph providers diff`: the provider binding of every resource in two revisions of a configuration,
// compared by address (after the new revision's `moved` blocks), each difference with one kind and why.
// Works on the `providers --json` documents (the stable contract) plus the configurations' arguments.
import {ResourceAddr} from '../../addrs/resource.js'
import type {SourceRange} from '../../diag/diagnostic.js'
import type {ProvidersAnalysis, ProvidersDocument} from '../analyze.js'
import {providersDocument} from '../analyze.js'
import {applyMoves, movedEntries, providerConfigArguments, type ConfigArguments, type MovedEntry} from '../tree/config-arguments.js'

export const CHANGE_KINDS = ['rebound', 'config-changed', 'provider-changed', 'removed-with-config', 'removed', 'added'] as const
export type ChangeKind = (typeof CHANGE_KINDS)[number]
/** The kinds that fail the run (exit 2) unless `--fail-on` says otherwise. */
export const RISKY_KINDS: readonly ChangeKind[] = ['rebound', 'config-changed', 'provider-changed', 'removed-with-config']

type DocResource = ProvidersDocument['resources'][number]
type DocConfig = ProvidersDocument['provider_configs'][number]

/** One side of a change: the resource as bound in one revision. */
export interface BindingSide {
  readonly provider: string
  readonly providerConfig: string | null
  /** OpenTofu provider for_each: the instance key expression (`each.key`, `"eu"`). */
  readonly instanceKey?: string
  readonly arguments: ConfigArguments
  readonly resolution: DocResource['resolution']
  readonly range: SourceRange
  /** Where the configuration is declared (none for implied ones). */
  readonly configRange: SourceRange | null
}

export interface ArgumentChange {
  readonly name: string
  readonly before?: string
  readonly after?: string
}

export interface BindingChange {
  readonly address: string
  readonly kind: ChangeKind
  /** The old address, when a `moved` block renamed the resource or its module. */
  readonly movedFrom?: ResourceAddr
  readonly moved?: readonly MovedEntry[]
  readonly before: BindingSide | null
  readonly after: BindingSide | null
  /** Why, in one sentence. */
  readonly reason: string
  /** config-changed: the arguments that differ. */
  readonly argumentChanges?: readonly ArgumentChange[]
  /**
   * provider-changed by a `moved` block of the resource itself: the engine hands the objects to the new
   * provider, which converts them (MoveResourceState), so no `state replace-provider` is needed.
   * `accepted`: the new provider is known to take this move (terraform_data from null_resource), not a
   * risky change; `provider-decides`: the plan fails if the new provider cannot move objects of the old type.
   */
  readonly providerMove?: ProviderMove
}

export type ProviderMove = 'accepted' | 'provider-decides'

/** A module call of either revision tfgraph could not analyse (not installed, not found): its resources are not compared. */
export interface NotAnalysed {
  readonly revision: 'old' | 'new'
  readonly module: string
  readonly reason: string
}

export interface ProvidersDiff {
  readonly engine: string
  readonly changes: readonly BindingChange[]
  readonly unchanged: number
  /** Resources renamed by a `moved` block whose binding did not change. */
  readonly movedUnchanged: number
  /** Module calls not analysed in either revision: when some exist, the comparison is partial. */
  readonly notAnalysed: readonly NotAnalysed[]
}

/**
 * What a changed binding does to a resource: a managed resource's objects are looked for (and, if it is
 * rebound, changed) elsewhere; a data source is read, an ephemeral resource opened, and nothing changed.
 */
function effect(mode: string, rebound: boolean): string {
  if (mode === 'data') return 'it will be read'
  if (mode === 'ephemeral') return 'it will be opened'
  if (mode === 'action') return 'it will be invoked'
  if (mode === 'list') return 'it will be queried'
  return rebound ? 'its objects will be looked for (and changed)' : 'its objects will be looked for'
}

export interface DiffSide {
  readonly doc: ProvidersDocument
  readonly arguments: ReadonlyMap<string, ConfigArguments>
  readonly moves: readonly MovedEntry[]
}

/** The document, the configurations' arguments and the `moved` blocks of one analysed revision. */
export function diffSide(a: ProvidersAnalysis, rootArg: string): DiffSide {
  const doc = providersDocument(a, rootArg)
  return {doc, arguments: providerConfigArguments(a.tree, doc), moves: movedEntries(a.tree)}
}

function side(r: DocResource, s: DiffSide): BindingSide {
  const cfg = r.provider_config ? s.doc.provider_configs.find((c) => c.address === r.provider_config) : undefined
  return {
    provider: r.provider,
    providerConfig: r.provider_config,
    ...(r.instance_key !== undefined ? {instanceKey: r.instance_key} : {}),
    arguments: (r.provider_config && s.arguments.get(r.provider_config)) || {},
    resolution: r.resolution,
    range: r.range,
    configRange: cfg?.range ?? null,
  }
}

function argumentChanges(a: ConfigArguments, b: ConfigArguments): ArgumentChange[] {
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()
  const out: ArgumentChange[] = []
  for (const name of names) {
    const x = a[name]
    const y = b[name]
    if (x && y && JSON.stringify(x.value) === JSON.stringify(y.value)) continue
    out.push({name, ...(x ? {before: x.text} : {}), ...(y ? {after: y.text} : {})})
  }
  return out
}

const configText = (addr: string | null, key?: string): string =>
  addr === null ? 'no configuration' : key !== undefined ? `${addr}[${key}]` : addr

/** Terraform can destroy an orphan only with its configuration; an implied empty default in the root is always there. */
function configGone(r: DocResource, oldConfigs: readonly DocConfig[], newConfigs: ReadonlySet<string>): boolean {
  if (!r.provider_config || newConfigs.has(r.provider_config)) return false
  const c = oldConfigs.find((x) => x.address === r.provider_config)
  return !(c && c.implied && c.module === '')
}

const BUILTIN_TERRAFORM = 'terraform.io/builtin/terraform'

/**
 * A provider change made by a `moved` block of the resource itself (not of its module): Terraform ≥ 1.8
 * and OpenTofu ≥ 1.10 move the objects across resource types and providers by asking the new provider
 * to convert them (Terraform internal/refactoring/cross_provider_move.go, OpenTofu
 * internal/tofu/node_resource_abstract.go `moveResourceState`); the state then names the new provider.
 * terraform_data accepts objects of null_resource (Terraform ≥ 1.9: from a provider whose address ends
 * in hashicorp/null; OpenTofu: from whichever provider), internal/builtin/providers/terraform/resource_data.go.
 */
function resourceMove(
  o: DocResource,
  n: DocResource,
  moves: readonly MovedEntry[],
  engine: string,
): {kind: ProviderMove; reason: string} | undefined {
  const own = moves.find((m) => m.from instanceof ResourceAddr)
  if (!own) return undefined
  const product = engine === 'opentofu' ? 'OpenTofu' : 'Terraform'
  const accepted =
    n.type === 'terraform_data' &&
    n.provider === BUILTIN_TERRAFORM &&
    o.type === 'null_resource' &&
    (engine === 'opentofu' || o.provider.endsWith('hashicorp/null'))
  if (accepted) {
    return {
      kind: 'accepted',
      reason: `moved by a moved block from ${o.address} (${o.provider}) to ${n.address} (${n.provider}): ${product} ${engine === 'opentofu' ? '≥ 1.10' : '≥ 1.9'} hands the objects to ${n.provider}, which converts null_resource objects into terraform_data ones (their triggers become triggers_replace: if the new block's triggers_replace differs, the object is replaced); no state replace-provider is needed`,
    }
  }
  return {
    kind: 'provider-decides',
    reason: `moved by a moved block from ${o.address} (${o.provider}) to ${n.address} (${n.provider}): ${product} ${engine === 'opentofu' ? '≥ 1.10' : '≥ 1.8'} asks ${n.provider} to convert the objects (a move across resource types and providers); the plan fails if that provider does not support moving ${o.type} objects. No state replace-provider is needed`,
  }
}

export function diffProviders(before: DiffSide, after: DiffSide): ProvidersDiff {
  const newByAddr = new Map(after.doc.resources.map((r) => [r.address, r]))
  const newConfigs = new Set(after.doc.provider_configs.map((c) => c.address))
  const matched = new Set<string>()
  const changes: BindingChange[] = []
  let unchanged = 0
  let movedUnchanged = 0
  for (const o of before.doc.resources) {
    // the old revision's address, read back from its document, taken through the new revision's moved blocks
    const old = ResourceAddr.parse(o.address)
    const moved = old && old.key === o.address ? applyMoves(old, after.moves) : undefined
    const address = moved ? moved.address.key : o.address
    const moves = moved?.moves ?? []
    const n = newByAddr.get(address)
    const mv = old && moved && address !== o.address ? {movedFrom: old, moved: moves} : {}
    if (!n) {
      const b = side(o, before)
      if (configGone(o, before.doc.provider_configs, newConfigs)) {
        changes.push({
          address: o.address,
          kind: 'removed-with-config',
          before: b,
          after: null,
          reason: `removed together with the configuration it is bound to, ${o.provider_config}: Terraform cannot plan the destruction of its objects ("Provider configuration not present"). Safely: remove the resource first and keep the provider configuration for one more apply, then remove the configuration.`,
        })
      } else
        changes.push({
          address: o.address,
          kind: 'removed',
          before: b,
          after: null,
          reason: `removed; its configuration ${o.provider_config ?? '(none)'} is still there, so its objects will be destroyed with it`,
        })
      continue
    }
    matched.add(n.address)
    const b = side(o, before)
    const a = side(n, after)
    const base = {address: n.address, ...mv, before: b, after: a}
    if (o.provider !== n.provider) {
      const move = resourceMove(o, n, moves, after.doc.engine)
      changes.push(
        move
          ? {...base, kind: 'provider-changed', providerMove: move.kind, reason: move.reason}
          : {
              ...base,
              kind: 'provider-changed',
              reason: `its provider changed from ${o.provider} to ${n.provider}: objects in the state still belong to ${o.provider} (run terraform state replace-provider ${o.provider} ${n.provider})`,
            },
      )
    } else if (o.provider_config !== n.provider_config || o.instance_key !== n.instance_key) {
      changes.push({
        ...base,
        kind: 'rebound',
        reason: `bound to ${configText(o.provider_config, o.instance_key)} before, to ${configText(n.provider_config, n.instance_key)} now: ${effect(n.mode, true)} through another configuration`,
      })
    } else {
      const diffs = argumentChanges(b.arguments, a.arguments)
      if (diffs.length > 0) {
        const said = diffs.map((d) => `${d.name} ${d.before ?? '(unset)'} → ${d.after ?? '(unset)'}`).join(', ')
        changes.push({
          ...base,
          kind: 'config-changed',
          argumentChanges: diffs,
          reason: `its configuration ${n.provider_config ?? ''} changed (${said}): ${effect(n.mode, false)} somewhere else`,
        })
      } else {
        unchanged++
        if (mv.movedFrom) movedUnchanged++
      }
    }
  }
  for (const n of after.doc.resources) {
    if (matched.has(n.address)) continue
    changes.push({
      address: n.address,
      kind: 'added',
      before: null,
      after: side(n, after),
      reason: `added, bound to ${configText(n.provider_config, n.instance_key)}`,
    })
  }
  const rank = (k: ChangeKind): number => CHANGE_KINDS.indexOf(k)
  changes.sort((x, y) => rank(x.kind) - rank(y.kind) || (x.address < y.address ? -1 : x.address > y.address ? 1 : 0))
  const notAnalysed = (['old', 'new'] as const).flatMap((revision) =>
    (revision === 'old' ? before : after).doc.modules
      .filter((m) => !m.resolved)
      .map((m) => ({revision, module: m.path, reason: m.unresolved_reason ?? 'not loaded'})),
  )
  return {engine: after.doc.engine, changes, unchanged, movedUnchanged, notAnalysed}
}

/** A change of a risky kind, unless it is a provider move the new provider is known to accept. */
export function isRisky(c: BindingChange): boolean {
  return RISKY_KINDS.includes(c.kind) && c.providerMove !== 'accepted'
}

/** The changes that fail the run: of the kinds `failOn` names when given, else the risky ones. */
export function failingChanges(d: ProvidersDiff, failOn?: readonly ChangeKind[]): BindingChange[] {
  return d.changes.filter((c) => (failOn ? failOn.includes(c.kind) : isRisky(c)))
}

export interface ProvidersDiffDocument {
  readonly format_version: '1'
  readonly engine: string
  readonly old: string
  readonly new: string
  readonly summary: Readonly<Record<ChangeKind | 'unchanged', number>>
  /** Module calls not analysed (their resources are not compared): the result is partial when some exist. */
  readonly not_analysed: readonly NotAnalysed[]
  readonly changes: readonly {
    address: string
    kind: ChangeKind
    moved_from?: string
    reason: string
    argument_changes?: readonly ArgumentChange[]
    provider_move?: ProviderMove
    before: SideJson | null
    after: SideJson | null
  }[]
}

interface SideJson {
  provider: string
  provider_config: string | null
  instance_key?: string
  arguments: Record<string, unknown>
  resolution: DocResource['resolution']
  range: SourceRange
  config_range: SourceRange | null
}

function sideJson(s: BindingSide | null): SideJson | null {
  if (!s) return null
  return {
    provider: s.provider,
    provider_config: s.providerConfig,
    ...(s.instanceKey !== undefined ? {instance_key: s.instanceKey} : {}),
    arguments: Object.fromEntries(Object.entries(s.arguments).map(([k, v]) => [k, v.value])),
    resolution: s.resolution,
    range: s.range,
    config_range: s.configRange,
  }
}

export function providersDiffDocument(d: ProvidersDiff, oldName: string, newName: string): ProvidersDiffDocument {
  const summary = Object.fromEntries([
    ...CHANGE_KINDS.map((k) => [k, d.changes.filter((c) => c.kind === k).length]),
    ['unchanged', d.unchanged],
  ]) as Record<ChangeKind | 'unchanged', number>
  return {
    format_version: '1',
    engine: d.engine,
    old: oldName,
    new: newName,
    summary,
    not_analysed: d.notAnalysed,
    changes: d.changes.map((c) => ({
      address: c.address,
      kind: c.kind,
      ...(c.movedFrom ? {moved_from: c.movedFrom.key} : {}),
      reason: c.reason,
      ...(c.argumentChanges ? {argument_changes: c.argumentChanges} : {}),
      ...(c.providerMove ? {provider_move: c.providerMove} : {}),
      before: sideJson(c.before),
      after: sideJson(c.after),
    })),
  }
}
