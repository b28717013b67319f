// The `source` of each module call in a directory, read with our own parser at once (through the run's
// parser when given, so the load that follows reuses the parse): `lint --recursive` only needs local
// sources to tell root modules from called ones. The roots are then known at once, so
// linting them overlaps with parsing instead of waiting for every file to be parsed first. Files are
// taken in load order, so an override file's `source` replaces the primary one.
import * as path from 'node:path'
import {parseHclNative} from '../hcl/native/index.js'
import type {NativeParser} from '../hcl/native-parser.js'
import {hasTemplateSequence, isRecord} from '../hcl/value.js'
import {literalString} from '../hcl/expr.js'
import {utf8Text, type FileSource} from '../io/inputs.js'
import type {EngineName} from '../load/engine.js'
import {engineFor, selectConfigFiles} from '../load/file-set.js'

/** A line that starts a `module` block: `module "name" {` (or the label unquoted). */
const MODULE_HEADER = /^[\uFEFF\t ]*module[\t ]*["\p{L}_]/mu

function jsonSources(text: string, out: Map<string, string | undefined>): void {
  let doc: unknown
  try {
    doc = JSON.parse(text)
  } catch {
    return // reported by the crawl
  }
  const modules = isRecord(doc) ? doc['module'] : undefined
  for (const m of Array.isArray(modules) ? modules : [modules]) {
    if (!isRecord(m)) continue
    for (const [name, body] of Object.entries(m)) {
      for (const b of Array.isArray(body) ? body : [body]) {
        if (!isRecord(b) || !('source' in b)) continue
        const s = b['source']
        out.set(name, typeof s === 'string' && !hasTemplateSequence(s) ? s : undefined)
      }
    }
  }
}

/** Module call name → literal `source` (undefined when it is not a plain string) in one directory. */
export function moduleSources(files: FileSource, dir: string, engine?: EngineName, parser?: NativeParser): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>()
  let names: string[]
  try {
    names = files
      .list(dir)
      .filter((e) => e.kind === 'file' || e.kind === 'link')
      .map((e) => e.name)
  } catch {
    return out
  }
  const configFiles = selectConfigFiles(names, engineFor(names, engine)).filter((f) => f.shadowedBy === undefined)
  for (const f of configFiles) {
    let text: string
    try {
      text = utf8Text(files.read(path.join(dir, f.name)))
    } catch {
      continue // reported by the crawl
    }
    if (f.syntax === 'json') {
      jsonSources(text, out)
      continue
    }
    // a file with no line that starts a module block calls none (most files): not parsed (a block header
    // starts its line; `module.x` references and `module =` arguments are not headers)
    if (!MODULE_HEADER.test(text)) continue
    const parsed = parser?.parseNow(text, f.name, parseHclNative) ?? parseHclNative(text, f.name)
    for (const b of parsed.file.body.blocks) {
      if (b.type !== 'module' || b.labels.length !== 1) continue
      const src = b.body.attributes.find((a) => a.name === 'source')
      if (src) out.set(b.labels[0]!.value, literalString(src))
    }
  }
  return out
}

const STACK_SOURCE_BLOCKS = new Set(['component', 'stack', 'removed'])

/**
 * The literal `source` of each component, embedded stack and removed block of a Terraform Stacks directory
 * (its `.tfcomponent.*` and `.tfstack.*` files): the directories a stack calls are not roots.
 */
export function stackSources(files: FileSource, dir: string, parser?: NativeParser): string[] {
  const out: string[] = []
  let names: string[]
  try {
    names = files.list(dir).map((e) => e.name)
  } catch {
    return out
  }
  for (const name of names.filter((n) => /\.(tfcomponent|tfstack)\.(hcl|json)$/.test(n)).sort()) {
    let text: string
    try {
      text = utf8Text(files.read(path.join(dir, name)))
    } catch {
      continue
    }
    if (name.endsWith('.json')) {
      out.push(...jsonStackSources(text))
      continue
    }
    const parsed = parser?.parseNow(text, name, parseHclNative) ?? parseHclNative(text, name)
    for (const b of parsed.file.body.blocks) {
      if (!STACK_SOURCE_BLOCKS.has(b.type)) continue
      const src = literalString(b.body.attributes.find((a) => a.name === 'source'))
      if (src !== undefined) out.push(src)
    }
  }
  return out
}

function jsonStackSources(text: string): string[] {
  let doc: unknown
  try {
    doc = JSON.parse(text)
  } catch {
    return []
  }
  const out: string[] = []
  const bodies = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v])
  for (const root of bodies(doc)) {
    if (!isRecord(root)) continue
    for (const type of STACK_SOURCE_BLOCKS) {
      for (const group of bodies(root[type])) {
        if (!isRecord(group)) continue
        // removed blocks have no label: the group is the body
        const blocks = type === 'removed' ? [group] : Object.values(group).flatMap(bodies)
        for (const b of blocks) if (isRecord(b) && typeof b['source'] === 'string') out.push(b['source'])
      }
    }
  }
  return out
}
