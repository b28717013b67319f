// Lint's module stage (#48): a module rule's findings about one module directory are computed once per
// directory in a run, however many roots and calls reach it, and every root reports them as it did when
// each root checked the directory itself; lintModuleStage gives them for the directory alone, with
// Terraform's diagnostics of reading it. In memory: two roots calling one shared module three times.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {ModulePath} from '../../src/addrs/module.js'
import {lint, type LintResult} from '../../src/lint/lint.js'
import {lintModuleStage} from '../../src/lint/module-stage.js'
import {MEMORY_ROOT, MemorySource} from '../../src/io/memory-source.js'
import {RunContext} from '../../src/load/run-context.js'
import {RULES} from '../../src/rules/index.js'
import {formatRange} from '../../src/diag/diagnostic.js'

const FILES: Record<string, string> = {
  'modules/shared/main.tf': [
    '// a comment written with slashes',
    'variable "x" {}',
    'variable "m" {',
    '  type = map(string)',
    '}',
    'output "v" {',
    '  value = lookup(var.m, "k")',
    '}',
    '',
  ].join('\n'),
  'a/main.tf': 'module "one" {\n  source = "../modules/shared"\n}\n\nmodule "two" {\n  source = "../modules/shared"\n  m = {}\n}\n',
  'b/main.tf': 'variable "unused" {}\n\nmodule "s" {\n  source = "../modules/shared"\n}\n',
}

/** The rules with a module stage, off-by-default ones included. */
const STAGED = RULES.filter((r) => r.checkModule !== undefined).map((r) => r.id)

const roots = ['a', 'b'].map((d) => path.join(MEMORY_ROOT, d))

function newContext(files: Record<string, string> = FILES): RunContext {
  return new RunContext({files: new MemorySource(MEMORY_ROOT, files), cache: false})
}

async function lintRoot(ctx: RunContext, dir: string): Promise<LintResult> {
  return lint(dir, {context: ctx, env: {}, only: ['terraform', ...STAGED], tests: false})
}

/** How many times each rule's module stage ran in the run, by rule id. */
function stageRuns(ctx: RunContext): Map<string, number> {
  const out = new Map<string, number>()
  for (const [slot, n] of ctx.memo.computed()) {
    const [kind, id] = slot.split(' ')
    if (kind === 'module-stage' && id !== undefined) out.set(id, (out.get(id) ?? 0) + n)
  }
  return out
}

test('a module reached by two roots (three calls) is checked once per rule; each root reports what it reports alone', async () => {
  const shared = newContext()
  const together: LintResult[] = []
  for (const dir of roots) together.push(await lintRoot(shared, dir))
  // three module directories (the two roots and the shared module): each rule's module stage ran three times
  for (const id of STAGED) assert.is(stageRuns(shared).get(id), 3, id)
  // each root in a run of its own (nothing shared): the same findings
  for (const [i, dir] of roots.entries()) {
    const own = newContext()
    const alone = await lintRoot(own, dir)
    assert.equal(together[i]!.diagnostics, alone.diagnostics, dir)
    await own.close()
  }
  // the shared module's findings at every call: one finding per problem, naming the other calls
  const a = together[0]!.diagnostics.filter((d) => d.range?.filename === '../modules/shared/main.tf')
  assert.equal(
    a.map((d) => `${d.rule} ${d.address} ${d.range!.start.line}`),
    [
      'comment-syntax module.one 1',
      'required-version module.one 1',
      'unused-declaration module.one 2',
      'standard-module-structure module.one 2',
      'documented-variables module.one 2',
      'typed-variables module.one 2',
      'standard-module-structure module.one 3',
      'documented-variables module.one 3',
      'standard-module-structure module.one 6',
      'documented-outputs module.one 6',
      'deprecated-lookup module.one 7',
    ],
  )
  assert.ok(a.every((d) => d.detail.startsWith('module.one ') && d.detail.endsWith('\n\nThe same code is also reached as module.two.')))
  // in the other root: its call, and the files named from that root (ranges and the ranges in the details)
  const b = together[1]!.diagnostics.filter((d) => d.range?.filename === '../modules/shared/main.tf')
  const at = (rule: string): string | undefined =>
    b
      .find((d) => d.rule === rule)
      ?.detail.split(' at ')[1]
      ?.match(/^\S+\d/)?.[0]
  assert.is(at('typed-variables'), '../modules/shared/main.tf:2,1-13')
  assert.is(at('comment-syntax'), '../modules/shared/main.tf:1,1-2,1')
  assert.ok(b.every((d) => d.address === 'module.s' && d.callers?.join() === 'module.s'))
  await shared.close()
})

