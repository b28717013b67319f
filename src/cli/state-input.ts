// `--state FILE` and `--state -` (stdin): the text of a state, or one line saying why it could not be read.
// The text is held for the run only: nothing of a state is cached or written (it can hold secrets).
import {readFileSync} from 'node:fs'
import {readFailure} from './read-input.js'

/** A state as given: its name in messages (the file, or `stdin`) and its text. */
export interface StateInput {
  readonly name: string
  readonly text: string
}

/** Reads `--state`'s value (`-`: standard input). */
export function readStateInput(given: string): StateInput | {readonly problem: string} {
  const name = given === '-' ? 'stdin' : given
  try {
    return {name, text: readFileSync(given === '-' ? 0 : given, 'utf8')}
  } catch (e) {
    return {
      problem: `cannot read the state: ${given === '-' ? `stdin cannot be read (${e instanceof Error ? e.message : String(e)})` : readFailure(given, e)}; run terraform state pull > terraform.tfstate and give that file`,
    }
  }
}
