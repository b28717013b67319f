// The arguments that say how many instances a resource block has — `count`, `for_each` and (OpenTofu)
// `lifecycle { enabled = … }` — are mutually exclusive. Checked per block as it is decoded, before the
// override files are merged, as Terraform's and OpenTofu's decoders of resource, data, ephemeral and action blocks
// do (module calls are checked with the other module-call arguments, load/decode.ts).
import type {Diagnostic, SourceRange} from '../diag/diagnostic.js'
import {errorDiag} from '../diag/diagnostic.js'
import type {Attribute, Block} from '../hcl/syntax.js'
import type {Engine} from './engine.js'

/** What Terraform's detail says is being counted, per block type. */
const TERRAFORM_DETAIL: Record<string, string> = {
  resource: ' to be explicit about the number of resources to be created',
  data: ' to be explicit about the number of resources to be created',
  ephemeral: ' to be explicit about the number of resources to be created',
  action: '',
}

/** OpenTofu's wording of the same, per block type. */
const OPENTOFU_NOUN: Record<string, string> = {
  resource: 'resources',
  data: 'data sources',
  ephemeral: 'ephemeral resources',
}

function own(b: Block, name: string): Attribute | undefined {
  return b.body.attributes.find((a) => a.name === name)
}

export function repetitionDiagnostics(b: Block, engine: Engine): Diagnostic[] {
  return engine.name === 'opentofu' ? opentofuCombination(b) : terraformCombination(b)
}

/** Terraform: `count` and `for_each` together, reported on `for_each`. */
function terraformCombination(b: Block): Diagnostic[] {
  const tail = TERRAFORM_DETAIL[b.type]
  if (tail === undefined) return []
  const count = own(b, 'count')
  const forEach = own(b, 'for_each')
  if (!count || !forEach) return []
  return [
    errorDiag(
      'config.conflicting-meta-arguments',
      'Invalid combination of "count" and "for_each"',
      `The "count" and "for_each" meta-arguments are mutually-exclusive, only one should be used${tail}.`,
      forEach.nameRange,
    ),
  ]
}

/**
 * OpenTofu: two or more of `count`, `enabled` (in the block's first `lifecycle` block) and `for_each`,
 * named in that order, reported from the first of them to the last in the source.
 */
function opentofuCombination(b: Block): Diagnostic[] {
  const noun = OPENTOFU_NOUN[b.type]
  if (noun === undefined) return []
  const lifecycle = b.body.blocks.find((x) => x.type === 'lifecycle')
  const present: {label: string; range: SourceRange}[] = []
  for (const [label, a] of [
    ['"count"', own(b, 'count')],
    ['"enabled"', lifecycle?.body.attributes.find((x) => x.name === 'enabled')],
    ['"for_each"', own(b, 'for_each')],
  ] as const) {
    if (a) present.push({label, range: a.nameRange})
  }
  if (present.length < 2) return []
  const labels = present.map((p) => p.label)
  const last = labels.length - 1
  const msg = labels.length >= 3 ? [...labels.slice(0, last), `and ${labels[last]}`].join(', ') : labels.join(' and ')
  const byStart = [...present].sort((x, y) => x.range.start.byte - y.range.start.byte)
  const first = byStart[0]!.range
  const end = byStart[byStart.length - 1]!.range
  return [
    errorDiag(
      'config.conflicting-meta-arguments',
      `Invalid combination of ${msg}`,
      `The ${msg} meta-arguments are mutually-exclusive. Only one may be used to be explicit about the number of ${noun} to be created.`,
      {filename: first.filename, start: first.start, end: end.end},
    ),
  ]
}
