// Where a module keeps its state, as the `terraform` block says: `backend`, `cloud`, Terraform's
// `state_store` (an experiment of Terraform ≥ 1.13, accepted only by alpha and development builds) and
// OpenTofu's `encryption`. The checks Terraform's and OpenTofu's loaders make on them — decoding a
// state_store block, the conflicts between the kinds after each primary file, the provider of a
// state_store once required_providers is known — with each engine's texts and subjects.
import type {Diagnostic} from '../diag/diagnostic.js'
import {errorDiag, formatRange, warningDiag} from '../diag/diagnostic.js'
import {localNameProblem} from '../addrs/provider.js'
import type {Attribute, Block} from '../hcl/syntax.js'
import type {Engine} from './engine.js'
import {literalString} from '../hcl/expr.js'
import {missingItemRange} from './body-schema.js'

const VALID_IDENTIFIER = /^[\p{ID_Start}_][\p{ID_Continue}-]*$/u
const BAD_IDENTIFIER = 'A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.'

/** The blocks of the module's state storage that are set, as the loader keeps them. */
export interface StateStorage {
  readonly backend: Block | undefined
  readonly cloud: Block | undefined
  readonly stateStore: Block | undefined
}

function literal(a: Attribute | undefined): string | undefined {
  return literalString(a)
}

/** The errors Terraform's provider-block decoder gives the nested provider block (its warnings only come with them). */
function nestedProviderProblems(p: Block): Diagnostic[] {
  const name = p.labels[0]?.value ?? ''
  const nameProblem = localNameProblem(name)
  if (nameProblem) return [errorDiag('provider.invalid-local-name', 'Invalid provider local name', nameProblem, p.declRange)]
  const out: Diagnostic[] = []
  const alias = literal(p.body.attributes.find((a) => a.name === 'alias'))
  if (alias !== undefined && !VALID_IDENTIFIER.test(alias)) {
    out.push(
      errorDiag('provider.invalid-alias', 'Invalid provider configuration alias', `An alias must be a valid name. ${BAD_IDENTIFIER}`),
    )
  }
  const version = p.body.attributes.find((a) => a.name === 'version')
  if (version) {
    out.push(
      warningDiag(
        'provider.version-in-config',
        'Version constraints inside provider configuration blocks are deprecated',
        'Terraform 0.13 and earlier allowed provider version constraints inside the provider configuration block, but that is now deprecated and will be removed in a future version of Terraform. To silence this warning, move the provider version constraint into the required_providers block.',
        version.exprRange,
      ),
    )
  }
  for (const reserved of ['count', 'depends_on', 'for_each', 'source']) {
    const a = p.body.attributes.find((x) => x.name === reserved)
    if (a) {
      out.push(
        errorDiag(
          'provider.reserved-argument',
          'Reserved argument name in provider block',
          `The provider argument name ${JSON.stringify(reserved)} is reserved for use by Terraform in a future version.`,
          a.nameRange,
        ),
      )
    }
  }
  let escape: Block | undefined
  for (const nb of p.body.blocks) {
    if (nb.type === '_') {
      if (escape) {
        out.push(
          errorDiag(
            'provider.duplicate-escaping-block',
            'Duplicate escaping block',
            `The special block type "_" can be used to force particular arguments to be interpreted as provider-specific rather than as meta-arguments, but each provider block can have only one such block. The first escaping block was at ${formatRange(escape.declRange)}.`,
            nb.declRange,
          ),
        )
      } else escape = nb
    } else if (nb.type === 'lifecycle' || nb.type === 'locals') {
      out.push(
        errorDiag(
          'provider.reserved-block-type',
          'Reserved block type name in provider block',
          `The block type name ${JSON.stringify(nb.type)} is reserved for use by Terraform in a future version.`,
          nb.typeRange,
        ),
      )
    }
  }
  return out.some((d) => d.severity === 'error') ? out : []
}

/**
 * Terraform's decoding of a `state_store` block: exactly one nested `provider` block, which decodes
 * as a provider block and has no `alias`. `keep` is false when Terraform drops the block (it then
 * counts for no duplicate or conflict).
 */
export function decodeStateStore(b: Block): {keep: boolean; diagnostics: Diagnostic[]} {
  const providers = b.body.blocks.filter((x) => x.type === 'provider')
  if (providers.length === 0) {
    return {
      keep: false,
      diagnostics: [
        errorDiag(
          'config.state-store-provider-missing',
          'Missing provider block',
          "A 'provider' block is required in 'state_store' blocks",
          missingItemRange(b),
        ),
      ],
    }
  }
  if (providers.length > 1) {
    return {
      keep: false,
      diagnostics: [
        errorDiag(
          'config.state-store-provider-duplicate',
          'Duplicate provider block',
          "Only one 'provider' block should be present in a 'state_store' block",
          providers[1]!.declRange,
        ),
      ],
    }
  }
  const provider = providers[0]!
  const problems = nestedProviderProblems(provider)
  if (problems.length > 0) return {keep: false, diagnostics: problems}
  const alias = provider.body.attributes.find((a) => a.name === 'alias')
  if (alias) {
    return {
      keep: false,
      diagnostics: [
        errorDiag(
          'config.state-store-provider-alias',
          'Unexpected provider alias',
          "Aliases are disallowed in the 'provider' block in the 'state_store' block",
          alias.exprRange,
        ),
      ],
    }
  }
  return {keep: true, diagnostics: []}
}

