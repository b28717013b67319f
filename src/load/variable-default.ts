// Terraform re-checks a variable's default against its type constraint (at decode time, and again
// after override files changed either of them).
import type {Diagnostic} from '../diag/diagnostic.js'
import {errorDiag} from '../diag/diagnostic.js'
import type {Block} from '../hcl/syntax.js'
import {isExpression, unwrapExpression} from '../hcl/value.js'
import {attr} from './merge-body.js'
import {convertValue, parseTypeConstraint} from './type-constraint.js'

export function checkVariableDefault(v: Block, overridden: {type: boolean; default: boolean} | undefined): Diagnostic | undefined {
  const typeAttr = attr(v.body, 'type')
  const defAttr = attr(v.body, 'default')
  if (!defAttr) return undefined
  const subject = overridden && (overridden.type || overridden.default) ? v.declRange : defAttr.exprRange
  if (defAttr.value === null) {
    const nullable = attr(v.body, 'nullable')
    if (nullable && nullable.value === false) {
      return errorDiag('Invalid default value for variable', 'A null default value is not valid when nullable=false.', subject)
    }
    return undefined
  }
  if (!typeAttr) return undefined
  const typeSource = typeof typeAttr.value === 'string' ? (isExpression(typeAttr.value) ? unwrapExpression(typeAttr.value) : JSON.stringify(typeAttr.value)) : typeAttr.expr
  const parsed = parseTypeConstraint(typeSource)
  if ('error' in parsed) return undefined
  const problem = convertValue(defAttr.value, parsed.type)
  if (problem === undefined) return undefined
  let detail: string
  if (overridden?.type && overridden.default) detail = `This variable's default value is not compatible with its type constraint: ${problem}.`
  else if (overridden?.type) detail = `Overriding this variable's type constraint has made its default value invalid: ${problem}.`
  else if (overridden?.default) detail = `The overridden default value for this variable is not compatible with the variable's type constraint: ${problem}.`
  else detail = `This default value is not compatible with the variable's type constraint: ${problem}.`
  return errorDiag('Invalid default value for variable', detail, subject)
}
