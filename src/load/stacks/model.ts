// The decoded model of a Terraform Stacks configuration directory, as Terraform's stackconfig package has
// it (internal/stacks/stackconfig: Stack, Component, ProviderConfig, ProviderRequirements, EmbeddedStack,
// Removed, InputVariable, OutputValue, LocalValue): each declaration with the ranges Terraform reports, and
// the expressions kept as attributes (their syntax tree) for validation to read. Deployment files
// (`.tfdeploy.hcl`) are read only for what their deployments pass to the stack's variables.
import type {Provider} from '../../addrs/provider.js'
import type {StackPath} from '../../addrs/stack.js'
import type {Diagnostic, SourceRange} from '../../diag/diagnostic.js'
import type {Attribute, Block} from '../../hcl/syntax.js'
import type {Expr} from '../../hcl/expr.js'

/**
 * `component`: a `.tfcomponent.hcl`/`.tfcomponent.json` file; `deprecated`: `.tfstack.hcl`/`.tfstack.json`
 * (read by Terraform 1.13 with a warning, not read from 1.14 on); `deploy`: `.tfdeploy.hcl`.
 */
export type StackFileKind = 'component' | 'deprecated' | 'deploy'

export interface StackFileEntry {
  readonly name: string
  readonly kind: StackFileKind
  readonly syntax: 'native' | 'json'
}

/** An entry of the stack's `required_providers` block. */
export interface StackRequirement {
  readonly localName: string
  readonly provider: Provider
  /** The version constraint string (installable providers). */
  readonly version?: string
  readonly versionRange?: SourceRange
  /** Terraform's DeclRange of the requirement: the entry's name. */
  readonly nameRange: SourceRange
  /** The entry (absent for a built-in provider Terraform adds). */
  readonly attribute?: Attribute
  /** Added by Terraform, not written (`terraform` → terraform.io/builtin/terraform). */
  readonly builtIn: boolean
}

export interface StackRequirements {
  readonly entries: ReadonlyMap<string, StackRequirement>
  /** The block's DeclRange (`required_providers`); undefined for an empty block. */
  readonly declRange?: SourceRange
  readonly block: Block
}

/** `provider "TYPE" "NAME" { for_each = …; config { … } }`. */
export interface StackProviderConfig {
  /** The first label: the provider's local name in the stack's required_providers. */
  readonly localName: string
  /** The second label: the configuration's name. */
  readonly name: string
  /** The provider the local name stands for (undefined: the local name is not declared). */
  readonly provider?: Provider
  readonly forEach?: Attribute
  /** The first `config` block. */
  readonly config?: Block
  readonly block: Block
  readonly nameRange: SourceRange
  readonly declRange: SourceRange
}

/** One entry of a component's (or removed block's) `providers` map: a slot of its root module and the value given it. */
export interface ProvidersMapEntry {
  /** The local name and alias of the slot in the component's root module. */
  readonly localName: string
  readonly alias?: string
  readonly keyRange: SourceRange
  /** The value's expression, inside `attribute` (the `providers` argument). */
  readonly value: Expr
  readonly valueRange: SourceRange
  readonly valueText: string
  readonly attribute: Attribute
}

/** A module source as the component, embedded stack or removed block writes it. */
export interface StackSource {
  readonly text: string
  readonly kind: 'local' | 'registry' | 'remote'
  readonly version?: string
  /** The `source` argument's whole range (Terraform's SourceAddrRange). */
  readonly range: SourceRange
  readonly exprRange: SourceRange
}

export interface StackComponent {
  readonly name: string
  readonly source: StackSource
  readonly forEach?: Attribute
  readonly inputs?: Attribute
  readonly providersAttribute?: Attribute
  readonly providers: readonly ProvidersMapEntry[]
  readonly dependsOn?: Attribute
  readonly block: Block
  readonly declRange: SourceRange
}

export interface EmbeddedStackCall {
  readonly name: string
  readonly source: StackSource
  readonly forEach?: Attribute
  readonly inputs?: Attribute
  readonly dependsOn?: Attribute
  readonly block: Block
  readonly declRange: SourceRange
}

/** A step of a removed block's `from`: `stack.NAME[KEY]` or `component.NAME[KEY]`. */
export interface RemovedFromStep {
  readonly name: string
  /** The index expression's text, when there is one. */
  readonly index?: string
  /** Whether the index refers to `each`. */
  readonly indexUsesEach: boolean
}

export interface StackRemoved {
  /** The embedded stack steps, then the component (absent: the block removes a whole embedded stack). */
  readonly fromStack: readonly RemovedFromStep[]
  readonly fromComponent?: RemovedFromStep
  /** `from` as written. */
  readonly fromText: string
  readonly source: StackSource
  readonly forEach?: Attribute
  readonly providersAttribute?: Attribute
  readonly providers: readonly ProvidersMapEntry[]
  readonly destroy: boolean
  readonly block: Block
  readonly declRange: SourceRange
}

export interface StackVariable {
  readonly name: string
  readonly type?: Attribute
  readonly block: Block
  readonly declRange: SourceRange
}

export interface StackOutput {
  readonly name: string
  readonly value?: Attribute
  readonly block: Block
  readonly declRange: SourceRange
}

/** A `deployment` block of a `.tfdeploy.hcl` file: the stack variables its `inputs` set. */
export interface Deployment {
  readonly name: string
  readonly inputs: readonly {readonly name: string; readonly range: SourceRange}[]
  readonly block: Block
  readonly declRange: SourceRange
}

/** One stack configuration directory, its files merged (Terraform's stackconfig.Stack). */
export interface Stack {
  /** Absolute directory. */
  readonly dir: string
  /** Every stack file of the directory (deprecated ones too, read or not). */
  readonly files: readonly StackFileEntry[]
  /** `.tfstack.*` files this load did not read (Terraform 1.14 and later). */
  readonly skippedFiles: readonly string[]
  readonly components: ReadonlyMap<string, StackComponent>
  readonly embeddedStacks: ReadonlyMap<string, EmbeddedStackCall>
  readonly variables: ReadonlyMap<string, StackVariable>
  readonly locals: ReadonlyMap<string, Attribute>
  readonly outputs: ReadonlyMap<string, StackOutput>
  readonly requiredProviders?: StackRequirements
  /** Provider configurations keyed `TYPE.NAME`. */
  readonly providerConfigs: ReadonlyMap<string, StackProviderConfig>
  readonly removed: readonly StackRemoved[]
  readonly deployments: readonly Deployment[]
  /** Every attribute of the stack's blocks that Terraform evaluates (for references), in file order. */
  readonly expressions: readonly Attribute[]
  /** Decoding diagnostics, in file order. */
  readonly diagnostics: readonly Diagnostic[]
  /** A file could not be read (a tool failure, not a finding). */
  readonly incomplete: boolean
}

/** A stack and the embedded stacks it calls (local sources), as Terraform's stackconfig.ConfigNode. */
export interface StackConfigNode {
  readonly stack: Stack
  /** `stack.a.stack.b`; the root stack's is empty. */
  readonly address: StackPath
  /** The directory relative to the root stack's (`.` for the root). */
  readonly displayDir: string
  readonly children: ReadonlyMap<string, StackConfigNode>
  /** Diagnostics of loading the tree at this node (sources of embedded stacks, removed blocks). */
  readonly diagnostics: readonly Diagnostic[]
}
