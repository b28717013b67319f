// The block kinds that use a provider configuration as a resource does: one row each, read by every stage
// that lists them (the decoder, the module index, resolution, validation, requirements, stack slots, the
// provider references an editor renames, the lint fixes, hover and completion). A run carries its table
// (`RunContextOptions.blockKinds`, default `BLOCK_KINDS`) and each module it builds keeps it
// (`Module.blockKinds`), so a stage that has a module has the table it was built with.
//
// Where do I add a block kind: one row here, and, unless build-module.ts knows it already, its `decode`.
// The five kinds Terraform has (resource, data, ephemeral, action, list) are decoded by build-module.ts's
// appending and merging, which keep Terraform's own messages per kind; a row with `decode` is read from the
// primary files: its blocks, labelled type and name, the first of an address kept.
import type {EngineName} from '../addrs/engine-name.js'
import type {ResourceMode} from '../addrs/resource.js'
import type {Diagnostic} from '../diag/diagnostic.js'
import type {Block} from '../hcl/syntax.js'
import type {Resource} from './records.js'

/** What a row's decoder says of one block: its problems, and whether the block is kept. */
export interface KindDecode {
  readonly diagnostics: readonly Diagnostic[]
  readonly keep: boolean
}

export interface BlockKind {
  /** The top-level block type (`resource`, `data`, …): also its container in the module index and its key in `Module.resources`. */
  readonly keyword: string
  /** What messages call it: `resource`, `data source`, … (`provider = aws.east in action …`, `the list block type …`). */
  readonly noun: string
  /** Its address form: `managed` is written bare (`aws_instance.x`), any other mode before the type (`data.aws_ami.y`). */
  readonly mode: ResourceMode
  /**
   * How it names its provider: `argument or type` (its `provider` argument, else the local name its type
   * implies), or `argument` (it must name one: an editor neither counts it among a local name's implied uses
   * nor offers its type's default configuration).
   */
  readonly names: 'argument or type' | 'argument'
  /** Whether `terraform init` installs the provider it uses (Config.addProviderRequirements; query files are not read at init). */
  readonly required: boolean
  /** Whether it is a stack component's slot (Stacks read no query files). */
  readonly stackSlot: boolean
  /** Under which engines validation checks the local name its type implies (validateProviderConfigs' resources). */
  readonly impliedNameChecked: readonly EngineName[]
  /** Whether its expressions are evaluated with the provider-defined functions (the module index's validate walk). */
  readonly evaluated: boolean
  /** What a binding says declared it, when it is not a resource block (`DeclaredBy`). */
  readonly declaredBy?: 'action' | 'list'
  /** The engines whose primary files accept it (a row with `decode` only). */
  readonly engines?: readonly EngineName[]
  /** The decoder of a kind build-module.ts does not know: its block's problems, and whether it is kept. */
  readonly decode?: (b: Block) => KindDecode
}

/** A run's block kinds, in the order a module's records are read (resolution binds in this order). */
export interface BlockKinds {
  readonly rows: readonly BlockKind[]
  byKeyword(keyword: string): BlockKind | undefined
  byMode(mode: ResourceMode): BlockKind | undefined
}

const BOTH: readonly EngineName[] = ['terraform', 'opentofu']

/** The kinds Terraform and OpenTofu have. */
export const BUILTIN_KINDS: readonly BlockKind[] = Object.freeze([
  {
    keyword: 'resource',
    mode: 'managed',
    noun: 'resource',
    names: 'argument or type',
    required: true,
    stackSlot: true,
    impliedNameChecked: BOTH,
    evaluated: true,
  },
  {
    keyword: 'data',
    mode: 'data',
    noun: 'data source',
    names: 'argument or type',
    required: true,
    stackSlot: true,
    impliedNameChecked: BOTH,
    evaluated: true,
  },
  // Terraform's validateProviderConfigs does not read ephemeral resources; OpenTofu's does
  {
    keyword: 'ephemeral',
    mode: 'ephemeral',
    noun: 'ephemeral resource',
    names: 'argument or type',
    required: true,
    stackSlot: true,
    impliedNameChecked: ['opentofu'],
    evaluated: true,
  },
  {
    keyword: 'action',
    mode: 'action',
    noun: 'action',
    names: 'argument or type',
    required: true,
    stackSlot: true,
    impliedNameChecked: [],
    evaluated: false,
    declaredBy: 'action',
  },
  // a list block must name its provider; `terraform init` does not read query files
  {
    keyword: 'list',
    mode: 'list',
    noun: 'list block',
    names: 'argument',
    required: false,
    stackSlot: false,
    impliedNameChecked: [],
    evaluated: false,
    declaredBy: 'list',
  },
] satisfies BlockKind[])

/** A table of `rows` (a later row of a keyword already there replaces it). */
export function blockKinds(rows: readonly BlockKind[]): BlockKinds {
  const byKeyword = new Map<string, BlockKind>()
  for (const r of rows) byKeyword.set(r.keyword, r)
  const all = Object.freeze([...byKeyword.values()])
  const byMode = new Map(all.map((r) => [r.mode, r] as const))
  return Object.freeze({rows: all, byKeyword: (k: string) => byKeyword.get(k), byMode: (m: ResourceMode) => byMode.get(m)})
}

/** The default table: the built-in kinds. */
export const BLOCK_KINDS: BlockKinds = blockKinds(BUILTIN_KINDS)

/** What the readers below need of a module: its table and its records by keyword. */
export interface KindRecords {
  readonly blockKinds: BlockKinds
  readonly resources: ReadonlyMap<string, ReadonlyMap<string, Resource>>
}

/** Each kind of the module's table (those `pick` keeps) with its records keyed `type.name`, in the table's order. */
export function recordsByKind(m: KindRecords, pick?: (k: BlockKind) => boolean): [BlockKind, ReadonlyMap<string, Resource>][] {
  return m.blockKinds.rows.filter((k) => !pick || pick(k)).map((k) => [k, m.resources.get(k.keyword) ?? new Map<string, Resource>()])
}

/** The records of the module's block kinds (those `pick` keeps), in the table's order. */
export function resourceRecords(m: KindRecords, pick?: (k: BlockKind) => boolean): Resource[] {
  return recordsByKind(m, pick).flatMap(([, map]) => [...map.values()])
}

/** The row of a record's kind. */
export function kindOf(m: KindRecords, r: Resource): BlockKind | undefined {
  return m.blockKinds.byMode(r.mode)
}
