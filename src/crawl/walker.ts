// Where a module call's module comes from (Terraform's configs.ModuleWalker): the crawler asks with the
// call's source address, version constraint and caller, and gets a module or why there is none. The
// default walker finds local sources beside their caller and everything else through the installed-
// modules manifest (`terraform init`'s), and loads the directory through the run's shared loads; an
// editor can put unsaved buffers behind one, a test modules built in memory, by source address.
import * as path from 'node:path'
import {parseModuleSource, type ModuleSource} from '../addrs/module-source.js'
import type {Diagnostic, SourceRange} from '../diag/diagnostic.js'
import {errorDiag, warningDiag} from '../diag/diagnostic.js'
import {engineByName, type EngineName} from '../load/engine.js'
import type {FileBudget, LoadResult} from '../load/load-module.js'
import type {Module} from '../load/model.js'
import type {RunContext} from '../load/run-context.js'
import type {FileSource} from '../io/inputs.js'
import {dataDir, readManifest, type ManifestRecord} from './manifest.js'

/** What the crawler asks for: the module a call names. */
export interface ModuleRequest {
  /** The call's name and the module path of the module it makes (call names from the root). */
  readonly name: string
  readonly path: readonly string[]
  /** Its source address as evaluated, and parsed. */
  readonly sourceText: string
  readonly source: ModuleSource
  /** Its version constraint as evaluated, if any. */
  readonly version: string | undefined
  /** The calling module: its directory (undefined when the caller is not on disk) and its module path. */
  readonly parent: {readonly dir: string | undefined; readonly path: readonly string[]}
  /** The call's block header and its source expression, for diagnostics. */
  readonly callRange: SourceRange
  readonly sourceRange: SourceRange | undefined
  readonly engine: EngineName
}

/** The module found for a call, or why there is none. */
export type WalkResult =
  | {
      readonly kind: 'module'
      readonly module: Module
      /** Where it is (a directory, or any name the walker gives it) and how it is shown (relative to the root). */
      readonly dir: string
      readonly displayDir: string
      /** What makes two calls the same module (a real path): a call chain that meets one twice is a cycle. */
      readonly identity: string
      /** The module's own load diagnostics: the crawler reports them once per identity. */
      readonly diagnostics: readonly Diagnostic[]
      /** Part of it could not be read. */
      readonly incomplete: boolean
    }
  | {
      readonly kind: 'unresolved'
      readonly reason: string
      /** What to report about this call (each call's). */
      readonly diagnostics: readonly Diagnostic[]
      /** The tool stopped reading (a limit): the results are incomplete. */
      readonly incomplete?: boolean
    }

export interface ModuleWalker {
  loadModule(request: ModuleRequest): Promise<WalkResult>
}

/** The loader's report of a directory that is missing or holds no configuration files. */
export function isMissingModuleDir(d: Diagnostic): boolean {
  return d.code === 'load.dir-unreadable' || d.code === 'load.no-config-files'
}

/** Whether `dir` is a chain of symbolic links that leads back to itself (listing it fails with ELOOP). */
export function isLinkLoop(files: FileSource, dir: string): boolean {
  try {
    files.list(dir)
    return false
  } catch (e) {
    return typeof e === 'object' && e !== null && 'code' in e && e.code === 'ELOOP'
  }
}

/** A directory relative to the root, as shown (`.` for the root). */
export function displayDir(root: string, dir: string): string {
  const rel = path.relative(root, dir).split(path.sep).join('/')
  return rel === '' ? '.' : rel
}

export interface InstalledModulesOptions {
  readonly context: RunContext
  /** The root module's directory (absolute). */
  readonly root: string
  /** The directory file names are shown relative to (absolute; default `root`): a test run's module is shown from the tested root. */
  readonly displayRoot?: string
  readonly env: NodeJS.ProcessEnv
  /** The run's allowance of configuration files (`--max-files`). */
  readonly fileBudget: FileBudget
  /** The command that installs the tree's modules (default: the engine's `init`; a stack component's tree: `terraform stacks init`). */
  readonly initCommand?: string
}

/** The default walker, with the manifest's own diagnostics (reported by the crawl) and its directory loads. */
export interface InstalledModulesWalker extends ModuleWalker {
  readonly manifestDiagnostics: readonly Diagnostic[]
  /** Loads a directory through the run's shared loads, once per real path (the root module too). */
  loadDir(dir: string, engine: EngineName | undefined): Promise<LoadResult>
  /** Every load started (awaited before the crawl returns). */
  settled(): Promise<unknown>
}

