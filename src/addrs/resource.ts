// Resource addresses in Terraform's string syntax: `aws_instance.x`, `data.aws_ami.y`,
// `ephemeral.random_password.p`, inside a module `module.a.data.aws_ami.y` (REFERENCE §a.2). Terraform 1.14's
// actions (`action.aws_lambda_invoke.notify`, addrs.Action) and query files' list blocks (`list.aws_instance.all`,
// addrs.ListResourceMode) use provider configurations as resources do, so they share the form.
import {addressSteps} from './address-text.js'
import {ModulePath} from './module.js'
import {KeyedAddress} from './keyed.js'

/** The engines' modes. */
export type EngineMode = 'managed' | 'data' | 'ephemeral' | 'action' | 'list'

/** The engines' modes, or the mode of a block kind a run's table adds (load/block-kinds.ts): written before its type. */
export type ResourceMode = EngineMode | (string & {})

/** One resource block of one module: its mode, type and name. */
export class ResourceAddr extends KeyedAddress {
  readonly module: ModulePath
  readonly mode: ResourceMode
  readonly type: string
  readonly name: string
  /** The address's identity as a string (its text, like Terraform's UniqueKey): compare and key maps by it, never by the object. */
  readonly key: string

  constructor(module: ModulePath, mode: ResourceMode, type: string, name: string) {
    super()
    this.module = module
    this.mode = mode
    this.type = type
    this.name = name
    const local = `${mode === 'managed' ? '' : mode + '.'}${type}.${name}`
    this.key = module.isRoot ? local : `${module.key}.${local}`
    Object.freeze(this)
  }

  /** The address inside its module: `aws_instance.x`, `data.aws_ami.y`. */
  localString(): string {
    return `${this.mode === 'managed' ? '' : this.mode + '.'}${this.type}.${this.name}`
  }

  /**
   * Parses a resource's configuration address (`module.a.data.aws_ami.y`, `aws_instance.x`), instance keys
   * dropped wherever they are (`module.a["k"].aws_instance.x[0]`); undefined when the text is not one.
   */
  static parse(text: string): ResourceAddr | undefined {
    const a = parseConfigAddress(text)
    return a instanceof ResourceAddr ? a : undefined
  }

  /** The same resource in another module: `module.a.x.y` → `module.b.module.c.x.y`. */
  inModule(module: ModulePath): ResourceAddr {
    return module.equals(this.module) ? this : new ResourceAddr(module, this.mode, this.type, this.name)
  }
}

const STEP_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/

/**
 * A configuration address as a `moved` or `removed` block writes one, or a document carries one: a module
 * (`module.a.module.b`) or a resource (`module.a.data.aws_ami.y`), instance keys dropped
 * (`module.a["k"].aws_instance.x[0]` → `module.a.aws_instance.x`); undefined when the text is neither.
 */
export function parseConfigAddress(text: string): ModulePath | ResourceAddr | undefined {
  const names = addressSteps(text).map((step) => {
    const i = step.indexOf('[')
    return i < 0 ? step : step.slice(0, i)
  })
  if (names.length === 0 || !names.every((n) => STEP_NAME.test(n))) return undefined
  const calls: string[] = []
  let i = 0
  while (names[i] === 'module' && i + 1 < names.length) {
    calls.push(names[i + 1]!)
    i += 2
  }
  const module = ModulePath.of(calls)
  const local = names.slice(i)
  if (local.length === 0) return module
  if (local.length === 2) return new ResourceAddr(module, 'managed', local[0]!, local[1]!)
  if (local.length === 3 && local[0] !== 'managed') return new ResourceAddr(module, local[0]!, local[1]!, local[2]!)
  return undefined
}

/**
 * The resource an import block's `to` names (`aws_s3_bucket.b`, `module.a.aws_s3_bucket.b["k"]`), instance
 * keys dropped, whatever they hold; undefined when it is not a managed resource address.
 */
export function parseImportTarget(text: string): {modules: string[]; type: string; name: string; local: string} | undefined {
  let plain = ''
  let depth = 0
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '\\') i++
      else if (c === '"') quoted = false
    } else if (c === '"') quoted = true
    else if (c === '[') depth++
    else if (c === ']') depth = Math.max(0, depth - 1)
    else if (depth === 0 && c !== undefined && !/\s/.test(c)) plain += c
  }
  const parts = plain.split('.')
  const modules: string[] = []
  while (parts[0] === 'module' && parts.length > 2) {
    modules.push(parts[1] ?? '')
    parts.splice(0, 2)
  }
  const [type, name] = parts
  if (parts.length !== 2 || type === undefined || name === undefined || parts.some((p) => !/^[A-Za-z_][\w-]*$/.test(p))) return undefined
  return {modules, type, name, local: `${type}.${name}`}
}
