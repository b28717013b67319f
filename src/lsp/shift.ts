// Answers from a file's last good parse while its buffer does not parse (or while the analysis of its
// newest text runs): the lines the two texts share at their start and at their end are the blocks that
// did not change. A position on one of them is taken to the old text, and a range of the old text back to
// the buffer's; a position or range in the lines between (the change) has no answer.
import type {CodeLens, Location, Position, Range} from 'vscode-languageserver'

export interface LineShift {
  /** The old text's position of a buffer position (undefined: in the changed lines). */
  toOld(p: Position): Position | undefined
  /** The buffer's range of an old text's range (undefined: it touches the changed lines). */
  toNew(r: Range): Range | undefined
}

/** How the buffer's lines `now` relate to the parsed text's `then` (undefined when they are the same). */
export function lineShift(then: string, now: string): LineShift | undefined {
  if (then === now) return undefined
  const a = then.split(/\r?\n/)
  const b = now.split(/\r?\n/)
  let head = 0
  while (head < a.length && head < b.length && a[head] === b[head]) head++
  let tail = 0
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++
  const delta = b.length - a.length
  // the shared lines a line of `from` is on: 'head' (same number), 'tail' (moved by `by`), none (changed)
  const region = (l: number, from: readonly string[]): 'head' | 'tail' | undefined =>
    l < head ? 'head' : l >= from.length - tail && l < from.length ? 'tail' : undefined
  const pos = (p: Position, from: readonly string[], by: number): Position | undefined => {
    const r = region(p.line, from)
    return r === undefined ? undefined : {line: r === 'head' ? p.line : p.line + by, character: p.character}
  }
  return {
    toOld: (p) => pos(p, b, -delta),
    toNew: (r) => {
      // a range across the change is a block that changed
      if (region(r.start.line, a) !== region(r.end.line, a)) return undefined
      const start = pos(r.start, a, delta)
      const end = pos(r.end, a, delta)
      return start && end ? {start, end} : undefined
    },
  }
}

/** Locations with those in `uri` taken to the buffer's lines (those in the changed lines left out). */
export function shiftLocations(shift: LineShift | undefined, uri: string, locations: Location[]): Location[] {
  if (!shift) return locations
  return locations.flatMap((l) => {
    if (l.uri !== uri) return [l]
    const range = shift.toNew(l.range)
    return range ? [{...l, range}] : []
  })
}

/** Code lenses (over `uri`'s provider blocks) taken to the buffer's lines; a lens on a changed block is left out. */
export function shiftLenses(shift: LineShift | undefined, uri: string, lenses: CodeLens[]): CodeLens[] {
  if (!shift) return lenses
  return lenses.flatMap((l) => {
    const range = shift.toNew(l.range)
    if (!range) return []
    const args = l.command?.arguments
    const command =
      l.command && args ? {...l.command, arguments: [args[0], range.start, shiftLocations(shift, uri, args[2] as Location[])]} : l.command
    return [{...l, range, ...(command ? {command} : {})}]
  })
}
