// Terraform's `action` blocks (1.14 and later) as its loader decodes them (internal/configs/action.go,
// decodeActionBlock and decodeActionTriggerBlock; resource.go for the lifecycle of data and ephemeral
// resources): the block's own errors, and those of the `action_trigger` blocks in resources' lifecycle.
// Texts and subjects are Terraform 1.16's (action.go at v1.16.0-rc2: destroy events, on_failure, count.index
// and each.key allowed in `actions`); Terraform 1.11 knows neither block.
import type {Diagnostic, SourceRange} from '../diag/diagnostic.js'
import {errorDiag} from '../diag/diagnostic.js'
import {goQuote} from '../diag/go-quote.js'
import {keywordOf, partRange, tupleItemsOf, type Expr} from '../hcl/expr.js'
import {walkExpr} from '../hcl/native/index.js'
import type {Attribute, Block} from '../hcl/syntax.js'
import {bodySchemaProblems} from './body-schema.js'

const VALID_IDENTIFIER = /^[\p{ID_Start}_][\p{ID_Continue}-]*$/u
export const BAD_IDENTIFIER_DETAIL =
  'A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.'

/** An action block's decode errors; `keep` is false when Terraform drops the block (a second `config` block). */
export function actionBlockProblems(b: Block): {diagnostics: Diagnostic[]; keep: boolean} {
  const out: Diagnostic[] = []
  const [type, name] = b.labels
  if (type && !VALID_IDENTIFIER.test(type.value))
    out.push(errorDiag('action.invalid-name', 'Invalid action type name', BAD_IDENTIFIER_DETAIL, type.range))
  if (name && !VALID_IDENTIFIER.test(name.value))
    out.push(errorDiag('action.invalid-name', 'Invalid action name', BAD_IDENTIFIER_DETAIL, name.range))
  out.push(...bodySchemaProblems(b.body, {attributes: ['count', 'for_each', 'provider'], blocks: ['config']}))
  // count and for_each together: repetition-arguments.ts, as for resources
  const configs = b.body.blocks.filter((x) => x.type === 'config')
  if (configs.length > 1) {
    out.push(
      errorDiag(
        'action.duplicate-config',
        'Duplicate config block',
        'An action must contain only one nested "config" block.',
        configs[1]!.declRange,
      ),
    )
    return {diagnostics: out, keep: false}
  }
  return {diagnostics: out, keep: true}
}

const EVENTS = ['before_create', 'after_create', 'before_update', 'after_update', 'before_destroy', 'after_destroy']

/** The `action_trigger` blocks of a resource's lifecycle, decoded (managed resources), or refused (data and ephemeral). */
export function actionTriggerProblems(b: Block): Diagnostic[] {
  const out: Diagnostic[] = []
  for (const lc of b.body.blocks.filter((x) => x.type === 'lifecycle')) {
    for (const t of lc.body.blocks.filter((x) => x.type === 'action_trigger')) {
      if (b.type === 'resource') out.push(...decodeActionTrigger(t))
      else {
        const kind = b.type === 'data' ? 'data' : 'ephemeral'
        out.push(
          errorDiag(
            'action.trigger-not-managed',
            `Invalid ${kind === 'data' ? 'data resource' : 'ephemeral resource'} lifecycle nested block`,
            `The lifecycle nested block "action_trigger" is defined only for managed resources ("resource" blocks), and is not valid for ${kind === 'data' ? 'data resources' : 'ephemeral resources'}.`,
            t.typeRange,
          ),
        )
      }
    }
  }
  return out
}

/** A static list's items (`hcl.ExprList`), or its error. */
function listItems(a: Attribute, out: Diagnostic[]): readonly Expr[] | undefined {
  const items = tupleItemsOf(a.node)
  if (!items) out.push(errorDiag('action.invalid-trigger', 'Invalid expression', 'A static list expression is required.', a.exprRange))
  return items
}

/** Terraform's decodeActionTriggerBlock. */
function decodeActionTrigger(t: Block): Diagnostic[] {
  const out: Diagnostic[] = bodySchemaProblems(
    t.body,
    {attributes: ['events', 'condition', 'actions', 'on_failure'], blocks: [], required: ['events', 'actions']},
    t,
  )
  let events = 0
  const eventsAttr = t.body.attributes.find((a) => a.name === 'events')
  if (eventsAttr) {
    const seen = new Set<string>()
    for (const e of listItems(eventsAttr, out) ?? []) {
      const kw = keywordOf(e) ?? ''
      const at = partRange(eventsAttr, e)
      if (!EVENTS.includes(kw)) {
        out.push(
          errorDiag(
            'action.invalid-trigger',
            `Invalid "event" value ${kw}`,
            `The "event" argument supports the following values: ${EVENTS.join(', ')}.`,
            at,
          ),
        )
      } else if (seen.has(kw)) {
        out.push(
          errorDiag(
            'action.invalid-trigger',
            `Duplicate ${goQuote(kw)} event`,
            'The event is already defined in this action_trigger block.',
            at,
          ),
        )
      } else {
        seen.add(kw)
        events++
      }
    }
  }
  const actionsAttr = t.body.attributes.find((a) => a.name === 'actions')
  const actions = actionsAttr ? listItems(actionsAttr, out) : undefined
  if (actionsAttr && actions) for (const item of actions) out.push(...actionReferenceProblems(actionsAttr, item))
  const onFailure = t.body.attributes.find((a) => a.name === 'on_failure')
  if (onFailure && !['halt', 'taint', 'continue'].includes(keywordOf(onFailure.node) ?? ''))
    out.push(
      errorDiag(
        'action.invalid-trigger',
        'Invalid "on_failure" keyword',
        'The "on_failure" argument requires one of the following keywords: halt, taint or continue.',
        onFailure.exprRange,
      ),
    )
  if (!actions || actions.length === 0)
    out.push(
      errorDiag(
        'action.invalid-trigger',
        'No actions specified',
        'At least one action must be specified for an action_trigger.',
        t.declRange,
      ),
    )
  if (events === 0)
    out.push(
      errorDiag(
        'action.invalid-trigger',
        'No events specified',
        'At least one event must be specified for an action_trigger.',
        t.declRange,
      ),
    )
  return out
}

/** Terraform's decodeActionTriggerRef for one item of `actions`: exactly one reference to an action of this module. */
function actionReferenceProblems(a: Attribute, item: Expr): Diagnostic[] {
  const at: SourceRange = partRange(a, item)
  let actions = 0
  let problem: Diagnostic | undefined
  walkExpr(item, (x) => {
    if (problem || x.k !== 'trav') return
    const root = x.root
    if (root === 'action') actions++
    else if (root === 'module')
      problem = errorDiag(
        'action.invalid-trigger',
        'Invalid reference to action outside this module',
        'Actions can only be referenced in the module they are declared in.',
        at,
      )
    else if (root !== 'count' && root !== 'each')
      problem = errorDiag(
        'action.invalid-trigger',
        'Invalid action argument inside action_triggers',
        'action_triggers.actions must only refer to actions in the current module, count.index, or each.key.',
        at,
      )
  })
  if (problem) return [problem]
  if (actions === 0)
    return [errorDiag('action.invalid-trigger', 'No actions specified', 'At least one action must be specified for an action_trigger.', at)]
  if (actions > 1)
    return [errorDiag('action.invalid-trigger', 'Invalid action expression', 'Multiple action references in actions expression.', at)]
  return []
}
