// Terraform's configuration errors that depend on the release (the newest release the root's
// required_version allows, engine-version.ts): an import block's `id` and `identity` (1.12 added `identity`
// and made `id` optional: internal/configs/import.go, "Invalid import block"; 1.11: `id` required and
// `identity` unknown, as HCL's schema check words it), and a provider source whose namespace has an
// underscore (accepted from 1.16, Terraform #38894; before, "Invalid provider namespace"). Terraform only.
import type {ModulePath} from '../../addrs/module.js'
import type {Diagnostic} from '../../diag/diagnostic.js'
import {errorDiag} from '../../diag/diagnostic.js'
import type {ModuleTree} from '../../crawl/crawl.js'
import {bodySchemaProblems} from '../../load/body-schema.js'
import type {Block} from '../../hcl/syntax.js'
import type {Module} from '../../load/model.js'
import type {EngineBehaviour} from './engine-version.js'

/** decodeImportBlock's schema and its `id`/`identity` checks, as the release reads them. */
export function importReleaseProblems(b: Block, identity: boolean): Diagnostic[] {
  if (!identity)
    return bodySchemaProblems(b.body, {attributes: ['provider', 'for_each', 'id', 'to'], blocks: [], required: ['id', 'to']}, b)
  const out = bodySchemaProblems(b.body, {attributes: ['provider', 'for_each', 'id', 'to', 'identity'], blocks: [], required: ['to']}, b)
  const has = (name: string): boolean => b.body.attributes.some((a) => a.name === name)
  if (!has('id') && !has('identity'))
    out.push(
      errorDiag('config.invalid-import', 'Invalid import block', "At least one of 'id' or 'identity' must be specified.", b.declRange),
    )
  if (has('id') && has('identity'))
    out.push(errorDiag('config.invalid-import', 'Invalid import block', "Only one of 'id' or 'identity' can be specified.", b.declRange))
  return out
}

/** The release-dependent errors of every module of the tree (each module directory once), with the module each concerns. */
export function releaseDiagnostics(
  tree: ModuleTree,
  behaviour: EngineBehaviour,
): {diagnostics: Diagnostic[]; modules: Map<Diagnostic, ModulePath>} {
  const diagnostics: Diagnostic[] = []
  const modules = new Map<Diagnostic, ModulePath>()
  if (tree.engine !== 'terraform') return {diagnostics, modules}
  const seen = new Set<Module>()
  for (const n of tree.nodes) {
    const m = n.module
    if (!m || seen.has(m)) continue
    seen.add(m)
    const found = [
      ...m.imports.flatMap((b) => importReleaseProblems(b, behaviour.importIdentity)),
      ...(behaviour.since116 ? [] : (m.names.before116 ?? [])),
    ]
    for (const d of found) {
      diagnostics.push(d)
      modules.set(d, n.addr)
    }
  }
  return {diagnostics, modules}
}
