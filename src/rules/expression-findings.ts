// The module-stage findings of the rules that report one kind of expression (deprecated-interpolation,
// deprecated-lookup, deprecated-index, empty-list-equality): each fact of the module's expression facts
// (module-expressions.ts) is one finding, said after the module's name, with its fix when fixes are asked.
import type {SourceRange} from '../diag/diagnostic.js'
import type {Attribute} from '../hcl/syntax.js'
import {expressionFacts, type ExpressionFacts} from './module-expressions.js'
import type {ModuleFinding, ModuleRuleContext} from './rule.js'
import {moduleText} from './support.js'
import type {Fix} from './fix/fix.js'
import {fixFiles, type FixFile} from './fix/source-file.js'

/** One expression's finding: its summary and key, where it is, what follows the module's name, its fix. */
export interface ExpressionFinding {
  readonly summary: string
  readonly key: string
  readonly range: SourceRange
  readonly rest: string
  readonly fix: Fix | undefined
}

/** The findings of `facts` in the module, one per fact; `file` is the fact's file when fixes are asked. */
export function expressionFindings<T extends {readonly attribute: Attribute}>(
  {module, memo, sourceText, fixes}: ModuleRuleContext,
  facts: (f: ExpressionFacts) => readonly T[],
  one: (fact: T, file: FixFile | undefined) => ExpressionFinding,
): ModuleFinding[] {
  const file = fixFiles(sourceText, fixes)
  return facts(expressionFacts(module, memo)).map((x) => {
    const f = one(x, file(x.attribute.exprRange.filename))
    return {
      summary: f.summary,
      detail: (call) => moduleText(call.address) + f.rest,
      range: f.range,
      key: f.key,
      ...(f.fix ? {fixes: [f.fix]} : {}),
    }
  })
}
