// workspace-remote: `terraform.workspace` in a configuration whose root uses the "remote" backend while its
// required_version admits a Terraform 1.0.x release. With remote execution those releases evaluate
// terraform.workspace to "default" whatever the workspace is called (fixed in 1.1), so names and tags
// built from it collide across workspaces. Every module of the tree sees the root's workspace.
import {literalString, partRange} from '../hcl/expr.js'
import type {Module} from '../load/model.js'
import {goVersionAllows, parseGoVersionConstraint, type GoConstraint} from '../providers/releases/constraints.js'
import {atEveryCall, authoredModules, expressionFacts} from './module-expressions.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {moduleText, report, where, type Finding} from './support.js'

const TERRAFORM_1_0 = Array.from({length: 12}, (_, i) => `1.0.${i}`)

/** Whether the root's required_version constraints (all of them) admit a 1.0.x release; false when there are none. */
function admits10(root: Module): boolean {
  const cs: GoConstraint[] = []
  for (const a of root.requiredVersion) {
    const text = literalString(a)
    if (text === undefined) return false
    const parsed = parseGoVersionConstraint(text)
    if ('error' in parsed) return false
    cs.push(...parsed.constraints)
  }
  return cs.length > 0 && TERRAFORM_1_0.some((v) => goVersionAllows(cs, v))
}

export const workspaceRemote = {
  id: 'workspace-remote',
  severity: 'warning',
  enabledByDefault: true,
  scope: 'module',
  description:
    'terraform.workspace used with the "remote" backend by a configuration that admits Terraform 1.0.x, where it is always "default".',
  docs: 'docs/rules/workspace-remote.md',
  check({analysis, memo}): LintDiagnostic[] {
    const root = analysis.tree.root.module
    if (analysis.tree.engine !== 'terraform' || !root?.backend || root.backend.labels[0]?.value !== 'remote' || !admits10(root)) return []
    const backendAt = root.backend.declRange
    const findings: Finding[] = []
    for (const am of authoredModules(analysis.tree)) {
      for (const {attribute: a, expr: e} of expressionFacts(am.module, memo).workspaces) {
        const range = partRange(a, {s: e.s, e: e.steps[0]!.e})
        findings.push(
          ...atEveryCall(am, (node) => ({
            summary: 'terraform.workspace with the remote backend',
            detail: `${moduleText(node.addr)} reads terraform.workspace at ${where(range)} (argument ${a.name}), and the root module uses the "remote" backend (${where(backendAt)}) with a required_version that admits Terraform 1.0.x. With remote execution, those releases give terraform.workspace the value "default" in every workspace, so whatever is named after it collides across workspaces. To fix it, require Terraform 1.1 or later (required_version = ">= 1.1"), or pass the workspace name in a variable.`,
            range,
            key: 'workspace',
          })),
        )
      }
    }
    return report(workspaceRemote, findings)
  },
} satisfies Rule
