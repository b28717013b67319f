// The file-system reads an analysis depends on, behind one interface (FileSource): the loader, the
// crawl, lint and lock read through it, so an analysis can run on the disk or on files held in memory
// (memory-source.ts). On the disk (DiskSource), while a computation runs inside `record`, each read is
// noted (file contents and directory listings by hash, stat and realpath results by value) in that
// computation's own record (AsyncLocalStorage, so several roots analysed at once keep separate
// records). A stored result is reused only when `unchanged` finds every one of its inputs as it was
// (results-cache.ts).
import {AsyncLocalStorage} from 'node:async_hooks'
import type * as Crypto from 'node:crypto'
import {
  closeSync,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  realpathSync,
  statSync,
  type Dirent,
  type Stats,
} from 'node:fs'
import {nodeCrypto} from './node-crypto.js'

/** One input: what a read found (`null`: it failed — missing, unreadable or not that kind of thing). */
export interface Input {
  /** `file`: contents; `dir`: listing (names and entry types); `stat`: kind after links; `real`: realpath. */
  readonly kind: 'file' | 'dir' | 'stat' | 'real'
  readonly path: string
  readonly value: string | null
  /**
   * For files and directories: inode, size and change times when read. A file whose stamp is the same
   * is taken as unchanged without reading it (as git's index does); another stamp means its contents
   * are hashed and compared. Left out when the file changed within the last seconds (a later change
   * in the same clock tick would keep the stamp).
   */
  readonly stamp?: string
  /**
   * For a failed read (`value` null): the path's part below its directory `up` levels above (1: its parent)
   * is not in that directory's listing whose hash is `listing`, that directory's input among the same
   * inputs. Those inputs are unchanged only when that listing reads the same, and then the path is still
   * not there: it needs no look of its own (one `lstat` saved; the listing itself is answered by its
   * directory's stamp). A warm `lint --recursive` over the corpus asked for 4,146 such paths: a root's
   * `.tflint.hcl`, `tests/`, `.terraform/modules/modules.json`… Set by `record` when such a listing is
   * among its inputs.
   */
  readonly unlisted?: Unlisted
}

/** Which listing says that a path is not there (`Input.unlisted`). */
export interface Unlisted {
  readonly up: number
  readonly listing: string
}

export type StatKind = 'file' | 'dir' | 'other'

/** An entry of a directory listing (`link`: a symbolic link, not followed). */
export interface FileEntry {
  readonly name: string
  readonly kind: 'file' | 'dir' | 'link' | 'other'
}

/** Where an analysis reads its files. Paths are absolute (`path.resolve`d). */
export interface FileSource {
  /** A file's bytes; throws (an error with a `code` such as ENOENT) when it cannot be read. */
  read(p: string): Uint8Array
  /** A directory's entries; throws when it cannot be read. */
  list(p: string): FileEntry[]
  /** What `p` is after following links, or null when it does not exist (or cannot be reached). */
  stat(p: string): StatKind | null
  /** `p` with links resolved, or null when it does not exist. */
  realpath(p: string): string | null
  /** Runs `fn`, noting every input it reads through this source (including in the promises it starts). */
  record<T>(fn: () => Promise<T>): Promise<{value: T; inputs: Input[]}>
  /** Adds inputs noted by another computation (a shared load) to the current recording, if any. */
  note(inputs: readonly Input[]): void
  /**
   * True when every input still reads as recorded. `stamps`: provably unchanged from stamps alone (no
   * file is read, nothing remembered); `contents`: files whose stamp changed are hashed and compared.
   */
  unchanged(inputs: readonly Input[], how: 'stamps' | 'contents'): boolean
  /**
   * Optional: `unchanged(unpackInputs(packed, undefined, stamps), 'contents')` checked straight from the
   * stored form, and the inputs then noted as `note` does; undefined when `packed` is not what
   * `packInputs` writes.
   */
  unchangedPacked?(packed: unknown, stamps?: Float64Array): boolean | undefined
}

