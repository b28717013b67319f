// Provider-defined function calls (`provider::NAME::FUNCTION(…)`, Terraform 1.8+) in a module, and Terraform's
// error for a call whose provider NAME the module does not declare in required_providers. A function is
// available only through the module's own required_providers entry (an implied provider, or the caller's
// entry, does not make it available), so every call is also a use of that entry.
import type {ModulePath} from '../../addrs/module.js'
import type {Diagnostic} from '../../diag/diagnostic.js'
import {errorDiag} from '../../diag/diagnostic.js'
import {subRange} from '../../diag/positions.js'
import type {ModuleNode, ModuleTree} from '../../crawl/crawl.js'
import type {Attribute, Body} from '../../hcl/syntax.js'
import type {Module} from '../../load/model.js'
import {recordsByKind} from '../../load/block-kinds.js'
import {MODULE_NOT_EVALUATED, NOT_EVALUATED, type ProviderFunctionUse} from '../../load/module-index.js'

export type {ProviderFunctionUse} from '../../load/module-index.js'

/** Every provider-defined function call of a module, in file order (from the module's index). */
export function providerFunctionUses(m: Module): readonly ProviderFunctionUse[] {
  return m.index.functionCalls
}

/**
 * Whether Terraform has no such function in the module: a provider the module's required_providers does not
 * name, or a name with an alias part (`provider::NAME::ALIAS::FUNCTION`, OpenTofu's form: Terraform's function
 * table has only `provider::NAME::FUNCTION`, lang/functions.go).
 */
function unknownToTerraform(f: {readonly provider: string; readonly name: string}, m: Module): boolean {
  return !m.requiredProviders.has(f.provider) || f.name.split('::').length > 3
}

function unknownFunctionDiag(f: ProviderFunctionUse): Diagnostic {
  return errorDiag(
    'provider.unknown-function',
    'Unknown provider function',
    `There is no function named "${f.name}". Ensure that provider name "${f.provider}" is declared in this module's required_providers block, and that this provider offers a function named "${f.function}".`,
    f.range,
  )
}

// ---------------------------------------------------------------------------------------------
// Terraform's validate walk, as far as these errors go

/** One object of the walk: a local value, an output, a resource, a module's expansion, a child's input variable. */
interface WalkObject {
  /** Keys of the objects it refers to. */
  readonly deps: string[]
  /** Its own errors (calls of undeclared provider functions in what it evaluates). */
  readonly errors: ProviderFunctionUse[]
  /** The module whose files hold its expressions. */
  readonly module: ModulePath
}

/** Attributes of a block, nested blocks included, each with whether Terraform evaluates it with the module's functions. */
function blockAttributes(body: Body, validated: boolean, skip: ReadonlySet<string>, out: [Attribute, boolean][]): void {
  for (const a of body.attributes) out.push([a, validated && !skip.has(a.name)])
  for (const b of body.blocks) {
    const inner = validated && b.type !== 'lifecycle' && b.type !== 'precondition' && b.type !== 'postcondition' && b.type !== 'validation'
    blockAttributes(b.body, inner, NOT_EVALUATED, out)
  }
}

/**
 * Terraform's "Unknown provider function" error for each call of a function of a provider the module has no
 * required_providers entry for, in an expression its validate walk evaluates (Terraform 1.11.4). The walk
 * skips every object that depends on one that failed ("upstream dependencies"): a local value whose call
 * failed hides the errors of the resources, outputs and child modules that refer to it, a module argument's
 * hides those of the child module that read it. Each error once (a directory called twice has its errors once),
 * with the address of the first module where it is reported.
 */