/** Local sources beside their caller, the rest through `<data dir>/modules/modules.json`, loaded from disk. */
export function installedModulesWalker(opts: InstalledModulesOptions): InstalledModulesWalker {
  const {context: ctx, root, env, fileBudget} = opts
  const shownFrom = opts.displayRoot ?? root
  const files = ctx.files
  const manifest = readManifest(files, root, env)
  const realOrSelf = (dir: string): string => files.realpath(dir) ?? dir
  const loads = new Map<string, Promise<LoadResult>>()
  let filesLimitReported = false
  const loadDir = (dir: string, engine: EngineName | undefined): Promise<LoadResult> => {
    const real = realOrSelf(dir)
    let p = loads.get(real)
    if (!p) {
      p = ctx.loads.load(dir, {...(engine ? {engine} : {}), requestedFrom: root, fileBudget})
      loads.set(real, p)
    }
    return p
  }
  const address = (r: ModuleRequest): string => r.path.map((n) => `module.${n}`).join('.')
  /** The command named in advice to install modules. */
  const initOf = (command: string): string => opts.initCommand ?? `${command} init`

  /** The directory a call's module is in, or why there is none. */
  const locate = (r: ModuleRequest): {dir: string} | Extract<WalkResult, {kind: 'unresolved'}> => {
    const eng = engineByName(r.engine)
    const key = r.path.join('.')
    const record: ManifestRecord | undefined = manifest.records.get(key)
    const {source} = r
    const parentDir = r.parent.dir ?? root
    // A local source is read from beside its caller (a stale manifest record — e.g. written from
    // another working directory — must not hide it); the record is used when that path is missing.
    if (source.kind === 'local' && files.stat(path.resolve(parentDir, source.path)) === 'dir')
      return {dir: path.resolve(parentDir, source.path)}
    if (record) {
      const recParsed = parseModuleSource(record.source, {engine: r.engine, hasVersion: record.version !== undefined})
      const recNorm = 'source' in recParsed ? recParsed.source.normalized : record.source
      if (recNorm !== source.normalized && source.kind !== 'local')
        return {
          kind: 'unresolved',
          reason: `installed from ${record.source}, but the configuration now says ${source.normalized}`,
          diagnostics: [
            warningDiag(
              'module.source-changed',
              'Module source has changed',
              `The source address was changed since this module was installed. Run "${initOf(eng.command)}" to install all modules required by this configuration.`,
              r.sourceRange,
            ),
          ],
        }
      // init installs remote modules under the data directory only; a record elsewhere was edited (or
      // is another configuration's), and is not followed
      const recDir = path.resolve(root, record.dir)
      const rel = path.relative(dataDir(root, env), recDir)
      if (source.kind === 'local' || !(rel === '..' || rel.startsWith('..' + path.sep) || path.isAbsolute(rel))) return {dir: recDir}
      return {
        kind: 'unresolved',
        reason: `the installed-modules manifest places it outside the data directory, in ${record.dir}`,
        diagnostics: [
          warningDiag(
            'module.installed-outside-data-dir',
            'Installed module outside the data directory',
            `The installed-modules manifest records ${address(r)} in ${JSON.stringify(record.dir)}, outside the data directory, where "${initOf(eng.command)}" never installs a module: the manifest was edited or comes from another configuration. tfgraph does not read that directory. Run "${initOf(eng.command)}" to reinstall the modules.`,
            r.callRange,
          ),
        ],
      }
    }
    if (source.kind === 'local') return {dir: path.resolve(parentDir, source.path)}
    return {
      kind: 'unresolved',
      // without a manifest nothing was installed here: say so, not which record is missing
      reason: manifest.exists
        ? `${source.normalized} is not installed (no record "${key}" in the installed-modules manifest)`
        : `${source.normalized} is not installed (modules not installed: run "${initOf(eng.command)}")`,
      diagnostics: [
        warningDiag(
          'module.not-installed',
          'Module not installed',
          `This module is not yet installed. Run "${initOf(eng.command)}" to install all modules required by this configuration. (${address(r)}: source ${JSON.stringify(r.sourceText)}${r.version ? `, version ${JSON.stringify(r.version)}` : ''}.)`,
          r.callRange,
        ),
      ],
    }
  }

  return {
    manifestDiagnostics: manifest.diagnostics,
    loadDir,
    settled: () => Promise.all(loads.values()),
    async loadModule(r) {
      const found = locate(r)
      if ('kind' in found) return found
      const {dir} = found
      const identity = realOrSelf(dir)
      if (fileBudget.remaining <= 0 && !loads.has(identity)) {
        const first = !filesLimitReported
        filesLimitReported = true
        return {
          kind: 'unresolved',
          reason: `the limit of ${fileBudget.limit} configuration files was reached (--max-files)`,
          incomplete: true,
          diagnostics: first
            ? [
                errorDiag(
                  'load.too-many-files',
                  'Too many configuration files',
                  `${address(r)} and the modules after it are not read: tfgraph reads at most ${fileBudget.limit} configuration files in one run (--max-files), so the results are incomplete. Raise --max-files to read them.`,
                  r.callRange,
                ),
              ]
            : [],
        }
      }
      const loaded = await loadDir(dir, r.engine)
      const shown = displayDir(shownFrom, dir)
      if (loaded.diagnostics.some(isMissingModuleDir)) {
        // a chain of symbolic links that leads back to itself is said to be one (it is not merely unreadable)
        const loop = isLinkLoop(files, dir)
        return {
          kind: 'unresolved',
          reason: loop
            ? `the directory ${shown} is a symbolic link loop`
            : `the directory ${shown} cannot be read or has no configuration files`,
          diagnostics: [
            errorDiag(
              'module.dir-not-found',
              'Unreadable module directory',
              loop
                ? `The directory ${shown} of ${address(r)} (source ${JSON.stringify(r.sourceText)}) is a symbolic link loop: following its links leads back to a link already followed, so it names no directory.`
                : `The directory ${shown} of ${address(r)} (source ${JSON.stringify(r.sourceText)}) could not be read or holds no ${engineByName(r.engine).product} configuration files.`,
              r.callRange,
            ),
          ],
        }
      }
      return {
        kind: 'module',
        module: loaded.module,
        dir,
        displayDir: shown,
        identity,
        diagnostics: loaded.diagnostics,
        incomplete: loaded.incomplete,
      }
    },
  }
}
