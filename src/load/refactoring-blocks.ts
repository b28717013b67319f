// Terraform's decoders of `moved`, `removed` and `import` blocks (internal/configs/moved.go, removed.go,
// import.go, and the address parsers they call: addrs/move_endpoint.go, remove_target.go, module.go,
// parse_target.go; texts identical from 1.11.4 to 1.16), and the module-level check of two imports into one
// resource (module.go appendFile). What depends on the release (an import's `id`/`identity`) is checked at the
// tree stage (providers/import-release.ts). Terraform only: OpenTofu words all of these differently.
import type {Diagnostic, SourceRange} from '../diag/diagnostic.js'
import {errorDiag, formatRange} from '../diag/diagnostic.js'
import {keywordOf, partRange, traversalOf, type ScopeTraversalExpr, type Step} from '../hcl/expr.js'
import type {Attribute, Block} from '../hcl/syntax.js'
import {bodySchemaProblems} from './body-schema.js'

/** One step of a static address, with where it is written. */
interface AddrStep {
  readonly name?: string
  readonly key?: string | number | boolean | null
  readonly range: SourceRange
}

/** The steps of an attribute's expression read as a static address (hcl.AbsTraversalForExpr); undefined for anything else. */
function addressSteps(a: Attribute): AddrStep[] | undefined {
  const t: ScopeTraversalExpr | undefined = traversalOf(a.node)
  if (!t) return undefined
  const rootRange = partRange(a, {s: t.s, e: t.rootE})
  const steps: AddrStep[] = [{name: t.root, range: rootRange}]
  for (const st of t.steps as readonly Step[]) {
    const range = partRange(a, st)
    steps.push(st.k === 'attr' ? {name: st.name, range} : {key: st.key ?? null, range})
  }
  return steps
}

/** The whole traversal's range (the first step's start to the last step's end). */
function spanOf(steps: readonly AddrStep[]): SourceRange {
  const first = steps[0]!.range
  const last = steps[steps.length - 1]!.range
  return {filename: first.filename, start: first.start, end: last.end}
}

export type AddressKind = 'module' | 'resource'

/** An instance key as an address writes it: a string (`["a"]`), a number (`[0]`), or null for another literal. */
export type InstanceKey = string | number | null

export interface ParsedAddress {
  /** Module call names before the resource (or the whole address for a module). */
  readonly modules: readonly string[]
  /** Whether any module step has an instance key. */
  readonly moduleKeys: boolean
  /** Each module step's instance key (undefined: none; null: one Terraform would reject, a bool or null). */
  readonly moduleInstanceKeys: readonly (InstanceKey | undefined)[]
  readonly kind: AddressKind
  readonly mode?: 'managed' | 'data' | 'ephemeral'
  readonly type?: string
  readonly name?: string
  /** Whether the resource has an instance key. */
  readonly resourceKey: boolean
  /** The resource's `type.name` (with `data.`/`ephemeral.` for those modes), without keys. */
  readonly local?: string
  /** Where the whole address is written. */
  readonly span: SourceRange
}

/** `module.a[0].module.b` prefix (addrs parseModuleInstancePrefix); `keys`: instance keys allowed. */
function modulePrefix(
  steps: readonly AddrStep[],
  keys: boolean,
  out: Diagnostic[],
): {modules: string[]; anyKey: boolean; keys: (InstanceKey | undefined)[]; rest: number} | undefined {
  const modules: string[] = []
  const instanceKeys: (InstanceKey | undefined)[] = []
  let anyKey = false
  let i = 0
  while (i < steps.length && steps[i]!.name === 'module') {
    const call = steps[i + 1]
    if (!call || call.name === undefined) {
      out.push(
        errorDiag(
          'config.invalid-address',
          'Invalid address operator',
          'Prefix "module." must be followed by a module name.',
          (call ?? steps[i]!).range,
        ),
      )
      return undefined
    }
    modules.push(call.name)
    instanceKeys.push(undefined)
    i += 2
    const key = steps[i]
    if (key && key.name === undefined) {
      if (!keys) {
        out.push(
          errorDiag(
            'config.invalid-address',
            'Module instance keys not allowed',
            'Module address must be a module (e.g. "module.foo"), not a module instance (e.g. "module.foo[1]").',
            key.range,
          ),
        )
        return undefined
      }
      anyKey = true
      instanceKeys[instanceKeys.length - 1] = typeof key.key === 'string' || typeof key.key === 'number' ? key.key : null
      i++
    }
  }
  return {modules, anyKey, keys: instanceKeys, rest: i}
}

