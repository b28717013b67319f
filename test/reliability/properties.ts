// The properties every command must keep on any input, as checks that return violations (empty = ok).
import {spawnSync} from 'node:child_process'
import {chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import type {Diagnostic} from '../helpers/internal.js'
import type {CommandOutcome, CommandSpec, RunContext} from './commands.js'
import {repoRoot} from '../helpers/paths.js'

export interface Violation {
  readonly command: string
  readonly property: string
  readonly detail: string
}

/** A stack trace line as Node prints it. */
export const STACK_TRACE = /\n\s+at .+:\d+:\d+/
/** Crash messages that may come without a stack. */
export const CRASH_TEXT =
  /\b(TypeError|RangeError|ReferenceError|SyntaxError: Unexpected|Maximum call stack|fatal error:|malloc|JavaScript heap out of memory|node:internal)/

/**
 * Characters that must never reach a terminal from input: C0 controls except tab and newline (ESC
 * starts ANSI sequences, BEL, backspace and CR overwrite), DEL and C1 controls (U+009B is a
 * one-character CSI for many terminals).
 */
// eslint-disable-next-line no-control-regex
export const UNSAFE_TERMINAL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/
/** The bidirectional overrides of "Trojan Source": tfgraph's own text renderers escape them too. */
export const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

/** Time allowed for one command on a tree of `bytes` bytes (generous: the machine is shared and noisy). */
export function timeBudgetMs(bytes: number): number {
  return 15_000 + bytes / 50 // 15 s plus 20 ms per KB (the WebAssembly parser reads about 1 MB/s)
}

export function treeBytes(dir: string): number {
  let total = 0
  const walk = (d: string, depth: number): void => {
    if (depth > 20) return
    let entries
    try {
      entries = readdirSync(d, {withFileTypes: true})
    } catch {
      return
    }
    for (const e of entries) {
      const p = path.join(d, e.name)
      if (e.isDirectory()) walk(p, depth + 1)
      else if (e.isFile()) {
        try {
          total += statSync(p).size
        } catch {
          // unreadable: counts nothing
        }
      }
    }
  }
  walk(dir, 0)
  return total
}

function show(s: string, at: number): string {
  return JSON.stringify(s.slice(Math.max(0, at - 40), at + 40))
}

/** Text for a terminal: no control characters from input, no stack trace. */
export function checkText(command: string, where: string, text: string): Violation[] {
  const out: Violation[] = []
  const m = UNSAFE_TERMINAL.exec(text)
  if (m)
    out.push({
      command,
      property: 'text output has no terminal control characters',
      detail: `${where}: U+${m[0].charCodeAt(0).toString(16).padStart(4, '0')} near ${show(text, m.index)}`,
    })
  const st = STACK_TRACE.exec(text)
  if (st) out.push({command, property: 'no stack trace', detail: `${where}: ${show(text, st.index)}`})
  return out
}

/** A range must lie in its file: lines and columns from 1, bytes within the file, end not before start. */
function checkRange(command: string, d: Diagnostic, dir: string, sizes: Map<string, number | undefined>): Violation[] {
  const r = d.range
  if (!r) return []
  const bad = (why: string): Violation[] => [
    {command, property: 'diagnostic ranges are well-formed', detail: `${why}: ${d.summary} at ${JSON.stringify(r)}`},
  ]
  if (r.filename === '') return bad('empty file name')
  for (const p of [r.start, r.end]) {
    if (!Number.isInteger(p.line) || !Number.isInteger(p.column) || !Number.isInteger(p.byte)) return bad('non-integer position')
    if (p.line < 1 || p.column < 1 || p.byte < 0) return bad('position before the start of the file')
  }
  if (r.end.byte < r.start.byte || r.end.line < r.start.line) return bad('end before start')
  if (!sizes.has(r.filename)) {
    let size: number | undefined
    try {
      const st = statSync(path.resolve(dir, r.filename))
      size = st.isFile() ? st.size : undefined
    } catch {
      size = undefined
    }
    sizes.set(r.filename, size)
  }
  const size = sizes.get(r.filename)
  if (size !== undefined && r.end.byte > size) return bad(`end byte past the end of the file (${size} bytes)`)
  return []
}

/** Every property of one in-process outcome. */
export function checkOutcome(o: CommandOutcome, dir: string, elapsedMs: number, bytes: number): Violation[] {
  const out: Violation[] = []
  if (![0, 1, 2].includes(o.exitCode)) out.push({command: o.command, property: 'exit code 0, 1 or 2', detail: String(o.exitCode)})
  if (o.exitCode !== 0 && !o.diagnostics.some((d) => d.severity === 'error'))
    out.push({
      command: o.command,
      property: 'a failing exit code comes with an error diagnostic',
      detail: `exit ${o.exitCode}, diagnostics: ${o.diagnostics.map((d) => d.summary).join('; ') || 'none'}`,
    })
  const sizes = new Map<string, number | undefined>()
  for (const d of o.diagnostics) {
    out.push(...checkRange(o.command, d, dir, sizes))
    if (d.summary.trim() === '') out.push({command: o.command, property: 'diagnostics have a summary', detail: JSON.stringify(d)})
  }
  o.text.forEach((t, i) => out.push(...checkText(o.command, `text output #${i + 1}`, t)))
  o.json.forEach((j, i) => {
    try {
      JSON.parse(j)
    } catch (e) {
      out.push({
        command: o.command,
        property: 'JSON output parses',
        detail: `document #${i + 1}: ${e instanceof Error ? e.message : String(e)}`,
      })
    }
  })
  const budget = timeBudgetMs(bytes)
  if (elapsedMs > budget)
    out.push({
      command: o.command,
      property: 'time proportional to the input',
      detail: `${Math.round(elapsedMs)} ms for ${bytes} bytes (budget ${Math.round(budget)} ms)`,
    })
  return out
}

export interface CliResult {
  readonly args: readonly string[]
  readonly status: number | null
  readonly signal: NodeJS.Signals | null
  readonly stdout: string
  readonly stderr: string
  readonly ms: number
  readonly error?: string
}

/** Spawns `node bin/run.cjs ARGS` with a time limit and a V8 heap limit proportional to the input. */
export function spawnCli(
  args: readonly string[],
  opts: {
    bytes: number
    env?: NodeJS.ProcessEnv
    cwd?: string
    prefix?: readonly string[]
    nodeOptions?: readonly string[]
    uid?: number
    gid?: number
    /** a directory holding bin/ and dist/cli (readableCliCopy); the clone by default */
    cliRoot?: string
  } = {bytes: 0},
): CliResult {
  const heapMb = Math.ceil(512 + (opts.bytes / 1e6) * 40)
  const runJs = path.join(opts.cliRoot ?? repoRoot, 'bin/run.cjs')
  const nodeArgs = [`--max-old-space-size=${heapMb}`, ...(opts.nodeOptions ?? []), runJs, ...args]
  const [cmd, ...pre] = opts.prefix && opts.prefix.length > 0 ? [...opts.prefix, process.execPath] : [process.execPath]
  const started = Date.now()
  const r = spawnSync(cmd!, [...pre, ...nodeArgs], {
    encoding: 'utf8',
    timeout: Math.ceil(timeBudgetMs(opts.bytes) + 5000),
    maxBuffer: 256 * 1024 * 1024,
    env: {...(opts.env ?? process.env), NO_COLOR: '1'},
    ...(opts.cwd ? {cwd: opts.cwd} : {}),
    ...(opts.uid !== undefined ? {uid: opts.uid} : {}),
    ...(opts.gid !== undefined ? {gid: opts.gid} : {}),
  })
  return {
    args,
    status: r.status,
    signal: r.signal,
    stdout: r.stdout ?? '',
    stderr: r.stderr ?? '',
    ms: Date.now() - started,
    ...(r.error ? {error: r.error.message} : {}),
  }
}

/**
 * The CLI as another user can run it: the clone may sit where only its owner can enter (`mktemp -d`,
 * `/root`, most container images), so bin/, the bundle (dist/cli: oclif, the commands and the library in
 * one file set, nothing from node_modules for the default parser), package.json and the oclif manifest are
 * copied into a new directory under the system's temporary directory, readable by everyone. Returns the
 * directory and its removal, or why `uid` cannot run it even from there (the caller skips with that reason).
 */
export function readableCliCopy(uid: number, gid: number): {root: string; remove: () => void} | {why: string} {
  const root = mkdtempSync(path.join(tmpdir(), 'tfgraph-cli-'))
  const remove = (): void => rmSync(root, {recursive: true, force: true})
  for (const part of ['bin', 'dist/cli', 'package.json', 'oclif.manifest.json']) {
    mkdirSync(path.dirname(path.join(root, part)), {recursive: true})
    cpSync(path.join(repoRoot, part), path.join(root, part), {recursive: true, dereference: true})
  }
  const open = (p: string): void => {
    chmodSync(p, statSync(p).isDirectory() ? 0o755 : 0o644)
    if (statSync(p).isDirectory()) for (const e of readdirSync(p)) open(path.join(p, e))
  }
  open(root)
  const probe = spawnSync(process.execPath, [path.join(root, 'bin/run.cjs'), '--version'], {encoding: 'utf8', uid, gid, cwd: root})
  if (probe.status === 0) return {root, remove}
  remove()
  const firstLine = (probe.error?.message ?? probe.stderr.trim().split('\n')[0] ?? '').trim()
  return {
    why: `user ${uid} cannot run the CLI copied to ${tmpdir()} (is the temporary directory private? ${firstLine || `exit ${probe.status}`})`,
  }
}

/** Properties of one real CLI run. */
export function checkCli(command: string, r: CliResult): Violation[] {
  const out: Violation[] = []
  const what = `tfgraph ${r.args.map((a) => (/^[\w./=,:-]+$/.test(a) ? a : JSON.stringify(a))).join(' ')}`
  if (r.error || r.signal || r.status === null || ![0, 1, 2].includes(r.status))
    out.push({
      command,
      property: 'exit code 0, 1 or 2',
      detail: `${what}: status ${r.status}, signal ${r.signal}${r.error ? `, ${r.error}` : ''}; stderr: ${r.stderr.slice(0, 800)}`,
    })
  if (STACK_TRACE.test(r.stderr) || STACK_TRACE.test(r.stdout))
    out.push({command, property: 'no stack trace', detail: `${what}: ${r.stderr.slice(0, 800)}`})
  const crash = CRASH_TEXT.exec(r.stderr)
  if (crash) out.push({command, property: 'no crash message', detail: `${what}: ${show(r.stderr, crash.index)}`})
  const machine = r.args.includes('--json') || r.args.includes('json') || r.args.includes('sarif')
  if (machine && (r.status !== 1 || r.stdout.trim() !== '')) {
    try {
      JSON.parse(r.stdout)
    } catch (e) {
      out.push({
        command,
        property: 'JSON output parses',
        detail: `${what}: ${e instanceof Error ? e.message : String(e)}: ${r.stdout.slice(0, 200)}`,
      })
    }
  } else if (!machine) out.push(...checkText(command, `${what} stdout`, r.stdout))
  out.push(...checkText(command, `${what} stderr`, r.stderr))
  return out
}

/** Runs every argument list of a command through the real CLI and checks each. */
export function runCli(
  spec: CommandSpec,
  dir: string,
  ctx: RunContext,
  bytes: number,
  env?: NodeJS.ProcessEnv,
  lists = Infinity,
): Violation[] {
  const out: Violation[] = []
  for (const args of spec.cli(dir, ctx).slice(0, lists)) out.push(...checkCli(spec.name, spawnCli(args, {bytes, ...(env ? {env} : {})})))
  return out
}

/** Reads a file's text, or undefined. */
export function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}
