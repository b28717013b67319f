// Results cache: whole results (a root's lint findings, the root modules under a directory) stored
// beside the parse cache with the inputs they were computed from (inputs.ts). A stored result is
// reused only when every input — each file's bytes, each directory listing, each stat and realpath
// the computation made — reads the same again, and the key (tfgraph's build, the computation, its
// options and environment) matches; otherwise it is computed again, with its inputs recorded, and
// stored. Same storage rules as the parse cache: atomic writes, bounded size, a corrupt entry is
// ignored and rewritten, an unwritable directory only turns it off; `--no-cache` bypasses both.
// One ResultsCache belongs to one run (run-context.ts).
//
// An entry is one line of JSON — the format, the whole key, the inputs grouped by directory, the value
// — then the inputs' stamps as numbers (four 8-byte little-endian doubles each, from an offset a multiple
// of 8: read in place), then the value's long texts (a command's stdout and stderr) as they are (their
// lengths in bytes in the line), so that a warm answer parses a fifth of what it did, compares stamps
// without a text made or parsed, and writes its output straight from the file (BENCHMARKS.md, "#53: the
// warm path", "fifth session", "the warm corpus (ninth session)"). Its name is a hash of the key made
// without node:crypto (which a warm answer then never loads); the key is stored whole and compared, so
// two keys with one name only miss.
import {closeSync, mkdirSync, openSync, promises as fsp, readFileSync, renameSync, rmSync, statSync, writeSync} from 'node:fs'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'
import {pruneCacheAreaDaily, type CacheSettings} from './cache-dir.js'
import {packInputs, unpackInputs, type FileSource, type Input} from './inputs.js'

/** The first entries of a run written at once; the others by Node's thread pool (`write`). */
const SYNC_WRITES = 8

/** Bump when a stored result's shape or meaning changes. */
const FORMAT = 'tfgraph-results-5'

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

/** 128 bits of a key's text as 32 hex digits (four multiplicative hashes, each mixed at the end): an entry's name. */
export function keyName(text: string): string {
  let a = 0x811c9dc5
  let b = 0x9e3779b9
  let c = 0x85ebca6b
  let d = 0xc2b2ae35
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    a = Math.imul(a ^ ch, 0x01000193)
    b = Math.imul(b ^ ch, 0x5bd1e995)
    c = Math.imul(c ^ ch, 0x27d4eb2f)
    d = Math.imul(d ^ ch, 0x165667b1)
  }
  const mix = (h: number, k: number): string => {
    h = Math.imul(h ^ (h >>> 16) ^ k, 0x85ebca6b)
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
    return ((h ^ (h >>> 16)) >>> 0).toString(16).padStart(8, '0')
  }
  return mix(a, d) + mix(b, a) + mix(c, b) + mix(d, c)
}

/** Texts at least this long are stored after the entry's line, as they are. */
const TEXT_MIN = 64
/**
 * Texts that go after the entry's line: well-formed ones (UTF-8 gives back exactly such a text). Node 20's
 * `isWellFormed` reads the corpus's 5.4 MB output in ~5 ms where a regular expression for a lone surrogate
 * took ~25 ms; the expression stays for an engine without it.
 */
function wellFormed(text: string): boolean {
  const native = (text as string & {isWellFormed?: () => boolean}).isWellFormed
  return native ? native.call(text) : !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text)
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

/** A stored output as `storedOutputBytes` reads it: a long text as the entry's bytes (UTF-8), a short one as text. */
export interface StoredOutputBytes {
  readonly stdout: string | Uint8Array
  readonly stderr: string | Uint8Array
  readonly exitCode: number
}

function isCommandOutput(v: unknown): v is CommandOutput {
  if (typeof v !== 'object' || v === null) return false
  const r = v as Record<string, unknown>
  return typeof r['stdout'] === 'string' && typeof r['stderr'] === 'string' && typeof r['exitCode'] === 'number'
}

const isText = (v: unknown): v is string | Uint8Array => typeof v === 'string' || v instanceof Uint8Array

