// The merged model of one module directory: every element keyed as Terraform keys it, each value
// still carrying the file and range it came from (ranges hold the file name), declared in
// module-elements.ts (which the module index is built from), and the index.
import {ModulePath} from '../addrs/module.js'
import {ResourceAddr, type ResourceMode} from '../addrs/resource.js'
import type {ModuleElements} from './module-elements.js'
import type {ModuleIndex} from './module-index.js'

export type {ResourceMode} from '../addrs/resource.js'

export interface Module extends ModuleElements {
  /** Its expressions with their references and provider-defined function calls, its declarations, what stands at a position. */
  readonly index: ModuleIndex
}

/** A resource's key (`type.name`, as its map keys it) as its address in the module: `data.type.name`. */
function resourceKey(mode: ResourceMode, key: string): string {
  const dot = key.indexOf('.')
  return new ResourceAddr(ModulePath.root, mode, key.slice(0, dot), key.slice(dot + 1)).localString()
}

/** Keys used in `overrides` and in the `config` rendering. */
export function elementKey(kind: string, name: string): string {
  switch (kind) {
    case 'variable':
      return `var.${name}`
    case 'locals':
      return `local.${name}`
    case 'output':
      return `output.${name}`
    case 'module':
      return `module.${name}`
    case 'provider':
      return `provider.${name}`
    case 'resource':
      return resourceKey('managed', name)
    case 'data':
    case 'ephemeral':
      return resourceKey(kind, name)
    default:
      return `${kind}.${name}`
  }
}