/** One-letter kinds of the stored inputs. */
const KIND_LETTER = {file: 'f', dir: 'd', stat: 's', real: 'r'} as const
const LETTER_KIND: Readonly<Record<string, Input['kind']>> = {f: 'file', d: 'dir', s: 'stat', r: 'real'}

/** Where a path's last part starts (its separator included, so that the two parts join back as they were). */
function lastPart(p: string): number {
  return Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\'))
}

/**
 * Inputs as a results-cache entry stores them: runs of inputs in one directory, each `[dir, kind, name,
 * value, stamp, kind, …]` — a name holds its separator, a value of 1 is a realpath that is the path
 * itself, a negative value -n a failed read `unlisted` by the listing of the directory n levels up (an
 * input before it), a stamp of 0 none. Given `stamps`, a stamp is stored there as its four numbers
 * (`stampNumbers`) and in the run as its place k (the k-th four, from 1): a warm answer compares them with
 * a file's stats as numbers, neither parsing a stamp's text nor making one (BENCHMARKS.md, "#53: the warm
 * corpus (ninth session)"); without, or for a stamp that is not four numbers, as its text.
 */
export function packInputs(inputs: readonly Input[], stamps?: number[]): unknown[][] {
  const groups: unknown[][] = []
  let group: unknown[] | undefined
  // the listings so far (a directory sorts before what is below it): an `unlisted` input is stored as one
  // only after the listing it names
  const listed = new Map<string, string>()
  for (const i of inputs) {
    const cut = Math.max(0, lastPart(i.path))
    const dir = i.path.slice(0, cut)
    if (group?.[0] !== dir) groups.push((group = [dir]))
    let value: string | null | number = i.value
    if (i.kind === 'real' && i.value === i.path) value = 1
    else if (i.kind === 'dir' && i.value !== null) listed.set(i.path, i.value)
    else if (i.value === null && i.unlisted !== undefined && i.stamp === undefined) {
      const above = ancestor(i.path, i.unlisted.up)
      if (above !== undefined && listed.get(above) === i.unlisted.listing) value = -i.unlisted.up
    }
    let stamp: string | number = i.stamp ?? 0
    const numbers = stamps !== undefined && i.stamp !== undefined ? stampNumbers(i.stamp) : undefined
    if (numbers !== undefined) stamp = stamps!.push(...numbers) / 4
    group.push(KIND_LETTER[i.kind], i.path.slice(cut), value, stamp)
  }
  return groups
}

/**
 * A stamp's four numbers (inode, size, change times: `stampOf`), or undefined when its text is not four
 * numbers each written as JavaScript writes it (the text made from them again is then the same).
 */
export function stampNumbers(stamp: string): number[] | undefined {
  const parts = stamp.split(':')
  if (parts.length !== 4) return undefined
  const numbers = parts.map(Number)
  return numbers.every((n, k) => String(n) === parts[k]) ? numbers : undefined
}

/** Whether `stamps` holds a k-th four numbers (from 1). */
const hasStamp = (stamps: Float64Array | undefined, k: number): stamps is Float64Array =>
  stamps !== undefined && Number.isInteger(k) && k >= 1 && k * 4 <= stamps.length

/** The text of the stamp stored as the k-th four numbers of `stamps` (`hasStamp`): as `stampOf` made it. */
function stampAt(stamps: Float64Array, k: number): string {
  const o = (k - 1) * 4
  return `${stamps[o]}:${stamps[o + 1]}:${stamps[o + 2]}:${stamps[o + 3]}`
}

/** `p` without its last `up` parts (separated by `/`), or undefined when it has no more than that many. */
function ancestor(p: string, up: number): string | undefined {
  let cut = p.length
  for (let n = 0; n < up; n++) {
    cut = p.lastIndexOf('/', cut - 1)
    if (cut <= 0) return undefined
  }
  return p.slice(0, cut)
}

/** A stored `unlisted` level: a negative whole number (-1: the parent), as `up`; else undefined. */
const unlistedUp = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value < 0 && value >= -64 ? -value : undefined

/**
 * Stored inputs back as a list, or undefined when they are not what `packInputs` writes (a corrupt entry);
 * `wanted`: only the inputs it takes are made (the others are checked all the same); `stamps`: the stamps
 * stored as numbers.
 */
