// module-version-missing: a module call whose source is a module registry address has no `version`, so
// `init` installs whatever version is newest that day (and `init -upgrade` jumps across major versions).
// Option `require_major_bound`: a constraint that admits every later major version is reported too.
import {engineByName} from '../load/engine.js'
import {parseGoVersionConstraint, type GoConstraint} from '../providers/releases/constraints.js'
import {ruleOption} from './options.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {inRemotePackage, report, where, type Finding} from './support.js'
import {literalBool, literalOf, literalString, traversalOf} from '../hcl/expr.js'
import type {ModuleNode} from '../crawl/crawl.js'
import type {Attribute} from '../hcl/syntax.js'

/** tflint's exact version: one version, optionally after `=` (a prerelease or build suffix allowed). */
const EXACT_VERSION =
  /^=?\s*(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/

/**
 * Whether a call's `version` is null as Terraform evaluates it while installing modules: `null` itself, or a
 * const variable or a local value that is null. Terraform then installs as if there were no version.
 * (A variable not declared const is Terraform's own error, rule terraform.)
 */
function nullVersion(verAttr: Attribute, node: ModuleNode): boolean {
  if (literalOf(verAttr.node) === null) return true
  const t = traversalOf(verAttr.node)
  const step = t?.steps[0]
  const m = node.parent?.module
  if (!t || !m || t.steps.length !== 1 || step?.k !== 'attr') return false
  if (t.root === 'local') {
    const a = m.locals.get(step.name)
    return a !== undefined && literalOf(a.node) === null
  }
  if (t.root !== 'var') return false
  const decl = m.variables.get(step.name)
  if (!decl || literalBool(decl.body.attributes.find((a) => a.name === 'const')) !== true) return false
  const given = node.parent?.variables.get(step.name)
  if (given !== undefined) return given === null
  const def = decl.body.attributes.find((a) => a.name === 'default')
  return def !== undefined && literalOf(def.node) === null
}

/** A module version constraint that caps the major version (`< 2`, `~> 1.2`, an exact version). */
function boundsMajor(cs: readonly GoConstraint[]): boolean {
  return cs.some((c) => c.op === '<' || c.op === '<=' || c.op === '=' || (c.op === '~>' && c.check.si >= 2))
}

/** `~> MAJOR.MINOR` for an installed version (`5.1.2` → `~> 5.1`), if it is one. */
function suggestion(installed: string | undefined): string | undefined {
  const m = installed === undefined ? null : /^v?(\d+)\.(\d+)/.exec(installed)
  return m ? `~> ${m[1]}.${m[2]}` : undefined
}

export const moduleVersionMissing = {
  id: 'module-version-missing',
  severity: 'warning',
  enabledByDefault: true,
  scope: 'tree',
  description: 'A module call with a registry source has no version constraint, so init installs whatever version is newest.',
  docs: 'docs/rules/module-version-missing.md',
  check({analysis, options, installedVersions}): LintDiagnostic[] {
    const {tree} = analysis
    const engine = engineByName(tree.engine)
    const requireMajorBound = ruleOption<boolean>('module-version-missing', options, 'require_major_bound')
    const exact = ruleOption<boolean>('module-version-missing', options, 'exact')
    const findings: Finding[] = []
    for (const node of tree.nodes) {
      const call = node.call
      if (!call || node.source?.kind !== 'registry' || inRemotePackage(node)) continue
      const installed = installedVersions?.get(node.key)
      const inst = installed !== undefined ? ` (installed: ${installed})` : ''
      const suggest = suggestion(installed)
      const verAttr = call.version
      if (!verAttr || nullVersion(verAttr, node)) {
        const isNull = verAttr !== undefined
        findings.push({
          summary: 'Registry module without a version constraint',
          detail: `${node.addr.key} (called at ${where(call.declRange)}) installs ${node.source.package} from a module registry with ${isNull ? `a version argument that is null (${where(verAttr.exprRange)}), which Terraform reads as no version at all` : 'no version argument'}, so "${engine.command} init" takes whatever version is newest on the day it runs${inst}: two machines, or two runs a month apart, can get different code, and a new major version can change the module's inputs and resources without warning. To fix it, ${isNull ? 'give it a version constraint: ' : 'add '}version = "${suggest ?? '~> X.Y'}"${suggest ? '' : ' with the version you tested'}${isNull ? '' : ' to the module block'} (or an exact version to pin it).`,
          range: isNull ? verAttr.exprRange : call.declRange,
          address: node.addr.key,
          module: node.parent,
          ...(isNull ? {ignoreAt: call.declRange} : {}),
        })
        continue
      }
      const constraint = literalString(verAttr)
      if (constraint === undefined) continue
      const parts = constraint.split(',').map((c) => c.trim())
      if (exact && (parts.length > 1 || !EXACT_VERSION.test(parts[0] ?? ''))) {
        findings.push({
          summary: 'Registry module version not exact',
          detail: `${node.addr.key} (called at ${where(call.declRange)}) requires ${node.source.package} version "${constraint}" at ${where(verAttr.exprRange)}, ${parts.length > 1 ? 'several constraints' : 'a range'} where the exact option of this rule (.tfgraph.json) asks for one exact version${inst}, so that every init installs the same release. To fix it, pin it: version = "${installed ?? 'X.Y.Z'}".`,
          range: verAttr.exprRange,
          address: node.addr.key,
          module: node.parent,
          ignoreAt: call.declRange,
        })
        continue
      }
      if (!requireMajorBound) continue
      const parsed = parseGoVersionConstraint(constraint)
      if ('error' in parsed || boundsMajor(parsed.constraints)) continue
      findings.push({
        summary: 'Registry module version constraint without an upper bound',
        detail: `${node.addr.key} (called at ${where(call.declRange)}) requires ${node.source.package} version "${constraint}" at ${where(verAttr.exprRange)}, which admits every later major version${inst}: "${engine.command} init -upgrade" moves to the next major version as soon as it is published, with whatever breaking changes it brings. To fix it, cap the major version: version = "${suggest ?? '~> X.Y'}"${suggest ? '' : ' (or ">= X.Y, < X+1.0")'}.`,
        range: verAttr.exprRange,
        address: node.addr.key,
        module: node.parent,
        ignoreAt: call.declRange,
      })
    }
    return report(moduleVersionMissing, findings)
  },
} satisfies Rule
