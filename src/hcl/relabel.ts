// A parse result is the same for the same bytes whatever the file is called, except for the file name
// its ranges carry (a path relative to the analysed root). Relabelling lets the in-process memo and the
// parse cache serve a file reached under another name (a shared module seen from several roots).
import type {Diagnostic} from '../diag/diagnostic.js'
import type {ConfigFile} from './syntax.js'

export interface ParseResult {
  readonly file: ConfigFile
  readonly diagnostics: Diagnostic[]
}

/**
 * The result under another file name, or undefined when it cannot be relabelled safely: diagnostics'
 * detail texts may name the file, so a result with diagnostics is parsed again instead.
 */
export function relabelParse<T extends ParseResult>(r: T, filename: string): T | undefined {
  if (r.file.filename === filename) return r
  if (r.diagnostics.length > 0) return undefined
  return {...r, file: relabel(r.file, filename) as ConfigFile, diagnostics: []}
}

/** Copies a syntax tree with every `filename` replaced; attribute values (`value`) hold no ranges and are shared. */
function relabel(node: unknown, filename: string): unknown {
  if (Array.isArray(node)) return node.map((n) => relabel(n, filename))
  if (typeof node !== 'object' || node === null) return node
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(node)) out[k] = k === 'filename' ? filename : k === 'value' ? v : relabel(v, filename)
  return out
}
