// documented-outputs (off by default, as in tflint): an output without a description, or with an empty one.
import {literalString} from '../hcl/expr.js'
import {moduleRule} from './module-stage.js'
import type {ModuleFinding} from './rule.js'
import {moduleText, where} from './support.js'

export const documentedOutputs = moduleRule({
  id: 'documented-outputs',
  severity: 'warning',
  enabledByDefault: false,
  description: 'An output value without a description (or with an empty one).',
  docs: 'docs/rules/documented-outputs.md',
  checkModule({module}): ModuleFinding[] {
    const findings: ModuleFinding[] = []
    for (const [name, b] of module.outputs) {
      const d = b.body.attributes.find((a) => a.name === 'description')
      if (d && literalString(d) !== '') continue
      const rest = ` declares output "${name}" at ${where(b.declRange)} ${d ? 'with an empty description' : 'without a description'}. The description is what the module registry, terraform-docs and editors show the module's callers. To fix it, add description = "…" saying what the value is.`
      findings.push({
        summary: 'Output without a description',
        detail: (call) => moduleText(call.address) + rest,
        range: b.declRange,
        key: `output.${name}`,
      })
    }
    return findings
  },
})
