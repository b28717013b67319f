// The language features over the analyses of the roots that hold a file: hover text (Markdown), the
// definition of what a resource or a `providers` entry uses, the resources a provider configuration
// serves, code lenses. Pure functions of the analyses; server.ts wires them to the protocol.
import * as path from 'node:path'
import type {CodeLens, Location} from 'vscode-languageserver'
import type {SourceRange} from '../diag/diagnostic.js'
import type {ModuleNode} from '../crawl/crawl.js'
import type {RootAnalysis} from '../lint/workspace.js'
import {engineByName} from '../load/engine.js'
import {providerString} from '../addrs/provider.js'
import type {ProviderConfigInfo, ResourceBinding} from '../providers/tree/resolve.js'
import {moduleName, stepText} from '../providers/tree/step-text.js'
import {renameRanges} from '../render/paths.js'
import {lspRange, pathUri, type LinesOf, type Spot} from './positions.js'
import {finalConfig, nodesOfFile, providersEntries, resourcesThrough, targetsAt, type Target} from './targets.js'
import type {StateAnalysis} from '../state/index.js'
import {stackChainMarkdown, stackFileHover, viewsOf, type StackComponent} from './stack-hover.js'

/** What every feature needs: the analyses holding the file, and how to name and count files. */
export interface FeatureContext {
  readonly analyses: readonly RootAnalysis[]
  readonly file: string
  /** How a root or a file is named for the reader (relative to the workspace). */
  readonly display: (abs: string) => string
  readonly lines: LinesOf
  /** The state a workspace folder is set up with, read for this request and matched to its root's analysis. */
  readonly state?: {readonly root: string; readonly analysis: StateAnalysis}
}

/** ` · N state objects`: how many objects of the state Terraform works with through the configuration (its root's state only). */
function stateNote(ctx: FeatureContext, a: RootAnalysis, address: string): string {
  if (!ctx.state || ctx.state.root !== a.root) return ''
  const n = ctx.state.analysis.match.objects.filter((m) => m.providerConfig?.key === address).length
  return ` · ${n} state object${n === 1 ? '' : 's'}`
}

const MAX_LISTED = 20

function configShort(c: ProviderConfigInfo | undefined, fallback: string | undefined): string {
  if (!c) return fallback ?? 'no configuration'
  return `${c.module.isRoot ? '' : c.module.key + '.'}${c.localName}${c.alias ? '.' + c.alias : ''}`
}

function link(ctx: FeatureContext, root: string, r: SourceRange): string {
  const abs = path.resolve(root, r.filename)
  return `[${ctx.display(abs)}:${r.start.line}](${pathUri(abs)}#L${r.start.line})`
}

function configOf(a: RootAnalysis, address: string | undefined): ProviderConfigInfo | undefined {
  return address ? a.lint.analysis.resolution.configs.find((c) => c.address.key === address) : undefined
}

/** The resolution chain as `tfgraph providers --resource` prints it, each step linking to its place. */
function chainMarkdown(ctx: FeatureContext, a: RootAnalysis, r: ResourceBinding): string {
  const engine = engineByName(a.lint.analysis.tree.engine)
  const name = (f: string): string => ctx.display(path.resolve(a.root, f))
  const lines = [`\`${r.address.key}\` uses \`${r.providerConfig?.key ?? 'NOT FOUND'}\``, '']
  r.resolution.forEach((s, i) => {
    const text = renameRanges(stepText(s, engine), name)
    lines.push(`${i + 1}. ${text}${s.range ? ` — ${link(ctx, a.root, s.range)}` : ''}`)
  })
  const cfg = configOf(a, r.providerConfig?.key)
  if (cfg?.range) lines.push('', `configuration: ${link(ctx, a.root, cfg.range)}`)
  return lines.join('\n')
}

function rootTitle(ctx: FeatureContext, a: RootAnalysis): string {
  const kind = a.kind === 'shared' ? ' (as a shared module)' : a.kind === 'dir' ? ' (on its own)' : ''
  return `**${ctx.display(a.root)}**${kind}`
}

interface Found {
  readonly a: RootAnalysis
  readonly t: Target
  /** In a stack: the component whose module tree `a` is. */
  readonly component?: StackComponent
}

