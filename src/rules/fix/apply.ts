// Applying fixes to files (the engine `lint --fix` and the editor's "fix all" share): the fixes of one pass
// are put in a fixed order and taken one by one while none of their edits overlaps or touches an edit
// already taken (as eslint does; the others wait for the next pass, when the files are linted again);
// fixes of one group from several roots become one; edits are applied to the bytes, so every byte they do
// not replace is kept.
import * as path from 'node:path'
import type {Fix} from './fix.js'

/** An edit of a file (absolute path), by UTF-8 byte offsets. */
export interface FileEdit {
  readonly file: string
  readonly start: number
  readonly end: number
  readonly newText: string
  /** Insertions at one place with different keys are applied one after the other instead of conflicting (new lines of one list). */
  readonly join?: string
}

/** A fix ready to apply: its edits on absolute paths, with the rule that found what it fixes. */
export interface PlannedFix {
  readonly rule: string
  readonly title: string
  readonly edits: readonly FileEdit[]
  readonly group?: string
  readonly rank?: readonly number[]
}

/** A finding's fix as a PlannedFix: its file names (relative to `root`) made absolute. */
export function planFix(root: string, rule: string, fix: Fix): PlannedFix {
  const edits = fix.edits.map((e) => ({
    file: path.resolve(root, e.range.filename),
    start: e.range.start.byte,
    end: e.range.end.byte,
    newText: e.newText,
    ...(e.join !== undefined ? {join: e.join} : {}),
  }))
  return {rule, title: fix.title, edits, ...(fix.group !== undefined ? {group: fix.group} : {}), ...(fix.rank ? {rank: fix.rank} : {})}
}

function sameEdit(a: FileEdit, b: FileEdit): boolean {
  return a.file === b.file && a.start === b.start && a.end === b.end && a.newText === b.newText
}

/** Whether two edits of different fixes cannot both be applied in one pass. */
export function conflict(a: FileEdit, b: FileEdit): boolean {
  if (a.file !== b.file) return false
  if (a.start === a.end && b.start === b.end && a.start === b.start && a.join !== undefined && b.join !== undefined)
    return a.join === b.join
  return a.start <= b.end && b.start <= a.end
}

function compareRank(a: readonly number[] | undefined, b: readonly number[] | undefined): number {
  if (!a || !b) return a ? -1 : b ? 1 : 0
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0)
  return 0
}

/** Fixes of one group (counted from the file of their first edit) merged: all their edits, or the lowest-ranked one where they disagree. */
export function mergeGroups(fixes: readonly PlannedFix[]): PlannedFix[] {
  const groups = new Map<string, PlannedFix[]>()
  const out: PlannedFix[] = []
  for (const f of fixes) {
    const first = f.edits[0]
    if (f.group === undefined || !first) {
      out.push(f)
      continue
    }
    const key = `${first.file}\0${f.group}`
    groups.set(key, [...(groups.get(key) ?? []), f])
  }
  for (const members of groups.values()) {
    const edits: FileEdit[] = []
    let agree = true
    for (const f of members)
      for (const e of f.edits) {
        if (edits.some((x) => sameEdit(x, e))) continue
        if (edits.some((x) => conflict(x, e))) agree = false
        edits.push(e)
      }
    if (agree) out.push({...members[0]!, edits})
    else out.push([...members].sort((a, b) => compareRank(a.rank, b.rank))[0]!)
  }
  return out
}

function orderKey(f: PlannedFix): string {
  const e = f.edits[0]
  return e ? `${e.file}\0${String(e.start).padStart(12, '0')}\0${String(e.end).padStart(12, '0')}\0${f.rule}\0${f.title}` : ''
}

/** The fixes of one pass: identical ones once, then in order, each taken when it overlaps none taken before. */
export function selectFixes(fixes: readonly PlannedFix[]): {chosen: PlannedFix[]; later: PlannedFix[]} {
  const unique = new Map<string, PlannedFix>()
  for (const f of mergeGroups(fixes)) {
    const key = JSON.stringify(f.edits.map((e) => [e.file, e.start, e.end, e.newText]))
    if (!unique.has(key)) unique.set(key, f)
  }
  const sorted = [...unique.values()].sort((a, b) => (orderKey(a) < orderKey(b) ? -1 : orderKey(a) > orderKey(b) ? 1 : 0))
  const chosen: PlannedFix[] = []
  const later: PlannedFix[] = []
  const taken: FileEdit[] = []
  for (const f of sorted) {
    if (f.edits.length === 0) continue
    if (f.edits.some((e) => taken.some((t) => conflict(t, e)))) later.push(f)
    else {
      chosen.push(f)
      taken.push(...f.edits)
    }
  }
  return {chosen, later}
}

/** Applies non-conflicting edits of one file to its bytes. */
export function applyEdits(bytes: Uint8Array, edits: readonly FileEdit[]): Uint8Array {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end || (a.join ?? '').localeCompare(b.join ?? ''))
  const parts: Uint8Array[] = []
  let at = 0
  for (const e of sorted) {
    if (e.start < at || e.end > bytes.length) throw new Error(`overlapping or out-of-range edit at byte ${e.start} of ${e.file}`)
    parts.push(bytes.subarray(at, e.start), Buffer.from(e.newText, 'utf8'))
    at = e.end
  }
  parts.push(bytes.subarray(at))
  return Buffer.concat(parts)
}
