// The rule ids that .tfgraph.json and --only/--disable are checked against equal the rules registered.
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {RULE_IDS} from '../../src/rules/ids.js'
import {RULES} from '../../src/rules/index.js'

test('RULE_IDS lists every registered rule, in order', () => {
  assert.equal([...RULE_IDS], RULES.map((r) => r.id).sort())
})

test.run()
