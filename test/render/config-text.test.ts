// `config` as text: says which engine's rules it followed and why, names each file a .tofu twin hides,
// and names files from the current directory when given a namer.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {loadConfig} from '../../src/config.js'
import {renderConfigHeader, renderConfigText} from '../../src/render/config-text.js'
import {fileNamer} from '../../src/render/paths.js'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

const shadowing = path.join(fixturesDir, 'load/tofu-shadowing')

test('engine chosen automatically for a directory with .tofu files, and the files they hide', async () => {
  const r = await loadConfig(shadowing)
  const name = fileNamer(path.relative(repoRoot, shadowing), repoRoot)
  assert.is(
    renderConfigHeader(r, {fileName: name}),
    [
      '# engine: opentofu (chosen automatically: the directory has .tofu files)',
      '# fixtures/load/tofu-shadowing/main.tf is hidden by main.tofu (OpenTofu reads it instead)',
      '# fixtures/load/tofu-shadowing/extra_override.tf is hidden by extra_override.tofu (OpenTofu reads it instead)',
      '',
    ].join('\n'),
  )
})

test('engine chosen automatically without .tofu files, or given with --engine', async () => {
  const r = await loadConfig(path.join(fixturesDir, 'load/override-locals'))
  assert.is(renderConfigHeader(r), '# engine: terraform (chosen automatically: the directory has no .tofu files)\n')
  const given = await loadConfig(shadowing, {engine: 'terraform'})
  assert.is(renderConfigHeader(given, {engineGiven: true}), '# engine: terraform (given with --engine)\n')
})

test('block locations named by fileName; override files named beside them', async () => {
  const r = await loadConfig(shadowing)
  const text = renderConfigText(r.module, {fileName: fileNamer('fixtures/load/tofu-shadowing', repoRoot)})
  assert.match(text, '# fixtures/load/tofu-shadowing/extra.tf:1,1-33, overridden by extra_override.tofu\n')
  assert.match(text, '# from fixtures/load/tofu-shadowing/extra_override.tofu:2')
  assert.match(renderConfigText(r.module), '# extra.tf:1,1-33, overridden by extra_override.tofu\n')
})

test.run()
