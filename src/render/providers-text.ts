// `tfgraph providers` as text: the module tree, and under each module the provider configurations its
// resources use, how each got there, and which resources use it. Grouped and counted so a
// 300-module configuration stays readable; filters narrow it down.
import {lastSteps} from '../addrs/address-text.js'
import {formatRange} from '../diag/diagnostic.js'
import {moduleSubtree} from '../providers/tree/build-graph.js'
import type {ModuleNode} from '../crawl/crawl.js'
import {sharedModuleReason, type ProvidersAnalysis} from '../providers/analyze.js'
import type {DeclaredBy, ResolutionStep, ResourceBinding} from '../providers/tree/resolve.js'
import {moduleName, providerBlock, stepText} from '../providers/tree/step-text.js'
import {engineByName} from '../load/engine.js'
import {didYouMean} from '../diag/name-suggestion.js'
import {renameRanges, rootRelative, type FileNamer} from './paths.js'
import {terminalInline, terminalText} from './terminal-text.js'
import {renderStackText, stackFilterProblem} from './stack-text.js'
import {countText} from './count-text.js'

export interface ProvidersTextOptions {
  /** Show only these resources (exact configuration address, or a prefix ending in `*`). */
  readonly resource?: string
  /** Show only this module and its descendants (`module.a.module.b`, or `.`/'' for all). */
  readonly module?: string
  /** Show only resources of this provider (full or short source address, or type name). */
  readonly provider?: string
  /** Resources listed per group before "… and N more". */
  readonly maxList?: number
  /** Names files for the reader (the command: relative to the current directory, fileNamer); default: relative to the root. */
  readonly fileName?: FileNamer
}

/** The short form of a chain (the "via" line): `passed as aws = aws.east from the root module → …`. */
export function how(steps: readonly ResolutionStep[]): string {
  const parts: string[] = []
  for (const s of steps) {
    switch (s.kind) {
      case 'passed':
        parts.push(`passed as ${s.key} = ${s.value} from ${moduleName(s.from)}`)
        break
      case 'inherited':
        parts.push(`inherited from ${s.fromCallers ? 'the root module' : moduleName(s.from)}`)
        break
      case 'declared':
        parts.push(`${moduleName(s.module)} defines ${providerBlock(s.localName, s.alias)}`)
        break
      case 'legacy':
        parts.push('own provider block (legacy module)')
        break
      case 'implied-config':
        parts.push('implied empty configuration in the root module')
        break
      case 'expected':
        parts.push(`expected from the caller (configuration_aliases at ${s.range ? formatRange(s.range) : 'the root module'})`)
        break
      case 'test':
        parts.push(`${s.keyword} ${s.key} of ${s.file}${s.mapped ? ` (providers map)` : ''}`)
        break
      case 'missing':
        parts.push('NOT FOUND')
        break
      default:
        break
    }
  }
  return parts.join(' → ')
}

function matchesProvider(r: ResourceBinding, want: string): boolean {
  return r.provider === want || r.provider.endsWith('/' + want) || r.provider.split('/').pop() === want
}

function matchesResource(r: ResourceBinding, want: string): boolean {
  return want.endsWith('*') ? r.address.key.startsWith(want.slice(0, -1)) : r.address.key === want
}

function moduleHeader(n: ModuleNode, name: FileNamer): string {
  if (n.addr.isRoot) return 'root module (.)'
  const flags = [n.count ? 'count' : '', n.forEach ? 'for_each' : '', n.dependsOn ? 'depends_on' : '', n.enabled ? 'enabled' : ''].filter(
    Boolean,
  )
  // each input-derived field on one line (a newline in a module source must not start a fake line)
  const src = n.sourceText !== undefined ? `  ${terminalInline(n.sourceText)}${n.version ? ` (${terminalInline(n.version)})` : ''}` : ''
  const dir =
    n.displayDir && n.sourceText !== n.displayDir && `./${n.displayDir}` !== n.sourceText ? `  → ${terminalInline(name(n.displayDir))}` : ''
  return `${terminalInline(n.addr.key)}${src}${dir}${flags.length ? `  [${flags.join(', ')}]` : ''}${n.resolved ? '' : `  NOT LOADED: ${terminalInline(n.unresolvedReason ?? '')}`}`
}

/**
 * Why a filter (`--resource`, `--module`, `--provider`) selects nothing in this analysis, with a "did you
 * mean" when a name is close; undefined when each filter matches something. A filter that matches nothing
 * is a usage error (exit 1), as `graph --focus` is.
 */
