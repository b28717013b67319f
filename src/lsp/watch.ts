// The server's own file watcher, for clients that cannot watch files for it (no dynamic registration of
// `workspace/didChangeWatchedFiles`, as Neovim 0.7): configuration files, lock files, `.tfgraph.json`,
// the installed-modules manifest, variable definitions files and test files created, changed, deleted or renamed under a workspace folder by another
// program are told to the workspace as the client's watcher would. Events come in batches (a save
// writes several times; a checkout touches many files).
import {watch, type FSWatcher} from 'node:fs'
import * as path from 'node:path'

const WATCHED =
  /(\.(tf|tofu)(\.json)?|\.(tfquery|tfcomponent|tfstack|tftest|tofutest)\.(hcl|json)|\.tfdeploy\.hcl|\.tfvars(\.json)?|^\.terraform\.lock\.hcl|^\.tfgraph\.json|^modules\.json)$/
const BATCH_MS = 50

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

/** Watches `dir` (and its subdirectories, when `recursive`); `changed` gets absolute paths. Returns what stops it. */
export function watchTree(dir: string, changed: (files: string[]) => void, failed: (why: string) => void, recursive = true): () => void {
  const pending = new Set<string>()
  let timer: NodeJS.Timeout | undefined
  let w: FSWatcher
  const flush = (): void => {
    timer = undefined
    const files = [...pending]
    pending.clear()
    if (files.length > 0) changed(files)
  }
  try {
    w = watch(dir, {recursive, persistent: false}, (_event, name) => {
      if (!name) return
      const file = path.join(dir, name.toString())
      if (!watchedPath(file)) return
      pending.add(file)
      timer ??= setTimeout(flush, BATCH_MS)
    })
  } catch (e) {
    failed(
      `tfgraph: cannot watch ${dir} for changes (${e instanceof Error ? e.message : String(e)}); files changed by other programs are seen when next opened`,
    )
    return () => undefined
  }
  w.on('error', (e) => failed(`tfgraph: watching ${dir} stopped (${e.message})`))
  return () => {
    if (timer) clearTimeout(timer)
    w.close()
  }
}
