// Reads one module directory from disk: lists and selects files, reads and decodes them (UTF-8 only),
// parses each with the native or JSON reader, and builds the merged Module.
import * as path from 'node:path'
import type {Diagnostic, SourceRange} from '../diag/diagnostic.js'
import {DiskSource, type FileSource} from '../io/inputs.js'
import {errorDiag} from '../diag/diagnostic.js'
import {parseJsonConfig, type JsonRoot} from '../hcl/parse-json.js'
import {standaloneParser, type NativeParser} from '../hcl/native-parser.js'
import type {ConfigFile} from '../hcl/syntax.js'
import type {Engine, EngineName} from './engine.js'
import {engineByName} from './engine.js'
import {buildModule, type ParsedFile} from './build-module.js'
import {engineFor, selectConfigFiles, type ConfigFileEntry} from './file-set.js'
import type {Module} from './model.js'
import type {BlockKinds} from './block-kinds.js'
import type {ReferenceMemo} from './module-index.js'
import {TypeExprMemo} from './variable-default.js'
import {osErrorCode, osErrorText} from '../diag/os-error.js'

/** What loading reads with: the run's file source and its parser (which counts what it does). */
export interface LoadContext {
  readonly files: FileSource
  readonly parser: NativeParser
  /** Variable type expressions already parsed in this run. */
  readonly types: TypeExprMemo
  /** The block kinds that use a provider as resources do (default: the engines' own). */
  readonly blockKinds?: BlockKinds
  /** Attributes' references already read in this run (the parser gives an unchanged file's same attributes). */
  readonly references?: ReferenceMemo
  /**
   * Files' texts already decoded in this run, by the bytes read (an editor's run reads an unchanged file's
   * same bytes again: its text is not decoded again, and the parser finds it by the same string).
   */
  readonly texts?: WeakMap<Uint8Array, string>
}

/** The disk and a parser of its own, for a load made outside any run. */
export function standaloneLoadContext(): LoadContext {
  return {files: new DiskSource(), parser: standaloneParser(), types: new TypeExprMemo()}
}

export interface LoadOptions {
  /** Engine to load as; default: OpenTofu when the directory holds `.tofu`/`.tofu.json` files. */
  readonly engine?: EngineName
  /**
   * The root module directory whose analysis asks (absolute): the run's shared loads note how each root
   * reaches a directory, so that `lint --recursive` keeps a load while a root still to be linted could
   * reach it the same way. Not read by the load itself.
   */
  readonly requestedFrom?: string
  /**
   * Configuration files this load may still read (`--max-files`), shared by every load of a run and
   * decremented as files are taken; files beyond it are not read and an error says so. Default: no limit.
   */
  readonly fileBudget?: FileBudget
  /**
   * How the module's ranges name its files: `relative` to the module directory (`main.tf`; a module loaded
   * on its own, as `tfgraph config` shows it), or by their `absolute` paths (a run's shared loads: one
   * model of a directory serves every root and call that reaches it, and outputs name files for their
   * reader, diag/file-names.ts). Either way `path.resolve(module.dir, filename)` is the file. Default `relative`.
   */
  readonly fileNames?: 'relative' | 'absolute'
}

/** A run's allowance of configuration files; `remaining` goes down as directories are loaded. */
export interface FileBudget {
  remaining: number
  readonly limit: number
}

export {DEFAULT_MAX_FILES} from './limits.js'

export interface LoadResult {
  readonly module: Module
  readonly engine: EngineName
  readonly diagnostics: readonly Diagnostic[]
  /** True when the directory, or a file in it, could not be read or parsed (a tool error, exit 1). */
  readonly incomplete: boolean
  /** Configuration files read (what the load took from the run's allowance). */
  readonly filesRead: number
}

// ignoreBOM keeps a leading BOM in the text so byte offsets stay true (the readers skip it).
const decoder = new TextDecoder('utf-8', {fatal: true, ignoreBOM: true})

function emptyModule(dir: string, engine: EngineName, files: readonly ConfigFileEntry[]): Module {
  return buildModule(dir, engineByName(engine), files, []).module
}

/**
 * A directory entry's path: `dir` as path.resolve gives it and a name from its listing (no separator, never
 * `.` or `..`) need no normalising, which path.join does character by character (~45 ms of a cold caf root).
 */
function entryPath(dir: string, name: string): string {
  return dir.endsWith(path.sep) ? dir + name : dir + path.sep + name
}

// Synchronous I/O on purpose: files are small and parsing is sequential (one WebAssembly instance),
// so the thread-pool round trips of fs.promises only add idle time (measured: ~10% of a corpus load).
function listRegularFiles(files: FileSource, dir: string): string[] {
  const entries = files.list(dir)
  const names: string[] = []
  for (const e of entries) {
    if (e.kind === 'file') names.push(e.name)
    else if (e.kind === 'link') {
      const kind = files.stat(entryPath(dir, e.name))
      if (kind === 'file' || kind === null) names.push(e.name) // null: dangling link, reported when read
    }
  }
  return names
}

