// `tfgraph lint` of a Terraform Stacks configuration: Terraform's own diagnostics of the stack and of its
// components' module trees (rule `terraform`), and the rules run on each component's module tree — a module
// the stack calls, so findings name it from the stack (`component.s3.module.a`). A finding of several
// components that share a module is reported once.
import type {ComponentAddr} from '../addrs/stack.js'
import {compareDiagnostics} from '../diag/diagnostic.js'
import type {ProvidersAnalysis} from '../providers/analyze.js'
import type {LintDiagnostic} from '../rules/rule.js'
import {TERRAFORM_RULE} from './config.js'
import {applyIgnores} from './ignore.js'

export interface StackLintSteps {
  /** The enabled rules' findings over one component's analysis. */
  readonly findings: (a: ProvidersAnalysis) => Promise<LintDiagnostic[]>
  /** Whether Terraform's own diagnostics are reported (rule `terraform` enabled). */
  readonly terraform: boolean
}

function key(d: LintDiagnostic): string {
  const r = d.range
  return [d.rule, d.code, d.summary, d.detail, r?.filename, r?.start.byte, r?.end.byte].join('\0')
}

/** A component's finding named from the stack. */
function fromStack(d: LintDiagnostic, addr: ComponentAddr): LintDiagnostic {
  const component = addr.key
  return {
    ...d,
    // the rules' own texts name the component's root module as a root
    detail: d.detail.replaceAll('the root module', `the root module of ${component}`),
    address: d.address ? `${component}.${d.address}` : component,
    callers: [component, ...(d.callers ?? []).map((c) => `${component}.${c}`)],
  }
}

export async function lintStack(
  analysis: ProvidersAnalysis,
  sourceText: (filename: string) => string | undefined,
  steps: StackLintSteps,
): Promise<{diagnostics: LintDiagnostic[]; suppressed: number; notes: string[]}> {
  const s = analysis.stack!
  const all: LintDiagnostic[] = []
  if (steps.terraform)
    for (const d of analysis.diagnostics) {
      const place = s.diagnosticAddresses.get(d)
      all.push({...d, rule: TERRAFORM_RULE, ...(place ? {address: place.key, callers: [place.component.key]} : {})})
    }
  // provider blocks in a component's modules are Terraform's error here: the rule about shared modules' blocks says it again
  const inline = new Set(
    analysis.diagnostics
      .filter((d) => d.code === 'stack.inline-provider-config' && d.range)
      .map((d) => `${d.range!.filename}:${d.range!.start.byte}`),
  )
  const seen = new Set(all.map(key))
  for (const c of s.components) {
    if (!c.analysis) continue
    for (const f of await steps.findings(c.analysis)) {
      if (f.rule === 'legacy-module-provider' && f.range && inline.has(`${f.range.filename}:${f.range.start.byte}`)) continue
      const d = fromStack(f, c.address)
      if (seen.has(key(d))) continue
      seen.add(key(d))
      all.push(d)
    }
  }
  all.sort((a, b) => compareDiagnostics(a, b) || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0))
  const {kept, suppressed} = applyIgnores(sourceText, all)
  const n = s.components.length
  const notes = [
    `This directory is a Terraform Stacks configuration: tfgraph checks it as Terraform Stacks validates it, and runs its rules on the module trees of its ${n} component${n === 1 ? '' : 's'} (each a module the stack calls, not a root module).`,
  ]
  return {diagnostics: kept, suppressed, notes}
}
