// What a test file may hold, by engine and release, as their test-file loaders' schemas say
// (internal/configs/test_file.go and mock_provider.go): Terraform added mock providers and overrides in 1.7,
// a run's `state_key` in 1.11, the `test` block and a run's `parallel` in 1.12, `variable` blocks in 1.13,
// `skip_cleanup` and a run's `backend` block in 1.14 (experimental builds only); OpenTofu's loader (v1.12.6)
// has no `test`, `variable`, `state_key`, `parallel` or `skip_cleanup`, and its mock_provider takes
// `for_each` from 1.11 (mockProviderBlockSchema, opentofu #3087) but no `source` or `override_during`.
// What a release does not know is HCL's "Unsupported block type" / "Unsupported argument". The blocks that
// declare or pass a provider configuration (run, provider, mock_provider, and any other) are the rows of the
// run's file-site table (file-sites.ts) that the engine's release accepts.
import type {EngineName} from './engine.js'
import {atLeast, BUILTIN_FILE_SITES, fileSitesOf, type FileSite} from './file-sites.js'

export interface TestFileSchema {
  /** Top-level block types, with their label names (the `test` block apart). */
  readonly fileBlocks: Readonly<Record<string, readonly string[]>>
  /** The `test` block and its arguments; undefined: the release has none. */
  readonly testBlock?: readonly string[]
  readonly runAttributes: readonly string[]
  readonly runBlocks: readonly string[]
  readonly mockProviderAttributes: readonly string[]
  /** The rows of the file-site table the release accepts, by keyword (their blocks lead `fileBlocks`). */
  readonly sites: ReadonlyMap<string, FileSite>
}

const OVERRIDES = ['override_resource', 'override_data', 'override_module']

/** The schema of `engine`'s test files at `version` (the release whose behaviour tfgraph follows), with the rows of `table`. */
export function testFileSchema(engine: EngineName, version: string, table: readonly FileSite[] = BUILTIN_FILE_SITES): TestFileSchema {
  const from = (min: string, ...names: string[]): string[] => (atLeast(version, min) ? names : [])
  const sites = new Map(fileSitesOf(table, 'test', engine, version).map((s) => [s.keyword, s] as const))
  const rows = Object.fromEntries([...sites.values()].map((s) => [s.keyword, s.labels]))
  if (engine === 'opentofu')
    return {
      fileBlocks: {
        ...rows,
        variables: [],
        ...Object.fromEntries(OVERRIDES.map((o) => [o, []])),
      },
      runAttributes: ['command', 'providers', 'expect_failures'],
      runBlocks: ['plan_options', 'assert', 'variables', 'module', ...OVERRIDES],
      mockProviderAttributes: ['alias', ...from('1.11.0', 'for_each')],
      sites,
    }
  const mocks = atLeast(version, '1.7.0')
  return {
    fileBlocks: {
      ...rows,
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
    sites,
  }
}
