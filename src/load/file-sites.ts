// The third table of the block kinds (block-kinds.ts, issue 50): the blocks of a test file (`.tftest.hcl`,
// `.tofutest.hcl`) and of a stack file (`.tfcomponent.hcl`, `.tfstack.hcl`) that declare or pass a provider
// configuration. One row each, read by the test-file schema and decoder (test-file-schema.ts,
// test-file-decode.ts: which blocks a release accepts, their labels, which decoder reads them, whether a
// declared block is a mock), the lint rule about mocks (unused-mock-provider: the keyword its findings name),
// a run's bindings (test-runs/: the keyword of the block a resolution step names, the blocks the
// missing-configuration explanations name) and the stack decoder
// (stacks/decode-file.ts: the labels of component, removed and provider). A run carries the table with its
// block kinds (`BlockKinds.files`), so a test run of a context built with another table reads that one.
//
// Where do I add such a block: one row here, and, unless the file's decoder knows it already, its `decode`.
// A test-file row that `declares` a configuration and has a decoder becomes one of the file's provider
// blocks (`TestFile.providers`, keyed `name` or `name.alias`: a run's providers map names it, a run without
// a map gets it by default); one that passes a `providers map` becomes a run of the file. Stack rows are
// decoded by the stack decoder alone (it knows component, removed and provider): a stack row with `decode`
// is checked and its labels read, and the stack model keeps nothing of it.
import type {EngineName} from '../addrs/engine-name.js'
import type {Diagnostic} from '../diag/diagnostic.js'
import type {Block} from '../hcl/syntax.js'

/** What a row's decoder says of one block (of any of the three tables): its problems, and whether the block is kept. */
export interface KindDecode {
  readonly diagnostics: readonly Diagnostic[]
  readonly keep: boolean
}

/** The kind of file a row's block stands in. */
export type SiteFile = 'test' | 'stack'

export interface FileSite {
  /** Its file: a test file (`.tftest.hcl`/`.json`, OpenTofu's `.tofutest.*`), a stack file (`.tfcomponent.hcl`, `.tfstack.hcl`). */
  readonly file: SiteFile
  /** The block type (`provider`, `mock_provider`, `run`, `component`, …). */
  readonly keyword: string
  /** Its labels (HCL's label-count check). */
  readonly labels: readonly string[]
  /** Where it stands: the file's top level (no such block nests in another). */
  readonly within: 'file'
  /**
   * How it names a provider: it `declares` a configuration of the file (its labels, and its `alias` in a
   * test file, are the configuration's address), or its `providers map` (`providers = { aws = … }`) passes
   * the file's configurations to the module it runs or calls.
   */
  readonly names: 'declares' | 'providers map'
  /**
   * Its address form, as the file's other blocks and the outputs name it: `<name>[.<alias>]` (a test file's
   * provider block: the key a run's providers map names), `run.<name>`, `provider.<type>.<name>`,
   * `component.<name>`, `<from>` (a removed block: the component its `from` names).
   */
  readonly address: string
  /**
   * Whether the values of its providers map are references evaluated as the file's expressions (a stack's
   * `provider.aws.x`, read by stack-values.ts) rather than static names of the file's blocks (a run's
   * `aws = aws.mocked`, read by decode.ts's decodeProvidersMap); false for a row that declares.
   */
  readonly reference: boolean
  /** A declared configuration that answers with mock values instead of the provider (unused-mock-provider reads these). */
  readonly mock: boolean
  /**
   * Its editor pattern: what a hover on the block shows (`component`: the module's chains of the component
   * or removed block, `configuration`: the resources a stack provider serves; stack-hover.ts), none for test
   * files (the language server does not open them).
   */
  readonly editor: {readonly hover?: 'component' | 'configuration'}
  /** The engines whose files accept it. */
  readonly engines: readonly EngineName[]
  /** The first release of an engine that accepts it (absent: every release tfgraph follows). */
  readonly since?: Partial<Readonly<Record<EngineName, string>>>
  /** The decoder of a block the file's decoder does not know: its problems, and whether it is kept. */
  readonly decode?: (b: Block) => KindDecode
}

const BOTH: readonly EngineName[] = ['terraform', 'opentofu']

/** The blocks of test files and stack files that declare or pass a provider configuration. */
export const BUILTIN_FILE_SITES: readonly FileSite[] = Object.freeze([
  // a run: its providers map names the file's provider and mock_provider blocks (`aws = aws.mocked`)
  {
    file: 'test',
    keyword: 'run',
    labels: ['name'],
    within: 'file',
    names: 'providers map',
    address: 'run.<name>',
    reference: false,
    mock: false,
    editor: {},
    engines: BOTH,
  },
  {
    file: 'test',
    keyword: 'provider',
    labels: ['name'],
    within: 'file',
    names: 'declares',
    address: '<name>[.<alias>]',
    reference: false,
    mock: false,
    editor: {},
    engines: BOTH,
  },
  // Terraform added mock providers in 1.7; OpenTofu has them in every release tfgraph follows
  {
    file: 'test',
    keyword: 'mock_provider',
    labels: ['name'],
    within: 'file',
    names: 'declares',
    address: '<name>[.<alias>]',
    reference: false,
    mock: true,
    editor: {},
    engines: BOTH,
    since: {terraform: '1.7.0'},
  },
  // Terraform Stacks: a component passes the stack's configurations to its module's root
  {
    file: 'stack',
    keyword: 'component',
    labels: ['name'],
    within: 'file',
    names: 'providers map',
    address: 'component.<name>',
    reference: true,
    mock: false,
    editor: {hover: 'component'},
    engines: ['terraform'],
  },
  {
    file: 'stack',
    keyword: 'provider',
    labels: ['type', 'name'],
    within: 'file',
    names: 'declares',
    address: 'provider.<type>.<name>',
    reference: false,
    mock: false,
    editor: {hover: 'configuration'},
    engines: ['terraform'],
  },
  // a removed component: its providers map serves the destroy of what its `from` names
  {
    file: 'stack',
    keyword: 'removed',
    labels: [],
    within: 'file',
    names: 'providers map',
    address: '<from>',
    reference: true,
    mock: false,
    editor: {hover: 'component'},
    engines: ['terraform'],
  },
] satisfies FileSite[])

/** `version` (a release number such as 1.11.4) is `min` or later. */
export function atLeast(version: string, min: string): boolean {
  const v = version.split(/[.-]/).map(Number)
  const m = min.split('.').map(Number)
  for (let i = 0; i < 3; i++) if ((v[i] ?? 0) !== (m[i] ?? 0)) return (v[i] ?? 0) > (m[i] ?? 0)
  return true
}

/** The rows of `file` that `engine` at `version` accepts, in the table's order. */
export function fileSitesOf(sites: readonly FileSite[], file: SiteFile, engine: EngineName, version: string): FileSite[] {
  return sites.filter((s) => {
    if (s.file !== file || !s.engines.includes(engine)) return false
    const since = s.since?.[engine]
    return since === undefined || atLeast(version, since)
  })
}

/** The keywords of `sites` as a sentence names them: `provider or mock_provider`, `a, b or c`. */
export function keywordsText(sites: readonly FileSite[]): string {
  const k = sites.map((s) => s.keyword)
  return k.length <= 1 ? (k[0] ?? '') : `${k.slice(0, -1).join(', ')} or ${k[k.length - 1]}`
}
