// Static evaluation of the few expressions Terraform and OpenTofu evaluate before anything else exists:
// module `source` and `version` (Terraform 1.15+ while it installs modules, OpenTofu 1.8+ while it loads
// the configuration) and OpenTofu's provider `for_each` (checked, not evaluated, by providers/tree/validate.ts).
// What evaluates: literals, templates, `var.NAME`, `local.NAME`, `path.module`/`path.root`/`path.cwd`
// and `sensitive(…)`. Anything else is "not static" with a reason; what the engine itself reports while
// evaluating (OpenTofu's static-context errors, a null value in a template) comes back as diagnostics.
//
// Two passes per expression, as both engines build their evaluation context first: every `var.`/`local.`
// reference is resolved (each one's errors collected), then the expression's tree is evaluated.
import type {Diagnostic, SourceRange} from '../diag/diagnostic.js'
import {errorDiag, formatRange} from '../diag/diagnostic.js'
import {subRange} from '../diag/positions.js'
import {literalBool, literalValue, partRange, partText, unwrapTemplate, type Expr} from '../hcl/expr.js'
import {children} from '../hcl/native/index.js'
import type {Attribute, Block, Value} from '../hcl/syntax.js'
import type {EngineName} from '../load/engine.js'
import type {Module} from '../load/model.js'

/** Marks a value carries: from sensitive and ephemeral variables, and `sensitive(…)`. */
export interface Marks {
  readonly sensitive?: true
  readonly ephemeral?: true
}

/**
 * A value; or why there is none (`unknown`); or the errors the engine reports while evaluating it
 * (`failed`). `nonConst` marks an expression that is unknown because it reads an input variable not
 * declared `const = true`, `providerFunction` one that calls a provider-defined function: Terraform (1.15
 * and later) evaluates only literals, local values and const variables while it installs modules, and
 * reports "Unknown module source" for the rest.
 */
export type StaticResult =
  | {readonly value: Value; readonly marks?: Marks}
  | {readonly unknown: string; readonly nonConst?: true; readonly providerFunction?: true}
  | {readonly failed: string; readonly diagnostics: readonly Diagnostic[]}

/** The values of `path.module` (the module's directory relative to the root, `.` for the root), `path.root` and `path.cwd`. */
export interface PathValues {
  readonly module: string
  readonly root: string
  readonly cwd: string
}

export interface EvalScope {
  readonly module: Module
  /** Values of this module's input variables (from -var/tfvars for the root, call arguments for children). */
  readonly variables: ReadonlyMap<string, Value>
  /** Only `const = true` variables have values (Terraform); OpenTofu evaluates every variable. */
  readonly constOnly?: boolean
  /** Whose rules: OpenTofu's static evaluator reports its own errors (default: Terraform's, none). */
  readonly engine?: EngineName
  /** `path.*` values; without them `path.*` is not evaluated. */
  readonly paths?: PathValues
  /** The module's address (`module.a`; '' for the root): OpenTofu names what it evaluates with it. */
  readonly address?: string
  /**
   * OpenTofu: report a reference to anything other than variables, local values, `path` and `terraform`
   * ("Dynamic value in static context"); otherwise such an expression is only not static.
   */
  readonly reportDynamic?: boolean
}

/**
 * What is evaluated, as OpenTofu's StaticIdentifier names it (`module.a.source`, `local.x`,
 * `provider.aws.eu.for_each`) and the range it reports a dependency's failure at.
 */
export interface StaticIdent {
  readonly subject: string
  readonly range: SourceRange
}

function identString(scope: EvalScope, id: StaticIdent): string {
  return scope.address ? `${scope.address}:${id.subject}` : id.subject
}

/** A boolean argument of a block (`const = true`, `sensitive = "true"`), as Terraform decodes it. */
export function boolArgument(b: Block, name: string): boolean | undefined {
  return literalBool(b.body.attributes.find((x) => x.name === name))
}

/** An attribute's whole range, `name = expr` (Terraform's hcl.Attribute.Range). */
export function attributeRange(a: Attribute): SourceRange {
  return {filename: a.nameRange.filename, start: a.nameRange.start, end: a.exprRange.end}
}

/** HCL's StartRange of an expression: a call's name, a template's first part, else the whole expression. */
export function startRange(a: Attribute): SourceRange {
  if (literalValue(a.node) !== undefined) return a.exprRange
  let e = a.node
  for (;;) {
    if (e.k === 'call') return partRange(a, {s: e.s, e: e.nameE})
    if (e.k === 'tmpl' && e.parts[0]) e = e.parts[0]
    else return partRange(a, e)
  }
}

const MAX_DEPTH = 32

