// What a lint finding may carry besides its text: fixes. A fix is a titled set of text edits on the files of
// the analysed configuration (ranges as the model gives them: files named by their absolute paths, bytes,
// lines and columns of the file as it was read), built from the syntax tree's spans so that it touches only
// the bytes it must. `tfgraph lint --fix` applies the preferred fix of each finding (src/lint/fix.ts); the
// language server offers every fix as a quick fix (src/lsp/code-actions.ts).
import type {SourceRange} from '../../diag/diagnostic.js'

/** Replace the text of `range` by `newText` (an empty range inserts). */
export interface TextEdit {
  readonly range: SourceRange
  readonly newText: string
  /**
   * Set on the insertion of a whole element of a list (a required_providers entry): insertions at one place
   * with different keys are applied together, one after the other, instead of waiting for another pass.
   */
  readonly join?: string
}

export interface Fix {
  /** What it does, for a reader (an editor's quick-fix menu): `Replace list.0 with list[0]`. */
  readonly title: string
  /** Edits in one file or several, none overlapping: applied all together or not at all. */
  readonly edits: readonly TextEdit[]
  /**
   * Whether `--fix` (and the editor's "fix all") applies it: the one right fix of the finding. False for
   * one of several choices (which configuration to pass) and for a fix that needs a decision the tool cannot
   * make (a version constraint when no lock file selects one): the editor offers those, `--fix` leaves them.
   */
  readonly preferred: boolean
  /**
   * The same change seen from several root modules (a module two roots call): fixes with one group,
   * counted from the place of their first edit, are one fix whose edits are all of theirs (the callers in
   * each root included). When their edits disagree at one place, the fix with the lowest `rank` wins.
   */
  readonly group?: string
  /** Orders fixes of one group that disagree (compared element by element; lowest first). */
  readonly rank?: readonly number[]
}
