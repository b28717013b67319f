// The library API with a state (issue #51): analyze and lint take `state: {text, name}`, files in memory too.
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyze, lint, StateError} from '../../src/index.js'
import {fixturesDir} from '../helpers/paths.js'

const state = readFileSync(path.join(fixturesDir, 'state', 'removed-alias', 'terraform.tfstate'), 'utf8')
const files = {'main.tf': 'resource "terraform_data" "b" {}\n'}

test('analyze: the state section and the errors, for files in memory', async () => {
  const a = await analyze({files}, {state: {text: state, name: 'terraform.tfstate'}})
  assert.equal(
    a.providers.state?.objects.map((o) => o.status),
    ['orphan-configuration-missing', 'rehomed', 'orphan-configuration-missing'],
  )
  assert.is(a.diagnostics.filter((d) => d.code === 'state.provider-configuration-missing').length, 2)
  assert.not.ok('state' in (await analyze({files})).providers)
})

test('lint: the state diagnostics as findings of rule state', async () => {
  const r = await lint({files}, {state: {text: state}})
  assert.equal(
    r.diagnostics.filter((d) => d.rule === 'state').map((d) => d.code),
    ['state.provider-configuration-missing', 'state.rehomed', 'state.provider-configuration-missing'],
  )
})

test('a text that is not a state throws StateError', async () => {
  try {
    await analyze({files}, {state: {text: '{"format_version": "1.0", "values": {}}', name: 'show.json'}})
    assert.unreachable()
  } catch (e) {
    assert.instance(e, StateError)
    assert.match((e as Error).message, /^show.json is terraform show -json output/)
  }
})

test.run()
