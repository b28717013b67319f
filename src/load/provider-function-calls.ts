// Provider-defined function calls (`provider::NAME::FUNCTION(…)`, Terraform 1.8+) in a module's expressions,
// found once when the module is built (a module reached from many roots is scanned once, not once per root
// and per rule), with whether Terraform's validate walk evaluates the expression holding each.
import type {SourceRange} from '../diag/diagnostic.js'
import {subRange} from '../diag/positions.js'
import {attributeFunctionCalls} from '../hcl/references.js'
import type {Attribute, Block, Body} from '../hcl/syntax.js'

export interface ProviderFunctionUse {
  /** The provider local name (`time` in `provider::time::rfc3339_parse`). */
  readonly provider: string
  /** The function's name as Terraform prints it: `provider::time::rfc3339_parse`. */
  readonly name: string
  /** The function's name inside the provider: `rfc3339_parse`. */
  readonly function: string
  /** The name in the source, as Terraform's range (not the arguments). */
  readonly range: SourceRange
  /**
   * Whether `terraform validate` evaluates the expression with the module's provider functions, so that an
   * undeclared provider is its "Unknown provider function" error (checked with Terraform 1.11.4): false in
   * conditions and error messages (variable validation, preconditions, postconditions, check blocks), where
   * it reports another error or none, and in blocks it does not evaluate while validating (import, removed).
   */
  readonly validated: boolean
}

export function isJson(a: Attribute): boolean {
  return a.exprRange.filename.endsWith('.json')
}

export function callsIn(a: Attribute, validated: boolean, out: ProviderFunctionUse[]): void {
  for (const c of attributeFunctionCalls(a)) {
    out.push({provider: c.provider, name: c.name, function: c.function, range: subRange(a.exprRange, a.expr, c.start, c.end), validated})
  }
}

/** Attributes that are not expressions Terraform evaluates (meta-arguments read as references or constants). */
export const NOT_EVALUATED: ReadonlySet<string> = new Set(['depends_on', 'provider', 'providers', 'ignore_changes', 'replace_triggered_by'])

function walkBody(body: Body, validated: boolean, out: ProviderFunctionUse[], skip: ReadonlySet<string> = NOT_EVALUATED): void {
  for (const a of body.attributes) callsIn(a, validated && !skip.has(a.name), out)
  for (const b of body.blocks) {
    // lifecycle conditions (and the block's own settings) are not evaluated with the provider functions
    const inner = validated && b.type !== 'lifecycle' && b.type !== 'precondition' && b.type !== 'postcondition' && b.type !== 'validation'
    walkBody(b.body, inner, out)
  }
}

function walkBlocks(blocks: Iterable<Block>, validated: boolean, out: ProviderFunctionUse[], skip?: ReadonlySet<string>): void {
  for (const b of blocks) walkBody(b.body, validated, out, skip)
}

export const MODULE_NOT_EVALUATED: ReadonlySet<string> = new Set([...NOT_EVALUATED, 'source', 'version'])

/** The blocks of a module the scan reads. */
export interface FunctionCallSources {
  readonly locals: ReadonlyMap<string, Attribute>
  readonly outputs: ReadonlyMap<string, Block>
  readonly moduleCalls: ReadonlyMap<string, Block>
  readonly providerConfigs: ReadonlyMap<string, Block>
  readonly managedResources: ReadonlyMap<string, Block>
  readonly dataResources: ReadonlyMap<string, Block>
  /** Data resources of `dataResources` scoped to a check block (read with their check, not evaluated). */
  readonly checkData: ReadonlyMap<string, Block>
  readonly ephemeralResources: ReadonlyMap<string, Block>
  readonly variables: ReadonlyMap<string, Block>
  readonly checks: readonly Block[]
  readonly imports: readonly Block[]
  readonly removed: readonly Block[]
  readonly otherBlocks: readonly Block[]
}

/** Every provider-defined function call of a module, in file order (an expression without `::` is skipped at once). */
export function scanProviderFunctionCalls(m: FunctionCallSources): readonly ProviderFunctionUse[] {
  const out: ProviderFunctionUse[] = []
  for (const a of m.locals.values()) callsIn(a, true, out)
  walkBlocks(m.outputs.values(), true, out)
  walkBlocks(m.moduleCalls.values(), true, out, MODULE_NOT_EVALUATED)
  walkBlocks(m.providerConfigs.values(), true, out)
  walkBlocks(m.managedResources.values(), true, out)
  walkBlocks(
    [...m.dataResources].filter(([key]) => !m.checkData.has(key)).map(([, b]) => b),
    true,
    out,
  )
  walkBlocks(m.ephemeralResources.values(), true, out)
  walkBlocks(m.variables.values(), false, out)
  walkBlocks(m.checks, false, out)
  walkBlocks(m.imports, false, out)
  walkBlocks(m.removed, false, out)
  walkBlocks(m.otherBlocks, false, out)
  out.sort((a, b) =>
    a.range.filename < b.range.filename ? -1 : a.range.filename > b.range.filename ? 1 : a.range.start.byte - b.range.start.byte,
  )
  return out
}
