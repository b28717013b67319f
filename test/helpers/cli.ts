// `tfgraph ARGS` run in the test's own process, as bin/run.js runs it in a process of its own, with its
// output read as from pipes: the built quick start (dist/cli/quick.cjs, then quick-run.cjs) for the command
// lines it takes, else the oclif command (dist/cli/entry.js), its errors said by describeCliError; stdout,
// stderr and the exit code it would end with. What it saves is a Node start and the CLI's load for each
// command line (about 0.3 s of CPU); a test that runs many command lines for their output runs most of them
// here and a few as real processes (`runCliProcess`), and test/cli/in-process.test.ts checks that the two
// give the same for a sample of command lines. bin/pre-commit.js runs command lines in its process the same
// way (src/cli/quick-run.ts's runCaptured). One command line at a time: the streams, the working directory,
// the environment and process.exitCode are the process's own, swapped for the run and put back after.
import {spawnSync} from 'node:child_process'
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {pathToFileURL} from 'node:url'
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
}

const bin = path.join(repoRoot, 'bin/run.js')

/** `tfgraph ARGS` as a process of its own (bin/run.js), with NO_COLOR=1 (as every test runs it) and `options.env` over the test's environment. */
export function runCliProcess(args: readonly string[], options: CliOptions = {}): CliRun {
  const env: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1'}
  for (const [k, v] of Object.entries(options.env ?? {})) {
    if (v === undefined) delete env[k]
    else env[k] = v
  }
  const r = spawnSync(process.execPath, [bin, ...args], {cwd: options.cwd ?? repoRoot, encoding: 'utf8', env})
  return {code: r.status, stdout: r.stdout, stderr: r.stderr}
}

interface QuickScripts {
  readonly quickStart: (given: readonly string[], runner: (q: unknown) => Promise<void>) => Promise<boolean>
}
interface QuickRunScript {
  readonly runQuick: (q: unknown) => Promise<void>
}
interface Entry {
  readonly COMMANDS: Record<string, unknown>
  readonly describeCliError: (
    error: unknown,
    argv: readonly string[],
    ids: readonly string[],
    find: (command: string) => unknown,
  ) => {text: string; exitCode: number}
  readonly flush: () => Promise<void>
  readonly run: (argv: readonly string[], root: string) => Promise<unknown>
}

interface Loaded {
  readonly quickCommands: readonly string[]
  readonly quick: QuickScripts
  readonly quickRun: () => QuickRunScript
  readonly entry: () => Promise<Entry>
}

