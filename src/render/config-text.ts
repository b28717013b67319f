// The effective configuration as HCL-like text for people: every top-level block with the file and
// line it comes from, every attribute or nested block an override file set marked with that file.
import {formatRange} from '../diag/diagnostic.js'
import type {Attribute, Block, Body} from '../hcl/syntax.js'
import type {Module} from '../load/model.js'
import {elementKey} from '../load/model.js'
import type {FileNamer} from './paths.js'
import {terminalText} from './terminal-text.js'

export interface ConfigTextOptions {
  /** Names files for the reader (the command: relative to the current directory, fileNamer); default: as loaded. */
  readonly fileName?: FileNamer
}

interface Item {
  readonly order: [number, number]
  readonly lines: string[]
}

function quote(s: string): string {
  return JSON.stringify(s)
}

function header(b: Block): string {
  return [b.type, ...b.labels.map((l) => quote(l.value))].join(' ')
}

function loc(r: {filename: string; start: {line: number}}, fileName: FileNamer): string {
  return `${fileName(r.filename)}:${r.start.line}`
}

function renderAttribute(a: Attribute, indent: string, width: number, homeFile: string, out: string[], fileName: FileNamer): void {
  const exprLines = a.expr.split(/\r?\n/)
  const mark = a.nameRange.filename !== homeFile ? `  # from ${loc(a.nameRange, fileName)}` : ''
  const first = `${indent}${a.name.padEnd(width)} = ${exprLines[0] ?? ''}`
  if (exprLines.length === 1) {
    out.push(first + mark)
    return
  }
  out.push(first)
  for (const l of exprLines.slice(1, -1)) out.push(l)
  out.push((exprLines[exprLines.length - 1] ?? '') + mark)
}

function renderBody(body: Body, indent: string, homeFile: string, out: string[], fileName: FileNamer): void {
  const width = Math.max(0, ...body.attributes.filter((a) => !a.expr.includes('\n')).map((a) => a.name.length))
  for (const a of body.attributes) renderAttribute(a, indent, width, homeFile, out, fileName)
  for (const b of body.blocks) {
    const mark = b.declRange.filename !== homeFile ? `  # from ${loc(b.declRange, fileName)}` : ''
    if (b.body.attributes.length === 0 && b.body.blocks.length === 0) {
      out.push(`${indent}${header(b)} {}${mark}`)
      continue
    }
    out.push(`${indent}${header(b)} {${mark}`)
    renderBody(b.body, indent + '  ', b.declRange.filename === homeFile ? homeFile : b.declRange.filename, out, fileName)
    out.push(`${indent}}`)
  }
}

function renderTop(b: Block, overriddenBy: readonly string[] | undefined, fileName: FileNamer): string[] {
  const home = b.declRange.filename
  // the override files are in the same directory as the file just named
  const note = overriddenBy && overriddenBy.length > 0 ? `, overridden by ${overriddenBy.join(', ')}` : ''
  const out = [`# ${formatRange({...b.declRange, filename: fileName(b.declRange.filename)})}${note}`]
  if (b.body.attributes.length === 0 && b.body.blocks.length === 0) {
    out.push(`${header(b)} {}`)
    return out
  }
  out.push(`${header(b)} {`)
  renderBody(b.body, '  ', home, out, fileName)
  out.push('}')
  return out
}

