// What a provider configuration says (its own arguments as written) and what `moved` blocks say, read
// from the module tree: the inputs `providers diff` and `providers --plan` need beside the binding.
import {ModulePath} from '../../addrs/module.js'
import {parseConfigAddress, ResourceAddr} from '../../addrs/resource.js'
import type {SourceRange} from '../../diag/diagnostic.js'
import type {ModuleTree} from '../../crawl/crawl.js'
import type {Body, Value} from '../../hcl/syntax.js'
import {isExpression, unwrapExpression} from '../../hcl/value.js'
import type {ProvidersDocument} from '../analyze.js'

/** One argument of a provider block: its hcl2json-shaped value (literals, `${…}` for expressions), source text, range. */
export interface ConfigArgument {
  readonly value: Value
  /** The expression as written (`"us-west-2"`, `var.region`). */
  readonly text: string
  readonly range: SourceRange
}

export type ConfigArguments = Readonly<Record<string, ConfigArgument>>

/** A nested block's arguments, flattened: `assume_role.role_arn` (`assume_role[1].role_arn` for a second block of a type). */
function addBody(out: Record<string, ConfigArgument>, b: Body, prefix: string): void {
  for (const a of b.attributes) out[prefix + a.name] = {value: a.value, text: a.expr.trim(), range: a.exprRange}
  const seen = new Map<string, number>()
  for (const blk of b.blocks) {
    const i = seen.get(blk.type) ?? 0
    seen.set(blk.type, i + 1)
    addBody(out, blk.body, `${prefix}${blk.type}${i > 0 ? `[${i}]` : ''}.`)
  }
}

/** The arguments of every declared provider configuration, by its absolute address (implied ones have none). */
export function providerConfigArguments(tree: ModuleTree, doc: ProvidersDocument): Map<string, ConfigArguments> {
  const out = new Map<string, ConfigArguments>()
  const byModule = new Map(tree.nodes.map((n) => [n.addr.key, n]))
  for (const c of doc.provider_configs) {
    if (c.implied || c.expected) {
      out.set(c.address, {})
      continue
    }
    const block = byModule.get(c.module)?.module?.providerConfigs.get(c.alias ? `${c.local_name}.${c.alias}` : c.local_name)
    const args: Record<string, ConfigArgument> = {}
    if (block) addBody(args, block.block.body, '')
    out.set(c.address, args)
  }
  return out
}

/** A `moved` block as an old → new mapping of absolute configuration addresses, both resources or both modules. */
export type MovedEntry =
  | {readonly from: ResourceAddr; readonly to: ResourceAddr; readonly range: SourceRange}
  | {readonly from: ModulePath; readonly to: ModulePath; readonly range: SourceRange}

/** An address without its instance keys: `module.x["a"].aws_vpc.this[0]` → `module.x.aws_vpc.this`. */
export function withoutInstanceKeys(address: string): string {
  let out = ''
  let depth = 0
  let quote = false
  for (let i = 0; i < address.length; i++) {
    const ch = address[i]!
    if (quote) {
      if (ch === '\\') i++
      else if (ch === '"') quote = false
      continue
    }
    if (ch === '[') depth++
    else if (ch === ']') depth--
    else if (depth > 0 && ch === '"') quote = true
    else if (depth === 0) out += ch
  }
  return out
}

/** Every `moved` block of the tree, with its module's address prepended to both ends. */
export function movedEntries(tree: ModuleTree): MovedEntry[] {
  const out: MovedEntry[] = []
  for (const n of tree.nodes) {
    for (const b of n.module?.moved ?? []) {
      const end = (name: string): ModulePath | ResourceAddr | undefined => {
        const v = b.body.attributes.find((a) => a.name === name)?.value
        if (typeof v !== 'string') return undefined
        const a = parseConfigAddress((isExpression(v) ? unwrapExpression(v) : v).trim())
        // relative to the block's module (the root module's own address is no end)
        if (a instanceof ResourceAddr) return a.inModule(ModulePath.of([...n.path, ...a.module.calls]))
        const module = a ? ModulePath.of([...n.path, ...a.calls]) : undefined
        return module && !module.isRoot ? module : undefined
      }
      const from = end('from')
      const to = end('to')
      if (from instanceof ResourceAddr && to instanceof ResourceAddr && !from.equals(to)) out.push({from, to, range: b.declRange})
      else if (from instanceof ModulePath && to instanceof ModulePath && !from.equals(to)) out.push({from, to, range: b.declRange})
    }
  }
  return out
}

/** Where an old resource address is in the new revision after the `moved` blocks (itself when none applies). */
export function applyMoves(address: ResourceAddr, moves: readonly MovedEntry[]): {address: ResourceAddr; moves: MovedEntry[]} {
  const used: MovedEntry[] = []
  let cur = address
  for (let guard = 0; guard < 100; guard++) {
    const m = moves.find((x) => !used.includes(x) && (x.from instanceof ResourceAddr ? x.from.equals(cur) : x.from.contains(cur.module)))
    if (!m) break
    used.push(m)
    // a module moved: the resource keeps its place inside it (`module.a.module.b.x.y`, `module.a` → `module.c`: `module.c.module.b.x.y`)
    if (m.from instanceof ModulePath && m.to instanceof ModulePath)
      cur = cur.inModule(ModulePath.of([...m.to.calls, ...cur.module.calls.slice(m.from.calls.length)]))
    else if (m.to instanceof ResourceAddr) cur = m.to
  }
  return {address: cur, moves: used}
}
