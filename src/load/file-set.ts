// Which files of a directory make up a module, in which order, and which are overrides —
// Terraform's parser_file_matcher rules plus OpenTofu's `.tofu` extensions and shadowing.
import type {EngineName} from './engine.js'

/** `query`: a Terraform query file (`*.tfquery.hcl`, `*.tfquery.json`), read after the others. */
export type FileKind = 'primary' | 'override' | 'query'

export interface ConfigFileEntry {
  /** File name inside the module directory. */
  readonly name: string
  readonly kind: FileKind
  readonly syntax: 'native' | 'json'
  /** Set when OpenTofu ignores this `.tf`/`.tf.json` file because a `.tofu`/`.tofu.json` twin exists. */
  readonly shadowedBy?: string
}

const EXTENSIONS: Record<EngineName, readonly string[]> = {
  terraform: ['.tf.json', '.tf'],
  opentofu: ['.tofu.json', '.tofu', '.tf.json', '.tf'],
}

/** Names Terraform never reads: dot-files, editor backups (`x~`) and Emacs autosaves (`#x#`). */
export function isIgnoredName(name: string): boolean {
  return name.startsWith('.') || name.endsWith('~') || (name.startsWith('#') && name.endsWith('#'))
}

/** The configuration extension of a file name for an engine, or undefined. */
export function configExtension(name: string, engine: EngineName): string | undefined {
  return EXTENSIONS[engine].find((ext) => name.endsWith(ext) && name.length > ext.length)
}

/**
 * Terraform (1.14 and later) reads query files beside the configuration files for `terraform query` and
 * `validate -query`; tfgraph reads them always (their list blocks use provider configurations). OpenTofu has none.
 */
export function queryExtension(name: string, engine: EngineName): string | undefined {
  if (engine !== 'terraform') return undefined
  return ['.tfquery.hcl', '.tfquery.json'].find((ext) => name.endsWith(ext) && name.length > ext.length)
}

export function isOverrideName(name: string, ext: string): boolean {
  const base = name.slice(0, -ext.length)
  return base === 'override' || base.endsWith('_override')
}

/** True when a directory listing holds any OpenTofu-only file (`.tofu`, `.tofu.json`). */
export function hasTofuFiles(names: readonly string[]): boolean {
  return names.some((n) => !isIgnoredName(n) && configExtension(n, 'opentofu')?.startsWith('.tofu') === true)
}

/** The engine a directory is loaded as: the one named, else OpenTofu when it holds `.tofu` files, else Terraform. */
export function engineFor(names: readonly string[], engine?: EngineName): EngineName {
  return engine ?? (hasTofuFiles(names) ? 'opentofu' : 'terraform')
}

function byteCompare(a: string, b: string): number {
  const ba = Buffer.from(a)
  const bb = Buffer.from(b)
  return Buffer.compare(ba, bb)
}

/**
 * Selects the configuration files from a list of regular-file names: primary files then override
 * files, each in byte-wise lexical order. Shadowed files are returned too (with `shadowedBy`) so they
 * can be reported; loaders skip them.
 */
export function selectConfigFiles(names: readonly string[], engine: EngineName): ConfigFileEntry[] {
  const sorted = [...names].sort(byteCompare)
  const entries: ConfigFileEntry[] = []
  for (const name of sorted) {
    if (isIgnoredName(name)) continue
    const query = queryExtension(name, engine)
    if (query) {
      entries.push({name, kind: 'query', syntax: query === '.tfquery.json' ? 'json' : 'native'})
      continue
    }
    const ext = configExtension(name, engine)
    if (!ext) continue
    entries.push({name, kind: isOverrideName(name, ext) ? 'override' : 'primary', syntax: ext.endsWith('.json') ? 'json' : 'native'})
  }
  // Load order: every primary file, then every override file, then the query files (each group in lexical order).
  const rank: Record<FileKind, number> = {primary: 0, override: 1, query: 2}
  entries.sort((a, b) => rank[a.kind] - rank[b.kind])
  if (engine !== 'opentofu') return entries
  const present = new Set(entries.map((e) => e.name))
  return entries.map((e) => {
    let twin: string | undefined
    if (e.name.endsWith('.tf.json')) twin = e.name.slice(0, -'.tf.json'.length) + '.tofu.json'
    else if (e.name.endsWith('.tf')) twin = e.name.slice(0, -'.tf'.length) + '.tofu'
    return twin !== undefined && present.has(twin) ? {...e, shadowedBy: twin} : e
  })
}
