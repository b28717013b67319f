// The server's own file watcher tells the workspace about every kind of file an analysis reads: the
// workspace asks the disk again only about paths it is told changed (#48 item 4).
import {mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {watchedPath, watchTree} from '../../src/lsp/watch.js'

test('#48 configuration, lock, variable definitions and test files and directories are watched; other files and .git are not', () => {
  const dir = path.join(path.sep, 'w', 'root')
  const watched = [
    'main.tf',
    'x.tofu.json',
    '.terraform.lock.hcl',
    '.tfgraph.json',
    'modules.json',
    'terraform.tfvars',
    'x.auto.tfvars.json',
    'tests/a.tftest.hcl',
    'tests/a.tofutest.json',
    'modules',
  ]
  const not = ['main.tf.bak', 'README.md', 'x.json', '.git/config', '.git/HEAD']
  assert.equal(
    watched.filter((f) => !watchedPath(path.join(dir, f))),
    [],
  )
  assert.equal(
    not.filter((f) => watchedPath(path.join(dir, f))),
    [],
  )
})

/** A tree watched by watchTree (`since`: looking back to then): what it has told so far, and a wait for a path to be told. */
function watched(
  dir: string,
  since?: number,
): {told: Set<string>; until: (p: string) => Promise<void>; stop: () => void; problems: string[]} {
  const told = new Set<string>()
  const problems: string[] = []
  const waits: {p: string; resolve: () => void}[] = []
  const stop = watchTree(
    dir,
    (files) => {
      for (const f of files) told.add(f)
      for (const w of [...waits]) if (told.has(w.p)) (waits.splice(waits.indexOf(w), 1), w.resolve())
    },
    (why) => problems.push(why),
    true,
    since,
  )
  const until = (p: string): Promise<void> =>
    told.has(p)
      ? Promise.resolve()
      : Promise.race([
          new Promise<void>((resolve) => waits.push({p, resolve})),
          new Promise<void>((_, reject) => setTimeout(() => reject(new Error(`${p} never told (told: ${[...told].join(', ')})`)), 10_000)),
        ])
  return {told, until, stop, problems}
}

test("#48 the server's own watcher tells files changed at any depth, directories that come (with what is in them) and go, not .git", async () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-watch-'))
  const dir = path.join(tmp, 'ws')
  mkdirSync(path.join(dir, 'envs', 'dev'), {recursive: true})
  mkdirSync(path.join(dir, '.git', 'refs'), {recursive: true})
  writeFileSync(path.join(dir, 'envs', 'dev', 'main.tf'), '')
  const w = watched(dir)
  try {
    // a file changed two levels down, one created
    writeFileSync(path.join(dir, 'envs', 'dev', 'main.tf'), 'locals {}\n')
    await w.until(path.join(dir, 'envs', 'dev', 'main.tf'))
    writeFileSync(path.join(dir, 'envs', 'dev', 'extra.tf'), '')
    await w.until(path.join(dir, 'envs', 'dev', 'extra.tf'))
    // a directory made elsewhere with files in it, moved in: it and its files are told, and it is watched
    const made = path.join(tmp, 'made')
    mkdirSync(path.join(made, 'nested'), {recursive: true})
    writeFileSync(path.join(made, 'nested', 'versions.tf'), '')
    renameSync(made, path.join(dir, 'envs', 'prod'))
    await w.until(path.join(dir, 'envs', 'prod'))
    await w.until(path.join(dir, 'envs', 'prod', 'nested', 'versions.tf'))
    writeFileSync(path.join(dir, 'envs', 'prod', 'nested', 'later.tf'), '')
    await w.until(path.join(dir, 'envs', 'prod', 'nested', 'later.tf'))
    // a directory renamed: both names; deleted and made again: still watched
    renameSync(path.join(dir, 'envs', 'dev'), path.join(dir, 'envs', 'staging'))
    await w.until(path.join(dir, 'envs', 'dev'))
    await w.until(path.join(dir, 'envs', 'staging', 'main.tf'))
    rmSync(path.join(dir, 'envs', 'prod'), {recursive: true})
    mkdirSync(path.join(dir, 'envs', 'prod'))
    w.told.clear()
    writeFileSync(path.join(dir, 'envs', 'prod', 'again.tf'), '')
    await w.until(path.join(dir, 'envs', 'prod', 'again.tf'))
    // other files and .git are not told
    writeFileSync(path.join(dir, 'envs', 'README.md'), '')
    writeFileSync(path.join(dir, '.git', 'refs', 'main'), '')
    writeFileSync(path.join(dir, 'last.tf'), '')
    await w.until(path.join(dir, 'last.tf'))
    assert.equal(
      [...w.told].filter((f) => f.endsWith('README.md') || f.includes(`${path.sep}.git`)),
      [],
    )
    assert.equal(w.problems, [])
  } finally {
    w.stop()
    rmSync(tmp, {recursive: true, force: true})
  }
})

