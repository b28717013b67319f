// The engine (Terraform or OpenTofu) decides file extensions, shadowing, the default registry host
// and the product name used in diagnostics.
import type {EngineName} from '../addrs/engine-name.js'

export type {EngineName}

export interface Engine {
  readonly name: EngineName
  readonly product: 'Terraform' | 'OpenTofu'
  readonly defaultRegistryHost: string
  readonly command: 'terraform' | 'tofu'
}

export const TERRAFORM: Engine = {
  name: 'terraform',
  product: 'Terraform',
  defaultRegistryHost: 'registry.terraform.io',
  command: 'terraform',
}
export const OPENTOFU: Engine = {name: 'opentofu', product: 'OpenTofu', defaultRegistryHost: 'registry.opentofu.org', command: 'tofu'}

export function engineByName(name: EngineName): Engine {
  return name === 'opentofu' ? OPENTOFU : TERRAFORM
}
