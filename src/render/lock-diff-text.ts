// `tfgraph lock diff` as text: the comparison of two lock files (lock/diff.ts) grouped by review
// category, after a one-line summary; the errors first when a file could not be read.
import {diagnosticString, hasErrors, type Diagnostic} from '../diag/diagnostic.js'
import {
  CATEGORY_ORDER,
  hashSummary,
  schemeCounts,
  showConstraints,
  showVersion,
  type LockChange,
  type LockChangeKind,
  type LockDiff,
} from '../lock/diff.js'
import {goQuote} from '../providers/releases/constraints.js'
import {terminalText} from './terminal-text.js'

const SECTION_TITLES: Record<Exclude<LockChangeKind, 'unchanged'>, string> = {
  added: 'New providers',
  upgraded: 'Upgraded',
  downgraded: 'Downgraded',
  'constraints-changed': 'Constraints changed',
  'hashes-added': 'New hashes only (same version)',
  'hashes-removed': 'Hashes removed (same version) — SUSPICIOUS',
  removed: 'Removed providers',
}

/** What happened to the providers of a category, after "N provider(s)" or a count. */
const SUMMARY_WORDS: Record<Exclude<LockChangeKind, 'unchanged'>, string> = {
  added: 'added',
  upgraded: 'upgraded',
  downgraded: 'downgraded',
  'constraints-changed': 'with changed constraints',
  'hashes-added': 'with new hashes only',
  'hashes-removed': 'with hashes removed',
  removed: 'removed',
}

function providers(n: number): string {
  return `${n} provider${n === 1 ? '' : 's'}`
}

/** `1 provider added.`, `2 providers upgraded.`, `3 providers changed: 1 added, 2 with changed constraints.` */
export function lockDiffSummary(d: LockDiff): string {
  if (d.changes.length === 0) return 'No provider changes in the lock file.'
  const n = d.changes.length
  const counts = CATEGORY_ORDER.map(
    (k) => [k as Exclude<LockChangeKind, 'unchanged'>, d.changes.filter((c) => c.kinds.includes(k)).length] as const,
  ).filter(([, m]) => m > 0)
  const [only] = counts
  if (counts.length === 1 && only && only[1] === n) return `${providers(n)} ${SUMMARY_WORDS[only[0]]}.`
  return `${providers(n)} changed: ${counts.map(([k, m]) => `${m} ${SUMMARY_WORDS[k]}`).join(', ')}.`
}

function diagnosticLine(x: Diagnostic): string {
  return `  ${x.severity}: ${diagnosticString(x)}${x.extra?.explanation ? ` (${x.extra.explanation.replace(/\.$/, '')})` : ''}`
}

/** The category-specific detail shown after the provider address in a section. */
function sectionDetail(kind: LockChangeKind, c: LockChange): string[] {
  switch (kind) {
    case 'added':
      return [
        `${showVersion(c.newVersion ?? '')}${c.newConstraints !== undefined ? `  constraints ${goQuote(c.newConstraints)}` : ''}  ${hashSummary(c.addedHashes)}`,
      ]
    case 'removed':
      return [`was ${showVersion(c.oldVersion ?? '')}${c.oldConstraints !== undefined ? `  constraints ${goQuote(c.oldConstraints)}` : ''}`]
    case 'upgraded':
    case 'downgraded':
      return [`${showVersion(c.oldVersion ?? '')} → ${showVersion(c.newVersion ?? '')}`]
    case 'constraints-changed':
      return [`${showConstraints(c.oldConstraints)} → ${showConstraints(c.newConstraints)}`]
    case 'hashes-added':
      return [`${showVersion(c.newVersion ?? '')}  ${schemeCounts(c.addedHashes, '+')}`]
    case 'hashes-removed':
      return [`${showVersion(c.newVersion ?? '')}  ${schemeCounts(c.removedHashes, '-')}`, ...c.removedHashes.map((h) => `    - ${h}`)]
    case 'unchanged':
      return []
  }
}

/** A plain-text report grouped by review category; a change with several kinds is listed in each, its note once. */
export function renderLockDiffText(d: LockDiff): string {
  const out: string[] = []
  // the real error first: a file that could not be read is all there is to say; errors in a file come before the changes they may distort
  if (d.unparsable.length > 0) {
    out.push(`Error: ${d.unparsable.join(' and ')} ${d.unparsable.length > 1 ? 'are' : 'is'} not valid HCL, so nothing was compared:`)
    for (const x of d.diagnostics) out.push(diagnosticLine(x))
    return terminalText(out.join('\n') + '\n')
  }
  const errorFiles = [...new Set(d.diagnostics.filter((x) => x.severity === 'error').map((x) => x.range?.filename ?? ''))].filter(Boolean)
  const errors = hasErrors(d.diagnostics)
  if (errors) {
    out.push(
      `Error: ${errorFiles.length ? errorFiles.join(' and ') : 'a lock file'} ha${errorFiles.length > 1 ? 've' : 's'} errors; providers it could not read may appear as added or removed:`,
    )
    for (const x of d.diagnostics) out.push(diagnosticLine(x))
    out.push('')
  }
  out.push(lockDiffSummary(d))
  const noted = new Set<string>()
  for (const kind of CATEGORY_ORDER) {
    const group = d.changes.filter((c) => c.kinds.includes(kind))
    if (group.length === 0) continue
    out.push('', `${SECTION_TITLES[kind as Exclude<LockChangeKind, 'unchanged'>]} (${group.length}):`)
    for (const c of group) {
      const [first, ...rest] = sectionDetail(kind, c)
      out.push(`  ${c.provider}  ${first ?? ''}`.trimEnd(), ...rest)
      if (!noted.has(c.provider)) {
        out.push(`      ${c.note}`)
        noted.add(c.provider)
      }
    }
  }
  if (!errors && d.diagnostics.length > 0) {
    out.push('', `Diagnostics (${d.diagnostics.length}):`)
    for (const x of d.diagnostics) out.push(diagnosticLine(x))
  }
  // provider addresses, versions and messages come from the lock files: no control characters reach a terminal
  return terminalText(out.join('\n') + '\n')
}