test("#48 a watch begun late (the server's, after the first diagnostics) tells what changed since the time it is given, and not the rest", async () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'tfgraph-watch-'))
  const dir = path.join(tmp, 'ws')
  const file = (...p: string[]): string => path.join(dir, ...p)
  for (const d of ['same', 'edited', 'listed', 'gone', 'prod.eu']) mkdirSync(file('envs', d), {recursive: true})
  for (const f of [['main.tf'], ['envs', 'same', 'main.tf'], ['envs', 'edited', 'main.tf'], ['envs', 'edited', 'other.tf']])
    writeFileSync(file(...f), '')
  writeFileSync(file('envs', 'listed', 'main.tf'), '')
  writeFileSync(file('envs', 'listed', 'deleted.tf'), '')
  writeFileSync(file('envs', 'gone', 'main.tf'), '')
  // a directory whose name has a dot, and a link to a file outside the tree
  writeFileSync(file('envs', 'prod.eu', 'main.tf'), '')
  writeFileSync(file('envs', 'prod.eu', 'old.tf'), '')
  writeFileSync(path.join(tmp, 'target.tf'), '')
  symlinkSync(path.join(tmp, 'target.tf'), file('linked.tf'))
  // the time to look back to is taken after a pause (file times come from the kernel's coarse clock)
  await new Promise((r) => setTimeout(r, 50))
  const since = Date.now()
  await new Promise((r) => setTimeout(r, 50))
  // after `since`, before the watch: a file edited in place, one deleted, a directory deleted, one made with a file
  writeFileSync(file('envs', 'edited', 'main.tf'), 'locals {}\n')
  rmSync(file('envs', 'listed', 'deleted.tf'))
  rmSync(file('envs', 'gone'), {recursive: true})
  mkdirSync(file('envs', 'new'))
  writeFileSync(file('envs', 'new', 'made.tf'), '')
  rmSync(file('envs', 'prod.eu', 'old.tf'))
  writeFileSync(path.join(tmp, 'target.tf'), 'locals {}\n')
  const w = watched(dir, since)
  try {
    await w.until(file('envs', 'new', 'made.tf'))
    await new Promise((r) => setTimeout(r, 200))
    assert.equal([...w.told].map((f) => path.relative(dir, f).split(path.sep).join('/')).sort(), [
      // the directory whose listing changed: it, and what is in it
      'envs',
      'envs/edited/main.tf',
      'envs/listed',
      'envs/listed/main.tf',
      'envs/new',
      'envs/new/made.tf',
      'envs/prod.eu',
      'envs/prod.eu/main.tf',
      'linked.tf',
    ])
    assert.equal(w.problems, [])
    // and it watches from then on
    writeFileSync(file('envs', 'same', 'main.tf'), 'locals {}\n')
    await w.until(file('envs', 'same', 'main.tf'))
  } finally {
    w.stop()
    rmSync(tmp, {recursive: true, force: true})
  }
})

test.run()
