// What `terraform plan` says of `removed` and `moved` blocks from the configuration alone, after validation
// passed: a removed block whose resource or module is still declared (internal/refactoring/remove_statement.go,
// checked before the plan graph is built), and, after the plan walk, a moved block whose `from` is still
// declared, a redundant one, or two that disagree (move_validate.go ValidateMoves; those errors replace
// everything else the plan said). Texts of Terraform 1.11.4 (unchanged to 1.16). Only what the configuration
// decides is checked: moves of whole resources and whole module calls, declared in modules that are not
// repeated (no `count` or `for_each` on a call on their path), through module instance keys only where the
// calls' `count` or `for_each` is a literal (a number, an object, `toset([...])` of strings); any other
// instance key leaves the statement to the plan, whose answer depends on the instances. Terraform only.
import type {ModulePath} from '../../addrs/module.js'
import type {Diagnostic, SourceRange} from '../../diag/diagnostic.js'
import {errorDiag} from '../../diag/diagnostic.js'
import type {ModuleNode, ModuleTree} from '../../crawl/crawl.js'
import type {Block} from '../../hcl/syntax.js'
import type {FileNamer} from '../../diag/file-names.js'
import {goQuote} from '../../diag/go-quote.js'
import {literalValue, unwrapTemplate} from '../../hcl/expr.js'
import type {ModuleCall} from '../../load/records.js'
import {parseAddress, type InstanceKey, type ParsedAddress} from '../../load/refactoring-blocks.js'

export interface PlanStageDiagnostic {
  readonly diagnostic: Diagnostic
  /** The module whose block it is about. */
  readonly module: ModulePath
}

const moduleAddr = (path: readonly string[]): string => path.map((p) => `module.${p}`).join('.')
const join = (...parts: string[]): string => parts.filter((p) => p !== '').join('.')

/** The node of the tree at `path` (call names), if the crawl reached it. */
function nodeAt(tree: ModuleTree, path: readonly string[]): ModuleNode | undefined {
  let n: ModuleNode | undefined = tree.root
  for (const name of path) n = n?.children.find((c) => c.path[c.path.length - 1] === name)
  return n
}

function parsed(b: Block, name: 'from' | 'to', keys: boolean): ParsedAddress | undefined {
  const a = b.body.attributes.find((x) => x.name === name)
  return a ? parseAddress(a, keys, []) : undefined
}

/** What the plan's errors cite of a declared resource or module call: its block's first line. */
interface Declared {
  readonly declRange: SourceRange
}

/** A resource `type.name` (with its mode prefix) of a module, as Module.ResourceByAddr finds it. */
function resourceBlock(n: ModuleNode | undefined, local: string): Declared | undefined {
  const m = n?.module
  if (!m) return undefined
  if (local.startsWith('data.')) return m.dataResources.get(local.slice(5))
  if (local.startsWith('ephemeral.')) return m.ephemeralResources.get(local.slice(10))
  return m.managedResources.get(local)
}

/** `removed` blocks whose target is still declared (FindRemoveStatements; a parent's statement wins over a child's). */
function removedStillExists(tree: ModuleTree): PlanStageDiagnostic[] {
  const statements = new Map<string, {path: string[]; target: ParsedAddress; node: ModuleNode}>()
  for (const n of tree.nodes) {
    for (const b of n.module?.removed ?? []) {
      const target = parsed(b, 'from', false)
      if (!target) continue
      const path = [...n.path, ...target.modules]
      const key = target.kind === 'module' ? moduleAddr(path) : join(moduleAddr(path), target.local!)
      if (!statements.has(key)) statements.set(key, {path, target, node: n})
    }
  }
  const out: PlanStageDiagnostic[] = []
  for (const [key, s] of statements) {
    const detail = `This statement declares that ${key} was removed, but it is still declared in configuration.`
    if (s.target.kind === 'resource') {
      const r = resourceBlock(nodeAt(tree, s.path), s.target.local!)
      if (r)
        out.push({
          diagnostic: errorDiag('config.removed-still-exists', 'Removed resource still exists', detail, r.declRange),
          module: s.node.addr,
        })
      continue
    }
    const parent = nodeAt(tree, s.path.slice(0, -1))
    const call = parent?.module?.moduleCalls.get(s.path[s.path.length - 1] ?? '')
    if (call)
      out.push({
        diagnostic: errorDiag('config.removed-still-exists', 'Removed module still exists', detail, call.declRange),
        module: s.node.addr,
      })
  }
  return out
}

