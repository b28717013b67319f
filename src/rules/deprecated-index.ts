// deprecated-index: list elements read with the legacy dot syntax — `list.0` instead of `list[0]`, and the
// attribute-only splat `list.*.id` instead of `list[*].id` — which Terraform keeps only for compatibility
// with 0.11. Native syntax and the templates of JSON strings alike.
import {partRange, partText} from '../hcl/expr.js'
import {atEveryCall, authoredModules, expressionFacts} from './module-expressions.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {moduleText, report, where, type Finding} from './support.js'
import {legacyIndexFix} from './fix/expressions.js'
import {fixFiles} from './fix/source-file.js'

export const deprecatedIndex = {
  id: 'deprecated-index',
  severity: 'warning',
  enabledByDefault: true,
  scope: 'module',
  description: 'A list element or splat written with the legacy dot syntax (list.0, list.*.id) instead of square brackets.',
  docs: 'docs/rules/deprecated-index.md',
  check({analysis, memo, sourceText, fixes}): LintDiagnostic[] {
    const findings: Finding[] = []
    const file = fixFiles(sourceText, fixes)
    for (const am of authoredModules(analysis.tree)) {
      for (const x of expressionFacts(am.module, memo).legacyIndexes) {
        const a = x.attribute
        const range = partRange(a, x.span)
        const written = x.splat ? '.*' : partText(a, x.span)
        const modern = x.splat ? '[*]' : `[${written.slice(1).trim()}]`
        const f = file(a.exprRange.filename)
        const fix = f && legacyIndexFix(f, a, x.span, x.splat)
        findings.push(
          ...atEveryCall(am, (node) => ({
            summary: 'Legacy index syntax',
            detail: `${moduleText(node.address)} reads ${x.splat ? 'the elements of a list with the attribute-only splat' : 'a list element with the legacy index'} "${written}" at ${where(range)} (argument ${a.name}). Terraform accepts this Terraform 0.11 syntax only for compatibility; square brackets are the language's index and splat operators, and the full splat [*] also applies the indexes after it. To fix it, write ${modern} instead of ${written}.`,
            range,
            key: 'index',
            ...(fix ? {fixes: [fix]} : {}),
          })),
        )
      }
    }
    return report(deprecatedIndex, findings)
  },
} satisfies Rule
