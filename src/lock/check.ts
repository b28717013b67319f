// `tfgraph lock`: the dependency lock file (always in the root module directory) checked against the
// provider requirements of the whole module tree, with optional offline verification of installed
// packages (h1:/zh:) and platform coverage. Terraform's wording where Terraform has one.
import {renameFiles, rootRelative} from '../diag/file-names.js'
import {readdirSync, statSync} from 'node:fs'
import {utf8Text} from '../io/inputs.js'
import {withRunContext, type RunContext} from '../load/run-context.js'
import * as path from 'node:path'
import type {Diagnostic, SourceRange} from '../diag/diagnostic.js'
import {errorDiag, formatRange, sortDiagnostics, warningDiag, withoutCode} from '../diag/diagnostic.js'
import type {CrawlLimits, ModuleWalker} from '../crawl/crawl.js'
import {dataDir} from '../crawl/manifest.js'
import {engineByName, type Engine, type EngineName} from '../load/engine.js'
import {analyzeProvidersWith, type ProvidersAnalysis} from '../providers/analyze.js'
import {allows, constraintsString, parseProviderConstraints, parseVersion, type Constraint} from '../providers/releases/constraints.js'
import {hashDirH1, hashZipH1, hashZipZh} from './hash.js'
import {providerString} from '../addrs/provider.js'
import type {ResourceInstanceAddr} from '../addrs/instance.js'
import type {StackConfigNode} from '../load/stacks/model.js'
import {parseLockFile, type ProviderLock} from './lockfile.js'
import {osErrorCode, osErrorText} from '../diag/os-error.js'

/**
 * `invalid`: locked, but the lock file has errors — in this provider's entry (`entryErrors`), or elsewhere,
 * and Terraform uses no part of a lock file with errors — so the selection is not usable as it is.
 */
export type LockStatus = 'ok' | 'missing' | 'unsatisfied' | 'unused' | 'invalid'

/**
 * The lock file itself: `absent`; `unreadable` (the tool failed); `unparsable` (not valid HCL, nothing in it
 * could be read); `invalid` (read, with errors); `valid` (no errors, perhaps warnings).
 */
export type LockFileState = 'absent' | 'unreadable' | 'unparsable' | 'invalid' | 'valid'

export interface LockProvider {
  readonly provider: string
  readonly status: LockStatus
  readonly lockedVersion: string | null
  /** Canonical form of the current constraints from every module. */
  readonly constraints: string
  /** Constraints recorded in the lock file (null when none recorded or not locked). */
  readonly recordedConstraints: string | null
  readonly constraintsChanged: boolean
  readonly sources: readonly {module: string; constraint: string; range: SourceRange | null}[]
  readonly hashes: {readonly h1: number; readonly zh: number; readonly other: number}
  /** Errors reported inside this provider's block of the lock file. */
  readonly entryErrors: number
  /** With a state (`lock --state`), for an unused entry: the state's objects that keep it. */
  readonly stateObjects?: readonly ResourceInstanceAddr[]
}

export type PackageStatus = 'match' | 'mismatch' | 'unlocked'

export interface LockPackage {
  readonly provider: string
  readonly version: string
  readonly platform: string
  readonly path: string
  readonly status: PackageStatus
  readonly h1: string | null
  readonly zh: string | null
}

export interface LockCheckOptions {
  readonly engine?: EngineName
  readonly env?: NodeJS.ProcessEnv
  readonly verify?: boolean
  /** Filesystem mirror directories (`--plugin-dir`), checked with --verify. */
  readonly pluginDirs?: readonly string[]
  readonly platforms?: readonly string[]
  /** `--max-depth`, `--max-files`, `--max-modules`. */
  readonly limits?: CrawlLimits
  /** The run (files, parser, caches); default: a run of its own. */
  readonly context?: RunContext
  /** Where called modules come from (default: local directories and the installed-modules manifest). */
  readonly walker?: ModuleWalker
  /**
   * `lock --state`: the objects of a state (their addresses) by the provider (FQN) they were recorded with.
   * An entry no module requires is then kept by those objects, or removed by the next init when none.
   */
  readonly stateObjects?: ReadonlyMap<string, readonly ResourceInstanceAddr[]>
}