export function unpackInputs(v: unknown, wanted?: (kind: Input['kind'], p: string) => boolean, stamps?: Float64Array): Input[] | undefined {
  if (!Array.isArray(v)) return undefined
  const out: Input[] = []
  const listed = new Map<string, string>() // as packInputs keeps them
  for (const g of v) {
    if (!Array.isArray(g) || g.length % 4 !== 1) return undefined
    const dir: unknown = g[0]
    if (typeof dir !== 'string') return undefined
    for (let j = 1; j < g.length; j += 4) {
      const kind = LETTER_KIND[String(g[j])]
      const name: unknown = g[j + 1]
      const value: unknown = g[j + 2]
      if (kind === undefined || typeof name !== 'string') return undefined
      const p = dir + name
      const stamp: unknown = g[j + 3]
      // none, a text, or the place of its numbers in `stamps`
      const numbered = typeof stamp === 'number' && stamp !== 0
      if (numbered ? !hasStamp(stamps, stamp) : stamp !== 0 && typeof stamp !== 'string') return undefined
      const up = unlistedUp(value)
      if (up !== undefined) {
        // a failed read whose absence a listing before it vouches for: no stamp
        const above = ancestor(p, up)
        const listing = above === undefined ? undefined : listed.get(above)
        if (stamp !== 0 || listing === undefined) return undefined
        if (!wanted || wanted(kind, p)) out.push({kind, path: p, value: null, unlisted: {up, listing}})
        continue
      }
      const v2 = value === 1 && kind === 'real' ? p : value
      if (v2 !== null && typeof v2 !== 'string') return undefined
      if (kind === 'dir' && v2 !== null) listed.set(p, v2)
      if (wanted && !wanted(kind, p)) continue
      if (stamp === 0) out.push({kind, path: p, value: v2})
      else out.push({kind, path: p, value: v2, stamp: numbered ? stampAt(stamps!, stamp) : (stamp as string)})
    }
  }
  return out
}

/** What a recording noted, by kind and path (one map per kind: no key strings made per read). */
type Recorder = Record<Input['kind'], Map<string, Input>>

/**
 * The recordings in progress in the current async context, each under its source's key. One
 * AsyncLocalStorage for every source, holding no data of its own (each `run` is given a new map): Node 20
 * keeps every AsyncLocalStorage that has run in a list it walks for each promise created afterwards, and
 * never drops it, so one per source made a process that creates many sources (an editor, `lint
 * --recursive`, the tests) slower and larger with each (reliability/safety's CPU 62.5 -> 24.9 s).
 */
const RECORDINGS = new AsyncLocalStorage<ReadonlyMap<RecordingKey<unknown>, unknown>>()

/** A source's key into the recordings in progress: `run` starts one for a computation, `current` finds it. */
export class RecordingKey<R> {
  run<T>(rec: R, fn: () => Promise<T>): Promise<T> {
    const inner = new Map(RECORDINGS.getStore())
    inner.set(this, rec)
    return RECORDINGS.run(inner, fn)
  }

  current(): R | undefined {
    return RECORDINGS.getStore()?.get(this) as R | undefined
  }
}

const newRecorder = (): Recorder => ({file: new Map(), dir: new Map(), stat: new Map(), real: new Map()})

/**
 * A name whose absence a listing can vouch for: plain ASCII, not ending with a dot, no `~` (a FAT file
 * system's short names and its dropped trailing dots look names up that no listing shows).
 */
const PLAIN_NAME = /^[A-Za-z0-9_.+@=-]*[A-Za-z0-9_+@=-]$/

/**
 * A listing's names as a set to find absent names in: lower-cased (a file system that looks names up
 * without case finds `Main.tf` as `main.tf`), or null when a name is not ASCII (Unicode case folding and
 * normalisation are left alone: such a listing vouches for nothing).
 */
function listedNames(entries: readonly Dirent[]): ReadonlySet<string> | null {
  const names = new Set<string>()
  for (const e of entries) {
    if (/[\u0080-\uffff]/.test(e.name)) return null
    names.add(e.name.toLowerCase())
  }
  return names
}