/**
 * `type.name[key]` after a module prefix: a move endpoint (parseResourceInstanceUnderModule: `data.`,
 * `ephemeral.` and `resource.` prefixes, one instance key) or a remove target (parseConfigResourceUnderModule:
 * `data.` only, no key); undefined after an error (only the errors whose texts are certain are said).
 */
function resourcePart(
  steps: readonly AddrStep[],
  from: number,
  keys: boolean,
  out: Diagnostic[],
): {mode: 'managed' | 'data' | 'ephemeral'; type: string; name: string; key: boolean} | undefined {
  let i = from
  let mode: 'managed' | 'data' | 'ephemeral' = 'managed'
  const first = steps[i]!.name
  if (first === 'data' || (keys && (first === 'ephemeral' || first === 'resource'))) {
    if (first !== 'resource') mode = first
    i++
  }
  const type = steps[i]
  const name = steps[i + 1]
  if (!type || !name) {
    const at = steps.slice(i)
    out.push(
      errorDiag(
        'config.invalid-address',
        'Invalid address',
        'Resource specification must include a resource type and name.',
        at.length > 0 ? spanOf(at) : spanOf(steps),
      ),
    )
    return undefined
  }
  if (type.name === undefined || name.name === undefined) return undefined
  const rest = steps.slice(i + 2)
  if (rest.length === 0) return {mode, type: type.name, name: name.name, key: false}
  if (keys) return rest.length === 1 && rest[0]!.name === undefined ? {mode, type: type.name, name: name.name, key: true} : undefined
  out.push(
    errorDiag(
      'config.invalid-address',
      'Resource instance keys not allowed',
      'Resource address must be a resource (e.g. "test_instance.foo"), not a resource instance (e.g. "test_instance.foo[1]").',
      rest[0]!.range,
    ),
  )
  return undefined
}

/** A `moved` endpoint (keys allowed) or a `removed` target (no keys); undefined after an error (in `out`). */
export function parseAddress(a: Attribute, keys: boolean, out: Diagnostic[]): ParsedAddress | undefined {
  const steps = addressSteps(a)
  if (!steps) return undefined
  const prefix = modulePrefix(steps, keys, out)
  if (!prefix) return undefined
  const span = spanOf(steps)
  if (prefix.rest >= steps.length)
    return {
      modules: prefix.modules,
      moduleKeys: prefix.anyKey,
      moduleInstanceKeys: prefix.keys,
      kind: 'module',
      resourceKey: false,
      span,
    }
  const r = resourcePart(steps, prefix.rest, keys, out)
  if (!r) return undefined
  const local = `${r.mode === 'managed' ? '' : `${r.mode}.`}${r.type}.${r.name}`
  return {
    modules: prefix.modules,
    moduleKeys: prefix.anyKey,
    moduleInstanceKeys: prefix.keys,
    kind: 'resource',
    mode: r.mode,
    type: r.type,
    name: r.name,
    resourceKey: r.key,
    local,
    span,
  }
}

const attr = (b: Block, name: string): Attribute | undefined => b.body.attributes.find((a) => a.name === name)

/** decodeMovedBlock: the schema, each address, and the two kinds agreeing. */
function movedProblems(b: Block): Diagnostic[] {
  const out = bodySchemaProblems(b.body, {attributes: ['from', 'to'], blocks: [], required: ['from', 'to']}, b)
  const before = out.length
  const from = attr(b, 'from')
  const to = attr(b, 'to')
  const f = from && parseAddress(from, true, out)
  const t = to && parseAddress(to, true, out)
  if (out.length === before && f && t && f.kind !== t.kind)
    out.push(
      errorDiag(
        'config.invalid-moved',
        'Invalid "moved" addresses',
        'The "from" and "to" addresses must either both refer to resources or both refer to modules.',
        b.declRange,
      ),
    )
  return out
}

/** A provisioner's `when` keyword (absent: creation time). */
function whenKeyword(p: Block): string | undefined {
  const when = attr(p, 'when')
  return when ? keywordOf(when.node) : undefined
}

