// deprecated-index: list elements read with the legacy dot syntax — `list.0` instead of `list[0]`, and the
// attribute-only splat `list.*.id` instead of `list[*].id` — which Terraform keeps only for compatibility
// with 0.11. Native syntax and the templates of JSON strings alike.
import {partRange, partText} from '../hcl/expr.js'
import {expressionFindings} from './expression-findings.js'
import {moduleRule} from './module-stage.js'
import type {ModuleFinding} from './rule.js'
import {where} from './support.js'
import {legacyIndexFix} from './fix/expressions.js'

export const deprecatedIndex = moduleRule({
  id: 'deprecated-index',
  severity: 'warning',
  enabledByDefault: true,
  description: 'A list element or splat written with the legacy dot syntax (list.0, list.*.id) instead of square brackets.',
  docs: 'docs/rules/deprecated-index.md',
  checkModule(ctx): ModuleFinding[] {
    return expressionFindings(
      ctx,
      (facts) => facts.legacyIndexes,
      (x, f) => {
        const a = x.attribute
        const range = partRange(a, x.span)
        const written = x.splat ? '.*' : partText(a, x.span)
        const modern = x.splat ? '[*]' : `[${written.slice(1).trim()}]`
        return {
          summary: 'Legacy index syntax',
          key: 'index',
          range,
          rest: ` reads ${x.splat ? 'the elements of a list with the attribute-only splat' : 'a list element with the legacy index'} "${written}" at ${where(range)} (argument ${a.name}). Terraform accepts this Terraform 0.11 syntax only for compatibility; square brackets are the language's index and splat operators, and the full splat [*] also applies the indexes after it. To fix it, write ${modern} instead of ${written}.`,
          fix: f && legacyIndexFix(f, a, x.span, x.splat),
        }
      },
    )
  },
})
