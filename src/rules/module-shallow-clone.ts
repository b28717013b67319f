// module-shallow-clone (off by default, as in tflint): a module installed from a Git repository at a tag or
// branch (`?ref=v1.2.0`) without `depth=1`. go-getter then clones the whole history when one revision is
// all Terraform needs. A ref that looks like a commit id is not reported: Git cannot fetch an arbitrary
// commit shallowly.
import {engineByName} from '../load/engine.js'
import {queryValue, vcsRevision} from './module-source-unpinned.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {inRemotePackage, report, where, type Finding} from './support.js'

/** What a commit id (or an abbreviation of one) looks like: 4 to 64 hexadecimal digits. */
const COMMIT_LIKE = /^[a-f0-9]{4,64}$/

/** The host of a git address (`git::https://host/…`, `git::ssh://user@host/…`, `git://host/…`); '' when it has none. */
function gitHost(pkg: string): string {
  const url = pkg.replace(/^git::/, '')
  try {
    return new URL(url).hostname
  } catch {
    return ''
  }
}

export const moduleShallowClone = {
  id: 'module-shallow-clone',
  severity: 'warning',
  enabledByDefault: false,
  scope: 'module',
  description: 'A module installed from a Git repository at a tag or branch without depth=1, so its whole history is cloned.',
  docs: 'docs/rules/module-shallow-clone.md',
  check({analysis}): LintDiagnostic[] {
    const {tree} = analysis
    const engine = engineByName(tree.engine)
    const findings: Finding[] = []
    for (const node of tree.nodes) {
      const call = node.call
      if (!call || node.source?.kind !== 'remote' || inRemotePackage(node)) continue
      const pkg = node.source.package
      const rev = vcsRevision(pkg)
      if (rev?.vcs !== 'git' || rev.value === undefined || COMMIT_LIKE.test(rev.value)) continue
      if (queryValue(pkg, 'depth') === '1' || gitHost(pkg) === '') continue
      const range = call.source?.exprRange ?? call.declRange
      findings.push({
        summary: 'Module source cloned with its whole history',
        detail: `${node.addr.key} (called at ${where(call.declRange)}) installs ${JSON.stringify(node.sourceText ?? node.source.normalized)} from a Git repository at ref=${rev.value} without depth=1, so "${engine.command} init" clones every commit of the repository to check out one revision. To fix it, add depth=1 to the query of the source address (…?depth=1&ref=${rev.value}); a shallow clone fetches only the tag or branch named.`,
        range,
        address: node.addr.key,
        module: node.parent,
        ignoreAt: call.declRange,
      })
    }
    return report(moduleShallowClone, findings)
  },
} satisfies Rule