export interface LockCheck {
  readonly analysis: ProvidersAnalysis
  readonly lockFile: string
  readonly lockFileExists: boolean
  readonly lockFileState: LockFileState
  /** The provider entries the lock file holds (0 for an empty file, or none). */
  readonly lockedEntries: number
  /**
   * False when the lock file or the configuration could not be read (a syntax error, an unreadable file,
   * a limit reached): nothing was compared, and `providers` and `packages` are empty.
   */
  readonly compared: boolean
  readonly providers: readonly LockProvider[]
  readonly packages: readonly LockPackage[]
  readonly diagnostics: readonly Diagnostic[]
  readonly incomplete: boolean
}

const BUILTIN = 'terraform.io/builtin/'

function countHashes(hs: readonly string[]): {h1: number; zh: number; other: number} {
  let h1 = 0
  let zh = 0
  for (const h of hs) {
    if (h.startsWith('h1:')) h1++
    else if (h.startsWith('zh:')) zh++
  }
  return {h1, zh, other: hs.length - h1 - zh}
}

/** Installed packages: `<root>/HOST/NS/TYPE/VERSION/OS_ARCH/` directories and `HOST/NS/TYPE/terraform-provider-TYPE_VERSION_OS_ARCH.zip`. */
function findPackages(root: string): {provider: string; version: string; platform: string; path: string; zip: boolean}[] {
  const out: {provider: string; version: string; platform: string; path: string; zip: boolean}[] = []
  const ls = (d: string): string[] => {
    try {
      return readdirSync(d).sort()
    } catch {
      return []
    }
  }
  const isDir = (p: string): boolean => {
    try {
      return statSync(p).isDirectory()
    } catch {
      return false
    }
  }
  for (const host of ls(root)) {
    for (const ns of ls(path.join(root, host))) {
      for (const type of ls(path.join(root, host, ns))) {
        const tdir = path.join(root, host, ns, type)
        for (const entry of ls(tdir)) {
          const p = path.join(tdir, entry)
          const zip = new RegExp(`^terraform-provider-${type.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}_([^_]+)_(.+)\\.zip$`).exec(entry)
          if (zip && !isDir(p)) {
            out.push({provider: `${host}/${ns}/${type}`, version: zip[1]!, platform: zip[2]!, path: p, zip: true})
            continue
          }
          if (!isDir(p)) continue
          for (const platform of ls(p))
            if (isDir(path.join(p, platform)))
              out.push({provider: `${host}/${ns}/${type}`, version: entry, platform, path: path.join(p, platform), zip: false})
        }
      }
    }
  }
  return out
}

export async function checkLock(dir: string, opts: LockCheckOptions = {}): Promise<LockCheck> {
  return withRunContext(opts.context, (ctx) => checkLockWith(ctx, dir, opts))
}

