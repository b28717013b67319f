// Which release's behaviour to follow where Terraform's (or OpenTofu's) versions differ: the newest
// release the root module's `required_version` allows, or the newest release when it does not decide
// (no constraint, an unparsable one, or one no known release satisfies). docs/providers.md lists the
// checks that depend on it.
import type {EngineName} from '../../load/engine.js'
import type {Module} from '../../load/model.js'
import {compareGoVersions, goVersionAllows, parseGoVersion, parseGoVersionConstraint, type GoConstraint} from './constraints.js'
import {literalString} from '../../hcl/expr.js'

/** The last patch release of each minor version tfgraph knows, oldest first. */
export const KNOWN_RELEASES: Readonly<Record<EngineName, readonly string[]>> = {
  terraform: ['1.5.7', '1.6.6', '1.7.5', '1.8.5', '1.9.8', '1.10.5', '1.11.4', '1.12.2', '1.13.5', '1.14.9', '1.15.9', '1.16.0'],
  opentofu: ['1.6.3', '1.7.10', '1.8.11', '1.9.4', '1.10.10', '1.11.14', '1.12.6'],
}

/**
 * Terraform's main branch, whose Stacks rules tfgraph follows when no component rules it out: the lock
 * checks of provider versions and of required providers without a block exist only there (commit
 * 53cb11823f, 2026-08), in no release yet. `core`: the version a required_version is checked against.
 */
export const TERRAFORM_MAIN = {version: '1.17.0-alpha', core: '1.17.0'} as const

export interface BehaviourVersion {
  /** The release whose behaviour is followed. */
  readonly version: string
  /** True when the root's required_version chose it (it rules out newer releases). */
  readonly fromRequiredVersion: boolean
  /** True when `.terraform-version` chose it (the required_version did not decide). */
  readonly pinned?: boolean
}

/**
 * The release whose behaviour applies to a configuration with this root module: the newest its
 * required_version allows; where that does not decide (no constraint, or one the newest release meets),
 * the release `pinned` in `.terraform-version` when the constraint allows it; else the newest.
 */
export function behaviourVersion(root: Module | undefined, engine: EngineName, pinned?: string): BehaviourVersion {
  const releases = KNOWN_RELEASES[engine]
  const newest = releases[releases.length - 1]!
  const constraints = requiredVersionConstraints(root)
  if (constraints !== undefined) {
    for (let i = releases.length - 1; i >= 0; i--) {
      const r = releases[i]!
      if (!goVersionAllows(constraints, r)) continue
      if (r !== newest) return {version: r, fromRequiredVersion: true}
      break
    }
  }
  if (pinned !== undefined && engine === 'terraform' && (constraints === undefined || goVersionAllows(constraints, coreOf(pinned))))
    return {version: pinned, fromRequiredVersion: false, pinned: true}
  return {version: newest, fromRequiredVersion: false}
}

/** The constraints of a module's required_version, or undefined when they do not decide (none, or one that does not parse). */
function requiredVersionConstraints(root: Module | undefined): GoConstraint[] | undefined {
  const constraints: GoConstraint[] = []
  for (const a of root?.requiredVersion ?? []) {
    const text = literalString(a)
    if (text === undefined) continue
    const parsed = parseGoVersionConstraint(text)
    if ('error' in parsed) return undefined
    constraints.push(...parsed.constraints)
  }
  return constraints.length === 0 ? undefined : constraints
}

/** A version without its pre-release part (`1.17.0-alpha` → `1.17.0`): what a required_version is checked against. */
export function coreOf(version: string): string {
  return version.replace(/-.*$/, '')
}

/** Whether a module's required_version allows `version` (true when it does not decide, as behaviourVersion reads it). */
export function requiredVersionAllows(root: Module | undefined, version: string): boolean {
  const constraints = requiredVersionConstraints(root)
  return constraints === undefined || goVersionAllows(constraints, version)
}

/**
 * What the followed release decides, worked out once per tree and read by the checks that differ between
 * releases (each names Terraform's; OpenTofu's releases decide none of these).
 */
export interface EngineBehaviour extends BehaviourVersion {
  readonly engine: EngineName
  /** Terraform 1.12: an import block may give `identity` instead of `id` (release-checks.ts). */
  readonly importIdentity: boolean
  /** Terraform 1.13: a test run's providers are chosen by address and their types checked (test-runs.ts). */
  readonly testProvidersByAddress: boolean
  /** Terraform 1.14: a run block's name is the subject of its diagnostics (load/test-file-decode.ts). */
  readonly runNameSubject: boolean
  /** Terraform before 1.15: module sources and versions are literals only (crawl/nil-context.ts). */
  readonly literalSources: boolean
  /** Terraform 1.16: import blocks in child modules, and provider namespaces with underscores (validate.ts, release-checks.ts). */
  readonly since116: boolean
}

/** The behaviour of the release followed for a configuration with this root module. */
export function engineBehaviour(root: Module | undefined, engine: EngineName, pinned?: string): EngineBehaviour {
  const b = behaviourVersion(root, engine, pinned)
  // the followed release is one of KNOWN_RELEASES (all 1.x): its minor version decides
  const minor = Number(b.version.split('.')[1])
  const terraformSince = (m: number): boolean => engine === 'terraform' && minor >= m
  return {
    ...b,
    engine,
    importIdentity: terraformSince(12),
    testProvidersByAddress: terraformSince(13),
    runNameSubject: terraformSince(14),
    literalSources: engine === 'terraform' && minor < 15,
    since116: terraformSince(16),
  }
}

/** Whether `version` is `min` or later. */
export function atLeast(version: string, min: string): boolean {
  const v = parseGoVersion(version)
  const m = parseGoVersion(min)
  if ('error' in v || 'error' in m) return false
  return compareGoVersions(v, m) >= 0
}
