// module-version-missing: a module call whose source is a module registry address has no `version`, so
// `init` installs whatever version is newest that day (and `init -upgrade` jumps across major versions).
// Option `require_major_bound`: a constraint that admits every later major version is reported too.
import {engineByName} from '../load/engine.js'
import {parseGoVersionConstraint, type GoConstraint} from '../providers/constraints.js'
import {ruleOption} from './options.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {inRemotePackage, report, where, type Finding} from './support.js'
import {literalString} from '../hcl/expr.js'

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
  description: 'A module call with a registry source has no version constraint, so init installs whatever version is newest.',
  docs: 'docs/rules/module-version-missing.md',
  check({analysis, options, installedVersions}): LintDiagnostic[] {
    const {tree} = analysis
    const engine = engineByName(tree.engine)
    const requireMajorBound = ruleOption<boolean>('module-version-missing', options, 'require_major_bound')
    const findings: Finding[] = []
    for (const node of tree.nodes) {
      const call = node.call
      if (!call || node.source?.kind !== 'registry' || inRemotePackage(node)) continue
      const installed = installedVersions?.get(node.key)
      const inst = installed !== undefined ? ` (installed: ${installed})` : ''
      const suggest = suggestion(installed)
      const verAttr = call.body.attributes.find((a) => a.name === 'version')
      if (!verAttr) {
        findings.push({
          summary: 'Registry module without a version constraint',
          detail: `${node.address} (called at ${where(call.declRange)}) installs ${node.source.package} from a module registry with no version argument, so "${engine.command} init" takes whatever version is newest on the day it runs${inst}: two machines, or two runs a month apart, can get different code, and a new major version can change the module's inputs and resources without warning. To fix it, add version = "${suggest ?? '~> X.Y'}"${suggest ? '' : ' with the version you tested'} to the module block (or an exact version to pin it).`,
          range: call.declRange,
          address: node.address,
          module: node.parent,
        })
        continue
      }
      const constraint = literalString(verAttr)
      if (!requireMajorBound || constraint === undefined) continue
      const parsed = parseGoVersionConstraint(constraint)
      if ('error' in parsed || boundsMajor(parsed.constraints)) continue
      findings.push({
        summary: 'Registry module version constraint without an upper bound',
        detail: `${node.address} (called at ${where(call.declRange)}) requires ${node.source.package} version "${constraint}" at ${where(verAttr.exprRange)}, which admits every later major version${inst}: "${engine.command} init -upgrade" moves to the next major version as soon as it is published, with whatever breaking changes it brings. To fix it, cap the major version: version = "${suggest ?? '~> X.Y'}"${suggest ? '' : ' (or ">= X.Y, < X+1.0")'}.`,
        range: verAttr.exprRange,
        address: node.address,
        module: node.parent,
        ignoreAt: call.declRange,
      })
    }
    return report(moduleVersionMissing, findings)
  },
} satisfies Rule