/** A path's stamp as a source checks it: the four numbers of `stampOf` (no text made unless one is compared). */
type StampNow = readonly [ino: number, size: number, mtimeMs: number, ctimeMs: number]

/** The stamp's text, as `stampOf` makes it. */
const stampText = (now: StampNow): string => `${now[0]}:${now[1]}:${now[2]}:${now[3]}`

/** A listing as this source read it: its hash and its names (`listedNames`). */
interface Listed {
  readonly hash: string
  readonly names: ReadonlySet<string> | null
}

/** Changes more recent than this are too close to the stamp's clock tick to trust the stamp. */
const RACY_MS = 2000

function stampOf(s: Stats, racyMs: number | undefined): string | undefined {
  if (racyMs !== undefined && Date.now() - Math.max(s.mtimeMs, s.ctimeMs) < racyMs) return undefined
  return `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`
}

/** The path's stats after links, or undefined when it is missing or unreachable (a permission problem, say). */
function statNow(p: string): Stats | undefined {
  try {
    return statSync(p, {throwIfNoEntry: false})
  } catch {
    return undefined
  }
}

function stampNow(p: string, racyMs: number | undefined): string | undefined {
  const s = statNow(p)
  return s ? stampOf(s, racyMs) : undefined
}

/** An absolute POSIX path without empty, `.` or `..` parts and no trailing slash (what path.resolve gives). */
const NORMAL_ABSOLUTE = /^(?:\/(?!\.\.?(?:\/|$))[^/]+)+$/

const kindOf = (s: Stats): StatKind => (s.isFile() ? 'file' : s.isDirectory() ? 'dir' : 'other')

function note(rec: Recorder, kind: Input['kind'], p: string, value: string | null, stamp?: string): void {
  const m = rec[kind]
  if (!m.has(p)) m.set(p, stamp === undefined ? {kind, path: p, value} : {kind, path: p, value, stamp})
}

/**
 * The hashes a source makes (file contents, directory listings), with node:crypto loaded at the first
 * (a warm answer compares stamps only) and kept: `process.getBuiltinModule` brings a loaded module's
 * exports up to date for `import` on every call (~10 µs; once per file read in a cold run).
 */
class Hashing {
  #crypto: typeof Crypto | undefined
  #oneShot: typeof Crypto.hash | undefined

  private get crypto(): typeof Crypto {
    if (!this.#crypto) {
      this.#crypto = nodeCrypto()
      this.#oneShot = (this.#crypto as {readonly hash?: typeof Crypto.hash}).hash
    }
    return this.#crypto
  }

  /** A file's hash; Node's one-call hash where it has one (20.12): no Hash object per file read (what every cold run pays once a file). */
  bytes(b: Uint8Array): string {
    const crypto = this.crypto
    const oneShot = this.#oneShot
    return oneShot ? oneShot('sha1', b, 'base64') : crypto.createHash('sha1').update(b).digest('base64')
  }