export function providersFilterProblem(a: ProvidersAnalysis, opts: ProvidersTextOptions): string | undefined {
  if (a.stack) return stackFilterProblem(a.stack, opts)
  const hint = (s: string | undefined): string => (s ? ` (did you mean ${s}?)` : '')
  if (opts.module && opts.module !== '.' && !a.tree.nodes.some((n) => n.addr.key === opts.module)) {
    return `--module ${opts.module}: no such module call in this configuration${hint(
      didYouMean(
        opts.module,
        a.tree.nodes.filter((n) => !n.addr.isRoot).map((n) => n.addr.key),
      ),
    )}`
  }
  const all = a.resolution.resources
  if (opts.resource && !all.some((r) => matchesResource(r, opts.resource!))) {
    const want = opts.resource
    // a close address, else the resource of that type and name in another module
    const tail = lastSteps(want, want.startsWith('data.') || /\.data\./.test(want) ? 3 : 2)
    const sameName = all.map((r) => r.address.key).filter((x) => x === tail || x.endsWith(`.${tail}`))
    const s =
      didYouMean(
        want,
        all.map((r) => r.address.key),
      ) ?? (sameName.length > 0 ? sameName.join(' or ') : undefined)
    return `--resource ${want}: no resource has this address${hint(s)}; a trailing * matches a prefix`
  }
  if (opts.provider && !all.some((r) => matchesProvider(r, opts.provider!))) {
    const names = [
      ...new Set(all.flatMap((r) => [r.provider, r.provider.split('/').slice(-2).join('/'), r.provider.split('/').pop() ?? ''])),
    ]
    return `--provider ${opts.provider}: no resource uses this provider${hint(didYouMean(opts.provider, names))}; providers used: ${[...new Set(all.map((r) => r.provider))].sort().join(', ') || 'none'}`
  }
  return undefined
}

export function renderProvidersText(a: ProvidersAnalysis, opts: ProvidersTextOptions = {}): string {
  if (a.stack) return renderStackText(a, opts)
  const max = opts.maxList ?? 8
  // the model names files by their absolute paths: by default the text names them from the root
  const name = opts.fileName ?? rootRelative(a.tree.rootDir)
  const engine = engineByName(a.tree.engine)
  const allowedModules = opts.module && opts.module !== '.' ? new Set(moduleSubtree(a.graph, opts.module)) : undefined
  let resources = a.resolution.resources
  if (opts.resource) resources = resources.filter((r) => matchesResource(r, opts.resource!))
  if (opts.provider) resources = resources.filter((r) => matchesProvider(r, opts.provider!))
  if (allowedModules) resources = resources.filter((r) => allowedModules.has(r.module.key))
  const calls = a.tree.nodes.length - 1
  const resolved = a.tree.nodes.filter((n) => !n.addr.isRoot && n.resolved).length
  // the modules analysed: the root and each call that was loaded (not those not installed or not found)
  const loaded = 1 + resolved
  const usedConfigs = new Set(resources.flatMap((r) => (r.providerConfig ? [r.providerConfig.key] : [])))
  const out: string[] = [
    `${loaded} module${loaded === 1 ? '' : 's'}, ${resolved}/${calls} module calls resolved, ${usedConfigs.size} provider configuration${usedConfigs.size === 1 ? '' : 's'} used by ${resources.length} resource${resources.length === 1 ? '' : 's'}`,
    '',
  ]
  // said once, at the top: tfgraph goes beyond Terraform here
  if (a.sharedModule) out.splice(1, 0, renameRanges(`This directory is ${sharedModuleReason(a.sharedModule, a.tree.engine)}`, name))
  // Detailed view: the full chain for each selected resource.
  if (opts.resource) {
    for (const r of resources) {
      out.push(`${r.address.key}  (${formatRange({...r.range, filename: name(r.range.filename)})})`)
      if (r.declaredBy) out.push(`  ${declaredByText(r.declaredBy, name)}`)
      out.push(`  uses ${r.providerConfig?.key ?? '(no configuration found)'}${r.instanceKey !== undefined ? ` [${r.instanceKey}]` : ''}`)
      r.resolution.forEach((s, i) => out.push(`  ${i + 1}. ${renameRanges(stepText(s, engine), name)}`))
      out.push('')
    }
    if (resources.length === 0) out.push(`no resource matches ${opts.resource}`, '')
    return terminalText(out.join('\n'))
  }
  const byModule = new Map<string, ResourceBinding[]>()
  for (const r of resources) {
    const list = byModule.get(r.module.key) ?? []
    list.push(r)
    byModule.set(r.module.key, list)
  }
  for (const n of a.tree.nodes) {
    if (allowedModules && !allowedModules.has(n.addr.key)) continue
    const list = byModule.get(n.addr.key) ?? []
    if ((opts.provider || opts.resource) && list.length === 0) continue
    const depth = n.path.length
    const pad = '  '.repeat(depth)
    out.push(pad + moduleHeader(n, name))
    const groups = new Map<string, {config: string; how: string; items: ResourceBinding[]}>()
    for (const r of list) {
      const config = r.providerConfig?.key ?? '(no configuration found)'
      const h = how(r.resolution)
      const key = `${config}\u0000${h}`
      const g = groups.get(key) ?? {config, how: h, items: []}
      g.items.push(r)
      groups.set(key, g)
    }
    const passes = a.resolution.passes.filter((p) => p.to.key === n.addr.key)
    if (passes.length > 0) out.push(`${pad}  receives: ${passes.map((p) => `${p.key} = ${p.value}`).join(', ')}`)
    if (list.length === 0 && n.resolved) out.push(`${pad}  (no resources)`)
    for (const g of [...groups.values()].sort((x, y) => (x.config < y.config ? -1 : x.config > y.config ? 1 : x.how < y.how ? -1 : 1))) {
      out.push(`${pad}  ${g.config}`)
      out.push(`${pad}    via: ${renameRanges(g.how, name)}`)
      const names = g.items.map((r) => r.address.localString() + (r.declaredBy ? ` ${declaredByNote(r.declaredBy)}` : ''))
      const shown = names.slice(0, max).join(', ')
      out.push(
        `${pad}    ${g.items.length} resource${g.items.length === 1 ? '' : 's'}: ${shown}${names.length > max ? `, … and ${names.length - max} more` : ''}`,
      )
    }
  }
  // a tree longer than a screen ends with the counts its first line has, per configuration (as lint ends with its table)
  if (out.length > PROVIDERS_SUMMARY_MIN_LINES && resources.length > 0) out.push('', ...configurationCounts(resources))
  return terminalText(out.join('\n') + '\n')
}

