// The Workspace's search for root modules is bounded (#49): `search.depth` levels below its directory
// (0: the directory alone) and `search.dirs` directories listed; what a bound leaves out is said in one
// log line, and a directory left out is not found later either when a file in it changes.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {openWorkspace} from '../../src/lint/workspace.js'
import {MEMORY_ROOT, MemorySource} from '../../src/io/memory-source.js'

const FILES = {
  'main.tf': 'resource "null_resource" "top" {}\n',
  'a/main.tf': 'resource "null_resource" "a" {}\n',
  'a/deep/main.tf': 'resource "null_resource" "deep" {}\n',
  'b/main.tf': 'resource "null_resource" "b" {}\n',
  'c/main.tf': 'resource "null_resource" "c" {}\n',
}

async function search(depth: number, dirs: number): Promise<{roots: string[]; log: string[]; after: string[]}> {
  const log: string[] = []
  const files = new MemorySource(MEMORY_ROOT, FILES)
  const ws = openWorkspace(MEMORY_ROOT, {files, env: {}, search: {depth, dirs}, log: (l) => log.push(l)})
  const rel = (): string[] => ws.roots().map((r) => path.relative(MEMORY_ROOT, r) || '.')
  try {
    await ws.update()
    const roots = rel()
    // an edit below the bound: still not searched
    ws.setBuffer(path.join(MEMORY_ROOT, 'a', 'deep', 'main.tf'), 'resource "null_resource" "deeper" {}\n')
    await ws.update()
    return {roots, log, after: rel()}
  } finally {
    await ws.close()
  }
}

test('depth 0: the directory alone, the rest said in the log', async () => {
  const got = await search(0, 100)
  assert.equal(got.roots, ['.'])
  assert.equal(got.after, ['.'])
  assert.is(got.log.length, 1)
  assert.match(
    got.log[0]!,
    `searched ${MEMORY_ROOT} for root modules (at most 0 levels deep, 100 directories): 1 listed, 1 with configuration files; 3 directories deeper than 0 levels not searched (a, b, c)`,
  )
})

test('depth 1 and the default: one level down, then every level', async () => {
  assert.equal((await search(1, 100)).roots, ['.', 'a', 'b', 'c'])
  const got = await search(1, 100)
  assert.match(got.log[0]!, '1 directory deeper than 1 level not searched (a/deep)')
  assert.equal(got.after, ['.', 'a', 'b', 'c'], 'a/deep is below the bound: an edit there does not make it a root')
  assert.equal((await search(32, 100)).roots, ['.', 'a', 'a/deep', 'b', 'c'])
})

test('a count: the search stops there and names what it left out', async () => {
  const got = await search(32, 3)
  assert.equal(got.roots, ['.', 'a', 'a/deep'])
  assert.match(
    got.log[0]!,
    '3 listed, 3 with configuration files; stopped at 3 directories: 2 more not searched, with what is below them (b, c)',
  )
})

test.run()
