// Terraform Stacks' validation of provider configurations (internal/stacks/stackruntime/internal/stackeval):
// every slot of a component's root module must be given a configuration of its provider in the component's
// `providers` map (EvalProviderTypes: "Missing required provider configuration", "Invalid provider
// configuration"); the modules of a component may not configure providers nor declare const variables
// (validateModuleForStacks); and every provider the stack configures or requires must be in the stack's
// dependency lock file at a version its constraints allow (CheckProviderInLockfile, checkRequiredProviders).
import {isBuiltin, providerForDisplay, providerString} from '../../addrs/provider.js'
import type {ComponentAddr, DiagnosticPlace} from '../../addrs/stack.js'
import type {Diagnostic, SourceRange} from '../../diag/diagnostic.js'
import {errorDiag} from '../../diag/diagnostic.js'
import {goQuote} from '../../diag/go-quote.js'
import type {ModuleTree} from '../../crawl/crawl.js'
import {partRange} from '../../hcl/expr.js'
import {walkExpr} from '../../hcl/native/index.js'
import type {Module} from '../../load/model.js'
import type {ProvidersMapEntry, Stack} from '../../load/stacks/model.js'
import {allows, constraintsString, parseProviderConstraints, parseVersion} from '../releases/constraints.js'
import type {ProviderSlot} from './stack-slots.js'
import {providerValue, referenceDiagnostics} from './stack-values.js'

const HOST = 'registry.terraform.io'

function compact(localName: string, alias: string | undefined): string {
  return alias ? `${localName}.${alias}` : localName
}

/** The entry of a providers map that gives a slot its configuration. */
export function entryFor(providers: readonly ProvidersMapEntry[], slot: ProviderSlot): ProvidersMapEntry | undefined {
  return providers.find((e) => e.localName === slot.localName && e.alias === slot.alias)
}

export interface ComponentScope {
  /** `component.a`, `stack.s.component.a` (a removed block: the component it removes). */
  readonly address: ComponentAddr
  readonly declRange: SourceRange
  readonly providers: readonly ProvidersMapEntry[]
  readonly stack: Stack
}

/** The detail's last paragraph: what the stack has of the slot's provider and name (EvalProviderTypes). */
function mismatchAdvice(scope: ComponentScope, slot: ProviderSlot): string {
  const reqs = scope.stack.requiredProviders?.entries
  const stackName = reqs
    ? [...reqs.values()].find((r) => providerString(r.provider) === providerString(slot.provider))?.localName
    : undefined
  const nameExists = reqs?.has(slot.localName) ?? false
  if (stackName === undefined && !nameExists)
    return '\n\nDeclare the required provider in the stack\'s required_providers block, and then assign a configuration for that provider in this block\'s "providers" argument.'
  if (!nameExists)
    return `\n\nThis stack has a configured provider of the correct type under the name ${goQuote(stackName!)}. Update this block's "providers" argument to reference this provider.`
  if (stackName === undefined && !slot.explicit)
    return `\n\nThe module does not declare a source address for ${goQuote(slot.localName)} in its required_providers block, so Terraform assumed ${goQuote(providerForDisplay(slot.provider, HOST))} for backward-compatibility with older versions of Terraform`
  return ''
}

/** EvalProviderTypes: a diagnostic per slot not given, or given a value that is not a configuration of its provider. */
export function componentProviderDiagnostics(scope: ComponentScope, slots: readonly ProviderSlot[], seen: Set<string>): Diagnostic[] {
  const out: Diagnostic[] = []
  for (const slot of slots) {
    const name = compact(slot.localName, slot.alias)
    const entry = entryFor(scope.providers, slot)
    if (!entry) {
      out.push(
        errorDiag(
          'stack.missing-provider-config',
          'Missing required provider configuration',
          `The root module for ${scope.address.key} requires a provider configuration named ${goQuote(name)} for provider ${goQuote(providerForDisplay(slot.provider, HOST))}, which is not assigned in the block's "providers" argument.`,
          scope.declRange,
        ),
      )
      continue
    }
    const refErrors: Diagnostic[] = []
    referenceDiagnostics(scope.stack, entry.attribute, entry.value, seen, refErrors)
    out.push(...refErrors)
    if (refErrors.length > 0) continue
    const v = providerValue(scope.stack, entry.attribute, entry.value)
    const want = providerString(slot.provider)
    if (v.kind === 'not-provider') {
      out.push(
        errorDiag(
          'stack.invalid-provider-config',
          'Invalid provider configuration',
          `The provider configuration slot ${name} requires a configuration for provider ${goQuote(want)}.`,
          entry.valueRange,
        ),
      )
      continue
    }
    const localName = v.kind === 'ref' || v.kind === 'typed' ? v.localName : undefined
    const actual = localName !== undefined ? scope.stack.requiredProviders?.entries.get(localName)?.provider : undefined
    if (!actual || providerString(actual) === want) continue
    out.push(
      errorDiag(
        'stack.invalid-provider-config',
        'Invalid provider configuration',
        `The provider configuration slot ${goQuote(name)} requires a configuration for provider ${goQuote(want)}, not for provider ${goQuote(providerString(actual))}.${mismatchAdvice(scope, slot)}`,
        entry.valueRange,
      ),
    )
  }
  return out
}

