// Results cache: whole results (a root's lint findings, the root modules under a directory) stored
// beside the parse cache with the inputs they were computed from (inputs.ts). A stored result is
// reused only when every input — each file's bytes, each directory listing, each stat and realpath
// the computation made — reads the same again, and the key (tfgraph's build, the computation, its
// options and environment) matches; otherwise it is computed again, with its inputs recorded, and
// stored. Same storage rules as the parse cache: atomic writes, bounded size, a corrupt entry is
// ignored and rewritten, an unwritable directory only turns it off; `--no-cache` bypasses both.
import {createHash} from 'node:crypto'
import {mkdirSync, readFileSync, renameSync, statSync, writeFileSync} from 'node:fs'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'
import {parseCacheSettings, pruneCacheArea} from '../hcl/parse-cache.js'
import {parseStats} from '../hcl/parse-stats.js'
import {inputsUnchanged, isInputList, recordInputs} from './inputs.js'

/** Bump when a stored result's shape or meaning changes. */
const FORMAT = 'tfgraph-results-1'

let build: string | undefined
/**
 * Identifies this build of tfgraph: the size and time of the code file that holds this module (the
 * bundle in a built CLI, so any rebuild or reinstall invalidates every stored result).
 */
function buildId(): string {
  if (build === undefined) {
    let stamp = ''
    try {
      const s = statSync(fileURLToPath(import.meta.url))
      stamp = `${s.size}:${s.mtimeMs}`
    } catch {
      stamp = String(Date.now()) // cannot identify the code: nothing stored now is reused later
    }
    build = stamp
  }
  return build
}

/** Environment variables an analysis may read (`TF_DATA_DIR`, and Terraform's others for safety), for keys. */
export function analysisEnv(env: NodeJS.ProcessEnv): [string, string][] {
  return Object.entries(env)
    .filter((e): e is [string, string] => e[0].startsWith('TF_') && typeof e[1] === 'string')
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
}

/** What a command printed and its exit code, as stored for `cachedOutput`. */
export interface CommandOutput {
  readonly stdout: string
  readonly stderr: string
  readonly exitCode: number
}

function isCommandOutput(v: unknown): v is CommandOutput {
  if (typeof v !== 'object' || v === null) return false
  const r = v as Record<string, unknown>
  return typeof r['stdout'] === 'string' && typeof r['stderr'] === 'string' && typeof r['exitCode'] === 'number'
}

/**
 * A command's output for these arguments: printed again from the results cache while every input it
 * read is unchanged (so a warm run loads neither the library nor the parser); a run that failed
 * (exit code 1: something could not be read) is never stored.
 */
export function cachedOutput(command: string, key: unknown, produce: () => Promise<CommandOutput>): Promise<CacheOutcome<CommandOutput>> {
  return withResultsCache(command, {key, cwd: process.cwd(), env: analysisEnv(process.env)}, produce, {narrow: isCommandOutput, keep: (o) => o.exitCode !== 1})
}

let pruned = false
let broken = false

export interface CacheOutcome<T> {
  readonly value: T
  /** True when the value came from the cache. */
  readonly cached: boolean
}

/**
 * The result of `compute` for this key: from the cache when its inputs are unchanged, else computed
 * (with its inputs recorded) and stored unless `keep` says not to (an incomplete result, say).
 */
export async function withResultsCache<T>(
  name: string,
  key: unknown,
  compute: () => Promise<T>,
  opts: {readonly narrow: (v: unknown) => v is T; readonly keep?: (v: T) => boolean},
): Promise<CacheOutcome<T>> {
  const settings = parseCacheSettings()
  if (!settings.enabled || broken) return {value: await compute(), cached: false}
  const digest = createHash('sha256').update(FORMAT).update('\0').update(buildId()).update('\0').update(name).update('\0').update(JSON.stringify(key)).digest('hex')
  const file = path.join(settings.dir, 'results', digest.slice(0, 2), digest.slice(2) + '.json')
  try {
    const raw: unknown = JSON.parse(readFileSync(file, 'utf8'))
    if (typeof raw === 'object' && raw !== null) {
      const e = raw as {format?: unknown; inputs?: unknown; value?: unknown}
      if (e.format === FORMAT && isInputList(e.inputs) && opts.narrow(e.value) && inputsUnchanged(e.inputs)) {
        parseStats.results++
        return {value: e.value, cached: true}
      }
    }
  } catch {
    // no entry, or a corrupt one: computed and rewritten below
  }
  const {value, inputs} = await recordInputs(compute)
  if (opts.keep && !opts.keep(value)) return {value, cached: false}
  try {
    if (!pruned) {
      pruned = true
      pruneCacheArea('results')
    }
    mkdirSync(path.dirname(file), {recursive: true})
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
    writeFileSync(tmp, JSON.stringify({format: FORMAT, inputs, value}))
    renameSync(tmp, file)
  } catch (e) {
    broken = true
    if (process.env['TFGRAPH_VERBOSE'] === '1') process.stderr.write(`tfgraph: results cache disabled (${e instanceof Error ? e.message : String(e)})\n`)
  }
  return {value, cached: false}
}
