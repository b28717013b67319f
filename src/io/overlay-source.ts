// The disk with an editor's open buffers laid over it, for a long-lived process (`tfgraph lsp`): a
// buffer's text is what every read of its path returns, a buffer of a file not yet on the disk appears in
// its directory's listing, and nothing is ever written. Changes are told, not polled: `set` and `drop`
// for buffers, `changedOnDisk` for what the editor's file watcher reports. Each read made inside
// `record` is noted with the change count it was made at, so `unchanged` answers from memory (no file is
// read or stat'ed again): an input is unchanged while nothing was told about its path since it was read.
// With `remember`, what a path is (`stat`), where its links lead (`realpath`) and a directory's entries
// (`list`) are asked of the disk once and then answered from memory until a change is told about the path
// or a directory above it (a file told changed changes its directory's listing); so is the content of a
// file in a directory that holds a buffer (the files an editor's edit loads again with the buffer).
import * as path from 'node:path'
import {DiskSource, RecordingKey, type FileEntry, type FileSource, type Input, type StatKind} from './inputs.js'

type Recorder = Map<string, Input>

export class OverlaySource implements FileSource {
  private readonly buffers = new Map<string, Uint8Array>()
  private readonly store = new RecordingKey<Recorder>()
  /** The change count: one more for every path told changed. */
  private epoch = 0
  /** The count at which each path (file or directory) last changed. */
  private readonly changedAt = new Map<string, number>()
  /** With `remember`: the disk's answers to `stat`, `realpath` and `list` by path, until the path is told changed. */
  private readonly kinds: Map<string, StatKind | null> | undefined
  private readonly reals: Map<string, string | null> | undefined
  private readonly lists: Map<string, {readonly entries: FileEntry[]} | {readonly error: unknown}> | undefined
  /** With `remember`: the disk's content of files beside a buffer, until the path is told changed. */
  private readonly contents: Map<string, Uint8Array> | undefined

  /**
   * `remember`: answer `stat`, `realpath` and `list` from memory once the disk was asked (an editor's run, whose
   * every change is told: its buffers, and its file watcher for the disk), not with a system call per read.
   */
  constructor(
    private readonly disk: FileSource = new DiskSource(),
    opts: {readonly remember?: boolean} = {},
  ) {
    if (opts.remember) {
      this.kinds = new Map()
      this.reals = new Map()
      this.lists = new Map()
      this.contents = new Map()
    }
  }

  /** The number of changes told so far; an input read now carries it. */
  get version(): number {
    return this.epoch
  }

  /**
   * Lays (or replaces) an editor's buffer over the file `p`. A buffer newly opened also changes its
   * directory's listing: the file may be new on the disk too (created by another program since the
   * directory was last read), and nothing else would say so.
   */
  set(p: string, text: string): void {
    const abs = path.resolve(p)
    const opened = !this.buffers.has(abs)
    this.buffers.set(abs, Buffer.from(text, 'utf8'))
    // a buffer replaced: the path is a file, nothing below it is remembered
    this.touch(abs, opened, opened)
  }

  /** Takes the buffer of `p` away: reads see the disk again. */
  drop(p: string): void {
    const abs = path.resolve(p)
    if (!this.buffers.delete(abs)) return
    this.touch(abs, this.disk.stat(abs) !== 'file')
  }

  /** The buffer's text over `p`, if one is open. */
  buffer(p: string): Uint8Array | undefined {
    return this.buffers.get(path.resolve(p))
  }

  /** Files the editor says were created, changed or deleted on the disk (directories' listings change with them). */
  changedOnDisk(paths: readonly string[]): void {
    for (const p of paths) this.touch(path.resolve(p), true)
  }

  /** The paths told changed since the change count `since` (a caller deciding what to rebuild). */
  changedSince(since: number): string[] {
    return this.changesSince(since).map(([p]) => p)
  }

  /** Whether a path told changed since the change count `since` passes `test` (given it and the count of its last change). */
  someChangeSince(since: number, test: (p: string, at: number) => boolean): boolean {
    // nothing told since (a root analysed or carried at the last change)
    if (since >= this.epoch) return false
    for (const [p, at] of this.changedAt) if (at > since && test(p, at)) return true
    return false
  }

  /** The same, each with the change count of its last change. */
  changesSince(since: number): [string, number][] {
    const out: [string, number][] = []
    for (const [p, at] of this.changedAt) if (at > since) out.push([p, at])
    return out
  }

