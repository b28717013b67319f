// The results cache (src/io/results-cache.ts) and the inputs it checks (src/io/inputs.ts): a root's
// findings are reused only while every file, listing, stat and realpath it read is unchanged and the
// options and environment are the same; anything else recomputes.
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {suite} from 'uvu'
import * as assert from 'uvu/assert'
import {DiskSource, packInputs, stampNumbers, unpackInputs, type Input} from '../../src/io/inputs.js'
import {ResultsCache} from '../../src/io/results-cache.js'
import {findRootModules as findRoots, lintCached as lintRoot} from '../../src/lint/cached.js'
import type {LintOptions} from '../../src/lint/lint.js'
import {RunContext} from '../../src/load/run-context.js'
import {fixturesDir} from '../helpers/paths.js'

const R = suite('results cache')

let work = ''
let cache = ''
// the current run (a new one is what a new CLI process would be), its cache and its stamp window
let settings = {enabled: true, dir: ''}
let racyMs: number | undefined
let run = new RunContext({cache: false})

/** Starts a new run: nothing of the previous one (checked inputs, parses, shared loads) is remembered. */
async function newRun(): Promise<void> {
  await run.loads.settled() // the root search's background loads
  await run.close()
  run = new RunContext({cache: settings, files: new DiskSource(racyMs === undefined ? {} : {racyMs})})
}
async function configureParseCache(opts: {enabled: boolean; dir?: string}): Promise<void> {
  settings = {enabled: opts.enabled, dir: opts.dir ?? cache}
  await newRun()
}
/** Records stamps even of files changed `ms` ago (0: all), from the next run on. */
async function setRacyWindow(ms: number | undefined): Promise<void> {
  racyMs = ms
  await newRun()
}
const forgetCheckedInputs = newRun
const findRootModules = (dir: string) => findRoots(run, dir)
const lintCached = (dir: string, opts: LintOptions) => lintRoot(run, dir, opts)

R.before.each(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'tfgraph-results-'))
  cache = path.join(work, 'cache')
  racyMs = undefined
  await configureParseCache({enabled: true, dir: cache})
})
R.after.each(async () => {
  await run.loads.settled()
  await run.close()
  rmSync(work, {recursive: true, force: true})
})

/** A copy of a fixture to edit. */
function copy(name: string): string {
  const dir = path.join(work, name)
  cpSync(path.join(fixturesDir, 'providers', name), dir, {recursive: true})
  return dir
}

/** Lints as a new run would: this process's memory of checked inputs and parses is dropped first. */
async function again(dir: string, opts: LintOptions = {}) {
  await newRun()
  const r = await lintCached(dir, {env: {}, ...opts})
  await run.results.settled() // its entry written, as a run's end waits for it
  return r
}

R('a second lint of an unchanged root comes from the cache, with the same findings and modules', async () => {
  const dir = copy('legacy')
  const first = await again(dir)
  assert.is(first.cached, false)
  assert.ok(first.modules.length >= 2, 'the root and its child')
  const second = await again(dir)
  assert.is(second.cached, true)
  assert.equal(second.diagnostics, first.diagnostics)
  assert.equal(second.modules, first.modules)
  assert.is(second.suppressed, first.suppressed)
})

R('editing a file of a child module recomputes', async () => {
  const dir = copy('legacy')
  const before = await again(dir)
  const child = before.modules.map(([d]) => d).find((d) => d !== dir)!
  const tf = readdirSync(child).find((n) => n.endsWith('.tf'))!
  writeFileSync(path.join(child, tf), readFileSync(path.join(child, tf), 'utf8') + '\nresource "aws_instance" "added" {}\n')
  const after = await again(dir)
  assert.is(after.cached, false)
  assert.is(after.modules.find(([d]) => d === child)![1], before.modules.find(([d]) => d === child)![1] + 1, 'the new resource is counted')
  assert.is((await again(dir)).cached, true, 'and the new result is stored')
})

R('a new file in a module directory, or a removed one, recomputes', async () => {
  const dir = copy('legacy')
  await again(dir)
  writeFileSync(path.join(dir, 'extra.tf'), 'variable "extra" {}\n')
  assert.is((await again(dir)).cached, false, 'added')
  assert.is((await again(dir)).cached, true)
  rmSync(path.join(dir, 'extra.tf'))
  assert.is((await again(dir)).cached, false, 'removed')
})

R('a file touched without a content change is still a hit (its contents are compared)', async () => {
  await setRacyWindow(0) // record stamps even for files written a moment ago
  const dir = copy('legacy')
  await again(dir)
  const later = new Date(Date.now() + 60_000)
  for (const n of readdirSync(dir)) if (n.endsWith('.tf')) utimesSync(path.join(dir, n), later, later)
  assert.is((await again(dir)).cached, true)
})

