// Where a cursor stands in the text of a native-syntax file, for completion: read from the buffer as
// it is being typed (an unfinished `provider = aws.` does not parse, so the module model cannot say),
// by a small scanner that knows strings, interpolations, comments and heredocs and keeps the stack of
// open braces and brackets with the words before each (`module "vpc"`, `providers =`).

/** An open `{`, `[` or `(`, with what was written before it on its statement (`module "x"`, `providers =`). */
interface Frame {
  readonly open: '{' | '[' | '('
  readonly head: string
  /** Offset just after the opening character. */
  readonly start: number
}

export type CompletionSpot =
  /** After `provider =` in a resource, data, ephemeral, action, list or import block (`type`: its first label). */
  | {readonly kind: 'provider'; readonly block: string; readonly type: string | undefined; readonly prefix: string; readonly from: number}
  /** A key of the `providers` map of `module "call"`; `present`: the keys already written. */
  | {
      readonly kind: 'providers-key'
      readonly call: string
      readonly prefix: string
      readonly from: number
      readonly present: readonly string[]
    }
  /** A value of the `providers` map of `module "call"` (`key`: the key before it). */
  | {readonly kind: 'providers-value'; readonly call: string; readonly key: string; readonly prefix: string; readonly from: number}
  /** An entry of `configuration_aliases` of the required_providers entry `localName`. */
  | {
      readonly kind: 'alias-entry'
      readonly localName: string
      readonly prefix: string
      readonly from: number
      readonly present: readonly string[]
    }

/** The head of a block with `labels` labels (`import`, `removed`, …): its type. */
function siteHead(labels: number): RegExp {
  return new RegExp(`^([\\w-]+)${'\\s+"[^"]*"'.repeat(labels)}$`)
}
/** The header of a block of one of `keywords` (a module's block kinds): `resource "aws_instance" "x"`. */
function boundBlock(head: string, keywords: readonly string[]): RegExpExecArray | null {
  const m = /^([\w-]+)\s+"([^"]*)"\s+"[^"]*"$/.exec(head)
  return m && keywords.includes(m[1]!) ? m : null
}
const NAME_PREFIX = /^[\p{L}\p{N}_-]*(?:\.[\p{L}\p{N}_-]*)?$/u

/** What the scanner knows at the cursor: the open frames, the statement so far, and whether it is inside a string or comment. */
interface Scan {
  readonly frames: readonly Frame[]
  /** Offset where the current statement (or list item) starts. */
  readonly segment: number
  readonly inCode: boolean
}

/** Changes the depth of interpolation of the innermost string. */
function bump(strings: number[], by: number): void {
  strings[strings.length - 1] = (strings[strings.length - 1] ?? 0) + by
}

/** Scans `text` up to `end`. */
function scan(text: string, end: number): Scan {
  const frames: Frame[] = []
  // inside a string: the depth of `${` interpolations opened in it is kept on `strings`
  const strings: number[] = []
  let segment = 0
  let i = 0
  const startSegment = (at: number): void => void (segment = at)
  while (i < end) {
    const ch = text[i]!
    const next = text[i + 1]
    if (strings.length > 0 && strings[strings.length - 1] === 0) {
      // in the literal part of a string
      if (ch === '\\') i += 2
      else if ((ch === '$' || ch === '%') && next === ch && text[i + 2] === '{')
        i += 3 // `$${`: a literal `${`
      else if ((ch === '$' || ch === '%') && next === '{') {
        bump(strings, 1)
        i += 2
      } else {
        // a quote ends the string; so does a line end (a string never spans lines)
        if (ch === '"' || ch === '\n') strings.pop()
        i++
      }
      continue
    }
    if (ch === '#' || (ch === '/' && next === '/')) {
      const nl = text.indexOf('\n', i)
      if (nl < 0 || nl >= end) return {frames, segment, inCode: false}
      i = nl
      continue
    }
    if (ch === '/' && next === '*') {
      const close = text.indexOf('*/', i + 2)
      if (close < 0 || close + 2 > end) return {frames, segment, inCode: false}
      i = close + 2
      continue
    }
    if (ch === '<' && next === '<') {
      const m = /^<<-?([A-Za-z_][\w-]*)\r?\n/.exec(text.slice(i, i + 80))
      if (m) {
        const close = new RegExp(`^[ \\t]*${m[1]}[ \\t]*\\r?$`, 'm')
        const body = i + m[0].length
        const found = close.exec(text.slice(body))
        if (!found || body + found.index + found[0].length > end) return {frames, segment, inCode: false}
        i = body + found.index + found[0].length
        continue
      }
    }
    if (ch === '"') {
      strings.push(0)
      i++
      continue
    }
    if (ch === '}' && strings.length > 0) {
      // the end of an interpolation: back to the string's literal part
      bump(strings, -1)
      i++
      continue
    }
    if (strings.length > 0 && ch === '{') bump(strings, 1)
    if (ch === '{' || ch === '[' || ch === '(') {
      if (strings.length === 0) frames.push({open: ch, head: text.slice(segment, i).trim(), start: i + 1})
      startSegment(i + 1)
    } else if (ch === '}' || ch === ']' || ch === ')') {
      if (strings.length === 0) frames.pop()
      startSegment(i + 1)
    } else if (ch === '\n' || ch === ',') startSegment(i + 1)
    i++
  }
  return {frames, segment, inCode: strings.length === 0}
}

