// Reads one module directory from disk: lists and selects files, reads and decodes them (UTF-8 only),
// parses each with the native or JSON reader, and builds the merged Module.
import {promises as fsp} from 'node:fs'
import * as path from 'node:path'
import type {Diagnostic} from '../diag/diagnostic.js'
import {errorDiag} from '../diag/diagnostic.js'
import {parseJsonConfig} from '../hcl/parse-json.js'
import {parseNativeConfig} from '../hcl/parse-native.js'
import type {ConfigFile} from '../hcl/syntax.js'
import type {Engine, EngineName} from './engine.js'
import {engineByName} from './engine.js'
import {buildModule, type ParsedFile} from './build-module.js'
import {hasTofuFiles, selectConfigFiles, type ConfigFileEntry} from './file-set.js'
import type {Module} from './model.js'

export interface LoadOptions {
  /** Engine to load as; default: OpenTofu when the directory holds `.tofu`/`.tofu.json` files. */
  readonly engine?: EngineName
  /** Prefix for file names in diagnostics and ranges (e.g. `modules/vpc/`); default none. */
  readonly displayPrefix?: string
}

export interface LoadResult {
  readonly module: Module
  readonly engine: EngineName
  readonly diagnostics: readonly Diagnostic[]
  /** True when the directory, or a file in it, could not be read or parsed (a tool error, exit 1). */
  readonly incomplete: boolean
}

const decoder = new TextDecoder('utf-8', {fatal: true})

function emptyModule(dir: string, engine: EngineName, files: readonly ConfigFileEntry[]): Module {
  return buildModule(dir, engineByName(engine), files, []).module
}

async function listRegularFiles(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, {withFileTypes: true})
  const names: string[] = []
  for (const e of entries) {
    if (e.isFile()) names.push(e.name)
    else if (e.isSymbolicLink()) {
      try {
        if ((await fsp.stat(path.join(dir, e.name))).isFile()) names.push(e.name)
      } catch {
        names.push(e.name) // dangling link: reported when read
      }
    }
  }
  return names
}

/** Decodes file bytes as UTF-8 text, or explains why it is not configuration text. */
export function decodeConfigText(bytes: Uint8Array, filename: string): {text: string} | {diagnostic: Diagnostic} {
  const start = {line: 1, column: 1, byte: 0}
  if (bytes.includes(0)) {
    return {diagnostic: errorDiag('Invalid character encoding', `The file ${filename} contains NUL bytes: it looks like a binary file, not UTF-8 configuration text.`, {filename, start, end: start})}
  }
  try {
    let text = decoder.decode(bytes)
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
    return {text}
  } catch {
    return {diagnostic: errorDiag('Invalid character encoding', 'All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.', {filename, start, end: start})}
  }
}

export async function parseConfigFile(absPath: string, displayName: string, syntax: 'native' | 'json'): Promise<{file?: ConfigFile; diagnostics: Diagnostic[]}> {
  let bytes: Uint8Array
  try {
    bytes = await fsp.readFile(absPath)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'error'
    const start = {line: 1, column: 1, byte: 0}
    return {diagnostics: [errorDiag('Failed to read file', `The configuration file "${displayName}" could not be read (${code}).`, {filename: displayName, start, end: start})]}
  }
  const decoded = decodeConfigText(bytes, displayName)
  if ('diagnostic' in decoded) return {diagnostics: [decoded.diagnostic]}
  const parsed = syntax === 'json' ? parseJsonConfig(decoded.text, displayName) : await parseNativeConfig(decoded.text, displayName)
  return {file: parsed.file, diagnostics: parsed.diagnostics}
}

/** Loads and merges one module directory. Never throws for bad input: problems become diagnostics. */
export async function loadModuleDir(dir: string, opts: LoadOptions = {}): Promise<LoadResult> {
  const abs = path.resolve(dir)
  const prefix = opts.displayPrefix ?? ''
  let names: string[]
  try {
    names = await listRegularFiles(abs)
  } catch {
    const engine = opts.engine ?? 'terraform'
    return {
      module: emptyModule(abs, engine, []),
      engine,
      diagnostics: [errorDiag('Failed to read module directory', `Module directory ${dir} does not exist or cannot be read.`)],
      incomplete: true,
    }
  }
  const engineName: EngineName = opts.engine ?? (hasTofuFiles(names) ? 'opentofu' : 'terraform')
  const engine: Engine = engineByName(engineName)
  const files = selectConfigFiles(names, engineName)
  const active = files.filter((f) => f.shadowedBy === undefined)
  if (active.length === 0) {
    return {
      module: emptyModule(abs, engineName, files),
      engine: engineName,
      diagnostics: [errorDiag('No configuration files', `The directory ${dir} contains no ${engine.product} configuration files.`)],
      incomplete: true,
    }
  }
  const results = await Promise.all(active.map((f) => parseConfigFile(path.join(abs, f.name), prefix + f.name, f.syntax)))
  const diagnostics: Diagnostic[] = []
  const parsed: ParsedFile[] = []
  let incomplete = false
  results.forEach((r, i) => {
    diagnostics.push(...r.diagnostics)
    if (r.diagnostics.some((d) => d.severity === 'error')) incomplete = true
    if (r.file) parsed.push({entry: active[i]!, file: r.file})
  })
  const built = buildModule(abs, engine, files, parsed)
  diagnostics.push(...built.diagnostics)
  return {module: built.module, engine: engineName, diagnostics, incomplete}
}
