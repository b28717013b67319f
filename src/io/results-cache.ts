// Results cache: whole results (a root's lint findings, the root modules under a directory) stored
// beside the parse cache with the inputs they were computed from (inputs.ts). A stored result is
// reused only when every input — each file's bytes, each directory listing, each stat and realpath
// the computation made — reads the same again, and the key (tfgraph's build, the computation, its
// options and environment) matches; otherwise it is computed again, with its inputs recorded, and
// stored. Same storage rules as the parse cache: atomic writes, bounded size, a corrupt entry is
// ignored and rewritten, an unwritable directory only turns it off; `--no-cache` bypasses both.
// One ResultsCache belongs to one run (run-context.ts).
import {createHash} from 'node:crypto'
import {mkdirSync, readFileSync, renameSync, statSync, writeFileSync} from 'node:fs'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'
import {pruneCacheAreaDaily, type CacheSettings} from './cache-dir.js'
import {isInputList, type FileSource} from './inputs.js'

/** Bump when a stored result's shape or meaning changes. */
const FORMAT = 'tfgraph-results-2'

/** The build of tfgraph, set by scripts/bundle.mjs in the CLI's bundles (a hash of the compiled code and the lock file). */
declare const TFGRAPH_BUILD_ID: string | undefined

/**
 * Identifies this build of tfgraph: the id the bundles were built with (the CLI's two bundles — the
 * quick start's script and the ES modules — share it, so either reuses what the other stored), else the
 * size and time of the code file that holds this module (any rebuild or reinstall invalidates every
 * stored result).
 */
function buildId(): string {
  if (typeof TFGRAPH_BUILD_ID === 'string') return TFGRAPH_BUILD_ID
  try {
    const s = statSync(fileURLToPath(import.meta.url))
    return `${s.size}:${s.mtimeMs}`
  } catch {
    return String(Date.now()) // cannot identify the code: nothing stored now is reused later
  }
}

/** Environment variables an analysis may read (`TF_DATA_DIR`, and Terraform's others for safety), for keys. */
export function analysisEnv(env: NodeJS.ProcessEnv): [string, string][] {
  // names first, values only of the few that match: each read of process.env is a call into Node
  // (Object.entries of it for each of 524 roots took 15 ms of a 300 ms warm run)
  const out: [string, string][] = []
  for (const k of Object.keys(env)
    .filter((n) => n.startsWith('TF_'))
    .sort()) {
    const v = env[k]
    if (typeof v === 'string') out.push([k, v])
  }
  return out
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

/** A command's key as stored: its arguments, the working directory and the `TF_*` environment. */
function outputKey(key: unknown): unknown {
  return {key, cwd: process.cwd(), env: analysisEnv(process.env)}
}

export interface CacheOutcome<T> {
  readonly value: T
  /** True when the value came from the cache. */
  readonly cached: boolean
}

export interface ResultsCacheOptions {
  /** Where and whether (asked at each use: the parse cache may turn itself off during a run). */
  readonly settings: () => CacheSettings
  /** Where inputs are read and recorded. */
  readonly files: FileSource
  /** Called for each result answered by the cache (the run's counters). */
  readonly onHit?: () => void
  /** Says on stderr when the cache turns itself off (--verbose). */
  readonly verbose?: boolean
  /** What else the results depend on (the parser): part of every key. */
  readonly variant?: string
}

export class ResultsCache {
  private build: string | undefined
  private pruned = false
  /** Shard directories this run made sure exist (one mkdir each, not one per entry: ~74 ms over the corpus). */
  private readonly shards = new Set<string>()
  private broken = false

  constructor(private readonly opts: ResultsCacheOptions) {}

  /**
   * A command's output for these arguments: printed again from the results cache while every input it
   * read is unchanged (so a warm run loads neither the library nor the parser); a run that failed
   * (exit code 1: something could not be read) is never stored.
   */
  output(command: string, key: unknown, produce: () => Promise<CommandOutput>): Promise<CacheOutcome<CommandOutput>> {
    return this.get(command, outputKey(key), produce, {narrow: isCommandOutput, keep: (o) => o.exitCode !== 1})
  }

  /** The stored output `output` would print for these arguments, or undefined (nothing is computed or written). */
  storedOutput(command: string, key: unknown): CommandOutput | undefined {
    const file = this.entryFile(command, outputKey(key))
    return file === undefined ? undefined : this.stored(file, isCommandOutput)?.value
  }

  /** Where the entry of this computation lives, or undefined when the cache is off. */
  private entryFile(name: string, key: unknown): string | undefined {
    const settings = this.opts.settings()
    if (!settings.enabled || this.broken) return undefined
    this.build ??= buildId()
    const digest = createHash('sha256')
      .update(FORMAT)
      .update('\0')
      .update(this.build)
      .update('\0')
      .update(this.opts.variant ?? '')
      .update('\0')
      .update(name)
      .update('\0')
      .update(JSON.stringify(key))
      .digest('hex')
    return path.join(settings.dir, 'results', digest.slice(0, 2), digest.slice(2) + '.json')
  }

  /** The value stored in `file` while every input it was computed from reads the same, else undefined. */
  private stored<T>(file: string, narrow: (v: unknown) => v is T): {value: T} | undefined {
    try {
      const raw: unknown = JSON.parse(readFileSync(file, 'utf8'))
      if (typeof raw === 'object' && raw !== null) {
        const e = raw as {format?: unknown; inputs?: unknown; value?: unknown}
        if (e.format === FORMAT && isInputList(e.inputs) && narrow(e.value) && this.opts.files.unchanged(e.inputs, 'contents')) {
          // a result that uses this one (a command's output, say) depends on its inputs too
          this.opts.files.note(e.inputs)
          this.opts.onHit?.()
          return {value: e.value}
        }
      }
    } catch {
      // no entry, or a corrupt one
    }
    return undefined
  }

  /**
   * The result of `compute` for this key: from the cache when its inputs are unchanged, else computed
   * (with its inputs recorded) and stored unless `keep` says not to (an incomplete result, say).
   */
  async get<T>(
    name: string,
    key: unknown,
    compute: () => Promise<T>,
    opts: {readonly narrow: (v: unknown) => v is T; readonly keep?: (v: T) => boolean},
  ): Promise<CacheOutcome<T>> {
    const file = this.entryFile(name, key)
    if (file === undefined) return {value: await compute(), cached: false}
    const hit = this.stored(file, opts.narrow)
    if (hit) return {value: hit.value, cached: true}
    const settings = this.opts.settings()
    const {value, inputs} = await this.opts.files.record(compute)
    this.opts.files.note(inputs)
    if (opts.keep && !opts.keep(value)) return {value, cached: false}
    try {
      if (!this.pruned) {
        this.pruned = true
        pruneCacheAreaDaily(settings.dir, 'results')
      }
      const shard = path.dirname(file)
      if (!this.shards.has(shard)) {
        mkdirSync(shard, {recursive: true})
        this.shards.add(shard)
      }
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
      writeFileSync(tmp, JSON.stringify({format: FORMAT, inputs, value}))
      renameSync(tmp, file)
    } catch (e) {
      this.broken = true
      if (this.opts.verbose) process.stderr.write(`tfgraph: results cache disabled (${e instanceof Error ? e.message : String(e)})\n`)
    }
    return {value, cached: false}
  }
}