test('lintModuleStage: the directory alone, as lint reports it as a root; a root then reuses its work', async () => {
  const ctx = newContext()
  const dir = path.join(MEMORY_ROOT, 'modules', 'shared')
  const stage = await lintModuleStage(ctx, dir, {only: ['terraform', ...STAGED]})
  const runs = stageRuns(ctx)
  for (const id of STAGED) assert.is(runs.get(id), 1, id)
  // what lint reports about the directory as a root, from the rules with a module stage
  const own = newContext()
  const asRoot = await lintRoot(own, dir)
  await own.close()
  assert.equal(
    stage.diagnostics,
    asRoot.diagnostics.filter((d) => STAGED.includes(d.rule)),
  )
  assert.ok(stage.diagnostics.some((d) => d.rule === 'typed-variables' && d.range?.filename === 'main.tf' && d.address === ''))
  // a root calling it: the shared module is not checked again (one more run per rule: the root's own module)
  await lintRoot(ctx, roots[1]!)
  for (const id of STAGED) assert.is(stageRuns(ctx).get(id), 2, id)
  // named for a call instead: the address and the module in the detail are the call's
  const called = await lintModuleStage(ctx, dir, {
    only: ['typed-variables'],
    call: {address: ModulePath.of(['s']), displayDir: '../modules/shared'},
  })
  assert.equal(
    called.diagnostics.map((d) => [d.address, d.detail.slice(0, 38)]),
    [['module.s', 'module.s declares variable "x" at main']],
  )
  await ctx.close()
})

test("lintModuleStage: Terraform's diagnostics of decoding the directory's records, as lint reports them for it as a root", async () => {
  const files = {'main.tf': 'provider "aws" {\n  alias = "not a name"\n}\n\nprovider "Bad_Name" {}\n'}
  const ctx = newContext(files)
  const r = await lintModuleStage(ctx, MEMORY_ROOT, {only: ['terraform']})
  assert.equal(
    r.diagnostics.map((d) => `${d.rule} ${d.code} ${d.range ? formatRange(d.range) : '-'}`),
    ['terraform provider.invalid-alias -', 'terraform provider.invalid-local-name main.tf:5,1-20'],
  )
  const own = newContext(files)
  const asRoot = await lint(MEMORY_ROOT, {context: own, env: {}, only: ['terraform'], tests: false})
  assert.equal(r.diagnostics, asRoot.diagnostics)
  await own.close()
  await ctx.close()
})

test('lintModuleStage: a file that did not parse holds back the rules that report an absence', async () => {
  const other = {'other.tf': 'variable "y" {\n  type = string\n}\n'}
  const whole = newContext(other)
  assert.equal(
    (await lintModuleStage(whole, MEMORY_ROOT)).diagnostics.map((d) => d.rule),
    ['required-version', 'unused-declaration'],
  )
  await whole.close()
  const ctx = newContext({...other, 'main.tf': 'variable "x" {\n'})
  const r = await lintModuleStage(ctx, MEMORY_ROOT)
  assert.ok(r.diagnostics.length > 0)
  assert.ok(
    r.diagnostics.every((d) => d.rule === 'terraform' && d.code.startsWith('hcl.') && d.range?.filename === 'main.tf'),
    JSON.stringify(r.diagnostics),
  )
  await ctx.close()
})

test.run()
