// unused-declaration: an input variable, local value or data source that nothing in its module reads, and
// an output of a module that none of its calls reads. Tree-aware where tflint's
// terraform_unused_declarations looks at the root alone: every module the configuration's authors wrote is
// checked (each directory once); a variable read only by a validation block (its own or another's) is used;
// an output is reported only for a module private to the analysed root (a directory inside it, every call
// of it in this tree), never for the root's own outputs nor for a module that other roots may call.
// Modules with a file that did not parse are skipped (what that file reads is unknown).
import type {SourceRange} from '../diag/diagnostic.js'
import type {Module} from '../load/model.js'
import {atEveryCall, authoredModules, moduleReads, type AuthoredModule, type Reads} from './module-expressions.js'
import {atCalls, moduleFindings, moduleRuleContext} from './module-stage.js'
import type {LintDiagnostic, ModuleFinding, Rule} from './rule.js'
import {brokenModules, moduleText, report, where, type Finding} from './support.js'

function declarationFindings(m: Module, reads: Reads): ModuleFinding[] {
  const out: ModuleFinding[] = []
  const add = (key: string, range: SourceRange, summary: string, what: string, fix: string): void => {
    const rest = ` declares ${what} at ${where(range)}, but no expression of the module reads it. ${fix}`
    out.push({summary, detail: (call) => moduleText(call.address) + rest, range, key})
  }
  for (const [name, b] of m.variables)
    if (!reads.variables.has(name))
      add(
        `var.${name}`,
        b.declRange,
        'Variable declared but not used',
        `variable "${name}"`,
        'A caller can set it and nothing happens. To fix it, remove the variable (and the value each caller passes), or use var.' +
          name +
          ' where it was meant to be used.',
      )
  for (const [name, a] of m.locals)
    if (!reads.locals.has(name))
      add(
        `local.${name}`,
        {filename: a.nameRange.filename, start: a.nameRange.start, end: a.exprRange.end},
        'Local value declared but not used',
        `local value local.${name}`,
        'To fix it, remove it, or use local.' + name + ' where it was meant to be used.',
      )
  for (const [key, b] of m.dataResources) {
    const address = `data.${key}`
    if (!reads.data.has(address))
      add(
        address,
        b.declRange,
        'Data source declared but not used',
        `data source ${address}`,
        `Its provider still reads it on every plan (and fails the plan when it cannot). To fix it, remove the block, or use ${address} where it was meant to be used.`,
      )
  }
  return out
}

/** A module directory inside the analysed root's directory (not the root): no other root is expected to call it. */
function privateTo(am: AuthoredModule): boolean {
  return am.nodes.every(
    (n) => !n.addr.isRoot && n.displayDir !== undefined && n.displayDir !== '.' && n.displayDir !== '..' && !n.displayDir.startsWith('../'),
  )
}

function outputFindings(am: AuthoredModule, readsByModule: ReadonlyMap<Module, Reads>): Finding[] {
  if (!privateTo(am)) return []
  const out: Finding[] = []
  for (const [name, b] of am.module.outputs) {
    const read = am.nodes.some((n) => {
      const callName = n.path[n.path.length - 1] ?? ''
      const parent = n.parent?.module
      const got = parent ? readsByModule.get(parent)?.outputs.get(callName) : undefined
      return got === undefined ? false : got.has('*') || got.has(name)
    })
    if (read) continue
    const calls = am.nodes.map((n) => n.addr.key).join(', ')
    out.push(
      ...atEveryCall(am, (node) => ({
        summary: 'Output not used',
        detail: `${moduleText(node.addr)} declares output "${name}" at ${where(b.declRange)}, but no call of the module (${calls}) reads module.${node.path[node.path.length - 1] ?? ''}.${name}; the module's directory lies inside the root module's, so no other configuration is expected to call it. To fix it, remove the output, or read it where it was meant to be used.`,
        range: b.declRange,
        key: `output.${name}`,
      })),
    )
  }
  return out
}

export const unusedDeclaration = {
  id: 'unused-declaration',
  severity: 'warning',
  enabledByDefault: true,
  scope: 'module',
  description:
    'A variable, local value or data source that nothing in its module reads, or an output of a module private to the root that no call reads.',
  docs: 'docs/rules/unused-declaration.md',
  check(ctx): LintDiagnostic[] {
    const {tree} = ctx.analysis
    const broken = brokenModules(tree)
    const modules = authoredModules(tree).filter((am) => !broken.has(am.module))
    const readsByModule = new Map(modules.map((am) => [am.module, moduleReads(am.module, ctx.memo)] as const))
    const findings: Finding[] = []
    for (const am of modules) {
      // the module's own declarations: its module stage, once per directory in a run
      for (const f of moduleFindings(unusedDeclaration, moduleRuleContext(ctx, am.module, false))) findings.push(...atCalls(am.nodes, f))
      // an output is read by the module that calls it: every caller must be known
      if (am.nodes.every((n) => n.parent?.module !== undefined && readsByModule.has(n.parent.module)))
        findings.push(...outputFindings(am, readsByModule))
    }
    return report(unusedDeclaration, findings)
  },
  /** The variables, local values and data sources nothing in the module reads (its outputs are read by its callers: `check`). */
  checkModule({module, memo, broken}): ModuleFinding[] {
    // what a file that did not parse reads is unknown
    return broken ? [] : declarationFindings(module, moduleReads(module, memo))
  },
} satisfies Rule