/** Over this many lines, the text of `providers` ends with the resources per provider configuration. */
export const PROVIDERS_SUMMARY_MIN_LINES = 40

/** `3 provider configurations used by 6 resources:` and one row each, most resources first. */
function configurationCounts(resources: readonly ResourceBinding[]): string[] {
  const counts = new Map<string, number>()
  for (const r of resources) {
    const config = r.providerConfig?.key ?? '(no configuration found)'
    counts.set(config, (counts.get(config) ?? 0) + 1)
  }
  const configs = [...counts.keys()].filter((c) => c !== '(no configuration found)').length
  const n = countText
  const rows = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
  const width = Math.max(...rows.map(([c]) => c.length))
  const countWidth = Math.max(...rows.map(([, k]) => n(k).length))
  return [
    `${n(configs)} provider configuration${configs === 1 ? '' : 's'} used by ${n(resources.length)} resource${resources.length === 1 ? '' : 's'}:`,
    ...rows.map(([c, k]) => `  ${c.padEnd(width)}  ${n(k).padStart(countWidth)} resource${k === 1 ? '' : 's'}`),
  ]
}

/** A short note after a resource's name: where it is declared, when not by a resource block of its own. */
function declaredByNote(d: DeclaredBy): string {
  switch (d.kind) {
    case 'check':
      return `(in check "${d.name}")`
    case 'import':
      return '(import, configuration to be generated)'
    case 'action':
      return '(action)'
    case 'list':
      return `(list, ${d.range.filename.split('/').pop() ?? ''})`
  }
}

/** The line under a resource's address in the detailed view. */
function declaredByText(d: DeclaredBy, name: FileNamer): string {
  const at = formatRange({...d.range, filename: name(d.range.filename)})
  switch (d.kind) {
    case 'check':
      return `declared inside check "${d.name}" (${at}): a check-scoped data source, read with the provider configuration below like any data source`
    case 'import':
      return `no resource block: the import block at ${at} imports into it and generates its configuration, with the provider configuration below`
    case 'action':
      return `an action block (${at}; Terraform 1.14 and later): resources trigger it from their lifecycle, and it runs with the provider configuration below`
    case 'list':
      return `a list block of a query file (${at}; Terraform 1.14 and later): terraform query lists existing objects with the provider configuration below`
  }
}
