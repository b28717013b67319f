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
    return kindOf(statSync(p))
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

function readNow(i: Input, hashing: Hashing): string | null {
  switch (i.kind) {
    case 'file':
      try {
        return hashing.bytes(readFileSync(i.path))
      } catch {
        return null
      }
    case 'dir':
      try {
        return hashing.listing(readdirSync(i.path, {withFileTypes: true}))
      } catch {
        return null
      }
    case 'stat':
      return statKindNow(i.path)
    case 'real':
      return realNow(i.path)
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
   * What each input read as when first checked by this source (files by stamp, and by hash once
   * hashed): results sharing modules look at each file once. A run takes the file system as it found
   * it; a long-lived process (a watch loop) calls `forgetChecked` before it checks again.
   */
  private readonly checked: Record<Input['kind'], Map<string, {stamp?: string | undefined; value?: string | null}>> = {
    file: new Map(),
    dir: new Map(),
    stat: new Map(),
    real: new Map(),
  }
  /** What each path looked at while checking is without following a link (null: missing); realpaths and stamps share them. */
  private readonly ownKinds = new Map<string, StatKind | 'link' | null>()
  private readonly racyMs: number

  /** `racyMs`: record stamps only of files changed longer ago than this (default 2 s; tests use 0). */
  constructor(opts: {readonly racyMs?: number} = {}) {
    this.racyMs = opts.racyMs ?? RACY_MS
  }

  async record<T>(fn: () => Promise<T>): Promise<{value: T; inputs: Input[]}> {
    const rec = newRecorder()
    const value = await this.store.run(rec, fn)
    const inputs = [...rec.file.values(), ...rec.dir.values(), ...rec.stat.values(), ...rec.real.values()].sort((a, b) =>
      a.path < b.path ? -1 : a.path > b.path ? 1 : a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0,
    )
    return {value, inputs}
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
    if (rec) note(rec, 'dir', p, this.hashing.listing(entries), stamp)
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
        } else if (readNow(i, this.hashing) !== i.value) return false
      }
      return true
    }
    for (const i of inputs) if (!this.checkedUnchanged(i)) return false
    return true
  }

  private checkedUnchanged(i: Input): boolean {
    const checked = this.checked[i.kind]
    let seen = checked.get(i.path)
    if (!seen) {
      if (i.kind === 'file' || i.kind === 'dir') {
        // one call gives the stamp and what the path is: a `stat` input of the same path (a module
        // directory has both) is answered from it without a call of its own
        const s = this.statAfterLinks(i.path)
        seen = {stamp: s ? stampOf(s, undefined) : undefined}
        if (!this.checked.stat.has(i.path)) this.checked.stat.set(i.path, {value: s ? kindOf(s) : null})
      } else if (i.kind === 'real' && this.realIsItself(i)) seen = {value: i.value}
      else seen = {}
      checked.set(i.path, seen)
    }
    if (i.stamp !== undefined && seen.stamp === i.stamp) return true
    if (seen.value === undefined) seen.value = readNow(i, this.hashing)
    return seen.value === i.value
  }

  /** A path's own stats (a link not followed), or null when it is missing or unreachable; what it is, kept. */
  private lstatNow(p: string): Stats | null {
    let s: Stats | null
    try {
      s = lstatSync(p, {throwIfNoEntry: false}) ?? null
    } catch {
      s = null
    }
    // only what it is: Stats objects kept for a whole root (2,200 with their Dates) cost more in
    // garbage collection than the calls they would save
    this.ownKinds.set(p, s === null ? null : s.isSymbolicLink() ? 'link' : kindOf(s))
    return s
  }

  /** A path's stats after links: its own when it is not a link (one call), else followed. */
  private statAfterLinks(p: string): Stats | undefined {
    const own = this.lstatNow(p)
    if (own === null) return undefined // missing (or unreachable): so is what a stat would follow
    return own.isSymbolicLink() ? statNow(p) : own
  }

  /**
   * True when a realpath recorded as the path itself still is: on Linux, realpath(3) gives an absolute,
   * normal path back as it is exactly when every part of it exists and none is a link, and the parts a
   * root's directories share are looked at once each (one lstat a directory instead of realpath's
   * readlink for each of its parts: 1,938 calls on the caf root). False: not known this way (the realpath
   * is then taken).
   */
  private realIsItself(i: Input): boolean {
    const p = i.path
    if (i.value !== p || process.platform !== 'linux' || !NORMAL_ABSOLUTE.test(p)) return false
    for (let q = p; q !== '/'; q = q.slice(0, q.lastIndexOf('/')) || '/') {
      let kind = this.ownKinds.get(q)
      if (kind === undefined) {
        this.lstatNow(q)
        kind = this.ownKinds.get(q)
      }
      if (kind === null || kind === 'link' || (q !== p && kind !== 'dir')) return false
    }
    return true
  }

  /** Forgets what inputs read as (a long-lived process checking again). */
  forgetChecked(): void {
    for (const m of Object.values(this.checked)) m.clear()
    this.ownKinds.clear()
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
