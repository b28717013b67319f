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
//
// Two more tables share the run's `BlockKinds`: the blocks that name a provider and are not kinds of their
// own (`NamingSite` below: import, removed, a check block's data), and the blocks of test files and stack
// files that declare or pass a provider configuration (`FileSite`, file-sites.ts: a test file's run,
// provider and mock_provider, a stack's component, provider and removed). Each is one row plus, unless its
// file's decoder knows it, its `decode`.
import type {EngineName} from '../addrs/engine-name.js'
import type {ResourceMode} from '../addrs/resource.js'
import type {Block} from '../hcl/syntax.js'
import {BUILTIN_FILE_SITES, type FileSite, type KindDecode} from './file-sites.js'
import type {Resource} from './records.js'

export type {KindDecode} from './file-sites.js'

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

/**
 * A block that names a provider configuration but is not a resource-like kind of its own: a row of the second
 * table (`BUILTIN_SITES`), read by the builder (which blocks a module or a check block accepts, and keeps), the
 * decoder (its `provider` argument becomes one of `Module.providerArguments`, which the provider references,
 * rename, stack slots and resolution read), the module index (its element and whether its `provider`
 * argument is a provider reference rather than references to values), hover (`targets.ts`) and completion
 * (`text-context.ts`).
 *
 * Where do I add such a block: one row here, and, unless build-module.ts knows it already, its `decode`.
 */
export interface NamingSite {
  /** The block type (`import`, `removed`, …). */
  readonly keyword: string
  /**
   * Where it stands: a module's top level (`module`), or nested in a module's check block (`check`: its blocks
   * are records of the block kind `keyword`, which build-module.ts's appendCheck joins to that kind's).
   */
  readonly within: 'module' | 'check'
  /** Its labels (HCL's label-count check), none for import and removed. */
  readonly labels: readonly string[]
  /** The argument that names its provider configuration (as `provider = aws.east`). */
  readonly argument: 'provider'
  /**
   * Its address form: the argument that names the object it targets (`to`, `from`: unused-required-provider
   * reads the local name a target's type implies from it when the block has no provider argument), or
   * `labels` (`data.TYPE.NAME`).
   */
  readonly target: string
  /**
   * Whether its `argument` is read as a reference to a configuration: the module index reads no references
   * to values in it, and the lint fixes count it as a use of the configuration (fix/providers.ts). A removed
   * block's is not (its argument is renamed and counted by unused-configuration-alias all the same).
   */
  readonly reference: boolean
  /**
   * Its editor pattern: whether completion offers the module's configurations after `provider =` in it, and
   * what a hover on its header or argument shows: `import target` (the resource an import generates or
   * imports into, as its binding says), `configuration` (the configuration its argument names), nothing.
   */
  readonly editor: {readonly complete: boolean; readonly hover?: 'import target' | 'configuration'}
  /** The engines whose modules accept it (a row with `decode` only). */
  readonly engines?: readonly EngineName[]
  /** The decoder of a block build-module.ts does not know: its problems, and whether it is kept. */
  readonly decode?: (b: Block) => KindDecode
}

/** The blocks that name a provider and are not resource-like kinds: import, removed, and a check block's data resource. */
export const BUILTIN_SITES: readonly NamingSite[] = Object.freeze([
  // the target decides: an import into a declared resource binds through that resource, one that generates
  // configuration binds the resource it will create (imports.ts, `ModuleIndex.generatingImports`)
  {
    keyword: 'import',
    within: 'module',
    labels: [],
    argument: 'provider',
    target: 'to',
    reference: true,
    editor: {complete: true, hover: 'import target'},
  },
  // its provider argument is read leniently and renamed with the configuration it names; no binding
  {
    keyword: 'removed',
    within: 'module',
    labels: [],
    argument: 'provider',
    target: 'from',
    reference: false,
    editor: {complete: false},
  },
  // a check block's one scoped data resource: a data record (bound, hovered and completed as the data kind)
  {
    keyword: 'data',
    within: 'check',
    labels: ['type', 'name'],
    argument: 'provider',
    target: 'labels',
    reference: true,
    editor: {complete: true},
  },
] satisfies NamingSite[])

/** A run's block kinds, in the order a module's records are read (resolution binds in this order). */
export interface BlockKinds {
  readonly rows: readonly BlockKind[]
  /** The blocks that name a provider and are not kinds of their own (the second table), in the order a module's are read. */
  readonly sites: readonly NamingSite[]
  /** The blocks of test files and stack files that declare or pass a provider configuration (the third table, file-sites.ts). */
  readonly files: readonly FileSite[]
  byKeyword(keyword: string): BlockKind | undefined
  byMode(mode: ResourceMode): BlockKind | undefined
  /** The row of a block standing `within` (a module's top level, a check block). */
  site(keyword: string, within: NamingSite['within']): NamingSite | undefined
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

/** A table of `rows`, `sites` and `files` (a later row of a keyword already there, in the same place, replaces it). */
export function blockKinds(
  rows: readonly BlockKind[],
  sites: readonly NamingSite[] = BUILTIN_SITES,
  files: readonly FileSite[] = BUILTIN_FILE_SITES,
): BlockKinds {
  const byKeyword = new Map<string, BlockKind>()
  for (const r of rows) byKeyword.set(r.keyword, r)
  const all = Object.freeze([...byKeyword.values()])
  const byMode = new Map(all.map((r) => [r.mode, r] as const))
  const bySite = new Map<string, NamingSite>()
  for (const s of sites) bySite.set(`${s.within} ${s.keyword}`, s)
  const byFile = new Map<string, FileSite>()
  for (const f of files) byFile.set(`${f.file} ${f.keyword}`, f)
  return Object.freeze({
    rows: all,
    sites: Object.freeze([...bySite.values()]),
    files: Object.freeze([...byFile.values()]),
    byKeyword: (k: string) => byKeyword.get(k),
    byMode: (m: ResourceMode) => byMode.get(m),
    site: (k: string, within: NamingSite['within']) => bySite.get(`${within} ${k}`),
  })
}

/** The blocks of each top-level site of a module (`NamingSite.within` = `module`), in the table's order. */
export function siteBlocks(m: {
  readonly blockKinds: BlockKinds
  readonly siteBlocks: ReadonlyMap<string, readonly Block[]>
}): [NamingSite, readonly Block[]][] {
  return m.blockKinds.sites.filter((s) => s.within === 'module').map((s) => [s, m.siteBlocks.get(s.keyword) ?? []])
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
