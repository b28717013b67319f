// The merged elements of one module directory (model.ts's `Module` without its index): what the module
// index (module-index.ts) is built from, declared once for both.
import type {Attribute, Block} from '../hcl/syntax.js'
import type {Diagnostic} from '../diag/diagnostic.js'
import type {BlockKinds} from './block-kinds.js'
import type {EngineName} from './engine.js'
import type {ConfigFileEntry} from './file-set.js'
import type {LocalNames} from './local-names.js'
import type {ModuleCall, ProviderArgument, ProviderConfig, RequiredProvider, Resource} from './records.js'

export interface ModuleElements {
  /** Absolute directory path. */
  readonly dir: string
  readonly engine: EngineName
  /** Every configuration file considered, in load order (primary files, then override files). */
  readonly files: readonly ConfigFileEntry[]
  readonly variables: ReadonlyMap<string, Block>
  /** Local values by name: each is the attribute that finally defines it. */
  readonly locals: ReadonlyMap<string, Attribute>
  readonly outputs: ReadonlyMap<string, Block>
  readonly moduleCalls: ReadonlyMap<string, ModuleCall>
  /** Provider configurations keyed `name` (default) or `name.alias`. */
  readonly providerConfigs: ReadonlyMap<string, ProviderConfig>
  /** Resources keyed `type.name`, per mode. */
  readonly managedResources: ReadonlyMap<string, Resource>
  /** Data resources, including those declared inside `check` blocks (as Terraform's model has them; see `checkData`). */
  readonly dataResources: ReadonlyMap<string, Resource>
  readonly ephemeralResources: ReadonlyMap<string, Resource>
  /** `required_providers` entries by local name (after override entries replaced whole entries), as written. */
  readonly requiredProviderAttributes: ReadonlyMap<string, Attribute>
  /** The static `required_providers` entries, decoded. */
  readonly requiredProviders: ReadonlyMap<string, RequiredProvider>
  /** The `required_providers` block that was kept (the first in the primary files), if any. */
  readonly requiredProvidersBlock?: Block
  /** `required_version` attributes whose constraints apply (all primary ones, or the last override file's). */
  readonly requiredVersion: readonly Attribute[]
  readonly backend?: Block
  readonly cloud?: Block
  readonly stateStore?: Block
  readonly providerMetas: ReadonlyMap<string, Block>
  /** Other attributes of `terraform` blocks (e.g. `experiments`), last definition wins. */
  readonly terraformAttributes: ReadonlyMap<string, Attribute>
  /** Other `terraform` nested blocks kept as written (e.g. OpenTofu `encryption`). */
  readonly terraformBlocks: readonly Block[]
  readonly moved: readonly Block[]
  readonly imports: readonly Block[]
  readonly removed: readonly Block[]
  /** The blocks of the table's top-level sites (`BlockKinds.sites`: import, removed, …) by keyword, in file order. */
  readonly siteBlocks: ReadonlyMap<string, readonly Block[]>
  readonly checks: readonly Block[]
  /** The data resources of `dataResources` declared inside a check block (key `type.name`), with that check block. */
  readonly checkData: ReadonlyMap<string, Block>
  /** Terraform's `action` blocks (1.14 and later), keyed `type.name`. */
  readonly actions: ReadonlyMap<string, Resource>
  /** The `list` blocks of the directory's query files (`*.tfquery.hcl`, Terraform 1.14 and later), keyed `type.name`. */
  readonly listResources: ReadonlyMap<string, Resource>
  /** The block kinds it was built with (the run's table). */
  readonly blockKinds: BlockKinds
  /** The records of each of them by keyword, in the table's order (the built-in kinds' are the maps above). */
  readonly resources: ReadonlyMap<string, ReadonlyMap<string, Resource>>
  /** The `provider` argument of each block of the table's top-level sites (import, removed, …) that has one (decoded where an import's target is a static resource address). */
  readonly providerArguments: ReadonlyMap<Block, ProviderArgument>
  /** Other top-level blocks the engine accepts (OpenTofu's `language`). */
  readonly otherBlocks: readonly Block[]
  /** For each overridden element (key as in `elementKey`), the override files (names in the directory) that changed it, in order. */
  readonly overrides: ReadonlyMap<string, readonly string[]>
  /** Provider local names → source addresses (its required_providers entries, else implied), decoded when it was built. */
  readonly names: LocalNames
  /** The diagnostics of decoding the records (provider blocks and references, providers maps, requirements, calls). */
  readonly decodeDiagnostics: readonly Diagnostic[]
}
