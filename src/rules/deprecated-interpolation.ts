// deprecated-interpolation: an expression written as a quoted string that holds nothing but one
// interpolation, the Terraform 0.11 form that 0.12.14 deprecated (HCL's TemplateWrapExpr). Native syntax
// only: in JSON syntax a string holding one interpolation is how an expression is written.
import {partRange, partText} from '../hcl/expr.js'
import {expressionFacts} from './module-expressions.js'
import {moduleStageFindings} from './module-stage.js'
import type {LintDiagnostic, ModuleFinding, Rule} from './rule.js'
import {moduleText, report, where} from './support.js'
import {interpolationFix} from './fix/expressions.js'
import {fixFiles} from './fix/source-file.js'

export const deprecatedInterpolation = {
  id: 'deprecated-interpolation',
  severity: 'warning',
  enabledByDefault: true,
  scope: 'module',
  description: 'An expression written as a quoted string holding only one interpolation, the form Terraform 0.12.14 deprecated.',
  docs: 'docs/rules/deprecated-interpolation.md',
  check(ctx): LintDiagnostic[] {
    return report(deprecatedInterpolation, moduleStageFindings(deprecatedInterpolation, ctx))
  },
  checkModule({module, memo, sourceText, fixes}): ModuleFinding[] {
    const findings: ModuleFinding[] = []
    const file = fixFiles(sourceText, fixes)
    for (const {attribute: a, expr: e} of expressionFacts(module, memo).wraps) {
      const range = partRange(a, e)
      const inner = partText(a, e.inner)
      const f = file(a.exprRange.filename)
      const fix = f && interpolationFix(f, a, e)
      const rest = ` writes the expression ${inner} as a quoted string holding only an interpolation at ${where(range)} (argument ${a.name}). Since Terraform 0.12 an expression is written as it is; the quoted form is the deprecated Terraform 0.11 syntax (a map key written so must be put in parentheses instead). To fix it, write ${inner} without the quotes and the interpolation marks.`
      findings.push({
        summary: 'Interpolation-only expression',
        detail: (call) => moduleText(call.address) + rest,
        range,
        key: 'wrap',
        ...(fix ? {fixes: [fix]} : {}),
      })
    }
    return findings
  },
} satisfies Rule