/** The built CLI's parts, loaded as bin/run.js loads them (its list of quick commands read from it). */
async function load(): Promise<Loaded> {
  const listed = /const QUICK = \[([^\]]*)\]/.exec(readFileSync(bin, 'utf8'))?.[1]
  if (!listed) throw new Error('bin/run.js: no list of quick commands (const QUICK = [...])')
  const quickCommands = listed
    .split(',')
    .map((s) => s.trim().replace(/'/g, ''))
    .filter(Boolean)
  const {loadScript} = (await import(pathToFileURL(path.join(repoRoot, 'bin/load-script.js')).href)) as {
    loadScript: (file: string) => {exports: unknown}
  }
  const script = (name: string): unknown => loadScript(path.join(repoRoot, 'dist/cli', `${name}.cjs`)).exports
  let quickRun: QuickRunScript | undefined
  let entry: Promise<Entry> | undefined
  return {
    quickCommands,
    quick: script('quick') as QuickScripts,
    quickRun: () => (quickRun ??= script('quick-run') as QuickRunScript),
    entry: () => (entry ??= import(pathToFileURL(path.join(repoRoot, 'dist/cli/entry.js')).href) as Promise<Entry>),
  }
}

const state: {loaded?: Promise<Loaded>; busy: boolean} = {busy: false}

/** What bin/run.js does with the command line, output and exit code kept instead of ending the process. */
async function runAsBin(cli: Loaded, given: readonly string[]): Promise<void> {
  const quick = cli.quickCommands.includes(given[0] ?? '') && (await cli.quick.quickStart(given, (q) => cli.quickRun().runQuick(q)))
  if (quick) return
  const {COMMANDS, describeCliError, flush, run} = await cli.entry()
  // `tfgraph help lint` is `tfgraph lint --help`
  const argv = given[0] === 'help' ? [...given.slice(1), '--help'] : given
  try {
    await run(argv, pathToFileURL(bin).href)
    await flush()
  } catch (error) {
    const ids = Object.keys(COMMANDS)
    const {text, exitCode} = describeCliError(error, argv, ids, (command) => COMMANDS[command.split(' ').join(':')])
    if (text) process.stderr.write(text)
    process.exitCode = exitCode
  }
}

/** `tfgraph ARGS` in this process: what it wrote to stdout and stderr and its exit code, as `runCliProcess` gives them. */
export async function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  if (state.busy) throw new Error('runCli: one command line at a time (it swaps the process streams)')
  state.busy = true
  const cli = await (state.loaded ??= load())
  const streams = [process.stdout, process.stderr] as const
  const chunks: [Buffer[], Buffer[]] = [[], []]
  const replaced = ['write', 'isTTY'] as const
  const saved = streams.map((s) => replaced.map((p) => Object.getOwnPropertyDescriptor(s, p)))
  // listeners the run leaves on the streams (oclif's flush waits for a 'drain' that a write which returned
  // true never brings): one per run would pass Node's limit of ten and print its warning into a later run
  const listening = streams.map((s) => new Map(s.eventNames().map((e) => [e, s.listeners(e)])))
  const exitCode = process.exitCode
  const cwd = process.cwd()
  const env = {NO_COLOR: '1', ...options.env}
  const savedEnv = Object.keys(env).map((k) => [k, process.env[k]] as const)
  streams.forEach((s, i) => {
    const capture = (chunk: string | Uint8Array, encoding?: unknown, done?: unknown): boolean => {
      chunks[i]!.push(
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk),
      )
      const callback = typeof encoding === 'function' ? encoding : done
      if (typeof callback === 'function') process.nextTick(() => (callback as () => void)())
      return true
    }
    Object.defineProperty(s, 'write', {value: capture, configurable: true, writable: true})
    Object.defineProperty(s, 'isTTY', {value: false, configurable: true, writable: true})
  })
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
  process.exitCode = undefined
  let code: number
  try {
    process.chdir(options.cwd ?? repoRoot)
    await runAsBin(cli, args)
  } finally {
    code = Number(process.exitCode ?? 0)
    process.exitCode = exitCode
    process.chdir(cwd)
    for (const [k, v] of savedEnv) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
    streams.forEach((s, i) => {
      replaced.forEach((p, j) => {
        const own = saved[i]![j]
        if (own) Object.defineProperty(s, p, own)
        else Reflect.deleteProperty(s, p)
      })
      for (const e of s.eventNames())
        for (const l of s.listeners(e)) if (!listening[i]!.get(e)?.includes(l)) s.removeListener(e, l as (...a: unknown[]) => void)
    })
    state.busy = false
  }
  const [stdout, stderr] = chunks.map((c) => Buffer.concat(c).toString('utf8')) as [string, string]
  return {code, stdout, stderr}
}

/** `runCli`, and the same command line as a process of its own (`runCliProcess`), which must give the same exit code, stdout and stderr. */
export async function runCliChecked(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  const r = await runCli(args, options)
  const real = runCliProcess(args, options)
  if (JSON.stringify(real) !== JSON.stringify(r))
    throw new Error(`tfgraph ${args.join(' ')}: in this process ${JSON.stringify(r)}, as a process of its own ${JSON.stringify(real)}`)
  return r
}

/** `runCli` with `options`, whose first command line is run by `runCliChecked` (so that each file that runs its command lines here checks one on the process). */
export function checkedRunner(options: CliOptions = {}): (args: readonly string[]) => Promise<CliRun> {
  let first = true
  return (args) => {
    const check = first
    first = false
    return check ? runCliChecked(args, options) : runCli(args, options)
  }
}
