// How the command line reports what it could not do. oclif prints parse errors over several lines with
// the whole usage after them and exits 2 — the code tfgraph keeps for findings. Here every usage error is
// one line naming the problem (and the valid choices), then one line pointing at --help, exit 1; a
// command's own failures (`this.exit`, `this.error`) keep their code; anything unexpected is one line
// too, never a stack trace (set DEBUG=tfgraph to see it). bin/run.cjs calls describeCliError for whatever
// ends a command line, so no command needs its own handler.
import {didYouMean} from '../diag/name-suggestion.js'

export interface CliFailure {
  /** What to print on stderr (empty for an exit a command already explained). */
  readonly text: string
  readonly exitCode: number
}

/** What describeCliError needs of a command class: its flags (with their kind) and its arguments. */
export interface CommandSpec {
  readonly flags?: Readonly<Record<string, {readonly type?: string; readonly char?: string} | undefined>>
  readonly args?: Readonly<Record<string, unknown>>
}

interface OclifErrorShape {
  readonly message?: unknown
  readonly name?: unknown
  readonly code?: unknown
  readonly oclif?: {readonly exit?: unknown}
  readonly stack?: unknown
}

const PARSE_ERRORS = new Set([
  'CLIParseError',
  'RequiredArgsError',
  'UnexpectedArgsError',
  'NonExistentFlagsError',
  'FlagInvalidOptionError',
  'ArgInvalidOptionError',
  'FailedFlagValidationError',
  'ViolatedFlagConstraintError',
  'InvalidArgsSpecError',
])

/** The command a command line names (`lock diff` → "lock diff"), or undefined. */
export function commandOf(argv: readonly string[], commandIds: readonly string[]): string | undefined {
  const words = argv.filter((a) => !a.startsWith('-'))
  const ids = commandIds.map((id) => id.split(':').join(' ')).sort((a, b) => b.length - a.length)
  return ids.find((id) => id.split(' ').every((w, i) => words[i] === w))
}

function oneLine(message: string): string {
  return message
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^See more help with/.test(l) && !/^The following errors? occurred:?$/.test(l))
    .join(' ')
}

/** "1 argument, DIR", "2 arguments, OLD NEW". */
function argumentsTaken(spec: CommandSpec | undefined): string {
  const names = Object.keys(spec?.args ?? {}).map((a) => a.toUpperCase())
  return names.length === 0 ? 'no arguments' : `${names.length} argument${names.length === 1 ? '' : 's'}, ${names.join(' ')}`
}

/** A usage error's message as tfgraph says it: what is wrong, and what would be right. */
export function usageMessage(raw: string, spec?: CommandSpec, command?: string): string {
  const m = oneLine(raw)
  const flagNames = Object.keys(spec?.flags ?? {})
  let x: RegExpExecArray | null
  if ((x = /^Expected --([\w-]+)=(.*) to be one of: (.*)$/.exec(m))) return `--${x[1]} must be one of ${x[3]} (got ${JSON.stringify(x[2])})`
  if ((x = /^Flag --([\w-]+) expects one of these values: (.*)$/.exec(m))) return `--${x[1]} needs a value: one of ${x[2]}`
  if ((x = /^Flag --([\w-]+) expects a value$/.exec(m))) return `--${x[1]} needs a value`
  if ((x = /^Flag --([\w-]+) can only be specified once$/.exec(m))) return `--${x[1]} can be given only once`
  if ((x = /^Parsing --([\w-]+)\s*Expected an integer but received: (.*)$/.exec(m)))
    return `--${x[1]} expects a whole number (got ${JSON.stringify(x[2])})`
  if ((x = /^Parsing --([\w-]+)\s*Expected an integer greater than or equal to (-?\d+) but received: (.*)$/.exec(m)))
    return `--${x[1]} expects a whole number ≥ ${x[2]} (got ${JSON.stringify(x[3])})`
  if ((x = /^Parsing --([\w-]+)\s*Expected an integer less than or equal to (-?\d+) but received: (.*)$/.exec(m)))
    return `--${x[1]} expects a whole number ≤ ${x[2]} (got ${JSON.stringify(x[3])})`
  if ((x = /^Parsing --([\w-]+)\s*(.*)$/.exec(m))) return `--${x[1]}: ${x[2]}`
  if ((x = /^Nonexistent flags?: (.*)$/.exec(m))) {
    const unknown = x[1]!.split(/,\s*/)
    const one = unknown.length === 1 ? unknown[0]! : undefined
    const hint = one?.startsWith('--') ? didYouMean(one.slice(2).split('=')[0]!, flagNames) : undefined
    return `unknown flag${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}${hint ? ` (did you mean --${hint}?)` : ''}`
  }
  if ((x = /^Unexpected arguments?: (.*)$/.exec(m))) {
    const extra = x[1]!.split(/,\s*/)
    return `unexpected argument${extra.length === 1 ? '' : 's'} ${extra.map((a) => JSON.stringify(a)).join(', ')}${command ? `: tfgraph ${command} takes ${argumentsTaken(spec)}` : ''}`
  }
  if ((x = /^All of the following must be provided when using --([\w-]+): (.*)$/.exec(m))) return `--${x[1]} needs ${x[2]}`
  if ((x = /^--([\w-]+)=(.*) cannot also be provided when using --([\w-]+)$/.exec(m)))
    return `--${x[1]} and --${x[3]} cannot be used together`
  if ((x = /^Missing (\d+) required args?:?\s*(.*)$/.exec(m))) return `missing argument${x[1] === '1' ? '' : 's'}: ${x[2]}`
  return m.replace(/^Error:\s*/, '')
}

