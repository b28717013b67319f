// Terraform's graph stage, after the configuration's own errors: which of the resolver's graph-stage
// errors Terraform reaches (analyze.ts runs the stages in Terraform's order).
import type {ModulePath} from '../../addrs/module.js'
import type {FileNamer} from '../../diag/file-names.js'
import type {GraphDiagnostic} from './resolve.js'

/**
 * Terraform's stages: configuration errors stop it before the graph is built, so a graph-stage error is
 * kept only where no configuration error concerns its module or a module above it; a `missing provider`
 * error (the graph builder stops there) also hides the resource errors below the module it concerns.
 * `name` names the files of the resources an explanation lists (from the tree's root).
 */
export function graphStageDiagnostics(
  graphDiags: readonly GraphDiagnostic[],
  configErrorModules: readonly ModulePath[],
  name: FileNamer,
): GraphDiagnostic[] {
  const applies = (g: GraphDiagnostic): boolean => !configErrorModules.some((m) => m.contains(g.module))
  const passes = graphDiags.filter((g) => g.kind === 'pass' && applies(g))
  const resources = graphDiags.filter((g) => g.kind === 'resource' && applies(g) && !passes.some((p) => p.module.contains(g.module)))
  // a resource that uses the very configuration a `providers` map could not pass: Terraform stops at the
  // map (`missing provider …`) and says nothing of the resource; tfgraph names it in that error's explanation
  const missing = new Map(passes.map((p) => [p.config.key, p] as const))
  const users = new Map<GraphDiagnostic, string[]>()
  const kept = resources.filter((g) => {
    const pass = g.resource ? missing.get(g.config.key) : undefined
    if (!pass) return true
    users.set(pass, [
      ...(users.get(pass) ?? []),
      `${g.resource!.address.key} (${name(g.resource!.range.filename)}:${g.resource!.range.start.line})`,
    ])
    return false
  })
  const said = passes.map((p) => {
    const u = users.get(p)
    if (!u) return p
    const d = p.diagnostic
    const also = ` ${u.join(', ')} ${u.length === 1 ? 'uses' : 'use'} that configuration too: Terraform stops at this error and says nothing of ${u.length === 1 ? 'it' : 'them'}.`
    return {...p, diagnostic: {...d, extra: {...d.extra, explanation: (d.extra?.explanation ?? '') + also}}}
  })
  return [...said, ...kept]
}