/** Roots that name no value in a static context (OpenTofu: "Dynamic value in static context"). */
const DYNAMIC_ROOTS = new Set(['count', 'each', 'self'])

/**
 * Traversals from one of `roots` (`count.index`, `each.key`, `self`, `path.module`) in an expression, outside
 * the `for` iterators that shadow them: the address (root and first name) and its span. `named`: only
 * those with a name after the root (`each.key`, not `each`), `self` excepted.
 */
export function rootReferences(
  e: Expr,
  roots: ReadonlySet<string>,
  named = false,
): {readonly address: string; readonly s: number; readonly e: number}[] {
  const out: {address: string; s: number; e: number}[] = []
  const stack: {x: Expr; bound: readonly string[]}[] = [{x: e, bound: []}]
  while (stack.length > 0) {
    const {x, bound} = stack.pop()!
    if (x.k === 'trav' && roots.has(x.root) && !bound.includes(x.root)) {
      const step = x.root === 'self' ? undefined : x.steps[0]
      if (!named || step?.k === 'attr' || x.root === 'self')
        out.push({address: step?.k === 'attr' ? `${x.root}.${step.name}` : x.root, s: x.s, e: step ? step.e : x.rootE})
      continue
    }
    if (x.k === 'for' || x.k === 'tfor') {
      const inner = [...bound, x.valVar, ...(x.keyVar ? [x.keyVar] : [])]
      stack.push({x: x.coll, bound})
      const body = x.k === 'for' ? [...(x.keyExpr ? [x.keyExpr] : []), x.valExpr, ...(x.cond ? [x.cond] : [])] : [x.body]
      for (const b of body) stack.push({x: b, bound: inner})
      continue
    }
    for (const c of children(x)) stack.push({x: c, bound})
  }
  return out.sort((a, b) => a.s - b.s)
}

/** Evaluates an attribute's expression (`ident` names it in OpenTofu's messages). */
export function evaluateAttribute(a: Attribute, scope: EvalScope, ident: StaticIdent): StaticResult {
  const r = new Evaluation(scope).attribute(a, ident, 0)
  return 'failed' in r ? {failed: r.failed, diagnostics: distinct(r.diagnostics)} : r
}

/**
 * Evaluates many attributes in one scope (the arguments of a module's calls), each local value once for
 * all of them rather than once per attribute.
 */
export function scopeEvaluator(scope: EvalScope): (a: Attribute, ident: StaticIdent) => StaticResult {
  const ev = new Evaluation(scope)
  return (a, ident) => {
    const r = ev.attribute(a, ident, 0)
    return 'failed' in r ? {failed: r.failed, diagnostics: distinct(r.diagnostics)} : r
  }
}

/**
 * OpenTofu: the errors its static evaluator reports for an expression it evaluates while loading the
 * configuration (a provider's `for_each`), whatever tfgraph makes of the value.
 */
export function staticContextErrors(a: Attribute, scope: EvalScope, ident: StaticIdent): readonly Diagnostic[] {
  const r = evaluateAttribute(a, {...scope, engine: 'opentofu', reportDynamic: true}, ident)
  return 'failed' in r ? r.diagnostics : []
}

