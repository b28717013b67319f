// `tfgraph providers diff` for readers: text (the terminal), Markdown (a pull-request comment, risky rows
// first) and SARIF 2.1.0 (results on the new revision's lines, so code scanning annotates the pull request).
import {sarifLog, sarifRegion} from './sarif-log.js'
import * as path from 'node:path'
import {pathToFileURL} from 'node:url'
import {formatRange, type SourceRange} from '../diag/diagnostic.js'
import {
  CHANGE_KINDS,
  isRisky,
  RISKY_KINDS,
  type BindingChange,
  type BindingSide,
  type ChangeKind,
  type ProvidersDiff,
} from '../providers/compare/diff.js'
import {renameRanges, type FileNamer} from './paths.js'

export interface DiffRenderOptions {
  /** How the old and the new revision are named (`old/`, `main:infra`, `infra`). */
  readonly oldName: string
  readonly newName: string
  /** Names files of each revision for a reader (relative to the current directory, or `REV:path`). */
  readonly oldFile: FileNamer
  readonly newFile: FileNamer
}

const KIND_TEXT: Record<ChangeKind, string> = {
  rebound: 'bound to another provider configuration',
  'config-changed': 'its provider configuration changed',
  'provider-changed': 'its provider (source address) changed',
  'removed-with-config': 'removed together with its provider configuration',
  removed: 'removed',
  added: 'added',
}

const RULE_TEXT: Record<ChangeKind, string> = {
  rebound: 'A resource is bound to another provider configuration than before',
  'config-changed': "A resource's provider configuration has other arguments than before",
  'provider-changed': "A resource's provider (source address) changed",
  'removed-with-config': 'A resource is removed together with the provider configuration needed to destroy it',
  removed: 'A resource is removed',
  added: 'A resource is added',
}

function at(r: SourceRange, name: FileNamer): string {
  return formatRange({...r, filename: name(r.filename)})
}

