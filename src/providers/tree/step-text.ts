// The sentences of a resolution: each step (data, resolve.ts) as the one line a reader sees, in the
// `providers` text, in `providers --json` (`resolution[].text`), in `providers diff` and in the lint
// findings that quote a chain. The one place steps become text; here rather than in render/ because the
// JSON document (analyze.ts) and the lint rules, below render, quote them too.
import type {ModulePath} from '../../addrs/module.js'
import {localConfigString, providerForDisplay, providerString} from '../../addrs/provider.js'
import type {ComponentAddr} from '../../addrs/stack.js'
import {formatRange, type SourceRange} from '../../diag/diagnostic.js'
import {engineByName, type Engine, type EngineName} from '../../load/engine.js'
import type {ResolutionStep} from './resolve.js'

/** How a step names a module: its address, or "the root module". */
export function moduleName(address: ModulePath | string): string {
  const text = typeof address === 'string' ? address : address.key
  return text === '' ? 'the root module' : text
}

/** How the sentences of steps write a module: its address (`address`), and as a subject or object (`name`). */
export interface ModuleNames {
  address(m: ModulePath): string
  name(m: ModulePath): string
}

/** A module tree's own names: `module.a`, and "the root module". */
export const MODULE_NAMES: ModuleNames = {address: (m) => m.key, name: moduleName}

/** The names of a stack component's module tree: `component.s3`, `component.s3.module.a`. */
export function componentModuleNames(component: ComponentAddr): ModuleNames {
  const address = (m: ModulePath): string => (m.isRoot ? component.key : `${component.key}.${m.key}`)
  return {address, name: address}
}

const at = (r: SourceRange | undefined): string => (r ? formatRange(r) : '?')

/** Why a child's provider block that sets arguments is an empty ("proxy") block to Terraform. */
const MERGED_EMPTY =
  'an override file merges into it, and Terraform reads a merged provider block as empty whatever it sets (configs/module_merge_body.go)'

/** `provider "aws"`, `provider "aws" with alias "west"`. */
export function providerBlock(localName: string, alias: string | undefined): string {
  return `provider "${localName}"${alias ? ` with alias "${alias}"` : ''}`
}

/** The step as one sentence; `engine` (or its name) gives the product and its default registry. */
export function stepText(s: ResolutionStep, engineOrName: Engine | EngineName, names: ModuleNames = MODULE_NAMES): string {
  const engine = typeof engineOrName === 'string' ? engineByName(engineOrName) : engineOrName
  const moduleName = names.name
  const address = names.address
  switch (s.kind) {
    case 'reference':
      return `provider = ${localConfigString(s.ref)} (${formatRange(s.range)})`
    case 'implied-name':
      return `local name "${s.localName}" implied by the resource type ${s.resourceType}`
    case 'source':
      return s.required
        ? `${moduleName(s.module)} requires ${s.localName} = ${providerForDisplay(s.provider, engine.defaultRegistryHost)} (${at(s.range)})`
        : `${moduleName(s.module)} has no required_providers entry "${s.localName}": ${engine.product} assumes ${providerString(s.provider)}`
    case 'passed':
      return `${address(s.module)} receives ${s.key} = ${s.value} from ${moduleName(s.from)}${s.mergedBlock ? ` (its own provider block at ${at(s.mergedBlock)} does not count: ${MERGED_EMPTY})` : ''}`
    case 'inherited':
      return s.fromCallers
        ? `no configuration for ${providerString(s.provider)} in ${moduleName(s.module)} or its callers: inherited from the root module`
        : `no configuration for ${providerString(s.provider)} in ${moduleName(s.module)}${s.between ? ' and the modules between' : ''}: inherited from ${moduleName(s.from)}`
    case 'declared':
      return `${moduleName(s.module)} defines ${providerBlock(s.localName, s.alias)} at ${at(s.range)}`
    case 'legacy':
      return `${address(s.module)} has its own ${s.empty ? 'empty ' : ''}${providerBlock(s.localName, s.alias)} block at ${at(s.range)} (legacy module${s.emptyByMerge ? `; empty because ${MERGED_EMPTY}` : ''})`
    case 'implied-config':
      return `the root module has no provider "${s.localName}" block: ${engine.product} uses an empty default configuration`
    case 'test':
      return `${s.file} run "${s.run}" serves ${s.localName}${s.alias ? `.${s.alias}` : ''} with its ${s.keyword} block ${s.key} at ${at(s.range)}${s.mapped ? ` (providers = { ${s.localName}${s.alias ? `.${s.alias}` : ''} = ${s.key} })` : " (the file's default: the run has no providers map)"}`
    case 'expected':
      return `expected from the caller: the root module is a shared module that declares ${s.localName}.${s.alias ?? ''} in configuration_aliases (${at(s.range)})`
    case 'component':
      return `${s.removed ? 'removed ' : ''}${s.component.key}${s.forEach ? ' (for_each)' : ''} gives ${s.localName}${s.alias ? `.${s.alias}` : ''} = ${s.value} in its providers map (${at(s.range)})`
    case 'stack-config':
      return stackConfigText(s)
    case 'missing':
      if (s.notGiven) return `no configuration ${s.config.toString()} is given to the component: its providers map has no entry for it`
      return s.passed
        ? `${moduleName(s.module)} is passed ${s.config.toString()}, which does not exist`
        : `${moduleName(s.module)} has no configuration ${s.config.toString()}: aliased configurations are never inherited`
  }
}

/** The stack configuration a component's providers map entry stands for. */
function stackConfigText(s: Extract<ResolutionStep, {kind: 'stack-config'}>): string {
  const where = s.stack.isRoot ? 'the stack' : s.stack.key
  const block = `provider "${s.localName}" "${s.name}"`
  if (!s.reference) return `the value is no provider.TYPE.NAME reference: Terraform knows the configuration only when it evaluates it`
  if (!s.declared) return `${where} has no ${block} block`
  const provider = s.provider ? providerString(s.provider) : `an undeclared local name "${s.localName}"`
  return `${where} defines ${block} for ${provider}${s.forEach ? ' (for_each: one configuration per key)' : ''} at ${at(s.range)}`
}
