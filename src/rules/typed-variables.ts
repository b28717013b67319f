// typed-variables: an input variable declared without `type`. Terraform then accepts a value of any type
// (it behaves as `type = any`), so a caller's mistake surfaces deep inside the module, or not at all.
import {moduleRule} from './module-stage.js'
import type {ModuleFinding} from './rule.js'
import {moduleText, where} from './support.js'

export const typedVariables = moduleRule({
  id: 'typed-variables',
  severity: 'warning',
  enabledByDefault: true,
  description: 'An input variable declared without a type constraint, so that it accepts a value of any type.',
  docs: 'docs/rules/typed-variables.md',
  checkModule({module}): ModuleFinding[] {
    const findings: ModuleFinding[] = []
    for (const [name, b] of module.variables) {
      if (b.body.attributes.some((a) => a.name === 'type')) continue
      const rest = ` declares variable "${name}" at ${where(b.declRange)} without a type, so it accepts a string, a number, a list, an object or null alike: a caller passing the wrong kind of value gets an error from deep inside the module, or a wrong result, instead of one at the call. To fix it, add a type constraint (type = string, list(string), object({ … }); type = any says on purpose that every type is accepted).`
      findings.push({
        summary: 'Variable without a type',
        detail: (call) => moduleText(call.address) + rest,
        range: b.declRange,
        key: `var.${name}`,
      })
    }
    return findings
  },
})
