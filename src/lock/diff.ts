// Comparing two dependency lock files (`.terraform.lock.hcl`) for review: which providers were added or removed,
// upgraded or downgraded (semver order), had their recorded constraints changed, or only gained or lost hashes.
// A lock file for an unchanged version normally only gains hashes (a new platform, or the h1: → zh: scheme
// migration); losing hashes for the same version is flagged as suspicious.
import {compareDiagnostics, withoutCode, type Diagnostic, type DiagnosticJson} from '../diag/diagnostic.js'
import {compareVersions, goQuote, parseVersion, type Version} from '../providers/releases/constraints.js'
import {standaloneParser, type NativeParser} from '../hcl/native-parser.js'
import {parseLockFile, type LockEngine, type ParsedLockFile, type ProviderLock} from './lockfile.js'

export type LockChangeKind =
  'added' | 'removed' | 'upgraded' | 'downgraded' | 'constraints-changed' | 'hashes-added' | 'hashes-removed' | 'unchanged'

export interface LockChange {
  /** Canonical `host/namespace/type`. */
  provider: string
  /** In the order of the categories (see `CATEGORY_ORDER`); never empty. */
  kinds: LockChangeKind[]
  oldVersion?: string
  newVersion?: string
  oldConstraints?: string
  newConstraints?: string
  /** Hashes in the new lock but not the old one (new file order). For an added provider, all of its hashes. */
  addedHashes: string[]
  /** Hashes in the old lock but not the new one (old file order). For a removed provider, all of its hashes. */
  removedHashes: string[]
  /** One sentence for a reviewer. */
  note: string
}

export interface LockDiff {
  /** Sorted by provider; unchanged providers are omitted. */
  changes: LockChange[]
  /** Diagnostics of both files (old file first, each in source order). */
  diagnostics: Diagnostic[]
  /** The files that are not valid HCL (nothing in them could be read); when any, nothing was compared and `changes` is empty. */
  unparsable: string[]
}

export interface LockDiffOptions {
  oldName: string
  newName: string
  engine: LockEngine
  /** The run's parser (default: one of its own). */
  parser?: NativeParser
}

/** The order of the review categories, used for `kinds` and the text sections. */
export const CATEGORY_ORDER: readonly LockChangeKind[] = [
  'added',
  'upgraded',
  'downgraded',
  'constraints-changed',
  'hashes-added',
  'hashes-removed',
  'removed',
]

/** Compares two lock files. Never throws: parse problems of either file are returned as diagnostics. */
export async function diffLockFiles(oldText: string, newText: string, opts: LockDiffOptions): Promise<LockDiff> {
  // one parser for both files (the run's, else one of its own)
  const parser = opts.parser ?? standaloneParser()
  const [oldParsed, newParsed] = await Promise.all([
    safeParse(oldText, opts.oldName, opts.engine, parser),
    safeParse(newText, opts.newName, opts.engine, parser),
  ])
  const sortFile = (ds: readonly Diagnostic[]): Diagnostic[] => [...ds].sort(compareDiagnostics)
  const diagnostics = [...sortFile(oldParsed.diagnostics), ...sortFile(newParsed.diagnostics)]
  const unparsable = [...(oldParsed.syntaxValid ? [] : [opts.oldName]), ...(newParsed.syntaxValid ? [] : [opts.newName])]
  // every provider of the other file would show as added or removed
  if (unparsable.length > 0) return {changes: [], diagnostics, unparsable}
  const oldLocks = new Map(oldParsed.locks.map((l) => [l.provider, l]))
  const newLocks = new Map(newParsed.locks.map((l) => [l.provider, l]))
  const providers = [...new Set([...oldLocks.keys(), ...newLocks.keys()])].sort(cmpString)
  const changes: LockChange[] = []
  for (const provider of providers) {
    const change = compareLocks(provider, oldLocks.get(provider), newLocks.get(provider))
    if (!change.kinds.includes('unchanged')) changes.push(change)
  }
  return {changes, diagnostics, unparsable: []}
}

async function safeParse(text: string, filename: string, engine: LockEngine, parser: NativeParser): Promise<ParsedLockFile> {
  try {
    return await parseLockFile(text, filename, engine, {parser})
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    return {
      locks: [],
      diagnostics: [{code: 'lock.unreadable', severity: 'error', summary: 'Failed to read lock file', detail: `${filename}: ${message}`}],
      syntaxValid: false,
    }
  }
}