function found(ctx: FeatureContext, at: Spot): Found[] {
  return ctx.analyses.flatMap((root) =>
    viewsOf(root).flatMap(({view: a, component}) => targetsAt(a, ctx.file, at).map((t) => ({a, t, ...(component ? {component} : {})}))),
  )
}

/** Hover text at `at`, or undefined when nothing tfgraph knows about stands there. */
export async function hover(ctx: FeatureContext, at: Spot): Promise<{markdown: string; range: SourceRange; root: string} | undefined> {
  const onStack = stackFileHover(ctx, ctx.analyses, ctx.file, at)
  if (onStack) return onStack
  const all = found(ctx, at)
  const first = all[0]
  if (!first) return undefined
  const sections: string[] = []
  const resources = all.filter((f) => f.t.kind === 'resource')
  if (resources.length > 1)
    sections.push(
      resources
        .map(({a, t}) => {
          const b = (t as Extract<Target, {kind: 'resource'}>).binding
          const several = resources.filter((o) => o.a === a).length > 1
          const where = `${ctx.display(a.root)}${several && !b.module.isRoot ? ' ' + b.module.key : ''}`
          return `${where}: ${configShort(configOf(a, b.providerConfig?.key), b.providerConfig?.key)}`
        })
        .join(' · '),
    )
  const many = new Set(all.map((f) => f.a)).size > 1
  for (const {a, t, component} of all) {
    const body = component && t.kind === 'resource' ? stackChainMarkdown(ctx, a, component, t.binding) : await hoverOf(ctx, a, t)
    const title = component ? `**${component.address.key}**` : rootTitle(ctx, a)
    sections.push(many ? `${title}\n\n${body}` : a.kind === 'shared' ? `${title}\n\n${body}` : body)
  }
  return {markdown: sections.join('\n\n---\n\n'), range: first.t.range, root: first.a.root}
}

async function hoverOf(ctx: FeatureContext, a: RootAnalysis, t: Target): Promise<string> {
  switch (t.kind) {
    case 'resource':
      return chainMarkdown(ctx, a, t.binding)
    case 'call':
      return callHover(ctx, a, t)
    case 'provider':
      return providerHover(ctx, a, t.config)
    case 'requirement':
      return t.alias ? providerHover(ctx, a, configOf(a, t.alias.address.key), t.alias.address.key) : requirementHover(ctx, a, t)
  }
}

function callHover(ctx: FeatureContext, a: RootAnalysis, t: Extract<Target, {kind: 'call'}>): string {
  const child = t.child
  const address = (child?.addr ?? t.node.addr.child(t.name)).key
  if (!child) return `\`${address}\`: not part of the tree`
  const call = t.node.module?.moduleCalls.get(t.name)
  const entries = call ? providersEntries(a, t.node, t.name, call) : []
  const receives: string[] = []
  for (const e of entries) {
    const final = e.parentAddress ? finalConfig(a, e.parentAddress) : undefined
    receives.push(
      `- \`${e.key}\` = \`${e.value}\` passed from ${moduleName(t.node.addr.key)}${final ? ` → \`${final.address.key}\`` : ' (no such configuration)'}`,
    )
  }
  if (!child.resolved) {
    // nothing is known of its resources: what it would receive is all there is to say
    const reason = child.unresolvedReason ?? 'not found'
    const installed = /not installed/.test(reason)
    return [
      `\`${address}\` is ${installed ? 'not installed' : 'not found'}: ${reason}`,
      '',
      installed
        ? 'Which provider configurations its resources use is unknown until it is installed (`terraform init`, or `tofu init`).'
        : 'Which provider configurations its resources use is unknown until its source can be read.',
      ...(receives.length > 0 ? ['', 'its call passes:', ...receives] : []),
    ].join('\n')
  }
  const out = [`\`${address}\`${child.dir ? ` — ${ctx.display(child.dir)}` : ''}`, '']
  // what its resources (and those below it) inherit rather than receive
  const inherited = new Map<string, string>()
  for (const r of a.lint.analysis.resolution.resources) {
    if (!child.addr.contains(r.module)) continue
    for (const s of r.resolution)
      if (s.kind === 'inherited' && !child.addr.contains(s.from) && !inherited.has(providerString(s.provider)))
        inherited.set(
          providerString(s.provider),
          `- \`${providerString(s.provider)}\` inherited from ${s.fromCallers ? 'the root module' : moduleName(s.from)}${r.providerConfig ? ` → \`${r.providerConfig.key}\`` : ''}`,
        )
  }
  if (receives.length === 0 && inherited.size === 0) out.push('receives no provider configuration (none of its resources needs one)')
  else out.push('receives:', ...receives, ...inherited.values())
  return out.join('\n')
}

function providerHover(ctx: FeatureContext, a: RootAnalysis, c: ProviderConfigInfo | undefined, address?: string): string {
  const addr = c?.address.key ?? address ?? '?'
  const users = resourcesThrough(a, addr)
  const modules = new Set(users.map((r) => r.module.key))
  const out = [
    `\`${addr}\`${c?.expected ? ' (expected from the caller)' : c?.legacy ? ' (legacy: a provider block in a non-root module)' : ''}`,
    '',
  ]
  out.push(
    `used by ${users.length} resource${users.length === 1 ? '' : 's'} in ${modules.size} module${modules.size === 1 ? '' : 's'}${stateNote(ctx, a, addr)}`,
  )
  for (const r of users.slice(0, MAX_LISTED)) out.push(`- \`${r.address.key}\` — ${link(ctx, a.root, r.range)}`)
  if (users.length > MAX_LISTED) out.push(`- … and ${users.length - MAX_LISTED} more`)
  return out.join('\n')
}

