// A file source that reads each file once and answers every later read of it with those bytes: a run that
// edits files in memory (`lint --fix`) sees one consistent state of the disk, and knows what it started
// from when it writes.
import * as path from 'node:path'
import {DiskSource, type FileEntry, type FileSource, type Input, type StatKind} from './inputs.js'

export class SnapshotSource implements FileSource {
  private readonly reads = new Map<string, Uint8Array>()

  constructor(private readonly base: FileSource = new DiskSource()) {}

  read(p: string): Uint8Array {
    const abs = path.resolve(p)
    let bytes = this.reads.get(abs)
    if (!bytes) {
      bytes = this.base.read(abs)
      this.reads.set(abs, bytes)
    }
    return bytes
  }

  list(p: string): FileEntry[] {
    return this.base.list(p)
  }

  stat(p: string): StatKind | null {
    return this.base.stat(p)
  }

  realpath(p: string): string | null {
    return this.base.realpath(p)
  }

  record<T>(fn: () => Promise<T>): Promise<{value: T; inputs: Input[]}> {
    return this.base.record(fn)
  }

  note(inputs: readonly Input[]): void {
    this.base.note(inputs)
  }

  unchanged(inputs: readonly Input[], how: 'stamps' | 'contents'): boolean {
    return this.base.unchanged(inputs, how)
  }
}