async function checkLockWith(ctx: RunContext, dir: string, opts: LockCheckOptions): Promise<LockCheck> {
  const root = path.resolve(dir)
  const analysis = await analyzeProvidersWith(ctx, root, {
    ...(opts.engine ? {engine: opts.engine} : {}),
    ...(opts.env ? {env: opts.env} : {}),
    ...opts.limits,
    ...(opts.walker ? {walker: opts.walker} : {}),
  })
  const engine = engineByName(analysis.tree.engine)
  const lockFile = path.join(root, '.terraform.lock.hcl')
  const read = await readLockFile(ctx, lockFile, engine)
  const {locks, lockFileExists, lockFileState} = read
  const diagnostics: Diagnostic[] = [...read.diagnostics]
  const incomplete = analysis.incomplete || lockFileState === 'unreadable'
  const analysisErrors = analysis.diagnostics.filter((d) => d.severity === 'error')
  // the model names files by their absolute paths; the check names them from the root, as the analysis does
  const named = rootRelative(root)
  const result = (compared: boolean, providers: LockProvider[], packages: LockPackage[]): LockCheck => ({
    analysis,
    lockFile: '.terraform.lock.hcl',
    lockFileExists,
    lockFileState,
    lockedEntries: locks.length,
    compared,
    providers: renameFiles(providers, named),
    packages: renameFiles(packages, named),
    diagnostics: sortDiagnostics([...analysisErrors, ...renameFiles(diagnostics, named)]),
    incomplete,
  })
  // without the whole configuration or a readable lock file, every status would be a guess
  if (analysis.incomplete || lockFileState === 'unreadable' || lockFileState === 'unparsable') return result(false, [], [])
  const required = analysis.stack ? stackRequirements(analysis.stack.config) : requiredProviders(analysis)
  const lockByProvider = new Map(locks.map((l) => [l.provider, l]))
  const names = [...new Set([...required.keys(), ...lockByProvider.keys()])].sort()
  // module calls init has not installed: their providers are not known here, and the text says so (as providers and lint do)
  const notInstalled = analysis.diagnostics.filter((d) => d.code === 'module.not-installed')
  diagnostics.push(...notInstalled)
  const providers: LockProvider[] = []
  for (const name of names) {
    const p = compareProvider(
      name,
      required.get(name),
      lockByProvider.get(name),
      lockFileExists,
      lockFileState,
      engine,
      diagnostics,
      opts.stateObjects,
    )
    if (p) providers.push(p)
  }
  const more = unknownRequirements(notInstalled.length)
  if (more)
    for (const [i, d] of diagnostics.entries()) if (d.code === 'lock.unused-entry') diagnostics[i] = {...d, detail: d.detail + more.unused}
  if (!lockFileExists && (required.size > 0 || notInstalled.length > 0)) {
    diagnostics.push(
      warningDiag(
        'lock.no-lock-file',
        'No dependency lock file',
        `The directory has no .terraform.lock.hcl; "${engine.command} init" will create one selecting versions for ${required.size} provider${required.size === 1 ? '' : 's'}${more ? more.missing : ''}. Commit it so every run uses the same versions.`,
      ),
    )
  }
  diagnostics.push(...otherRegistryWarnings(providers, lockByProvider, engine))
  diagnostics.push(...platformDiagnostics(opts.platforms ?? [], providers, lockByProvider, engine))
  // a stack: Terraform Stacks' own lock errors (in the analysis) say what is missing or not allowed, and its lock file is written by another command
  if (analysis.stack) diagnostics.splice(0, diagnostics.length, ...diagnostics.filter((d) => !STACK_SAYS.has(d.code)).map(forStack))
  const packages: LockPackage[] = []
  if (opts.verify) {
    const roots = [path.join(dataDir(root, opts.env ?? process.env), 'providers'), ...(opts.pluginDirs ?? []).map((d) => path.resolve(d))]
    for (const r of roots) packages.push(...(await verifyPackages(r, root, lockByProvider, engine, diagnostics)))
  }
  return result(true, providers, packages)
}

/**
 * The root's lock file, read and parsed: `absent` when there is none, `unreadable` when reading it failed,
 * `unparsable` when it is not valid HCL, `invalid` when the parser reported errors.
 */
async function readLockFile(
  ctx: RunContext,
  lockFile: string,
  engine: Engine,
): Promise<{locks: ProviderLock[]; lockFileExists: boolean; lockFileState: LockFileState; diagnostics: Diagnostic[]}> {
  const lockFileExists = ctx.files.stat(lockFile) !== null
  if (!lockFileExists) return {locks: [], lockFileExists, lockFileState: 'absent', diagnostics: []}
  let text: string
  try {
    text = utf8Text(ctx.files.read(lockFile))
  } catch (e) {
    const diag = errorDiag(
      'lock.unreadable',
      'Failed to read dependency lock file',
      `The file .terraform.lock.hcl could not be read: ${readFailure(e)}.`,
    )
    return {locks: [], lockFileExists, lockFileState: 'unreadable', diagnostics: [diag]}
  }
  const parsed = await parseLockFile(text, '.terraform.lock.hcl', engine.name, {parser: ctx.parser})
  const lockFileState = !parsed.syntaxValid ? 'unparsable' : parsed.diagnostics.some((d) => d.severity === 'error') ? 'invalid' : 'valid'
  return {locks: parsed.locks, lockFileExists, lockFileState, diagnostics: [...parsed.diagnostics]}
}

interface Requirement {
  constraints: Constraint[]
  sources: {module: string; constraint: string; range: SourceRange | null}[]
}

/** Lock diagnostics a stack's analysis gives in Terraform Stacks' words ("Provider missing from lockfile", …). */
const STACK_SAYS: ReadonlySet<string> = new Set(['lock.provider-not-locked', 'lock.version-mismatch'])