  private touch(abs: string, listing: boolean, below = true): void {
    this.epoch++
    this.changedAt.set(abs, this.epoch)
    if (listing) this.changedAt.set(path.dirname(abs), this.epoch)
    // the path may be a directory (created, deleted, renamed): what is below it is asked again too
    for (const m of [this.kinds, this.reals, this.lists, this.contents]) {
      if (!m) continue
      m.delete(abs)
      if (!below) continue
      const under = abs + path.sep
      for (const k of m.keys()) if (k.startsWith(under)) m.delete(k)
    }
    if (listing) this.lists?.delete(path.dirname(abs))
  }

  private diskList(abs: string): FileEntry[] {
    if (!this.lists) return this.disk.list(abs)
    let got = this.lists.get(abs)
    if (!got) {
      try {
        got = {entries: this.disk.list(abs)}
      } catch (error) {
        got = {error}
      }
      this.lists.set(abs, got)
    }
    if ('error' in got) throw got.error
    return [...got.entries]
  }

  private diskStat(abs: string): StatKind | null {
    const k = this.kinds?.get(abs)
    if (k !== undefined) return k
    const now = this.disk.stat(abs)
    this.kinds?.set(abs, now)
    return now
  }

  private diskRealpath(abs: string): string | null {
    const r = this.reals?.get(abs)
    if (r !== undefined) return r
    const now = this.disk.realpath(abs)
    this.reals?.set(abs, now)
    return now
  }

  read(p: string): Uint8Array {
    const abs = path.resolve(p)
    this.noteRead('file', abs)
    const buffer = this.buffers.get(abs)
    if (buffer) return buffer
    if (!this.contents) return this.disk.read(abs)
    let bytes = this.contents.get(abs)
    if (bytes === undefined) {
      bytes = this.disk.read(abs)
      if (this.besideBuffer(abs)) this.contents.set(abs, bytes)
    }
    return bytes
  }

  /** Whether a buffer is open in the directory of `abs`. */
  private besideBuffer(abs: string): boolean {
    const d = path.dirname(abs)
    for (const f of this.buffers.keys()) if (path.dirname(f) === d) return true
    return false
  }

  list(p: string): FileEntry[] {
    const abs = path.resolve(p)
    this.noteRead('dir', abs)
    const extra: FileEntry[] = []
    for (const f of this.buffers.keys()) if (path.dirname(f) === abs) extra.push({name: path.basename(f), kind: 'file'})
    let entries: FileEntry[]
    try {
      entries = this.diskList(abs)
    } catch (e) {
      if (extra.length === 0) throw e
      entries = []
    }
    const names = new Set(entries.map((e) => e.name))
    return [...entries, ...extra.filter((e) => !names.has(e.name))]
  }

  stat(p: string): StatKind | null {
    const abs = path.resolve(p)
    this.noteRead('stat', abs)
    if (this.buffers.has(abs)) return 'file'
    const k = this.diskStat(abs)
    if (k !== null) return k
    for (const f of this.buffers.keys()) if (f.startsWith(abs + path.sep)) return 'dir'
    return null
  }

  realpath(p: string): string | null {
    const abs = path.resolve(p)
    this.noteRead('real', abs)
    return this.diskRealpath(abs) ?? (this.stat(abs) === null ? null : abs)
  }

  /**
   * Whether a path the current recording read was told changed after it was read: what is being
   * computed from it is already out of date (an editor abandons it). False outside a recording.
   */
  recordingOutdated(): boolean {
    const rec = this.store.current()
    if (!rec) return false
    for (const i of rec.values()) {
      const at = this.changedAt.get(i.path)
      if (at !== undefined && (i.stamp === undefined || at > Number(i.stamp))) return true
    }
    return false
  }

  async record<T>(fn: () => Promise<T>): Promise<{value: T; inputs: Input[]}> {
    const rec: Recorder = new Map()
    const value = await this.store.run(rec, fn)
    return {value, inputs: [...rec.values()]}
  }

  /** The current recording notes `kind` of `p` as read now (its stamp: the change count). */
  private noteRead(kind: Input['kind'], p: string): void {
    const rec = this.store.current()
    const key = kind + '\0' + p
    if (rec && !rec.has(key)) rec.set(key, {kind, path: p, value: null, stamp: String(this.epoch)})
  }

  note(inputs: readonly Input[]): void {
    const rec = this.store.current()
    if (!rec) return
    for (const i of inputs) {
      const key = i.kind + '\0' + i.path
      if (!rec.has(key)) rec.set(key, i)
    }
  }

  /** True while nothing was told about any input's path since it was read (both ways of asking: no file is read). */
  unchanged(inputs: readonly Input[]): boolean {
    for (const i of inputs) {
      const at = this.changedAt.get(i.path)
      if (at !== undefined && (i.stamp === undefined || at > Number(i.stamp))) return false
    }
    return true
  }
}
