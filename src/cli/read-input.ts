// Files the commands read themselves (a saved plan, lock files to compare): the text, or one line saying
// why it could not be read — in words, not Node's `ENOENT: no such file or directory, open '…'`.
import {readFileSync} from 'node:fs'
import {osErrorText} from '../diag/os-error.js'

/** Why `file` could not be read, in words: `plan.json does not exist`. */
export function readFailure(file: string, e: unknown): string {
  switch ((e as NodeJS.ErrnoException | undefined)?.code) {
    case 'ENOENT':
      return `${file} does not exist`
    case 'ENOTDIR':
      return `${file} does not exist (a part of its path is a file)`
    case 'EISDIR':
      return `${file} is a directory, not a file`
    default:
      return `${file} cannot be read (${osErrorText(e)})`
  }
}

/** The UTF-8 text of `file`, or why it could not be read. */
export function readInput(file: string): {readonly text: string} | {readonly problem: string} {
  try {
    return {text: readFileSync(file, 'utf8')}
  } catch (e) {
    return {problem: readFailure(file, e)}
  }
}
