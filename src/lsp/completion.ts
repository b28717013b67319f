// textDocument/completion of provider configuration references: after `provider =` (the configurations
// of the module for the block's provider, nothing when it has none), in a module call's `providers = { … }` (keys: the called
// module's slots; values: the caller's configurations, for the provider of the key), and in
// configuration_aliases (the aliases the module uses or its callers pass, not yet declared). Where the
// cursor stands is read from the buffer as typed (src/lsp/text-context.ts); what can be named, from the
// last complete analysis of the module.
import {CompletionItemKind, type CompletionItem, type Position} from 'vscode-languageserver'
import {impliedLocalName, providerString, referenceParts} from '../addrs/provider.js'
import type {ModuleNode} from '../crawl/crawl.js'
import type {RootAnalysis} from '../lint/workspace.js'
import type {Module} from '../load/model.js'
import {configKey, nameableConfigs, providerSites, receivableConfigs, type NameableConfig} from '../providers/tree/provider-references.js'
import {nodesOfFile} from './targets.js'
import {completionSpot, type CompletionSpot} from './text-context.js'

export interface CompletionContext {
  readonly analyses: readonly RootAnalysis[]
  readonly file: string
  /** The buffer's text, and the protocol's position of an offset in it. */
  readonly text: string
  readonly positionAt: (offset: number) => Position
}

/** The module of the file in the analyses, and its instances (a shared module has one per call). */
function instances(ctx: CompletionContext): ModuleNode[] {
  return ctx.analyses.flatMap((a) => nodesOfFile(a, ctx.file))
}

function provider(m: Module, localName: string): string {
  return providerString(m.names.providerFor(localName))
}

function detail(m: Module, c: NameableConfig): string {
  const p = provider(m, c.localName)
  if (c.from === 'block') return `provider block of ${p}`
  if (c.from === 'alias-entry') return `${p}, passed in by the caller (configuration_aliases)`
  return `the default configuration of ${p}`
}

/** Completion items at `offset` of the buffer (none where tfgraph has nothing to offer). */
export function completions(ctx: CompletionContext, offset: number): CompletionItem[] {
  const nodes = instances(ctx)
  const m = nodes[0]?.module
  if (!m) return []
  const spot = completionSpot(
    ctx.text,
    offset,
    m.blockKinds.rows.map((k) => k.keyword),
    m.blockKinds.sites.filter((x) => x.within === 'module' && x.editor.complete),
  )
  if (!spot) return []
  const range = {start: ctx.positionAt(spot.from), end: ctx.positionAt(offset)}
  const item = (label: string, d: string, sort: number): CompletionItem => ({
    label,
    kind: CompletionItemKind.Reference,
    detail: d,
    sortText: `${sort}${label}`,
    filterText: label,
    textEdit: {range, newText: label},
  })
  // `aws.` asks for the aliases of aws; `aw` for any name that starts so
  const p = spot.prefix
  const dot = p.indexOf('.')
  const keep = (label: string): boolean => label.startsWith(dot >= 0 ? p.slice(0, dot + 1) : p)
  return suggestions(spot, m, nodes)
    .filter((c) => keep(c.label))
    .map((c) => item(c.label, c.detail, c.rank))
}

interface Suggestion {
  readonly label: string
  readonly detail: string
  /** 0 first. */
  readonly rank: number
}

function suggestions(spot: CompletionSpot, m: Module, nodes: readonly ModuleNode[]): Suggestion[] {
  switch (spot.kind) {
    case 'provider': {
      // the configurations of the provider the block's type belongs to (its implied local name, as the module's
      // required_providers declares it) and of its -beta twin, none when the module has none of them; every
      // one when the block has no type
      const want = spot.type ? provider(m, impliedLocalName(spot.type)) : undefined
      const all = nameableConfigs(m)
      // a provider's beta twin (hashicorp/google-beta for google_* types) serves the same resource types
      const twin = want ? `${want}-beta` : undefined
      const fitting = want ? all.filter((c) => provider(m, c.localName) === want || provider(m, c.localName) === twin) : all
      return fitting.map((c) => ({
        label: configKey(c),
        detail: detail(m, c),
        rank: (c.alias ? 0 : 1) + (provider(m, c.localName) === twin ? 2 : 0),
      }))
    }
    case 'providers-key': {
      const child = childModule(nodes, spot.call)
      if (!child) return []
      return receivableConfigs(child)
        .filter((c) => !spot.present.includes(configKey(c)))
        .map((c) => ({label: configKey(c), detail: `${detail(child, c)} in module.${spot.call}`, rank: c.alias ? 0 : 1}))
    }
    case 'providers-value': {
      const child = childModule(nodes, spot.call)
      const want = child ? provider(child, referenceParts(spot.key).localName) : undefined
      const all = nameableConfigs(m)
      const fitting = want ? all.filter((c) => provider(m, c.localName) === want) : all
      return (fitting.length > 0 ? fitting : all).map((c) => ({label: configKey(c), detail: detail(m, c), rank: c.alias ? 0 : 1}))
    }
    case 'alias-entry':
      return aliasSuggestions(spot.localName, spot.present, m, nodes)
  }
}

function childModule(nodes: readonly ModuleNode[], call: string): Module | undefined {
  for (const n of nodes) {
    const c = n.children.find((x) => x.path[x.path.length - 1] === call)
    if (c?.module) return c.module
  }
  return undefined
}

/** Aliases of `localName` the module uses (or its callers pass to it) that no configuration_aliases entry or block declares yet. */
function aliasSuggestions(localName: string, present: readonly string[], m: Module, nodes: readonly ModuleNode[]): Suggestion[] {
  const declared = new Set(present)
  const out = new Map<string, Suggestion>()
  for (const s of providerSites(m)) {
    if (s.localName !== localName || !s.alias) continue
    const key = `${localName}.${s.alias}`
    if (s.role === 'block') declared.add(key)
    else if (s.role === 'reference' || s.role === 'passed') out.set(key, {label: key, detail: 'used in this module', rank: 0})
  }
  for (const n of nodes) {
    const call = n.path[n.path.length - 1]
    if (!n.parent?.module || call === undefined) continue
    for (const s of providerSites(n.parent.module))
      if (s.role === 'slot' && s.call === call && s.localName === localName && s.alias && !out.has(`${localName}.${s.alias}`))
        out.set(`${localName}.${s.alias}`, {
          label: `${localName}.${s.alias}`,
          detail: `passed by ${n.parent.addr.isRoot ? 'the root module' : n.parent.addr.key}`,
          rank: 0,
        })
  }
  return [...out.values()].filter((x) => !declared.has(x.label))
}
