// unresolved-module: a module call the crawler could not follow (not installed, source not static,
// missing directory, cycle, too deep). Nothing inside it is analysed, so every other rule is blind there.
// The crawler's own diagnostic is reused (same summary, its detail) with the rule id and call chain added;
// the subject is always the call's header, so one `tfgraph-ignore` comment above the block covers it.
import type {Diagnostic, DiagnosticCode} from '../diag/diagnostic.js'
import {engineByName} from '../load/engine.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {MODULE_EVALUATION_ERRORS, rangeWithin, report, where, type Finding} from './support.js'

/** The crawler's and loader's diagnostics about a call that cannot be followed. */
const CRAWLER_CODES: ReadonlySet<DiagnosticCode> = new Set<DiagnosticCode>([
  'module.not-installed',
  'module.source-changed',
  'module.cycle',
  'module.too-deep',
  'module.dir-not-found',
  'module.missing-source',
  'module.invalid-source',
  'module.invalid-registry-source',
  'module.source-not-constant',
])

/**
 * Terraform's own errors about a source or version it cannot evaluate, or a source address it cannot parse:
 * rule `terraform` reports them, where and as Terraform does (at the source value).
 */
const TERRAFORM_EVALUATION_ERRORS: ReadonlySet<DiagnosticCode> = new Set<DiagnosticCode>([
  ...MODULE_EVALUATION_ERRORS,
  'module.invalid-source',
  'module.invalid-registry-source',
])
const inside = rangeWithin

export const unresolvedModule = {
  id: 'unresolved-module',
  severity: 'warning',
  enabledByDefault: true,
  scope: 'tree',
  description: 'A module call that could not be resolved to a directory, so the module was not analysed.',
  docs: 'docs/rules/unresolved-module.md',
  check({analysis}): LintDiagnostic[] {
    const {tree} = analysis
    const engine = engineByName(tree.engine)
    const findings: Finding[] = []
    // a call the crawler reported as an error (missing directory, cycle, bad source) stays an error
    const errors = new Set<string>()
    for (const node of tree.nodes) {
      if (node.resolved || !node.call) continue
      const call = node.call
      const reason = node.unresolvedReason ?? 'not loaded'
      // the crawler's (or loader's) diagnostic about this call, if it made one
      // one finding per call: where Terraform itself reports the cause, that is the finding (rule `terraform`)
      if (
        tree.diagnostics.some((d) => d.range !== undefined && inside(d.range, call.block.range) && TERRAFORM_EVALUATION_ERRORS.has(d.code))
      )
        continue
      const own: Diagnostic | undefined = tree.diagnostics.find(
        (d) => d.range !== undefined && inside(d.range, call.block.range) && CRAWLER_CODES.has(d.code),
      )
      if (own?.severity === 'error') errors.add(node.addr.key)
      const notStatic = /cannot be evaluated statically|source is not a string/.test(reason)
      const fix = /not installed|no record/.test(reason)
        ? `Run "${engine.command} init" (or "${engine.command} get") in the root directory to install it, then lint again.`
        : /cycle/.test(reason)
          ? 'Break the cycle: a module must not call the directory of one of its callers.'
          : notStatic && /is not a literal|is not a variable or a local value|not a string/.test(reason)
            ? `To fix, use only literals, input variables and local values in a module source (${engine.product} evaluates it before anything else exists).`
            : notStatic
              ? `To fix, give the variables it reads a value (--var NAME=VALUE, --var-file, terraform.tfvars or a default), or use a literal source.${engine.name === 'terraform' ? ' Terraform evaluates only literals, local values and variables declared with const = true there.' : ''}`
              : 'Fix the source so that it points to a module directory.'
      findings.push({
        summary: own?.summary ?? (notStatic ? 'Module source not static' : 'Module not loaded'),
        detail: own?.detail
          ? `${node.addr.key} (called at ${where(call.declRange)}) could not be loaded${own.detail.includes(reason) ? '' : `: ${reason}`}. Nothing inside it was analysed, so the other rules cannot see its resources, provider requirements or nested calls. ${own.detail}${/Run "[a-z ]+ init"/.test(own.detail) ? '' : ` ${fix}`}`
          : `${node.addr.key} (called at ${where(call.declRange)}, source ${node.sourceText !== undefined ? JSON.stringify(node.sourceText) : 'unknown'}) could not be loaded: ${reason}. Nothing inside it was analysed, so the other rules cannot see its resources, provider requirements or nested calls. ${fix}`,
        range: call.declRange,
        address: node.addr.key,
        module: node.parent,
        // the restated diagnostic may be at the source expression (an invalid address, a cycle): one finding, here
        ...(own ? {restates: own.code, ...(own.range ? {restatesAt: own.range} : {})} : {}),
      })
    }
    return report(unresolvedModule, findings).map((d) =>
      d.address !== undefined && errors.has(d.address) ? {...d, severity: 'error' as const} : d,
    )
  },
} satisfies Rule
