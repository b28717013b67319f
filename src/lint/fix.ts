// `tfgraph lint --fix`: lint, apply the preferred fix of every finding that has exactly one, lint again,
// and so on — at most 10 passes (fixes that overlapped wait for the next one, as in eslint) — all in memory,
// over the files as first read. Each root of `--recursive` is linted in every pass, and a file two roots
// reach is edited once. A fix is left out when one of its edits lies outside the directories the user
// gave, under `.terraform/`, in a module installed from a registry or a remote source, or in a file that
// did not parse before; a file a pass leaves unparsable is not changed by that pass (its fixes are dropped
// for good). Nothing is written here: `writeFixes` writes the result (atomically, a file changed on the
// disk meanwhile is left alone).
import {randomBytes} from 'node:crypto'
import * as fs from 'node:fs'
import * as path from 'node:path'
import {parseHclNative} from '../hcl/native/index.js'
import {parseJsonConfig} from '../hcl/parse-json.js'
import {utf8Text, type FileSource} from '../io/inputs.js'
import {OverlaySource} from '../io/overlay-source.js'
import {SnapshotSource} from '../io/snapshot-source.js'
import {mapLimit} from './map-limit.js'
import {RunContext} from '../load/run-context.js'
import {inRemotePackage} from '../rules/support.js'
import {applyEdits, planFix, selectFixes, type PlannedFix} from '../rules/fix/apply.js'
import {removeHusks} from '../rules/fix/husks.js'
import {lint, type LintOptions, type LintResult} from './lint.js'

export const MAX_PASSES = 10

export interface FixRoot {
  readonly dir: string
  readonly options: LintOptions
}

export interface FixRunOptions {
  readonly roots: readonly FixRoot[]
  /** Where the files are read (default: the disk). */
  readonly files?: FileSource
  /** Only files under these directories are edited (default: the roots). */
  readonly allowed?: readonly string[]
  readonly maxPasses?: number
  readonly env?: NodeJS.ProcessEnv
}

/** A fix that was applied, with the files it edited. */
export interface AppliedFix {
  readonly rule: string
  readonly title: string
  readonly files: readonly string[]
  readonly pass: number
}

export interface FixRun {
  /** Each root's findings after the fixes (as `lint` reports them). */
  readonly results: readonly LintResult[]
  /**
   * The files whose content the fixes changed (absolute path → content before and after); `removed`: the
   * fixes left the file with nothing (its last block emptied and removed), so it is deleted, not written.
   */
  readonly changed: ReadonlyMap<string, FileChange>
  readonly applied: readonly AppliedFix[]
  /** Passes that applied something. */
  readonly passes: number
  /** Fixes not applied, and why (one line each, absolute paths). */
  readonly notes: readonly string[]
}

function inside(p: string, dir: string): boolean {
  const rel = path.relative(dir, p)
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))
}

/** Why an edit of `file` may not be made, or undefined. */
function forbidden(file: string, allowed: readonly string[], installed: ReadonlySet<string>): string | undefined {
  if (!allowed.some((d) => inside(file, d))) return 'outside the directories given'
  if (file.split(path.sep).includes('.terraform')) return 'under .terraform/'
  for (const d of installed) if (inside(file, d)) return 'in a module installed from a registry or remote source'
  return undefined
}

/** Directories of modules installed from registries or remote sources (and what they call), in a root's tree. */
function installedDirs(r: LintResult): string[] {
  return r.analysis.tree.nodes
    .filter((n) => n.dir !== undefined && ((n.source !== undefined && n.source.kind !== 'local') || inRemotePackage(n)))
    .map((n) => n.dir!)
}

/** Whether a file's text parses (native or JSON syntax, as its name says). */
function parses(file: string, bytes: Uint8Array): boolean {
  const text = utf8Text(bytes)
  if (!Buffer.from(text, 'utf8').equals(Buffer.from(bytes))) return false
  const name = path.basename(file)
  const diags = name.endsWith('.json') ? parseJsonConfig(text, name).diagnostics : parseHclNative(text, name).diagnostics
  return !diags.some((d) => d.severity === 'error')
}

/** The preferred fix of each finding that has exactly one. */
function candidates(results: readonly LintResult[], roots: readonly FixRoot[]): PlannedFix[] {
  const out: PlannedFix[] = []
  results.forEach((r, i) => {
    const root = path.resolve(roots[i]!.dir)
    for (const d of r.diagnostics) {
      const preferred = (d.fixes ?? []).filter((f) => f.preferred)
      if (preferred.length === 1) out.push(planFix(root, d.rule, preferred[0]!))
    }
  })
  return out
}

