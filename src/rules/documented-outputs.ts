// documented-outputs (off by default, as in tflint): an output without a description, or with an empty one.
import {literalString} from '../hcl/expr.js'
import {atEveryCall, authoredModules} from './module-expressions.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {moduleText, report, where, type Finding} from './support.js'

export const documentedOutputs = {
  id: 'documented-outputs',
  severity: 'warning',
  enabledByDefault: false,
  scope: 'module',
  description: 'An output value without a description (or with an empty one).',
  docs: 'docs/rules/documented-outputs.md',
  check({analysis}): LintDiagnostic[] {
    const findings: Finding[] = []
    for (const am of authoredModules(analysis.tree)) {
      for (const [name, b] of am.module.outputs) {
        const d = b.body.attributes.find((a) => a.name === 'description')
        if (d && literalString(d) !== '') continue
        findings.push(
          ...atEveryCall(am, (node) => ({
            summary: 'Output without a description',
            detail: `${moduleText(node.address)} declares output "${name}" at ${where(b.declRange)} ${d ? 'with an empty description' : 'without a description'}. The description is what the module registry, terraform-docs and editors show the module's callers. To fix it, add description = "…" saying what the value is.`,
            range: b.declRange,
            key: `output.${name}`,
          })),
        )
      }
    }
    return report(documentedOutputs, findings)
  },
} satisfies Rule
