// The npm package as a user gets it: `npm pack` of the built dist/ (scripts ignored: the test command
// has just built it), installed from the tarball into a temporary prefix, offline. Packed and installed
// once per test process, or once per run of scripts/test.mjs (TFGRAPH_TEST_SHARED: about 12 s of CPU, npm's
// own, that the second file needing it does not spend again); test files that need it await installed().
import {spawnSync, type SpawnSyncReturns} from 'node:child_process'
import {cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {repoRoot} from '../helpers/paths.js'

export interface Packed {
  tarball: string
  /** bytes of the .tgz */
  size: number
  /** the package.json inside the tarball */
  manifest: {scripts?: Record<string, string>}
  unpackedSize: number
  files: string[]
}
export interface Installed extends Packed {
  /**
   * The directory packed: a copy of what the package is made of (package.json, bin/, dist/, …) and of the
   * pack scripts, so that prepack's rewrite of package.json never touches the repository's while other test
   * files run beside this one
   */
  packedFrom: string
  /** the temporary prefix: node_modules/tfgraph, node_modules/.bin/tfgraph */
  prefix: string
  /** what npm said while installing the tarball */
  installStderr: string
  /** a scratch directory outside the repository and the prefix */
  work: string
  bin: (name: string) => string
}

export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
// no update checks, audits or funding notes; the user's npm cache (filled by `npm ci`) is where dependencies come from
const npmEnv = {...process.env, npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false', NO_COLOR: '1'}

export function runNpm(args: string[], cwd: string): SpawnSyncReturns<string> {
  return spawnSync(npm, args, {cwd, encoding: 'utf8', env: npmEnv, maxBuffer: 64 * 1024 * 1024})
}

/** Prints the one-line SKIP reason (scripts/test.mjs counts them), or throws under CI=true, where nothing may skip. */
export function skip(what: string, why: string): false {
  if (process.env['CI'] === 'true') throw new Error(`${what}: ${why} (CI=true: .ci/run provides it, so this must not skip)`)
  process.stdout.write(`SKIP ${what}: ${why}\n`)
  return false
}

/** What the package is made of (package.json's `files`, and what npm always adds), and the pack scripts prepack and postpack run. */
const PACKED_FROM = ['package.json', 'README.md', 'LICENSE', 'oclif.manifest.json', 'bin', 'dist', 'scripts/pack-manifest.mjs']

let pending: Promise<Installed | string> | undefined

/** The installed package, or why it could not be installed here (a reason to skip). Removed at exit (a run's shared one, at the run's end). */
export function installed(): Promise<Installed | string> {
  pending ??= Promise.resolve().then(() => {
    const shared = process.env['TFGRAPH_TEST_SHARED']
    return shared ? installedOnce(shared) : withWork(install(temporaryRoot()))
  })
  return pending
}

type Shared = Omit<Installed, 'work' | 'bin'>

/** A scratch directory of this process's own beside the (maybe shared) install: what one test file writes there no other sees. */
function withWork(got: Shared | string): Installed | string {
  if (typeof got === 'string') return got
  const work = mkdtempSync(path.join(tmpdir(), 'tfgraph-package-work-'))
  process.on('exit', () => rmSync(work, {recursive: true, force: true}))
  return {...got, work, bin: (name) => path.join(got.prefix, 'node_modules', '.bin', name)}
}

function temporaryRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'tfgraph-package-'))
  process.on('exit', () => rmSync(root, {recursive: true, force: true}))
  return root
}

/**
 * The package installed once in the run's shared directory (scripts/test.mjs removes it at the end): the
 * first test file to ask packs and installs it, and writes what it got (or why not) to `package-installed.json`;
 * the others wait for that file (at most 15 minutes).
 */
