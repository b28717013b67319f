// The module stage of the `module` rules (not a rule itself): a rule's findings about one module directory
// (`Rule.checkModule`) are computed once per directory in a run, kept in the run's memo by the module (one
// object per directory and engine while its files are unchanged: load/shared-load.ts), and each root that
// reaches the directory only reports them at its calls. A module reached from many roots of a `--recursive`
// run, or from many calls, is checked once.
import * as path from 'node:path'
import type {SourceRange} from '../diag/diagnostic.js'
import type {ModuleNode} from '../crawl/crawl.js'
import type {Module} from '../load/model.js'
import type {ModuleCallView, ModuleFinding, ModuleRuleContext, Rule, RuleContext} from './rule.js'
import {authoredModules} from './module-expressions.js'
import type {RunMemo} from '../load/run-memo.js'
import {brokenModules, report, type Finding} from './support.js'

/** A rule with a module stage. */
export type ModuleRule = Pick<Rule, 'id'> & Required<Pick<Rule, 'checkModule'>>

/**
 * A rule whose findings are all its module stage's (`scope: 'module'`): its `check` reports them at every
 * call of each module the root's authors wrote (moduleStageFindings).
 */
export function moduleRule(r: Omit<Rule, 'scope' | 'check' | 'checkModule'> & Pick<ModuleRule, 'checkModule'>): Rule & ModuleRule {
  const rule: Rule & ModuleRule = {...r, scope: 'module', check: (ctx) => report(rule, moduleStageFindings(rule, ctx))}
  return rule
}

/** The memo slot of a rule's module stage: one per rule and per setting the findings depend on. */
function slotOf(rule: ModuleRule, ctx: ModuleRuleContext): string {
  // JSON.stringify([engine, broken, options ?? null, fixes, sourceText given]), the options alone stringified
  const options = ctx.options === undefined ? 'null' : JSON.stringify(ctx.options)
  const variant = `[${JSON.stringify(ctx.engine)},${ctx.broken},${options},${ctx.fixes === true},${ctx.sourceText !== undefined}]`
  return `module-stage ${rule.id} ${variant}`
}

/** A rule's `slotOf` already made, by its options object (or none), its engine and its three flags. */
interface SlotNames {
  readonly plain: Map<string, string[]>
  readonly withOptions: WeakMap<object, Map<string, string[]>>
}

/**
 * `slotOf` through the run's memo: each slot's name made once per run (asked once per rule per root and
 * module: an editor's edit asks it for every root holding the module).
 */
function slotIn(memo: RunMemo, rule: ModuleRule, ctx: ModuleRuleContext): string {
  const names = memo.get<SlotNames>(rule, 'slot-names of the module stage', () => ({plain: new Map(), withOptions: new WeakMap()}))
  let byEngine = names.plain
  if (ctx.options !== undefined) {
    const mine = names.withOptions.get(ctx.options)
    if (mine) byEngine = mine
    else names.withOptions.set(ctx.options, (byEngine = new Map()))
  }
  let made = byEngine.get(ctx.engine)
  if (!made) byEngine.set(ctx.engine, (made = []))
  const i = (ctx.broken ? 1 : 0) | (ctx.fixes === true ? 2 : 0) | (ctx.sourceText !== undefined ? 4 : 0)
  return (made[i] ??= slotOf(rule, ctx))
}

/** A rule's findings about one module directory: from the run's memo when there is one. */
export function moduleFindings(rule: ModuleRule, ctx: ModuleRuleContext): readonly ModuleFinding[] {
  const memo = ctx.memo
  return memo ? memo.get(ctx.module, slotIn(memo, rule, ctx), () => rule.checkModule(ctx)) : rule.checkModule(ctx)
}

/** What a rule's module stage reads of a root's rule context: one module of its tree, and the run's settings. */
export function moduleRuleContext(ctx: RuleContext, module: Module, broken: boolean): ModuleRuleContext {
  return {
    module,
    engine: ctx.analysis.tree.engine,
    broken,
    ...(ctx.options ? {options: ctx.options} : {}),
    ...(ctx.sourceText ? {sourceText: ctx.sourceText} : {}),
    ...(ctx.memo ? {memo: ctx.memo} : {}),
    ...(ctx.fixes ? {fixes: true} : {}),
  }
}

/** One module finding as the finding of each call that reaches the module (report() keeps the first and names the others). */
export function atCalls(nodes: readonly ModuleNode[], f: ModuleFinding): Finding[] {
  return nodes.map((node) => ({
    summary: f.summary,
    detail: f.detail({address: node.addr, displayDir: node.displayDir}),
    range: f.range,
    key: f.key,
    ...(f.fixes ? {fixes: f.fixes} : {}),
    address: node.addr.key,
    module: node,
  }))
}

/**
 * The root's part of a rule with a module stage: the module findings of every module the configuration's
 * authors wrote (each directory once), at every call of it in the root's tree, in tree order.
 */
export function moduleStageFindings(rule: ModuleRule, ctx: RuleContext): Finding[] {
  const {tree} = ctx.analysis
  const broken = ctx.memo ? ctx.memo.get(tree, 'broken-modules', () => brokenModules(tree)) : brokenModules(tree)
  const out: Finding[] = []
  const modules = ctx.memo ? ctx.memo.get(tree, 'authored-modules', () => authoredModules(tree)) : authoredModules(tree)
  for (const am of modules) {
    for (const f of moduleFindings(rule, moduleRuleContext(ctx, am.module, broken.has(am.module)))) out.push(...atCalls(am.nodes, f))
  }
  return out
}

/** A configuration file of a module with its text, named by its absolute path (as the model names it). */
export interface ModuleFile {
  readonly filename: string
  readonly text: string
}

/**
 * The files in one syntax of a module (shadowed ones left out), with their text: what the rules read from
 * how a file is written rather than from the model (comments, a JSON root array).
 */
export function moduleFiles(m: Module, syntax: 'native' | 'json', sourceText: (filename: string) => string | undefined): ModuleFile[] {
  const out: ModuleFile[] = []
  for (const f of m.files) {
    if (f.syntax !== syntax || f.shadowedBy !== undefined) continue
    const filename = path.join(m.dir, f.name)
    const text = sourceText(filename)
    if (text !== undefined) out.push({filename, text})
  }
  return out
}

/** A file of the module's directory (its name in the directory) as a call's root shows it: `modules/a/main.tf`. */
export function shownFile(call: ModuleCallView, name: string): string {
  return call.displayDir === undefined || call.displayDir === '.' ? name : `${call.displayDir}/${name}`
}

/** A range of a file of the module's directory (named by its absolute path) named as a call's root shows it. */
export function shownRange(call: ModuleCallView, r: SourceRange): SourceRange {
  return {...r, filename: shownFile(call, path.basename(r.filename))}
}
