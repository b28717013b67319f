// deprecated-interpolation: an expression written as a quoted string that holds nothing but one
// interpolation, the Terraform 0.11 form that 0.12.14 deprecated (HCL's TemplateWrapExpr). Native syntax
// only: in JSON syntax a string holding one interpolation is how an expression is written.
import {partRange, partText} from '../hcl/expr.js'
import {expressionFindings} from './expression-findings.js'
import {moduleRule} from './module-stage.js'
import type {ModuleFinding} from './rule.js'
import {where} from './support.js'
import {interpolationFix} from './fix/expressions.js'

export const deprecatedInterpolation = moduleRule({
  id: 'deprecated-interpolation',
  severity: 'warning',
  enabledByDefault: true,
  description: 'An expression written as a quoted string holding only one interpolation, the form Terraform 0.12.14 deprecated.',
  docs: 'docs/rules/deprecated-interpolation.md',
  checkModule(ctx): ModuleFinding[] {
    return expressionFindings(
      ctx,
      (facts) => facts.wraps,
      ({attribute: a, expr: e}, f) => {
        const range = partRange(a, e)
        const inner = partText(a, e.inner)
        return {
          summary: 'Interpolation-only expression',
          key: 'wrap',
          range,
          rest: ` writes the expression ${inner} as a quoted string holding only an interpolation at ${where(range)} (argument ${a.name}). Since Terraform 0.12 an expression is written as it is; the quoted form is the deprecated Terraform 0.11 syntax (a map key written so must be put in parentheses instead). To fix it, write ${inner} without the quotes and the interpolation marks.`,
          fix: f && interpolationFix(f, a, e),
        }
      },
    )
  },
})
