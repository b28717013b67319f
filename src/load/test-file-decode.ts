// One test file (`*.tftest.hcl`, `*.tftest.json`; OpenTofu also `*.tofutest.*`) decoded as Terraform's
// loadTestFile does (internal/configs/test_file.go, mock_provider.go, provider.go at v1.16.0-rc2): its
// provider and mock_provider blocks (one namespace, keyed `name` or `name.alias`), its run blocks (command,
// `providers` map, `module` block), and the loader's diagnostics with Terraform's texts and subjects. A run
// with errors is left out, as Terraform leaves it out; the file's other runs are kept. Which blocks declare
// or pass a provider configuration is the file-site table's (file-sites.ts): a row this decoder does not
// know is read by its own `decode`, then as a provider block (a row that declares) or a run (a providers map).
import {localNameProblem} from '../addrs/provider.js'
import {parseModuleSource, type ModuleSource} from '../addrs/module-source.js'
import type {Diagnostic, SourceRange} from '../diag/diagnostic.js'
import {errorDiag, formatRange, warningDiag} from '../diag/diagnostic.js'
import {goQuote} from '../diag/go-quote.js'
import {keywordOf, literalBool, literalString, traversalOf, type ScopeTraversalExpr} from '../hcl/expr.js'
import type {Attribute, Block, Body, ConfigFile} from '../hcl/syntax.js'
import {BAD_IDENTIFIER_DETAIL} from './action-blocks.js'
import {bodySchemaProblems, labelProblems} from './body-schema.js'
import {decodeProvidersMap, forEachWithoutAlias, type PassedProvider} from './decode.js'
import type {Engine} from './engine.js'
import type {FileSite} from './file-sites.js'
import {testFileSchema, type TestFileSchema} from './test-file-schema.js'

/** A provider or mock_provider block of a test file. */
export interface TestProviderBlock {
  readonly name: string
  readonly alias?: string
  /** `name` or `name.alias`: the key runs name it by. */
  readonly key: string
  readonly mock: boolean
  readonly block: Block
  /** A mock_provider's `source`: the directory of its mock data files, as written. */
  readonly mockSource?: string
}

/** The `module` block of a run: the run executes another module than the one under test. */
export interface TestRunModule {
  readonly sourceText: string
  readonly source: ModuleSource
  readonly version?: string
  readonly block: Block
}

export interface TestRun {
  readonly name: string
  readonly block: Block
  readonly command: 'apply' | 'plan'
  /** The run's `providers` map; empty: the file's provider blocks serve the module (Terraform's default). */
  readonly providers: readonly PassedProvider[]
  readonly module?: TestRunModule
}

export interface TestFile {
  /** Relative to the root module's directory, `/`-separated: `tests/main.tftest.hcl`. */
  readonly path: string
  /** Provider and mock_provider blocks by key (OpenTofu keeps both kinds apart: a provider block wins here). */
  readonly providers: ReadonlyMap<string, TestProviderBlock>
  /** OpenTofu: a mock_provider whose key a provider block also has, which a run without a providers map gets instead. */
  readonly mockOverrides?: ReadonlyMap<string, TestProviderBlock>
  readonly runs: readonly TestRun[]
  readonly diagnostics: readonly Diagnostic[]
  /** The file's own override blocks (override_resource, override_data, override_module) that decoded without errors. */
  readonly overrides?: readonly Block[]
  /** The mock data files its mock_provider blocks' `source` directories hold (mock-data.ts), relative to the root. */
  readonly mockFiles?: readonly string[]
}

export interface TestDecodeOptions {
  readonly engine: Engine
  /** Terraform 1.14 and later report a second run of one name at its name (before: at its header). */
  readonly runNameSubject: boolean
  /** The release whose test-file schema applies (test-file-schema.ts); default: the newest. */
  readonly version?: string
  /** The run's file-site table (`BlockKinds.files`); default: the built-in rows. */
  readonly sites?: readonly FileSite[]
}

const VALID_IDENTIFIER = /^[\p{ID_Start}_][\p{ID_Continue}-]*$/u
const NEWEST = '99.0.0'