  listing(entries: readonly Dirent[]): string {
    const h = this.crypto.createHash('sha1')
    for (const e of [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      h.update(e.name).update(e.isFile() ? '\0f\0' : e.isDirectory() ? '\0d\0' : e.isSymbolicLink() ? '\0l\0' : '\0o\0')
    }
    return h.digest('base64')
  }
}

function entryOf(e: Dirent): FileEntry {
  return {name: e.name, kind: e.isFile() ? 'file' : e.isDirectory() ? 'dir' : e.isSymbolicLink() ? 'link' : 'other'}
}

function statKindNow(p: string): StatKind | null {
  try {
    // a missing path answered without an error made and thrown (most `stat` inputs ask for what is absent)
    const s = statSync(p, {throwIfNoEntry: false})
    return s === undefined ? null : kindOf(s)
  } catch {
    return null
  }
}

function realNow(p: string): string | null {
  try {
    // realpath(3): one call, where Node's own resolution stats every component of the path
    return realpathSync.native(p)
  } catch {
    return null
  }
}

function readNow(kind: Input['kind'], p: string, hashing: Hashing): string | null {
  switch (kind) {
    case 'file':
      try {
        return hashing.bytes(readFileSync(p))
      } catch {
        return null
      }
    case 'dir':
      try {
        return hashing.listing(readdirSync(p, {withFileTypes: true}))
      } catch {
        return null
      }
    case 'stat':
      return statKindNow(p)
    case 'real':
      return realNow(p)
  }
}

/**
 * The bytes of an open file whose stats were just taken, read as readFileSync reads a descriptor (up to
 * the size the stats give, or to the end when they give none) without stat'ing the file a second time.
 */
function readOpen(fd: number, stats: Stats): Buffer {
  if (!stats.isFile() || stats.size === 0) return readFileSync(fd)
  const buf = Buffer.allocUnsafe(stats.size)
  let n = 0
  while (n < buf.length) {
    const got = readSync(fd, buf, n, buf.length - n, null)
    if (got === 0) break
    n += got
  }
  return n === buf.length ? buf : buf.subarray(0, n)
}

/** The disk, read with Node's synchronous calls (files are small; see load-module.ts), every read noted. */
export class DiskSource implements FileSource {
  private readonly store = new RecordingKey<Recorder>()
  private readonly hashing = new Hashing()
  /**
   * What each file's and directory's stamp was when first checked by this source (null: missing or
   * unreachable), and what each input read as once read (a file's or listing's hash, a kind, a realpath):
   * results sharing modules look at each path once. A run takes the file system as it found it; a
   * long-lived process (a watch loop) calls `forgetChecked` before it checks again.
   */
  private readonly stamps = new Map<string, StampNow | null>()
  private readonly values: Record<Input['kind'], Map<string, string | null>> = {
    file: new Map(),
    dir: new Map(),
    stat: new Map(),
    real: new Map(),
  }
  /** What each directory (and each part of a realpath) is without following a link (null: missing); realpaths share them. */
  private readonly ownKinds = new Map<string, StatKind | 'link' | null>()
  /**
   * The last listing of each directory read while recording, by path: a recording that holds a listing with
   * the same hash holds the same names (`record` marks the failed reads of names not among them). Kept by
   * hash, so never out of date; one a directory.
   */
  private readonly listings = new Map<string, Listed>()
  /** Directories found to be their own realpaths (every part there, none a link): a realpath below one looks no further. */
  private readonly realDirs = new Set<string>()
  private readonly racyMs: number

  /**
   * `racyMs`: record stamps only of files changed longer ago than this (default: TFGRAPH_RACY_MS, which the
   * tests of the CLI set to 0 rather than wait for a tree to age, else 2 s).
   */
  constructor(opts: {readonly racyMs?: number} = {}) {
    const given = process.env['TFGRAPH_RACY_MS']
    const fromEnv = given !== undefined && /^\d+$/.test(given) ? Number(given) : undefined
    this.racyMs = opts.racyMs ?? fromEnv ?? RACY_MS
  }

  async record<T>(fn: () => Promise<T>): Promise<{value: T; inputs: Input[]}> {
    const rec = newRecorder()
    const value = await this.store.run(rec, fn)
    const inputs = [...rec.file.values(), ...rec.dir.values(), ...rec.stat.values(), ...rec.real.values()].sort((a, b) =>
      a.path < b.path ? -1 : a.path > b.path ? 1 : a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0,
    )
    // a failed read is `unlisted` when a listing among these inputs did not hold the part of its path below
    // it (a flag noted from another recording, made against a listing this one does not hold, is not kept)
    for (let n = 0; n < inputs.length; n++) {
      const i = inputs[n]!
      if (i.value !== null || i.stamp !== undefined) continue
      const unlisted = this.unlistedIn(rec, i)
      if (unlisted === i.unlisted) continue
      inputs[n] = unlisted !== undefined ? {kind: i.kind, path: i.path, value: null, unlisted} : {kind: i.kind, path: i.path, value: null}
    }
    return {value, inputs}
  }