/** A lock file diagnostic as a stack's: its lock file is written by `terraform stacks providers lock`, from the stack's required_providers. */
function forStack(d: Diagnostic): Diagnostic {
  if (d.code === 'lock.no-lock-file')
    return {...d, detail: d.detail.replace(/"terraform init" will create one/, '"terraform stacks providers lock" will create one')}
  if (d.code === 'lock.unused-entry')
    return {
      ...d,
      detail: d.detail.replace(
        /no module of this configuration requires it any more\..*$/s,
        'the stack\'s required_providers does not name it; "terraform stacks providers lock" writes the lock file from the stack\'s required_providers.',
      ),
    }
  return d
}

/** The requirements of a stack: its required_providers entries (and its embedded stacks'), built-in providers left out. */
function stackRequirements(node: StackConfigNode, out = new Map<string, Requirement>()): Map<string, Requirement> {
  for (const r of node.stack.requiredProviders?.entries.values() ?? []) {
    const name = providerString(r.provider)
    if (r.builtIn || name.startsWith(BUILTIN)) continue
    const e = out.get(name) ?? {constraints: [], sources: []}
    if (r.version !== undefined) {
      const p = parseProviderConstraints(r.version)
      if ('constraints' in p) e.constraints.push(...p.constraints)
      e.sources.push({module: node.address.key || 'stack', constraint: r.version, range: r.versionRange ?? r.nameRange})
    }
    out.set(name, e)
  }
  for (const c of node.children.values()) stackRequirements(c, out)
  return out
}

/** What the lock check adds when `n` module calls are not installed: their modules may require more providers. */
function unknownRequirements(n: number): {missing: string; unused: string} | undefined {
  if (n === 0) return undefined
  const calls = `${n} module call${n === 1 ? '' : 's'}`
  return {
    missing: `, and for whatever providers the ${calls} not installed require (tfgraph reads a module once init has installed it)`,
    unused: ` The ${calls} not installed may still require it.`,
  }
}

/** The current requirements of each provider, combined over the whole module tree (builtin providers left out). */
function requiredProviders(analysis: ProvidersAnalysis): Map<string, Requirement> {
  const required = new Map<string, Requirement>()
  for (const r of analysis.requirements) {
    if (r.provider.startsWith(BUILTIN)) continue
    const e = required.get(r.provider) ?? {constraints: [], sources: []}
    for (const c of r.constraints) {
      const p = parseProviderConstraints(c.constraint)
      if ('constraints' in p) e.constraints.push(...p.constraints)
      e.sources.push({module: r.module, constraint: c.constraint, range: c.range ?? null})
    }
    required.set(r.provider, e)
  }
  return required
}

/**
 * One provider's requirements against its lock entry: its status, with a diagnostic when it is not locked,
 * no longer used, or locked at a version the constraints do not allow. Undefined when neither side has it.
 */
function compareProvider(
  name: string,
  req: Requirement | undefined,
  lock: ProviderLock | undefined,
  lockFileExists: boolean,
  lockFileState: LockFileState,
  engine: Engine,
  diagnostics: Diagnostic[],
  state?: ReadonlyMap<string, readonly ResourceInstanceAddr[]>,
): LockProvider | undefined {
  const users = state && !req && lock ? (state.get(name) ?? []) : undefined
  const current = req ? constraintsString(req.constraints) : ''
  const recordedParsed = lock?.constraints !== undefined ? parseProviderConstraints(lock.constraints) : undefined
  const recorded =
    recordedParsed && 'constraints' in recordedParsed ? constraintsString(recordedParsed.constraints) : (lock?.constraints ?? null)
  let status: LockStatus
  const firstRange = req?.sources.find((s) => s.range)?.range ?? undefined
  if (req && !lock) {
    status = 'missing'
    if (lockFileExists) {
      diagnostics.push(
        errorDiag(
          'lock.provider-not-locked',
          'Inconsistent dependency lock file',
          `provider ${name}: required by this configuration but no version is selected\n\nTo make the initial dependency selections that will initialize the dependency lock file, run:\n  ${engine.command} init`,
          firstRange,
        ),
      )
    }
  } else if (lock && lock.errors > 0) {
    // the parser's diagnostics say what is wrong with the entry
    status = 'invalid'
  } else if (!req && lock) {
    status = 'unused'
    // seed 003: Terraform looks for dependencies on a provider in the configuration and in the state
    diagnostics.push(
      warningDiag(
        'lock.unused-entry',
        'Unused dependency lock',
        `provider ${name}: locked at ${lock.version}, but no module of this configuration requires it any more. ${unusedReason(users, engine)}`,
        lock.range,
      ),
    )
  } else if (req && lock) {
    const v = parseVersion(lock.version)
    const ok = 'error' in v ? false : allows(req.constraints, v)
    // a lock file with errors is not used at all: no selection in it is ok
    status = ok ? (lockFileState === 'invalid' ? 'invalid' : 'ok') : 'unsatisfied'
    // an unparsable version was already reported by the lock-file parser
    if (!ok && !('error' in v)) diagnostics.push(versionMismatch(name, req, lock, current, recorded, engine, firstRange))
  } else return undefined
  return {
    provider: name,
    status,
    lockedVersion: lock?.version ?? null,
    constraints: current,
    recordedConstraints: recorded,
    constraintsChanged: lock !== undefined && req !== undefined && (recorded ?? '') !== current,
    sources: req?.sources ?? [],
    hashes: countHashes(lock?.hashes ?? []),
    entryErrors: lock?.errors ?? 0,
    ...(users ? {stateObjects: users} : {}),
  }
}

