// HCL's `Body.Content(schema)` checks, for the blocks whose schema Terraform states in full (action, list,
// test files): an argument or a nested block the schema does not have, and a required argument that is
// missing, with HCL's texts ("Did you mean …?" included). JSON syntax has its own wording for the first.
import type {Diagnostic, SourceRange} from '../diag/diagnostic.js'
import {errorDiag} from '../diag/diagnostic.js'
import {goQuote} from '../diag/go-quote.js'
import {nameSuggestion} from '../diag/name-suggestion.js'
import type {Block, Body} from '../hcl/syntax.js'

export interface BodySchema {
  readonly attributes: readonly string[]
  readonly blocks: readonly string[]
  /** Arguments HCL reports as missing when absent. */
  readonly required?: readonly string[]
}

function isJson(r: SourceRange): boolean {
  return r.filename.endsWith('.json')
}

/**
 * HCL's "missing item" position of a block body: in native syntax the opening brace (an empty range),
 * in JSON the closing brace of the object.
 */
export function missingItemRange(b: Block): SourceRange {
  const r = b.body.range
  if (isJson(r)) {
    const end = r.end
    return {filename: r.filename, start: {line: end.line, column: end.column - 1, byte: end.byte - 1}, end}
  }
  const brace = {line: r.start.line, column: r.start.column - 1, byte: r.start.byte - 1}
  return {filename: r.filename, start: brace, end: brace}
}

/** What `Body.Content(schema)` reports about `body` (the block `owner`, for a missing argument's position). */
export function bodySchemaProblems(body: Body, schema: BodySchema, owner?: Block): Diagnostic[] {
  const out: Diagnostic[] = []
  const names = [...schema.attributes, ...schema.blocks]
  for (const a of body.attributes) {
    if (schema.attributes.includes(a.name)) continue
    if (isJson(a.nameRange)) {
      const s = nameSuggestion(a.name, names)
      out.push(
        errorDiag(
          'hcl.json-unknown-property',
          'Extraneous JSON object property',
          `No argument or block type is named ${goQuote(a.name)}.${s ? ` Did you mean ${goQuote(s)}?` : ''}`,
          a.nameRange,
        ),
      )
      continue
    }
    // hclsyntax's Body.Content: no point suggesting an argument the body already sets
    let detail = `An argument named ${goQuote(a.name)} is not expected here.`
    const s = nameSuggestion(
      a.name,
      schema.attributes.filter((n) => !body.attributes.some((x) => x.name === n)),
    )
    if (s) detail += ` Did you mean ${goQuote(s)}?`
    else if (schema.blocks.includes(a.name)) detail += ` Did you mean to define a block of type ${goQuote(a.name)}?`
    out.push(errorDiag('config.unsupported-argument', 'Unsupported argument', detail, a.nameRange))
  }
  for (const b of body.blocks) {
    if (schema.blocks.includes(b.type)) continue
    let detail = `Blocks of type ${goQuote(b.type)} are not expected here.`
    const s = nameSuggestion(b.type, schema.blocks)
    if (s) detail += ` Did you mean ${goQuote(s)}?`
    else if (schema.attributes.includes(b.type))
      detail += ` Did you mean to define argument ${goQuote(b.type)}? If so, use the equals sign to assign it a value.`
    out.push(errorDiag('config.unsupported-block', 'Unsupported block type', detail, b.typeRange))
  }
  if (owner) {
    for (const name of schema.required ?? []) {
      if (body.attributes.some((a) => a.name === name)) continue
      out.push(
        errorDiag(
          'config.missing-argument',
          'Missing required argument',
          `The argument ${goQuote(name)} is required, but no definition was found.`,
          missingItemRange(owner),
        ),
      )
    }
  }
  return out
}

/** HCL's label checks of a block whose schema names `names` (its messages); empty when the labels fit. */
export function labelProblems(b: Block, names: readonly string[]): Diagnostic[] {
  if (b.labels.length < names.length) {
    const missing = names[b.labels.length]!
    return [
      errorDiag(
        'config.missing-label',
        `Missing ${missing} for ${b.type}`,
        `All ${b.type} blocks must have ${names.length} labels (${names.join(', ')}).`,
        b.declRange,
      ),
    ]
  }
  if (b.labels.length > names.length) {
    const extra = b.labels[names.length]!
    return [
      errorDiag(
        'config.extraneous-label',
        `Extraneous label for ${b.type}`,
        names.length === 0
          ? `No labels are expected for ${b.type} blocks.`
          : `Only ${names.length} labels (${names.join(', ')}) are expected for ${b.type} blocks.`,
        extra.range,
      ),
    ]
  }
  return []
}
