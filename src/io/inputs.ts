// The file-system reads an analysis depends on. Every read the loader, the crawl and lint make goes
// through these functions; while a computation runs inside `recordInputs`, each one is noted (file
// contents and directory listings by hash, stat and realpath results by value) in that computation's
// own record (AsyncLocalStorage, so several roots analysed at once keep separate records). A stored
// result is reused only when `inputsUnchanged` finds every one of its inputs as it was (results-cache.ts).
import {AsyncLocalStorage} from 'node:async_hooks'
import {createHash} from 'node:crypto'
import {readdirSync, readFileSync, realpathSync, statSync, type Dirent} from 'node:fs'

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

type Recorder = Map<string, Input>

const store = new AsyncLocalStorage<Recorder>()

/** Runs `fn`, noting every input it reads through this module (including in the promises it starts). */
export async function recordInputs<T>(fn: () => Promise<T>): Promise<{value: T; inputs: Input[]}> {
  const rec: Recorder = new Map()
  const value = await store.run(rec, fn)
  const inputs = [...rec.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0))
  return {value, inputs}
}

/** Changes more recent than this are too close to the stamp's clock tick to trust the stamp. */
const RACY_MS = 2000
let racyMs = RACY_MS

/** Tests: record stamps of files changed within `ms` (default restored with undefined). */
export function setRacyWindow(ms: number | undefined): void {
  racyMs = ms ?? RACY_MS
}

function stampNow(p: string, forRecord: boolean): string | undefined {
  try {
    const s = statSync(p, {throwIfNoEntry: false})
    if (!s) return undefined
    if (forRecord && Date.now() - Math.max(s.mtimeMs, s.ctimeMs) < racyMs) return undefined
    return `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`
  } catch {
    return undefined // unreachable (a permission problem, say)
  }
}

function recorder(): Recorder | undefined {
  return store.getStore()
}

function note(rec: Recorder, kind: Input['kind'], p: string, value: string | null, stamp?: string): void {
  const key = kind + '\0' + p
  if (!rec.has(key)) rec.set(key, stamp === undefined ? {kind, path: p, value} : {kind, path: p, value, stamp})
}

function hashBytes(b: Uint8Array): string {
  return createHash('sha1').update(b).digest('base64')
}

function listingHash(entries: readonly Dirent[]): string {
  const h = createHash('sha1')
  for (const e of [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    h.update(e.name).update(e.isFile() ? '\0f\0' : e.isDirectory() ? '\0d\0' : e.isSymbolicLink() ? '\0l\0' : '\0o\0')
  }
  return h.digest('base64')
}

/** `readFileSync` (throws as it does), noted as an input. */
export function readInput(p: string): Buffer {
  const rec = recorder()
  // the stamp is taken before reading: a change during the read then leaves a stamp that no longer matches
  const stamp = rec ? stampNow(p, true) : undefined
  let bytes: Buffer
  try {
    bytes = readFileSync(p)
  } catch (e) {
    if (rec) note(rec, 'file', p, null)
    throw e
  }
  if (rec) note(rec, 'file', p, hashBytes(bytes), stamp)
  return bytes
}

/** `readdirSync(p, {withFileTypes: true})` (throws as it does), noted as an input. */
export function listInput(p: string): Dirent[] {
  const rec = recorder()
  const stamp = rec ? stampNow(p, true) : undefined
  let entries: Dirent[]
  try {
    entries = readdirSync(p, {withFileTypes: true})
  } catch (e) {
    if (rec) note(rec, 'dir', p, null)
    throw e
  }
  if (rec) note(rec, 'dir', p, listingHash(entries), stamp)
  return entries
}

export type StatKind = 'file' | 'dir' | 'other'

function statKindNow(p: string): StatKind | null {
  try {
    const s = statSync(p)
    return s.isFile() ? 'file' : s.isDirectory() ? 'dir' : 'other'
  } catch {
    return null
  }
}

/** What `p` is after following links, or null when it does not exist (or cannot be reached); noted. */
export function statInput(p: string): StatKind | null {
  const k = statKindNow(p)
  const rec = recorder()
  if (rec) note(rec, 'stat', p, k)
  return k
}

function realNow(p: string): string | null {
  try {
    return realpathSync(p)
  } catch {
    return null
  }
}

/** `realpathSync(p)`, or null when it fails; noted. */
export function realpathInput(p: string): string | null {
  const r = realNow(p)
  const rec = recorder()
  if (rec) note(rec, 'real', p, r)
  return r
}

/**
 * What each input read as when first checked in this process (files by stamp, and by hash once
 * hashed): results sharing modules look at each file once. A run takes the file system as it found
 * it; a long-lived process (a watch loop) calls `forgetCheckedInputs` before it checks again.
 */
const checked = new Map<string, {stamp?: string | undefined; value?: string | null}>()

function readNow(i: Input): string | null {
  switch (i.kind) {
    case 'file':
      try {
        return hashBytes(readFileSync(i.path))
      } catch {
        return null
      }
    case 'dir':
      try {
        return listingHash(readdirSync(i.path, {withFileTypes: true}))
      } catch {
        return null
      }
    case 'stat':
      return statKindNow(i.path)
    case 'real':
      return realNow(i.path)
  }
}

function unchanged(i: Input): boolean {
  const key = i.kind + '\0' + i.path
  let seen = checked.get(key)
  if (!seen) {
    seen = i.kind === 'file' || i.kind === 'dir' ? {stamp: stampNow(i.path, false)} : {}
    checked.set(key, seen)
  }
  if (i.stamp !== undefined && seen.stamp === i.stamp) return true
  if (seen.value === undefined) seen.value = readNow(i)
  return seen.value === i.value
}

/** True when every input still reads as recorded. */
export function inputsUnchanged(inputs: readonly Input[]): boolean {
  for (const i of inputs) if (!unchanged(i)) return false
  return true
}

export function forgetCheckedInputs(): void {
  checked.clear()
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

/** Adds inputs recorded elsewhere (a shared load, see shared-load.ts) to the current recording, if any. */
export function noteInputs(inputs: readonly Input[]): void {
  const rec = recorder()
  if (!rec) return
  for (const i of inputs) {
    const key = i.kind + '\0' + i.path
    if (!rec.has(key)) rec.set(key, i)
  }
}

/**
 * True when every input is provably unchanged from its stamp alone (no file is read): files and
 * listings need a recorded stamp equal to the current one; stat and realpath results are taken again.
 * Unlike `inputsUnchanged`, nothing is remembered between calls.
 */
export function stampsUnchanged(inputs: readonly Input[]): boolean {
  for (const i of inputs) {
    if (i.kind === 'file' || i.kind === 'dir') {
      if (i.stamp === undefined || stampNow(i.path, false) !== i.stamp) return false
    } else if (readNow(i) !== i.value) return false
  }
  return true
}