async function installedOnce(shared: string): Promise<Installed | string> {
  const root = path.join(shared, 'package')
  const said = path.join(shared, 'package-installed.json')
  mkdirSync(shared, {recursive: true})
  const pidFile = path.join(shared, 'package-installer.pid')
  let first = true
  try {
    mkdirSync(root, {recursive: false})
  } catch (e) {
    // another file installs it; any other failure is this one's to report
    if (!(e instanceof Error && 'code' in e && e.code === 'EEXIST')) throw e
    first = false
  }
  if (first) {
    writeFileSync(pidFile, String(process.pid))
    let got: Shared | string
    try {
      got = install(root)
    } catch (err) {
      writeFileSync(said, JSON.stringify({error: err instanceof Error ? err.message : String(err)}))
      throw err
    }
    writeFileSync(`${said}.part`, JSON.stringify({got}))
    renameSync(`${said}.part`, said)
    return withWork(got)
  }
  for (const started = Date.now(); !existsSync(said); await new Promise((r) => setTimeout(r, 200))) {
    if (Date.now() - started > 15 * 60_000) throw new Error(`the package another test file installs in ${root}: not ready after 15 minutes`)
    if (!existsSync(said) && !installerAlive(pidFile))
      throw new Error(`the package another test file was installing in ${root}: that process ended without saying what it got`)
  }
  const result = JSON.parse(readFileSync(said, 'utf8')) as {got?: Shared | string; error?: string}
  if (result.got === undefined) throw new Error(`the package another test file installed in ${root}: ${result.error}`)
  return withWork(result.got)
}

/** Whether the process that installs the package (its pid in `pidFile`, once written) is still running. */
function installerAlive(pidFile: string): boolean {
  let pid: number
  try {
    pid = Number(readFileSync(pidFile, 'utf8'))
  } catch {
    return true // not written yet: the installer has only just made its directory
  }
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return e instanceof Error && 'code' in e && e.code === 'EPERM'
  }
}

/** Packs and installs the package under `root`. */
function install(root: string): Shared | string {
  if (!existsSync(path.join(repoRoot, 'dist/cli/entry.js'))) return 'dist/ is not built (npm run build)'
  const packs = path.join(root, 'pack')
  const prefix = path.join(root, 'prefix')
  // npm install runs here: a directory outside the repository and the prefix
  const work = path.join(root, 'work')
  for (const d of [packs, prefix, work]) mkdirSync(d)
  const packedFrom = path.join(root, 'package')
  mkdirSync(packedFrom)
  for (const f of PACKED_FROM) {
    const from = path.join(repoRoot, f)
    if (existsSync(from)) cpSync(from, path.join(packedFrom, f), {recursive: true})
  }

  // packed as a user packs it, prepack and postpack included (they take `prepare` out of the packed
  // package.json); TFGRAPH_PACK_PREBUILT: the test command has just built dist/
  const pack = spawnSync(npm, ['pack', '--json', '--pack-destination', packs], {
    cwd: packedFrom,
    encoding: 'utf8',
    env: {...npmEnv, TFGRAPH_PACK_PREBUILT: '1'},
    maxBuffer: 64 * 1024 * 1024,
  })
  if (pack.status !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`)
  const [info] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('['))) as {
    filename: string
    size: number
    unpackedSize: number
    files: {path: string}[]
  }[]
  if (!info) throw new Error('npm pack printed no package')
  const tarball = path.join(packs, info.filename)

  // npm ci caches the dependency tarballs (by integrity) but not the registry's metadata, which resolving
  // `tfgraph`'s dependency ranges offline would need. A lock file in the prefix with the runtime entries
  // of ours (the versions the tests run with) lets npm take each from the cache without asking the registry.
  const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {packages: Record<string, {dev?: boolean}>}
  const packages: Record<string, unknown> = {'': {name: 'tfgraph-install-check'}}
  for (const [key, entry] of Object.entries(lock.packages)) if (key.startsWith('node_modules/') && !entry.dev) packages[key] = entry
  writeFileSync(path.join(prefix, 'package.json'), JSON.stringify({name: 'tfgraph-install-check', private: true}) + '\n')
  writeFileSync(
    path.join(prefix, 'package-lock.json'),
    JSON.stringify({name: 'tfgraph-install-check', lockfileVersion: 3, requires: true, packages}) + '\n',
  )

  const inst = runNpm(['install', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', tarball], work)
  if (inst.status !== 0) {
    const reason = /ENOTCACHED|only-if-cached/.test(inst.stderr)
      ? 'offline install from the tarball: the npm cache lacks a runtime dependency (run npm ci first)'
      : ''
    if (reason) return reason
    throw new Error(`npm install of the tarball failed (exit ${inst.status}):\n${inst.stderr}`)
  }
  const manifest = JSON.parse(readFileSync(path.join(prefix, 'node_modules', 'tfgraph', 'package.json'), 'utf8')) as Packed['manifest']
  return {
    tarball,
    packedFrom,
    manifest,
    installStderr: inst.stderr,
    size: info.size,
    unpackedSize: info.unpackedSize,
    files: info.files.map((f) => f.path).sort(),
    prefix,
  }
}