/** Position (line, column in code points, byte) of a byte offset in possibly-invalid UTF-8 bytes. */
function positionOfByte(bytes: Uint8Array, offset: number): {line: number; column: number; byte: number} {
  let line = 1
  let column = 1
  for (let i = 0; i < offset; i++) {
    const b = bytes[i]!
    if (b === 0x0a) {
      line++
      column = 1
    } else if ((b & 0xc0) !== 0x80) column++
  }
  return {line, column, byte: offset}
}

/** Byte offset of the first invalid UTF-8 sequence, or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0
  while (i < bytes.length) {
    const b = bytes[i]!
    if (b < 0x80) {
      i++
      continue
    }
    const n = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1
    if (n < 0 || i + n >= bytes.length) return i
    for (let k = 1; k <= n; k++) if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return i
    i += n + 1
  }
  return -1
}

/** The range of the one byte at `offset`. */
function byteRange(bytes: Uint8Array, offset: number, filename: string): SourceRange {
  const start = positionOfByte(bytes, offset)
  return {filename, start, end: {line: start.line, column: start.column + 1, byte: offset + 1}}
}

/** Decodes file bytes as UTF-8 text, or explains (at the offending byte) why it is not configuration text. */
export function decodeConfigText(bytes: Uint8Array, filename: string): {text: string} | {diagnostic: Diagnostic} {
  const nul = bytes.indexOf(0)
  if (nul >= 0) {
    return {
      diagnostic: errorDiag(
        'hcl.binary-file',
        'Invalid character',
        'This character is not used within the language. The file contains NUL bytes: it looks like a binary file, not configuration text.',
        byteRange(bytes, nul, filename),
      ),
    }
  }
  try {
    return {text: decoder.decode(bytes)}
  } catch {
    const bad = Math.max(0, firstInvalidUtf8(bytes))
    return {
      diagnostic: errorDiag(
        'hcl.invalid-encoding',
        'Invalid character encoding',
        'All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.',
        byteRange(bytes, bad, filename),
      ),
    }
  }
}

export async function parseConfigFile(
  ctx: LoadContext,
  absPath: string,
  displayName: string,
  syntax: 'native' | 'json',
  /** What a JSON file holds: configuration (default), a query file or a test file (their block types differ). */
  jsonRoot: JsonRoot = 'config',
): Promise<{file?: ConfigFile; diagnostics: Diagnostic[]}> {
  return parseConfigText(ctx, readConfigFile(ctx, absPath, displayName), displayName, syntax, jsonRoot)
}

/** A configuration file's text, or why it has none (unreadable, not UTF-8 text). */
type ReadFile = {readonly text: string} | {readonly diagnostics: Diagnostic[]}

function readConfigFile(ctx: LoadContext, absPath: string, displayName: string): ReadFile {
  let bytes: Uint8Array
  try {
    bytes = ctx.files.read(absPath)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'error'
    const start = {line: 1, column: 1, byte: 0}
    return {
      diagnostics: [
        errorDiag('load.file-unreadable', 'Failed to read file', `The configuration file "${displayName}" could not be read (${code}).`, {
          filename: displayName,
          start,
          end: start,
        }),
      ],
    }
  }
  const known = ctx.texts?.get(bytes)
  if (known !== undefined) return {text: known}
  const decoded = decodeConfigText(bytes, displayName)
  if ('diagnostic' in decoded) return {diagnostics: [decoded.diagnostic]}
  ctx.texts?.set(bytes, decoded.text)
  return decoded
}

async function parseConfigText(
  ctx: LoadContext,
  read: ReadFile,
  displayName: string,
  syntax: 'native' | 'json',
  jsonRoot: JsonRoot,
): Promise<{file?: ConfigFile; diagnostics: Diagnostic[]}> {
  if ('diagnostics' in read) return {diagnostics: read.diagnostics}
  const parsed = syntax === 'json' ? parseJsonConfig(read.text, displayName, jsonRoot) : await ctx.parser.parse(read.text, displayName)
  return {file: parsed.file, diagnostics: parsed.diagnostics}
}

/**
 * Parses a directory's native files ahead of its load (into the in-process memo, and with the pool
 * running, in parallel), without merging them. Never throws; the load that follows reports problems.
 */
export async function prefetchParses(ctx: LoadContext, dir: string, engine?: EngineName): Promise<void> {
  // as a run's shared loads name the files (by their absolute paths), so that the load finds the parses
  let names: string[]
  try {
    names = listRegularFiles(ctx.files, path.resolve(dir))
  } catch {
    return
  }
  const files = selectConfigFiles(names, engineFor(names, engine))
  const abs = path.resolve(dir)
  await Promise.all(
    files
      .filter((f) => f.shadowedBy === undefined && f.syntax === 'native')
      .map((f) => parseConfigFile(ctx, entryPath(abs, f.name), entryPath(abs, f.name), 'native')),
  )
}

