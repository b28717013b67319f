// Custom condition blocks (validation, precondition, postcondition, check/assert), decoded as
// Terraform's decodeCheckRuleBlock does: forbidden in override files, `condition` and `error_message` and
// nothing else, and a condition must refer to something, or it would check nothing.
import type {Diagnostic} from '../diag/diagnostic.js'
import {errorDiag} from '../diag/diagnostic.js'
import type {Block} from '../hcl/syntax.js'
import {isLiteral} from '../hcl/expr.js'
import {bodySchemaProblems} from './body-schema.js'

const RULE_TYPES = new Set(['validation', 'precondition', 'postcondition', 'assert'])

/** The condition blocks of a top-level block, where Terraform decodes them. */
function ruleBlocks(b: Block): Block[] {
  switch (b.type) {
    case 'variable':
      return b.body.blocks.filter((x) => x.type === 'validation')
    case 'output':
      return b.body.blocks.filter((x) => x.type === 'precondition')
    case 'resource':
    case 'data':
    case 'ephemeral':
      return b.body.blocks
        .filter((x) => x.type === 'lifecycle')
        .flatMap((lc) => lc.body.blocks.filter((x) => x.type === 'precondition' || x.type === 'postcondition'))
    case 'check':
      return b.body.blocks.filter((x) => x.type === 'assert')
    default:
      return []
  }
}

export function checkRuleDiagnostics(b: Block, override: boolean): Diagnostic[] {
  if (override && b.type === 'check')
    return [
      errorDiag('config.override-not-allowed', "Can't override check blocks", 'Override files cannot override check blocks.', b.declRange),
    ]
  return ruleBlocks(b)
    .filter((r) => RULE_TYPES.has(r.type))
    .flatMap((r) => checkRuleProblems(r, override))
}

/**
 * decodeCheckRuleBlock for one condition block: forbidden in an override file, else its schema (`condition`
 * and `error_message`, both required) and a condition that refers to nothing. A check block keeps only the
 * asserts without errors (and with none left, "Zero assert blocks").
 */
export function checkRuleProblems(r: Block, override: boolean): Diagnostic[] {
  if (override)
    return [
      errorDiag(
        'config.override-not-allowed',
        `Can't override ${r.type} blocks`,
        `Override files cannot override ${JSON.stringify(r.type)} blocks.`,
        r.declRange,
      ),
    ]
  const out = bodySchemaProblems(
    r.body,
    {attributes: ['condition', 'error_message'], blocks: [], required: ['condition', 'error_message']},
    r,
  )
  const cond = r.body.attributes.find((a) => a.name === 'condition')
  if (cond && isLiteral(cond)) {
    out.push(
      errorDiag(
        'config.condition-without-reference',
        `Invalid ${r.type} expression`,
        'The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything.',
        cond.exprRange,
      ),
    )
  }
  return out
}
