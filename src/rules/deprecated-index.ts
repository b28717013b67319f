// deprecated-index: list elements read with the legacy dot syntax — `list.0` instead of `list[0]`, and the
// attribute-only splat `list.*.id` instead of `list[*].id` — which Terraform keeps only for compatibility
// with 0.11. Native syntax and the templates of JSON strings alike.
import {partRange, partText} from '../hcl/expr.js'
import {expressionFacts} from './module-expressions.js'
import {moduleStageFindings} from './module-stage.js'
import type {LintDiagnostic, ModuleFinding, Rule} from './rule.js'
import {moduleText, report, where} from './support.js'
import {legacyIndexFix} from './fix/expressions.js'
import {fixFiles} from './fix/source-file.js'

export const deprecatedIndex = {
  id: 'deprecated-index',
  severity: 'warning',
  enabledByDefault: true,
  scope: 'module',
  description: 'A list element or splat written with the legacy dot syntax (list.0, list.*.id) instead of square brackets.',
  docs: 'docs/rules/deprecated-index.md',
  check(ctx): LintDiagnostic[] {
    return report(deprecatedIndex, moduleStageFindings(deprecatedIndex, ctx))
  },
  checkModule({module, memo, sourceText, fixes}): ModuleFinding[] {
    const findings: ModuleFinding[] = []
    const file = fixFiles(sourceText, fixes)
    for (const x of expressionFacts(module, memo).legacyIndexes) {
      const a = x.attribute
      const range = partRange(a, x.span)
      const written = x.splat ? '.*' : partText(a, x.span)
      const modern = x.splat ? '[*]' : `[${written.slice(1).trim()}]`
      const f = file(a.exprRange.filename)
      const fix = f && legacyIndexFix(f, a, x.span, x.splat)
      const rest = ` reads ${x.splat ? 'the elements of a list with the attribute-only splat' : 'a list element with the legacy index'} "${written}" at ${where(range)} (argument ${a.name}). Terraform accepts this Terraform 0.11 syntax only for compatibility; square brackets are the language's index and splat operators, and the full splat [*] also applies the indexes after it. To fix it, write ${modern} instead of ${written}.`
      findings.push({
        summary: 'Legacy index syntax',
        detail: (call) => moduleText(call.address) + rest,
        range,
        key: 'index',
        ...(fix ? {fixes: [fix]} : {}),
      })
    }
    return findings
  },
} satisfies Rule