export function unknownProviderFunctions(tree: {readonly nodes: readonly ModuleNode[]}): {diagnostic: Diagnostic; module: ModulePath}[] {
  // fast path: no module calls an undeclared provider's function
  if (!tree.nodes.some((n) => n.module && providerFunctionUses(n.module).some((f) => f.validated && unknownToTerraform(f, n.module!))))
    return []
  const objects = new Map<string, WalkObject>()
  const key = (n: ModuleNode, local: string): string => `${n.addr.key}|${local}`
  const add = (
    n: ModuleNode,
    scope: ModuleNode,
    local: string,
    attrs: readonly [Attribute, boolean][],
    extraDeps: readonly string[] = [],
  ): void => {
    const m = scope.module
    if (!m) return
    const deps = [...extraDeps]
    const errors: ProviderFunctionUse[] = []
    for (const [a, validated] of attrs) {
      for (const r of m.index.referencesOf(a)) {
        if (r.kind === 'module') {
          const child = scope.children.find((c) => c.path[c.path.length - 1] === r.call)
          if (!child) continue
          if (r.output !== undefined) deps.push(key(child, `output.${r.output}`))
          else for (const o of child.module?.outputs.keys() ?? []) deps.push(key(child, `output.${o}`))
          deps.push(key(scope, `module.${r.call}`))
        } else deps.push(key(scope, r.address))
      }
      if (!validated) continue
      for (const f of m.index.functionCallsOf(a))
        if (unknownToTerraform(f, m))
          errors.push({
            provider: f.provider,
            name: f.name,
            function: f.function,
            range: subRange(a.exprRange, a.expr, f.start, f.end),
            validated,
          })
    }
    objects.set(key(n, local), {deps, errors, module: scope.addr})
  }
  for (const n of tree.nodes) {
    const m = n.module
    if (!m) continue
    // everything in a child module waits for its call's expansion (count, for_each)
    const expansion = n.parent && n.call ? [key(n.parent, `module.${n.path[n.path.length - 1] ?? ''}`)] : []
    for (const [name, a] of m.locals) add(n, n, `local.${name}`, [[a, true]], expansion)
    for (const [name, b] of m.outputs) {
      const attrs: [Attribute, boolean][] = []
      blockAttributes(b.body, true, NOT_EVALUATED, attrs)
      add(n, n, `output.${name}`, attrs, expansion)
    }
    // the kinds evaluated with the provider functions (not actions and list blocks)
    for (const [{mode}, map] of recordsByKind(m, (k) => k.evaluated)) {
      for (const [k, b] of map) {
        const attrs: [Attribute, boolean][] = []
        blockAttributes(b.block.body, true, NOT_EVALUATED, attrs)
        add(n, n, mode === 'managed' ? k : `${mode}.${k}`, attrs, expansion)
      }
    }
    for (const [name, call] of m.moduleCalls) {
      const meta = call.block.body.attributes.filter((a) => a.name === 'count' || a.name === 'for_each' || a.name === 'depends_on')
      add(
        n,
        n,
        `module.${name}`,
        meta.map((a) => [a, a.name !== 'depends_on']),
        expansion,
      )
      const child = n.children.find((c) => c.path[c.path.length - 1] === name)
      if (!child?.module) continue
      // the child's input variables are evaluated from the call's arguments, in the caller's scope
      for (const a of call.block.body.attributes) {
        if (MODULE_NOT_EVALUATED.has(a.name) || a.name === 'count' || a.name === 'for_each') continue
        add(child, n, `var.${a.name}`, [[a, true]], [key(n, `module.${name}`)])
      }
    }
  }
  // failed: an object with its own errors or depending on one that failed (iterative, cycles tolerated)
  const failed = new Map<string, boolean>()
  const upstreamFailed = (k: string): boolean => (objects.get(k)?.deps ?? []).some((d) => failed.get(d) === true)
  for (const start of objects.keys()) {
    if (failed.has(start)) continue
    const stack: {k: string; i: number}[] = [{k: start, i: 0}]
    const onStack = new Set<string>([start])
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!
      const deps = objects.get(top.k)?.deps ?? []
      if (top.i < deps.length) {
        const d = deps[top.i++]!
        if (!failed.has(d) && !onStack.has(d) && objects.has(d)) {
          stack.push({k: d, i: 0})
          onStack.add(d)
        }
        continue
      }
      stack.pop()
      onStack.delete(top.k)
      failed.set(top.k, (objects.get(top.k)?.errors.length ?? 0) > 0 || upstreamFailed(top.k))
    }
  }
  const out: {diagnostic: Diagnostic; module: ModulePath}[] = []
  const seen = new Set<string>()
  for (const [k, o] of objects) {
    if (o.errors.length === 0 || upstreamFailed(k)) continue
    for (const f of o.errors) {
      const id = `${f.range.filename}:${f.range.start.byte}`
      if (seen.has(id)) continue
      seen.add(id)
      out.push({diagnostic: unknownFunctionDiag(f), module: o.module})
    }
  }
  return out
}

/**
 * OpenTofu's "Unknown function provider" (internal/tofu/transform_provider.go ProviderFunctionTransformer,
 * v1.12.6): while building its graph, after the provider transformers, every reference to a provider function
 * whose provider NAME the module's required_providers does not name, at the function's name. The expressions
 * read are those Terraform's validate walk evaluates (resources, data sources, locals, outputs, module
 * arguments); calls in conditions are not checked. Once per module directory.
 */
export function unknownFunctionProviders(tree: {readonly nodes: readonly ModuleNode[]}): {diagnostic: Diagnostic; module: ModulePath}[] {
  const out: {diagnostic: Diagnostic; module: ModulePath}[] = []
  const seen = new Set<string>()
  for (const n of tree.nodes) {
    const m = n.module
    if (!m) continue
    for (const f of providerFunctionUses(m)) {
      if (!f.validated || m.requiredProviders.has(f.provider)) continue
      const id = `${m.dir}|${f.range.filename}:${f.range.start.byte}`
      if (seen.has(id)) continue
      seen.add(id)
      out.push({
        diagnostic: errorDiag(
          'provider.unknown-function',
          'Unknown function provider',
          `Provider ${JSON.stringify(f.provider)} does not exist within the required_providers of this module`,
          f.range,
        ),
        module: n.addr,
      })
    }
  }
  return out
}

/**
 * After the graph is built (so only when no configuration or graph-stage error stopped it): calls of
 * provider-defined functions that a module does not declare — Terraform's validate walk ("Unknown provider
 * function"), OpenTofu's graph builder ("Unknown function provider"). Once per module directory.
 */
export function unknownFunctionDiagnostics(tree: ModuleTree): {diagnostic: Diagnostic; module: ModulePath}[] {
  return tree.engine === 'terraform' ? unknownProviderFunctions(tree) : unknownFunctionProviders(tree)
}
