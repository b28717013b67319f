// Which release's behaviour to follow where Terraform's (or OpenTofu's) versions differ: the newest
// release the root module's `required_version` allows, or the newest release when it does not decide
// (no constraint, an unparsable one, or one no known release satisfies). docs/providers.md lists the
// checks that depend on it.
import type {EngineName} from '../load/engine.js'
import type {Module} from '../load/model.js'
import {compareGoVersions, goVersionAllows, parseGoVersion, parseGoVersionConstraint, type GoConstraint} from './constraints.js'
import {literalString} from '../hcl/expr.js'

/** The last patch release of each minor version tfgraph knows, oldest first. */
export const KNOWN_RELEASES: Readonly<Record<EngineName, readonly string[]>> = {
  terraform: ['1.5.7', '1.6.6', '1.7.5', '1.8.5', '1.9.8', '1.10.5', '1.11.4', '1.12.2', '1.13.5', '1.14.9', '1.15.9', '1.16.0'],
  opentofu: ['1.6.3', '1.7.10', '1.8.11', '1.9.4', '1.10.10', '1.11.14', '1.12.6'],
}

export interface BehaviourVersion {
  /** The release whose behaviour is followed. */
  readonly version: string
  /** True when the root's required_version chose it (it rules out newer releases). */
  readonly fromRequiredVersion: boolean
}

/** The release whose behaviour applies to a configuration with this root module. */
export function behaviourVersion(root: Module | undefined, engine: EngineName): BehaviourVersion {
  const releases = KNOWN_RELEASES[engine]
  const newest = releases[releases.length - 1]!
  const constraints: GoConstraint[] = []
  for (const a of root?.requiredVersion ?? []) {
    const text = literalString(a)
    if (text === undefined) continue
    const parsed = parseGoVersionConstraint(text)
    if ('error' in parsed) return {version: newest, fromRequiredVersion: false}
    constraints.push(...parsed.constraints)
  }
  if (constraints.length === 0) return {version: newest, fromRequiredVersion: false}
  for (let i = releases.length - 1; i >= 0; i--) {
    const r = releases[i]!
    if (goVersionAllows(constraints, r)) return {version: r, fromRequiredVersion: r !== newest}
  }
  return {version: newest, fromRequiredVersion: false}
}

/** Whether `version` is `min` or later. */
export function atLeast(version: string, min: string): boolean {
  const v = parseGoVersion(version)
  const m = parseGoVersion(min)
  if ('error' in v || 'error' in m) return false
  return compareGoVersions(v, m) >= 0
}
