// empty-list-equality: `x == []` or `x != []`. The empty tuple constructor `[]` has the type of an empty
// tuple, so it equals only another empty tuple: a list, set or map that is empty compares unequal, and the
// condition never does what it says. length(x) == 0 is the test for an empty collection.
import {partRange, partText} from '../hcl/expr.js'
import {expressionFindings} from './expression-findings.js'
import {moduleRule} from './module-stage.js'
import type {ModuleFinding} from './rule.js'
import {where} from './support.js'
import {emptyListFix} from './fix/expressions.js'

export const emptyListEquality = moduleRule({
  id: 'empty-list-equality',
  severity: 'warning',
  enabledByDefault: true,
  description: 'A comparison with an empty list ([]), which is never equal to an empty list, set or map value.',
  docs: 'docs/rules/empty-list-equality.md',
  checkModule(ctx): ModuleFinding[] {
    return expressionFindings(
      ctx,
      (facts) => facts.emptyListComparisons,
      ({attribute: a, expr: e}, f) => {
        const other = e.left.k === 'tuple' && e.left.items.length === 0 ? e.right : e.left
        const range = partRange(a, e)
        const fix = `length(${partText(a, other)}) ${e.op} 0`
        return {
          summary: 'Comparison with an empty list',
          key: 'empty-list',
          range,
          rest: ` compares a value with [] at ${where(range)} (argument ${a.name}). [] is an empty tuple, and Terraform's ${e.op} compares types as well as values: an empty list, set or map is not equal to it, so the comparison is ${e.op === '==' ? 'false' : 'true'} for every collection except an empty tuple. To fix it, check the length: ${fix}.`,
          fix: f && emptyListFix(f, a, e),
        }
      },
    )
  },
})