export function diffSummary(d: ProvidersDiff): string {
  const parts = CHANGE_KINDS.map((k) => [k, d.changes.filter((c) => c.kind === k).length] as const)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k}`)
  const moved = d.movedUnchanged > 0 ? ` (${d.movedUnchanged} moved)` : ''
  return [...parts, `${d.unchanged} unchanged${moved}`].join(', ')
}

function config(s: BindingSide): string {
  return s.providerConfig === null
    ? 'no configuration'
    : s.instanceKey !== undefined
      ? `${s.providerConfig}[${s.instanceKey}]`
      : s.providerConfig
}

function chain(s: BindingSide, label: string, name: FileNamer, shared = false): string[] {
  return [
    shared ? `  ${label}: ${config(s)}` : `  ${label}: ${config(s)}  (${at(s.range, name)})`,
    ...s.resolution.map((step, i) => `      ${i + 1}. ${renameRanges(i === 0 && shared ? sharedFirstStep(step) : step.text, name)}`),
  ]
}

/**
 * The first step of a chain is the resource's own (its `provider` argument, or the local name its type
 * implies); the rest is its module's. Said for a group of resources, the first step drops what is each one's.
 */
function sharedFirstStep(step: BindingSide['resolution'][number]): string {
  if (step.kind === 'implied-name') return step.text.replace(/ by the resource type \S+$/, " by each resource's type")
  if (step.kind === 'reference') return step.text.replace(/ \([^()]*\)$/, '') + " (each resource's provider argument)"
  return step.text
}

/** What makes two changes say the same thing but for the resource: kind, why, and the chains after each one's first step. */
function chainKey(c: BindingChange): string | undefined {
  if (c.movedFrom || (c.moved ?? []).length > 0) return undefined // a rename is each resource's own
  const sideKey = (s: BindingSide | null) =>
    s && [config(s), s.resolution.map((step, i) => (i === 0 ? [step.kind, sharedFirstStep(step)] : step.text))]
  return JSON.stringify([c.kind, c.reason, c.providerMove ?? null, c.argumentChanges ?? [], sideKey(c.before), sideKey(c.after)])
}

/** Changes grouped by what they share (chainKey), in the order of their first member; a change with no key stands alone. */
export function chainGroups(changes: readonly BindingChange[]): BindingChange[][] {
  const groups: BindingChange[][] = []
  const byKey = new Map<string, BindingChange[]>()
  for (const c of changes) {
    const k = chainKey(c)
    const g = k === undefined ? undefined : byKey.get(k)
    if (g) g.push(c)
    else {
      const fresh = [c]
      groups.push(fresh)
      if (k !== undefined) byKey.set(k, fresh)
    }
  }
  return groups
}

/** Where a change's resource is (its new place, else its old one), named for the reader. */
function placeOf(c: BindingChange, o: DiffRenderOptions): string {
  return c.after ? at(c.after.range, o.newFile) : c.before ? at(c.before.range, o.oldFile) : ''
}

/** The sentence that says a comparison is partial, and what would complete it. */
function partialText(d: ProvidersDiff): string {
  const n = d.notAnalysed.length
  const init = d.notAnalysed.some((m) => / is not installed \(/.test(m.reason))
    ? ` (run "${d.engine === 'opentofu' ? 'tofu' : 'terraform'} init" in each revision to include them; --format json says why for each)`
    : ' (--format json says why for each)'
  // the same calls in both revisions (the usual case: init was run in neither) are counted once
  const old = d.notAnalysed.filter((m) => m.revision === 'old').map((m) => `${m.module}\u0000${shortReason(m.reason)}`)
  const neu = d.notAnalysed.filter((m) => m.revision === 'new').map((m) => `${m.module}\u0000${shortReason(m.reason)}`)
  const each = old.length > 0 && old.join('\n') === neu.join('\n')
  const k = each ? old.length : n
  return `${k} module call${k === 1 ? '' : 's'}${each ? ' of each revision' : ''} ${k === 1 ? 'was' : 'were'} not analysed, so the resources inside ${k === 1 ? 'it are' : 'them are'} not compared${init}`
}

/** Why a module call was not analysed, in a few words (the JSON document keeps the whole reason). */
function shortReason(reason: string): string {
  if (/ is not installed \(/.test(reason)) return 'not installed'
  if (/^installed from .*, but the configuration now says /.test(reason)) return 'source changed since init'
  return reason
}

/** Names shown in one line before "… and N more". */
const NAMES_SHOWN = 4

/** One line per revision (one for both when they are alike): which calls were not analysed, grouped by why. */
export function notAnalysedLines(d: ProvidersDiff, o: Pick<DiffRenderOptions, 'oldName' | 'newName'>): {revision: string; text: string}[] {
  const lineOf = (revision: 'old' | 'new'): string => {
    const byWhy = new Map<string, string[]>()
    for (const m of d.notAnalysed.filter((x) => x.revision === revision)) {
      const why = shortReason(m.reason)
      byWhy.set(why, [...(byWhy.get(why) ?? []), m.module])
    }
    return [...byWhy]
      .map(([why, mods]) => {
        const names = mods.slice(0, NAMES_SHOWN).join(', ') + (mods.length > NAMES_SHOWN ? `, … and ${mods.length - NAMES_SHOWN} more` : '')
        return `${mods.length} ${why}: ${names}`
      })
      .join('; ')
  }
  const [old, neu] = [lineOf('old'), lineOf('new')]
  if (old !== '' && old === neu) return [{revision: `${o.oldName} and ${o.newName}`, text: old}]
  return [...(old ? [{revision: o.oldName, text: old}] : []), ...(neu ? [{revision: o.newName, text: neu}] : [])]
}

export function renderProvidersDiffText(d: ProvidersDiff, o: DiffRenderOptions): string {
  const lines = [`providers diff ${o.oldName} → ${o.newName}: ${diffSummary(d)}`]
  if (d.notAnalysed.length > 0) {
    lines.push(`partial: ${partialText(d)}:`)
    for (const l of notAnalysedLines(d, o)) lines.push(`  ${l.revision}  ${l.text}`)
  }
  for (const group of chainGroups(d.changes)) {
    const c = group[0]!
    const shared = group.length > 1
    if (shared) {
      lines.push('', `${c.kind}  ${group.length} resources with the same chain:`)
      for (const m of group) lines.push(`    ${m.address}  (${placeOf(m, o)})`)
    } else lines.push('', `${c.kind}  ${c.address}${c.movedFrom ? `  (moved from ${c.movedFrom.key})` : ''}`)
    lines.push(`  ${renameRanges(c.reason, o.newFile)}`)
    for (const a of c.argumentChanges ?? []) lines.push(`    ${a.name}: ${a.before ?? '(unset)'} → ${a.after ?? '(unset)'}`)
    for (const m of c.moved ?? []) lines.push(`  moved { from = ${m.from.key}, to = ${m.to.key} } at ${at(m.range, o.newFile)}`)
    if (c.before) lines.push(...chain(c.before, 'before', o.oldFile, shared))
    if (c.after) lines.push(...chain(c.after, 'after', o.newFile, shared))
  }
  return lines.join('\n') + '\n'
}

/** What the table's Why column adds to the kind. */
function whyMore(c: BindingChange): string {
  if (c.kind === 'removed-with-config') return ': remove the resource first, keep the provider block for one more apply'
  if (c.kind !== 'provider-changed') return ''
  if (c.providerMove === 'accepted') return ': moved by a moved block, the new provider takes the objects over'
  if (c.providerMove === 'provider-decides') return ': moved by a moved block, if the new provider supports moving them'
  return ': needs terraform state replace-provider'
}

const cell = (s: string): string => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\n/g, ' ')
const code = (s: string): string => '`' + s.replace(/`/g, "'") + '`'

