// empty-list-equality: `x == []` or `x != []`. The empty tuple constructor `[]` has the type of an empty
// tuple, so it equals only another empty tuple: a list, set or map that is empty compares unequal, and the
// condition never does what it says. length(x) == 0 is the test for an empty collection.
import {partRange, partText} from '../hcl/expr.js'
import {expressionFacts} from './module-expressions.js'
import {moduleStageFindings} from './module-stage.js'
import type {LintDiagnostic, ModuleFinding, Rule} from './rule.js'
import {moduleText, report, where} from './support.js'
import {emptyListFix} from './fix/expressions.js'
import {fixFiles} from './fix/source-file.js'

export const emptyListEquality = {
  id: 'empty-list-equality',
  severity: 'warning',
  enabledByDefault: true,
  scope: 'module',
  description: 'A comparison with an empty list ([]), which is never equal to an empty list, set or map value.',
  docs: 'docs/rules/empty-list-equality.md',
  check(ctx): LintDiagnostic[] {
    return report(emptyListEquality, moduleStageFindings(emptyListEquality, ctx))
  },
  checkModule({module, memo, sourceText, fixes}): ModuleFinding[] {
    const findings: ModuleFinding[] = []
    const file = fixFiles(sourceText, fixes)
    for (const {attribute: a, expr: e} of expressionFacts(module, memo).emptyListComparisons) {
      const other = e.left.k === 'tuple' && e.left.items.length === 0 ? e.right : e.left
      const range = partRange(a, e)
      const fix = `length(${partText(a, other)}) ${e.op} 0`
      const f = file(a.exprRange.filename)
      const edit = f && emptyListFix(f, a, e)
      const rest = ` compares a value with [] at ${where(range)} (argument ${a.name}). [] is an empty tuple, and Terraform's ${e.op} compares types as well as values: an empty list, set or map is not equal to it, so the comparison is ${e.op === '==' ? 'false' : 'true'} for every collection except an empty tuple. To fix it, check the length: ${fix}.`
      findings.push({
        summary: 'Comparison with an empty list',
        detail: (call) => moduleText(call.address) + rest,
        range,
        key: 'empty-list',
        ...(edit ? {fixes: [edit]} : {}),
      })
    }
    return findings
  },
} satisfies Rule
