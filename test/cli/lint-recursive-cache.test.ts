// `lint --recursive` stores its whole output as one results-cache entry (#53: a warm run over the corpus read
// 525 entries, now one), besides each root's findings. The entry's inputs are the search's (each directory
// listed) and every root's files and lint configuration files: whatever changes one of them, the run
// prints what a run without the cache prints. A warm run is answered by the quick start from that entry.
import {appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {runCliProcess, type CliRun} from '../helpers/cli.js'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

const work = mkdtempSync(path.join(tmpdir(), 'tfgraph-lint-recursive-'))
const tree = path.join(work, 'tree')
const cache = path.join(work, 'cache')

interface QuickLine {
  readonly stored?: unknown
}
interface QuickScript {
  readonly quickLine: (argv: readonly string[], streams: unknown) => QuickLine | undefined
}

/** The stored answer the quick start finds for this line now (it runs nothing). */
async function storedAnswer(args: readonly string[]): Promise<unknown> {
  const {loadScript} = (await import(path.join(repoRoot, 'bin/load-script.cjs'))) as {
    loadScript: (file: string) => {exports: QuickScript}
  }
  const before = process.env['TFGRAPH_CACHE_DIR']
  process.env['TFGRAPH_CACHE_DIR'] = cache
  try {
    const quick = loadScript(path.join(repoRoot, 'dist/cli/quick.cjs')).exports
    return quick.quickLine(['lint', ...args], {stdout: {isTTY: false}, stderr: {isTTY: false}})?.stored
  } finally {
    if (before === undefined) delete process.env['TFGRAPH_CACHE_DIR']
    else process.env['TFGRAPH_CACHE_DIR'] = before
  }
}

const run = (args: readonly string[], env: Record<string, string>): CliRun =>
  runCliProcess(['lint', ...args], {cwd: process.cwd(), env: {TFGRAPH_PARSER: undefined, ...env}})

/** The cached run and a run without the cache, each as printed. */
function both(args: readonly string[]): {cached: CliRun; fresh: CliRun} {
  return {cached: run(args, {TFGRAPH_CACHE_DIR: cache}), fresh: run([...args, '--no-cache'], {})}
}

const same = (r: {cached: CliRun; fresh: CliRun}, what: string): void =>
  assert.equal([r.cached.code, r.cached.stdout, r.cached.stderr], [r.fresh.code, r.fresh.stdout, r.fresh.stderr], what)

for (const format of ['text', 'json']) {
  test(`--format ${format}: stored whole and answered by the quick start${format === 'text' ? '; right after each kind of change' : ''}`, async () => {
    const args = [tree, '--recursive', '--format', format]
    rmSync(cache, {recursive: true, force: true})
    rmSync(tree, {recursive: true, force: true})
    cpSync(path.join(fixturesDir, 'lint'), tree, {recursive: true})
    assert.is(await storedAnswer(args), undefined, 'nothing stored yet')
    const first = both(args)
    same(first, 'the first run')
    assert.is(first.cached.code, 2, first.cached.stderr)
    assert.ok((await storedAnswer(args)) !== undefined, 'the whole output is stored after one run')
    let prev = both(args)
    same(prev, 'warm')
    // the kinds of change once, in one format (each a run with the cache and one without, twice)
    if (format !== 'text') return
    const changes: [string, () => void][] = [
      ['a file of a root edited', () => appendFileSync(path.join(tree, 'repeated/main.tf'), '\nvariable "added" {}\n')],
      ['a file of a called module edited', () => appendFileSync(path.join(tree, 'repeated/modules/dns/main.tf'), '\n# a comment\n')],
      [
        'a new root made',
        () => {
          mkdirSync(path.join(tree, 'new-root'))
          writeFileSync(path.join(tree, 'new-root/main.tf'), 'provider "aws" {\n  region = "eu-west-1"\n}\n')
        },
      ],
      [
        'a .tflint.hcl added to a root',
        () => writeFileSync(path.join(tree, 'new-root/.tflint.hcl'), 'rule "terraform_required_version" {\n  enabled = false\n}\n'),
      ],
      [
        'a .tfgraph.json added to a root',
        () => writeFileSync(path.join(tree, 'repeated/.tfgraph.json'), '{"rules": {"provider-constraint-not-minimum": "off"}}\n'),
      ],
      ['a root removed', () => rmSync(path.join(tree, 'new-root'), {recursive: true})],
    ]
    for (const [what, change] of changes) {
      change()
      assert.is(await storedAnswer(args), undefined, `${what}: the stored output is not answered`)
      const after = both(args)
      same(after, what)
      assert.ok((await storedAnswer(args)) !== undefined, `${what}: stored again`)
      const warm = run(args, {TFGRAPH_CACHE_DIR: cache})
      assert.equal([warm.code, warm.stdout, warm.stderr], [after.fresh.code, after.fresh.stdout, after.fresh.stderr], `${what}, warm`)
      if (!what.includes('called module')) assert.not.equal(after.fresh.stdout, prev.fresh.stdout, `${what} changes the output`)
      prev = after
    }
  })
}

test.after(() => rmSync(work, {recursive: true, force: true}))

test.run()