/** decodeRemovedBlock: the schema, the target (no instance keys, no data source), lifecycle, connection and provisioners. */
function removedProblems(b: Block): Diagnostic[] {
  const out = bodySchemaProblems(b.body, {attributes: ['from'], blocks: ['lifecycle', 'connection', 'provisioner'], required: ['from']}, b)
  const from = attr(b, 'from')
  const target = from && parseAddress(from, false, out)
  if (target?.mode === 'data')
    out.push(
      errorDiag(
        'config.invalid-removed',
        'Data source address not allowed',
        'Data sources are never destroyed, so they are not valid targets of removed blocks. To remove the data source from state, remove the data source block from configuration.',
        target.span,
      ),
    )
  const managed = target?.mode === 'managed'
  let connection: Block | undefined
  for (const nb of b.body.blocks) {
    if (nb.type === 'lifecycle') out.push(...bodySchemaProblems(nb.body, {attributes: ['destroy'], blocks: []}))
    else if (nb.type === 'connection') {
      if (!managed)
        out.push(
          errorDiag(
            'config.invalid-removed',
            'Invalid connection block',
            'Provisioner connection configuration is valid only when a removed block targets a managed resource.',
            nb.declRange,
          ),
        )
      else if (connection)
        out.push(
          errorDiag(
            'config.invalid-removed',
            'Duplicate connection block',
            `This "removed" block already has a connection block at ${formatRange(connection.declRange)}.`,
            nb.declRange,
          ),
        )
      else connection = nb
    } else if (nb.type === 'provisioner') {
      if (!managed)
        out.push(
          errorDiag(
            'config.invalid-removed',
            'Invalid provisioner block',
            'Provisioners are valid only when a removed block targets a managed resource.',
            nb.declRange,
          ),
        )
      else if (nb.labels.length === 1 && whenKeyword(nb) !== 'destroy')
        out.push(
          errorDiag(
            'config.invalid-removed',
            'Invalid provisioner block',
            'Only destroy-time provisioners are valid in "removed" blocks. To declare a destroy-time provisioner, use:\n    when = destroy',
            nb.declRange,
          ),
        )
    }
  }
  return out
}

/** decodeImportBlock, what does not depend on the release: `to` must be a managed resource. */
function importProblems(b: Block): Diagnostic[] {
  const to = attr(b, 'to')
  const steps = to && addressSteps(to)
  if (!to || !steps) return []
  const out: Diagnostic[] = []
  const prefix = modulePrefix(steps, true, [])
  const first = prefix && steps[prefix.rest]?.name
  if (prefix && (first === 'data' || first === 'ephemeral'))
    out.push(
      errorDiag('config.invalid-import', 'Invalid import address', 'Only managed resources can be imported.', {
        filename: to.nameRange.filename,
        start: to.nameRange.start,
        end: to.exprRange.end,
      }),
    )
  return out
}

/** The decode errors of a `moved`, `removed` or `import` block (Terraform); none for other blocks. */
export function refactoringBlockProblems(b: Block): Diagnostic[] {
  switch (b.type) {
    case 'moved':
      return movedProblems(b)
    case 'removed':
      return removedProblems(b)
    case 'import':
      return importProblems(b)
    default:
      return []
  }
}

/** The static target of an import (`aws_instance.web`, `module.a[0].aws_instance.web["k"]`), keys written as Terraform prints them. */
function staticImportTarget(b: Block): {key: string; resource: string; range: SourceRange} | undefined {
  const to = attr(b, 'to')
  const steps = to && addressSteps(to)
  if (!to || !steps) return undefined
  let key = ''
  let resource = ''
  for (const s of steps) {
    if (s.name !== undefined) {
      key += (key ? '.' : '') + s.name
      resource += (resource ? '.' : '') + s.name
    } else key += typeof s.key === 'string' ? `[${JSON.stringify(s.key)}]` : `[${String(s.key)}]`
  }
  return {key, resource, range: to.exprRange}
}

/** appendFile: a second import block whose static `to` is the same resource instance, at its `to`. */
export function duplicateImports(imports: readonly Block[]): Diagnostic[] {
  const out: Diagnostic[] = []
  const seen: {key: string; block: Block}[] = []
  for (const b of imports) {
    const t = staticImportTarget(b)
    if (t)
      for (const prev of seen)
        if (prev.key === t.key)
          out.push(
            errorDiag(
              'config.duplicate-import',
              `Duplicate import configuration for ${JSON.stringify(t.resource)}`,
              `An import block for the resource ${JSON.stringify(t.resource)} was already declared at ${formatRange(prev.block.declRange)}. A resource can have only one import block.`,
              t.range,
            ),
          )
    if (t) seen.push({key: t.key, block: b})
  }
  return out
}