R('an entry holds its stamps as numbers after its line, from a multiple of 8; a table cut short is a miss', async () => {
  await setRacyWindow(0)
  const dir = copy('legacy')
  await again(dir)
  assert.is((await again(dir)).cached, true)
  const [file] = entryFiles()
  const bytes = readFileSync(file!)
  const end = bytes.indexOf(10)
  const count = (JSON.parse(bytes.toString('utf8', 0, end)) as {stamps?: number}).stamps
  assert.ok(count !== undefined && count > 0, 'stamps stored')
  assert.is((end + 1) % 8, 0, 'the table starts at a multiple of 8')
  assert.is(bytes.length, end + 1 + count * 32, 'four doubles a stamp, then nothing (no texts)')
  const stamps = new Float64Array(bytes.buffer.slice(bytes.byteOffset + end + 1, bytes.byteOffset + bytes.length))
  const main = readdirSync(dir).find((n) => n.endsWith('.tf'))!
  const s = statSync(path.join(dir, main))
  const found = [...Array(count).keys()].some(
    (k) => stamps[4 * k] === s.ino && stamps[4 * k + 1] === s.size && stamps[4 * k + 2] === s.mtimeMs && stamps[4 * k + 3] === s.ctimeMs,
  )
  assert.ok(found, `${main}'s stamp among them`)
  writeFileSync(file!, bytes.subarray(0, bytes.length - 8))
  assert.is((await again(dir)).cached, false, 'cut short')
  assert.is((await again(dir)).cached, true, 'rewritten')
})

R('with stamps recorded, a content change of the same size is still seen', async () => {
  await setRacyWindow(0)
  const dir = copy('legacy')
  await again(dir)
  const tf = readdirSync(dir).find((n) => n.endsWith('.tf'))!
  const text = readFileSync(path.join(dir, tf), 'utf8')
  const i = text.indexOf('"')
  writeFileSync(path.join(dir, tf), text.slice(0, i) + "'" + text.slice(i + 1)) // same size, now a syntax error
  const r = await again(dir)
  assert.is(r.cached, false)
  assert.is(r.incomplete, true)
  assert.is((await again(dir)).cached, false, 'an incomplete result is not stored')
})

R('options, environment (TF_DATA_DIR) and rule configuration are part of the key', async () => {
  const dir = copy('legacy')
  await again(dir)
  assert.is((await again(dir, {only: ['terraform']})).cached, false)
  assert.is((await again(dir, {only: ['terraform']})).cached, true)
  assert.is((await again(dir, {env: {TF_DATA_DIR: 'elsewhere'}})).cached, false)
  assert.is((await again(dir, {config: {rules: new Map([['legacy-module-provider', 'off']])}})).cached, false)
  assert.is((await again(dir)).cached, true, 'the first result is still there')
})

R('an installed-modules manifest appearing recomputes (a read that failed is an input too)', async () => {
  const dir = copy('registry-modules')
  const manifest = path.join(dir, '.terraform', 'modules', 'modules.json')
  const saved = readFileSync(manifest, 'utf8')
  rmSync(path.join(dir, '.terraform'), {recursive: true})
  const without = await again(dir)
  assert.is((await again(dir)).cached, true)
  cpSync(path.join(fixturesDir, 'providers', 'registry-modules', '.terraform'), path.join(dir, '.terraform'), {recursive: true})
  assert.is(readFileSync(manifest, 'utf8'), saved)
  const withManifest = await again(dir)
  assert.is(withManifest.cached, false)
  assert.not.equal(withManifest.modules, without.modules)
})

R('a corrupt entry is ignored and rewritten; with the cache off nothing is stored', async () => {
  const dir = copy('legacy')
  await again(dir)
  const entries: string[] = []
  const walk = (d: string): void => {
    for (const e of readdirSync(d, {withFileTypes: true})) e.isDirectory() ? walk(path.join(d, e.name)) : entries.push(path.join(d, e.name))
  }
  walk(path.join(cache, 'results'))
  assert.is(entries.length, 1)
  writeFileSync(entries[0]!, '{"format": "tfgraph-results-2", "inputs": [{"kind": 1}], "value": ')
  assert.is((await again(dir)).cached, false)
  assert.is((await again(dir)).cached, true, 'rewritten')
  await configureParseCache({enabled: false})
  assert.is((await again(dir)).cached, false)
})

R('the search for root modules is cached and sees a new root', async () => {
  const tree = path.join(work, 'tree')
  cpSync(path.join(fixturesDir, 'providers', 'legacy'), path.join(tree, 'a'), {recursive: true})
  await forgetCheckedInputs()
  const first = await findRootModules(tree)
  await forgetCheckedInputs()
  assert.equal(await findRootModules(tree), first)
  mkdirSync(path.join(tree, 'b'))
  writeFileSync(path.join(tree, 'b', 'main.tf'), 'module "a" {\n  source = "../a"\n}\n')
  await forgetCheckedInputs()
  const second = await findRootModules(tree)
  assert.equal(second, [path.join(tree, 'b')], 'b calls a, so a is no longer a root')
})

