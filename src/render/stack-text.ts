// `tfgraph providers` for a Terraform Stacks configuration, as text: the stack's provider configurations,
// then per component its providers map and, grouped by the stack configuration they end at, the resources
// of its module tree with the way there; `--resource` gives the full chain of each resource.
import type {ComponentAddr} from '../addrs/stack.js'
import {formatRange} from '../diag/diagnostic.js'
import {didYouMean} from '../diag/name-suggestion.js'
import type {ProvidersAnalysis} from '../providers/analyze.js'
import type {ResolutionStep, ResourceBinding} from '../providers/tree/resolve.js'
import type {StackAnalysis, StackComponentAnalysis} from '../providers/stacks/stack-analyze.js'
import {stackTarget} from '../providers/stacks/stack-document.js'
import {componentModuleNames, stepText} from '../providers/tree/step-text.js'
import {renameRanges, type FileNamer} from './paths.js'
import {terminalInline, terminalText} from './terminal-text.js'

export interface StackTextOptions {
  readonly resource?: string
  /** A component (`component.s3`) or a module inside one (`component.s3.module.a`): that subtree only. */
  readonly module?: string
  readonly provider?: string
  readonly maxList?: number
  readonly fileName?: FileNamer
}

type Component = StackComponentAnalysis<ProvidersAnalysis>

interface Bound {
  readonly component: Component
  readonly binding: ResourceBinding
  /** The stack address: `component.s3.aws_s3_bucket.b`. */
  readonly address: string
}

function bound(s: StackAnalysis<ProvidersAnalysis>): Bound[] {
  return s.components.flatMap((c) =>
    (c.analysis?.resolution.resources ?? []).map((binding) => ({
      component: c,
      binding,
      address: `${c.address.key}.${binding.address.key}`,
    })),
  )
}

function matches(b: Bound, opts: StackTextOptions): boolean {
  const r = opts.resource
  if (r !== undefined && !(r.endsWith('*') ? b.address.startsWith(r.slice(0, -1)) : b.address === r)) return false
  const m = opts.module
  if (m !== undefined && m !== '.' && !(b.address.startsWith(m + '.') || b.address === m)) return false
  const p = opts.provider
  if (p !== undefined) {
    const prov = b.binding.provider
    if (!(prov === p || prov.endsWith('/' + p) || prov.split('/').pop() === p)) return false
  }
  return true
}

/** Why a filter selects nothing in a stack (a usage error), or undefined. */
export function stackFilterProblem(s: StackAnalysis<ProvidersAnalysis>, opts: StackTextOptions): string | undefined {
  const all = bound(s)
  const hint = (x: string | undefined): string => (x ? ` (did you mean ${x}?)` : '')
  if (
    opts.module &&
    opts.module !== '.' &&
    !all.some((b) => matches(b, {module: opts.module!})) &&
    !s.components.some((c) => c.address.key === opts.module)
  )
    return `--module ${opts.module}: no such component or module in this stack${hint(
      didYouMean(
        opts.module,
        s.components.map((c) => c.address.key),
      ),
    )}`
  if (opts.resource && !all.some((b) => matches(b, {resource: opts.resource!})))
    return `--resource ${opts.resource}: no resource has this address${hint(
      didYouMean(
        opts.resource,
        all.map((b) => b.address),
      ),
    )}; a trailing * matches a prefix`
  if (opts.provider && !all.some((b) => matches(b, {provider: opts.provider!})))
    return `--provider ${opts.provider}: no resource uses this provider; providers used: ${[...new Set(all.map((b) => b.binding.provider))].sort().join(', ') || 'none'}`
  return undefined
}

/** The short form of a chain inside a component: the module steps, then the providers map entry. */
function via(steps: readonly ResolutionStep[], component: ComponentAddr): string {
  const parts: string[] = []
  const names = componentModuleNames(component)
  for (const s of steps) {
    if (s.kind === 'passed') parts.push(`${names.address(s.module)} receives ${s.key} = ${s.value}`)
    else if (s.kind === 'inherited') parts.push(`inherited from ${names.name(s.from)}`)
    else if (s.kind === 'component') parts.push(`${s.localName}${s.alias ? `.${s.alias}` : ''} = ${s.value}`)
    else if (s.kind === 'stack-config' && !s.reference) parts.push('known only when Terraform evaluates it')
    else if (s.kind === 'stack-config' && !s.declared) parts.push(`no provider "${s.localName}" "${s.name}" block`)
    else if (s.kind === 'missing') parts.push('NOT GIVEN')
    else if (s.kind === 'legacy' || s.kind === 'declared') parts.push(`its own provider block in ${names.name(s.module)}`)
  }
  return parts.join(' → ')
}