/** Runs the passes (nothing is written). */
export async function runFixes(opts: FixRunOptions): Promise<FixRun> {
  const overlay = new OverlaySource(new SnapshotSource(opts.files))
  const ctx = new RunContext({files: overlay, cache: false, ...(opts.env ? {env: opts.env} : {})})
  const allowed = (opts.allowed ?? opts.roots.map((r) => r.dir)).map((d) => path.resolve(d))
  const original = new Map<string, Uint8Array>()
  const current = new Map<string, Uint8Array>()
  const applied: AppliedFix[] = []
  const notes = new Set<string>()
  const dropped = new Set<string>()
  const lintAll = (): Promise<LintResult[]> =>
    mapLimit(opts.roots, 4, (r) => lint(r.dir, {...r.options, context: ctx, fixes: true, ...(opts.env ? {env: opts.env} : {})}))
  let passes = 0
  try {
    let results = await lintAll()
    for (let pass = 1; pass <= (opts.maxPasses ?? MAX_PASSES); pass++) {
      const installed = new Set(results.flatMap(installedDirs))
      const usable = candidates(results, opts.roots).filter((f) => {
        const why = f.edits.map((e) => forbidden(e.file, allowed, installed)).find((x) => x !== undefined)
        if (why) notes.add(`${f.edits.find((e) => forbidden(e.file, allowed, installed))!.file}: fix "${f.title}" not applied: ${why}`)
        return why === undefined && !dropped.has(fixKey(f))
      })
      const {chosen} = selectFixes(usable)
      const done = applyPass(chosen, {overlay, original, current, dropped, notes})
      if (done.length === 0) break
      passes = pass
      for (const f of done) applied.push({rule: f.rule, title: f.title, files: [...new Set(f.edits.map((e) => e.file))], pass})
      results = await lintAll()
    }
    const changed = new Map<string, FileChange>()
    for (const [file, after] of current) {
      const before = original.get(file)!
      if (Buffer.from(before).equals(Buffer.from(after))) continue
      const removed = after.length === 0 && utf8Text(before).trim() !== ''
      changed.set(file, removed ? {before, after, removed} : {before, after})
    }
    return {results, changed, applied, passes, notes: [...notes].sort()}
  } finally {
    await ctx.close()
  }
}

function fixKey(f: PlannedFix): string {
  return JSON.stringify([f.rule, f.title, f.edits.map((e) => [e.file, e.start, e.end, e.newText])])
}

interface PassState {
  readonly overlay: OverlaySource
  readonly original: Map<string, Uint8Array>
  readonly current: Map<string, Uint8Array>
  readonly dropped: Set<string>
  readonly notes: Set<string>
}

/** What applying one pass's fixes gives: the new contents, the fixes applied, those dropped and why. */
export interface PassResult {
  readonly files: ReadonlyMap<string, Uint8Array>
  readonly applied: readonly PlannedFix[]
  readonly dropped: readonly {readonly fix: PlannedFix; readonly why: string}[]
}

/**
 * Applies non-conflicting fixes file by file to what `read` gives (undefined: unreadable). A file that did
 * not parse before gets no fix; a fix that leaves a file unparsable is dropped with every other fix of that
 * file, and the rest applied again.
 */
export function applyParsable(chosen: readonly PlannedFix[], read: (file: string) => Uint8Array | undefined): PassResult {
  let live = [...chosen]
  const dropped: {fix: PlannedFix; why: string}[] = []
  for (;;) {
    const byFile = new Map<string, PlannedFix[]>()
    for (const f of live) for (const e of f.edits) byFile.set(e.file, [...new Set([...(byFile.get(e.file) ?? []), f])])
    const files = new Map<string, Uint8Array>()
    const bad = new Map<PlannedFix, string>()
    for (const [file, fixes] of byFile) {
      const before = read(file)
      const why = before === undefined ? 'the file cannot be read' : !parses(file, before) ? 'the file does not parse' : undefined
      const after =
        why === undefined
          ? applyEdits(
              before!,
              fixes.flatMap((f) => f.edits.filter((e) => e.file === file)),
            )
          : undefined
      if (after && parses(file, after)) files.set(file, after)
      else for (const f of fixes) bad.set(f, why ?? 'the result would not parse')
    }
    if (bad.size === 0) return {files, applied: live, dropped}
    for (const [fix, why] of bad) dropped.push({fix, why})
    live = live.filter((f) => !bad.has(f))
  }
}

