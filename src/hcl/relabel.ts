// A parse result is the same for the same bytes whatever the file is called, except for the file name
// its ranges carry (a path relative to the analysed root). Relabelling lets the in-process memo and the
// parse cache serve a file reached under another name (a shared module seen from several roots).
import type {Diagnostic, SourceRange} from '../diag/diagnostic.js'
import type {Attribute, Block, Body, ConfigFile} from './syntax.js'
import {NativeAttribute} from './native/attribute.js'

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
  return {...r, file: relabel(r.file, filename), diagnostics: []}
}

// A structural copy (not a generic walk): positions are immutable and shared, attribute values hold no
// ranges and are shared; only the objects that carry a file name are new.
function range(r: SourceRange, filename: string): SourceRange {
  return {filename, start: r.start, end: r.end}
}

function attribute(a: Attribute, filename: string): Attribute {
  if (a instanceof NativeAttribute) return a.withFilename(filename)
  return {...a, nameRange: range(a.nameRange, filename), exprRange: range(a.exprRange, filename)}
}

function block(b: Block, filename: string): Block {
  return {
    ...b,
    typeRange: range(b.typeRange, filename),
    labels: b.labels.map((l) => ({...l, range: range(l.range, filename)})),
    declRange: range(b.declRange, filename),
    range: range(b.range, filename),
    body: body(b.body, filename),
  }
}

function body(b: Body, filename: string): Body {
  return {
    attributes: b.attributes.map((a) => attribute(a, filename)),
    blocks: b.blocks.map((x) => block(x, filename)),
    range: range(b.range, filename),
  }
}

function relabel(file: ConfigFile, filename: string): ConfigFile {
  return {...file, filename, body: body(file.body, filename)}
}