/** Whether a module call (or any call above it) repeats its module: its instances have keys. */
function repeated(n: ModuleNode | undefined): boolean {
  for (let p = n; p && p.parent; p = p.parent) if (p.count || p.forEach) return true
  return false
}

/** One move statement with its endpoints as absolute addresses, and what `from` is, if the configuration decides it. */
interface Move {
  readonly block: Block
  readonly module: ModulePath
  readonly from: string
  readonly to: string
  readonly noun: 'resource' | 'module call'
  readonly short: 'resource' | 'call'
  /** Where `from` is still declared (its block's first line), or undefined when it is not. */
  readonly existsAt: SourceRange | undefined
}

/**
 * The instance keys a call's `count` or `for_each` gives, when it is a literal: a number (`0`…`n-1`), an
 * object (its keys), `toset([...])` of strings; undefined for a call without either, 'unknown' otherwise.
 */
function callInstanceKeys(call: ModuleCall | undefined): ReadonlySet<string | number> | undefined | 'unknown' {
  if (call?.count) {
    const n = literalValue(call.count.node)
    return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? new Set(Array.from({length: n}, (_, i) => i)) : 'unknown'
  }
  if (!call?.forEach) return undefined
  const e = unwrapTemplate(call.forEach.node)
  const v = e.k === 'call' && e.name === 'toset' && e.args.length === 1 && !e.expandFinal ? literalValue(e.args[0]!) : literalValue(e)
  if (e.k === 'call' ? !Array.isArray(v) || v.some((x) => typeof x !== 'string') : v === null || typeof v !== 'object' || Array.isArray(v))
    return 'unknown'
  return new Set(Array.isArray(v) ? (v as string[]) : Object.keys(v as object))
}

/**
 * Whether the module instance a step names exists: the call's instances (its literal count or for_each)
 * include the key, or the call has neither and the step no key.
 */
function instanceExists(child: ModuleNode, key: InstanceKey | undefined): boolean | 'unknown' {
  const keys = child.count || child.forEach ? callInstanceKeys(child.call) : undefined
  if (keys === undefined) return key === undefined
  if (key === undefined) return false
  if (keys === 'unknown') return 'unknown'
  return key !== null && keys.has(key)
}

/** `["a"]` or `[0]`: an instance key as Terraform writes it in an address. */
const keyText = (k: InstanceKey | undefined): string =>
  k === undefined || k === null ? '' : typeof k === 'number' ? `[${k}]` : `[${goQuote(k)}]`

/** The object an endpoint names, if it is declared: the resource block, or the module call block. */
function declared(tree: ModuleTree, base: ModuleNode, e: ParsedAddress): Declared | undefined | 'unknown' {
  const path = e.kind === 'module' ? e.modules.slice(0, -1) : e.modules
  let n: ModuleNode | undefined = base
  for (const [i, name] of path.entries()) {
    const child: ModuleNode | undefined = n.children.find((c) => c.path[c.path.length - 1] === name)
    if (!child) return undefined
    // an instance the call's count or for_each does not give (or one they leave to the plan)
    const exists = instanceExists(child, e.moduleInstanceKeys[i])
    if (exists !== true) return exists === false ? undefined : 'unknown'
    n = child
  }
  if (!n.module) return 'unknown'
  if (e.kind === 'module') return n.module.moduleCalls.get(e.modules[e.modules.length - 1] ?? '')
  return resourceBlock(n, e.local!)
}

