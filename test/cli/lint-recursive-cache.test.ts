// `lint --recursive` stores its whole output as one results-cache entry (#53: a warm run over the corpus read
// 525 entries, now one), besides each root's findings. The entry's inputs are the search's (each directory
// listed) and every root's files and lint configuration files: whatever changes one of them, the run
// prints what a run without the cache prints. A warm run is answered by the quick start from that entry, a
// path that was not there answered from its directory's listing while that directory has its stamp (a tree
// older than the 2 s in which tfgraph records no stamp: the runs below record stamps at once, TFGRAPH_RACY_MS=0).
import {appendFileSync, chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {skip} from '../package/install.js'
import {readableCliCopy, spawnCli} from '../reliability/properties.js'
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
function both(args: readonly string[], env: Record<string, string> = {}): {cached: CliRun; fresh: CliRun} {
  return {cached: run(args, {...env, TFGRAPH_CACHE_DIR: cache}), fresh: run([...args, '--no-cache'], {})}
}

const same = (r: {cached: CliRun; fresh: CliRun}, what: string): void =>
  assert.equal([r.cached.code, r.cached.stdout, r.cached.stderr], [r.fresh.code, r.fresh.stdout, r.fresh.stderr], what)

/**
 * Stamps recorded even of files changed just now (TFGRAPH_RACY_MS=0; tfgraph's default records none of a file
 * or directory changed in the last 2 s), as of a tree older than that, without waiting for it to age.
 */
const NO_RACY_WINDOW = {TFGRAPH_RACY_MS: '0'}

/** How many failed reads the stored entries of `dir` answer from a listing (stored as a negative value, `packInputs`). */
function vouchedCount(dir: string): number {
  let n = 0
  const walk = (d: string): void => {
    for (const e of readdirSync(d, {withFileTypes: true})) {
      if (e.isDirectory()) walk(path.join(d, e.name))
      else {
        const bytes = readFileSync(path.join(d, e.name), 'latin1')
        n += bytes.slice(0, bytes.indexOf('\n')).match(/,-\d+,0[,\]]/g)?.length ?? 0
      }
    }
  }
  walk(path.join(dir, 'results'))
  return n
}

for (const format of ['text', 'json']) {
  test(`--format ${format}: stored whole and answered by the quick start${format === 'text' ? '; right after each kind of change' : ''}`, async () => {
    const args = [tree, '--recursive', '--format', format]
    rmSync(cache, {recursive: true, force: true})
    rmSync(tree, {recursive: true, force: true})
    cpSync(path.join(fixturesDir, 'lint'), tree, {recursive: true})
    const stamped = format === 'text' ? NO_RACY_WINDOW : {}
    assert.is(await storedAnswer(args), undefined, 'nothing stored yet')
    const first = both(args, stamped)
    same(first, 'the first run')
    assert.is(first.cached.code, 2, first.cached.stderr)
    assert.ok((await storedAnswer(args)) !== undefined, 'the whole output is stored after one run')
    if (format === 'text') assert.ok(vouchedCount(cache) > 10, 'the absent paths of roots answered from their listings')
    let prev = both(args, stamped)
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
      // paths a root asks for that were not there, in directories listed more than 2 s before
      ['a tests directory made in a root', () => mkdirSync(path.join(tree, 'ignore-and-config/tests'))],
      [
        'a module manifest made in a root',
        () => {
          mkdirSync(path.join(tree, 'uninitialised/.terraform/modules'), {recursive: true})
          writeFileSync(
            path.join(tree, 'uninitialised/.terraform/modules/modules.json'),
            '{"Modules":[{"Key":"","Source":"","Dir":"."},{"Key":"vpc","Source":"registry.terraform.io/terraform-aws-modules/vpc/aws","Version":"5.1.0","Dir":".terraform/modules/vpc"}]}\n',
          )
        },
      ],
      ['a .terraform.lock.hcl added to a root', () => writeFileSync(path.join(tree, 'repeated/.terraform.lock.hcl'), '# empty\n')],
    ]
    // changes that need not change the output (what they must do: be seen, and print what --no-cache prints)
    const quiet = ['a file of a called module edited', 'a tests directory made in a root', 'a .terraform.lock.hcl added to a root']
    for (const [what, change] of changes) {
      change()
      assert.is(await storedAnswer(args), undefined, `${what}: the stored output is not answered`)
      const after = both(args, stamped)
      same(after, what)
      assert.ok((await storedAnswer(args)) !== undefined, `${what}: stored again`)
      const warm = run(args, {...stamped, TFGRAPH_CACHE_DIR: cache})
      assert.equal([warm.code, warm.stdout, warm.stderr], [after.fresh.code, after.fresh.stdout, after.fresh.stderr], `${what}, warm`)
      if (!quiet.includes(what)) assert.not.equal(after.fresh.stdout, prev.fresh.stdout, `${what} changes the output`)
      prev = after
    }
  })
}

test('a directory made unreadable after its listing was stored: seen, and printed as --no-cache prints it', async () => {
  // root reads every directory: as root, the CLI runs as "nobody" from a copy it can read (as os-errors.test.ts)
  const asRoot = process.getuid?.() === 0
  const copy = asRoot ? readableCliCopy(65534, 65534) : undefined
  if (copy && 'why' in copy) return void skip('a directory unreadable to an unprivileged user', copy.why)
  const d = mkdtempSync(path.join(tmpdir(), 'tfgraph-unreadable-'))
  try {
    chmodSync(d, 0o755)
    const own = path.join(d, 'tree')
    cpSync(path.join(fixturesDir, 'lint'), own, {recursive: true})
    const ownCache = path.join(d, 'cache')
    mkdirSync(ownCache)
    chmodSync(ownCache, 0o777)
    const as = asRoot ? {uid: 65534, gid: 65534, cliRoot: copy!.root} : {}
    const env = {...process.env, ...NO_RACY_WINDOW, HOME: d, TFGRAPH_PARSER: undefined}
    const line = (cached: boolean) => {
      const args = ['lint', own, '--recursive', '--format', 'json', ...(cached ? [] : ['--no-cache'])]
      const r = spawnCli(args, {bytes: 0, cwd: d, env: cached ? {...env, TFGRAPH_CACHE_DIR: ownCache} : env, ...as})
      return [r.status, r.stdout, r.stderr]
    }
    const fresh = line(false)
    assert.equal(line(true), fresh, 'the first run')
    assert.equal(line(true), fresh, 'warm')
    assert.ok(vouchedCount(ownCache) > 10, 'stored with absent paths answered from their listings')
    for (const dir of ['repeated/modules/dns', 'ignore-and-config']) {
      chmodSync(path.join(own, dir), 0o000)
      try {
        const now = line(false)
        assert.not.equal(now, fresh, `${dir} unreadable: another output`)
        assert.equal(line(true), now, `${dir} unreadable`)
        assert.equal(line(true), now, `${dir} unreadable, warm`)
      } finally {
        chmodSync(path.join(own, dir), 0o755)
      }
      assert.equal(line(true), fresh, `${dir} readable again`)
    }
  } finally {
    rmSync(d, {recursive: true, force: true})
    if (copy && 'remove' in copy) copy.remove()
  }
})

test.after(() => rmSync(work, {recursive: true, force: true}))

test.run()
