// `lint --only/--disable`: rule ids checked before the analysis, so a typo is one line with a "did you
// mean" (exit 1), not a silently empty run.
import {TERRAFORM_RULE} from '../lint/config.js'

/** Why some of `ids` name no rule, in one line, or undefined when all do. */
export async function unknownRuleProblem(ids: readonly string[]): Promise<string | undefined> {
  if (ids.length === 0) return undefined
  const {RULE_IDS} = await import('../rules/ids.js')
  const known = new Set<string>([TERRAFORM_RULE, ...RULE_IDS])
  const unknown = ids.filter((id) => !known.has(id))
  if (unknown.length === 0) return undefined
  const {didYouMean} = await import('../diag/name-suggestion.js')
  const hints = unknown.map((id) => didYouMean(id, known)).filter((h): h is string => h !== undefined)
  return `unknown rule id${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}${hints.length > 0 ? ` (did you mean ${hints.join(', ')}?)` : ''}; "tfgraph lint --list-rules" lists them`
}