async function requirementHover(ctx: FeatureContext, a: RootAnalysis, t: Extract<Target, {kind: 'requirement'}>): Promise<string> {
  const req = t.node.module!.names.requirements.get(t.localName)
  const provider = req ? providerString(req.provider) : t.localName
  const out = [`\`${t.localName}\` = \`${provider}\``, '']
  const reqs = a.lint.analysis.requirements.filter((q) => q.provider === provider)
  const constraints = reqs.flatMap((q) => q.constraints.map((c) => ({module: q.module, c})))
  if (constraints.length === 0) out.push('no version constraints in any module')
  else {
    out.push('constraints:')
    for (const {module, c} of constraints)
      out.push(`- \`${c.constraint}\` — ${moduleName(module)}${c.range ? ` ${link(ctx, a.root, c.range)}` : ''}`)
  }
  // the lock file is read once per analysis of the root, not once per hover
  const locked = (await a.lockedVersions()).get(provider)
  out.push('', locked === undefined ? `not in ${ctx.display(path.join(a.root, '.terraform.lock.hcl'))}` : `locked: \`${locked}\``)
  return out.join('\n')
}

/** Where the configuration a target uses, passes or is lives (one location per root that knows it). */
export function definition(ctx: FeatureContext, at: Spot): Location[] {
  const out: Location[] = []
  const seen = new Set<string>()
  const add = (root: string, r: SourceRange | undefined): void => {
    if (!r) return
    const abs = path.resolve(root, r.filename)
    const key = `${abs}:${r.start.byte}`
    if (seen.has(key)) return
    seen.add(key)
    out.push({uri: pathUri(abs), range: lspRange(r, root, ctx.lines)})
  }
  for (const {a, t} of found(ctx, at)) {
    if (t.kind === 'resource') add(a.root, configOf(a, t.binding.providerConfig?.key)?.range)
    else if (t.kind === 'call' && t.on === 'entry')
      add(a.root, t.entry?.parentAddress ? finalConfig(a, t.entry.parentAddress)?.range : undefined)
    else if (t.kind === 'call' && t.child?.dir && t.child.module) {
      const main = mainFile(t.child)
      if (main && !seen.has(main)) {
        seen.add(main)
        out.push({uri: pathUri(main), range: {start: {line: 0, character: 0}, end: {line: 0, character: 0}}})
      }
    } else if (t.kind === 'requirement' && t.alias) {
      // in the shared module's own analysis the entry is the expected configuration itself: not a place to go
      const c = finalConfig(a, t.alias.address)
      if (!c?.expected) add(a.root, c?.range)
    }
  }
  return out
}

