// lint --recursive forgets a module load once no root still to be linted names its directory the same way
// (loads are named relative to the root that made them, so only such a root could use one).
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {RemainingRoots} from '../../src/lint/release.js'

const top = path.join(tmpdir(), 'infra') // never read: RemainingRoots only compares paths
const at = (p: string): string => path.join(top, p)

test('a load is kept while a remaining root names its directory with the same relative path', () => {
  const remaining = new RemainingRoots([at('examples/a'), at('examples/b'), at('envs/prod')])
  remaining.done(at('examples/a'))
  const keep = (dir: string, prefix: string): boolean => remaining.useful(dir, prefix)
  // examples/a loaded ../../modules/x: examples/b names it the same way
  assert.ok(keep(at('modules/x'), '../../modules/x/'))
  // envs/prod names modules/x the same way too (two levels down from the top)
  assert.ok(keep(at('modules/x'), '../../modules/x/'))
  // a root's own directory ('' prefix) only serves that root
  assert.ok(keep(at('envs/prod'), ''))
  assert.not.ok(keep(at('examples/a'), ''))
  // ../modules/y from a root one level down: no remaining root is one level down
  assert.not.ok(keep(at('modules/y'), '../modules/y/'))
  // a module inside a root (./child) serves only that root
  assert.ok(keep(at('envs/prod/child'), 'child/'))
  assert.not.ok(keep(at('examples/a/child'), 'child/'))
})

test('with no root left, nothing is kept', () => {
  const remaining = new RemainingRoots([at('modules/x'), top])
  remaining.done(at('modules/x'))
  remaining.done(top)
  const keep = (dir: string, prefix: string): boolean => remaining.useful(dir, prefix)
  assert.not.ok(keep(at('modules/x'), '../../modules/x/'))
  assert.not.ok(keep(top, ''))
})

test.run()
