// The server's own file watcher, for clients that cannot watch files for it (no dynamic registration of
// `workspace/didChangeWatchedFiles`, as Neovim 0.7): configuration files, lock files, `.tfgraph.json`,
// the installed-modules manifest, variable definitions files and test files created, changed, deleted or renamed under a workspace folder by another
// program are told to the workspace as the client's watcher would. Events come in batches (a save
// writes several times; a checkout touches many files).
import {lstatSync, readdirSync, statSync, watch, type Dirent, type FSWatcher, type Stats} from 'node:fs'
import * as path from 'node:path'

const WATCHED =
  /(\.(tf|tofu)(\.json)?|\.(tfquery|tfcomponent|tfstack|tftest|tofutest)\.(hcl|json)|\.tfdeploy\.hcl|\.tfvars(\.json)?|^\.terraform\.lock\.hcl|^\.tfgraph\.json|^modules\.json)$/
const BATCH_MS = 50

/**
 * Whether `p`'s modification or status change time is `since` or later, or, for a symbolic link, its
 * target's (a file edited through a link); a path that cannot be read: not.
 */
const changedSince = (p: string, since: number): boolean => {
  try {
    const st = lstatSync(p)
    if (st.mtimeMs >= since || st.ctimeMs >= since) return true
    if (!st.isSymbolicLink()) return false
    const target = statSync(p)
    return target.mtimeMs >= since || target.ctimeMs >= since
  } catch {
    return false
  }
}

/**
 * What of the directory `d` (its `entries`) changed since `since`: a file changed or created (its own
 * times); an entry created, deleted or renamed (the directory's times): the directory itself — everything
 * below it is read again, as the name of one gone is not known — and its files. Directories in it answer
 * for themselves.
 */
function changedIn(d: string, entries: readonly Dirent[], since: number): string[] {
  const listed = changedSince(d, since)
  const out = listed ? [d] : []
  for (const e of entries) {
    const p = path.join(d, e.name)
    if (!e.isDirectory() && watchedPath(p) && (listed || changedSince(p, since))) out.push(p)
  }
  return out
}

const exists = (p: string): boolean => {
  try {
    lstatSync(p)
    return true
  } catch {
    return false
  }
}

/**
 * Whether a change to `p` can change an analysis: a configuration file, a lock file, `.tfgraph.json`, the
 * installed-modules manifest, a variable definitions file (`.tfvars`), a test file, or a directory (created, deleted or renamed with what is in it; a name
 * without an extension is taken for one). Not under `.git`.
 */
export function watchedPath(p: string): boolean {
  if (p.split(path.sep).includes('.git')) return false
  const base = path.basename(p)
  return WATCHED.test(base) || !base.includes('.')
}

/**
 * Watches `dir` (and its subdirectories, when `recursive`); `changed` gets absolute paths. Returns what stops it.
 * `since` (a time, ms since the epoch): what changed from then until the watch began is told too
 * (`changedIn`), as if the watch had begun then (the language server starts its watcher after the first
 * diagnostics; the analysis read the disk from `since`).
 * Below `dir`, each directory is watched on its own (one inotify watch a directory, not `.git`): Node 20's
 * recursive watch on Linux stats and watches every file, ~0.1 s of CPU on fabric's 1,300 entries before the
 * first analysis could start, where this takes a few milliseconds. A directory that appears is watched
 * with what is in it (its entries are told as changed); one that goes is let go.
 */