/** Why an unused entry stays or goes: the state's objects that keep it (`users`; undefined: no state was given). */
function unusedReason(users: readonly ResourceInstanceAddr[] | undefined, engine: Engine): string {
  const init = `"${engine.command} init"`
  if (!users)
    return `${init} removes a lock entry only once neither the configuration nor the state depends on the provider, so this one stays while resources in the state still use it (tfgraph does not read the state).`
  if (users.length === 0) return `No object of the state uses it either: the next ${init} removes the entry.`
  const shown =
    users
      .slice(0, 3)
      .map((o) => o.key)
      .join(', ') + (users.length > 3 ? ` and ${users.length - 3} more` : '')
  return `${users.length} object${users.length === 1 ? '' : 's'} of the state still use${users.length === 1 ? 's' : ''} it (${shown}): ${init} keeps the entry until they are destroyed or removed from the state.`
}

/** A locked version the current constraints do not allow, worded as Terraform words it, with every constraint's place. */
function versionMismatch(
  name: string,
  req: Requirement,
  lock: ProviderLock,
  current: string,
  recorded: string | null,
  engine: Engine,
  firstRange: SourceRange | undefined,
): Diagnostic {
  const detail =
    recorded !== null && recorded === current
      ? `provider ${name}: version constraints ${JSON.stringify(current)} don't match the locked version selection ${lock.version}`
      : `provider ${name}: locked version selection ${lock.version} doesn't match the updated version constraints ${JSON.stringify(current)}`
  const where = req.sources.filter((s) => s.range).map((s) => `${s.constraint} (${s.module || 'root module'}, ${formatRange(s.range!)})`)
  return errorDiag(
    'lock.version-mismatch',
    'Inconsistent dependency lock file',
    `${detail}\n\nConstraints: ${where.join('; ') || 'none'}.\n\nTo update the locked dependency selections to match a changed configuration, run:\n  ${engine.command} init -upgrade`,
    firstRange ?? lock.range,
  )
}

/** A missing hashicorp provider whose twin under the other registry (OpenTofu's or Terraform's) is locked. */
function otherRegistryWarnings(
  providers: readonly LockProvider[],
  lockByProvider: ReadonlyMap<string, ProviderLock>,
  engine: Engine,
): Diagnostic[] {
  const other = engine.name === 'opentofu' ? 'registry.terraform.io' : 'registry.opentofu.org'
  const out: Diagnostic[] = []
  for (const p of providers) {
    if (p.status !== 'missing' || !p.provider.startsWith(`${engine.defaultRegistryHost}/hashicorp/`)) continue
    const twin = p.provider.replace(engine.defaultRegistryHost, other)
    if (lockByProvider.has(twin)) {
      out.push(
        warningDiag(
          'lock.other-registry',
          'Lock entry for the other registry',
          `The lock file has ${twin} but ${engine.product} requires ${p.provider} (the default registry of ${engine.product} is ${engine.defaultRegistryHost}). Run "${engine.command} init" to add the ${p.provider} entry${engine.name === 'opentofu' ? ' (OpenTofu copies the version and constraints of the registry.terraform.io entry)' : ''}.`,
          lockByProvider.get(twin)!.range,
        ),
      )
    }
  }
  return out
}

