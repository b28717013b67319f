// The last line of `npm test` counts the parts skipped by their SKIP lines, wherever uvu's output put them:
// at a line start (a file that skips when it loads) or after the progress marks (a test that skips).
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {countSkipLines} from '../../scripts/skip-count.mjs'

test('SKIP lines at a line start and after progress marks are counted; other text is not', () => {
  const output = [
    'SKIP conformance: loading and overrides: needs ../shared, not found at /x/conformance',
    'render/graph-html-browser.test.ts',
    '• • • SKIP graph --format html on 0-org-setup: needs ../shared, not found at /x/corpus',
    '✘ SKIP package/npm-package: offline install from the tarball: the npm cache lacks a runtime dependency',
    '  (5 / 5)',
    'a test named SKIPPED: not a skip',
    'NOSKIP x: no',
  ].join('\n')
  assert.is(countSkipLines(output), 3)
  assert.is(countSkipLines(''), 0)
})

test.run()
