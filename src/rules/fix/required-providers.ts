// Edits of `required_providers`: add an entry (into the module's block, else into a terraform block, else
// a new terraform block at the end of the file where such blocks usually live), add `source`, `version` or a
// `configuration_aliases` slot to an entry, remove an entry, a slot or a providers-map entry. Inserted lines
// take the indentation of their neighbours (two spaces more than the enclosing block when there are none);
// FixBuilder then aligns the equals signs as terraform fmt does. JSON files are not edited (no fix).
import type {ModuleNode} from '../../crawl/crawl.js'
import type {Expr, ObjectItem} from '../../hcl/native/ast.js'
import {parseHclNative} from '../../hcl/native/index.js'
import type {Attribute, Block} from '../../hcl/syntax.js'
import {objectItemsOf, objectKeyName} from '../../hcl/expr.js'
import type {Module} from '../../load/model.js'
import {FixFile, UNIT, type FixBuilder, type SourceText} from './source-file.js'

/** A module as its fixes edit it: its files, named as the root's diagnostics name them. */
export interface ModuleSite {
  readonly module: Module
  /** `dir/` (the module's directory as the root reaches it), '' for the root. */
  readonly prefix: string
  readonly sourceText: SourceText
}

export function siteOf(node: ModuleNode, sourceText: SourceText): ModuleSite | undefined {
  if (!node.module) return undefined
  const prefix = node.displayDir === undefined || node.displayDir === '.' ? '' : `${node.displayDir}/`
  return {module: node.module, prefix, sourceText}
}

/** What an added entry says. */
export interface EntrySpec {
  readonly name: string
  readonly source: string
  readonly version?: string
  readonly aliases?: readonly string[]
}

/** The version constraint a lock file's selection suggests: `~> X.Y` in a root module, `>= X.Y.Z` in a shared one (none for a pre-release). */
export function constraintFromLock(version: string | undefined, root: boolean): string | undefined {
  const m = version === undefined ? null : /^(\d+)\.(\d+)\.(\d+)$/.exec(version)
  if (!m) return undefined
  return root ? `~> ${m[1]}.${m[2]}` : `>= ${version}`
}

/** Numbers of a version, for ranking fixes that disagree (lowest first). */
export function versionRank(version: string | undefined): number[] | undefined {
  const m = version === undefined ? null : /^(\d+)\.(\d+)\.(\d+)$/.exec(version)
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined
}

/** The lines of an entry (no line break at the end), each after `indent`. */
export function entryLines(spec: EntrySpec, indent: string): string[] {
  const lines = [`${indent}${spec.name} = {`, `${indent}${UNIT}source = ${JSON.stringify(spec.source)}`]
  if (spec.version !== undefined) lines.push(`${indent}${UNIT}version = ${JSON.stringify(spec.version)}`)
  if (spec.aliases && spec.aliases.length > 0) lines.push(`${indent}${UNIT}configuration_aliases = [${spec.aliases.join(', ')}]`)
  lines.push(`${indent}}`)
  return lines
}

/** The file of a range of the module, when it is native syntax and readable. */
function nativeFile(site: ModuleSite, filename: string): FixFile | undefined {
  if (filename.endsWith('.json')) return undefined
  return FixFile.of(site.sourceText, filename)
}

/** The first `terraform` block of the module's primary native files, parsed from the text (the model keeps only their contents). */
function terraformBlock(site: ModuleSite): {file: FixFile; block: Block} | undefined {
  for (const f of site.module.files) {
    if (f.syntax !== 'native' || f.kind !== 'primary' || f.shadowedBy !== undefined) continue
    const file = nativeFile(site, site.prefix + f.name)
    if (!file || !/\bterraform\b/.test(file.text)) continue
    const parsed = parseHclNative(file.text, file.filename)
    if (parsed.diagnostics.length > 0) continue
    const block = parsed.file.body.blocks.find((b) => b.type === 'terraform')
    if (block) return {file, block}
  }
  return undefined
}