  /**
   * The listing among a recording's inputs that vouches for failed read `i` (see `Input.unlisted`), if one
   * does: the nearest directory above the path whose input is a listing, the part of the path right below
   * it not among its names.
   */
  private unlistedIn(rec: Recorder, i: Input): Unlisted | undefined {
    if (process.platform !== 'linux' || !NORMAL_ABSOLUTE.test(i.path)) return undefined
    const p = i.path
    let below = p.length
    for (let up = 1; up <= 64; up++) {
      const cut = p.lastIndexOf('/', below - 1)
      if (cut <= 0) return undefined
      const above = rec.dir.get(p.slice(0, cut))
      if (above !== undefined) {
        if (above.value === null) return undefined
        // made against this listing (the same hash: the same names)
        if (i.unlisted?.up === up && i.unlisted.listing === above.value) return i.unlisted
        const listed = this.listings.get(above.path)
        if (listed === undefined || listed.hash !== above.value || listed.names === null) return undefined
        const name = p.slice(cut + 1, below)
        return PLAIN_NAME.test(name) && !listed.names.has(name.toLowerCase()) ? {up, listing: above.value} : undefined
      }
      below = cut
    }
    return undefined
  }

  read(p: string): Uint8Array {
    const rec = this.store.current()
    if (!rec) return readFileSync(p)
    // recording: the stamp from the open file (fstat), not a second lookup of the path (~1.5 s of stat
    // calls for 100,000 files); the same file is stamped and read, so the two cannot disagree
    let bytes: Buffer
    let stamp: string | undefined
    let fd: number | undefined
    try {
      fd = openSync(p, 'r')
      const stats = fstatSync(fd)
      stamp = stampOf(stats, this.racyMs)
      bytes = readOpen(fd, stats)
    } catch (e) {
      note(rec, 'file', p, null)
      throw e
    } finally {
      if (fd !== undefined) closeSync(fd)
    }
    note(rec, 'file', p, this.hashing.bytes(bytes), stamp)
    return bytes
  }

  list(p: string): FileEntry[] {
    const rec = this.store.current()
    const stamp = rec ? stampNow(p, this.racyMs) : undefined
    let entries: Dirent[]
    try {
      entries = readdirSync(p, {withFileTypes: true})
    } catch (e) {
      if (rec) note(rec, 'dir', p, null)
      throw e
    }
    if (rec) {
      const hash = this.hashing.listing(entries)
      // its names, for the failed reads of paths in it (`record`): whichever recording holds a listing with this hash
      if (this.listings.get(p)?.hash !== hash) this.listings.set(p, {hash, names: listedNames(entries)})
      note(rec, 'dir', p, hash, stamp)
    }
    return entries.map(entryOf)
  }

  stat(p: string): StatKind | null {
    const k = statKindNow(p)
    const rec = this.store.current()
    if (rec) note(rec, 'stat', p, k)
    return k
  }

  realpath(p: string): string | null {
    const r = realNow(p)
    const rec = this.store.current()
    if (rec) note(rec, 'real', p, r)
    return r
  }

  note(inputs: readonly Input[]): void {
    const rec = this.store.current()
    if (!rec) return
    for (const i of inputs) {
      const m = rec[i.kind]
      if (!m.has(i.path)) m.set(i.path, i)
    }
  }

  unchanged(inputs: readonly Input[], how: 'stamps' | 'contents'): boolean {
    if (how === 'stamps') {
      for (const i of inputs) {
        if (i.kind === 'file' || i.kind === 'dir') {
          if (i.stamp === undefined || stampNow(i.path, undefined) !== i.stamp) return false
        } else if (readNow(i.kind, i.path, this.hashing) !== i.value) return false
      }
      return true
    }
    let listings: Map<string, string | null> | undefined
    for (const i of inputs) {
      const u = i.unlisted
      if (u !== undefined && i.value === null) {
        // not there while the listing that did not hold it is among these inputs, checked as they all are
        listings ??= new Map(inputs.filter((d) => d.kind === 'dir').map((d) => [d.path, d.value]))
        if (listings.get(ancestor(i.path, u.up) ?? '') === u.listing) continue
      }
      if (!this.checkedUnchanged(i)) return false
    }
    return true
  }

