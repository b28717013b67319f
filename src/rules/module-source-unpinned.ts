// module-source-unpinned: a module installed from a Git or Mercurial repository without `?ref=` (`?rev=`
// for Mercurial), or with a default branch as the ref: init takes whatever the branch holds that day.
// Options: `style` ("flexible": every ref but a default branch; "semver": a version tag; "sha": a commit id)
// and `default_branches`.
import {engineByName} from '../load/engine.js'
import {ruleOption} from './options.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {inRemotePackage, report, where, type Finding} from './support.js'

const SEMVER_TAG = /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/
const COMMIT_ID = /^([0-9a-f]{40}|[0-9a-f]{64})$/i

/** The value of a query argument of an address (`?ref=v1&depth=1`), decoded; undefined when absent. */
export function queryValue(pkg: string, key: string): string | undefined {
  const q = pkg.indexOf('?')
  if (q === -1) return undefined
  let value: string | undefined
  for (const part of pkg.slice(q + 1).split('&')) {
    const eq = part.indexOf('=')
    const k = eq === -1 ? part : part.slice(0, eq)
    if (k !== key) continue
    const raw = eq === -1 ? '' : part.slice(eq + 1)
    try {
      value = decodeURIComponent(raw.replace(/\+/g, ' '))
    } catch {
      value = raw
    }
  }
  return value
}

/**
 * The version control system of a remote package address and its revision query argument: `git::…` and
 * `git://…` (go-getter's git getter, chosen by the forced getter or by the URL's scheme) read `ref`,
 * `hg::…` reads `rev`.
 */
export function vcsRevision(pkg: string): {vcs: 'git' | 'hg'; key: 'ref' | 'rev'; value: string | undefined} | undefined {
  const vcs = pkg.startsWith('git::') || pkg.startsWith('git://') ? 'git' : pkg.startsWith('hg::') ? 'hg' : undefined
  if (!vcs) return undefined
  const key = vcs === 'git' ? 'ref' : 'rev'
  const value = queryValue(pkg, key)
  return {vcs, key, value: value === '' ? undefined : value}
}

export const moduleSourceUnpinned = {
  id: 'module-source-unpinned',
  severity: 'warning',
  enabledByDefault: true,
  scope: 'module',
  description: 'A module installed from a Git or Mercurial repository is not pinned to a tag or commit (no ref, or a default branch).',
  docs: 'docs/rules/module-source-unpinned.md',
  check({analysis, options}): LintDiagnostic[] {
    const {tree} = analysis
    const engine = engineByName(tree.engine)
    const style = ruleOption<string>('module-source-unpinned', options, 'style')
    const defaultBranches = ruleOption<readonly string[]>('module-source-unpinned', options, 'default_branches')
    const findings: Finding[] = []
    for (const node of tree.nodes) {
      const call = node.call
      if (!call || node.source?.kind !== 'remote' || inRemotePackage(node)) continue
      const rev = vcsRevision(node.source.package)
      if (!rev) continue
      const srcAttr = call.source
      const range = srcAttr?.exprRange ?? call.declRange
      const shown = JSON.stringify(node.sourceText ?? node.source.normalized)
      const tool = rev.vcs === 'git' ? 'Git' : 'Mercurial'
      const example =
        rev.vcs === 'git'
          ? style === 'sha'
            ? '?ref=<40-character commit id>'
            : '?ref=v1.2.3'
          : style === 'sha'
            ? '?rev=<changeset id>'
            : '?rev=v1.2.3'
      const base = `${node.addr.key} (called at ${where(call.declRange)}) installs ${shown} from a ${tool} repository`
      let problem: string | undefined
      let summary = 'Module source not pinned to a revision'
      if (rev.value === undefined) {
        problem = `with no ${rev.key} argument, so "${engine.command} init" checks out the repository's default branch as it is on that day: every init can install different code, and nothing records which revision was used`
      } else if (style === 'flexible' && defaultBranches.includes(rev.value)) {
        summary = 'Module source pinned to a default branch'
        problem = `at ${rev.key}=${rev.value}, a branch that moves: every "${engine.command} init" can install different code`
      } else if (style === 'semver' && !SEMVER_TAG.test(rev.value.replace(/^(refs\/)?tags\//, ''))) {
        summary = 'Module source not pinned to a version tag'
        problem = `at ${rev.key}=${rev.value}, which is not a semantic version tag (the "semver" style of this rule in .tfgraph.json asks for one, such as v1.2.3)`
      } else if (style === 'sha' && !(rev.vcs === 'hg' ? /^[0-9a-f]{12,40}$/i : COMMIT_ID).test(rev.value)) {
        summary = 'Module source not pinned to a commit'
        problem = `at ${rev.key}=${rev.value}, which is not a full commit id (the "sha" style of this rule in .tfgraph.json asks for one: tags and branches can be moved, a commit cannot)`
      }
      if (!problem) continue
      findings.push({
        summary,
        detail: `${base} ${problem}. To fix it, pin a ${style === 'sha' ? 'commit' : 'release tag or commit'}: add ${example} to the source address${node.source.subdir !== '' ? ' (after the //subdirectory)' : ''}.`,
        range,
        address: node.addr.key,
        module: node.parent,
        ignoreAt: call.declRange,
      })
    }
    return report(moduleSourceUnpinned, findings)
  },
} satisfies Rule
