// `lint --recursive` on two threads (src/lint/lint-threads.ts): the search's groups (roots whose module calls
// reach a common directory are in one), how the groups are dealt, the worker run from source and through the
// package's script, and that what is printed is what one thread without the cache prints.
import {appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {findRoots, lintCached, localCallTargets} from '../../src/lint/cached.js'
import {EMPTY_CONFIG} from '../../src/lint/config.js'
import {claim, groupsToClaim, LintThread, newClaims} from '../../src/lint/lint-threads.js'
import {RunContext} from '../../src/load/run-context.js'
import {newParseStats} from '../../src/hcl/parse-stats.js'
import {runCliProcess, type CliRun} from '../helpers/cli.js'
import {fixturesDir} from '../helpers/paths.js'

const work = mkdtempSync(path.join(tmpdir(), 'tfgraph-lint-threads-'))

/** Roots `a`, `b` (both calling `shared`), `c` (calling `own`) and `d` (calling nothing). */
function tree(): string {
  const top = path.join(work, `tree-${Math.random().toString(36).slice(2)}`)
  const write = (rel: string, text: string): void => {
    mkdirSync(path.dirname(path.join(top, rel)), {recursive: true})
    writeFileSync(path.join(top, rel), text)
  }
  write('a/main.tf', 'module "s" {\n  source = "../modules/shared"\n}\n')
  write('b/main.tf', 'module "s" {\n  source = "../modules/shared"\n}\nvariable "unused" {}\n')
  write('c/main.tf', 'module "o" {\n  source = "../modules/own"\n}\n')
  write('d/main.tf', 'resource "aws_s3_bucket" "x" {}\n')
  write('modules/shared/main.tf', 'resource "aws_s3_bucket" "s" {}\n')
  write('modules/shared/more.tf', 'resource "aws_s3_bucket" "t" {}\n')
  write('modules/own/main.tf', 'resource "google_storage_bucket" "o" {\n  name = "x"\n  location = "EU"\n}\n')
  return top
}

test('the search puts roots that call a common directory in one group, and weighs each group', async () => {
  const top = tree()
  const s = await findRoots(new RunContext({cache: false}), top)
  assert.equal(
    s.roots.map((r) => path.relative(top, r)),
    ['a', 'b', 'c', 'd'],
  )
  const g = s.groups!
  assert.is(g[0], g[1], 'a and b share modules/shared')
  assert.is.not(g[0], g[2])
  assert.is.not(g[2], g[3])
  assert.is.not(g[0], g[3])
  // native files of the group's directories, plus its roots: a, b, modules/shared (2 files) and the 2 roots
  assert.is(s.weights![g[0]!], 6)
  assert.is(s.weights![g[2]!], 3)
  assert.is(s.weights![g[3]!], 2)
})

test('the groups to claim: the largest first, each whole; one group, or too little besides the largest: one thread', () => {
  // roots 0..5 in groups 0,0,1,2,2,3 weighing 10, 4, 7, 2
  const groups = [0, 0, 1, 2, 2, 3]
  const weights = [10, 4, 7, 2]
  assert.equal(groupsToClaim([0, 1, 2, 3, 4, 5], groups, weights, 1), [[0, 1], [3, 4], [2], [5]])
  assert.equal(groupsToClaim([5, 2, 0], groups, weights, 1), [[0], [2], [5]], 'only the roots asked, largest group first')
  assert.is(groupsToClaim([0, 1], groups, weights, 1), undefined, 'one group')
  assert.is(groupsToClaim([0, 1, 2, 3, 4, 5], groups, weights, 14), undefined, 'besides the largest, 13 < 14')
  assert.ok(groupsToClaim([0, 1, 2, 3, 4, 5], groups, weights, 13))
})

test('claims: each index given once, across threads', async () => {
  const claims = newClaims()
  assert.is(claim(claims), 0)
  assert.is(claim(claims), 1)
  assert.is(claims.buffer instanceof SharedArrayBuffer, true)
})

test('a worker run from source reads the directories it claims, then lints the groups it claims, as this thread does', async () => {
  const top = tree()
  const thread = new LintThread({cache: {enabled: false, dir: path.join(work, 'unused')}, parser: 'tfgraph', options: {tests: true}})
  // the search's part: each directory's calls, with what was read
  const dirs = ['a', 'b', 'c', 'd', 'modules/shared', 'modules/own'].map((d) => path.join(top, d))
  const searchClaims = newClaims()
  claim(searchClaims) // this thread takes the first directory
  const calls = await thread.calls(dirs, undefined, searchClaims)
  assert.ok(calls, 'the worker answered')
  assert.equal([...calls.keys()].sort(), [1, 2, 3, 4, 5])
  const ctx = new RunContext({cache: false})
  for (const [k, c] of calls) assert.equal(c.targets, await localCallTargets(ctx.files, dirs[k]!, undefined, ctx.parser), dirs[k])
  assert.ok(
    calls.get(1)!.inputs.some((i) => i.kind === 'file' && i.path === path.join(top, 'b', 'main.tf')),
    "b's file is an input of its calls",
  )
  // the lint's part, on the same worker
  const groups = [['a', 'b'], ['c'], ['d']].map((g) => g.map((r) => ({root: path.join(top, r), config: EMPTY_CONFIG})))
  const stats = newParseStats()
  const claims = newClaims()
  claim(claims) // this thread takes the first group
  const outcomes = await thread.lint({groups, claims}, stats)
  thread.end()
  assert.ok(outcomes, 'the worker answered')
  assert.equal([...outcomes.keys()].sort(), [1, 2], 'the groups left')
  assert.is(claim(claims) >= groups.length, true, 'none left')
  assert.is(stats.threaded, 2)
  assert.ok(stats.done >= 3, `files read: ${stats.done}`)
  for (const g of [1, 2]) {
    const root = groups[g]![0]!.root
    const here = await lintCached(new RunContext({cache: false}), root, {tests: true, config: EMPTY_CONFIG})
    const o = outcomes.get(g)![0]!
    assert.is(o.root, root)
    assert.equal(o.diagnostics, JSON.parse(JSON.stringify(here.diagnostics)))
    assert.equal(o.notes, here.notes)
    assert.is(o.unread, here.unread)
    const files = o.inputs.filter((i) => i.kind === 'file').map((i) => path.relative(top, i.path))
    assert.ok(files.includes(path.join(path.basename(root), 'main.tf')), files.join(' '))
  }
  assert.ok(
    outcomes.get(1)![0]!.inputs.some((i) => i.path === path.join(top, 'modules', 'own', 'main.tf')),
    "c's module's files are its inputs",
  )
  assert.is(await thread.lint({groups, claims: newClaims()}, stats), undefined, 'nothing is asked after the end')
})

test('a worker that fails answers nothing (its part is then done by the caller), and nothing after', async () => {
  const top = tree()
  const stats = newParseStats()
  const broken = {rules: 5} as unknown as typeof EMPTY_CONFIG // not a map: the worker's lint throws
  const thread = new LintThread({cache: {enabled: false, dir: path.join(work, 'unused')}, parser: 'tfgraph', options: {}})
  const outcomes = await thread.lint({groups: [[{root: path.join(top, 'a'), config: broken}]], claims: newClaims()}, stats)
  assert.is(outcomes, undefined)
  assert.is(stats.threaded, 0)
  assert.is(await thread.calls([path.join(top, 'a')], undefined, newClaims()), undefined)
})

const cli = (args: readonly string[], env: Record<string, string | undefined>): CliRun =>
  runCliProcess(['lint', ...args], {cwd: process.cwd(), env: {TFGRAPH_PARSER: undefined, ...env}})

test('through the package: two threads print what one thread without the cache prints, cold, warm and after an edit', () => {
  const top = path.join(work, 'providers')
  cpSync(path.join(fixturesDir, 'providers'), top, {recursive: true})
  const cache = path.join(work, 'cache')
  const threaded = (format: string): CliRun =>
    cli([top, '--recursive', '--format', format, '--verbose'], {TFGRAPH_CACHE_DIR: cache, TFGRAPH_LINT_THREAD_WEIGHT: '1'})
  const single = (format: string): CliRun => cli([top, '--recursive', '--format', format, '--verbose', '--no-cache', '--jobs', '1'], {})
  const check = (what: string, expectThreads: boolean): void => {
    for (const format of ['json', 'text']) {
      const a = threaded(format)
      const b = single(format)
      assert.is(a.code, b.code, `${what}, ${format}: exit code`)
      assert.is(a.stdout, b.stdout, `${what}, ${format}: stdout`)
      assert.ok(b.stdout.length > 1000, 'the fixtures have findings')
      const line = a.stderr.split('\n').find((l) => l.startsWith('tfgraph: ')) ?? ''
      // the second thread is used for what the cache cannot answer (the first run); --verbose is stored with
      // the output, so each format's run is its own entry
      if (expectThreads && format === 'json') assert.match(line, /\d+ roots? linted on a second thread/, `${what}: ${a.stderr}`)
      assert.is(a.stderr.replace(/^tfgraph: .*\n/m, ''), b.stderr.replace(/^tfgraph: .*\n/m, ''), `${what}, ${format}: stderr`)
    }
  }
  rmSync(cache, {recursive: true, force: true})
  check('cold', true)
  check('warm', false)
  appendFileSync(path.join(top, 'demo', 'main.tf'), '\nvariable "added_by_the_test" {}\n')
  check('after an edit', false)
  rmSync(path.join(top, 'demo'), {recursive: true})
  check('a root removed', false)
})

test.after(() => rmSync(work, {recursive: true, force: true}))

test.run()
