// The arguments of each module call against the called module's variables: Terraform checks them when it
// builds the graph (ModuleVariableTransformer, internal/terraform/transform_module_variable.go: the call's
// remaining body against a schema of one attribute per variable, required when it has no default), before
// it connects providers, with HCL's `Body.Content` texts and ranges.
import type {ModulePath} from '../../addrs/module.js'
import type {Diagnostic} from '../../diag/diagnostic.js'
import type {ModuleTree} from '../../crawl/crawl.js'
import type {Body} from '../../hcl/syntax.js'
import {bodySchemaProblems} from '../../load/body-schema.js'
import {attr} from '../../load/merge-body.js'

/** The arguments and nested blocks a module block decodes itself (`moduleBlockSchema`); the rest are the child's variables. */
const META_ARGUMENTS: ReadonlySet<string> = new Set(['source', 'version', 'count', 'for_each', 'depends_on', 'providers'])
const META_BLOCKS: ReadonlySet<string> = new Set(['lifecycle', 'locals', 'provider', '_'])

export interface ModuleArgumentDiagnostic {
  /** The called module's address (the graph builder reaches it only when its module and callers loaded). */
  readonly module: ModulePath
  readonly diagnostic: Diagnostic
}

/** `Unsupported argument` and `Missing required argument` of every call whose module was loaded. */
export function moduleArgumentDiagnostics(tree: ModuleTree): ModuleArgumentDiagnostic[] {
  const out: ModuleArgumentDiagnostic[] = []
  for (const n of tree.nodes) {
    const call = n.call
    const m = n.module
    if (!call || !m || !n.resolved) continue
    const body = call.block.body
    const remain: Body = {
      attributes: body.attributes.filter((a) => !META_ARGUMENTS.has(a.name)),
      blocks: body.blocks.filter((b) => !META_BLOCKS.has(b.type)),
      range: body.range,
    }
    const names = [...m.variables.keys()]
    const required = names.filter((name) => attr(m.variables.get(name)!.body, 'default') === undefined)
    for (const diagnostic of bodySchemaProblems(remain, {attributes: names, blocks: [], required}, call.block))
      out.push({module: n.addr, diagnostic})
  }
  return out
}