/** What decoding one file collects. */
class FileDecoder {
  readonly diags: Diagnostic[] = []
  readonly providers = new Map<string, TestProviderBlock>()
  readonly mockOverrides = new Map<string, TestProviderBlock>()
  readonly runs: TestRun[] = []
  /** The file's own override_resource, override_data and override_module blocks that decoded without errors. */
  readonly overrides: Block[] = []
  private readonly runNames = new Map<string, Block>()
  private variables: Block | undefined
  readonly schema: TestFileSchema

  constructor(readonly opts: TestDecodeOptions) {
    this.schema = testFileSchema(opts.engine.name, opts.version ?? NEWEST, opts.sites)
  }

  error(code: Parameters<typeof errorDiag>[0], summary: string, detail: string, range?: SourceRange): void {
    this.diags.push(errorDiag(code, summary, detail, range))
  }

  /** The `test` block (Terraform ≥ 1.12): one, with parallel (and skip_cleanup, experimental builds only). */
  testBlocks(blocks: readonly Block[]): boolean {
    const tests = blocks.filter((b) => b.type === 'test')
    for (const other of tests.slice(1))
      this.error(
        'test.duplicate-block',
        'Multiple "test" blocks',
        `This test file already has a "test" block defined at ${formatRange(tests[0]!.declRange)}.`,
        other.declRange,
      )
    if (tests.length > 1) return false
    const t = tests[0]
    if (!t) return true
    this.diags.push(...labelProblems(t, []), ...bodySchemaProblems(t.body, {attributes: this.schema.testBlock ?? [], blocks: []}))
    this.experimentalAttribute(t)
    return true
  }

  experimentalAttribute(b: Block): void {
    const a = b.body.attributes.find((x) => x.name === 'skip_cleanup')
    if (a && this.schema.runAttributes.includes('skip_cleanup'))
      this.error(
        'test.experimental',
        'Invalid attribute',
        `The skip_cleanup attribute is only available in experimental builds of ${this.opts.engine.product}.`,
        a.nameRange,
      )
  }

  block(b: Block): void {
    const labels = this.schema.fileBlocks[b.type]
    if (labels === undefined) return
    const labelDiags = labelProblems(b, labels)
    this.diags.push(...labelDiags)
    if (labelDiags.length > 0) return
    const site = this.schema.sites.get(b.type)
    if (site) {
      if (site.decode) {
        const d = site.decode(b)
        this.diags.push(...d.diagnostics)
        if (!d.keep) return
      }
      if (site.names === 'providers map') this.run(b, site)
      else this.provider(b, site)
      return
    }
    switch (b.type) {
      case 'variables':
        if (this.variables)
          this.error(
            'test.duplicate-block',
            'Multiple "variables" blocks',
            `This test file already has a variables block defined at ${formatRange(this.variables.declRange)}.`,
            b.declRange,
          )
        else this.variables = b
        break
      case 'variable':
        break
      default: {
        const problems = overrideProblems(b)
        this.diags.push(...problems)
        if (!problems.some((d) => d.severity === 'error')) this.overrides.push(b)
      }
    }
  }

  run(b: Block, site: FileSite): void {
    const before = this.diags.length
    const run = site.decode ? decodeRunOf(b, this.opts.engine, this.diags) : decodeRun(b, this.opts, this.schema, this.diags)
    const ok = !this.diags.slice(before).some((d) => d.severity === 'error')
    if (ok) this.runs.push(run)
    const prev = this.runNames.get(run.name)
    // OpenTofu does not check run names
    if (prev && this.opts.engine.name === 'terraform') {
      const subject = this.opts.runNameSubject ? b.labels[0]!.range : b.declRange
      this.error(
        'test.duplicate-run',
        'Duplicate "run" block names',
        `This test file already has a run named ${run.name} block defined at ${formatRange(prev.declRange)}.`,
        subject,
      )
    } else this.runNames.set(run.name, b)
  }

  provider(b: Block, site: FileSite): void {
    const p = site.decode
      ? decodeProviderOf(b, site, this.diags)
      : site.mock
        ? decodeMockProvider(b, this.schema, this.diags)
        : decodeTestProvider(b, this.opts.engine, this.diags)
    if (!p) return
    if (this.opts.engine.name === 'opentofu') {
      this.tofuProvider(p)
      return
    }
    const prev = this.providers.get(p.key)
    if (prev) {
      this.error(
        'test.duplicate-provider',
        'Duplicate provider block',
        `A provider for ${p.key} is already defined at ${formatRange(prev.block.labels[0]!.range)}.`,
        b.declRange,
      )
      return
    }
    this.providers.set(p.key, p)
  }

