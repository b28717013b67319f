// Files held in memory, for the library (`analyze({files})`) and the tests: a FileSource whose
// directories are implied by the file paths. Nothing is read from or written to the disk.
import * as path from 'node:path'
import type {FileEntry, FileSource, Input, StatKind} from './inputs.js'

/** The directory an in-memory root module appears to live in (never touched: no such directory is read). */
export const MEMORY_ROOT = path.resolve('/', 'tfgraph-memory', 'root')

function errno(code: string, syscall: string, p: string): Error {
  return Object.assign(new Error(`${code}: ${syscall} '${p}'`), {code, syscall, path: p})
}

export class MemorySource implements FileSource {
  private readonly files = new Map<string, Uint8Array>()
  private readonly dirs = new Map<string, Map<string, 'file' | 'dir'>>()

  /**
   * `files`: contents by path relative to `root` (`/`-separated; `../modules/x/main.tf` is beside the
   * root). A path that is absolute, empty, or names a directory of another file is rejected.
   */
  constructor(
    readonly root: string,
    files: Readonly<Record<string, string | Uint8Array>>,
  ) {
    this.dirs.set(path.parse(root).root, new Map())
    for (const [rel, contents] of Object.entries(files)) {
      if (rel === '' || rel.startsWith('/') || /^[A-Za-z]:/.test(rel))
        throw new Error(`in-memory file ${JSON.stringify(rel)}: give paths relative to the root module, "/"-separated`)
      const abs = path.resolve(root, ...rel.split('/'))
      if (this.dirs.has(abs)) throw new Error(`in-memory file ${JSON.stringify(rel)} is also a directory of another file`)
      this.files.set(abs, typeof contents === 'string' ? Buffer.from(contents, 'utf8') : contents)
      this.addEntry(abs, 'file')
    }
    if (!this.dirs.has(root)) this.addEntry(root, 'dir')
  }

  private addEntry(abs: string, kind: 'file' | 'dir'): void {
    const parent = path.dirname(abs)
    if (parent === abs) return
    if (this.files.has(parent)) throw new Error(`in-memory path ${abs} is inside a file`)
    let entries = this.dirs.get(parent)
    if (!entries) {
      entries = new Map()
      this.dirs.set(parent, entries)
      this.addEntry(parent, 'dir')
    }
    entries.set(path.basename(abs), kind)
    if (kind === 'dir' && !this.dirs.has(abs)) this.dirs.set(abs, new Map())
  }

  read(p: string): Uint8Array {
    const abs = path.resolve(p)
    const bytes = this.files.get(abs)
    if (bytes) return bytes
    throw this.dirs.has(abs) ? errno('EISDIR', 'read', p) : errno('ENOENT', 'open', p)
  }

  list(p: string): FileEntry[] {
    const entries = this.dirs.get(path.resolve(p))
    if (!entries) throw this.files.has(path.resolve(p)) ? errno('ENOTDIR', 'scandir', p) : errno('ENOENT', 'scandir', p)
    return [...entries].map(([name, kind]) => ({name, kind}))
  }

  stat(p: string): StatKind | null {
    const abs = path.resolve(p)
    return this.files.has(abs) ? 'file' : this.dirs.has(abs) ? 'dir' : null
  }

  realpath(p: string): string | null {
    return this.stat(p) === null ? null : path.resolve(p)
  }

  /** Files in memory never change: nothing to note. */
  async record<T>(fn: () => Promise<T>): Promise<{value: T; inputs: Input[]}> {
    return {value: await fn(), inputs: []}
  }

  note(): void {}

  unchanged(): boolean {
    return true
  }
}
