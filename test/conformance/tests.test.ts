// Conformance cases about test files and provider configurations (issue 32): the `terraform test` cases of
// Terraform's and OpenTofu's repositories that concern providers (fixtures/conformance-tests, copied from
// OpenTofu; expected outcomes from both repositories' internal/command/test_test.go), and the loader cases
// of ../shared/conformance (config-diagnostics/tests-provider-mismatch*: their `errors` files; the
// test files of tofu-and-tf-files; command/testdata/providers/tests), under both engines.
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {suite} from 'uvu'
import * as assert from 'uvu/assert'
import {formatRange} from '../../src/diag/diagnostic.js'
import {analyzeProviders, requirementsTree} from '../helpers/internal.js'
import {fixturesDir, hasShared, sharedDir} from '../helpers/paths.js'

const C = suite('conformance: test files')
const cases = path.join(fixturesDir, 'conformance-tests')
const host = (e: 'terraform' | 'opentofu') => (e === 'opentofu' ? 'registry.opentofu.org' : 'registry.terraform.io')

/** Per case: each run's errors (summary and the configuration named), none for a run that passes. */
const EXPECTED: Record<string, Record<string, string[]>> = {
  'missing-provider': {passes_validation: ['Provider configuration not present: test_resource.secondary H/hashicorp/test .secondary']},
  'missing-provider-in-run-block': {
    passes_validation: ['Provider configuration not present: test_resource.secondary H/hashicorp/test .secondary'],
  },
  'missing-provider-in-test-module': {
    passes_validation_primary: [],
    passes_validation_secondary: ['Provider configuration not present: test_resource.secondary H/hashicorp/test .secondary'],
  },
  no_providers_in_main: {passes_validation: []},
  with_provider_alias: {setup: [], test: []},
}

for (const engine of ['terraform', 'opentofu'] as const) {
  for (const [name, runs] of Object.entries(EXPECTED)) {
    C(`${name} (${engine}): each run's errors as test_test.go expects them`, async () => {
      const a = await analyzeProviders(path.join(cases, name), {engine, env: {}, tests: true})
      const file = a.tests?.files[0]
      assert.equal(file?.diagnostics ?? [], [], 'no loader error')
      const got = Object.fromEntries(
        (file?.runs ?? []).map((r) => [
          r.name,
          r.diagnostics
            .filter((d) => d.severity === 'error')
            .map((d) => {
              // "To work with <resource> its original provider configuration at provider["<FQN>"].<alias> is required"
              const m = /^To work with (\S+) its original provider configuration at provider\["([^"]+)"\](\.\w+)? is required/.exec(
                d.detail,
              )
              return `${d.summary}: ${m ? `${m[1]} ${m[2]} ${m[3] ?? ''}`.trim() : d.detail}`
            }),
        ]),
      )
      const want = Object.fromEntries(Object.entries(runs).map(([r, errs]) => [r, errs.map((e) => e.replace('H/', host(engine) + '/'))]))
      assert.equal(got, want)
    })
  }
}

C('missing-provider-in-test-module: the failing run is the one that executes ./setup, located at its run block', async () => {
  const a = await analyzeProviders(path.join(cases, 'missing-provider-in-test-module'), {env: {}, tests: true})
  const run = a.tests?.files[0]?.runs.find((r) => r.name === 'passes_validation_secondary')
  assert.is(run?.module?.source, './setup')
  assert.equal(
    run?.diagnostics.map((d) => formatRange(d.extra!.range!)),
    ['main.tftest.hcl:21,1-34'],
  )
})

const up = path.join(sharedDir, 'conformance/opentofu/internal')
if (hasShared('conformance: test files', 'conformance/opentofu/internal')) {
  for (const engine of ['terraform', 'opentofu'] as const) {
    for (const name of ['tests-provider-mismatch', 'tests-provider-mismatch-with-module']) {
      C(`config-diagnostics/${name} (${engine}): the errors file`, async () => {
        const dir = path.join(up, 'configs/testdata/config-diagnostics', name)
        const want = readFileSync(path.join(dir, 'errors'), 'utf8')
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => l.replace(`testdata/config-diagnostics/${name}/`, '').replace(/registry\.opentofu\.org/g, host(engine)))
          .sort()
        const a = await analyzeProviders(dir, {engine, env: {}, tests: true})
        const got = (a.tests?.files ?? [])
          .flatMap((f) => f.diagnostics)
          .filter((d) => d.severity === 'error')
          .map((d) => `${formatRange(d.range!)}: ${d.summary}; ${d.detail.replace(/\n/g, '\\n')}`)
          .sort()
        assert.equal(got, want)
      })
    }

    C(`command/testdata/providers/tests (${engine}): a test file without module runs is a test.main branch`, async () => {
      const a = await analyzeProviders(path.join(up, 'command/testdata/providers/tests'), {engine, env: {}, tests: true})
      const tree = requirementsTree(a.tree, a.tests)
      assert.ok(tree.includes('├── test.main') || tree.includes('└── test.main'), tree)
      assert.ok(tree.includes(`provider[${host(engine)}/hashicorp/bar]`), tree)
      // Terraform lists no test file's own provider blocks (OpenTofu does: not followed here)
      assert.not.ok(tree.includes('hashicorp/foo'), tree)
    })
  }

  C('tofu-and-tf-files: OpenTofu reads the .tofutest files of the test directory "test", Terraform the .tftest ones', async () => {
    const dir = path.join(up, 'configs/testdata/tofu-and-tf-files')
    const tofu = await analyzeProviders(dir, {engine: 'opentofu', env: {}, tests: {directory: 'test'}})
    assert.equal(
      tofu.tests?.files.map((f) => f.path),
      ['test/resources_test.tofutest.hcl', 'test/resources_test_json.tofutest.json'],
    )
    const tf = await analyzeProviders(dir, {engine: 'terraform', env: {}, tests: {directory: 'test'}})
    assert.equal(
      tf.tests?.files.map((f) => f.path),
      ['test/resources_test.tftest.hcl', 'test/resources_test_json.tftest.json'],
    )
    assert.equal(tofu.tests?.diagnostics, [])
    // a loader case: its run gives `input` the module does not declare, which terraform test warns about
    // (backend/local/test.go; OpenTofu's test runner does not)
    assert.equal(
      tf.tests?.diagnostics.map((d) => `${d.severity} ${d.summary} ${formatRange(d.range!)}`),
      ['warning Value for undeclared variable test/resources_test.tftest.hcl:20,13-21'],
    )
  })
}

C.run()