/** `--platform`: each name is os_arch, and each locked provider has enough hashes to install on every one. */
function platformDiagnostics(
  platforms: readonly string[],
  providers: readonly LockProvider[],
  lockByProvider: ReadonlyMap<string, ProviderLock>,
  engine: Engine,
): Diagnostic[] {
  const out: Diagnostic[] = []
  for (const platform of platforms) {
    if (!/^[a-z0-9]+_[a-z0-9]+$/.test(platform))
      out.push(
        errorDiag(
          'lock.invalid-platform',
          'Invalid platform',
          `"${platform}" is not a platform name of the form os_arch, such as linux_amd64.`,
        ),
      )
  }
  if (platforms.length === 0) return out
  for (const p of providers) {
    if (p.lockedVersion === null || p.status === 'unused' || p.entryErrors > 0) continue
    if (p.hashes.zh === 0 && p.hashes.h1 < platforms.length) {
      const lock = lockByProvider.get(p.provider)
      out.push(
        warningDiag(
          'lock.missing-platform-hashes',
          'Lock file may not cover every platform',
          `provider ${p.provider} ${p.lockedVersion}: the lock file has ${p.hashes.h1} h1: hash${p.hashes.h1 === 1 ? '' : 'es'} and no zh: hashes, so installing on ${platforms.join(', ')} may fail the checksum verification. Run:\n  ${engine.command} providers lock ${platforms.map((x) => `-platform=${x}`).join(' ')}`,
          lock?.range,
        ),
      )
    }
  }
  return out
}

/** `--verify`: each installed package under `dir` hashed and compared with the hashes locked for its provider. */
async function verifyPackages(
  dir: string,
  root: string,
  lockByProvider: ReadonlyMap<string, ProviderLock>,
  engine: Engine,
  diagnostics: Diagnostic[],
): Promise<LockPackage[]> {
  const packages: LockPackage[] = []
  for (const pkg of findPackages(dir)) {
    let h1: string | null = null
    let zh: string | null = null
    try {
      h1 = pkg.zip ? await hashZipH1(pkg.path) : await hashDirH1(pkg.path)
    } catch {
      h1 = null
    }
    if (pkg.zip) zh = await hashZipZh(pkg.path)
    const lock = lockByProvider.get(pkg.provider)
    let status: PackageStatus = 'unlocked'
    if (lock && lock.version === pkg.version) {
      const hs = new Set(lock.hashes)
      status = (h1 !== null && hs.has(h1)) || (zh !== null && hs.has(zh)) ? 'match' : 'mismatch'
      if (status === 'mismatch') {
        diagnostics.push(
          errorDiag(
            'lock.checksum-mismatch',
            'Provider package checksum mismatch',
            `The package ${path.relative(root, pkg.path) || pkg.path} (${pkg.provider} ${pkg.version} ${pkg.platform}) has ${[h1, zh].filter(Boolean).join(' and ')}, which the lock file does not list for this provider (it lists ${lock.hashes.join(', ') || 'no hashes'}). The package may have been modified or replaced; reinstall it with "${engine.command} init", or update the lock file if the change is expected.`,
            lock.range,
          ),
        )
      }
    }
    packages.push({
      provider: pkg.provider,
      version: pkg.version,
      platform: pkg.platform,
      path: path.relative(root, pkg.path) || pkg.path,
      status,
      h1,
      zh,
    })
  }
  return packages
}

/** Why a file could not be read, in a few words (`EISDIR: illegal operation…` → `it is a directory`). */
function readFailure(e: unknown): string {
  return osErrorCode(e) === 'EISDIR' ? 'it is a directory' : osErrorText(e)
}

/** The `lock --json` contract (format_version "1"). */
export function lockDocument(c: LockCheck): object {
  return {
    format_version: '1',
    lock_file: c.lockFileExists ? c.lockFile : null,
    lock_file_state: c.lockFileState,
    compared: c.compared,
    providers: c.providers.map((p) => ({
      provider: p.provider,
      status: p.status,
      locked_version: p.lockedVersion,
      constraints: p.constraints,
      recorded_constraints: p.recordedConstraints,
      constraints_changed: p.constraintsChanged,
      sources: p.sources,
      hashes: p.hashes,
      entry_errors: p.entryErrors,
      ...(p.stateObjects ? {state_objects: p.stateObjects.map((o) => o.key)} : {}),
    })),
    packages: c.packages,
    diagnostics: c.diagnostics.map(withoutCode),
  }
}
