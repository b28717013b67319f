// File names for people: relative to the current directory, normalised; absolute only for an absolute
// directory outside it; ranges inside detail text renamed the same way.
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {displayPath, fileNamer, renameRanges} from '../../src/render/paths.js'

// made-up directories (nothing is read): a working directory and a directory beside it, under the temporary directory
const base = path.join(tmpdir(), 'tfgraph-paths-test')
const cwd = path.join(base, 'work', 'repo')
const srv = path.join(base, 'srv')

test('a relative directory: its files relative to the current directory', () => {
  assert.is(displayPath('fixtures/demo', 'main.tf', cwd), 'fixtures/demo/main.tf')
  assert.is(displayPath('.', 'main.tf', cwd), 'main.tf')
  assert.is(displayPath('.', '.', cwd), '.')
  assert.is(displayPath('fixtures/demo', '.', cwd), 'fixtures/demo')
})

test('names are normalised: no "x/../y" and no "./"', () => {
  assert.is(
    displayPath('fixtures/providers/../providers/legacy', 'configured/main.tf', cwd),
    'fixtures/providers/legacy/configured/main.tf',
  )
  assert.is(displayPath('./infra', './a/../b/main.tf', cwd), 'infra/b/main.tf')
  // a module beside the root, called as ../shared
  assert.is(displayPath('infra/prod', '../shared/main.tf', cwd), 'infra/shared/main.tf')
})

test('an absolute directory inside the current directory is named relative to it', () => {
  assert.is(displayPath(path.join(cwd, 'infra'), 'main.tf', cwd), 'infra/main.tf')
  assert.is(displayPath(cwd, 'main.tf', cwd), 'main.tf')
})

test('outside the current directory: relative when the directory was given relative, absolute when it was given absolute', () => {
  assert.is(displayPath('../other', 'main.tf', cwd), '../other/main.tf')
  assert.is(displayPath(path.join(srv, 'infra'), 'main.tf', cwd), `${srv}/infra/main.tf`)
  assert.is(displayPath(path.join(srv, 'infra'), '../modules/x/main.tf', cwd), `${srv}/modules/x/main.tf`)
  // the root inside, a called module outside: absolute too, as the directory was
  assert.is(displayPath(path.join(cwd, 'stages', '0'), '../../../modules/x/versions.tf', cwd), `${base}/work/modules/x/versions.tf`)
})

test('fileNamer names files of one directory', () => {
  const name = fileNamer('fixtures/demo', cwd)
  assert.is(name('network/main.tf'), 'fixtures/demo/network/main.tf')
  assert.is(name('network/main.tf'), 'fixtures/demo/network/main.tf')
})

test('renameRanges renames the file of each Terraform range in a text, and nothing else', () => {
  const name = fileNamer('fixtures/demo', cwd)
  assert.is(
    renameRanges(
      'module.a has its own provider "aws" configuration at a/main.tf:1,1-15, and (the resource type aws_instance at main.tf:5,1-3,28).',
      name,
    ),
    'module.a has its own provider "aws" configuration at fixtures/demo/a/main.tf:1,1-15, and (the resource type aws_instance at fixtures/demo/main.tf:5,1-3,28).',
  )
  assert.is(
    renameRanges('Constraints: ~> 3.5 (root module, main.tf:7,14-10,6).', name),
    'Constraints: ~> 3.5 (root module, fixtures/demo/main.tf:7,14-10,6).',
  )
  // a file name with a space cannot be told from the words before it: left as it is, never half renamed
  assert.is(renameRanges('declared at my modules/main.tf:1,1-15', name), 'declared at my modules/main.tf:1,1-15')
  // no range form, no change: versions, addresses, file names without a position
  const plain = 'requires ">= 5.0, < 6.0" in main.tf; provider["registry.terraform.io/hashicorp/aws"].east at 1.2'
  assert.is(renameRanges(plain, name), plain)
})

test.run()