function isStoredOutputBytes(v: unknown): v is StoredOutputBytes {
  if (typeof v !== 'object' || v === null) return false
  const r = v as Record<string, unknown>
  return isText(r['stdout']) && isText(r['stderr']) && typeof r['exitCode'] === 'number'
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
  private readonly shards = new Map<string, Promise<unknown>>()
  /**
   * Entries being written (by Node's thread pool, while this thread goes on: creating ~525 files and their
   * directories took ~0.35 s of the main thread in a cold run over the corpus), by file: a second look-up of
   * one in this run is answered from here. `settled` waits for them.
   */
  private readonly writing = new Map<
    string,
    {readonly key: string; readonly value: unknown; readonly inputs: readonly Input[]; readonly tmp: string; readonly done: Promise<void>}
  >()
  /** A process that ends before they are written (an error, say) leaves no temporary file behind. */
  private readonly onExit = (): void => {
    for (const w of this.writing.values()) rmSync(w.tmp, {force: true})
  }
  private broken = false
  /** Values looked up whose inputs had changed, by file, until `staleValue` takes them. */
  private readonly stale = new Map<string, {readonly key: string; readonly value: unknown}>()
  /** Entries this run has stored. */
  private written = 0
  private envKey: [string, string][] | undefined

  constructor(private readonly opts: ResultsCacheOptions) {}

  /**
   * `analysisEnv(process.env)`, read once by this cache: a key of each root `lint --recursive` looks up
   * (enumerating process.env is a call into Node each time: ~5 ms of a warm run over the corpus's 524 roots).
   */
  processEnvKey(): [string, string][] {
    return (this.envKey ??= analysisEnv(process.env))
  }

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
    const entry = this.entryOf(command, outputKey(key))
    return entry === undefined ? undefined : this.stored(entry, isCommandOutput, false)?.value
  }

  /**
   * The same, its long texts as the entry's bytes: what a warm answer writes as it is, neither decoded
   * from UTF-8 nor encoded again (the caf root's 340 KB output: about a tenth of the answer's instructions).
   */
  storedOutputBytes(command: string, key: unknown): StoredOutputBytes | undefined {
    const entry = this.entryOf(command, outputKey(key))
    return entry === undefined ? undefined : this.stored(entry, isStoredOutputBytes, true)?.value
  }

  /** The value stored for this key while its inputs are unchanged (noted as read), else undefined: nothing is computed or written. */
  lookup<T>(name: string, key: unknown, narrow: (v: unknown) => v is T): {value: T} | undefined {
    const entry = this.entryOf(name, key)
    return entry === undefined ? undefined : this.stored(entry, narrow, false)
  }

  /**
   * The value stored for this key whatever its inputs read now (neither checked nor noted), when this run
   * looked it up and found its inputs changed; else undefined: what a computation may reuse part by part,
   * checking each part's own inputs (the search for roots, by directory).
   */
  staleValue<T>(name: string, key: unknown, narrow: (v: unknown) => v is T): T | undefined {
    const entry = this.entryOf(name, key)
    const stale = entry && this.stale.get(entry.file)
    if (entry) this.stale.delete(entry.file)
    return stale !== undefined && stale.key === entry?.key && narrow(stale.value) ? stale.value : undefined
  }

  /** Where the entry of this computation lives and the key it must hold, or undefined when the cache is off. */
  private entryOf(name: string, key: unknown): {file: string; key: string} | undefined {
    const settings = this.opts.settings()
    if (!settings.enabled || this.broken) return undefined
    this.build ??= buildId()
    const text = JSON.stringify([FORMAT, this.build, this.opts.variant ?? '', name, key])
    const digest = keyName(text)
    return {file: path.join(settings.dir, 'results', digest.slice(0, 2), digest.slice(2) + '.json'), key: text}
  }

  /** The value stored in the entry while it holds this key and every input it was computed from reads the same, else undefined. */
  private stored<T>(entry: {file: string; key: string}, narrow: (v: unknown) => v is T, asBytes: boolean): {value: T} | undefined {
    const pending = this.writing.get(entry.file)
    if (pending !== undefined) {
      // being written by this run: its inputs were read in this run
      if (pending.key !== entry.key || asBytes || !narrow(pending.value)) return undefined
      this.opts.files.note(pending.inputs)
      this.opts.onHit?.()
      return {value: pending.value}
    }
    try {
      // the line decoded alone (a command's output with one character beyond Latin-1, caf's "→", made the
      // whole entry a two-byte string), the texts after it as their bytes or decoded on their own
      const bytes = readFileSync(entry.file)
      const end = bytes.indexOf(0x0a) // JSON.stringify writes no line break, and UTF-8 none inside a character
      if (end < 0) return undefined
      const raw: unknown = JSON.parse(bytes.toString('utf8', 0, end))
      if (typeof raw !== 'object' || raw === null) return undefined
      const e = raw as {format?: unknown; key?: unknown; inputs?: unknown; value?: unknown; texts?: unknown; stamps?: unknown}
      if (e.format !== FORMAT || e.key !== entry.key) return undefined
      const count = e.stamps ?? 0
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || end + 1 + count * STAMP_BYTES > bytes.length)
        return undefined
      const stamps = count > 0 ? stampsAt(bytes, end + 1, count) : undefined
      const at = end + 1 + count * STAMP_BYTES
      const value = e.texts === undefined ? (at === bytes.length ? e.value : undefined) : withTexts(e.value, e.texts, bytes, at, asBytes)
      if (!narrow(value)) return undefined
      // every input as it was; then noted, as a result that uses this one (a command's output, say)
      // depends on them too: the disk checks them as stored, other sources as a list
      const files = this.opts.files
      const packed = files.unchangedPacked?.(e.inputs, stamps)
      let unchanged = packed !== false
      if (packed === undefined) {
        const inputs = unpackInputs(e.inputs, undefined, stamps)
        unchanged = inputs !== undefined && files.unchanged(inputs, 'contents')
        if (unchanged) files.note(inputs!)
      }
      if (!unchanged) {
        // what `staleValue` gives the computation that follows (a value of one line: no long texts)
        if (e.texts === undefined) this.stale.set(entry.file, {key: entry.key, value})
        return undefined
      }
      this.opts.onHit?.()
      return {value}
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
    opts: {readonly narrow: (v: unknown) => v is T; readonly keep?: (v: T) => boolean; readonly missed?: boolean},
  ): Promise<CacheOutcome<T>> {
    const entry = this.entryOf(name, key)
    if (entry === undefined) return {value: await compute(), cached: false}
    // `missed`: the caller looked it up in this run and found nothing (not read again)
    const hit = opts.missed ? undefined : this.stored(entry, opts.narrow, false)
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
      this.write(entry, inputs, value)
    } catch (e) {
      this.disable(e)
    }
    return {value, cached: false}
  }

  /**
   * Writes an entry (its parts made here, the files by Node's thread pool): to a temporary file, renamed
   * over the entry, so a reader sees the old entry or the whole new one. A failure turns the cache off.
   */
  private write(entry: {file: string; key: string}, inputs: readonly Input[], value: unknown): void {
    const {file} = entry
    const shard = path.dirname(file)
    // a run's first entries written at once: a short run (the pre-commit hook: two entries) would spend more
    // on starting Node's thread pool and its promise-based file calls than on the writes
    if (this.written++ < SYNC_WRITES && !this.shards.has(shard)) {
      mkdirSync(shard, {recursive: true})
      this.shards.set(shard, Promise.resolve())
    }
    if (this.written <= SYNC_WRITES) {
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
      const fd = openSync(tmp, 'w')
      try {
        for (const part of entryParts(entry.key, inputs, value)) {
          const bytes = typeof part === 'string' ? Buffer.from(part) : part
          for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at)
        }
      } finally {
        closeSync(fd)
      }
      renameSync(tmp, file)
      return
    }
    let made = this.shards.get(shard)
    if (made === undefined) this.shards.set(shard, (made = fsp.mkdir(shard, {recursive: true})))
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
    // written part by part: a long output (`lint --recursive` over the corpus: 5.4 MB) is not first
    // joined to the entry's line as one more string of its size
    const parts = entryParts(entry.key, inputs, value)
    const done = made
      .then(() => fsp.writeFile(tmp, parts))
      .then(() => fsp.rename(tmp, file))
      .catch((e: unknown) => {
        this.disable(e)
        return fsp.rm(tmp, {force: true}).catch(() => {})
      })
      .finally(() => {
        if (this.writing.get(file)?.done === done) this.writing.delete(file)
        if (this.writing.size === 0) process.off('exit', this.onExit)
      })
    if (this.writing.size === 0) process.on('exit', this.onExit)
    this.writing.set(file, {key: entry.key, value, inputs, tmp, done})
  }

  /** Turns the cache off for the rest of the run (an unwritable directory, say), said once under --verbose. */
  private disable(e: unknown): void {
    if (!this.broken && this.opts.verbose)
      process.stderr.write(`tfgraph: results cache disabled (${e instanceof Error ? e.message : String(e)})\n`)
    this.broken = true
  }

  /** Resolves when every entry this run stored is written (or has failed): before the process exits. */
  async settled(): Promise<void> {
    while (this.writing.size > 0) await Promise.all([...this.writing.values()].map((w) => w.done))
  }
}

