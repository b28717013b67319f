// The search of `lint --recursive` (findRoots): a directory it cannot list is reported with why, not
// silently left out; one a found module calls is that call's diagnostic, not the search's. In memory: a
// file source whose listing of one directory fails as a permission would.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {findRoots} from '../../src/lint/cached.js'
import {MEMORY_ROOT, MemorySource} from '../../src/io/memory-source.js'
import {RunContext} from '../../src/load/run-context.js'
import type {FileEntry} from '../../src/io/inputs.js'

class Unlistable extends MemorySource {
  constructor(
    files: Record<string, string>,
    private readonly locked: readonly string[],
  ) {
    super(MEMORY_ROOT, files)
  }
  override list(p: string): FileEntry[] {
    if (this.locked.includes(path.relative(MEMORY_ROOT, p)))
      throw Object.assign(new Error(`EACCES: permission denied, scandir '${p}'`), {code: 'EACCES'})
    return super.list(p)
  }
}

test('a directory the search cannot list is named with its error; a called one is left to the call', async () => {
  const files = new Unlistable(
    {
      'a/main.tf': 'module "m" {\n  source = "../mod"\n}\n',
      'mod/main.tf': 'resource "null_resource" "x" {}\n',
      'b/main.tf': 'resource "null_resource" "y" {}\n',
      'c/main.tf': 'resource "null_resource" "z" {}\n',
    },
    ['b', 'mod'],
  )
  const r = await findRoots(new RunContext({files}), MEMORY_ROOT)
  assert.equal(
    r.roots.map((d) => path.relative(MEMORY_ROOT, d)),
    ['a', 'c'],
  )
  assert.equal(
    r.unreadable.map((u) => [path.relative(MEMORY_ROOT, u.dir), u.why]),
    [['b', 'permission denied']],
  )
})

test('nothing unreadable: nothing listed', async () => {
  const files = new Unlistable({'a/main.tf': 'resource "null_resource" "x" {}\n'}, [])
  assert.equal((await findRoots(new RunContext({files}), MEMORY_ROOT)).unreadable, [])
})

test.run()
