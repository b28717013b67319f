// documented-variables (off by default, as in tflint): an input variable without a description, or with
// an empty one. Descriptions are what `terraform-docs`, the module registry and editors show callers.
import {literalString} from '../hcl/expr.js'
import {atEveryCall, authoredModules} from './module-expressions.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {moduleText, report, where, type Finding} from './support.js'

export const documentedVariables = {
  id: 'documented-variables',
  severity: 'warning',
  enabledByDefault: false,
  scope: 'module',
  description: 'An input variable without a description (or with an empty one).',
  docs: 'docs/rules/documented-variables.md',
  check({analysis}): LintDiagnostic[] {
    const findings: Finding[] = []
    for (const am of authoredModules(analysis.tree)) {
      for (const [name, b] of am.module.variables) {
        const d = b.body.attributes.find((a) => a.name === 'description')
        if (d && literalString(d) !== '') continue
        findings.push(
          ...atEveryCall(am, (node) => ({
            summary: 'Variable without a description',
            detail: `${moduleText(node.address)} declares variable "${name}" at ${where(b.declRange)} ${d ? 'with an empty description' : 'without a description'}. The description is what the module registry, terraform-docs and editors show a caller, and what Terraform prints when it prompts for the value. To fix it, add description = "…" saying what the value is for and what it must look like.`,
            range: b.declRange,
            key: `var.${name}`,
          })),
        )
      }
    }
    return report(documentedVariables, findings)
  },
} satisfies Rule
