// A directory whose own required_providers declares configuration_aliases is a shared module: tfgraph
// binds its resources to the configurations expected from the caller, where Terraform (run on it as a
// root) fails with "missing provider …" (hashicorp/terraform#28490). Every other check still runs.
import {spawnSync} from 'node:child_process'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyzeProviders, lint, providersDocument, stepText} from '../helpers/internal.js'
import {renameRanges, rootRelative} from '../../src/diag/file-names.js'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

const dir = path.join(fixturesDir, 'providers/shared-module')
const AWS = 'provider["registry.terraform.io/hashicorp/aws"]'

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin/run.cjs'), ...args], {
    encoding: 'utf8',
    env: {...process.env, NO_COLOR: '1'},
  })
  return {code: r.status, stdout: r.stdout, stderr: r.stderr}
}

test('providers: resources using an expected configuration bind to it; a child receives one through its providers map', async () => {
  const a = await analyzeProviders(dir, {engine: 'terraform', env: {}})
  const bound = Object.fromEntries(a.resolution.resources.map((r) => [r.address.key, r.providerConfig?.key]))
  assert.equal(bound, {'aws_instance.x': `${AWS}.source`, 'aws_instance.y': AWS, 'module.child.aws_instance.z': `${AWS}.dest`})
  const x = a.resolution.resources.find((r) => r.address.key === 'aws_instance.x')
  const expected = x?.resolution.find((s) => s.kind === 'expected')
  assert.match(
    expected ? renameRanges(stepText(expected, a.tree.engine), rootRelative(dir)) : '',
    /expected from the caller: .* declares aws\.source in configuration_aliases \(main\.tf:3,64-74\)/,
  )
  assert.equal(
    a.diagnostics.map((d) => `${d.severity} ${d.summary}`),
    ['warning Reference to undefined provider'],
    'only the warning Terraform also gives (the child has no required_providers entry)',
  )
  const doc = providersDocument(a, 'fixtures/providers/shared-module') as unknown as {
    shared_module?: {reason: string; configuration_aliases: {name: string; range: {start: {line: number}}}[]}
    provider_configs: {address: string; expected?: boolean}[]
  }
  assert.equal(
    doc.shared_module?.configuration_aliases.map((c) => `${c.name}@${c.range.start.line}`),
    ['aws.source@3', 'aws.dest@3'],
  )
  assert.equal(
    doc.provider_configs.filter((c) => c.expected).map((c) => c.address),
    [`${AWS}.dest`, `${AWS}.source`],
  )
})

test('lint: no error for the expected configurations; exit 0; the note printed once, at the top', async () => {
  const r = await lint(dir, {engine: 'terraform', env: {}})
  assert.equal(
    r.diagnostics.filter((d) => d.severity === 'error'),
    [],
  )
  assert.is(r.notes.length, 1)
  const text = cli('lint', dir)
  assert.is(text.code, 0, text.stdout + text.stderr)
  // file names are printed from the current directory (here the repository)
  const at = path.relative(repoRoot, path.join(dir, 'main.tf'))
  assert.ok(
    text.stdout.startsWith(
      `This directory is analysed as a shared module: its required_providers declares configuration_aliases (aws.source at ${at}:3,64-74, aws.dest at ${at}:3,76-84)`,
    ),
    text.stdout,
  )
  assert.is(text.stdout.split('analysed as a shared module').length, 2)
  const json = JSON.parse(cli('lint', dir, '--format', 'json').stdout) as {valid: boolean; notes?: string[]}
  assert.is(json.valid, true)
  assert.match(json.notes?.[0] ?? '', /shared module/)
})

test('lock: no error for a shared module without a lock file', () => {
  const r = cli('lock', dir)
  assert.is(r.code, 0, r.stdout + r.stderr)
  assert.not.match(r.stdout + r.stderr, /Error/)
})

test('a root module (no configuration_aliases) still gets the error Terraform gives for a missing aliased configuration', async () => {
  const a = await analyzeProviders(path.join(fixturesDir, 'providers/missing-config-resource'), {engine: 'terraform', env: {}})
  const d = a.diagnostics.find((x) => x.summary === 'Provider configuration not present')
  assert.ok(d)
  assert.is(d.range, undefined, 'Terraform gives this error no range')
  assert.equal([d.extra?.range?.filename, d.extra?.range?.start.line], ['main.tf', 3])
  assert.match(
    d.detail,
    /^To work with aws_instance\.x \(expand\) its original provider configuration at provider\["registry\.terraform\.io\/hashicorp\/aws"\]\.nope is required/,
  )
  assert.equal(a.sharedModule, undefined)
})

test.run()