/** The keys written in a `providers` map, or the entries of a list, from its opening to its close (or the end of the text). */
function itemsIn(text: string, start: number, kind: 'keys' | 'entries', skip: number): string[] {
  const out: string[] = []
  let depth = 0
  let end = text.length
  for (let i = start; i < text.length; i++) {
    const ch = text[i]
    if (ch === '{' || ch === '[' || ch === '(') depth++
    else if (ch === '}' || ch === ']' || ch === ')') {
      if (depth === 0) {
        end = i
        break
      }
      depth--
    }
  }
  const body = text.slice(start, end)
  const re = kind === 'keys' ? /(?:^|[\s{,])([\w-]+(?:\.[\w-]+)?)\s*[=:]/dg : /(?:^|[\s[,])"?([\w-]+\.[\w-]+)"?(?=\s*(?:,|$))/dg
  for (let m = re.exec(body); m; m = re.exec(body)) if (start + (m.indices?.[1]?.[0] ?? -1) !== skip) out.push(m[1]!)
  return out
}

/**
 * What a completion at `offset` (UTF-16 index into `text`) would complete, if tfgraph has something to offer
 * there; `keywords`: the blocks that name a provider as resources do (the module's block kinds); `sites`:
 * the other top-level blocks whose `provider` argument is completed (the table's sites, `editor.complete`).
 */
export function completionSpot(
  text: string,
  offset: number,
  keywords: readonly string[],
  sites: readonly {readonly keyword: string; readonly labels: readonly string[]}[] = [],
): CompletionSpot | undefined {
  const s = scan(text, offset)
  if (!s.inCode) return undefined
  const segment = text.slice(s.segment, offset)
  const top = s.frames[s.frames.length - 1]
  const parent = s.frames[s.frames.length - 2]
  if (!top) return undefined
  // provider = aws.east in a block that binds a configuration
  const arg = /^\s*provider\s*=\s*(\S*)$/.exec(segment)
  if (arg && top.open === '{') {
    const prefix = arg[1]!
    if (!NAME_PREFIX.test(prefix)) return undefined
    const bound = boundBlock(top.head, keywords)
    if (bound) return {kind: 'provider', block: bound[1]!, type: bound[2], prefix, from: offset - prefix.length}
    const site = sites.find((x) => siteHead(x.labels.length).exec(top.head)?.[1] === x.keyword)
    if (site) return {kind: 'provider', block: site.keyword, type: undefined, prefix, from: offset - prefix.length}
    return undefined
  }
  // providers = { aws.src = aws.east }
  const call = parent && parent.open === '{' ? /^module\s+"([^"]+)"$/.exec(parent.head) : null
  if (call && top.open === '{' && /^providers\s*=$/.test(top.head)) {
    const entry = /^\s*(?:([\p{L}\p{N}_.-]+)\s*[=:]\s*)?(\S*)$/u.exec(segment)
    if (!entry || !NAME_PREFIX.test(entry[2]!)) return undefined
    const prefix = entry[2]!
    const from = offset - prefix.length
    if (entry[1] !== undefined) return {kind: 'providers-value', call: call[1]!, key: entry[1], prefix, from}
    return {kind: 'providers-key', call: call[1]!, prefix, from, present: itemsIn(text, top.start, 'keys', from)}
  }
  // configuration_aliases = [aws.east]
  const entry = parent && parent.open === '{' ? /^"?([\w-]+)"?\s*[=:]$/.exec(parent.head) : null
  if (entry && top.open === '[' && /^"?configuration_aliases"?\s*[=:]$/.test(top.head)) {
    const prefix = /^\s*"?([\p{L}\p{N}_.-]*)$/u.exec(segment)?.[1]
    if (prefix === undefined || !NAME_PREFIX.test(prefix)) return undefined
    const from = offset - prefix.length
    return {kind: 'alias-entry', localName: entry[1]!, prefix, from, present: itemsIn(text, top.start, 'entries', from)}
  }
  return undefined
}
