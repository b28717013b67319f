// deprecated-lookup: `lookup(map, key)` with two arguments, deprecated since Terraform 0.7 for map[key];
// lookup is for reading a key with a default (three arguments).
import {partRange, partText} from '../hcl/expr.js'
import {expressionFindings} from './expression-findings.js'
import {moduleRule} from './module-stage.js'
import type {ModuleFinding} from './rule.js'
import {where} from './support.js'
import {lookupFix} from './fix/expressions.js'

export const deprecatedLookup = moduleRule({
  id: 'deprecated-lookup',
  severity: 'warning',
  enabledByDefault: true,
  description: 'A lookup() call with two arguments, deprecated in favour of the index syntax map[key].',
  docs: 'docs/rules/deprecated-lookup.md',
  checkModule(ctx): ModuleFinding[] {
    return expressionFindings(
      ctx,
      (facts) => facts.lookups,
      ({attribute: a, expr: e}, f) => {
        const range = partRange(a, e)
        const [map, key] = e.args.map((x) => partText(a, x))
        return {
          summary: 'Lookup with two arguments',
          key: 'lookup',
          range,
          rest: ` calls lookup with two arguments at ${where(range)} (argument ${a.name}). Without a default value, lookup only indexes the map, which the index syntax says directly; the two-argument form is deprecated. To fix it, write ${map}[${key}] (or give lookup a default value as its third argument).`,
          fix: f && lookupFix(f, a, e),
        }
      },
    )
  },
})