/**
 * `--recursive=yes`: oclif takes "yes" for an argument and complains about the wrong thing (the DIR
 * after it is "unexpected"). Says what is wrong instead, or undefined.
 */
function valueOnSwitch(argv: readonly string[], spec: CommandSpec | undefined): string | undefined {
  for (const a of argv) {
    if (a === '--') break
    const x = /^--([\w-]+)=(.*)$/.exec(a)
    if (x && spec?.flags?.[x[1]!]?.type === 'boolean') return `--${x[1]} takes no value (got ${JSON.stringify(a)})`
  }
  return undefined
}

/** What to print, and the exit code, for an error that ended a command line. */
export function describeCliError(
  err: unknown,
  argv: readonly string[],
  commandIds: readonly string[],
  specOf: (command: string) => CommandSpec | undefined,
): CliFailure {
  const e = (typeof err === 'object' && err !== null ? err : {message: String(err)}) as OclifErrorShape
  const message = typeof e.message === 'string' ? e.message : String(err)
  const name = typeof e.name === 'string' ? e.name : ''
  const exit = typeof e.oclif?.exit === 'number' ? e.oclif.exit : undefined
  // this.exit(n): the command already said why
  if (/^EEXIT: \d+$/.test(message) || e.code === 'EEXIT') return {text: '', exitCode: exit ?? 0}
  const command = commandOf(argv, commandIds)
  const help = `See "tfgraph${command ? ` ${command}` : ''} --help".`
  // "command x not found" (a command line), "Command x not found." (--help for one)
  const notFound = /^command (\S+) not found\.?$/i.exec(oneLine(message))
  if (notFound) {
    const all = commandIds.map((id) => id.split(':').join(' ')).sort()
    // oclif joins the words of the line into one id ("lnt:."): the unknown command is the first word,
    // or the first two when the first names a topic ("lock dif")
    const parts = notFound[1]!.split(':')
    if (parts[0]!.startsWith('-'))
      return {
        text: `Error: unknown flag ${parts[0]} (flags come after the command: ${all.join(', ')})\nSee "tfgraph --help".\n`,
        exitCode: 1,
      }
    const given = all.some((id) => id.startsWith(`${parts[0]} `)) && parts.length > 1 ? `${parts[0]} ${parts[1]}` : parts[0]!
    const hint = didYouMean(given, all)
    return {
      text: `Error: unknown command "${given}"${hint ? ` (did you mean "${hint}"?)` : ''}; commands: ${all.join(', ')}\nSee "tfgraph --help".\n`,
      exitCode: 1,
    }
  }
  // oclif's parse errors (class names survive only unminified) all carry exit 2; tfgraph's commands never use 2 for errors
  if (PARSE_ERRORS.has(name) || exit === 2) {
    const spec = command ? specOf(command) : undefined
    const problem = valueOnSwitch(argv.slice(command ? command.split(' ').length : 0), spec) ?? usageMessage(message, spec, command)
    return {text: `Error: ${problem}\n${help}\n`, exitCode: 1}
  }
  if (name === 'CLIError' || exit !== undefined) return {text: `Error: ${oneLine(message)}\n`, exitCode: exit ?? 1}
  // a failure nobody anticipated: one line, the stack only on request
  const debug = /(^|,)(tfgraph|\*)($|,)/.test(process.env['DEBUG'] ?? '')
  return {
    text: `Error: ${oneLine(message)}\n${debug && typeof e.stack === 'string' ? e.stack + '\n' : 'This is a bug in tfgraph: please report it with the command line (DEBUG=tfgraph shows the stack).\n'}`,
    exitCode: 1,
  }
}