export function renderConfigText(m: Module, opts: ConfigTextOptions = {}): string {
  const fileName = opts.fileName ?? ((f: string) => f)
  const fileIndex = new Map(m.files.map((f, i) => [f.name, i]))
  const idx = (filename: string): number => {
    const base = filename.split('/').pop() ?? filename
    return fileIndex.get(base) ?? 1e9
  }
  const items: Item[] = []
  const add = (b: Block, key: string | undefined): void => {
    items.push({
      order: [idx(b.declRange.filename), b.declRange.start.byte],
      lines: renderTop(b, key ? m.overrides.get(key) : undefined, fileName),
    })
  }
  // terraform settings
  const tfLines: string[] = []
  const tfAnchor = m.requiredProvidersBlock?.declRange ?? m.requiredVersion[0]?.nameRange ?? m.backend?.declRange ?? m.cloud?.declRange
  for (const a of m.requiredVersion) tfLines.push(`  required_version = ${a.expr}  # ${loc(a.nameRange, fileName)}`)
  for (const [name, a] of m.terraformAttributes) tfLines.push(`  ${name} = ${a.expr}  # ${loc(a.nameRange, fileName)}`)
  if (m.requiredProviderAttributes.size > 0) {
    tfLines.push('  required_providers {')
    const width = Math.max(...[...m.requiredProviderAttributes.keys()].map((k) => k.length))
    for (const [name, a] of [...m.requiredProviderAttributes.entries()].sort(([x], [y]) => (x < y ? -1 : 1))) {
      const lines = a.expr.split(/\r?\n/)
      const mark = `  # ${loc(a.nameRange, fileName)}${m.requiredProvidersBlock && a.nameRange.filename !== m.requiredProvidersBlock.declRange.filename ? ' (override)' : ''}`
      if (lines.length === 1) tfLines.push(`    ${name.padEnd(width)} = ${lines[0]}${mark}`)
      else {
        tfLines.push(`    ${name.padEnd(width)} = ${lines[0]}${mark}`)
        tfLines.push(...lines.slice(1))
      }
    }
    tfLines.push('  }')
  }
  for (const b of [m.backend, m.cloud, m.stateStore, ...m.providerMetas.values(), ...m.terraformBlocks]) {
    if (!b) continue
    const inner: string[] = []
    renderBody(b.body, '    ', b.declRange.filename, inner, fileName)
    const note = `  # ${loc(b.declRange, fileName)}`
    if (inner.length === 0) tfLines.push(`  ${header(b)} {}${note}`)
    else tfLines.push(`  ${header(b)} {${note}`, ...inner, '  }')
  }
  if (tfLines.length > 0 && tfAnchor) {
    items.push({
      order: [idx(tfAnchor.filename), tfAnchor.start.byte],
      lines: ['# terraform settings (merged)', 'terraform {', ...tfLines, '}'],
    })
  }
  for (const [name, b] of m.variables) add(b, elementKey('variable', name))
  if (m.locals.size > 0) {
    const first = [...m.locals.values()].sort(
      (a, b) => idx(a.nameRange.filename) - idx(b.nameRange.filename) || a.nameRange.start.byte - b.nameRange.start.byte,
    )[0]!
    const width = Math.max(...[...m.locals.keys()].map((k) => k.length))
    const lines = ['# local values (merged from every locals block)', 'locals {']
    for (const [name, a] of m.locals) {
      const expr = a.expr.split(/\r?\n/)
      const mark = m.overrides.has(elementKey('locals', name))
        ? `  # ${loc(a.nameRange, fileName)} (override)`
        : `  # ${loc(a.nameRange, fileName)}`
      lines.push(`  ${name.padEnd(width)} = ${expr[0]}${expr.length === 1 ? mark : ''}`)
      if (expr.length > 1) {
        lines.push(...expr.slice(1, -1))
        lines.push((expr[expr.length - 1] ?? '') + mark)
      }
    }
    lines.push('}')
    items.push({order: [idx(first.nameRange.filename), first.nameRange.start.byte], lines})
  }
  for (const [key, b] of m.providerConfigs) add(b.block, elementKey('provider', key))
  for (const [name, b] of m.moduleCalls) add(b.block, elementKey('module', name))
  for (const [key, b] of m.managedResources) add(b.block, elementKey('resource', key))
  // a check block's data resource is shown inside its check block
  for (const [key, b] of m.dataResources) if (!m.checkData.has(key)) add(b.block, elementKey('data', key))
  for (const [key, b] of m.ephemeralResources) add(b.block, elementKey('ephemeral', key))
  for (const [name, b] of m.outputs) add(b, elementKey('output', name))
  for (const [key, b] of m.actions) add(b.block, elementKey('action', key))
  const lists = [...m.listResources.values()].map((r) => r.block)
  for (const b of [...m.moved, ...m.imports, ...m.removed, ...m.checks, ...m.otherBlocks, ...lists]) add(b, undefined)
  items.sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1])
  // expressions are shown as written: control characters in them reach no terminal
  return terminalText(items.map((i) => i.lines.join('\n')).join('\n\n') + (items.length > 0 ? '\n' : ''))
}

export interface ConfigHeaderOptions {
  /** The engine was named with --engine (else tfgraph chose it from the files). */
  readonly engineGiven?: boolean
  readonly fileName?: FileNamer
}

/**
 * What the text says before the configuration, as comments: whose rules it was loaded with and why,
 * and each file OpenTofu ignores because a `.tofu` twin hides it (the JSON says the same in `engine`
 * and `files[].shadowed_by`).
 */
export function renderConfigHeader(
  r: {readonly engine: string; readonly module: Pick<Module, 'files'>},
  opts: ConfigHeaderOptions = {},
): string {
  const fileName = opts.fileName ?? ((f: string) => f)
  const why = opts.engineGiven
    ? 'given with --engine'
    : `chosen automatically: the directory has ${r.engine === 'opentofu' ? '' : 'no '}.tofu files`
  const lines = [`# engine: ${r.engine} (${why})`]
  for (const f of r.module.files)
    if (f.shadowedBy !== undefined) lines.push(`# ${fileName(f.name)} is hidden by ${f.shadowedBy} (OpenTofu reads it instead)`)
  return terminalText(lines.join('\n') + '\n')
}
