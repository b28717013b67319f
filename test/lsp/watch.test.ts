// The server's own file watcher tells the workspace about every kind of file an analysis reads: the
// workspace asks the disk again only about paths it is told changed (#48 item 4).
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {watchedPath} from '../../src/lsp/watch.js'

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

test.run()