/** A Markdown comment for a pull request: the summary, a table with the risky rows first, the chains folded. */
export function renderProvidersDiffMarkdown(d: ProvidersDiff, o: DiffRenderOptions): string {
  const risky = d.changes.filter(isRisky)
  const out = [`### tfgraph providers diff`, '', `${o.oldName} → ${o.newName}: ${diffSummary(d)}`]
  // a partial comparison says so in the comment itself, before any verdict
  const partial = d.notAnalysed.length > 0
  if (partial) {
    out.push('', `**⚠️ Partial result** — ${partialText(d)}:`, '')
    for (const l of notAnalysedLines(d, o))
      out.push(`- ${cell(l.revision)}: ${cell(l.text).replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`)}`)
  }
  if (d.changes.length === 0)
    return out
      .concat(
        '',
        partial ? 'No resource compared changes its provider configuration.' : 'No resource changes its provider configuration.',
        '',
      )
      .join('\n')
  out.push(
    '',
    risky.length > 0
      ? `**${risky.length} risky change${risky.length === 1 ? '' : 's'}** — review before applying.`
      : partial
        ? 'No risky change among the resources compared.'
        : 'No risky change.',
  )
  out.push('', '| | Kind | Resource | Before | After | Why |', '|---|---|---|---|---|---|')
  for (const c of d.changes) {
    const mark = isRisky(c) ? '⚠️' : c.kind === 'added' ? '➕' : c.providerMove ? 'ℹ️' : '➖'
    const resource = code(c.address) + (c.movedFrom ? `<br>moved from ${code(c.movedFrom.key)}` : '')
    const args = (c.argumentChanges ?? [])
      .map((a) => `<br>${code(`${a.name} = ${a.before ?? '(unset)'}`)} → ${code(`${a.name} = ${a.after ?? '(unset)'}`)}`)
      .join('')
    const before = c.before ? code(config(c.before)) : '—'
    const after = (c.after ? code(config(c.after)) : '—') + args
    out.push(`| ${mark} | ${c.kind} | ${cell(resource)} | ${cell(before)} | ${cell(after)} | ${cell(KIND_TEXT[c.kind] + whyMore(c))} |`)
  }
  const html = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')
  // one folded chain per group of resources that share it (the table above has a row for each)
  for (const group of chainGroups(d.changes.filter((x) => isRisky(x) || x.providerMove))) {
    const c = group[0]!
    const shared = group.length > 1
    const summary = shared
      ? `${c.kind}: ${group.length} resources with the same chain (<code>${html(c.address)}</code>, …)`
      : `${c.kind}: <code>${html(c.address)}</code>`
    out.push('', `<details><summary>${summary}</summary>`, '')
    if (shared) out.push(...group.map((m) => `- ${code(m.address)} (${cell(placeOf(m, o))})`), '')
    out.push(renameRanges(c.reason, o.newFile), '', '```')
    if (c.before) out.push(...chain(c.before, 'before', o.oldFile, shared))
    if (c.after) out.push(...chain(c.after, 'after', o.newFile, shared))
    out.push('```', '', '</details>')
  }
  return out.join('\n') + '\n'
}

export interface DiffSarifOptions {
  readonly version: string
  readonly informationUri: string
  /** The new revision's directory as given, and the directory tfgraph ran in (`%SRCROOT%`). */
  readonly newDir: string
  readonly cwd: string
  /** Whether a file (relative to the new root) exists there: a removed resource is reported on line 1 of its old file when it does. */
  readonly newFileExists: (filename: string) => boolean
}

function location(dir: string, filename: string, cwd: string): {uri: string; uriBaseId?: string} {
  const abs = path.resolve(cwd, dir, filename)
  const rel = path.relative(cwd, abs)
  if (rel.startsWith('..') || path.isAbsolute(rel)) return {uri: pathToFileURL(abs).href}
  return {uri: rel.split(path.sep).map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%'}
}

/** SARIF 2.1.0: one rule per kind, one result per change, on the new revision's lines. */
export function renderProvidersDiffSarif(d: ProvidersDiff, o: DiffSarifOptions): object {
  const results = d.changes.map((c) => {
    const r =
      c.after?.range ??
      (c.before && o.newFileExists(c.before.range.filename)
        ? {filename: c.before.range.filename, start: {line: 1, column: 1, byte: 0}, end: {line: 1, column: 2, byte: 1}}
        : undefined)
    return {
      ruleId: c.kind,
      ruleIndex: CHANGE_KINDS.indexOf(c.kind),
      level: isRisky(c) ? 'error' : 'note',
      message: {text: `${c.address}: ${c.reason}`},
      ...(r
        ? {
            locations: [
              {
                physicalLocation: {
                  artifactLocation: location(o.newDir, r.filename, o.cwd),
                  region: sarifRegion(r),
                },
                logicalLocations: [{fullyQualifiedName: c.address}],
              },
            ],
          }
        : {}),
    }
  })
  return sarifLog(
    {
      version: o.version,
      informationUri: o.informationUri,
      rules: CHANGE_KINDS.map((k) => ({
        id: k,
        shortDescription: {text: RULE_TEXT[k]},
        defaultConfiguration: {level: RISKY_KINDS.includes(k) ? 'error' : 'note'},
        helpUri: `${o.informationUri}/blob/main/docs/providers-diff.md`,
      })),
    },
    results,
  )
}