/** Loads and merges one module directory (`ctx`: the run's files and parser; default: the disk and a parser of its own). Never throws for bad input: problems become diagnostics. */
export async function loadModuleDir(dir: string, opts: LoadOptions = {}, ctx: LoadContext = standaloneLoadContext()): Promise<LoadResult> {
  const abs = path.resolve(dir)
  let names: string[]
  try {
    names = listRegularFiles(ctx.files, abs)
  } catch (e) {
    const engine = opts.engine ?? 'terraform'
    return {
      module: emptyModule(abs, engine, []),
      engine,
      diagnostics: [
        errorDiag(
          'load.dir-unreadable',
          'Failed to read module directory',
          osErrorCode(e) === 'ENOENT' || osErrorCode(e) === undefined
            ? `Module directory ${dir} does not exist or cannot be read.`
            : `Module directory ${dir} cannot be read: ${osErrorText(e)}.`,
        ),
      ],
      incomplete: true,
      filesRead: 0,
    }
  }
  const engineName: EngineName = engineFor(names, opts.engine)
  const engine: Engine = engineByName(engineName)
  const files = selectConfigFiles(names, engineName)
  const active = files.filter((f) => f.shadowedBy === undefined)
  if (!active.some((f) => f.kind !== 'query')) {
    return {
      module: emptyModule(abs, engineName, files),
      engine: engineName,
      diagnostics: [
        errorDiag(
          'load.no-config-files',
          'No configuration files',
          `The directory ${dir} contains no ${engine.product} configuration files.`,
        ),
      ],
      incomplete: true,
      filesRead: 0,
    }
  }
  // the budget is taken synchronously, so loads that run concurrently never exceed it together
  const allowed = opts.fileBudget ? Math.max(0, Math.min(active.length, opts.fileBudget.remaining)) : active.length
  if (opts.fileBudget) opts.fileBudget.remaining -= allowed
  const reading = active.slice(0, allowed)
  const limitDiags =
    allowed < active.length
      ? [
          errorDiag(
            'load.too-many-files',
            'Too many configuration files',
            `tfgraph reads at most ${opts.fileBudget?.limit ?? allowed} configuration files in one run (--max-files); ${active.length - allowed} of the ${active.length} files in ${dir} were not read, so the results are incomplete. Raise --max-files to read them.`,
          ),
        ]
      : []
  const stats = ctx.parser.stats
  stats.found += reading.length
  const paths = reading.map((f) => entryPath(abs, f.name))
  const shown = opts.fileNames === 'absolute' ? paths : reading.map((f) => f.name)
  // with a second parsing thread (parse-lane.ts), read now, before anything is parsed: the crawl starts the
  // loads of a module's calls together, so the thread is told of every file they will parse before the first
  // is; without one, each file is read when it is parsed (fewer texts held at once)
  const early = ctx.parser.hasLane ? reading.map((_, i) => readConfigFile(ctx, paths[i]!, shown[i]!)) : undefined
  if (early) {
    const native: {text: string; filename: string}[] = []
    early.forEach((t, i) => {
      if ('text' in t && reading[i]!.syntax === 'native') native.push({text: t.text, filename: shown[i]!})
    })
    ctx.parser.announce(native)
  }
  // let timers run between modules (in-process parsing resolves in microtasks, which would starve the
  // progress line until the whole run is done)
  await new Promise<void>((resolve) => setImmediate(resolve))
  // all at once: with the worker pool running, a module's files are parsed in parallel
  const results = await Promise.all(
    reading.map(async (f, i) => {
      const r = await parseConfigText(
        ctx,
        early?.[i] ?? readConfigFile(ctx, paths[i]!, shown[i]!),
        shown[i]!,
        f.syntax,
        f.kind === 'query' ? 'query' : 'config',
      )
      stats.done++
      return r
    }),
  )
  const diagnostics: Diagnostic[] = [...limitDiags]
  const parsed: ParsedFile[] = []
  let incomplete = limitDiags.length > 0
  results.forEach((r, i) => {
    diagnostics.push(...r.diagnostics)
    if (r.diagnostics.some((d) => d.severity === 'error')) incomplete = true
    if (r.file) parsed.push({entry: reading[i]!, file: r.file})
  })
  const built = buildModule(abs, engine, files, parsed, ctx.types, ctx.blockKinds, ctx.references)
  stats.decoded++
  diagnostics.push(...built.diagnostics)
  return {module: built.module, engine: engineName, diagnostics, incomplete, filesRead: reading.length}
}
