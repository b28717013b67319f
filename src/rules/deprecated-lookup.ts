// deprecated-lookup: `lookup(map, key)` with two arguments, deprecated since Terraform 0.7 for map[key];
// lookup is for reading a key with a default (three arguments).
import {partRange, partText} from '../hcl/expr.js'
import {expressionFacts} from './module-expressions.js'
import {moduleStageFindings} from './module-stage.js'
import type {LintDiagnostic, ModuleFinding, Rule} from './rule.js'
import {moduleText, report, where} from './support.js'
import {lookupFix} from './fix/expressions.js'
import {fixFiles} from './fix/source-file.js'

export const deprecatedLookup = {
  id: 'deprecated-lookup',
  severity: 'warning',
  enabledByDefault: true,
  scope: 'module',
  description: 'A lookup() call with two arguments, deprecated in favour of the index syntax map[key].',
  docs: 'docs/rules/deprecated-lookup.md',
  check(ctx): LintDiagnostic[] {
    return report(deprecatedLookup, moduleStageFindings(deprecatedLookup, ctx))
  },
  checkModule({module, memo, sourceText, fixes}): ModuleFinding[] {
    const findings: ModuleFinding[] = []
    const file = fixFiles(sourceText, fixes)
    for (const {attribute: a, expr: e} of expressionFacts(module, memo).lookups) {
      const range = partRange(a, e)
      const [map, key] = e.args.map((x) => partText(a, x))
      const f = file(a.exprRange.filename)
      const fix = f && lookupFix(f, a, e)
      const rest = ` calls lookup with two arguments at ${where(range)} (argument ${a.name}). Without a default value, lookup only indexes the map, which the index syntax says directly; the two-argument form is deprecated. To fix it, write ${map}[${key}] (or give lookup a default value as its third argument).`
      findings.push({
        summary: 'Lookup with two arguments',
        detail: (call) => moduleText(call.address) + rest,
        range,
        key: 'lookup',
        ...(fix ? {fixes: [fix]} : {}),
      })
    }
    return findings
  },
} satisfies Rule
