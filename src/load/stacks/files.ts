// Which files of a directory make up a Terraform Stacks configuration (stackconfig's validFilenameSuffix):
// `.tfcomponent.hcl` and `.tfcomponent.json`; the deprecated `.tfstack.hcl` and `.tfstack.json`, which
// Terraform 1.13 read (with the warning "Deprecated filename usage") and 1.14 and later do not; and the
// deployment files `.tfdeploy.hcl`, which HCP Terraform reads beside them. Terraform reads the directory in
// name order and skips nothing else by name (not even dot-files).
import * as path from 'node:path'
import type {FileSource} from '../../io/inputs.js'
import type {StackFileEntry, StackFileKind} from './model.js'

const SUFFIXES: readonly (readonly [string, StackFileKind, 'native' | 'json'])[] = [
  ['.tfcomponent.hcl', 'component', 'native'],
  ['.tfcomponent.json', 'component', 'json'],
  ['.tfstack.hcl', 'deprecated', 'native'],
  ['.tfstack.json', 'deprecated', 'json'],
  ['.tfdeploy.hcl', 'deploy', 'native'],
]

/** The stack file kind of a file name, or undefined. */
export function stackFileKind(name: string): {kind: StackFileKind; syntax: 'native' | 'json'} | undefined {
  for (const [suffix, kind, syntax] of SUFFIXES) if (name.endsWith(suffix)) return {kind, syntax}
  return undefined
}

/** The stack files of a directory listing, in the order Terraform reads them (byte order of the names). */
export function selectStackFiles(names: readonly string[]): StackFileEntry[] {
  const out: StackFileEntry[] = []
  for (const name of [...names].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))) {
    const k = stackFileKind(name)
    if (k) out.push({name, kind: k.kind, syntax: k.syntax})
  }
  return out
}

/** Whether a directory listing holds a stack configuration (component files, deprecated or not). */
export function isStackListing(names: readonly string[]): boolean {
  return names.some((n) => {
    const k = stackFileKind(n)
    return k !== undefined && k.kind !== 'deploy'
  })
}

/** Whether the directory `dir` holds a stack configuration (an unreadable directory holds none). */
export function isStackDir(files: FileSource, dir: string): boolean {
  try {
    return isStackListing(files.list(path.resolve(dir)).map((e) => e.name))
  } catch {
    return false
  }
}

/** Whether a file name is one a stack directory is made of (the pre-commit hook and `lint --recursive` watch these). */
export function isStackFileName(name: string): boolean {
  return stackFileKind(name) !== undefined
}