/** The module directory's main file: main.tf (or main.tofu, …) if there is one, else its first configuration file. */
export function mainFile(n: ModuleNode): string | undefined {
  const files = (n.module?.files ?? []).filter((f) => !f.shadowedBy)
  const main = files.find((f) => /^main\.(tf|tofu)(\.json)?$/.test(f.name)) ?? files[0]
  return main && n.dir ? path.join(n.dir, main.name) : undefined
}

/**
 * The resources bound to the provider configuration at `at` (a provider block or a configuration_aliases
 * entry), in every root; with `includeDeclaration`, the block or entry itself first.
 */
export function references(ctx: FeatureContext, at: Spot, includeDeclaration = false): Location[] {
  const out: Location[] = []
  const seen = new Set<string>()
  const add = (root: string, r: SourceRange): void => {
    const abs = path.resolve(root, r.filename)
    const key = `${abs}:${r.start.byte}:${r.end.byte}`
    if (seen.has(key)) return
    seen.add(key)
    out.push({uri: pathUri(abs), range: lspRange(r, root, ctx.lines)})
  }
  const all = found(ctx, at)
  for (const {a, t} of all) {
    if (!includeDeclaration) continue
    if (t.kind === 'provider') add(a.root, t.range)
    else if (t.kind === 'requirement' && t.alias) add(a.root, t.alias.range)
  }
  for (const {a, t} of all) {
    const address = t.kind === 'provider' ? t.config.address.key : t.kind === 'requirement' ? t.alias?.address.key : undefined
    if (!address) continue
    for (const r of resourcesThrough(a, address)) add(a.root, r.range)
  }
  return out
}

/** The command a code lens runs: shows the locations (VS Code's extension maps it to its references view). */
export const SHOW_RESOURCES = 'tfgraph.showResources'

/** "used by N resources in M modules" over each provider block of the file. */
export function codeLenses(ctx: FeatureContext): CodeLens[] {
  interface Lens {
    readonly range: SourceRange
    readonly root: string
    readonly parts: string[]
    readonly locations: Map<string, Location>
  }
  const byBlock = new Map<string, Lens>()
  for (const a of ctx.analyses) {
    for (const n of nodesOfFile(a, ctx.file)) {
      for (const b of n.module!.providerConfigs.values()) {
        if (path.resolve(a.root, b.declRange.filename) !== ctx.file) continue
        // the block's own configuration: its record itself (not merely a block at the same start byte)
        const c = a.lint.analysis.resolution.configs.find((x) => x.module.key === n.addr.key && x.declaration === b)
        if (!c) continue
        const users = resourcesThrough(a, c.address.key)
        const modules = new Set(users.map((r) => r.module.key)).size
        const key = `${b.declRange.start.byte}:${b.declRange.end.byte}`
        const entry: Lens = byBlock.get(key) ?? {range: b.declRange, root: a.root, parts: [], locations: new Map<string, Location>()}
        const text = `used by ${users.length} resource${users.length === 1 ? '' : 's'} in ${modules} module${modules === 1 ? '' : 's'}${stateNote(ctx, a, c.address.key)}`
        entry.parts.push(ctx.analyses.length > 1 ? `${text} (${ctx.display(a.root)}${n.addr.isRoot ? '' : ' ' + n.addr.key})` : text)
        // a resource reached from several roots is one place in the editor
        for (const r of users) {
          const abs = path.resolve(a.root, r.range.filename)
          entry.locations.set(`${abs}:${r.range.start.byte}:${r.range.end.byte}`, {
            uri: pathUri(abs),
            range: lspRange(r.range, a.root, ctx.lines),
          })
        }
        byBlock.set(key, entry)
      }
    }
  }
  return [...byBlock.values()].map((e) => {
    const range = lspRange(e.range, e.root, ctx.lines)
    return {
      range,
      command: {
        title: e.parts.join(' · '),
        command: SHOW_RESOURCES,
        arguments: [pathUri(ctx.file), range.start, [...e.locations.values()]],
      },
    }
  })
}
