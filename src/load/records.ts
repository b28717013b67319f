// The typed records of a module, decoded once from its merged blocks (decode.ts), as Terraform's
// `internal/configs` decodes `Provider`, `Resource`, `ModuleCall` and `RequiredProvider`: the values every
// stage reads (resolution, validation, rules, the lock check, exports, the language server), each with the
// ranges Terraform reports and the block it came from, for the few readers that need the raw syntax.
//
// Where the engine rejects what is written (a quoted template in `provider`, OpenTofu's instance key under
// Terraform), a record keeps both readings: `decoded`, what the engine accepts (undefined when it reports an
// error, which is among the module's diagnostics), and the lenient value tfgraph's analysis goes on with, so
// that a configuration with errors is still analysed.
import type {LocalProviderConfig, Provider} from '../addrs/provider.js'
import type {ResourceMode} from '../addrs/resource.js'
import type {Diagnostic, SourceRange} from '../diag/diagnostic.js'
import type {Attribute, Block} from '../hcl/syntax.js'

/** A provider configuration reference as the engine decodes it (`decodeProviderConfigRef`), with its ranges. */
export interface ConfigRef {
  readonly name: string
  readonly nameRange: SourceRange
  readonly alias?: string
  /** OpenTofu instance key: the range Terraform reports for it. */
  readonly keyRange?: SourceRange
  readonly range: SourceRange
}

/** `name` or `name.alias`. */
export function refString(r: {readonly name: string; readonly alias?: string}): string {
  return r.alias ? `${r.name}.${r.alias}` : r.name
}

/** A `provider` argument (of a resource, data source, action, list or import block). */
export interface ProviderArgument {
  readonly attribute: Attribute
  /** What it names, read leniently (a quoted reference still names its configuration); undefined when it names none. */
  readonly value?: LocalProviderConfig
  /** As the engine decodes it; undefined when the engine reports an error. */
  readonly decoded?: ConfigRef
}

/** A `provider "NAME"` block. */
export interface ProviderConfig {
  readonly block: Block
  readonly localName: string
  readonly alias?: string
  /** The `alias` argument's expression. */
  readonly aliasRange?: SourceRange
  /** `name` or `name.alias`: the module's key for it. */
  readonly key: string
  /** Its local name is valid (else the engine reports it and validation leaves the block out). */
  readonly valid: boolean
  /**
   * Nothing in its body besides the meta-arguments (Terraform's `Content(&hcl.BodySchema{})` succeeds on the
   * rest): a "proxy" block that stands for a configuration passed in from the caller.
   */
  readonly empty: boolean
  /**
   * Empty only because an override file merged into it: Terraform reads a merged body as empty whatever it
   * sets (configs/module_merge_body.go), so the block is a proxy to Terraform.
   */
  readonly emptyByMerge?: true
  /** Terraform's configured provider block (provider_validation.go): not empty, or it sets a `version`. */
  readonly configured: boolean
  readonly forEach?: Attribute
  /** The block's DeclRange. */
  readonly declRange: SourceRange
}

/** A `configuration_aliases` entry of a required_providers entry: `aws.east`. */
export interface ConfigurationAlias {
  /** As written: `aws.east` (a reference, or the same quoted). */
  readonly text: string
  readonly value?: LocalProviderConfig
  /** The entry (a quoted one: its content). */
  readonly range: SourceRange
}

/** A `required_providers` entry (after override files replaced whole entries). */
export interface RequiredProvider {
  readonly localName: string
  readonly provider: Provider
  /** True when `source` was omitted (implied from the local name). */
  readonly implied: boolean
  /** Version constraint string as written, if any. */
  readonly version?: string
  /** The whole entry's expression (where Terraform reports a bad constraint). */
  readonly versionRange?: SourceRange
  /** The `version` value inside the entry (the whole expression for the legacy string form). */
  readonly versionValueRange: SourceRange
  readonly aliases: readonly ConfigurationAlias[]
  readonly attribute: Attribute
  /** As the engine decodes it for validation (undefined when it reports an error or the entry is not a static value). */
  readonly decoded?: {readonly provider: Provider; readonly aliases: readonly string[]}
}

/** A resource, data source, ephemeral resource, action or list block. */
export interface Resource {
  readonly mode: ResourceMode
  readonly type: string
  readonly name: string
  readonly block: Block
  readonly provider?: ProviderArgument
  readonly count?: Attribute
  readonly forEach?: Attribute
  /** The block's DeclRange. */
  readonly declRange: SourceRange
}

/** A `providers` map entry as the engine decodes it (Terraform's `PassedProviderConfig`). */
export interface PassedProvider {
  readonly inChild: ConfigRef
  readonly inParent: ConfigRef
}

/** A `providers` map entry as written, read leniently. */
export interface ProvidersMapEntry {
  /** The child's configuration, as written: `aws.src`. */
  readonly key: string
  readonly inChild: LocalProviderConfig | undefined
  /** The caller's configuration, as written: `aws.east`. */
  readonly value: string
  readonly inParent: LocalProviderConfig | undefined
  /** Where the value is written. */
  readonly valueRange: SourceRange
  /** The entry as written, its key through its value. */
  readonly range: SourceRange
}

export type MetaArgument = 'count' | 'for_each' | 'enabled' | 'depends_on'

/** A `module "NAME"` block. */
export interface ModuleCall {
  readonly name: string
  readonly block: Block
  readonly source?: Attribute
  readonly version?: Attribute
  readonly providersAttribute?: Attribute
  /** The `providers` map as the engine decodes it: entries without errors, a key passed twice only once. */
  readonly providers: readonly PassedProvider[]
  /** The `providers` map as written, in the order of its keys (a key written twice: the last). */
  readonly providerEntries: readonly ProvidersMapEntry[]
  readonly count?: Attribute
  readonly forEach?: Attribute
  readonly dependsOn?: Attribute
  /** OpenTofu's `lifecycle { enabled = … }`. */
  readonly enabled?: Attribute
  /** The meta-argument that forbids provider configurations below this call, and its subject. */
  readonly restriction?: {readonly meta: MetaArgument; readonly range: SourceRange}
  /** The block's DeclRange. */
  readonly declRange: SourceRange
}

/** The decode-time diagnostics of a module's records (in the order they were found). */
export interface DecodeResult {
  readonly diagnostics: readonly Diagnostic[]
}