function moves(tree: ModuleTree): Move[] | undefined {
  const out: Move[] = []
  for (const n of tree.nodes) {
    if (!n.module || n.module.moved.length === 0) continue
    if (repeated(n)) continue
    for (const b of n.module.moved) {
      const from = parsed(b, 'from', true)
      const to = parsed(b, 'to', true)
      if (!from || !to || from.kind !== to.kind) continue
      if (from.resourceKey || to.resourceKey) continue
      // a key on the moved module call itself: a module instance move, left to the plan
      if (from.kind === 'module' && (from.moduleInstanceKeys.at(-1) !== undefined || to.moduleInstanceKeys.at(-1) !== undefined)) continue
      const where = declared(tree, n, from)
      if (where === 'unknown') {
        if (from.moduleKeys) continue
        return undefined
      }
      const abs = (e: ParsedAddress): string => {
        const mods = [
          ...n.path.map((p) => `module.${p}`),
          ...e.modules.map((m, i) => `module.${m}${keyText(e.moduleInstanceKeys[i])}`),
        ].join('.')
        return e.kind === 'module' ? mods : join(mods, e.local!)
      }
      out.push({
        block: b,
        module: n.addr,
        from: abs(from),
        to: abs(to),
        noun: from.kind === 'module' ? 'module call' : 'resource',
        short: from.kind === 'module' ? 'call' : 'resource',
        existsAt: where?.declRange,
      })
    }
  }
  return out
}

/** `file:line,column` of a range's start, the file named from the root (the model names it by its absolute path). */
const startString = (r: SourceRange, name: FileNamer): string => `${name(r.filename)}:${r.start.line},${r.start.column}`

/** ValidateMoves for the statements the configuration decides. */
function moveErrors(tree: ModuleTree, name: FileNamer): PlanStageDiagnostic[] {
  const list = moves(tree)
  if (!list) return []
  const out: PlanStageDiagnostic[] = []
  const push = (m: Move, summary: string, detail: string): void => {
    out.push({diagnostic: errorDiag('config.moved-conflict', summary, detail, m.block.declRange), module: m.module})
  }
  const byFrom = new Map<string, Move>()
  const byTo = new Map<string, Move>()
  for (const m of list) {
    if (m.from === m.to) {
      push(
        m,
        'Redundant move statement',
        `This statement declares a move from ${m.from} to the same address, which is the same as not declaring this move at all.`,
      )
      continue
    }
    if (m.existsAt)
      push(
        m,
        'Moved object still exists',
        `This statement declares a move from ${m.from}, but that ${m.noun} is still declared at ${startString(m.existsAt, name)}.\n\nChange your configuration so that this ${m.short} will be declared as ${m.to} instead.`,
      )
    const f = byFrom.get(m.from)
    if (!f) byFrom.set(m.from, m)
    else if (f.to !== m.to)
      push(
        m,
        'Ambiguous move statements',
        `A statement at ${startString(f.block.declRange, name)} declared that ${m.from} moved to ${f.to}, but this statement instead declares that it moved to ${m.to}.\n\nEach ${m.noun} can move to only one destination ${m.short}.`,
      )
    const t = byTo.get(m.to)
    if (!t) byTo.set(m.to, m)
    else if (t.from !== m.from)
      push(
        m,
        'Ambiguous move statements',
        `A statement at ${startString(t.block.declRange, name)} declared that ${t.from} moved to ${m.to}, but this statement instead declares that ${m.from} moved there.\n\nEach ${m.noun} can have moved from only one source ${m.short}.`,
      )
  }
  return out
}

/**
 * The errors `terraform plan` gives about removed and moved blocks of a configuration that validated: the
 * removed ones first (the plan stops there), else the moved ones. `name` names the files the texts cite (from the tree's root).
 */
export function refactoringPlanErrors(tree: ModuleTree, name: FileNamer): PlanStageDiagnostic[] {
  if (tree.engine !== 'terraform') return []
  const removed = removedStillExists(tree)
  return removed.length > 0 ? removed : moveErrors(tree, name)
}