R("a search computed again reads only the directories whose inputs changed (each directory's calls stored with it)", async () => {
  const tree = path.join(work, 'calls')
  const write = (rel: string, text: string): void => {
    mkdirSync(path.dirname(path.join(tree, rel)), {recursive: true})
    writeFileSync(path.join(tree, rel), text)
  }
  for (const r of ['a', 'b', 'c']) write(`${r}/main.tf`, `module "m" {\n  source = "../modules/${r}"\n}\n`)
  for (const r of ['a', 'b', 'c']) write(`modules/${r}/main.tf`, `# ${r}\nmodule "leaf" {\n  source = "../leaf"\n}\n`)
  write('modules/leaf/main.tf', 'resource "aws_s3_bucket" "x" {}\n')
  await setRacyWindow(0)
  const first = await findRootModules(tree)
  await run.results.settled()
  assert.equal(
    first.map((r) => path.relative(tree, r)),
    ['a', 'b', 'c'],
  )
  assert.is(run.stats.uncached, 6, 'every file with a module block parsed')
  writeFileSync(path.join(tree, 'b', 'main.tf'), 'module "m" {\n  source = "../modules/b"\n}\n# a comment\n')
  await newRun()
  assert.equal(await findRootModules(tree), first)
  assert.is(run.stats.uncached, 1, "only b's file parsed again")
  await run.results.settled()
  // a call removed: its target becomes a root; a new directory: read
  writeFileSync(path.join(tree, 'c', 'main.tf'), 'resource "aws_s3_bucket" "y" {}\n')
  write('d/main.tf', 'module "m" {\n  source = "../c"\n}\n')
  await newRun()
  assert.equal(
    (await findRootModules(tree)).map((r) => path.relative(tree, r)),
    ['a', 'b', 'd', path.join('modules', 'c')],
  )
  assert.is(run.stats.uncached, 1, "only d's file parsed (c's has no module block)")
  await setRacyWindow(undefined)
})

R('a cache directory inside the searched tree is not searched (its changes would invalidate the search)', async () => {
  const tree = path.join(work, 'tree')
  cpSync(path.join(fixturesDir, 'providers', 'legacy'), path.join(tree, 'a'), {recursive: true})
  mkdirSync(path.join(tree, 'cache')) // (creating it changes the tree's own listing: a first run recomputes)
  await configureParseCache({enabled: true, dir: path.join(tree, 'cache')})
  await findRootModules(tree)
  await run.loads.settled()
  await lintCached(path.join(tree, 'a'), {env: {}}) // writes more entries into the cache directory
  await forgetCheckedInputs()
  const hits = run.stats.results
  assert.equal(await findRootModules(tree), [path.join(tree, 'a')])
  assert.is(run.stats.results, hits + 1, 'the stored search is still valid')
})

R("roots sharing a module: the second reuses its load, and its cache entry still lists the module's files", async () => {
  await setRacyWindow(0) // stamps for fresh files, so loads can be shared
  const tree = path.join(work, 'shared')
  mkdirSync(path.join(tree, 'mod'), {recursive: true})
  // no findings anywhere: the module's file is then read only by loading it (not to check inline ignores)
  const requirements =
    'terraform {\n  required_version = ">= 1.5"\n  required_providers {\n    aws = {\n      source  = "hashicorp/aws"\n      version = ">= 5.0"\n    }\n  }\n}\n'
  writeFileSync(path.join(tree, 'mod', 'main.tf'), requirements + 'resource "aws_instance" "x" {}\n')
  for (const r of ['a', 'b']) {
    mkdirSync(path.join(tree, r))
    writeFileSync(path.join(tree, r, 'main.tf'), 'terraform {\n  required_version = ">= 1.5"\n}\n\nmodule "m" {\n  source = "../mod"\n}\n')
  }
  const before = run.stats.done
  await lintCached(path.join(tree, 'a'), {env: {}})
  const afterA = run.stats.done
  const b1 = await lintCached(path.join(tree, 'b'), {env: {}})
  assert.is(run.stats.done - afterA, 1, "b's own file only: ../mod was loaded for a")
  assert.is(afterA - before, 2)
  assert.is(b1.modules.find(([d]) => d.endsWith('/mod'))![1], 1)
  assert.equal(b1.diagnostics, [])
  assert.is((await again(path.join(tree, 'b'))).cached, true)
  writeFileSync(path.join(tree, 'mod', 'main.tf'), requirements + 'resource "aws_instance" "x" {}\nresource "aws_instance" "y" {}\n')
  const b2 = await again(path.join(tree, 'b'))
  assert.is(b2.cached, false, "the shared module file is one of b's inputs")
  assert.is(b2.modules.find(([d]) => d.endsWith('/mod'))![1], 2, 'and the changed module is loaded again, not shared')
})

