// Native-syntax files: tfgraph's own parser (src/hcl/native), or with `--parser hcl2json` the reference
// parser @cdktf/hcl2json (the only place that imports it) for the values, with structure and positions
// from our parser's tree, combined into the unified tree of syntax.ts.
import {setFlagsFromString} from 'node:v8'
import type {Diagnostic, SourceRange} from '../diag/diagnostic.js'
import {errorDiag} from '../diag/diagnostic.js'
import {parseHclNative} from './native/index.js'
export {parseFromRaw} from './native/index.js'
import type {ParserKind} from './parser-kind.js'
import type {Attribute, Block, Body, Value} from './syntax.js'
import {isRecord, toValue} from './value.js'
import {startHcl2json, type Hcl2JsonParse} from './hcl2json-start.js'
import type {NativeParse} from './parse-pool.js'

/** Where a thread keeps its started parser (see `getParser`). */
const PARSER_SLOT = Symbol.for('tfgraph.hcl2json')

/**
 * Loads @cdktf/hcl2json lazily: its WebAssembly start-up is only paid when a native file is parsed.
 * In the main thread V8 compiles its 6.5 MB module with the baseline compiler only (`--liftoff-only`):
 * the first parse is ready in ~0.2 s instead of ~0.45 s, which is what a small run needs; a large run
 * moves to worker threads that compile with the optimising tier (`optimising`, or TFGRAPH_WASM_TIERUP=1;
 * V8 flags are per process, so each sets the flag it needs just before its own compilation).
 *
 * The started parser is the one value tfgraph keeps per thread rather than per run: its Go runtime
 * registers itself on `globalThis`, so a thread can only ever hold one, and it holds no data of any
 * run (like a loaded module). It is kept on `globalThis` too, under a registered symbol.
 */
function getParser(cacheDir: string | undefined, optimising: boolean): Promise<Hcl2JsonParse> {
  const slot = globalThis as {[PARSER_SLOT]?: Promise<Hcl2JsonParse>}
  let parser = slot[PARSER_SLOT]
  if (!parser) {
    const tierUp = optimising || process.env['TFGRAPH_WASM_TIERUP'] === '1'
    // --liftoff-only also turns tier-up off (a V8 flag implication that --no-liftoff-only does not undo)
    if (tierUp) for (const f of ['--no-liftoff-only', '--wasm-tier-up', '--wasm-dynamic-tiering']) setFlagsFromString(f)
    else setFlagsFromString('--liftoff-only')
    parser = startHcl2json(cacheDir, !tierUp).catch(() => import('@cdktf/hcl2json').then((m) => m.parse as Hcl2JsonParse))
    slot[PARSER_SLOT] = parser
  }
  return parser
}

/** Parses an hcl2json error message `…[file:L,C-EC: Summary; Detail]` into a diagnostic. */
export function diagnosticFromParserError(message: string, filename: string, text: string): Diagnostic {
  const m = /:(\d+),(\d+)-(?:(\d+),)?(\d+): ([^;\]]+)(?:; ([\s\S]*?))?\]?\s*$/.exec(message)
  if (!m) return errorDiag('hcl.syntax', 'Invalid HCL syntax', message.replace(/^Error: /, ''), wholeFileStart(filename))
  const startLine = Number(m[1])
  const startCol = Number(m[2])
  const endLine = m[3] ? Number(m[3]) : startLine
  const endCol = Number(m[4])
  const range: SourceRange = {
    filename,
    start: {line: startLine, column: startCol, byte: byteOffsetOf(text, startLine, startCol)},
    end: {line: endLine, column: endCol, byte: byteOffsetOf(text, endLine, endCol)},
  }
  return errorDiag('hcl.syntax', m[5]!.trim(), (m[6] ?? '').trim(), range)
}

function wholeFileStart(filename: string): SourceRange {
  return {filename, start: {line: 1, column: 1, byte: 0}, end: {line: 1, column: 1, byte: 0}}
}

/** Byte offset of a 1-based line/column (column in code points). */
export function byteOffsetOf(text: string, line: number, column: number): number {
  let i = 0
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', i)
    if (nl < 0) return Buffer.byteLength(text)
    i = nl + 1
  }
  let byte = Buffer.byteLength(text.slice(0, i))
  let col = 1
  while (col < column && i < text.length) {
    const cp = text.codePointAt(i)!
    if (cp === 10) break
    byte += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4
    i += cp > 0xffff ? 2 : 1
    col++
  }
  return byte
}

/**
 * Parses without the cache or the pool (also what a pool worker runs). Text nested deeper than the
 * parser's stack allows is never handed to it (nesting-limit.ts): an empty body and the diagnostic,
 * as for a syntax error.
 */
export async function parseNativeUncached(
  text: string,
  filename: string,
  opts: {readonly cacheDir?: string | undefined; readonly optimising?: boolean; readonly parser?: ParserKind} = {},
): Promise<NativeParse> {
  // refused as too deeply nested by ours: never handed to the reference either (its stack is smaller)
  const own = parseHclNative(text, filename)
  if (opts.parser !== 'hcl2json' || own.diagnostics.some((d) => d.code === 'hcl.too-deeply-nested')) return own
  let raw: unknown
  try {
    const parse = await getParser(opts.cacheDir, opts.optimising === true)
    raw = await parse(filename, text)
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    const emptyBody: Body = {attributes: [], blocks: [], range: own.file.body.range}
    return {file: {filename, syntax: 'native', body: emptyBody}, diagnostics: [diagnosticFromParserError(message, filename, text)]}
  }
  // the reference accepts what ours rejects: never seen on the corpus (the differential test); ours speaks
  if (own.diagnostics.length > 0) return own
  const body = combineBody(own.file.body, isRecord(raw) ? raw : {})
  return {file: {filename, syntax: 'native', body}, diagnostics: []}
}

/** Pairs our tree's structure with hcl2json values: attributes by name, blocks by type/labels/occurrence. */
export function combineBody(scan: Body, raw: Readonly<Record<string, unknown>>): Body {
  const attributes: Attribute[] = scan.attributes.map((a) => ({
    kind: 'attribute',
    name: a.name,
    nameRange: a.nameRange,
    exprRange: a.exprRange,
    expr: a.expr,
    node: a.node,
    value: toValue(raw[a.name]),
  }))
  const seen = new Map<string, number>()
  const blocks: Block[] = scan.blocks.map((b) => {
    const key = [b.type, ...b.labels.map((l) => l.value)].join('\u0000')
    const index = seen.get(key) ?? 0
    seen.set(key, index + 1)
    return combineBlock(b, blockRaw(raw, b, index))
  })
  return {attributes, blocks, range: scan.range}
}

function blockRaw(raw: Readonly<Record<string, unknown>>, b: Block, index: number): Readonly<Record<string, unknown>> {
  let node: unknown = raw[b.type]
  for (const label of b.labels) node = isRecord(node) ? node[label.value] : undefined
  if (Array.isArray(node)) {
    const el: unknown = node[index]
    if (isRecord(el)) return el
  }
  return {}
}

function combineBlock(b: Block, raw: Readonly<Record<string, unknown>>): Block {
  return {
    kind: 'block',
    type: b.type,
    typeRange: b.typeRange,
    labels: b.labels,
    declRange: b.declRange,
    range: b.range,
    body: combineBody(b.body, raw),
  }
}

export type {Value}
