// The language features over a Terraform Stacks root: each component's module tree seen as a root of its
// own (so a resource, call or provider block in a component's module is found as in any module), the
// chain of a resource named from the stack and ending at the stack's provider block, and hover text on
// the stack's own files — a component block (its providers map and the stack configurations it gives),
// a `provider "TYPE" "NAME"` block (the components and resources that use it).
import type {StackPath, StackProviderConfigAddr} from '../addrs/stack.js'
import * as path from 'node:path'
import type {SourceRange} from '../diag/diagnostic.js'
import type {RootAnalysis} from '../lint/workspace.js'
import type {ProvidersAnalysis} from '../providers/analyze.js'
import type {ResourceBinding} from '../providers/tree/resolve.js'
import type {StackComponentAnalysis} from '../providers/stacks/stack-analyze.js'
import {stackTarget} from '../providers/stacks/stack-document.js'
import {componentModuleNames, stepText} from '../providers/tree/step-text.js'
import {renameRanges} from '../render/paths.js'
import {holds, pathUri, relativeName, type Spot} from './positions.js'

export type StackComponent = StackComponentAnalysis<ProvidersAnalysis>

/** A root as the features see it: the root itself, or for a stack each component's module tree. */
export interface RootView {
  readonly view: RootAnalysis
  readonly component?: StackComponent
}

export function viewsOf(a: RootAnalysis): RootView[] {
  const s = a.lint.analysis.stack
  if (!s) return [{view: a}]
  return s.components.flatMap((c) => (c.analysis ? [{view: {...a, lint: {...a.lint, analysis: c.analysis}}, component: c}] : []))
}

interface Display {
  readonly display: (abs: string) => string
}

const MAX_LISTED = 20

function link(ctx: Display, root: string, r: SourceRange): string {
  const abs = path.resolve(root, r.filename)
  return `[${ctx.display(abs)}:${r.start.line}](${pathUri(abs)}#L${r.start.line})`
}

/** A resource of a component: its stack address, the stack configuration it uses, the chain. */
export function stackChainMarkdown(ctx: Display, a: RootAnalysis, c: StackComponent, r: ResourceBinding): string {
  const name = (f: string): string => ctx.display(path.resolve(a.root, f))
  const t = stackTarget(r)
  const lines = [`\`${c.address.key}.${r.address.key}\` uses \`${t.config?.key ?? 'NOT FOUND'}\`${t.value ? ` (\`${t.value}\`)` : ''}`, '']
  r.resolution.forEach((s, i) => {
    const text = renameRanges(stepText(s, 'terraform', componentModuleNames(c.address)), name)
    lines.push(`${i + 1}. ${text}${s.range ? ` — ${link(ctx, a.root, s.range)}` : ''}`)
  })
  if (c.forEach) lines.push('', `${c.address.key} has for_each = \`${c.forEach}\`: each instance gets the configuration its key selects`)
  const block = r.resolution.find((s) => s.kind === 'stack-config')?.range
  if (block) lines.push('', `configuration: ${link(ctx, a.root, block)}`)
  return lines.join('\n')
}

function bindingsOf(c: StackComponent): readonly ResourceBinding[] {
  return c.analysis?.resolution.resources ?? []
}

function componentMarkdown(ctx: Display, a: RootAnalysis, c: StackComponent): string {
  const out = [
    `\`${c.address.key}\`${c.kind === 'removed' ? ' (removed)' : ''} — \`${c.source.text}\`${c.forEach ? `, for_each = \`${c.forEach}\`` : ''}${c.analysis ? '' : ` (not loaded: ${c.unresolvedReason ?? 'unknown'})`}`,
    '',
    'providers:',
  ]
  for (const p of c.providers) {
    const users = bindingsOf(c).filter((r) =>
      r.resolution.some((s) => s.kind === 'component' && `${s.localName}${s.alias ? '.' + s.alias : ''}` === p.slot),
    )
    out.push(
      `- \`${p.slot}\` = ${p.value !== undefined ? `\`${p.value}\`` : '**not given**'}${p.config ? ` → \`${p.config.key}\`` : ''}${users.length > 0 ? ` — ${users.length} resource${users.length === 1 ? '' : 's'}` : ''}`,
    )
  }
  if (c.providers.length === 0) out.push('- none')
  return out.join('\n')
}

function providerMarkdown(ctx: Display, a: RootAnalysis, address: StackProviderConfigAddr): string {
  const s = a.lint.analysis.stack!
  const users = s.components.flatMap((c) =>
    bindingsOf(c)
      .filter((r) => stackTarget(r).config?.key === address.key)
      .map((r) => ({c, r})),
  )
  const components = new Set(users.map((u) => u.c.address.key))
  const out = [
    `\`${address.key}\``,
    '',
    `used by ${users.length} resource${users.length === 1 ? '' : 's'} in ${components.size} component${components.size === 1 ? '' : 's'}`,
  ]
  for (const {c, r} of users.slice(0, MAX_LISTED)) out.push(`- \`${c.address.key}.${r.address.key}\` — ${link(ctx, a.root, r.range)}`)
  if (users.length > MAX_LISTED) out.push(`- … and ${users.length - MAX_LISTED} more`)
  return out.join('\n')
}

/** Hover text on a stack's own file (a component or removed block, a provider block), or undefined. */
export function stackFileHover(
  ctx: Display,
  analyses: readonly RootAnalysis[],
  file: string,
  at: Spot,
): {markdown: string; range: SourceRange; root: string} | undefined {
  for (const a of analyses) {
    const s = a.lint.analysis.stack
    if (!s) continue
    const rel = relativeName(a.root, file)
    for (const c of s.components) {
      const block = c.declRange
      const whole = c.analysis || c.unresolvedReason ? blockRange(a, c) : block
      if (holds(whole, rel, at)) return {markdown: componentMarkdown(ctx, a, c), range: block, root: a.root}
    }
    for (const p of s.providerConfigs) {
      const cfg = providerBlock(a, p.stack, p.localName, p.name)
      if (cfg && holds(cfg, rel, at)) return {markdown: providerMarkdown(ctx, a, p.address), range: p.range, root: a.root}
    }
  }
  return undefined
}

/** The whole block of a component or removed block (header to closing brace). */
function blockRange(a: RootAnalysis, c: StackComponent): SourceRange {
  const s = a.lint.analysis.stack!
  const nodes = [s.config, ...descendants(s.config)]
  for (const n of nodes) {
    if (!n.address.equals(c.stack)) continue
    const name = c.address.name
    const comp = c.kind === 'component' ? n.stack.components.get(name) : n.stack.removed.find((r) => r.declRange === c.declRange)
    if (comp) return comp.block.range
  }
  return c.declRange
}

function providerBlock(a: RootAnalysis, stack: StackPath, localName: string, name: string): SourceRange | undefined {
  const s = a.lint.analysis.stack!
  const n = [s.config, ...descendants(s.config)].find((x) => x.address.equals(stack))
  return n?.stack.providerConfigs.get(`${localName}.${name}`)?.block.range
}

function descendants(n: NonNullable<ProvidersAnalysis['stack']>['config']): NonNullable<ProvidersAnalysis['stack']>['config'][] {
  return [...n.children.values()].flatMap((c) => [c, ...descendants(c)])
}
