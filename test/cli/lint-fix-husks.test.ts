// Issue #54 item 7: `lint --fix` that removes the last entry of required_providers leaves no husk: the
// emptied block goes, then a terraform block left empty, then a file left with nothing (deleted, and the
// summary says so). A block that was empty before, or holds a comment, stays; every other byte is kept.
import {spawnSync} from 'node:child_process'
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {removeHusks} from '../../src/rules/fix/husks.js'
import {repoRoot} from '../helpers/paths.js'

function lint(cwd: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1', TFGRAPH_NO_CACHE: '1'}
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin/run.cjs'), 'lint', ...args], {cwd, encoding: 'utf8', env})
  return {code: r.status, stdout: r.stdout, stderr: r.stderr}
}

const NULL_ENTRY = '    null = {\n      source  = "hashicorp/null"\n      version = ">= 3.0"\n    }\n'

function setUp(d: string): void {
  mkdirSync(path.join(d, 'a'))
  mkdirSync(path.join(d, 'b'))
  writeFileSync(
    path.join(d, 'a', 'versions.tf'),
    `# pinned for the team\nterraform {\n  required_version = ">= 1.5"\n\n  required_providers {\n${NULL_ENTRY}  }\n}\n\nlocals {\n  x = 1 # kept as is\n}\n`,
  )
  writeFileSync(path.join(d, 'a', 'main.tf'), 'output "x" {\n  value = local.x\n}\n')
  writeFileSync(
    path.join(d, 'b', 'versions.tf'),
    `terraform {\n  required_providers {\n${NULL_ENTRY}    random = {\n      source = "hashicorp/random"\n    }\n  }\n}\n`,
  )
  writeFileSync(path.join(d, 'b', 'main.tf'), 'output "y" {\n  value = 1\n}\n')
}

test('--fix removes the emptied required_providers, the emptied terraform block and a file left with nothing', () => {
  const d = mkdtempSync(path.join(tmpdir(), 'tfgraph-husks-'))
  try {
    setUp(d)
    const diff = lint(d, '.', '--recursive', '--fix', '--diff', '--only', 'unused-required-provider')
    assert.is(
      diff.stderr,
      '3 fixes in 2 files (unused-required-provider 3): not written (--diff); 1 file left with nothing would be removed: b/versions.tf\n',
    )
    assert.match(diff.stdout, '--- a/b/versions.tf\n+++ /dev/null\n@@ -1,11 +0,0 @@\n')
    const r = lint(d, '.', '--recursive', '--fix', '--only', 'unused-required-provider')
    assert.is(r.code, 0, r.stderr)
    assert.is(r.stderr, 'Fixed 3 problems in 2 files (unused-required-provider 3); 1 file left with nothing removed: b/versions.tf\n')
    // no `required_providers {}` husk; the comment, the blank line between blocks and the trailing comment kept
    assert.is(
      readFileSync(path.join(d, 'a', 'versions.tf'), 'utf8'),
      '# pinned for the team\nterraform {\n  required_version = ">= 1.5"\n}\n\nlocals {\n  x = 1 # kept as is\n}\n',
    )
    assert.not.ok(existsSync(path.join(d, 'b', 'versions.tf')))
    assert.is(readFileSync(path.join(d, 'b', 'main.tf'), 'utf8'), 'output "y" {\n  value = 1\n}\n')
    // a second run has nothing to do
    assert.is(lint(d, '.', '--recursive', '--fix', '--only', 'unused-required-provider').stderr, 'Nothing to fix\n')
  } finally {
    rmSync(d, {recursive: true, force: true})
  }
})

test('removeHusks: only what the fixes emptied, only when nothing (not even a comment) is inside', () => {
  const before = `terraform {\n  required_providers {\n${NULL_ENTRY}  }\n}\n`
  // emptied by the fix: removed, with the terraform block, and the file is left with nothing
  assert.equal(removeHusks('v.tf', before, 'terraform {\n  required_providers {\n  }\n}\n'), {text: '', emptied: true})
  // empty before the fix: the user wrote it so
  const empty = 'terraform {\n  required_providers {\n  }\n}\n'
  assert.equal(removeHusks('v.tf', empty, empty), {text: empty, emptied: false})
  // a comment inside stays, and so does its block
  const commented = 'terraform {\n  required_providers {\n    # add providers here\n  }\n}\n'
  assert.equal(removeHusks('v.tf', before, commented), {text: commented, emptied: false})
  // a terraform block after other blocks goes with the blank line before it
  assert.equal(
    removeHusks(
      'v.tf',
      `resource "a" "b" {}\n\nterraform {\n  required_providers {\n${NULL_ENTRY}  }\n}\n`,
      'resource "a" "b" {}\n\nterraform {\n  required_providers {\n  }\n}\n',
    ),
    {text: 'resource "a" "b" {}\n', emptied: false},
  )
  // one that still holds something stays
  const kept = 'terraform {\n  backend "s3" {}\n  required_providers {}\n}\n'
  assert.equal(removeHusks('v.tf', `terraform {\n  backend "s3" {}\n  required_providers {\n${NULL_ENTRY}  }\n}\n`, kept), {
    text: 'terraform {\n  backend "s3" {}\n}\n',
    emptied: false,
  })
  // JSON files are left alone
  assert.equal(removeHusks('v.tf.json', '{"terraform": {}}', '{"terraform": {}}'), {text: '{"terraform": {}}', emptied: false})
})

test.run()