  /**
   * OpenTofu (internal/configs/test_file.go loadTestFile): provider blocks and mock_provider blocks in two
   * maps; a second provider block of a key replaces the first, a second mock_provider is an error.
   */
  tofuProvider(p: TestProviderBlock): void {
    const prev = this.providers.get(p.key)
    if (p.mock) {
      const mock = prev?.mock ? prev : this.mockOverrides.get(p.key)
      if (mock) {
        this.error(
          'test.duplicate-provider',
          `Duplicated \`${p.block.type}\` block`,
          `It is not allowed to have multiple \`${p.block.type}\` blocks with the same address: \`${p.key}\`.`,
          p.block.declRange,
        )
        return
      }
      if (prev) this.mockOverrides.set(p.key, p)
      else this.providers.set(p.key, p)
      return
    }
    if (prev?.mock) this.mockOverrides.set(p.key, prev)
    this.providers.set(p.key, p)
  }
}

/** Decodes one parsed test file (`path` relative to the root module). */
export function decodeTestFile(path: string, file: ConfigFile, opts: TestDecodeOptions): TestFile {
  const d = new FileDecoder(opts)
  const result = (): TestFile => ({
    path,
    providers: d.providers,
    ...(d.mockOverrides.size > 0 ? {mockOverrides: d.mockOverrides} : {}),
    runs: d.runs,
    ...(d.overrides.length > 0 ? {overrides: d.overrides} : {}),
    diagnostics: d.diags,
  })
  // a release without the test block reads it as a block it does not know
  if (d.schema.testBlock && !d.testBlocks(file.body.blocks)) return result()
  const rest = d.schema.testBlock ? {...file.body, blocks: file.body.blocks.filter((b) => b.type !== 'test')} : file.body
  d.diags.push(...bodySchemaProblems(rest, {attributes: [], blocks: Object.keys(d.schema.fileBlocks)}))
  for (const b of rest.blocks) d.block(b)
  return result()
}

/** The provider alias of a block, and its check (provider.go). */
function aliasOf(b: Block, diags: Diagnostic[]): string | undefined {
  const a = b.body.attributes.find((x) => x.name === 'alias')
  const alias = literalString(a)
  if (alias !== undefined && !VALID_IDENTIFIER.test(alias))
    diags.push(
      errorDiag(
        'provider.invalid-alias',
        'Invalid provider configuration alias',
        `An alias must be a valid name. ${BAD_IDENTIFIER_DETAIL}`,
      ),
    )
  return alias
}

/** provider.go decodeProviderBlock with testFile = true: no version constraint in a test file. */
function decodeTestProvider(b: Block, engine: Engine, diags: Diagnostic[]): TestProviderBlock | undefined {
  const names = providerNames(b, diags)
  if (!names) return undefined
  const version = b.body.attributes.find((a) => a.name === 'version')
  // OpenTofu decodes a test file's provider block like every other: a version is deprecated, not an error
  if (version && engine.name === 'opentofu')
    diags.push(
      warningDiag(
        'provider.version-in-config',
        'Version constraints inside provider configuration blocks are deprecated',
        'OpenTofu 0.13 and earlier allowed provider version constraints inside the provider configuration block, but that is now deprecated and will be removed in a future version of OpenTofu. To silence this warning, move the provider version constraint into the required_providers block.',
        version.exprRange,
      ),
    )
  if (version && engine.name === 'terraform')
    diags.push(
      errorDiag(
        'test.provider-version',
        'Version constraints are not allowed in test files',
        'Version constraints inside provider configuration blocks are not allowed in test files. To silence this error, move the provider version constraint into the required_providers block of the configuration that uses this provider.',
        version.exprRange,
      ),
    )
  for (const reserved of engine.name === 'opentofu' ? ['count', 'depends_on', 'source'] : ['count', 'depends_on', 'for_each', 'source']) {
    const a = b.body.attributes.find((x) => x.name === reserved)
    if (a)
      diags.push(
        errorDiag(
          'provider.reserved-argument',
          'Reserved argument name in provider block',
          `The provider argument name ${goQuote(reserved)} is reserved for use by ${engine.product} in a future version.`,
          a.nameRange,
        ),
      )
  }
  for (const nb of b.body.blocks.filter((x) => x.type === 'lifecycle' || x.type === 'locals'))
    diags.push(
      errorDiag(
        'provider.reserved-block-type',
        'Reserved block type name in provider block',
        `The block type name ${goQuote(nb.type)} is reserved for use by ${engine.product} in a future version.`,
        nb.typeRange,
      ),
    )
  return {...names, mock: false, block: b}
}

