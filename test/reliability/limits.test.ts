// The resource-limit flags on the real CLI: --max-depth, --max-files, --max-modules stop the run with a
// diagnostic (exit 2 for depth, a configuration error like a cycle; exit 1 for the file and module
// limits, where tfgraph did not read everything), and their documented defaults are the library's.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import * as lib from '../helpers/internal.js'
import {limitFlags} from '../../src/cli/limit-flags.js'
import {checkCli, spawnCli} from './properties.js'
import {moduleChain, moduleDiamond, NULL_RESOURCE, removeTree, tempTree, write} from './trees.js'

test('the flags document the library defaults', () => {
  assert.match(limitFlags['max-files'].description ?? '', `[default: ${lib.DEFAULT_MAX_FILES}]`)
  assert.match(limitFlags['max-modules'].description ?? '', `[default: ${lib.DEFAULT_MAX_MODULES}]`)
  assert.match(limitFlags['max-depth'].description ?? '', '[default: 100]')
})

test('--max-depth, --max-files and --max-modules on the CLI', () => {
  const dir = tempTree()
  try {
    moduleChain(path.join(dir, 'chain'), 12)
    for (let i = 0; i < 6; i++) write(dir, {[`many/f${i}.tf`]: NULL_RESOURCE(`r${i}`)})
    moduleDiamond(path.join(dir, 'diamond'), 12)
    const depth = spawnCli(['providers', path.join(dir, 'chain'), '--max-depth', '5'], {bytes: 0})
    assert.equal(checkCli('providers', depth), [])
    assert.is(depth.status, 2, depth.stderr)
    // files are named from the current directory: here absolute, as the directory was given
    assert.match(depth.stderr, /Error: Module nesting too deep\n\n {2}on \/\S*\/chain\/mods\/m4\/main\.tf:1,1-12:/)
    const files = spawnCli(['config', path.join(dir, 'many'), '--max-files', '2', '--json'], {bytes: 0})
    assert.equal(checkCli('config', files), [])
    assert.is(files.status, 1)
    const doc = JSON.parse(files.stdout) as {diagnostics: {summary: string}[]; config: {resource: {null_resource: Record<string, unknown>}}}
    assert.ok(doc.diagnostics.some((d) => d.summary === 'Too many configuration files'))
    assert.is(Object.keys(doc.config.resource.null_resource).length, 2)
    const modules = spawnCli(['lint', path.join(dir, 'diamond'), '--max-modules', '50', '--format', 'compact'], {bytes: 0})
    assert.equal(checkCli('lint', modules), [])
    assert.is(modules.status, 1)
    assert.match(modules.stdout, /mods\/d\d+\/main\.tf:\d+:1: error: Too many module calls \[terraform\]/)
  } finally {
    removeTree(dir)
  }
})

test.run()