R('inputs: each computation records its own reads, also when several run at once', async () => {
  const dir = path.join(work, 'in')
  mkdirSync(dir)
  writeFileSync(path.join(dir, 'a'), 'A')
  writeFileSync(path.join(dir, 'b'), 'B')
  symlinkSync(path.join(dir, 'a'), path.join(dir, 'link'))
  const disk = new DiskSource()
  const tick = (): Promise<void> => new Promise((r) => setImmediate(r))
  const [x, y] = await Promise.all([
    disk.record(async () => {
      disk.read(path.join(dir, 'a'))
      await tick()
      return disk.stat(path.join(dir, 'link'))
    }),
    disk.record(async () => {
      await tick()
      disk.list(dir)
      try {
        disk.read(path.join(dir, 'missing'))
      } catch {
        // recorded as a failed read
      }
    }),
  ])
  assert.equal(
    x.inputs.map((i) => [i.kind, path.basename(i.path)]),
    [
      ['file', 'a'],
      ['stat', 'link'],
    ],
  )
  assert.is(x.value, 'file')
  assert.equal(
    y.inputs.map((i) => [i.kind, path.basename(i.path), i.value === null]),
    [
      ['dir', 'in', false],
      ['file', 'missing', true],
    ],
  )
  disk.read(path.join(dir, 'b')) // outside any recording: noted nowhere
  disk.forgetChecked()
  assert.ok(disk.unchanged(x.inputs, 'contents') && disk.unchanged(y.inputs, 'contents'))
  writeFileSync(path.join(dir, 'missing'), '')
  disk.forgetChecked()
  assert.not.ok(disk.unchanged(y.inputs, 'contents'), 'the file now exists (and the listing changed)')
  rmSync(path.join(dir, 'a'))
  writeFileSync(path.join(dir, 'a'), 'A')
  disk.forgetChecked()
  assert.ok(disk.unchanged(x.inputs, 'contents'), 'rewritten with the same bytes')
  rmSync(path.join(dir, 'a'))
  mkdirSync(path.join(dir, 'a'))
  disk.forgetChecked()
  assert.not.ok(disk.unchanged(x.inputs, 'contents'), 'the link now leads to a directory')
})

/** Every entry file under the cache's results area. */
function entryFiles(): string[] {
  const out: string[] = []
  const walk = (d: string): void => {
    for (const e of readdirSync(d, {withFileTypes: true})) e.isDirectory() ? walk(path.join(d, e.name)) : out.push(path.join(d, e.name))
  }
  walk(path.join(cache, 'results'))
  return out
}

R('an entry holds its whole key: another key under the same name is a miss, and the entry is rewritten', async () => {
  const dir = copy('legacy')
  await again(dir)
  const [file] = entryFiles()
  const bytes = readFileSync(file!, 'latin1')
  const line = bytes.indexOf('\n')
  // the same name, a key that differs in one character (what two keys with one hash would look like)
  const changed = bytes.slice(0, line).replace('legacy', 'legacz')
  assert.not.equal(changed, bytes.slice(0, line))
  writeFileSync(file!, changed + bytes.slice(line), 'latin1')
  assert.is((await again(dir)).cached, false)
  assert.is((await again(dir)).cached, true, 'rewritten')
})

R(
  'a stored output reads back as it was: its texts as bytes after the line, the order of its fields, a text UTF-8 cannot hold kept in the line',
  async () => {
    const files = new DiskSource({racyMs: 0})
    const results = () => new ResultsCache({settings: () => ({enabled: true, dir: cache}), files})
    const stdout = 'resources ─ "é" \\ \n'.repeat(50)
    const stderr = 'warning: \ud800 alone\n'.repeat(10) // a lone surrogate: no UTF-8 form
    const produced = {stdout, stderr, exitCode: 0, stderrFirst: true}
    const writer = results()
    const first = await writer.output('providers', {dir: work}, async () => produced)
    assert.is(first.cached, false)
    await writer.settled()
    const stored = results().storedOutput('providers', {dir: work})
    assert.ok(stored)
    assert.equal(Object.keys(stored), Object.keys(produced))
    assert.equal(stored, produced)
    const [file] = entryFiles()
    const bytes = readFileSync(file!)
    assert.ok(bytes.subarray(bytes.indexOf(10) + 1).equals(Buffer.from(stdout)), 'stdout after the line, as it is')
    assert.is(results().storedOutput('providers', {dir: path.join(work, 'other')}), undefined, 'another key')
    // as a warm answer writes it: the long text as the entry's bytes, the one kept in the line as text
    const raw = results().storedOutputBytes('providers', {dir: work})
    assert.ok(raw)
    assert.equal(Object.keys(raw), Object.keys(produced))
    assert.ok(raw.stdout instanceof Uint8Array && Buffer.from(raw.stdout).equals(Buffer.from(stdout)), 'stdout as its UTF-8 bytes')
    assert.is(raw.stderr, stderr, 'a text without a UTF-8 form stays text')
    assert.is(raw.exitCode, 0)
    // a length that no longer fits the bytes after the line: not an answer
    writeFileSync(file!, Buffer.concat([bytes, Buffer.from('x')]))
    assert.is(results().storedOutputBytes('providers', {dir: work}), undefined)
    assert.is(results().storedOutput('providers', {dir: work}), undefined)
  },
)

