// -o FILE: the output written where asked, or one line saying why it could not be (no `ENOENT … Code:` dump).
import {existsSync, statSync, writeFileSync} from 'node:fs'
import * as path from 'node:path'

/** Writes `text` to `file`; undefined when written, else why not, in one line: `cannot write out/x.dot: …`. */
export function writeProblem(file: string, text: string): string | undefined {
  try {
    writeFileSync(file, text)
    return undefined
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    return `cannot write ${file}: ${why(file, code) ?? (e instanceof Error ? e.message.split('\n')[0] : String(e))}`
  }
}

function why(file: string, code: string | undefined): string | undefined {
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR': {
      // the nearest ancestor that exists: a file where a directory should be, or the first missing directory
      let dir = path.dirname(file)
      let missing = dir
      while (!existsSync(dir) && path.dirname(dir) !== dir) [missing, dir] = [dir, path.dirname(dir)]
      if (existsSync(dir) && !statSync(dir).isDirectory()) return `${dir} is a file, not a directory`
      return `the directory ${missing} does not exist`
    }
    case 'EACCES':
    case 'EPERM':
      return 'permission denied'
    case 'EISDIR':
      return 'it is a directory'
    case 'EROFS':
      return 'read-only file system'
    case 'ENOSPC':
      return 'no space left on the device'
    default:
      return undefined
  }
}
