// `tfgraph lock`: statuses, --verify (directory and zip, match and mismatch), --platforms, malformed
// lock files; golden text and JSON beside each fixture.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {checkLock, lockDocument, renderDiagnosticsText, renderLockText} from '../../src/index.js'
import {assertGolden} from '../helpers/golden.js'
import {fixturesDir} from '../helpers/paths.js'

const base = path.join(fixturesDir, 'lock')

test('statuses: ok, missing, unsatisfied, unused; recorded vs current constraints; platforms', async () => {
  const dir = path.join(base, 'statuses')
  const c = await checkLock(dir, {env: {}, platforms: ['linux_amd64', 'darwin_arm64']})
  const st = Object.fromEntries(c.providers.map((p) => [p.provider.split('/').pop(), p.status]))
  assert.equal(st, {aws: 'ok', null: 'unused', random: 'unsatisfied', tls: 'missing'})
  assert.not.ok(c.providers.some((p) => p.provider.startsWith('terraform.io/builtin/')), 'built-in providers need no lock')
  const aws = c.providers.find((p) => p.provider.endsWith('/aws'))
  assert.is(aws?.constraintsChanged, true)
  assert.is(aws?.recordedConstraints, '~> 5.0')
  assert.is(aws?.constraints, '>= 5.0.0')
  assert.ok(c.diagnostics.some((d) => d.summary === 'Inconsistent dependency lock file' && d.detail.includes('provider registry.terraform.io/hashicorp/tls: required by this configuration but no version is selected')))
  assert.ok(c.diagnostics.some((d) => d.summary === 'Lock file may not cover every platform' && d.detail.includes('-platform=darwin_arm64')))
  assertGolden(path.join(dir, 'expected.json'), JSON.stringify(lockDocument(c), null, 2) + '\n')
  assertGolden(path.join(dir, 'expected.txt'), renderLockText(c) + '\n' + renderDiagnosticsText(c.diagnostics))
})

test('--verify: unpacked directory and zip packages, match and mismatch', async () => {
  const dir = path.join(base, 'verify')
  const c = await checkLock(dir, {env: {}, verify: true, pluginDirs: [path.join(dir, 'mirror')]})
  assert.equal(
    c.packages.map((p) => `${p.provider.split('/').pop()} ${p.platform} ${p.status}`),
    ['null linux_amd64 mismatch', 'test linux_amd64 match', 'test darwin_arm64 match'],
  )
  assert.is(c.packages.find((p) => p.platform === 'linux_amd64' && p.provider.endsWith('/test'))?.h1, 'h1:7MjN4eFisdTv4tlhXH5hL4QQd39Jy4baPhFxwAd/EFE=')
  assert.ok(c.packages.find((p) => p.platform === 'darwin_arm64')?.zh?.startsWith('zh:'))
  const mismatch = c.diagnostics.find((d) => d.summary === 'Provider package checksum mismatch')
  assert.ok(mismatch?.detail.includes('h1:vWAsYRd7MjYr3adj8BVKRohVfHpWQdvkIwUQ2Jf5FVM='), 'names both hashes')
  assertGolden(path.join(dir, 'expected.json'), JSON.stringify(lockDocument(c), null, 2) + '\n')
  assertGolden(path.join(dir, 'expected.txt'), renderLockText(c) + '\n' + renderDiagnosticsText(c.diagnostics))
})

test('malformed lock file: diagnostics with locations, no crash', async () => {
  const dir = path.join(base, 'malformed')
  const c = await checkLock(dir, {env: {}})
  const where = c.diagnostics.filter((d) => d.range?.filename === '.terraform.lock.hcl').map((d) => `${d.range?.start.line} ${d.summary}`)
  assert.ok(where.some((w) => w.startsWith('1 Non-normalized provider source address')), where.join('\n'))
  assert.ok(where.some((w) => w.includes('Invalid provider version number')), where.join('\n'))
  assert.ok(where.some((w) => w.includes('Unsupported block type')), where.join('\n'))
  assertGolden(path.join(dir, 'expected.txt'), renderLockText(c) + '\n' + renderDiagnosticsText(c.diagnostics))
})

test('OpenTofu: a registry.terraform.io entry where registry.opentofu.org is required is explained', async () => {
  const c = await checkLock(path.join(base, 'tofu-registry'), {env: {}})
  assert.equal(
    c.providers.map((p) => `${p.provider} ${p.status}`),
    ['registry.opentofu.org/hashicorp/aws missing', 'registry.terraform.io/hashicorp/aws unused'],
  )
  const hint = c.diagnostics.find((d) => d.summary === 'Lock entry for the other registry')
  assert.match(hint?.detail ?? '', /requires registry.opentofu.org\/hashicorp\/aws/)
  assert.is(hint?.range?.start.line, 4)
})

test.run()
