// What the fix tests share: the fix engine over in-memory files (nothing read from or written to the disk),
// and the property every fix keeps — each original line that no edit touches is in the result, byte for
// byte, in the same order.
import * as path from 'node:path'
import * as assert from 'uvu/assert'
import {lint} from '../../../src/api.js'
import {MEMORY_ROOT, MemorySource} from '../../../src/io/memory-source.js'
import {runFixes, type FixRun} from '../../../src/lint/fix.js'
import type {LintOptions} from '../../../src/lint/lint.js'
import {applyEdits, planFix, type FileEdit} from '../../../src/rules/fix/apply.js'
import type {LintDiagnostic} from '../../../src/rules/rule.js'

export type Files = Readonly<Record<string, string>>

/** `lint --fix` over in-memory files: the files after (all of them) and the run. */
export async function fixMemory(files: Files, options: LintOptions = {}): Promise<{after: Record<string, string>; run: FixRun}> {
  const run = await runFixes({
    roots: [{dir: MEMORY_ROOT, options: {env: {}, ...options}}],
    files: new MemorySource(MEMORY_ROOT, files),
    env: {},
  })
  const after: Record<string, string> = {...files}
  for (const [file, c] of run.changed)
    after[path.relative(MEMORY_ROOT, file).split(path.sep).join('/')] = Buffer.from(c.after).toString('utf8')
  return {after, run}
}

/** The findings of in-memory files, with their fixes. */
export async function findingsWithFixes(files: Files, options: LintOptions = {}): Promise<LintDiagnostic[]> {
  return [...(await lint({files}, {env: {}, ...options, fixes: true})).diagnostics]
}

/** The lines of `text` (each with its line break), with the byte range of each. */
function lines(bytes: Uint8Array): {text: string; start: number; end: number}[] {
  const out: {text: string; start: number; end: number}[] = []
  let s = 0
  for (let i = 0; i < bytes.length; i++)
    if (bytes[i] === 10) {
      out.push({text: Buffer.from(bytes.subarray(s, i + 1)).toString('utf8'), start: s, end: i + 1})
      s = i + 1
    }
  if (s < bytes.length) out.push({text: Buffer.from(bytes.subarray(s)).toString('utf8'), start: s, end: bytes.length})
  return out
}

/**
 * Asserts the property of one fix's edits on one file: the original lines that no edit touches (an edit
 * touches a line when it replaces bytes of it, or inserts inside it) appear in the result in order.
 */
export function assertLinesSurvive(before: Uint8Array, edits: readonly FileEdit[], label: string): void {
  const after = applyEdits(before, edits)
  const touched = (l: {start: number; end: number}): boolean =>
    edits.some((e) => (e.start < l.end && e.end > l.start) || (e.start === e.end && e.start > l.start && e.start < l.end))
  const kept = lines(before).filter((l) => !touched(l))
  const result = lines(after).map((l) => l.text)
  let at = 0
  for (const l of kept) {
    while (at < result.length && result[at] !== l.text) at++
    assert.ok(
      at < result.length,
      `${label}: the untouched line ${JSON.stringify(l.text)} is not in the result, in order:\n${Buffer.from(after).toString()}`,
    )
    at++
  }
}

/** Checks the property for every fix of every finding, each applied alone to the files as given. */
export async function assertEveryFixKeepsLines(files: Files, options: LintOptions = {}): Promise<number> {
  let n = 0
  for (const d of await findingsWithFixes(files, options))
    for (const fix of d.fixes ?? []) {
      const planned = planFix(MEMORY_ROOT, d.rule, fix)
      for (const file of new Set(planned.edits.map((e) => e.file))) {
        const rel = path.relative(MEMORY_ROOT, file).split(path.sep).join('/')
        const original = files[rel]
        if (original === undefined) continue
        assertLinesSurvive(
          Buffer.from(original, 'utf8'),
          planned.edits.filter((e) => e.file === file),
          `${d.rule}: ${fix.title} (${rel})`,
        )
        n++
      }
    }
  return n
}