/**
 * The conflict between the kinds of state storage, checked after each primary file is appended (so a
 * conflict is reported again after every later file, as both engines do).
 */
export function stateStorageConflict(s: StateStorage, engine: Engine): Diagnostic | undefined {
  const {backend, cloud, stateStore} = s
  if (engine.name === 'opentofu') {
    if (!backend || !cloud) return undefined
    return errorDiag(
      'config.backend-and-cloud',
      'Both a backend and a cloud configuration are present',
      `A module may declare either one 'cloud' block configuring a cloud backend OR one 'backend' block configuring a state backend. A cloud backend is configured at ${formatRange(cloud.declRange)}; a backend is configured at ${formatRange(backend.declRange)}. Remove the backend block to configure a cloud backend.`,
      backend.declRange,
    )
  }
  if (cloud && stateStore && backend) {
    return errorDiag(
      'config.state-store-conflict',
      "Only one of 'cloud', 'state_store', or 'backend' configuration blocks are allowed",
      `A module may only declare one 'cloud', 'state_store' OR 'backend' block when configuring state storage. The 'cloud' block is configured at ${formatRange(cloud.declRange)}; a 'state_store' is configured at ${formatRange(stateStore.declRange)}; a 'backend' is configured at ${formatRange(backend.declRange)}. Remove two of these blocks.`,
      backend.declRange,
    )
  }
  if (cloud && backend) {
    return errorDiag(
      'config.backend-and-cloud',
      "Conflicting 'cloud' and 'backend' configuration blocks are present",
      `A module may declare either one 'cloud' block OR one 'backend' block for configuring state storage. The 'cloud' block is configured at ${formatRange(cloud.declRange)}; a 'backend' is configured at ${formatRange(backend.declRange)}. Remove the 'backend' block to configure HCP Terraform or Terraform Enterprise.`,
      backend.declRange,
    )
  }
  if (cloud && stateStore) {
    return errorDiag(
      'config.state-store-conflict',
      "Conflicting 'cloud' and 'state_store' configuration blocks are present",
      `A module may declare either one 'cloud' block OR one 'state_store' block for configuring state storage. A 'cloud' block is configured at ${formatRange(cloud.declRange)}; a 'state_store' is configured at ${formatRange(stateStore.declRange)}. Remove the 'state_store' block to configure HCP Terraform or Terraform Enterprise.`,
      stateStore.declRange,
    )
  }
  if (stateStore && backend) {
    return errorDiag(
      'config.state-store-conflict',
      "Conflicting 'state_store' and 'backend' configuration blocks are present",
      `A module may declare either one 'state_store' block OR one 'backend' block when configuring state storage. A 'state_store' block is configured at ${formatRange(stateStore.declRange)}; a 'backend' is configured at ${formatRange(backend.declRange)}. Remove one of these blocks.`,
      backend.declRange,
    )
  }
  return undefined
}

/**
 * Terraform ≥ 1.14, once the module is built: the state_store's provider needs a required_providers
 * entry under the same local name (`terraform` alone may go without: it is the built-in provider).
 */
export function stateStoreProviderRequirement(stateStore: Block, required: ReadonlyMap<string, Attribute>): Diagnostic[] {
  const name = stateStore.body.blocks.find((x) => x.type === 'provider')?.labels[0]?.value
  if (name === undefined || required.has(name) || name === 'terraform') return []
  return [
    errorDiag(
      'config.state-store-provider-not-required',
      'Missing entry in required_providers',
      `The provider used for state storage must have a matching entry in required_providers. Please add an entry for provider ${name}`,
      stateStore.declRange,
    ),
  ]
}

/** OpenTofu: a second `encryption` block among the primary files. */
export function duplicateEncryption(b: Block, previous: Block): Diagnostic {
  return errorDiag(
    'config.duplicate-encryption',
    'Duplicate encryption configuration',
    `A module may have only one encryption configuration. Encryption was previously configured at ${formatRange(previous.declRange)}.`,
    b.declRange,
  )
}

/** OpenTofu: two `encryption` blocks in one override file (reported once, on the second). */
export function duplicateEncryptionInOverride(blocks: readonly Block[]): Diagnostic {
  return errorDiag(
    'config.duplicate-encryption',
    'Duplicate encryption configuration',
    `Each override file may have only one encryption configuration. Encryption was previously configured at ${formatRange(blocks[0]!.declRange)}.`,
    blocks[1]!.declRange,
  )
}
