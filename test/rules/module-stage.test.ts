// The module stage of the rules (src/rules/module-stage.ts): which rules have one, and that a rule's
// module findings are computed once per module in a run however many calls report them.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {ModulePath} from '../../src/addrs/module.js'
import {analyzeProviders} from '../../src/providers/analyze.js'
import {RunMemo} from '../../src/load/run-memo.js'
import {RULES} from '../../src/rules/index.js'
import {moduleStageFindings, shownRange} from '../../src/rules/module-stage.js'
import {typedVariables} from '../../src/rules/typed-variables.js'
import {MemorySource, MEMORY_ROOT} from '../../src/io/memory-source.js'
import {RunContext} from '../../src/load/run-context.js'

test('every rule with a module stage is of scope module; the module rules without one read what the root made', () => {
  for (const r of RULES) if (r.checkModule) assert.is(r.scope, 'module', r.id)
  assert.equal(
    RULES.filter((r) => r.scope === 'module' && !r.checkModule).map((r) => r.id),
    // a call's source as the crawl evaluated it; the root's backend
    ['module-shallow-clone', 'module-source-unpinned', 'workspace-remote'],
  )
})

test('a module called three times: its findings computed once, reported at each call in tree order', async () => {
  const files = new MemorySource(MEMORY_ROOT, {
    'main.tf': 'module "a" {\n  source = "./m"\n}\n\nmodule "b" {\n  source = "./m"\n}\n\nmodule "c" {\n  source = "./m"\n}\n',
    'm/main.tf': 'variable "x" {}\n',
  })
  const ctx = new RunContext({files, cache: false})
  const analysis = await analyzeProviders(MEMORY_ROOT, {context: ctx, env: {}})
  const memo = new RunMemo()
  const found = moduleStageFindings(typedVariables, {analysis, memo})
  assert.equal(
    found.map((f) => [f.address, f.detail.slice(0, 29)]),
    [
      ['module.a', 'module.a declares variable "x'],
      ['module.b', 'module.b declares variable "x'],
      ['module.c', 'module.c declares variable "x'],
    ],
  )
  // the root module (no variables) and ./m: one computation each
  assert.equal(
    [...memo.computed()].filter(([slot]) => slot.startsWith('module-stage typed-variables')).map(([, n]) => n),
    [2],
  )
  await ctx.close()
})

test('shownRange: a file of the module as a call shows it', () => {
  const r = {filename: path.join(MEMORY_ROOT, 'm', 'main.tf'), start: {line: 1, column: 1, byte: 0}, end: {line: 1, column: 1, byte: 0}}
  assert.is(shownRange({address: ModulePath.of(['a']), displayDir: 'm'}, r).filename, 'm/main.tf')
  assert.is(shownRange({address: ModulePath.root, displayDir: '.'}, r).filename, 'main.tf')
  assert.is(shownRange({address: ModulePath.of(['a']), displayDir: '../shared/m'}, r).filename, '../shared/m/main.tf')
})

test.run()
