// A fingerprint of a directory tree: every entry's path, type, mode and content (files) or target
// (symlinks), without following links. Equal fingerprints before and after a run = nothing written.
import {createHash} from 'node:crypto'
import {lstatSync, readdirSync, readFileSync, readlinkSync} from 'node:fs'
import * as path from 'node:path'

export function treeFingerprint(root: string): string {
  const h = createHash('sha256')
  const walk = (dir: string, rel: string): void => {
    let names: string[]
    try {
      names = readdirSync(dir).sort()
    } catch (e) {
      h.update(`unreadable-dir ${rel} ${(e as NodeJS.ErrnoException).code ?? ''}\n`)
      return
    }
    for (const n of names) {
      const p = path.join(dir, n)
      const r = rel ? `${rel}/${n}` : n
      const st = lstatSync(p)
      const mode = (st.mode & 0o7777).toString(8)
      if (st.isSymbolicLink()) h.update(`link ${JSON.stringify(r)} ${readlinkSync(p)}\n`)
      else if (st.isDirectory()) {
        h.update(`dir ${JSON.stringify(r)} ${mode}\n`)
        walk(p, r)
      } else if (st.isFile()) {
        let digest: string
        try {
          digest = createHash('sha256').update(readFileSync(p)).digest('hex')
        } catch (e) {
          digest = `unreadable ${(e as NodeJS.ErrnoException).code ?? ''}`
        }
        h.update(`file ${JSON.stringify(r)} ${mode} ${st.size} ${digest}\n`)
      } else h.update(`other ${JSON.stringify(r)} ${mode}\n`)
    }
  }
  walk(root, '')
  return h.digest('hex')
}

/** Every path under `root` (not following links), sorted: for "what appeared here" checks. */
export function listTree(root: string): string[] {
  const out: string[] = []
  const walk = (dir: string, rel: string): void => {
    let names: string[]
    try {
      names = readdirSync(dir).sort()
    } catch {
      return
    }
    for (const n of names) {
      const r = rel ? `${rel}/${n}` : n
      out.push(r)
      const p = path.join(dir, n)
      if (lstatSync(p).isDirectory()) walk(p, r)
    }
  }
  walk(root, '')
  return out
}
