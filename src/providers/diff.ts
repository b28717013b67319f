// `tfgraph providers diff`: the provider binding of every resource in two revisions of a configuration,
// compared by address (after the new revision's `moved` blocks), each difference with one kind and why.
// Works on the `providers --json` documents (the stable contract) plus the configurations' arguments.
import type {SourceRange} from '../diag/diagnostic.js'
import type {ProvidersAnalysis, ProvidersDocument} from './analyze.js'
import {providersDocument} from './analyze.js'
import {applyMoves, movedEntries, providerConfigArguments, type ConfigArguments, type MovedEntry} from './config-arguments.js'

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
  readonly movedFrom?: string
  readonly moved?: readonly MovedEntry[]
  readonly before: BindingSide | null
  readonly after: BindingSide | null
  /** Why, in one sentence. */
  readonly reason: string
  /** config-changed: the arguments that differ. */
  readonly argumentChanges?: readonly ArgumentChange[]
}

export interface ProvidersDiff {
  readonly engine: string
  readonly changes: readonly BindingChange[]
  readonly unchanged: number
  /** Resources renamed by a `moved` block whose binding did not change. */
  readonly movedUnchanged: number
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

export function diffProviders(before: DiffSide, after: DiffSide): ProvidersDiff {
  const newByAddr = new Map(after.doc.resources.map((r) => [r.address, r]))
  const newConfigs = new Set(after.doc.provider_configs.map((c) => c.address))
  const matched = new Set<string>()
  const changes: BindingChange[] = []
  let unchanged = 0
  let movedUnchanged = 0
  for (const o of before.doc.resources) {
    const {address, moves} = applyMoves(o.address, after.moves)
    const n = newByAddr.get(address)
    const mv = address !== o.address ? {movedFrom: o.address, moved: moves} : {}
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
      changes.push({
        ...base,
        kind: 'provider-changed',
        reason: `its provider changed from ${o.provider} to ${n.provider}: objects in the state still belong to ${o.provider} (run terraform state replace-provider ${o.provider} ${n.provider})`,
      })
    } else if (o.provider_config !== n.provider_config || o.instance_key !== n.instance_key) {
      changes.push({
        ...base,
        kind: 'rebound',
        reason: `bound to ${configText(o.provider_config, o.instance_key)} before, to ${configText(n.provider_config, n.instance_key)} now: its objects will be looked for (and changed) through another configuration`,
      })
    } else {
      const diffs = argumentChanges(b.arguments, a.arguments)
      if (diffs.length > 0) {
        const said = diffs.map((d) => `${d.name} ${d.before ?? '(unset)'} → ${d.after ?? '(unset)'}`).join(', ')
        changes.push({
          ...base,
          kind: 'config-changed',
          argumentChanges: diffs,
          reason: `its configuration ${n.provider_config ?? ''} changed (${said}): its objects will be looked for somewhere else`,
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
  return {engine: after.doc.engine, changes, unchanged, movedUnchanged}
}

/** The kinds that fail the run: `failOn` when given, else the risky ones. */
export function failingChanges(d: ProvidersDiff, failOn?: readonly ChangeKind[]): BindingChange[] {
  const kinds = failOn ?? RISKY_KINDS
  return d.changes.filter((c) => kinds.includes(c.kind))
}

export interface ProvidersDiffDocument {
  readonly format_version: '1'
  readonly engine: string
  readonly old: string
  readonly new: string
  readonly summary: Readonly<Record<ChangeKind | 'unchanged', number>>
  readonly changes: readonly {
    address: string
    kind: ChangeKind
    moved_from?: string
    reason: string
    argument_changes?: readonly ArgumentChange[]
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
    changes: d.changes.map((c) => ({
      address: c.address,
      kind: c.kind,
      ...(c.movedFrom ? {moved_from: c.movedFrom} : {}),
      reason: c.reason,
      ...(c.argumentChanges ? {argument_changes: c.argumentChanges} : {}),
      before: sideJson(c.before),
      after: sideJson(c.after),
    })),
  }
}