function cmpString(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

// ---------------------------------------------------------------------------------------------------------
// Comparing one provider

function compareLocks(provider: string, oldLock: ProviderLock | undefined, newLock: ProviderLock | undefined): LockChange {
  if (!oldLock && newLock) {
    return {
      provider,
      kinds: ['added'],
      ...optional('newVersion', newLock.version),
      ...optional('newConstraints', newLock.constraints),
      addedHashes: [...newLock.hashes],
      removedHashes: [],
      note:
        `New provider locked at ${showVersion(newLock.version)}` +
        (newLock.constraints !== undefined ? ` for constraints ${goQuote(newLock.constraints)}` : ' with no recorded constraints') +
        `, ${hashSummary(newLock.hashes)}.`,
    }
  }
  if (oldLock && !newLock) {
    return {
      provider,
      kinds: ['removed'],
      ...optional('oldVersion', oldLock.version),
      ...optional('oldConstraints', oldLock.constraints),
      addedHashes: [],
      removedHashes: [...oldLock.hashes],
      note: `Provider removed from the lock file (was ${showVersion(oldLock.version)}): check that no module still requires it.`,
    }
  }
  if (!oldLock || !newLock) throw new Error(`internal: no lock for ${provider}`)

  const kinds: LockChangeKind[] = []
  const clauses: string[] = []
  const oldSet = new Set(oldLock.hashes)
  const newSet = new Set(newLock.hashes)
  const addedHashes = newLock.hashes.filter((h) => !oldSet.has(h))
  const removedHashes = oldLock.hashes.filter((h) => !newSet.has(h))

  const order = versionOrder(oldLock.version, newLock.version)
  if (order.cmp !== 0) {
    kinds.push(order.cmp > 0 ? 'upgraded' : 'downgraded')
    const dir = order.cmp > 0 ? 'Upgraded' : 'Downgraded'
    let clause = `${dir} ${showVersion(oldLock.version)} → ${showVersion(newLock.version)}`
    if (order.step)
      clause += ` (${order.step}${order.step === 'major' && order.cmp > 0 ? ', check the changelog for breaking changes' : ''})`
    if (!order.comparable) {
      const bad = [oldLock.version, newLock.version].filter((v) => !asVersion(v)).map(showVersion)
      clause += ` (${bad.join(' and ')} ${bad.length === 1 ? 'is not a valid version' : 'are not valid versions'}, see the diagnostics; an invalid version sorts lowest)`
    } else if (order.cmp < 0) clause += ', a downgrade is unusual: check it was intended'
    clauses.push(clause)
  }

  if (oldLock.constraints !== newLock.constraints) {
    kinds.push('constraints-changed')
    clauses.push(
      `${clauses.length ? 'constraints' : 'Constraints'} changed from ${showConstraints(oldLock.constraints)} to ${showConstraints(newLock.constraints)}`,
    )
  }

  if (order.cmp !== 0) {
    // Every version has its own packages, so its hashes are expected to be replaced wholesale.
    if (addedHashes.length || removedHashes.length) {
      clauses.push(`hashes replaced for the new version (${hashDelta(addedHashes, removedHashes)})`)
    }
  } else {
    if (addedHashes.length) kinds.push('hashes-added')
    if (removedHashes.length) kinds.push('hashes-removed')
    if (addedHashes.length && !removedHashes.length) {
      const lead = clauses.length ? 'new hashes' : `New hashes only for the same version ${showVersion(newLock.version)}`
      clauses.push(`${lead} (${schemeCounts(addedHashes, '+')}): ${hashAddedReason(oldLock.hashes, addedHashes)}`)
    } else if (removedHashes.length) {
      const what = addedHashes.length
        ? `hashes replaced (${hashDelta(addedHashes, removedHashes)})`
        : `hashes removed (${schemeCounts(removedHashes, '-')})`
      const lead = clauses.length ? what : `${capitalize(what)} for the same version ${showVersion(newLock.version)}`
      clauses.push(
        `${lead}: suspicious, a lock file normally only gains hashes for a version it keeps; verify the provider packages were not swapped and no platform was dropped by mistake`,
      )
    }
  }

  if (kinds.length === 0) {
    return {provider, kinds: ['unchanged'], ...versions(oldLock, newLock), addedHashes, removedHashes, note: 'Unchanged.'}
  }
  return {provider, kinds, ...versions(oldLock, newLock), addedHashes, removedHashes, note: clauses.join('; ') + '.'}
}

function versions(
  oldLock: ProviderLock,
  newLock: ProviderLock,
): Pick<LockChange, 'oldVersion' | 'newVersion' | 'oldConstraints' | 'newConstraints'> {
  return {
    ...optional('oldVersion', oldLock.version),
    ...optional('newVersion', newLock.version),
    ...optional('oldConstraints', oldLock.constraints),
    ...optional('newConstraints', newLock.constraints),
  }
}

function optional<K extends string>(key: K, value: string | undefined): {[P in K]?: string} {
  const out: {[P in K]?: string} = {}
  if (value !== undefined) out[key] = value
  return out
}

interface VersionOrder {
  cmp: number
  comparable: boolean
  step?: 'major' | 'minor' | 'patch' | 'prerelease'
}

/** Direction from `a` (old) to `b` (new): 1 = upgrade. A version that does not parse sorts before every valid one. */
function versionOrder(a: string, b: string): VersionOrder {
  if (a === b) return {cmp: 0, comparable: true}
  const va = asVersion(a)
  const vb = asVersion(b)
  if (va && vb) {
    const cmp = Math.sign(compareVersions(vb, va))
    if (cmp === 0) return {cmp: 0, comparable: true}
    return {cmp, comparable: true, step: versionStep(va, vb)}
  }
  if (va) return {cmp: -1, comparable: false}
  if (vb) return {cmp: 1, comparable: false}
  return {cmp: Math.sign(cmpString(b, a)), comparable: false}
}

function asVersion(s: string): Version | undefined {
  if (s === '') return undefined
  const v = parseVersion(s)
  return 'error' in v ? undefined : v
}

function versionStep(a: Version, b: Version): VersionOrder['step'] {
  if (a.major !== b.major) return 'major'
  if (a.minor !== b.minor) return 'minor'
  if (a.patch !== b.patch) return 'patch'
  return 'prerelease'
}

export function showVersion(v: string): string {
  return v === '' ? '(no version)' : v
}

export function showConstraints(c: string | undefined): string {
  return c === undefined ? '(none)' : goQuote(c)
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}

// ---------------------------------------------------------------------------------------------------------
// Hashes

function scheme(hash: string): string {
  const i = hash.indexOf(':')
  return i > 0 ? hash.slice(0, i) : hash
}

/** `2 h1:, 10 zh:` (schemes in alphabetical order), with an optional sign before each count. */
export function schemeCounts(hashes: readonly string[], sign = ''): string {
  const counts = new Map<string, number>()
  for (const h of hashes) counts.set(scheme(h), (counts.get(scheme(h)) ?? 0) + 1)
  return [...counts]
    .sort(([a], [b]) => cmpString(a, b))
    .map(([s, n]) => `${sign}${n} ${s}:`)
    .join(', ')
}

export function hashSummary(hashes: readonly string[]): string {
  if (hashes.length === 0) return 'no hashes'
  return `${hashes.length} hash${hashes.length === 1 ? '' : 'es'} (${schemeCounts(hashes)})`
}

function hashDelta(added: readonly string[], removed: readonly string[]): string {
  return [added.length ? schemeCounts(added, '+') : '', removed.length ? schemeCounts(removed, '-') : ''].filter(Boolean).join(', ')
}

/** Why a kept version gains hashes: the h1: → zh: migration, a new platform, or either. */
function hashAddedReason(oldHashes: readonly string[], added: readonly string[]): string {
  const addedSchemes = new Set(added.map(scheme))
  const oldSchemes = new Set(oldHashes.map(scheme))
  const newSchemes = [...addedSchemes].filter((s) => !oldSchemes.has(s)).sort(cmpString)
  if (addedSchemes.size === 1 && addedSchemes.has('zh') && !oldSchemes.has('zh') && oldSchemes.has('h1')) {
    return "a hash-scheme migration (h1: → zh:), as the old lock had only h1: hashes and now also records the registry's zh: package checksums"
  }
  if (addedSchemes.size === 1 && addedSchemes.has('h1') && oldSchemes.has('h1')) {
    return 'most likely a new platform (h1: hashes are recorded per installed platform, e.g. by `providers lock -platform=…`)'
  }
  if (newSchemes.length > 0 && newSchemes.some((s) => s !== 'h1' && s !== 'zh')) {
    return `hashes of a scheme this lock did not have before (${newSchemes.map((s) => s + ':').join(', ')}): harmless if the tool that wrote it knows the scheme`
  }
  return 'a hash-scheme migration (h1: → zh:) or a new platform, harmless when the version is the same'
}

export interface LockDiffJson {
  readonly format_version: '1'
  readonly changes: readonly {
    provider: string
    kinds: LockChangeKind[]
    old_version: string | null
    new_version: string | null
    old_constraints: string | null
    new_constraints: string | null
    added_hashes: string[]
    removed_hashes: string[]
    note: string
  }[]
  readonly diagnostics: readonly DiagnosticJson[]
  /** Files that are not valid HCL; when any, nothing was compared. */
  readonly unparsable: readonly string[]
}

/** The JSON document (`format_version` "1"): snake_case fields, absent values as null. */
export function lockDiffJson(d: LockDiff): LockDiffJson {
  return {
    format_version: '1',
    changes: d.changes.map((c) => ({
      provider: c.provider,
      kinds: [...c.kinds],
      old_version: c.oldVersion ?? null,
      new_version: c.newVersion ?? null,
      old_constraints: c.oldConstraints ?? null,
      new_constraints: c.newConstraints ?? null,
      added_hashes: [...c.addedHashes],
      removed_hashes: [...c.removedHashes],
      note: c.note,
    })),
    diagnostics: d.diagnostics.map(withoutCode),
    unparsable: [...d.unparsable],
  }
}