function header(s: StackAnalysis<ProvidersAnalysis>, shown: number): string {
  const n = s.components.filter((c) => c.kind === 'component').length
  const removed = s.components.length - n
  const used = new Set(
    bound(s)
      .map((b) => stackTarget(b.binding).config?.key)
      .filter((x) => x !== undefined),
  )
  return `stack: ${n} component${n === 1 ? '' : 's'}${removed ? ` and ${removed} removed` : ''}, ${s.providerConfigs.length} provider configuration${s.providerConfigs.length === 1 ? '' : 's'} (${used.size} used by ${shown} resource${shown === 1 ? '' : 's'}); Terraform ${s.behaviourVersion}'s rules`
}

function componentHeader(c: Component, name: FileNamer): string {
  const dir = c.displayDir !== undefined && `./${c.displayDir}` !== c.source.text ? `  → ${terminalInline(name(c.displayDir))}` : ''
  const flags = [c.kind === 'removed' ? 'removed' : '', c.forEach ? `for_each = ${terminalInline(c.forEach)}` : ''].filter(Boolean)
  return `${c.address.key}  ${terminalInline(c.source.text)}${c.source.version ? ` (${terminalInline(c.source.version)})` : ''}${dir}${flags.length ? `  [${flags.join(', ')}]` : ''}${c.analysis ? '' : `  NOT LOADED: ${terminalInline(c.unresolvedReason ?? '')}`}`
}

function detail(list: readonly Bound[], name: FileNamer): string[] {
  const out: string[] = []
  for (const b of list) {
    const r = b.binding
    const t = stackTarget(r)
    out.push(`${b.address}  (${formatRange({...r.range, filename: name(r.range.filename)})})`)
    out.push(
      `  uses ${t.config?.key ?? r.providerConfig?.key ?? '(no configuration found)'}${t.value ? ` (${terminalInline(t.value)})` : ''}`,
    )
    r.resolution.forEach((s, i) =>
      out.push(`  ${i + 1}. ${renameRanges(stepText(s, 'terraform', componentModuleNames(b.component.address)), name)}`),
    )
    out.push('')
  }
  return out
}

export function renderStackText(a: ProvidersAnalysis, opts: StackTextOptions = {}): string {
  const s = a.stack!
  const max = opts.maxList ?? 8
  const name = opts.fileName ?? ((f: string) => f)
  const list = bound(s).filter((b) => matches(b, opts))
  const out: string[] = [header(s, list.length), '']
  if (opts.resource) return terminalText([...out, ...detail(list, name)].join('\n'))
  out.push('provider configurations')
  for (const p of s.providerConfigs)
    out.push(`  ${p.address.key}${p.forEach ? '  [for_each]' : ''}  (${formatRange({...p.range, filename: name(p.range.filename)})})`)
  if (s.providerConfigs.length === 0) out.push('  (none)')
  for (const c of s.components) {
    const mine = list.filter((b) => b.component === c)
    if ((opts.provider || (opts.module && opts.module !== '.')) && mine.length === 0) continue
    out.push('', componentHeader(c, name))
    for (const p of c.providers)
      out.push(`  ${p.slot} = ${p.value !== undefined ? terminalInline(p.value) : 'NOT GIVEN'}${p.config ? `  → ${p.config.key}` : ''}`)
    const groups = new Map<string, {config: string; via: string; items: Bound[]}>()
    for (const b of mine) {
      const config = stackTarget(b.binding).config?.key ?? b.binding.providerConfig?.key ?? '(no configuration found)'
      const v = via(b.binding.resolution, c.address)
      const g = groups.get(`${config}\0${v}`) ?? {config, via: v, items: []}
      g.items.push(b)
      groups.set(`${config}\0${v}`, g)
    }
    if (c.analysis && mine.length === 0) out.push('  (no resources)')
    for (const g of [...groups.values()].sort((x, y) => (x.config < y.config ? -1 : x.config > y.config ? 1 : x.via < y.via ? -1 : 1))) {
      const names = g.items.map((b) => b.binding.address.key)
      out.push(`  ${g.config}`, `    via: ${terminalInline(g.via)}`)
      out.push(
        `    ${names.length} resource${names.length === 1 ? '' : 's'}: ${names.slice(0, max).join(', ')}${names.length > max ? `, … and ${names.length - max} more` : ''}`,
      )
    }
  }
  const unresolved = s.embeddedStacks.filter((e) => !e.resolved)
  for (const e of unresolved)
    out.push('', `${e.address.key}  ${terminalInline(e.source)}  NOT LOADED: not a local source (tfgraph reads no network)`)
  if (s.deployments.length > 0) {
    out.push('', 'deployments')
    for (const d of s.deployments) out.push(`  ${d.stack.prefix()}${d.name}: ${d.inputs.map((i) => i.name).join(', ') || '(no inputs)'}`)
  }
  return terminalText(out.join('\n') + '\n')
}
