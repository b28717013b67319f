// Resource addresses in Terraform's string syntax: `aws_instance.x`, `data.aws_ami.y`,
// `ephemeral.random_password.p`, inside a module `module.a.data.aws_ami.y` (REFERENCE §a.2).
import {ModulePath} from './module.js'

export type ResourceMode = 'managed' | 'data' | 'ephemeral'

/** One resource block of one module: its mode, type and name. */
export class ResourceAddr {
  readonly module: ModulePath
  readonly mode: ResourceMode
  readonly type: string
  readonly name: string

  constructor(module: ModulePath, mode: ResourceMode, type: string, name: string) {
    this.module = module
    this.mode = mode
    this.type = type
    this.name = name
    Object.freeze(this)
  }

  /** The address inside its module: `aws_instance.x`, `data.aws_ami.y`. */
  localString(): string {
    return `${this.mode === 'managed' ? '' : this.mode + '.'}${this.type}.${this.name}`
  }

  /** The absolute address: `module.a.data.aws_ami.y` (the local one in the root module). */
  toString(): string {
    const local = this.localString()
    return this.module.isRoot ? local : `${this.module.toString()}.${local}`
  }

  equals(other: ResourceAddr): boolean {
    return this.module.equals(other.module) && this.mode === other.mode && this.type === other.type && this.name === other.name
  }
}