/** Where a new terraform block goes: the file such blocks usually live in, else the module's first native file. */
function fileForNewBlock(site: ModuleSite): FixFile | undefined {
  const names = site.module.files
    .filter((f) => f.syntax === 'native' && f.kind === 'primary' && f.shadowedBy === undefined)
    .map((f) => f.name)
  const pick =
    ['versions.tf', 'terraform.tf', 'providers.tf', 'main.tf', 'versions.tofu', 'main.tofu'].find((n) => names.includes(n)) ?? names[0]
  return pick === undefined ? undefined : nativeFile(site, site.prefix + pick)
}

/** Adds an entry to the module's required_providers; false when it cannot (JSON only, unreadable files). */
export function addEntry(b: FixBuilder, site: ModuleSite, spec: EntrySpec): boolean {
  const block = site.module.requiredProvidersBlock
  if (block) {
    const file = nativeFile(site, block.range.filename)
    const close = file && file.closingBrace(block)
    if (!file || close === undefined) return false
    const indent = file.innerIndent(block)
    const c = file.insertBeforeClose(close, entryLines(spec, indent), file.indentOf(file.offset(block.range.start)))
    b.change(file, file.firstOnLine(close) ? {...c, join: `entry:${spec.name}`} : c)
    return true
  }
  const tf = terraformBlock(site)
  if (tf) {
    const close = tf.file.closingBrace(tf.block)
    if (close === undefined) return false
    const indent = tf.file.innerIndent(tf.block)
    const lines = [`${indent}required_providers {`, ...entryLines(spec, indent + UNIT), `${indent}}`]
    b.change(tf.file, tf.file.insertBeforeClose(close, lines, tf.file.indentOf(tf.file.offset(tf.block.range.start))))
    return true
  }
  const file = fileForNewBlock(site)
  if (!file) return false
  const t = file.text
  const lead = t.length === 0 || (t.length === 1 && t.charCodeAt(0) === 0xfeff) ? '' : t.endsWith('\n') ? '\n' : '\n\n'
  const lines = ['terraform {', `${UNIT}required_providers {`, ...entryLines(spec, UNIT + UNIT), `${UNIT}}`, '}']
  b.change(file, {s: t.length, e: t.length, text: lead + lines.join('\n') + '\n'})
  return true
}

/** The object of a required_providers entry, when the entry is written as one in a native file this text holds. */
export function entryObject(site: ModuleSite, a: Attribute): {file: FixFile; obj: Extract<Expr, {k: 'object'}>} | undefined {
  const file = nativeFile(site, a.exprRange.filename)
  if (!file || !file.holds(a) || a.node.k !== 'object') return undefined
  return {file, obj: a.node}
}

function item(obj: Extract<Expr, {k: 'object'}>, key: string): ObjectItem | undefined {
  return obj.items.find((it) => objectKeyName(it) === key)
}

/** Whether the object's items are on lines of their own (`{` and `}` on other lines). */
function multiline(file: FixFile, obj: Extract<Expr, {k: 'object'}>): boolean {
  const first = obj.items[0]
  return first !== undefined && file.firstOnLine(first.key.s) && file.text.slice(obj.s, obj.e).includes('\n')
}

