// `tfgraph ARGS` run in the test's own process, as bin/run.cjs runs it in a process of its own, with its
// output read as from pipes: the built quick start (dist/cli/quick.cjs, then quick-run.cjs) for the command
// lines it takes, else the oclif command (bin/oclif-run.js, as bin/run.cjs runs it); stdout,
// stderr and the exit code it would end with. What it saves is a Node start and the CLI's load for each
// command line (about 0.3 s of CPU); a test that runs many command lines for their output runs most of them
// here and a few as real processes (`runCliProcess`), and test/cli/in-process.test.ts checks that the two
// give the same for a sample of command lines. bin/pre-commit.cjs runs command lines in its process the same
// way (src/cli/quick-run.ts's runCaptured; both capture the streams with src/cli/capture-streams.ts). One command line at a time: the streams, the working directory,
// the environment and process.exitCode are the process's own, swapped for the run and put back after.
import {spawnSync} from 'node:child_process'
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {pathToFileURL} from 'node:url'
import {captureStreams} from '../../src/cli/capture-streams.js'
import {repoRoot} from './paths.js'

export interface CliRun {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

export interface CliOptions {
  /** The working directory (default: the repository). */
  readonly cwd?: string
  /** Variables set (a string) or removed (undefined) for the run, over the test process's own. */
  readonly env?: Readonly<Record<string, string | undefined>>
  /** In this process only: the oclif command even for a line the quick start takes (bin/oclif-run.js's runOclif). */
  readonly oclif?: boolean
}

const bin = path.join(repoRoot, 'bin/run.cjs')

/** `tfgraph ARGS` as a process of its own (bin/run.cjs), with NO_COLOR=1 (as every test runs it) and `options.env` over the test's environment. */
export function runCliProcess(args: readonly string[], options: CliOptions = {}): CliRun {
  const env: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1'}
  for (const [k, v] of Object.entries(options.env ?? {})) {
    if (v === undefined) delete env[k]
    else env[k] = v
  }
  // no limit on the output but memory's (spawnSync's default, 1 MB, would cut a large JSON document)
  const r = spawnSync(process.execPath, [bin, ...args], {cwd: options.cwd ?? repoRoot, encoding: 'utf8', env, maxBuffer: 1 << 30})
  return {code: r.status, stdout: r.stdout, stderr: r.stderr}
}

interface QuickScripts {
  readonly quickStart: (given: readonly string[], runner: (q: unknown) => Promise<void>) => Promise<boolean>
}
interface QuickRunScript {
  readonly runQuick: (q: unknown) => Promise<void>
}
interface OclifRun {
  readonly runOclif: (given: readonly string[], root: string) => Promise<void>
}

interface Loaded {
  readonly quickCommands: readonly string[]
  readonly quick: QuickScripts
  readonly quickRun: () => QuickRunScript
  readonly oclif: () => Promise<OclifRun>
}

/** The built CLI's parts, loaded as bin/run.cjs loads them (its list of quick commands read from it). */
async function load(): Promise<Loaded> {
  const listed = /const QUICK = \[([^\]]*)\]/.exec(readFileSync(bin, 'utf8'))?.[1]
  if (!listed) throw new Error('bin/run.cjs: no list of quick commands (const QUICK = [...])')
  const quickCommands = listed
    .split(',')
    .map((s) => s.trim().replace(/'/g, ''))
    .filter(Boolean)
  const {loadScript} = (await import(pathToFileURL(path.join(repoRoot, 'bin/load-script.cjs')).href)) as {
    loadScript: (file: string) => {exports: unknown}
  }
  const script = (name: string): unknown => loadScript(path.join(repoRoot, 'dist/cli', `${name}.cjs`)).exports
  let quickRun: QuickRunScript | undefined
  let oclif: Promise<OclifRun> | undefined
  return {
    quickCommands,
    quick: script('quick') as QuickScripts,
    quickRun: () => (quickRun ??= script('quick-run') as QuickRunScript),
    oclif: () => (oclif ??= import(pathToFileURL(path.join(repoRoot, 'bin/oclif-run.js')).href) as Promise<OclifRun>),
  }
}

const state: {loaded?: Promise<Loaded>; busy: boolean} = {busy: false}

/** What bin/run.cjs does with the command line, output and exit code kept instead of ending the process. */
async function runAsBin(cli: Loaded, given: readonly string[], oclif = false): Promise<void> {
  const quick =
    !oclif && cli.quickCommands.includes(given[0] ?? '') && (await cli.quick.quickStart(given, (q) => cli.quickRun().runQuick(q)))
  if (quick) return
  await (await cli.oclif()).runOclif(given, pathToFileURL(bin).href)
}

/** `tfgraph ARGS` in this process: what it wrote to stdout and stderr and its exit code, as `runCliProcess` gives them. */
export async function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  const {code, stdout, stderr} = await runHere(args, options)
  return {code, stdout, stderr}
}

/**
 * `runCli`, and `merged`: stdout and stderr as one stream in the order they were written, as a terminal (or
 * one file given both, `2>&1`) shows them: each write is one call here, as a process of its own writes a file.
 */
export function runCliMerged(args: readonly string[], options: CliOptions = {}): Promise<CliRun & {readonly merged: string}> {
  return runHere(args, options)
}

async function runHere(args: readonly string[], options: CliOptions): Promise<CliRun & {readonly merged: string}> {
  if (state.busy) throw new Error('runCli: one command line at a time (it swaps the process streams)')
  state.busy = true
  const cli = await (state.loaded ??= load())
  const exitCode = process.exitCode
  const cwd = process.cwd()
  const env = {NO_COLOR: '1', ...options.env}
  const savedEnv = Object.keys(env).map((k) => [k, process.env[k]] as const)
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
  process.exitCode = undefined
  const captured = captureStreams()
  // both streams' writes, in the order made, over the capture's own (which `restore` takes away with them)
  const merged: Buffer[] = []
  for (const s of [process.stdout, process.stderr]) {
    const capture = s.write.bind(s) as (chunk: string | Uint8Array, ...rest: unknown[]) => boolean
    const write = (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
      merged.push(
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : 'utf8')
          : Buffer.from(chunk),
      )
      return capture(chunk, ...rest)
    }
    Object.defineProperty(s, 'write', {value: write, configurable: true, writable: true})
  }
  let code: number
  let written: {readonly stdout: string; readonly stderr: string}
  try {
    process.chdir(options.cwd ?? repoRoot)
    await runAsBin(cli, args, options.oclif)
  } finally {
    code = Number(process.exitCode ?? 0)
    process.exitCode = exitCode
    process.chdir(cwd)
    for (const [k, v] of savedEnv) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
    written = captured.restore()
    state.busy = false
  }
  return {code, stdout: written.stdout, stderr: written.stderr, merged: Buffer.concat(merged).toString('utf8')}
}

/** `runCli`, and the same command line as a process of its own (`runCliProcess`), which must give the same exit code, stdout and stderr. */
export async function runCliChecked(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  const r = await runCli(args, options)
  const real = runCliProcess(args, options)
  if (JSON.stringify(real) !== JSON.stringify(r))
    throw new Error(`tfgraph ${args.join(' ')}: in this process ${JSON.stringify(r)}, as a process of its own ${JSON.stringify(real)}`)
  return r
}

/**
 * `runCli` with `options` (and a line's own, `more`, over them), whose first command line is run by
 * `runCliChecked` (so that each file that runs its command lines here checks one on the process).
 */
export function checkedRunner(options: CliOptions = {}): (args: readonly string[], more?: CliOptions) => Promise<CliRun> {
  let first = true
  return (args, more) => {
    const check = first
    first = false
    const given = more ? {...options, ...more, env: {...options.env, ...more.env}} : options
    return check ? runCliChecked(args, given) : runCli(args, given)
  }
}
