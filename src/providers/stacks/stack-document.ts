// The `stack` part of `tfgraph providers --json` for a Terraform Stacks configuration: its provider
// configurations, and per component its providers map and every resource of its module tree with the stack
// configuration it uses and the chain that leads there (docs/json.md).
import type {StackProviderConfigAddr} from '../../addrs/stack.js'
import type {SourceRange} from '../../diag/diagnostic.js'
import type {ResolutionStep, ResourceBinding} from '../tree/resolve.js'
import type {StackAnalysis, StackComponentAnalysis, TreeAnalysis} from './stack-analyze.js'
import {componentModuleNames, stepText} from '../tree/step-text.js'

export interface StackResourceDocument {
  /** The stack address: `component.s3.aws_s3_bucket.b` (the component's address, then the resource's in its module tree). */
  readonly address: string
  /** The address inside the component's module tree. */
  readonly module_address: string
  readonly mode: string
  readonly type: string
  readonly provider: string
  /** The stack's provider configuration it uses (`provider["registry.terraform.io/hashicorp/aws"].regional`), or null. */
  readonly provider_config: string | null
  /** The providers map value that leads there, as written (`provider.aws.regional[each.value]`). */
  readonly value: string | null
  /** The configuration in the component's root module the chain passes through (`provider["…/aws"]`). */
  readonly root_config: string | null
  readonly chain: readonly {kind: string; module: string; text: string; range?: SourceRange}[]
  readonly range: SourceRange
}

export interface StackComponentDocument {
  readonly address: string
  readonly kind: 'component' | 'removed'
  readonly source: string
  readonly version: string | null
  /** The module directory, relative to the stack's; null when not read. */
  readonly dir: string | null
  readonly resolved: boolean
  readonly unresolved_reason?: string
  /** The `for_each` expression as written, or null. */
  readonly for_each: string | null
  readonly providers: readonly {
    slot: string
    provider: string | null
    value: string | null
    provider_config: string | null
    range: SourceRange | null
  }[]
  readonly resources: readonly StackResourceDocument[]
  readonly range: SourceRange
}

export interface StackDocument {
  /** The Terraform release whose rules were followed. */
  readonly behaviour_version: string
  readonly files: readonly {name: string; kind: string; read: boolean}[]
  readonly provider_configs: readonly {
    address: string
    stack: string
    local_name: string
    name: string
    provider: string | null
    for_each: boolean
    range: SourceRange
  }[]
  readonly components: readonly StackComponentDocument[]
  readonly embedded_stacks: readonly {address: string; source: string; dir: string | null; resolved: boolean}[]
  readonly deployments: readonly {stack: string; name: string; inputs: readonly string[]; range: SourceRange}[]
  readonly lock_file: boolean
}

/** Where a binding's chain ends in the stack: the stack configuration's address and the providers map value. */
export function stackTarget(r: ResourceBinding): {config: StackProviderConfigAddr | undefined; value: string | null} {
  const steps: readonly ResolutionStep[] = r.resolution
  const c = steps.find((s): s is Extract<ResolutionStep, {kind: 'stack-config'}> => s.kind === 'stack-config')
  const v = steps.find((s): s is Extract<ResolutionStep, {kind: 'component'}> => s.kind === 'component')
  return {config: c?.address, value: v?.value ?? null}
}

function resources<A extends TreeAnalysis>(c: StackComponentAnalysis<A>): StackResourceDocument[] {
  return (c.analysis?.resolution.resources ?? []).map((r) => {
    const t = stackTarget(r)
    return {
      address: `${c.address.key}.${r.address.key}`,
      module_address: r.address.key,
      mode: r.mode,
      type: r.type,
      provider: r.provider,
      provider_config: t.config?.key ?? null,
      value: t.value,
      root_config: r.providerConfig?.key ?? null,
      chain: r.resolution.map((s) => ({
        kind: s.kind,
        module: s.module.key,
        text: stepText(s, 'terraform', componentModuleNames(c.address)),
        ...(s.range ? {range: s.range} : {}),
      })),
      range: r.range,
    }
  })
}

export function stackDocument<A extends TreeAnalysis>(s: StackAnalysis<A>): StackDocument {
  const skipped = new Set(s.config.stack.skippedFiles)
  return {
    behaviour_version: s.behaviourVersion,
    files: s.config.stack.files.map((f) => ({name: f.name, kind: f.kind, read: f.kind === 'deploy' || !skipped.has(f.name)})),
    provider_configs: s.providerConfigs.map((p) => ({
      address: p.address.key,
      stack: p.stack.key,
      local_name: p.localName,
      name: p.name,
      provider: p.provider ?? null,
      for_each: p.forEach,
      range: p.range,
    })),
    components: s.components.map((c) => ({
      address: c.address.key,
      kind: c.kind,
      source: c.source.text,
      version: c.source.version ?? null,
      dir: c.displayDir ?? null,
      resolved: c.analysis !== undefined,
      ...(c.unresolvedReason ? {unresolved_reason: c.unresolvedReason} : {}),
      for_each: c.forEach ?? null,
      providers: c.providers.map((p) => ({
        slot: p.slot,
        provider: p.provider ?? null,
        value: p.value ?? null,
        provider_config: p.config?.key ?? null,
        range: p.range ?? null,
      })),
      resources: resources(c),
      range: c.declRange,
    })),
    embedded_stacks: s.embeddedStacks.map((e) => ({
      address: e.address.key,
      source: e.source,
      dir: e.displayDir ?? null,
      resolved: e.resolved,
    })),
    deployments: s.deployments.map((d) => ({stack: d.stack.key, name: d.name, inputs: d.inputs.map((i) => i.name), range: d.declRange})),
    lock_file: s.lockFile,
  }
}