export function watchTree(
  dir: string,
  changed: (files: string[]) => void,
  failed: (why: string) => void,
  recursive = true,
  since?: number,
): () => void {
  const pending = new Set<string>()
  let timer: NodeJS.Timeout | undefined
  const flush = (): void => {
    timer = undefined
    const files = [...pending]
    pending.clear()
    if (files.length > 0) changed(files)
  }
  const tellDir = (p: string): void => {
    pending.add(p)
    timer ??= setTimeout(flush, BATCH_MS)
  }
  const tell = (file: string): void => {
    if (watchedPath(file)) tellDir(file)
  }
  /** The directories watched below `dir`, and symbolic links to files, by path. */
  const below = new Map<string, FSWatcher>()
  let stopped = false
  const stopBelow = (p: string): void => {
    for (const [d, w] of below)
      if (d === p || d.startsWith(p + path.sep)) {
        w.close()
        below.delete(d)
      }
  }
  /** Watches `d` and the directories in it; `fresh`: it has just appeared, so its entries are told. */
  const watchDir = (d: string, fresh: boolean): void => {
    if (stopped || below.has(d)) return
    let entries: Dirent[]
    let w: FSWatcher | undefined
    try {
      w = watch(d, {persistent: false}, (_event, name) => seenIn(d, name))
      entries = readdirSync(d, {withFileTypes: true})
    } catch (e) {
      // gone already, or not readable: what is told about it comes from the directory above
      w?.close()
      cannot(d, e)
      return
    }
    // a directory deleted or renamed away: the one above tells it
    w.on('error', () => stopBelow(d))
    below.set(d, w)
    // a directory is told whatever its name (`prod.eu`: watchedPath takes a name with a dot for a file's)
    if (since !== undefined && !fresh) for (const p of changedIn(d, entries, since)) (p === d ? tellDir : tell)(p)
    for (const e of entries) {
      const p = path.join(d, e.name)
      if (fresh) tell(p)
      if (e.isDirectory() && e.name !== '.git') watchDir(p, fresh)
      // a link to a file: its target's changes are not the directory's
      else if (e.isSymbolicLink() && watchedPath(p)) watchLink(p)
    }
  }
  const watchLink = (p: string): void => {
    if (below.has(p)) return
    try {
      const w = watch(p, {persistent: false}, () => tell(p))
      w.on('error', () => stopBelow(p))
      below.set(p, w)
    } catch {
      // a link that leads nowhere: nothing to watch (told when it changes, by the directory)
    }
  }
  /**
   * An event of the directory `d`'s watcher: about an entry of `d` or, under `d`'s own name, about `d` itself
   * (deleted or moved away: its watch is then on what is gone, or has moved; the directory above tells it).
   * An entry with `d`'s name that is not there reads the same: either way `d` is watched afresh if it is there.
   */
  const seenIn = (d: string, name: string | Buffer | null): void => {
    if (!name) return
    const p = path.join(d, name.toString())
    // the workspace folder itself gone: nothing below it to tell
    if (d === dir && name.toString() === path.basename(d) && !exists(d)) return
    if (d !== dir && name.toString() === path.basename(d) && !exists(p)) {
      tell(p)
      stopBelow(d)
      if (exists(d)) watchDir(d, true)
      return
    }
    seen(p)
  }
  /** An entry created, changed, deleted or renamed: told; a new directory watched, one gone let go. */
  const seen = (p: string): void => {
    tell(p)
    if (!recursive || p.split(path.sep).includes('.git')) return
    let st: Stats | undefined
    try {
      st = lstatSync(p)
    } catch {
      st = undefined
    }
    if (st?.isDirectory()) watchDir(p, true)
    else if (st?.isSymbolicLink()) {
      if (watchedPath(p)) watchLink(p)
    } else if (below.has(p) || !st) stopBelow(p)
  }
  /** A directory below that cannot be watched (not one gone meanwhile): said once. */
  let said = false
  const cannot = (d: string, e: unknown): void => {
    if (said || (e instanceof Error && 'code' in e && e.code === 'ENOENT')) return
    said = true
    failed(
      `tfgraph: cannot watch ${d} for changes (${e instanceof Error ? e.message : String(e)}); files changed there by other programs are seen when next opened`,
    )
  }
  let w: FSWatcher
  try {
    w = watch(dir, {persistent: false}, (_event, name) => seenIn(dir, name))
  } catch (e) {
    failed(
      `tfgraph: cannot watch ${dir} for changes (${e instanceof Error ? e.message : String(e)}); files changed by other programs are seen when next opened`,
    )
    return () => undefined
  }
  w.on('error', (e) => failed(`tfgraph: watching ${dir} stopped (${e.message})`))
  if (recursive || since !== undefined) {
    try {
      const entries = readdirSync(dir, {withFileTypes: true})
      if (since !== undefined) for (const p of changedIn(dir, entries, since)) tell(p)
      for (const e of recursive ? entries : []) {
        const p = path.join(dir, e.name)
        if (e.isDirectory() && e.name !== '.git') watchDir(p, false)
        else if (e.isSymbolicLink() && watchedPath(p)) watchLink(p)
      }
    } catch (e) {
      // unreadable: its own watcher still tells what changes in it
      cannot(dir, e)
    }
  }
  return () => {
    stopped = true
    if (timer) clearTimeout(timer)
    w.close()
    for (const b of below.values()) b.close()
    below.clear()
  }
}