/** Adds `key = value` to an object: first, or after the item `after`, or last. */
export function addItem(
  b: FixBuilder,
  file: FixFile,
  obj: Extract<Expr, {k: 'object'}>,
  text: string,
  where: 'first' | 'last' | ObjectItem,
): void {
  const items = obj.items
  const anchor = where === 'first' ? undefined : where === 'last' ? items[items.length - 1] : where
  if (items.length === 0) {
    const indent = file.indentOf(obj.s)
    b.change(file, {s: obj.s, e: obj.e, text: `{\n${indent}${UNIT}${text}\n${indent}}`})
    return
  }
  if (multiline(file, obj)) {
    const indent = file.indentOf(items[0]!.key.s)
    if (!anchor) b.change(file, {s: file.lineStart(items[0]!.key.s), e: file.lineStart(items[0]!.key.s), text: `${indent}${text}\n`})
    else {
      const after = file.nextLine(anchor.value.e)
      // a comma ending the anchor's line stays where it is: the new line gets none (newlines separate items)
      b.change(file, {s: after, e: after, text: `${indent}${text}\n`})
    }
    return
  }
  if (!anchor) b.change(file, {s: items[0]!.key.s, e: items[0]!.key.s, text: `${text}, `})
  else b.change(file, {s: anchor.value.e, e: anchor.value.e, text: `, ${text}`})
}

/** Adds `source`, `version` or a configuration_aliases slot to an entry written as an object. */
export function amendEntry(
  b: FixBuilder,
  site: ModuleSite,
  a: Attribute,
  add: {source?: string; version?: string; alias?: string},
): boolean {
  const at = entryObject(site, a)
  if (!at) return false
  const {file, obj} = at
  if (add.source !== undefined) {
    if (item(obj, 'source')) return false
    addItem(b, file, obj, `source = ${JSON.stringify(add.source)}`, 'first')
  }
  if (add.version !== undefined) {
    const v = item(obj, 'version')
    if (v) {
      const old =
        v.value.k === 'tmpl' && v.value.parts.length === 1 && v.value.parts[0]!.k === 'lit'
          ? v.value.parts[0]!.v
          : v.value.k === 'lit'
            ? v.value.v
            : undefined
      if (typeof old !== 'string' || file.text.slice(v.value.s + 1, v.value.e - 1) !== old) return false
      if (
        old
          .split(',')
          .map((x) => x.trim())
          .includes(add.version.trim())
      )
        return true
      b.change(file, {s: v.value.s, e: v.value.e, text: JSON.stringify(old.trim() === '' ? add.version : `${old}, ${add.version}`)})
    } else addItem(b, file, obj, `version = ${JSON.stringify(add.version)}`, item(obj, 'source') ?? 'last')
  }
  if (add.alias !== undefined) {
    const ca = item(obj, 'configuration_aliases')
    if (!ca) addItem(b, file, obj, `configuration_aliases = [${add.alias}]`, 'last')
    else if (!addTupleItem(b, file, ca.value, add.alias)) return false
  }
  return true
}

/** Appends an element to a tuple constructor, in its style (one per line, or on one line). */
export function addTupleItem(b: FixBuilder, file: FixFile, tuple: Expr, text: string): boolean {
  if (tuple.k !== 'tuple') return false
  const items = tuple.items
  const last = items[items.length - 1]
  if (!last) {
    b.change(file, {s: tuple.s, e: tuple.e, text: `[${text}]`})
    return true
  }
  const t = file.text
  const comma = /^[ \t]*,/.exec(t.slice(last.e))
  const lastEnd = comma ? last.e + comma[0].length : last.e
  if (file.firstOnLine(last.s) && file.lastOnLine(lastEnd)) {
    const indent = file.indentOf(last.s)
    const next = file.nextLine(lastEnd)
    if (comma) b.change(file, {s: next, e: next, text: `${indent}${text},\n`})
    else b.change(file, {s: last.e, e: last.e, text: ','}).change(file, {s: next, e: next, text: `${indent}${text}\n`})
    return true
  }
  b.change(file, {s: lastEnd, e: lastEnd, text: `${comma ? ' ' : ', '}${text}${comma ? ',' : ''}`})
  return true
}

/** The span of an object item (key to value). */
export function itemSpan(it: ObjectItem): {s: number; e: number} {
  return {s: it.key.s, e: it.value.e}
}

/** The object items of an attribute's value, if it is an object constructor. */
export function objectItems(a: Attribute): readonly ObjectItem[] | undefined {
  return objectItemsOf(a.node)
}