/** Each diagnostic once (a local value read twice fails twice). */
function distinct(diags: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>()
  return diags.filter((d) => {
    const key = `${d.code}\u0000${d.detail}\u0000${d.range ? formatRange(d.range) : ''}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

const NO_POS = {line: 1, column: 1, byte: 0}
const NO_RANGE: SourceRange = {filename: '', start: NO_POS, end: NO_POS}

type Resolved = ReadonlyMap<string, StaticResult>

class Evaluation {
  private readonly tofu: boolean
  /** Local values evaluated so far (a local value read many times is evaluated once), and those under way. */
  private readonly locals = new Map<string, StaticResult>()
  private readonly evaluating = new Set<string>()
  constructor(private readonly scope: EvalScope) {
    this.tofu = scope.engine === 'opentofu'
  }

  attribute(a: Attribute, ident: StaticIdent, depth: number): StaticResult {
    if (depth > MAX_DEPTH) return {unknown: 'references nest too deeply'}
    const literal = literalValue(a.node)
    if (literal !== undefined) return {value: literal}
    const outer = unwrapTemplate(a.node)
    if (outer.k === 'tuple' || outer.k === 'object') return {unknown: 'a collection built from references is not evaluated'}
    const diags: Diagnostic[] = []
    const required = identString(this.scope, ident)
    // 1. the references a static context refuses (OpenTofu reports each; Terraform finds them unknown)
    const index = this.scope.module.index
    const fns = index.functionCallsOf(a)
    const refs = index.referencesOf(a)
    if (this.tofu) {
      if (this.scope.reportDynamic) {
        const dynamic = [
          ...refs
            .filter((r) => r.kind !== 'var' && r.kind !== 'local')
            .map((r) => ({address: r.address, module: r.kind === 'module', range: subRange(a.exprRange, a.expr, r.start, r.end)})),
          ...rootReferences(a.node, DYNAMIC_ROOTS).map((r) => ({address: r.address, module: false, range: partRange(a, r)})),
        ].sort((x, y) => x.range.start.byte - y.range.start.byte)
        for (const r of dynamic) {
          const output = r.module && r.address.split('.').length > 2
          diags.push(
            errorDiag(
              output ? 'config.static-module-output' : 'config.static-dynamic-value',
              output ? 'Module output not supported in static context' : 'Dynamic value in static context',
              `Unable to use ${r.address} in static context, which is required by ${required}`,
              r.range,
            ),
          )
        }
      }
      for (const f of fns)
        diags.push(
          errorDiag(
            'config.static-provider-function',
            'Provider function in static context',
            `Unable to use ${f.name} in static context, which is required by ${required}`,
            subRange(a.exprRange, a.expr, f.start, f.end),
          ),
        )
      if (diags.length > 0) {
        const fn = fns[0]
        return {
          failed: fn ? `it calls the provider-defined function ${fn.name}` : 'it refers to a value that is not static',
          diagnostics: diags,
        }
      }
    }
    // 2. every variable and local value referenced, each reference on its own (as both engines do)
    const resolved = new Map<string, StaticResult>()
    for (const r of refs) {
      if (r.kind !== 'var' && r.kind !== 'local') continue
      const key = `${r.kind}.${r.name}`
      // the reference's range only when a message needs it (most references evaluate)
      const got =
        r.kind === 'var' ? this.variable(r.name, () => subRange(a.exprRange, a.expr, r.start, r.end)) : this.local(r.name, ident, depth)
      if ('failed' in got) diags.push(...got.diagnostics)
      if (!resolved.has(key) || 'failed' in got) resolved.set(key, got)
    }
    if (diags.length > 0) return {failed: [...resolved.values()].find((x) => 'failed' in x)?.failed ?? 'not static', diagnostics: diags}
    const fn = fns[0]
    if (fn) return {unknown: `it calls the provider-defined function ${fn.name}`, providerFunction: true}
    // 3. the expression itself
    return new TreeEvaluation(this, a, resolved).whole(a.node)
  }

  private variable(name: string, range: () => SourceRange): StaticResult {
    const v = this.scope.module.variables.get(name)
    if (!v) return {unknown: `variable "${name}" is not declared`}
    const isConst = boolArgument(v, 'const')
    if (this.tofu && isConst === false)
      return {
        failed: `variable "${name}" is declared with const = false`,
        diagnostics: [
          errorDiag(
            'config.static-non-const-variable',
            'Unable to use variable in static context',
            `The variable ${JSON.stringify(name)} cannot be used in a static context, because it is declared as "const = false".`,
            range(),
          ),
        ],
      }
    if (this.scope.constOnly && isConst !== true) return {unknown: `variable "${name}" is not declared with const = true`, nonConst: true}
    // sensitive and ephemeral variables mark their values (Terraform: a const one, its declaration an error)
    const marks = variableMarks(v)
    if (this.scope.variables.has(name)) return withMarks({value: this.scope.variables.get(name) ?? null}, marks)
    const def = v.body.attributes.find((a) => a.name === 'default')
    if (!def) return {unknown: `variable "${name}" has no default and no value was given`}
    return withMarks(
      this.attribute(
        def,
        {
          subject: `var.${name}`,
          get range() {
            return v.declRange
          },
        },
        1,
      ),
      marks,
    )
  }

  private local(name: string, from: StaticIdent, depth: number): StaticResult {
    const l = this.scope.module.locals.get(name)
    if (!l) return {unknown: `local value "${name}" is not defined`}
    // its range only when a message needs it
    const id: StaticIdent = {
      subject: `local.${name}`,
      get range() {
        return attributeRange(l)
      },
    }
    let r = this.locals.get(name)
    if (!r) {
      if (this.evaluating.has(name)) return {unknown: `local value "${name}" refers to itself`}
      this.evaluating.add(name)
      r = this.attribute(l, id, depth + 1)
      this.evaluating.delete(name)
      this.locals.set(name, r)
    }
    if (!('failed' in r) || !this.tofu) return r
    // OpenTofu adds where the failed value was needed
    const dependency = errorDiag(
      'config.static-value-unavailable',
      'Unable to compute static value',
      `${identString(this.scope, from)} depends on ${identString(this.scope, id)} which is not available`,
      from.range,
    )
    return {failed: r.failed, diagnostics: [...r.diagnostics, dependency]}
  }

  /** Evaluates a `var.`/`local.` reference again (TreeEvaluation asks for those it did not see resolved). */
  reference(kind: 'var' | 'local', name: string): StaticResult {
    const r = kind === 'var' ? this.variable(name, () => NO_RANGE) : this.local(name, {subject: '', range: NO_RANGE}, 0)
    return 'failed' in r ? {unknown: r.failed} : r
  }

  get paths(): PathValues | undefined {
    return this.scope.paths
  }
}

function variableMarks(v: Block): Marks | undefined {
  const sensitive = boolArgument(v, 'sensitive') === true
  const ephemeral = boolArgument(v, 'ephemeral') === true
  if (!sensitive && !ephemeral) return undefined
  return {...(sensitive ? {sensitive: true as const} : {}), ...(ephemeral ? {ephemeral: true as const} : {})}
}

function withMarks(r: StaticResult, marks: Marks | undefined): StaticResult {
  if (!marks || !('value' in r)) return r
  return {value: r.value, marks: {...r.marks, ...marks}}
}

function mergeMarks(a: Marks | undefined, b: Marks | undefined): Marks | undefined {
  return a || b ? {...a, ...b} : undefined
}

/** The evaluation of one expression's tree, its references resolved. */
class TreeEvaluation {
  constructor(
    private readonly ev: Evaluation,
    private readonly attr: Attribute,
    private readonly resolved: Resolved,
  ) {}

  private text(e: Expr): string {
    return partText(this.attr, e).trim()
  }

  /** The whole expression (or the inside of `"${…}"`). */
  whole(e: Expr): StaticResult {
    if (e.k === 'wrap' || e.k === 'parens') return this.whole(e.inner)
    if (e.k === 'tmpl') return this.template(e.parts)
    return this.value(e) ?? {unknown: `the expression ${this.text(e)} is not a literal, a variable or a local value`}
  }

  /** A value the evaluator knows how to make, or undefined. */
  private value(e: Expr): StaticResult | undefined {
    switch (e.k) {
      case 'lit':
        return e.v === undefined ? undefined : {value: e.v}
      case 'wrap':
      case 'parens':
        return this.whole(e.inner)
      case 'tmpl':
        return this.template(e.parts)
      case 'trav': {
        const step = e.steps[0]
        if (e.steps.length !== 1 || step?.k !== 'attr') return undefined
        if (e.root === 'var' || e.root === 'local')
          return this.resolved.get(`${e.root}.${step.name}`) ?? this.ev.reference(e.root, step.name)
        const paths = this.ev.paths
        if (e.root === 'path' && paths && (step.name === 'module' || step.name === 'root' || step.name === 'cwd'))
          return {value: paths[step.name]}
        return undefined
      }
      case 'call': {
        // sensitive(x): x, marked sensitive
        const arg = e.args[0]
        if (e.name !== 'sensitive' || e.args.length !== 1 || !arg || e.expandFinal) return undefined
        const r = this.whole(arg)
        return 'value' in r ? {value: r.value, marks: {...r.marks, sensitive: true}} : r
      }
      default:
        return undefined
    }
  }

  /** A template: its parts converted to strings and joined (HCL: a null part is an error). */
  private template(parts: readonly Expr[]): StaticResult {
    let out = ''
    let marks: Marks | undefined
    let unknown: StaticResult | undefined
    const diags: Diagnostic[] = []
    for (const p of parts) {
      if (p.k === 'lit' && typeof p.v === 'string') {
        out += p.v
        continue
      }
      const r = this.value(p) ?? {unknown: `the template part \${${this.text(p)}} is not a variable or a local value`}
      if ('failed' in r) return r
      if ('unknown' in r) {
        unknown ??= r
        continue
      }
      if (r.value === null) {
        diags.push(
          errorDiag(
            'module.template-null',
            'Invalid template interpolation value',
            'The expression result is null. Cannot include a null value in a string template.',
            partRange(this.attr, p),
          ),
        )
        continue
      }
      marks = mergeMarks(marks, r.marks)
      if (typeof r.value !== 'string' && typeof r.value !== 'number' && typeof r.value !== 'boolean') {
        unknown ??= {unknown: `${this.text(p)} is not a string`}
        continue
      }
      out += String(r.value)
    }
    if (diags.length > 0) return {failed: 'a template part is null', diagnostics: diags}
    if (unknown) return unknown
    return marks ? {value: out, marks} : {value: out}
  }
}