  /**
   * The inputs of a stored result checked as they are stored: a warm answer checks every input of a root
   * (2,874 on the caf root), so each costs one lstat and one comparison when its stamp is the same —
   * no list of inputs made, no Stats object kept, nothing recorded per input beyond its path's stamp.
   */
  unchangedPacked(packed: unknown, stamps?: Float64Array): boolean | undefined {
    if (!Array.isArray(packed)) return undefined
    // the listings so far: a path one did not hold needs no look of its own (see `Input.unlisted`)
    const listed = new Set<string>()
    for (const g of packed) {
      if (!Array.isArray(g) || g.length % 4 !== 1) return undefined
      const dir: unknown = g[0]
      if (typeof dir !== 'string') return undefined
      for (let j = 1; j < g.length; j += 4) {
        const letter: unknown = g[j]
        const name: unknown = g[j + 1]
        const value: unknown = g[j + 2]
        const stamp: unknown = g[j + 3]
        if (typeof name !== 'string') return undefined
        // none, a text, or the place of its numbers in `stamps`
        const numbered = typeof stamp === 'number' && stamp !== 0
        if (numbered ? !hasStamp(stamps, stamp) : stamp !== 0 && typeof stamp !== 'string') return undefined
        if (typeof value === 'number' && value < 0) {
          // a failed read of a path a directory's listing above it (an input here, before it) did not hold:
          // still not there while that listing reads the same, as it must for the stored result to be used
          const up = unlistedUp(value)
          if (up === undefined || stamp !== 0) return undefined
          if (letter !== 'f' && letter !== 'd' && letter !== 's' && letter !== 'r') return undefined
          // the parent: the group's directory when the name is one part (no string made)
          const above = up === 1 && name.lastIndexOf('/') === 0 ? dir : ancestor(dir + name, up)
          if (above === undefined || !listed.has(above)) return undefined
          continue
        }
        const p = dir + name
        let kind: Input['kind']
        if (letter === 'f' || letter === 'd') {
          if (letter === 'd' && typeof value === 'string') listed.add(p)
          let now = this.stamps.get(p)
          if (now === undefined) now = this.stampChecked(p, letter === 'd')
          if (now !== null) {
            if (numbered) {
              const o = ((stamp as number) - 1) * 4
              if (now[0] === stamps![o] && now[1] === stamps![o + 1] && now[2] === stamps![o + 2] && now[3] === stamps![o + 3]) continue
            } else if (stamp !== 0 && stampText(now) === stamp) continue
          }
          // missing when recorded and now (no stamp now: neither stat nor open can reach it): unchanged,
          // without the failed open and its error (a root's absent modules.json, .tflint.hcl, tests/...:
          // 2,580 a warm run over the corpus)
          if (now === null && value === null) continue
          kind = letter === 'f' ? 'file' : 'dir'
        } else if (letter === 's') kind = 'stat'
        else if (letter === 'r') {
          if (value === 1) {
            if (this.realIsItself(p) || this.valueNow('real', p) === p) continue
            return false
          }
          kind = 'real'
        } else return undefined
        if (value !== null && typeof value !== 'string') return undefined
        if (this.valueNow(kind, p) !== value) return false
      }
    }
    // a result that uses this one (a command's output, say) depends on its inputs too: noted from the
    // stored form, an Input made only for a path not yet noted (the roots of `lint --recursive` share
    // most of theirs)
    const rec = this.store.current()
    if (rec) for (const i of unpackInputs(packed, (kind, p) => !rec[kind].has(p), stamps) ?? []) rec[i.kind].set(i.path, i)
    return true
  }

  /** Whether one input reads as recorded (as `unchangedPacked` checks each). */
  private checkedUnchanged(i: Input): boolean {
    const p = i.path
    const kind = i.kind
    if (kind === 'file' || kind === 'dir') {
      let now = this.stamps.get(p)
      if (now === undefined) now = this.stampChecked(p, kind === 'dir')
      if (now !== null && i.stamp !== undefined && stampText(now) === i.stamp) return true
      if (now === null && i.value === null) return true // missing then and now (as unchangedPacked)
    } else if (kind === 'real' && i.value === p && this.realIsItself(p)) return true
    return this.valueNow(kind, p) === i.value
  }