/** A provider block of a row the decoder does not know (its own `decode` checked it): its name and alias. */
function decodeProviderOf(b: Block, site: FileSite, diags: Diagnostic[]): TestProviderBlock | undefined {
  const names = providerNames(b, diags)
  return names && {...names, mock: site.mock, block: b}
}

/** A test file's provider block's local name, alias and key; none when the name is not one (said in `diags`). */
function providerNames(b: Block, diags: Diagnostic[]): Pick<TestProviderBlock, 'name' | 'alias' | 'key'> | undefined {
  const name = b.labels[0]!.value
  const problem = localNameProblem(name)
  if (problem) {
    diags.push(errorDiag('provider.invalid-local-name', 'Invalid provider local name', problem, b.declRange))
    return undefined
  }
  const alias = aliasOf(b, diags)
  return {name, ...(alias !== undefined ? {alias} : {}), key: alias !== undefined ? `${name}.${alias}` : name}
}

/** A run of a row the decoder does not know (its own `decode` checked it): its name and providers map; it applies. */
function decodeRunOf(b: Block, engine: Engine, diags: Diagnostic[]): TestRun {
  const providersAttr = b.body.attributes.find((a) => a.name === 'providers')
  const providers = providersAttr ? decodeProvidersMap(providersAttr, engine, diags) : []
  return {name: b.labels[0]?.value ?? '', block: b, command: 'apply', providers}
}

/** mock_provider.go decodeMockProviderBlock and decodeMockDataBody (OpenTofu: test_file.go decodeMockProviderBlock). */
function decodeMockProvider(b: Block, schema: TestFileSchema, diags: Diagnostic[]): TestProviderBlock | undefined {
  const names = providerNames(b, diags)
  if (!names) return undefined
  const alias = names.alias
  if (schema.mockProviderAttributes.includes('override_during')) diags.push(...overrideDuring(b))
  const forEach = b.body.attributes.find((a) => a.name === 'for_each')
  if (forEach && alias === undefined && schema.mockProviderAttributes.includes('for_each')) diags.push(forEachWithoutAlias(forEach))
  const data = {...b.body, attributes: b.body.attributes.filter((a) => !schema.mockProviderAttributes.includes(a.name))}
  diags.push(...mockDataProblems(data))
  const source = schema.mockProviderAttributes.includes('source')
    ? literalString(b.body.attributes.find((a) => a.name === 'source'))
    : undefined
  return {...names, mock: true, block: b, ...(source ? {mockSource: source} : {})}
}

/** decodeMockDataBody: the mock and override blocks of a mock_provider (or of a mock data file), and nothing else. */
export function mockDataProblems(data: Body): Diagnostic[] {
  const diags = bodySchemaProblems(data, {attributes: [], blocks: ['mock_resource', 'mock_data', 'override_resource', 'override_data']})
  const seen = new Map<string, Block>()
  for (const nb of data.blocks) {
    if (nb.type === 'mock_resource' || nb.type === 'mock_data') {
      const labels = labelProblems(nb, ['type'])
      diags.push(...labels)
      if (labels.length > 0) continue
      diags.push(...bodySchemaProblems(nb.body, {attributes: ['defaults', 'override_during'], blocks: []}), ...overrideDuring(nb))
      const k = `${nb.type} ${nb.labels[0]!.value}`
      const prev = seen.get(k)
      if (prev)
        diags.push(
          errorDiag(
            'test.duplicate-mock',
            `Duplicate ${nb.type} block`,
            `A ${nb.type} block for ${nb.labels[0]!.value} has already been defined at ${formatRange(prev.declRange)}.`,
            nb.labels[0]!.range,
          ),
        )
      else seen.set(k, nb)
    } else if (nb.type === 'override_resource' || nb.type === 'override_data') diags.push(...overrideProblems(nb))
  }
  return diags
}

