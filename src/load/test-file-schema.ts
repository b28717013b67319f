// What a test file may hold, by engine and release, as their test-file loaders' schemas say
// (internal/configs/test_file.go and mock_provider.go): Terraform added mock providers and overrides in 1.7,
// a run's `state_key` in 1.11, the `test` block and a run's `parallel` in 1.12, `variable` blocks in 1.13,
// `skip_cleanup` and a run's `backend` block in 1.14 (experimental builds only); OpenTofu's loader (v1.12.6)
// has no `test`, `variable`, `state_key`, `parallel` or `skip_cleanup`, and its mock_provider takes
// `for_each` from 1.11 (mockProviderBlockSchema, opentofu #3087) but no `source` or `override_during`.
// What a release does not know is HCL's "Unsupported block type" / "Unsupported argument".
import type {EngineName} from './engine.js'

export interface TestFileSchema {
  /** Top-level block types, with their label names (the `test` block apart). */
  readonly fileBlocks: Readonly<Record<string, readonly string[]>>
  /** The `test` block and its arguments; undefined: the release has none. */
  readonly testBlock?: readonly string[]
  readonly runAttributes: readonly string[]
  readonly runBlocks: readonly string[]
  readonly mockProviderAttributes: readonly string[]
}

/** `version` (a release number such as 1.11.4) is `min` or later. */
function atLeast(version: string, min: string): boolean {
  const v = version.split(/[.-]/).map(Number)
  const m = min.split('.').map(Number)
  for (let i = 0; i < 3; i++) if ((v[i] ?? 0) !== (m[i] ?? 0)) return (v[i] ?? 0) > (m[i] ?? 0)
  return true
}

const OVERRIDES = ['override_resource', 'override_data', 'override_module']

/** The schema of `engine`'s test files at `version` (the release whose behaviour tfgraph follows). */
export function testFileSchema(engine: EngineName, version: string): TestFileSchema {
  const from = (min: string, ...names: string[]): string[] => (atLeast(version, min) ? names : [])
  if (engine === 'opentofu')
    return {
      fileBlocks: {
        run: ['name'],
        provider: ['name'],
        mock_provider: ['name'],
        variables: [],
        ...Object.fromEntries(OVERRIDES.map((o) => [o, []])),
      },
      runAttributes: ['command', 'providers', 'expect_failures'],
      runBlocks: ['plan_options', 'assert', 'variables', 'module', ...OVERRIDES],
      mockProviderAttributes: ['alias', ...from('1.11.0', 'for_each')],
    }
  const mocks = atLeast(version, '1.7.0')
  return {
    fileBlocks: {
      run: ['name'],
      provider: ['name'],
      ...(mocks ? {mock_provider: ['name']} : {}),
      ...(atLeast(version, '1.13.0') ? {variable: ['name']} : {}),
      variables: [],
      ...(mocks ? Object.fromEntries(OVERRIDES.map((o) => [o, []])) : {}),
    },
    ...(atLeast(version, '1.12.0') ? {testBlock: ['parallel', ...from('1.14.0', 'skip_cleanup')]} : {}),
    runAttributes: [
      'command',
      'providers',
      'expect_failures',
      ...from('1.11.0', 'state_key'),
      ...from('1.12.0', 'parallel'),
      ...from('1.14.0', 'skip_cleanup'),
    ],
    runBlocks: ['plan_options', 'assert', 'variables', 'module', ...(mocks ? OVERRIDES : []), ...from('1.14.0', 'backend')],
    mockProviderAttributes: ['alias', 'source', 'override_during'],
  }
}
