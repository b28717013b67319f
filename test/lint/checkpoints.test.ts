// An editor's run checks in often enough for a request never to wait long behind an analysis (#48: a hover
// during a burst of edits waited for the module stage of the edited directory, which had no checkpoint, and
// for the lint stage's rules, run as one slice): the module stage checks in after its load and before each
// rule, the lint stage before each rule, and a checkpoint that abandons (the inputs changed) abandons either.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {lint} from '../../src/lint/lint.js'
import {lintModuleStage} from '../../src/lint/module-stage.js'
import {MEMORY_ROOT, MemorySource} from '../../src/io/memory-source.js'
import {AnalysisCancelled, RunContext, type Checkpoint} from '../../src/load/run-context.js'
import {RULES} from '../../src/rules/index.js'

const FILES: Record<string, string> = {
  'root/main.tf': 'variable "unused" {}\n\nresource "random_id" "r" {\n  byte_length = 4\n  tags = { a = "1", a = "2" }\n}\n',
}
const dir = path.join(MEMORY_ROOT, 'root')
const staged = RULES.filter((r) => r.scope === 'module' && r.checkModule !== undefined && r.enabledByDefault).length
const all = RULES.filter((r) => r.enabledByDefault).length

function context(checkpoint: Checkpoint): RunContext {
  return new RunContext({files: new MemorySource(MEMORY_ROOT, FILES), cache: false, checkpoint})
}

test('the module stage checks in after its load and before each rule, with the same findings', async () => {
  const calls: boolean[] = []
  const ctx = context(async (mayCancel) => void calls.push(mayCancel))
  const plain = new RunContext({files: new MemorySource(MEMORY_ROOT, FILES), cache: false})
  try {
    const r = await lintModuleStage(ctx, dir)
    assert.ok(calls.length >= staged + 1, `${calls.length} checkpoints for ${staged} rules`)
    assert.ok(
      calls.every((c) => c),
      'each may abandon the stage',
    )
    assert.equal(r.diagnostics, (await lintModuleStage(plain, dir)).diagnostics)
    assert.ok(r.diagnostics.length > 0)
  } finally {
    await ctx.close()
    await plain.close()
  }
})

test('a checkpoint that abandons abandons the module stage', async () => {
  let n = 0
  const ctx = context(async () => {
    if (++n === 3) throw new AnalysisCancelled()
  })
  try {
    let cancelled = false
    await lintModuleStage(ctx, dir).catch((e: unknown) => (cancelled = e instanceof AnalysisCancelled))
    assert.ok(cancelled)
    assert.is(n, 3, 'nothing ran after the checkpoint that abandoned it')
  } finally {
    await ctx.close()
  }
})

test('the lint stage checks in before each rule', async () => {
  let rules = 0
  let inRules = false
  const ctx = context(async () => {
    // counted from the first rule's checkpoint on: the stack below names ruleFindings
    inRules ||= (new Error().stack ?? '').includes('ruleFindings')
    if (inRules) rules++
  })
  try {
    const r = await lint(dir, {context: ctx})
    assert.ok(rules >= all, `${rules} checkpoints from the rules on, for ${all} rules`)
    assert.ok(r.diagnostics.length > 0)
  } finally {
    await ctx.close()
  }
})

test.run()
