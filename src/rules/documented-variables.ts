// documented-variables (off by default, as in tflint): an input variable without a description, or with
// an empty one. Descriptions are what `terraform-docs`, the module registry and editors show callers.
import {literalString} from '../hcl/expr.js'
import {moduleRule} from './module-stage.js'
import type {ModuleFinding} from './rule.js'
import {moduleText, where} from './support.js'

export const documentedVariables = moduleRule({
  id: 'documented-variables',
  severity: 'warning',
  enabledByDefault: false,
  description: 'An input variable without a description (or with an empty one).',
  docs: 'docs/rules/documented-variables.md',
  checkModule({module}): ModuleFinding[] {
    const findings: ModuleFinding[] = []
    for (const [name, b] of module.variables) {
      const d = b.body.attributes.find((a) => a.name === 'description')
      if (d && literalString(d) !== '') continue
      const rest = ` declares variable "${name}" at ${where(b.declRange)} ${d ? 'with an empty description' : 'without a description'}. The description is what the module registry, terraform-docs and editors show a caller, and what Terraform prints when it prompts for the value. To fix it, add description = "…" saying what the value is for and what it must look like.`
      findings.push({
        summary: 'Variable without a description',
        detail: (call) => moduleText(call.address) + rest,
        range: b.declRange,
        key: `var.${name}`,
      })
    }
    return findings
  },
})
