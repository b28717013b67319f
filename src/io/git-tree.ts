// A directory as of a git revision, read from git's objects into a temporary directory: the working
// tree and the index are never touched (`git archive REV -- PATH`, unpacked without a shell).
import {execFileSync} from 'node:child_process'
import {existsSync, mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'

/** git is missing, the directory is not in a repository, or the revision does not exist: one sentence. */
export class GitTreeError extends Error {}

export interface GitTree {
  /** The temporary copy of the repository's tree at the revision (only DIR's subtree). */
  readonly root: string
  /** DIR inside that copy. */
  readonly dir: string
  /** DIR relative to the repository's top, `/`-separated ('' for the top). */
  readonly prefix: string
  /** Removes the temporary copy. */
  dispose(): void
}

function git(args: readonly string[], cwd: string): Buffer {
  try {
    return execFileSync('git', args, {cwd, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30})
  } catch (e) {
    if (e && typeof e === 'object' && 'code' in e && e.code === 'ENOENT')
      throw new GitTreeError('git is not installed (or not on PATH): --git needs it to read the old revision')
    const stderr = e && typeof e === 'object' && 'stderr' in e ? String(e.stderr).trim() : ''
    throw new GitTreeError(
      stderr
        .split('\n')
        .find((l) => l.startsWith('fatal:'))
        ?.replace(/^fatal: /, '') ??
        (stderr.split('\n')[0] || String(e)),
    )
  }
}

/** Reads `dir` (a directory in a git work tree) as of `rev` into a temporary directory. */
export function gitTreeAt(dir: string, rev: string): GitTree {
  if (rev.startsWith('-')) throw new GitTreeError(`not a git revision: ${rev} (--git takes one, such as main or HEAD~1)`)
  const abs = path.resolve(dir)
  const top = git(['rev-parse', '--show-toplevel'], abs).toString('utf8').trim()
  let commit: string
  try {
    commit = git(['rev-parse', '--verify', '--quiet', `${rev}^{commit}`], abs)
      .toString('utf8')
      .trim()
  } catch {
    throw new GitTreeError(`unknown git revision ${rev} (in the repository at ${top})`)
  }
  const prefix = path.relative(top, abs).split(path.sep).join('/')
  const root = mkdtempSync(path.join(tmpdir(), 'tfgraph-git-'))
  const dispose = (): void => rmSync(root, {recursive: true, force: true})
  try {
    // the whole tree, so that module sources outside DIR (../modules/x) are there too
    const tar = git(['archive', '--format=tar', commit], top)
    execFileSync('tar', ['-x', '-f', '-', '-C', root], {input: tar, stdio: ['pipe', 'ignore', 'pipe'], maxBuffer: 1 << 30})
  } catch (e) {
    dispose()
    throw e instanceof GitTreeError
      ? e
      : new GitTreeError(`could not unpack ${rev}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`)
  }
  const there = path.join(root, ...prefix.split('/').filter(Boolean))
  if (!existsSync(there)) {
    dispose()
    throw new GitTreeError(`${prefix || '.'} does not exist at ${rev}`)
  }
  return {root, dir: there, prefix, dispose}
}