  /** What an input of this kind reads as now (a file's or listing's hash, a kind, a realpath), read once. */
  private valueNow(kind: Input['kind'], p: string): string | null {
    const values = this.values[kind]
    let value = values.get(p)
    if (value === undefined && !values.has(p)) {
      value = readNow(kind, p, this.hashing)
      values.set(p, value)
    }
    return value ?? null
  }

  /**
   * A path's stamp now (null: missing or unreachable), kept. One call gives the stamp and, for a
   * directory, what it is after links (a module directory's `stat` input is answered from it) and
   * without (the parts of its realpath); a file's kinds are not kept (they are rarely asked).
   */
  private stampChecked(p: string, dir: boolean): StampNow | null {
    let own: Stats | undefined
    try {
      own = lstatSync(p, {throwIfNoEntry: false})
    } catch {
      own = undefined
    }
    const link = own !== undefined && own.isSymbolicLink()
    const s = link ? statNow(p) : own
    const stamp: StampNow | null = s === undefined ? null : [s.ino, s.size, s.mtimeMs, s.ctimeMs]
    this.stamps.set(p, stamp)
    if (dir) {
      this.ownKinds.set(p, own === undefined ? null : link ? 'link' : kindOf(own))
      if (!this.values.stat.has(p)) this.values.stat.set(p, s === undefined ? null : kindOf(s))
    }
    return stamp
  }

  /** A path's own kind (a link not followed; null: missing or unreachable), kept. */
  private ownKind(p: string): StatKind | 'link' | null {
    let kind = this.ownKinds.get(p)
    if (kind === undefined) {
      let s: Stats | undefined
      try {
        s = lstatSync(p, {throwIfNoEntry: false})
      } catch {
        s = undefined
      }
      kind = s === undefined ? null : s.isSymbolicLink() ? 'link' : kindOf(s)
      this.ownKinds.set(p, kind)
    }
    return kind
  }

  /**
   * True when `p`, whose realpath was recorded as `p` itself, still is its own realpath: on Linux, realpath(3) gives an absolute,
   * normal path back as it is exactly when every part of it exists and none is a link, and the parts a
   * root's directories share are looked at once each (one lstat a directory instead of realpath's
   * readlink for each of its parts: 1,938 calls on the caf root). False: not known this way (the realpath
   * is then taken).
   */
  private realIsItself(p: string): boolean {
    if (process.platform !== 'linux' || !NORMAL_ABSOLUTE.test(p)) return false
    const seen: string[] = []
    for (let q = p; q !== '/' && !this.realDirs.has(q); q = q.slice(0, q.lastIndexOf('/')) || '/') {
      const kind = this.ownKind(q)
      if (kind === null || kind === 'link' || (q !== p && kind !== 'dir')) return false
      if (kind === 'dir') seen.push(q)
    }
    for (const q of seen) this.realDirs.add(q)
    return true
  }

  /** Forgets what inputs read as (a long-lived process checking again). */
  forgetChecked(): void {
    this.stamps.clear()
    for (const m of Object.values(this.values)) m.clear()
    this.ownKinds.clear()
    this.realDirs.clear()
  }
}

/** Narrows stored JSON to an input list (a corrupt entry is simply not reused). */
export function isInputList(v: unknown): v is Input[] {
  return (
    Array.isArray(v) &&
    v.every((x: unknown) => {
      if (typeof x !== 'object' || x === null) return false
      const r = x as Record<string, unknown>
      return (
        (r['kind'] === 'file' || r['kind'] === 'dir' || r['kind'] === 'stat' || r['kind'] === 'real') &&
        typeof r['path'] === 'string' &&
        (r['value'] === null || typeof r['value'] === 'string') &&
        (r['stamp'] === undefined || typeof r['stamp'] === 'string')
      )
    })
  )
}

/** Bytes as text the way `Buffer#toString('utf8')` reads them (a BOM kept, bad sequences replaced). */
export function utf8Text(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')
}