/** validateModuleForStacks: provider blocks and const variables in a component's modules (`modules` gets each one's module). */
export function moduleTreeDiagnostics(tree: ModuleTree, modules: Map<Diagnostic, DiagnosticPlace>): Diagnostic[] {
  const out: Diagnostic[] = []
  for (const n of tree.nodes) {
    const m = n.module
    if (!m) continue
    const from = out.length
    for (const p of m.providerConfigs.values()) {
      if (!p.valid) continue
      out.push(
        errorDiag(
          'stack.inline-provider-config',
          'Inline provider configuration not allowed',
          n.addr.isRoot
            ? 'A module used as a stack component must have all of its provider configurations passed from the stack configuration, using the "providers" argument within the component configuration block.'
            : 'This module is not compatible with Terraform Stacks, because it declares an inline provider configuration.\n\nTo be used with stacks, this module must instead accept provider configurations from its caller.',
          p.declRange,
        ),
      )
    }
    for (const v of m.variables.values())
      if (v.body.attributes.some((a) => a.name === 'const'))
        out.push(
          errorDiag(
            'stack.const-variable',
            'Const variable not supported in stacks',
            'Variables with const = true are not supported in modules used as stack components. Const variables are evaluated during configuration loading, which is not supported in the stacks runtime.',
            v.declRange,
          ),
        )
    for (const d of out.slice(from)) modules.set(d, n.addr)
  }
  return out
}

const WORKSPACE_DETAIL =
  'The terraform.workspace attribute is only available for modules used in Terraform workspaces. Use input variables instead to create variations between different instances of this module.'

/**
 * `terraform.workspace` in the expressions the validate walk evaluates, in every module of a component's
 * tree (each module once): a stack has no workspaces, so Terraform's evaluator has no workspace name and
 * says `Invalid reference` at the reference (`internal/terraform/evaluate.go` GetTerraformAttr; the
 * stackruntime test planning/no_workspace_name_ref). `modules` gets each one's module.
 */
export function workspaceReferenceDiagnostics(tree: ModuleTree, modules: Map<Diagnostic, DiagnosticPlace>): Diagnostic[] {
  const out: Diagnostic[] = []
  const seen = new Set<Module>()
  for (const n of tree.nodes) {
    const m = n.module
    if (!m || seen.has(m)) continue
    seen.add(m)
    for (const {attribute: a, body} of m.index.sites()) {
      if (!body.evaluated || body.notEvaluated.has(a.name)) continue
      walkExpr(a.node, (e) => {
        if (e.k !== 'trav' || e.root !== 'terraform' || e.steps[0]?.k !== 'attr' || e.steps[0].name !== 'workspace') return
        const d = errorDiag('stack.workspace-reference', 'Invalid reference', WORKSPACE_DETAIL, partRange(a, {s: e.s, e: e.steps[0].e}))
        modules.set(d, n.addr)
        out.push(d)
      })
    }
  }
  return out
}

/** The stack's dependency lock file, as read: provider → locked version (undefined when there is no file). */
export type LockedVersions = ReadonlyMap<string, string>

const LOCK_ADVICE =
  'Please run `terraform stacks providers lock` to update the lockfile and run this operation again with an updated configuration.'

/** CheckProviderInLockfile for one provider, at `range` (or, where Terraform gives none, tfgraph's `at`). */
function lockProblem(
  provider: string,
  version: string | undefined,
  locks: LockedVersions,
  where: {readonly range?: SourceRange; readonly at?: SourceRange; readonly versions: boolean},
): Diagnostic | undefined {
  const place = (d: Diagnostic): Diagnostic => (where.range ? {...d, range: where.range} : where.at ? {...d, extra: {range: where.at}} : d)
  const locked = locks.get(provider)
  if (locked === undefined)
    return place(
      errorDiag(
        'stack.provider-not-locked',
        'Provider missing from lockfile',
        `Provider ${goQuote(provider)} is not in the lockfile. This provider must be in the lockfile to be used in the configuration. ${LOCK_ADVICE}`,
      ),
    )
  if (!where.versions) return undefined
  const cs = version !== undefined ? parseProviderConstraints(version) : undefined
  const v = parseVersion(locked)
  if (!cs || 'error' in cs || cs.constraints.length === 0 || 'error' in v || allows(cs.constraints, v)) return undefined
  return place(
    errorDiag(
      'stack.provider-version-mismatch',
      "Provider version doesn't match the lockfile",
      `Provider ${goQuote(provider)} is locked at version ${locked} in the dependency lockfile, but the configuration's version constraints (${constraintsString(cs.constraints)}) do not allow that version. This usually means the version constraints were changed after the lockfile was generated. ${LOCK_ADVICE}`,
    ),
  )
}

/**
 * Every provider configuration of the stack against the lock file; with `newest` (Terraform's main branch,
 * 1.17), also the locked versions against the constraints, and the required providers it configures nowhere.
 */
export function lockDiagnostics(stack: Stack, locks: LockedVersions, newest: boolean): Diagnostic[] {
  const out: Diagnostic[] = []
  const reqs = stack.requiredProviders?.entries
  const versionOf = (provider: string): string | undefined =>
    [...(reqs?.values() ?? [])].find((r) => providerString(r.provider) === provider)?.version
  for (const c of stack.providerConfigs.values()) {
    if (!c.provider || isBuiltin(c.provider) || c.provider.namespace === '-') continue
    const p = providerString(c.provider)
    const d = lockProblem(p, versionOf(p), locks, {range: c.declRange, versions: newest})
    if (d) out.push(d)
  }
  for (const r of newest ? (reqs?.values() ?? []) : []) {
    if (isBuiltin(r.provider) || r.provider.namespace === '-') continue
    if ([...stack.providerConfigs.values()].some((c) => c.localName === r.localName)) continue
    const d = lockProblem(providerString(r.provider), r.version, locks, {at: r.nameRange, versions: true})
    if (d) out.push(d)
  }
  return out
}