/** `override_during = plan | apply`. */
function overrideDuring(b: Block): Diagnostic[] {
  const a = b.body.attributes.find((x) => x.name === 'override_during')
  if (!a || ['plan', 'apply'].includes(keywordOf(a.node) ?? '')) return []
  return [
    errorDiag('test.invalid-value', 'Invalid override_during value', 'The override_during attribute must be a value of plan or apply.', {
      filename: a.nameRange.filename,
      start: a.nameRange.start,
      end: a.exprRange.end,
    }),
  ]
}

/** What an override target names: a data source (after the module calls, if there are some), or only module calls. */
function overrideTargetKind(t: ScopeTraversalExpr): {data: boolean; module: boolean} {
  const parts = [t.root, ...t.steps.map((st) => (st.k === 'attr' ? st.name : undefined))]
  let i = 0
  let calls = 0
  while (parts[i] === 'module' && parts[i + 1] !== undefined && i + 1 < parts.length) {
    i += 2
    if (i < parts.length && parts[i] === undefined) i++
    calls++
  }
  return {data: parts[i] === 'data' && i + 1 < parts.length, module: calls > 0 && i === parts.length}
}

/** An override_resource, override_data or override_module block (mock_provider.go decodeOverrideBlock): its own checks. */
export function overrideProblems(b: Block): Diagnostic[] {
  const values = b.type === 'override_module' ? 'outputs' : 'values'
  const out = [
    ...labelProblems(b, []),
    ...bodySchemaProblems(b.body, {attributes: ['target', 'override_during', values], blocks: []}),
    ...overrideDuring(b),
  ]
  const target = b.body.attributes.find((a) => a.name === 'target')
  if (!target) {
    out.push(errorDiag('test.invalid-override', 'Missing target attribute', `${b.type} blocks must specify a target address.`, b.declRange))
    return out
  }
  const t = traversalOf(target.node)
  if (!t) {
    out.push(
      errorDiag(
        'test.invalid-override',
        'Invalid expression',
        'A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.',
        target.exprRange,
      ),
    )
    return out
  }
  const text = target.expr.trim()
  const {data, module} = overrideTargetKind(t)
  const kind = b.type === 'override_module' ? 'modules' : b.type === 'override_data' ? 'data sources' : 'resources'
  const wrong = b.type === 'override_module' ? !module : module || (b.type === 'override_data' ? !data : data)
  if (wrong)
    out.push(
      errorDiag('test.invalid-override', 'Invalid override target', `You can only target ${kind} from ${b.type} blocks, not ${text}.`, {
        filename: target.nameRange.filename,
        start: target.nameRange.start,
        end: target.exprRange.end,
      }),
    )
  return out
}

/** test_file.go decodeTestRunBlock: what tfgraph reads of a run, and the loader's errors. */
function decodeRun(b: Block, opts: TestDecodeOptions, schema: TestFileSchema, diags: Diagnostic[]): TestRun {
  const name = b.labels[0]!.value
  diags.push(...bodySchemaProblems(b.body, {attributes: schema.runAttributes, blocks: schema.runBlocks}))
  if (!VALID_IDENTIFIER.test(name))
    diags.push(errorDiag('test.invalid-name', 'Invalid run block name', BAD_IDENTIFIER_DETAIL, b.labels[0]!.range))
  const once = new Map<string, Block>()
  let module: TestRunModule | undefined
  for (const nb of b.body.blocks) {
    if (nb.type === 'plan_options' || nb.type === 'variables' || nb.type === 'module') {
      // a block counts as the run's once it decoded without errors (Terraform keeps only those)
      const prev = once.get(nb.type)
      if (prev) {
        diags.push(
          errorDiag(
            'test.duplicate-block',
            `Multiple "${nb.type}" blocks`,
            `This run block already has a ${nb.type} block defined at ${formatRange(prev.declRange)}.`,
            nb.declRange,
          ),
        )
        if (nb.type !== 'module') continue
      }
      if (nb.type === 'variables') once.set(nb.type, nb)
      else if (nb.type === 'plan_options') {
        const problems = planOptionsProblems(nb)
        diags.push(...problems)
        if (!problems.some((d) => d.severity === 'error')) once.set(nb.type, nb)
      } else {
        const decoded = decodeRunModule(nb, opts.engine, diags)
        if (decoded) {
          module = decoded
          once.set(nb.type, nb)
        }
      }
    } else if (nb.type.startsWith('override_')) diags.push(...overrideProblems(nb))
    else if (nb.type === 'backend' && schema.runBlocks.includes('backend'))
      diags.push(
        errorDiag(
          'test.experimental',
          'Invalid block',
          `The backend block is only available within run blocks in experimental builds of ${opts.engine.product}.`,
          nb.declRange,
        ),
      )
  }
  const commandAttr = b.body.attributes.find((a) => a.name === 'command')
  const keyword = commandAttr ? keywordOf(commandAttr.node) : 'apply'
  if (commandAttr && keyword !== 'apply' && keyword !== 'plan')
    diags.push(
      errorDiag(
        'test.invalid-value',
        'Invalid "command" keyword',
        'The "command" argument requires one of the following keywords without quotes: apply or plan.',
        commandAttr.exprRange,
      ),
    )
  const providersAttr = b.body.attributes.find((a) => a.name === 'providers')
  const providers = providersAttr ? decodeProvidersMap(providersAttr, opts.engine, diags) : []
  const skip = b.body.attributes.find((x) => x.name === 'skip_cleanup')
  if (skip && schema.runAttributes.includes('skip_cleanup'))
    diags.push(
      errorDiag(
        'test.experimental',
        'Invalid attribute',
        'The skip_cleanup attribute is only available in experimental builds of Terraform.',
        skip.nameRange,
      ),
    )
  return {name, block: b, command: keyword === 'plan' ? 'plan' : 'apply', providers, ...(module ? {module} : {})}
}