R('inputs: checked as stored (packed), they read as the list does after every kind of change, and are noted on a hit', async () => {
  const top = path.join(work, 'top')
  const mod = path.join(top, 'mod')
  mkdirSync(mod, {recursive: true})
  writeFileSync(path.join(mod, 'main.tf'), 'variable "a" {}\n')
  writeFileSync(path.join(mod, 'vars.tf'), 'variable "b" {}\n')
  const disk = new DiskSource({racyMs: 0})
  const {inputs} = await disk.record(async () => {
    disk.list(mod)
    disk.stat(mod)
    disk.realpath(mod)
    disk.read(path.join(mod, 'main.tf'))
    disk.read(path.join(mod, 'vars.tf'))
    try {
      disk.read(path.join(mod, 'main_override.tf'))
    } catch {
      // missing: an input too
    }
    disk.stat(path.join(mod, 'vars.tf'))
  })
  const packed = JSON.parse(JSON.stringify(packInputs(inputs))) as unknown
  assert.equal(unpackInputs(packed), inputs, 'the stored form reads back as the list')
  // the stamps as numbers, as an entry stores them (a table after its line): the same inputs back
  const numbers: number[] = []
  const numbered = JSON.parse(JSON.stringify(packInputs(inputs, numbers))) as unknown
  const table = new Float64Array(numbers)
  assert.is(numbers.length, 4 * inputs.filter((i) => i.stamp !== undefined).length, 'every stamp as four numbers')
  assert.not.match(JSON.stringify(numbered), /"\d+:\d+:/, 'no stamp as text')
  assert.equal(unpackInputs(numbered, undefined, table), inputs, 'the stamps stored as numbers read back as their texts')
  for (const [what, t] of [
    ['no table', undefined],
    ['a table one stamp short', table.subarray(0, table.length - 4)],
  ] as const) {
    assert.is(unpackInputs(numbered, undefined, t), undefined, what)
    assert.is(disk.unchangedPacked(numbered, t), undefined, what)
  }
  const both = (): [boolean | undefined, boolean] => {
    disk.forgetChecked()
    const fast = disk.unchangedPacked(packed)
    disk.forgetChecked()
    assert.is(disk.unchangedPacked(numbered, table), fast, 'the stamps as numbers compare as their texts')
    disk.forgetChecked()
    return [fast, disk.unchanged(inputs, 'contents')]
  }
  assert.equal(both(), [true, true])
  // a stamp that is not four numbers as JavaScript writes them stays text
  assert.equal(stampNumbers('12:3:1796284653539.1648:1796284653589.6755'), [12, 3, 1796284653539.1648, 1796284653589.6755])
  for (const odd of ['s', '1:2:3', '1:2:3:4:5', '01:2:3:4', '1:2:3:4.0', '1:2:x:4']) assert.is(stampNumbers(odd), undefined, odd)
  const changes: [string, () => void, () => void][] = [
    [
      'a file edited',
      () => writeFileSync(path.join(mod, 'main.tf'), 'variable "c" {}\n'),
      () => writeFileSync(path.join(mod, 'main.tf'), 'variable "a" {}\n'),
    ],
    ['an override added', () => writeFileSync(path.join(mod, 'main_override.tf'), ''), () => rmSync(path.join(mod, 'main_override.tf'))],
    ['a file removed', () => rmSync(path.join(mod, 'vars.tf')), () => writeFileSync(path.join(mod, 'vars.tf'), 'variable "b" {}\n')],
    [
      'a file become a directory',
      () => (rmSync(path.join(mod, 'vars.tf')), mkdirSync(path.join(mod, 'vars.tf'))),
      () => (rmSync(path.join(mod, 'vars.tf'), {recursive: true}), writeFileSync(path.join(mod, 'vars.tf'), 'variable "b" {}\n')),
    ],
    [
      'the directory moved and a link put in its place',
      () => (renameSync(mod, path.join(top, 'moved')), symlinkSync(path.join(top, 'moved'), mod)),
      () => (rmSync(mod), renameSync(path.join(top, 'moved'), mod)),
    ],
    [
      'a parent moved and a link put in its place',
      () => (renameSync(top, top + '-moved'), symlinkSync(top + '-moved', top)),
      () => (rmSync(top), renameSync(top + '-moved', top)),
    ],
  ]
  for (const [what, change, undo] of changes) {
    change()
    assert.equal(both(), [false, false], what)
    undo()
    assert.equal(both(), [true, true], `${what}, undone`)
  }
  // a file touched (a new stamp) with the same contents: still unchanged, its contents compared
  const later = new Date(Date.now() + 60_000)
  utimesSync(path.join(mod, 'main.tf'), later, later)
  assert.equal(both(), [true, true], 'touched')
  // not the stored form: undefined (the list is then unpacked, and found not to be one either)
  for (const bad of [null, [['/x', 'q', '/a', null, 0]], [['/x', 'f', 1, null, 0]], [['/x', 'f', '/a', null]], [[7]]])
    assert.is(disk.unchangedPacked(bad), undefined, JSON.stringify(bad))
  // a hit notes the inputs into the computation being recorded, as `note` does
  disk.forgetChecked()
  const outer = await disk.record(async () => {
    assert.is(disk.unchangedPacked(packed), true)
  })
  const key = (i: Input) => `${i.kind}:${i.path}`
  assert.equal(outer.inputs.map(key).sort(), inputs.map(key).sort())
})

R('inputs: what was missing and still is reads as unchanged; each kind of missing input made later is a change', async () => {
  const top = path.join(work, 'absent')
  mkdirSync(top, {recursive: true})
  const disk = new DiskSource({racyMs: 0})
  const file = path.join(top, '.tflint.hcl')
  const dir = path.join(top, 'tests')
  const statted = path.join(top, 'modules.json')
  const {inputs} = await disk.record(async () => {
    assert.throws(() => disk.read(file))
    assert.throws(() => disk.list(dir))
    assert.is(disk.stat(statted), null)
  })
  assert.equal(inputs.map((i) => `${i.kind} ${path.basename(i.path)} ${i.value}`).sort(), [
    'dir tests null',
    'file .tflint.hcl null',
    'stat modules.json null',
  ])
  const packed = JSON.parse(JSON.stringify(packInputs(inputs))) as unknown
  const both = (): [boolean | undefined, boolean] => {
    disk.forgetChecked()
    const fast = disk.unchangedPacked(packed)
    disk.forgetChecked()
    return [fast, disk.unchanged(inputs, 'contents')]
  }
  assert.equal(both(), [true, true], 'all still missing')
  const changes: [string, () => void, () => void][] = [
    ['the file made', () => writeFileSync(file, ''), () => rmSync(file)],
    ['the file made as a directory', () => mkdirSync(file), () => rmSync(file, {recursive: true})],
    ['the directory made', () => mkdirSync(dir), () => rmSync(dir, {recursive: true})],
    ['the directory made as a file', () => writeFileSync(dir, ''), () => rmSync(dir)],
    ['the stat path made', () => writeFileSync(statted, '{}'), () => rmSync(statted)],
    ["a dangling link in the file's place", () => symlinkSync(path.join(top, 'nowhere'), file), () => rmSync(file)],
  ]
  for (const [what, change, undo] of changes) {
    change()
    const now = both()
    undo()
    // still unreadable as what was asked (a dangling link, a directory read as a file, a file listed):
    // unchanged, as reading it would say (a recording's parent listing is what sees those)
    const unreadable = what.startsWith('a dangling link') || what.includes(' as a ')
    assert.equal(now, unreadable ? [true, true] : [false, false], what)
    assert.equal(both(), [true, true], `${what}, undone`)
  }
})

R(
  'inputs: a failed read of a path a listing among the inputs did not hold is answered from that listing, and every change is seen',
  async () => {
    const top = path.join(work, 'listed')
    const mod = path.join(top, 'mod')
    const uni = path.join(top, 'uni')
    mkdirSync(path.join(mod, 'sub'), {recursive: true})
    mkdirSync(uni)
    writeFileSync(path.join(mod, 'main.tf'), 'variable "a" {}\n')
    writeFileSync(path.join(uni, 'é.tf'), '')
    symlinkSync(path.join(top, 'nowhere'), path.join(mod, 'dangling'))
    // the directories' times in the past: whatever comes or goes in them then gives them another stamp even
    // within the clock tick of their listing (racyMs 0 here; tfgraph records no stamp that recent)
    const past = new Date(Date.now() - 3_600_000)
    for (const d of [top, mod, uni]) utimesSync(d, past, past)
    const at = (...parts: string[]) => path.join(mod, ...parts)
    const disk = new DiskSource({racyMs: 0})
    const {inputs} = await disk.record(async () => {
      disk.list(top)
      disk.list(mod)
      disk.list(uni)
      disk.read(at('main.tf'))
      for (const p of [
        at('.tflint.hcl'),
        at('.terraform', 'modules', 'modules.json'),
        at('dangling'),
        at('sub'),
        path.join(uni, '.tflint.hcl'),
      ])
        assert.throws(() => disk.read(p))
      assert.throws(() => disk.list(at('tests')))
      assert.is(disk.stat(at('.terraform.lock.hcl')), null)
      assert.is(disk.stat(at('MAIN.TF')), null) // a listed name in another case: not vouched for
      assert.is(disk.realpath(at('missing')), null)
    })
    // which failed reads a listing vouches for, and how far up it is: not a name the listing holds (a dangling
    // link, a directory read as a file), another case of one, or a name in a listing with a name beyond ASCII
    const marks = inputs.filter((i) => i.value === null).map((i) => `${i.kind} ${path.relative(top, i.path)} ${i.unlisted?.up ?? '-'}`)
    assert.equal(marks.sort(), [
      'dir mod/tests 1',
      'file mod/.terraform/modules/modules.json 3',
      'file mod/.tflint.hcl 1',
      'file mod/dangling -',
      'file mod/sub -',
      'file uni/.tflint.hcl -',
      'real mod/missing 1',
      'stat mod/.terraform.lock.hcl 1',
      'stat mod/MAIN.TF -',
    ])
    for (const i of inputs) if (i.unlisted) assert.is(i.unlisted.listing, inputs.find((d) => d.kind === 'dir' && d.path === mod)?.value)
    const packed = JSON.parse(JSON.stringify(packInputs(inputs))) as unknown
    assert.equal(unpackInputs(packed), inputs, 'the stored form reads back as the list')
    assert.is(JSON.stringify(packed).match(/,-[13],0/g)?.length, 5, 'stored as -1 and -3')
    // the directories' stamps looked at, the vouched-for paths not
    const looked = (): Set<string> => new Set((disk as unknown as {stamps: Map<string, unknown>}).stamps.keys())
    disk.forgetChecked()
    assert.is(disk.unchangedPacked(packed), true)
    assert.ok(looked().has(mod) && !looked().has(at('.tflint.hcl')) && !looked().has(at('tests')), 'answered from the listing')
    assert.ok(looked().has(at('dangling')), 'a failed read the listing does not vouch for is looked at')
    const both = (): [boolean | undefined, boolean] => {
      disk.forgetChecked()
      const fast = disk.unchangedPacked(packed)
      disk.forgetChecked()
      return [fast, disk.unchanged(inputs, 'contents')]
    }
    assert.equal(both(), [true, true])
    const asRoot = process.getuid?.() === 0
    const changes: [string, () => void, () => void, boolean][] = [
      ['the file made', () => writeFileSync(at('.tflint.hcl'), ''), () => rmSync(at('.tflint.hcl')), false],
      ['the directory made', () => mkdirSync(at('tests')), () => rmSync(at('tests'), {recursive: true}), false],
      ['the stat path made', () => writeFileSync(at('.terraform.lock.hcl'), ''), () => rmSync(at('.terraform.lock.hcl')), false],
      ['the realpath made', () => mkdirSync(at('missing')), () => rmSync(at('missing'), {recursive: true}), false],
      [
        'the file three levels down made',
        () => (mkdirSync(at('.terraform', 'modules'), {recursive: true}), writeFileSync(at('.terraform', 'modules', 'modules.json'), '{}')),
        () => rmSync(at('.terraform'), {recursive: true}),
        false,
      ],
      ['a directory on its path made', () => mkdirSync(at('.terraform')), () => rmSync(at('.terraform'), {recursive: true}), false],
      [
        "the dangling link's target made",
        () => writeFileSync(path.join(top, 'nowhere'), ''),
        () => rmSync(path.join(top, 'nowhere')),
        false,
      ],
      // a new stamp, the same names: the listing read again, the same
      ['the directory touched', () => utimesSync(mod, new Date(), new Date()), () => utimesSync(mod, past, past), true],
      ['a file made and removed', () => (writeFileSync(at('.tflint.hcl'), ''), rmSync(at('.tflint.hcl'))), () => undefined, true],
      // root reads it all the same (a new stamp, the same names); another user cannot list it
      ['the directory made unreadable', () => chmodSync(mod, 0o000), () => chmodSync(mod, 0o755), asRoot],
    ]
    for (const [what, change, undo, same] of changes) {
      change()
      assert.equal(both(), [same, same], what)
      if (same) assert.not.ok(looked().has(at('.tflint.hcl')), `${what}: the listing reads the same, the path not looked at`)
      undo()
      assert.equal(both(), [true, true], `${what}, undone`)
    }
    // not the stored form: a vouched-for path without its listing before it, with a stamp, not a whole level,
    // more levels up than the path has
    for (const bad of [
      [[mod, 'f', '/.tflint.hcl', -1, 0]],
      [
        [top, 'd', '/mod', 'h', 's'],
        [mod, 'f', '/.tflint.hcl', -1, 's'],
      ],
      [
        [top, 'd', '/mod', 'h', 's'],
        [mod, 'f', '/.tflint.hcl', -0.5, 0],
      ],
      [
        [top, 'd', '/mod', 'h', 's'],
        [mod, 'f', '/.tflint.hcl', -9, 0],
      ],
    ]) {
      assert.is.not(disk.unchangedPacked(bad), true, JSON.stringify(bad)) // not an answer (undefined, or a change found first)
      assert.is(unpackInputs(bad), undefined, JSON.stringify(bad))
    }
    // noted into another recording: kept where that recording holds the same listing, dropped where not
    const again = await disk.record(async () => {
      disk.list(mod)
      disk.note(inputs.filter((i) => i.path.startsWith(mod + path.sep) && i.value === null))
    })
    assert.is(again.inputs.filter((i) => i.unlisted).length, 5, 'the same listing of mod')
    const elsewhere = await disk.record(async () => disk.note(inputs.filter((i) => i.path.startsWith(mod + path.sep) && i.value === null)))
    assert.is(elsewhere.inputs.filter((i) => i.unlisted).length, 0, 'no listing of mod')
  },
)

R('inputs: a realpath recorded as the path itself is checked by looking at its parts, and a part become a link is seen', async () => {
  const top = path.join(work, 'top')
  mkdirSync(path.join(top, 'a', 'b'), {recursive: true})
  const inner = path.join(top, 'a', 'b')
  const disk = new DiskSource({racyMs: 0})
  const {inputs} = await disk.record(async () => {
    disk.realpath(inner)
    disk.realpath(path.join(top, 'missing'))
    disk.list(inner)
    disk.stat(inner)
  })
  disk.forgetChecked()
  assert.ok(disk.unchanged(inputs, 'contents'))
  // the directory moved and a link put in its place: the same path now resolves elsewhere
  renameSync(path.join(top, 'a'), path.join(top, 'moved'))
  symlinkSync(path.join(top, 'moved'), path.join(top, 'a'))
  disk.forgetChecked()
  assert.not.ok(
    disk.unchanged(
      inputs.filter((i) => i.kind === 'real'),
      'contents',
    ),
    'the realpath changed',
  )
  assert.ok(
    disk.unchanged(
      inputs.filter((i) => i.kind !== 'real'),
      'contents',
    ),
    'the listing and the kind read the same through the link',
  )
  rmSync(path.join(top, 'a'))
  renameSync(path.join(top, 'moved'), path.join(top, 'a'))
  mkdirSync(path.join(top, 'missing'))
  disk.forgetChecked()
  assert.not.ok(
    disk.unchanged(
      inputs.filter((i) => i.kind === 'real'),
      'contents',
    ),
    'a missing path now exists',
  )
})

R(
  'an entry still being written answers a second look-up of the run; the run waits for it; an unwritable directory only turns the cache off',
  async () => {
    const files = new DiskSource({racyMs: 0})
    let computed = 0
    const produce = async () => ({stdout: `run ${++computed}\n`.repeat(40), stderr: '', exitCode: 0})
    const writer = new ResultsCache({settings: () => ({enabled: true, dir: cache}), files})
    // a run's first entries are written at once, the others in the background
    for (let k = 0; k < 8; k++) await writer.output('lint', {dir: work, case: 'first', k}, produce)
    computed = 0
    const key = {dir: work, case: 'pending'}
    const first = await writer.output('lint', key, produce)
    const second = await writer.output('lint', key, produce)
    assert.is(first.cached, false)
    assert.is(second.cached, true, 'answered while its entry is being written')
    assert.is(computed, 1)
    assert.equal(second.value, first.value)
    await writer.settled()
    const later = new ResultsCache({settings: () => ({enabled: true, dir: cache}), files})
    assert.equal(later.storedOutput('lint', key), first.value, 'on disk once settled')
    assert.equal(
      entryFiles().filter((f) => f.endsWith('.tmp')),
      [],
      'no temporary file left',
    )
    // a cache directory that is a file: the writes fail in the background, the results are still given
    const blocked = path.join(work, 'not-a-dir')
    writeFileSync(blocked, 'x')
    const broken = new ResultsCache({settings: () => ({enabled: true, dir: blocked}), files})
    const a = await broken.output('lint', key, produce)
    await broken.settled()
    const b = await broken.output('lint', {...key, other: 1}, produce)
    await broken.settled()
    assert.is(a.cached, false)
    assert.is(b.cached, false)
    assert.is(b.value.stdout, `run 3\n`.repeat(40))
    assert.is(readFileSync(blocked, 'utf8'), 'x')
  },
)

R.run()
