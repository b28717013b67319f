// Custom condition blocks (validation, precondition, postcondition, check/assert), decoded as
// Terraform's decodeCheckRuleBlock does: forbidden in override files, and a condition must refer to
// something, or it would check nothing.
import type {Diagnostic} from '../diag/diagnostic.js'
import {errorDiag} from '../diag/diagnostic.js'
import type {Block} from '../hcl/syntax.js'
import {isLiteral} from '../hcl/expr.js'

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
  const out: Diagnostic[] = []
  if (override && b.type === 'check') {
    out.push(
      errorDiag('config.override-not-allowed', "Can't override check blocks", 'Override files cannot override check blocks.', b.declRange),
    )
    return out
  }
  for (const r of ruleBlocks(b)) {
    if (!RULE_TYPES.has(r.type)) continue
    if (override) {
      out.push(
        errorDiag(
          'config.override-not-allowed',
          `Can't override ${r.type} blocks`,
          `Override files cannot override ${JSON.stringify(r.type)} blocks.`,
          r.declRange,
        ),
      )
      continue
    }
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
  }
  return out
}
