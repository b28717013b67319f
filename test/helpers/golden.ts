// Golden-file comparison: UPDATE_GOLDEN=1 rewrites the expected file, otherwise the text must match.
import {existsSync, readFileSync, writeFileSync} from 'node:fs'
import * as assert from 'uvu/assert'

export const updating = process.env['UPDATE_GOLDEN'] === '1'

export function assertGolden(file: string, actual: string): void {
  if (updating || !existsSync(file)) {
    if (!updating) throw new Error(`golden file ${file} is missing: run with UPDATE_GOLDEN=1 and review the diff`)
    writeFileSync(file, actual)
    return
  }
  assert.fixture(actual, readFileSync(file, 'utf8'), `golden ${file}`)
}