/** decodeTestRunOptionsBlock. */
function planOptionsProblems(b: Block): Diagnostic[] {
  const out = bodySchemaProblems(b.body, {attributes: ['mode', 'refresh', 'replace', 'target'], blocks: []})
  const mode = b.body.attributes.find((a) => a.name === 'mode')
  const kw = mode ? keywordOf(mode.node) : 'normal'
  if (mode && kw !== 'normal' && kw !== 'refresh-only')
    out.push(
      errorDiag(
        'test.invalid-value',
        'Invalid "mode" keyword',
        'The "mode" argument requires one of the following keywords without quotes: normal or refresh-only',
        mode.exprRange,
      ),
    )
  const refresh = b.body.attributes.find((a) => a.name === 'refresh')
  if (refresh && literalBool(refresh) === false && kw === 'refresh-only')
    out.push(
      errorDiag(
        'test.invalid-value',
        'Incompatible plan options',
        'The "refresh" option cannot be set to false when running a test in "refresh-only" mode.',
        attributeRange(refresh),
      ),
    )
  return out
}

function attributeRange(a: Attribute): SourceRange {
  return {filename: a.nameRange.filename, start: a.nameRange.start, end: a.exprRange.end}
}

/** decodeTestRunModuleBlock: a local or registry source, and its version. */
function decodeRunModule(b: Block, engine: Engine, diags: Diagnostic[]): TestRunModule | undefined {
  diags.push(...labelProblems(b, []), ...bodySchemaProblems(b.body, {attributes: ['source', 'version'], blocks: []}))
  const src = b.body.attributes.find((a) => a.name === 'source')
  if (!src) {
    diags.push(
      errorDiag(
        'test.invalid-module',
        'Missing "source" attribute for module block',
        `You must specify a source attribute when executing alternate modules during test executions.`,
        b.declRange,
      ),
    )
    return undefined
  }
  const sourceText = literalString(src)
  if (sourceText === undefined) return undefined
  const version = literalString(b.body.attributes.find((a) => a.name === 'version'))
  const parsed = parseModuleSource(sourceText, {engine: engine.name, hasVersion: version !== undefined})
  if ('error' in parsed) {
    diags.push(errorDiag(parsed.error.code, parsed.error.summary, parsed.error.detail, attributeRange(src)))
    return undefined
  }
  if (parsed.source.kind !== 'local' && parsed.source.kind !== 'registry') {
    diags.push(
      errorDiag(
        'test.invalid-module',
        'Invalid module source address',
        'Only local or registry module sources are currently supported from within test run blocks.',
        attributeRange(src),
      ),
    )
    return undefined
  }
  return {sourceText, source: parsed.source, ...(version !== undefined ? {version} : {}), block: b}
}
