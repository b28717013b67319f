// The root module's `backend` block names one of the backend types built into the engine. Terraform and
// OpenTofu compile their backends in (internal/backend/init/init.go of each); `init` checks the type
// first, and Terraform ≥ 1.15 `validate` does too. A child module's backend is ignored (a warning of
// the tree-building checks, validate.ts).
import type {Diagnostic} from '../../diag/diagnostic.js'
import {errorDiag} from '../../diag/diagnostic.js'
import {goQuote} from '../../diag/go-quote.js'
import type {Engine} from '../../load/engine.js'
import type {Module} from '../../load/model.js'

/** The backend types of Terraform (≥ 1.12: `oci`) and OpenTofu; `cloud` is their internal name for the cloud block. */
const BACKENDS: Record<Engine['name'], ReadonlySet<string>> = {
  terraform: new Set(['local', 'remote', 'azurerm', 'consul', 'cos', 'gcs', 'http', 'inmem', 'kubernetes', 'oss', 'pg', 's3', 'oci']),
  opentofu: new Set(['local', 'remote', 'azurerm', 'consul', 'cos', 'gcs', 'http', 'inmem', 'kubernetes', 'oss', 'pg', 's3']),
}

/** Backends removed from both engines, with their own explanation (`%s`: the product). */
function removedBackend(type: string, product: string): string | undefined {
  if (type === 'azure') return 'The "azure" backend name has been removed, please use "azurerm".'
  if (['artifactory', 'etcd', 'etcdv3', 'manta', 'swift'].includes(type))
    return `The ${goQuote(type)} backend is not supported in ${product} v1.3 or later.`
  return undefined
}

/** `Unsupported backend type` for the root module's backend, with the engine's detail; none when the type exists. */
export function unsupportedBackendType(root: Module | undefined, engine: Engine): Diagnostic[] {
  const backend = root?.backend
  const label = backend?.labels[0]
  if (!backend || !label) return []
  const type = label.value
  let detail: string
  if (type === 'cloud') {
    detail =
      engine.name === 'opentofu'
        ? `There is no explicit backend type named ${goQuote(type)}. To configure cloud backend, declare a 'cloud' block instead.`
        : `There is no explicit backend type named ${goQuote(type)}. To configure HCP Terraform, declare a 'cloud' block instead.`
  } else if (BACKENDS[engine.name].has(type)) {
    return []
  } else {
    detail = removedBackend(type, engine.product) ?? `There is no backend type named ${goQuote(type)}.`
  }
  return [errorDiag('config.unsupported-backend-type', 'Unsupported backend type', detail, label.range)]
}