/** One pass applied to the state: the overlay holds the new contents; dropped fixes are never proposed again. */
function applyPass(chosen: readonly PlannedFix[], st: PassState): PlannedFix[] {
  const read = (file: string): Uint8Array | undefined => {
    try {
      return st.current.get(file) ?? st.overlay.read(file)
    } catch {
      return undefined
    }
  }
  const r = applyParsable(chosen, read)
  for (const {fix, why} of r.dropped) {
    st.dropped.add(fixKey(fix))
    st.notes.add(`${fix.edits[0]?.file ?? '?'}: fix "${fix.title}" [${fix.rule}] not applied: ${why}`)
  }
  for (const [file, fixed] of r.files) {
    const before = read(file)!
    if (!st.original.has(file)) st.original.set(file, before)
    // a block the fixes emptied goes, and a terraform block that leaves empty, and a file left with nothing
    const husks = removeHusks(file, utf8Text(before), utf8Text(fixed))
    const after = husks.text === utf8Text(fixed) ? fixed : Buffer.from(husks.text, 'utf8')
    st.current.set(file, after)
    st.overlay.set(file, utf8Text(after))
  }
  return r.files.size > 0 ? [...r.applied] : []
}

/** What `writeFixes` did. */
export interface WriteOutcome {
  readonly written: readonly string[]
  /** One line per file not written, and why. */
  readonly skipped: readonly string[]
  /** Files not reached: the writing was stopped (an interrupt) before them. */
  readonly notReached: readonly string[]
}

/**
 * Writes the changed files, each atomically (a temporary file beside it, then a rename; its mode kept),
 * and only when the disk still holds what the fixes were made from.
 */
export function writeFixes(changed: FixRun['changed'], allowed: readonly string[]): WriteOutcome {
  const written: string[] = []
  const skipped: string[] = []
  for (const [file, c] of byName(changed)) {
    const why = writeFix(file, c, allowed)
    if (why === undefined) written.push(file)
    else skipped.push(why)
  }
  return {written, skipped, notReached: []}
}

/**
 * `writeFixes` that yields to the event loop between files, so that an interrupt (Ctrl-C) is seen between
 * two files, never within one: when `stopped(files written so far)` turns true the files left are not reached (not written).
 * Every file is whole either way — fixed completely or untouched.
 */
export async function writeFixesUntil(
  changed: FixRun['changed'],
  allowed: readonly string[],
  stopped: (written: number) => boolean,
): Promise<WriteOutcome> {
  const written: string[] = []
  const skipped: string[] = []
  const notReached: string[] = []
  for (const [file, c] of byName(changed)) {
    await new Promise<void>((resolve) => setImmediate(resolve))
    if (stopped(written.length)) {
      notReached.push(file)
      continue
    }
    const why = writeFix(file, c, allowed)
    if (why === undefined) written.push(file)
    else skipped.push(why)
  }
  return {written, skipped, notReached}
}

/** A file the fixes changed: its content before and after; `removed`: left with nothing, so deleted. */
export type FileChange = {readonly before: Uint8Array; readonly after: Uint8Array; readonly removed?: boolean}

function byName(changed: FixRun['changed']): [string, FileChange][] {
  return [...changed].sort((a, b) => (a[0] < b[0] ? -1 : 1))
}

/** Writes one fixed file; undefined when written, else the line saying why not. */
function writeFix(file: string, {before, after, removed}: FileChange, allowed: readonly string[]): string | undefined {
  let target = file
  let now: Buffer
  try {
    target = fs.realpathSync(file)
    if (!allowed.some((d) => inside(target, fs.realpathSync(d))))
      return `${file}: not written: it links to ${target}, outside the directories given`
    now = fs.readFileSync(target)
  } catch (e) {
    return `${file}: not written: ${e instanceof Error ? e.message : String(e)}`
  }
  if (!now.equals(Buffer.from(before))) return `${file}: not written: it changed on disk since tfgraph read it`
  try {
    if (removed) fs.rmSync(target)
    else writeAtomic(target, after)
    return undefined
  } catch (e) {
    return `${file}: not written: ${e instanceof Error ? e.message : String(e)}`
  }
}

/** Writes `data` to `file` through a temporary file in the same directory and a rename. */
export function writeAtomic(file: string, data: Uint8Array): void {
  const mode = fs.statSync(file).mode & 0o7777
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.tfgraph-${process.pid}-${randomBytes(4).toString('hex')}`)
  try {
    fs.writeFileSync(tmp, data, {mode, flag: 'wx'})
    fs.chmodSync(tmp, mode)
    fs.renameSync(tmp, file)
  } catch (e) {
    fs.rmSync(tmp, {force: true})
    throw e
  }
}