/** The bytes of a stamp after an entry's line: four doubles. */
const STAMP_BYTES = 32

/** Whether this machine stores a double little-endian (then an entry's stamps are read in place). */
const LITTLE_ENDIAN = new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f

/** The `count` stamps stored from `at` (a multiple of 8), in place where the machine and the buffer allow. */
function stampsAt(bytes: Buffer, at: number, count: number): Float64Array {
  const n = count * 4
  if (LITTLE_ENDIAN && (bytes.byteOffset + at) % 8 === 0) return new Float64Array(bytes.buffer, bytes.byteOffset + at, n)
  const out = new Float64Array(n)
  for (let k = 0; k < n; k++) out[k] = bytes.readDoubleLE(at + k * 8)
  return out
}

/**
 * An entry's text in parts: its line (format, key, inputs, the value without its long texts, the number of
 * stamps), padded so that what follows starts at a multiple of 8; then the stamps; then those texts.
 */
function entryParts(key: string, inputs: readonly Input[], value: unknown): (string | Uint8Array)[] {
  const texts: [string, number][] = []
  const tails: string[] = []
  let rest = value
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const kept: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string' && v.length >= TEXT_MIN && wellFormed(v)) {
        texts.push([k, Buffer.byteLength(v)])
        tails.push(v)
        kept[k] = 0 // in its place: the value's keys read back in their order
      } else kept[k] = v
    }
    rest = kept
  }
  const numbers: number[] = []
  const packed = packInputs(inputs, numbers)
  const count = numbers.length / 4
  const line = JSON.stringify({
    format: FORMAT,
    key,
    inputs: packed,
    value: rest,
    ...(texts.length > 0 ? {texts} : {}),
    ...(count > 0 ? {stamps: count} : {}),
  })
  if (count === 0) return [line + '\n', ...tails]
  // JSON.parse takes the spaces after the value; the line's length in bytes, not in characters
  const pad = (8 - ((Buffer.byteLength(line) + 1) % 8)) % 8
  const stamps = Buffer.allocUnsafe(count * STAMP_BYTES)
  for (let k = 0; k < numbers.length; k++) stamps.writeDoubleLE(numbers[k]!, k * 8)
  return [line + ' '.repeat(pad) + '\n', stamps, ...tails]
}

/**
 * A stored value with its texts put back from the entry's bytes after its line (from `at`: each text's
 * length in bytes), as text or as those bytes; undefined when they do not fit.
 */
function withTexts(value: unknown, texts: unknown, bytes: Buffer, at: number, asBytes: boolean): unknown {
  if (!Array.isArray(texts) || typeof value !== 'object' || value === null) return undefined
  const out: Record<string, unknown> = {...(value as Record<string, unknown>)}
  for (const t of texts) {
    if (!Array.isArray(t) || typeof t[0] !== 'string' || out[t[0]] !== 0 || typeof t[1] !== 'number' || at + t[1] > bytes.length)
      return undefined
    out[t[0]] = asBytes ? bytes.subarray(at, at + t[1]) : bytes.toString('utf8', at, at + t[1])
    at += t[1]
  }
  return at === bytes.length ? out : undefined
}
