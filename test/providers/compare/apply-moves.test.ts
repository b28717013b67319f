// `moved` blocks applied to a resource address as values (config-arguments.ts applyMoves): a resource's own
// move, a module's move carrying the resources inside it along, chains followed in order, each block once.
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {ModulePath} from '../../../src/addrs/module.js'
import {ResourceAddr} from '../../../src/addrs/resource.js'
import type {SourceRange} from '../../../src/diag/diagnostic.js'
import {applyMoves, type MovedEntry} from '../../../src/providers/tree/config-arguments.js'

const at: SourceRange = {filename: 'main.tf', start: {line: 1, column: 1, byte: 0}, end: {line: 1, column: 1, byte: 0}}
const mod = (...calls: string[]): ModulePath => ModulePath.of(calls)
const res = (module: ModulePath, type: string, name: string): ResourceAddr => new ResourceAddr(module, 'managed', type, name)

test('a resource moved, then its module: the chain is followed, each block once', () => {
  const moves: MovedEntry[] = [
    {from: res(mod('old'), 't', 'a'), to: res(mod('old'), 't', 'b'), range: at},
    {from: mod('old'), to: mod('new', 'inner'), range: at},
    {from: res(mod('new', 'inner'), 't', 'b'), to: res(mod('old'), 't', 'a'), range: at},
  ]
  const r = applyMoves(res(mod('old'), 't', 'a'), moves)
  assert.is(r.address.key, 'module.old.t.a')
  assert.is(r.moves.length, 3)
  const nested = applyMoves(res(mod('old', 'x'), 't', 'c'), moves.slice(1, 2))
  assert.is(nested.address.key, 'module.new.module.inner.module.x.t.c')
  // a module's move does not touch a module whose name only starts the same
  assert.is(applyMoves(res(mod('older'), 't', 'c'), moves).address.key, 'module.older.t.c')
  assert.is(applyMoves(res(mod(), 't', 'c'), moves).moves.length, 0)
})

test.run()
