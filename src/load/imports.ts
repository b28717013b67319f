// Import blocks that generate configuration: their target resource is not declared in the module, so the
// import block alone says which provider the new resource uses (its `provider` argument, or the local name
// its type implies) — Terraform binds it, requires that provider and checks the lock file for it.
import {parseImportTarget} from '../addrs/resource.js'
import type {Attribute, Block} from '../hcl/syntax.js'
import {referenceText} from '../hcl/expr.js'

export interface ImportTarget {
  readonly block: Block
  /** The target's module path (call names; empty for a resource of this module), type and name. */
  readonly modules: readonly string[]
  readonly type: string
  readonly name: string
  /** `type.name`. */
  readonly local: string
  readonly provider: Attribute | undefined
}

/** Every import block whose `to` is a static managed resource address, with its target. */
export function importTargets(m: {readonly imports: readonly Block[]}): ImportTarget[] {
  const out: ImportTarget[] = []
  for (const block of m.imports) {
    const to = block.body.attributes.find((a) => a.name === 'to')
    const target = to && parseImportTarget(referenceText(to))
    if (!target) continue
    out.push({block, ...target, provider: block.body.attributes.find((a) => a.name === 'provider')})
  }
  return out
}

/** Import blocks that generate the configuration of their target (one per target resource, the first). */
export function configGeneratingImports(m: {
  readonly imports: readonly Block[]
  readonly managedResources: ReadonlyMap<string, unknown>
}): ImportTarget[] {
  const seen = new Set<string>()
  return importTargets(m).filter((t) => {
    if (t.modules.length > 0 || m.managedResources.has(t.local) || seen.has(t.local)) return false
    seen.add(t.local)
    return true
  })
}
