// Builds the merged Module from parsed files: primary files appended in order with Terraform's
// duplicate rules, then override files merged one by one (REFERENCE §b.2, §b.3).
import * as path from 'node:path'
import type {Diagnostic, DiagnosticCode, SourceRange} from '../diag/diagnostic.js'
import {errorDiag, formatRange, warningDiag} from '../diag/diagnostic.js'
import type {Attribute, Block, Body, ConfigFile} from '../hcl/syntax.js'
import type {Engine} from './engine.js'
import {BLOCK_KINDS, type BlockKind, type BlockKinds, type NamingSite} from './block-kinds.js'
import type {EngineName} from '../addrs/engine-name.js'
import type {Resource} from './records.js'
import type {ConfigFileEntry} from './file-set.js'
import type {Module} from './model.js'
import {elementKey} from './model.js'
import {attr, blocksOfType, mergeBodies} from './merge-body.js'
import {labelProblems} from './body-schema.js'
import {ModuleIndex, type ReferenceMemo} from './module-index.js'
import {localNames, readRequiredProviders} from './local-names.js'
import {decodeModule} from './decode.js'
import {checkMergedVariable, decodeVariable, TypeExprMemo, type DefaultState} from './variable-default.js'
import {quotedReferenceWarnings} from './quoted-references.js'
import {checkRuleDiagnostics, checkRuleProblems} from './check-rules.js'
import {duplicateImports, refactoringBlockProblems} from './refactoring-blocks.js'
import {repetitionDiagnostics} from './repetition-arguments.js'
import {
  decodeStateStore,
  duplicateEncryption,
  duplicateEncryptionInOverride,
  stateStorageConflict,
  stateStoreProviderRequirement,
} from './state-storage.js'
import {parseModuleSource} from '../addrs/module-source.js'
import {actionBlockProblems, actionTriggerProblems} from './action-blocks.js'
import {listBlockProblems, queryFileBlocks} from './query-files.js'
import {keywordOf, literalOf, literalString, objectItemsOf, tupleItemsOf} from '../hcl/expr.js'
import {goQuote} from '../diag/go-quote.js'
import {writtenRange} from '../hcl/traversal.js'

export interface ParsedFile {
  readonly entry: ConfigFileEntry
  readonly file: ConfigFile
}

const LABELS: Record<string, readonly string[]> = {
  variable: ['name'],
  locals: [],
  output: ['name'],
  module: ['name'],
  provider: ['name'],
  resource: ['type', 'name'],
  data: ['type', 'name'],
  ephemeral: ['type', 'name'],
  terraform: [],
  moved: [],
  check: ['name'],
  action: ['type', 'name'],
  language: [],
  list: ['type', 'name'],
}

const RESOURCE_LABELS: readonly string[] = ['type', 'name']
const ENGINES: readonly EngineName[] = ['terraform', 'opentofu']

function topLevelTypes(engine: Engine): Set<string> {
  const common = ['variable', 'locals', 'output', 'module', 'provider', 'resource', 'data', 'ephemeral', 'terraform', 'moved', 'check']
  return new Set(engine.name === 'opentofu' ? [...common, 'language'] : [...common, 'action'])
}

class Builder {
  readonly diags: Diagnostic[] = []
  readonly variables = new Map<string, Block>()
  readonly locals = new Map<string, Attribute>()
  readonly outputs = new Map<string, Block>()
  readonly moduleCalls = new Map<string, Block>()
  readonly providerConfigs = new Map<string, Block>()
  readonly managed = new Map<string, Block>()
  readonly data = new Map<string, Block>()
  readonly ephemeral = new Map<string, Block>()
  readonly requiredProviders = new Map<string, Attribute>()
  requiredProvidersBlock: Block | undefined
  requiredVersion: Attribute[] = []
  backend: Block | undefined
  cloud: Block | undefined
  stateStore: Block | undefined
  /** OpenTofu: the module's encryption block (the first among the primary files). */
  encryption: Block | undefined
  readonly providerMetas = new Map<string, Block>()
  readonly terraformAttributes = new Map<string, Attribute>()
  readonly terraformBlocks: Block[] = []
  readonly moved: Block[] = []
  /** The blocks of the table's top-level sites (`NamingSite`, within `module`) by keyword: import, removed, … */
  readonly siteBlocks = new Map<string, Block[]>()
  readonly checks: Block[] = []
  /** Data resources declared inside check blocks (keys as in `data`), with their check. */
  readonly checkData = new Map<string, Block>()
  /** Terraform's action blocks, keyed `type.name`. */
  readonly actions = new Map<string, Block>()
  /** The list blocks of the module's query files, keyed `type.name`. */
  readonly lists = new Map<string, Block>()
  /** The blocks of the kinds the table decodes (`BlockKind.decode`), by keyword, then keyed `type.name`. */
  readonly decodedKinds = new Map<string, Map<string, Block>>()
  readonly otherBlocks: Block[] = []
  readonly overrides = new Map<string, string[]>()
  /** Keys of the provider blocks an override file merged into (Terraform's merged body reads as empty). */
  readonly mergedProviders = new Set<string>()
  /** Where each variable's default stands after decoding and each merge. */
  readonly varStates = new Map<string, DefaultState>()

  constructor(
    readonly engine: Engine,
    readonly types: TypeExprMemo,
    readonly kinds: BlockKinds,
  ) {}

  /** The blocks of a top-level site kept so far (the list itself). */
  blocksOf(keyword: string): Block[] {
    let list = this.siteBlocks.get(keyword)
    if (!list) this.siteBlocks.set(keyword, (list = []))
    return list
  }

  get imports(): Block[] {
    return this.blocksOf('import')
  }

  error(code: DiagnosticCode, summary: string, detail: string, range?: SourceRange): void {
    this.diags.push(errorDiag(code, summary, detail, range))
  }

  warn(code: DiagnosticCode, summary: string, detail: string, range?: SourceRange): void {
    this.diags.push(warningDiag(code, summary, detail, range))
  }

  /** Notes that the override file `file` (as its ranges name it) changed the element `key`. */
  markOverride(key: string, file: string): void {
    const list = this.overrides.get(key) ?? []
    const name = path.basename(file)
    if (!list.includes(name)) list.push(name)
    this.overrides.set(key, list)
  }

  /** Label-count check (HCL's own messages); false when the block must be skipped. */
  checkLabels(b: Block): boolean {
    const names = LABELS[b.type] ?? (this.kinds.byKeyword(b.type)?.decode ? RESOURCE_LABELS : this.kinds.site(b.type, 'module')?.labels)
    if (!names) return true
    const problems = labelProblems(b, names)
    this.diags.push(...problems)
    return problems.length === 0
  }

  checkTopLevel(file: ConfigFile, override = false): Block[] {
    const allowed = topLevelTypes(this.engine)
    for (const k of this.kinds.rows) if (k.decode && (k.engines ?? ENGINES).includes(this.engine.name)) allowed.add(k.keyword)
    for (const s of this.kinds.sites) if (s.within === 'module' && (s.engines ?? ENGINES).includes(this.engine.name)) allowed.add(s.keyword)
    for (const a of file.body.attributes) {
      this.error('config.unsupported-argument', 'Unsupported argument', `An argument named "${a.name}" is not expected here.`, a.nameRange)
    }
    const out: Block[] = []
    for (const b of file.body.blocks) {
      if (b.type === 'required_providers') {
        this.error(
          'config.misplaced-required-providers',
          'Invalid required_providers block',
          'A "required_providers" block must be nested inside a "terraform" block.',
          b.declRange,
        )
        continue
      }
      if (!allowed.has(b.type)) {
        this.error('config.unsupported-block', 'Unsupported block type', `Blocks of type "${b.type}" are not expected here.`, b.typeRange)
        continue
      }
      if (!this.checkLabels(b)) continue
      this.diags.push(...quotedReferenceWarnings(b, this.engine))
      this.diags.push(...checkRuleDiagnostics(b, override))
      this.diags.push(...repetitionDiagnostics(b, this.engine))
      if (this.engine.name === 'terraform') {
        this.diags.push(...refactoringBlockProblems(b))
        if (b.type === 'action') {
          const decoded = actionBlockProblems(b)
          this.diags.push(...decoded.diagnostics)
          if (!decoded.keep) continue
        } else if (b.type === 'resource' || b.type === 'data' || b.type === 'ephemeral') this.diags.push(...actionTriggerProblems(b))
      }
      if (b.type === 'module' && this.engine.name === 'terraform') {
        for (const nb of b.body.blocks.filter((x) => x.type === 'lifecycle' || x.type === 'locals')) {
          this.error(
            'config.reserved-block-type',
            'Reserved block type name in module block',
            `The block type name "${nb.type}" is reserved for use by Terraform in a future version.`,
            nb.typeRange,
          )
        }
      }
      out.push(b)
    }
    return out
  }

  // ---------------------------------------------------------------- primary files

  appendPrimary(file: ConfigFile, overrideRequired: ReadonlyMap<string, Attribute>): void {
    // Terraform appends a file's elements kind by kind: its check blocks (and their data resources) after
    // all of its top-level data resources, whatever their order in the file
    const fileChecks: Block[] = []
    for (const b of this.checkTopLevel(file)) {
      const name = b.labels.map((l) => l.value).join('.')
      switch (b.type) {
        case 'terraform':
          this.appendTerraform(b, overrideRequired)
          break
        case 'variable':
          this.appendVariable(b, name)
          break
        case 'output':
          this.appendLastWins(
            this.outputs,
            name,
            b,
            'config.duplicate-output',
            'Duplicate output definition',
            (at) => `An output named "${name}" was already defined at ${at}. Output names must be unique within a module.`,
          )
          break
        case 'module':
          this.appendLastWins(
            this.moduleCalls,
            name,
            b,
            'config.duplicate-module-call',
            'Duplicate module call',
            (at) => `A module call named "${name}" was already defined at ${at}. Module calls must have unique names within a module.`,
          )
          break
        case 'locals':
          this.appendLocals(b)
          break
        case 'provider':
          this.appendProvider(b)
          break
        case 'resource':
          this.appendResource(this.managed, b, 'resource', 'resource')
          break
        case 'data':
          this.appendResource(this.data, b, 'data', 'data resource')
          break
        case 'ephemeral':
          this.appendResource(this.ephemeral, b, this.engine.name === 'opentofu' ? 'ephemeral resource' : 'ephemeral', 'ephemeral resource')
          break
        case 'moved':
          this.moved.push(b)
          break
        case 'check':
          fileChecks.push(b)
          break
        case 'action':
          this.appendAction(b)
          break
        default: {
          const kind = this.kinds.byKeyword(b.type)
          const site = this.kinds.site(b.type, 'module')
          if (kind?.decode) this.appendKind(kind, b)
          else if (site) this.appendSite(site, b)
          else this.otherBlocks.push(b)
        }
      }
    }
    for (const c of fileChecks) this.appendCheck(c)
  }

  /** A block of a kind the table decodes: its decoder's problems, and the first of a type and name kept. */
  appendKind(kind: BlockKind, b: Block): void {
    const decoded = kind.decode!(b)
    this.diags.push(...decoded.diagnostics)
    if (!decoded.keep) return
    let map = this.decodedKinds.get(kind.keyword)
    if (!map) this.decodedKinds.set(kind.keyword, (map = new Map()))
    this.appendResource(map, b, kind.keyword, `${kind.keyword} block`)
  }

  /** A block of a top-level site (import, removed, …): kept in order, after its decoder's problems when the row has one. */
  appendSite(site: NamingSite, b: Block): void {
    const decoded = site.decode?.(b)
    if (decoded) this.diags.push(...decoded.diagnostics)
    if (decoded?.keep !== false) this.blocksOf(site.keyword).push(b)
  }

  /** An action block (Terraform's appendFile): the first of a type and name is kept. */
  appendAction(b: Block): void {
    const type = b.labels[0]?.value ?? ''
    const name = b.labels[1]?.value ?? ''
    const key = `${type}.${name}`
    const prev = this.actions.get(key)
    if (prev) {
      this.error(
        'action.duplicate',
        `Duplicate action ${goQuote(type)} configuration`,
        `An action named ${goQuote(name)} was already declared at ${formatRange(prev.declRange)}. Resource names must be unique per type in each module.`,
        b.declRange,
      )
      return
    }
    this.actions.set(key, b)
  }

  /** An action block of an override file (Terraform's Action.merge): count, for_each, provider and the config block replace the base's. */
  mergeAction(b: Block, fname: string): void {
    const key = `${b.labels[0]?.value ?? ''}.${b.labels[1]?.value ?? ''}`
    const base = this.actions.get(key)
    if (!base) {
      this.error(
        'config.override-without-base',
        'Missing resource to override',
        `There is no action named ${goQuote(b.labels[1]?.value ?? '')}. An override file can only override a resource block defined in a primary configuration file.`,
        b.declRange,
      )
      return
    }
    this.actions.set(key, {...base, body: mergeBodies(base.body, b.body)})
    this.markOverride(`action.${key}`, fname)
  }

  /**
   * A query file (Terraform's loadQueryFile, then appendQueryFile): its list blocks (each checked, and named
   * once per file and once per module), provider blocks, variables and local values join the module's.
   */
  appendQueryFile(file: ConfigFile): void {
    const {blocks, diagnostics} = queryFileBlocks(file)
    this.diags.push(...diagnostics)
    const inFile = new Map<string, Block>()
    const lists: Block[] = []
    const providers: Block[] = []
    const rest: Block[] = []
    for (const b of blocks) {
      if (!this.checkLabels(b)) continue
      if (b.type === 'provider') providers.push(b)
      else if (b.type !== 'list') rest.push(b)
      else {
        const decoded = listBlockProblems(b)
        this.diags.push(...decoded.diagnostics)
        if (decoded.keep) lists.push(b)
        const key = `${b.labels[0]!.value}.${b.labels[1]!.value}`
        const prev = inFile.get(key)
        if (prev)
          this.error(
            'query.duplicate-list',
            'Duplicate "list" block names',
            `This query file already has a list block named ${key} defined at ${formatRange(prev.declRange)}.`,
            b.declRange,
          )
        else inFile.set(key, b)
      }
    }
    for (const b of providers) this.appendProvider(b)
    for (const b of rest) this.appendQueryDeclaration(b)
    for (const b of lists) {
      const type = b.labels[0]!.value
      const key = `${type}.${b.labels[1]!.value}`
      const prev = this.lists.get(key)
      if (prev) {
        this.error(
          'query.duplicate-list',
          `Duplicate list ${goQuote(type)} configuration`,
          `A ${type} list named ${goQuote(prev.labels[1]?.value ?? '')} was already declared at ${formatRange(prev.declRange)}. List names must be unique per type in each module.`,
          b.declRange,
        )
        continue
      }
      this.lists.set(key, b)
    }
  }

  /** A query file's variable or locals block: as in a primary file. */
  appendQueryDeclaration(b: Block): void {
    if (b.type === 'variable') this.appendVariable(b, b.labels[0]?.value ?? '')
    else this.appendLocals(b)
  }

  /** A variable block of a primary (or query) file: decoded, and a second one of a name is an error. */
  private appendVariable(b: Block, name: string): void {
    const decoded = decodeVariable(b, this.types, this.engine.name)
    this.diags.push(...decoded.diagnostics)
    this.varStates.set(name, decoded.state)
    this.appendLastWins(
      this.variables,
      name,
      b,
      'config.duplicate-variable',
      'Duplicate variable declaration',
      (at) => `A variable named "${name}" was already declared at ${at}. Variable names must be unique within a module.`,
    )
  }

  /** A locals block of a primary (or query) file: a second definition of a name is an error, the last one kept. */
  private appendLocals(b: Block): void {
    for (const a of b.body.attributes) {
      const prev = this.locals.get(a.name)
      if (prev)
        this.error(
          'config.duplicate-local',
          'Duplicate local value definition',
          `A local value named "${a.name}" was already defined at ${formatRange(attributeRange(prev))}. Local value names must be unique within a module.`,
          attributeRange(a),
        )
      this.locals.set(a.name, a)
    }
  }

  /**
   * A check block (Terraform's decodeCheckBlock, then appendFile): its one scoped data resource joins the
   * module's data resources (names are unique across both), the check its checks. A check whose data
   * resource is a duplicate is dropped, as Terraform drops it.
   */
  appendCheck(c: Block): void {
    const name = c.labels[0]?.value ?? ''
    let data: Block | undefined
    let asserts = 0
    // the check block's schema: data and assert blocks only
    for (const a of c.body.attributes)
      this.error('config.unsupported-argument', 'Unsupported argument', `An argument named "${a.name}" is not expected here.`, a.nameRange)
    for (const nb of c.body.blocks) {
      if (nb.type === 'assert') {
        // an assert with errors is dropped (its errors are reported with the block's)
        if (!checkRuleProblems(nb, false).some((d) => d.severity === 'error')) asserts++
        continue
      }
      // the table's sites within a check block (its data resource: joined to the module's data resources below)
      if (this.kinds.site(nb.type, 'check')?.keyword !== 'data') {
        this.error('config.unsupported-block', 'Unsupported block type', `Blocks of type "${nb.type}" are not expected here.`, nb.typeRange)
        continue
      }
      if (!this.checkLabels(nb)) continue
      if (data) {
        this.error(
          'config.check-multiple-data',
          'Multiple data resource blocks',
          `This check block already has a data resource defined at ${formatRange(data.declRange)}.`,
          nb.declRange,
        )
        continue
      }
      if (this.checkNestedData(nb)) data = nb
    }
    if (asserts === 0)
      this.error('config.check-without-assert', 'Zero assert blocks', 'Check blocks must have at least one assert block.', c.declRange)
    if (data) {
      const key = `${data.labels[0]!.value}.${data.labels[1]!.value}`
      const prev = this.data.get(key)
      if (prev) {
        this.error(
          'config.duplicate-resource',
          `Duplicate data "${prev.labels[0]?.value ?? ''}" configuration`,
          `A ${prev.labels[0]?.value ?? ''} data resource named "${prev.labels[1]?.value ?? ''}" was already declared at ${formatRange(prev.declRange)}. Resource names must be unique per type in each module, including within check blocks.`,
          data.declRange,
        )
        return
      }
      this.data.set(key, data)
      this.checkData.set(key, c)
    }
    const prev = this.checks.find((x) => x.labels[0]?.value === name)
    if (prev) {
      this.error(
        'config.duplicate-check',
        `Duplicate check "${name}" configuration`,
        `A check block named "${name}" was already declared at ${formatRange(prev.declRange)}. Check blocks must be unique within each module.`,
        c.declRange,
      )
      return
    }
    this.checks.push(c)
  }

  /** Terraform's decodeDataBlock for a data block nested in a check: no count, for_each or lifecycle. False on an error. */
  checkNestedData(d: Block): boolean {
    let ok = true
    for (const a of d.body.attributes) {
      if (a.name !== 'count' && a.name !== 'for_each') continue
      this.error(
        'config.check-data-meta-argument',
        `Invalid "${a.name}" attribute`,
        'The "count" and "for_each" meta-arguments are not supported within nested data blocks.',
        a.nameRange,
      )
      ok = false
    }
    for (const lc of d.body.blocks.filter((x) => x.type === 'lifecycle')) {
      this.error(
        'config.check-data-lifecycle',
        'Invalid lifecycle block',
        'Nested data blocks do not support "lifecycle" blocks as the lifecycle is managed by the containing block.',
        lc.declRange,
      )
      ok = false
    }
    return ok
  }

  appendLastWins(
    map: Map<string, Block>,
    name: string,
    b: Block,
    code: DiagnosticCode,
    summary: string,
    detail: (at: string) => string,
  ): void {
    const prev = map.get(name)
    if (prev) this.error(code, summary, detail(formatRange(prev.declRange)), b.declRange)
    map.set(name, b)
  }

  providerKey(b: Block): {key: string; alias?: string} {
    const name = b.labels[0]?.value ?? ''
    const aliasAttr = attr(b.body, 'alias')
    const alias = literalString(aliasAttr)
    return alias === undefined ? {key: name} : {key: `${name}.${alias}`, alias}
  }

  /** Decode-time checks of a provider block (primary or override). */
  decodeProvider(b: Block): void {
    const v = attr(b.body, 'version')
    if (v) {
      const product = this.engine.product
      this.warn(
        'provider.version-in-config',
        'Version constraints inside provider configuration blocks are deprecated',
        `${product} 0.13 and earlier allowed provider version constraints inside the provider configuration block, but that is now deprecated and will be removed in a future version of ${product}. To silence this warning, move the provider version constraint into the required_providers block.`,
        v.exprRange,
      )
    }
  }

  appendProvider(b: Block): void {
    this.decodeProvider(b)
    const {key, alias} = this.providerKey(b)
    const name = b.labels[0]?.value ?? ''
    const prev = this.providerConfigs.get(key)
    if (prev) {
      const at = formatRange(prev.declRange)
      const detail =
        alias === undefined
          ? `A default (non-aliased) provider configuration for "${name}" was already given at ${at}. If multiple configurations are required, set the "alias" argument for alternative configurations.`
          : `A provider configuration for "${name}" with alias "${alias}" was already given at ${at}. Each configuration for the same provider must have a distinct alias.`
      this.error('provider.duplicate-config', 'Duplicate provider configuration', detail, b.declRange)
      return
    }
    this.providerConfigs.set(key, b)
  }

  appendResource(map: Map<string, Block>, b: Block, summaryWord: string, detailWord: string): void {
    const type = b.labels[0]?.value ?? ''
    const name = b.labels[1]?.value ?? ''
    const key = `${type}.${name}`
    const prev = map.get(key)
    if (prev) {
      this.error(
        'config.duplicate-resource',
        `Duplicate ${summaryWord} "${type}" configuration`,
        `A ${type} ${detailWord} named "${name}" was already declared at ${formatRange(prev.declRange)}. Resource names must be unique per type in each module.`,
        b.declRange,
      )
      return
    }
    map.set(key, b)
  }

  appendTerraform(b: Block, overrideRequired: ReadonlyMap<string, Attribute>): void {
    for (const a of b.body.attributes) {
      if (a.name === 'required_version') this.requiredVersion.push(a)
      else this.terraformAttributes.set(a.name, a)
    }
    for (const nb of b.body.blocks) {
      switch (nb.type) {
        case 'required_providers':
          if (this.requiredProvidersBlock) {
            this.error(
              'config.duplicate-required-providers',
              'Duplicate required providers configuration',
              `A module may have only one required providers configuration. The required providers were previously configured at ${formatRange(this.requiredProvidersBlock.declRange)}.`,
              nb.declRange,
            )
            break
          }
          this.requiredProvidersBlock = nb
          for (const entry of nb.body.attributes) {
            const replacement = overrideRequired.get(entry.name)
            this.requiredProviders.set(entry.name, replacement ?? entry)
          }
          break
        case 'backend':
          if (this.backend) {
            const at = formatRange(this.backend.declRange)
            if (this.engine.name === 'terraform') {
              this.error(
                'config.duplicate-backend',
                "Duplicate 'backend' configuration block",
                `A module may have only one 'backend' configuration block. The backend was previously configured at ${at}.`,
                nb.declRange,
              )
            } else {
              this.error(
                'config.duplicate-backend',
                'Duplicate backend configuration',
                `A module may have only one backend configuration. The backend was previously configured at ${at}.`,
                nb.declRange,
              )
            }
            break
          }
          this.backend = nb
          break
        case 'cloud':
          if (this.cloud) {
            this.duplicateCloud(nb, this.cloud)
            break
          }
          this.cloud = nb
          break
        case 'state_store': {
          if (this.engine.name === 'terraform') {
            const decoded = decodeStateStore(nb)
            this.diags.push(...decoded.diagnostics)
            if (!decoded.keep) {
              this.terraformBlocks.push(nb)
              break
            }
          }
          if (this.stateStore) {
            this.error(
              'config.duplicate-state-store',
              "Duplicate 'state_store' configuration block",
              `A module may have only one 'state_store' configuration block. The state store was previously configured at ${formatRange(this.stateStore.declRange)}.`,
              nb.declRange,
            )
            break
          }
          this.stateStore = nb
          break
        }
        case 'encryption':
          // OpenTofu: the first one counts; every block stays where the configuration shows it.
          if (this.engine.name === 'opentofu') {
            if (this.encryption) this.diags.push(duplicateEncryption(nb, this.encryption))
            else this.encryption = nb
          }
          this.terraformBlocks.push(nb)
          break
        case 'provider_meta': {
          const name = nb.labels[0]?.value ?? ''
          const prev = this.providerMetas.get(name)
          if (prev) {
            this.error(
              'config.duplicate-provider-meta',
              'Duplicate provider_meta block',
              `A provider_meta block for provider "${name}" was already declared at ${formatRange(prev.declRange)}. Providers may only have one provider_meta block per module.`,
              nb.declRange,
            )
          }
          this.providerMetas.set(name, nb)
          break
        }
        default:
          this.terraformBlocks.push(nb)
      }
    }
  }

  duplicateCloud(b: Block, prev: Block): void {
    const at = formatRange(prev.declRange)
    if (this.engine.name === 'terraform') {
      this.error(
        'config.duplicate-cloud',
        'Duplicate HCP Terraform configurations',
        `A module may have only one 'cloud' block configuring HCP Terraform or Terraform Enterprise. The 'cloud' block was previously configured at ${at}.`,
        b.declRange,
      )
    } else {
      this.error(
        'config.duplicate-cloud',
        'Duplicate cloud configurations',
        `A module may have only one 'cloud' block configuring a cloud backend. A cloud backend was previously configured at ${at}.`,
        b.declRange,
      )
    }
  }

  /** After each primary file: the kinds of state storage that exclude one another (state-storage.ts). */
  checkBackendConflict(): void {
    const d = stateStorageConflict({backend: this.backend, cloud: this.cloud, stateStore: this.stateStore}, this.engine)
    if (d) this.diags.push(d)
  }

  /** Once the module is built (Terraform ≥ 1.14): the state_store's provider needs a required_providers entry. */
  checkStateStoreProvider(): void {
    if (this.engine.name === 'terraform' && this.stateStore)
      this.diags.push(...stateStoreProviderRequirement(this.stateStore, this.requiredProviders))
  }

  /** Literal module sources are parsed at load time (Terraform <= 1.14 and OpenTofu report them here). */
  checkModuleSources(): void {
    for (const [, call] of this.moduleCalls) {
      const src = attr(call.body, 'source')
      const source = literalString(src)
      if (!src || source === undefined) continue
      const ver = attr(call.body, 'version')
      const hasVersion = ver !== undefined && literalOf(ver.node) !== null
      const r = parseModuleSource(source, {engine: this.engine.name, hasVersion})
      if ('error' in r) this.error(r.error.code, r.error.summary, r.error.detail, src.exprRange)
    }
  }

  // ---------------------------------------------------------------- override files

  mergeOverride(file: ConfigFile): void {
    const fname = file.filename
    for (const b of this.checkTopLevel(file, true)) {
      const name = b.labels.map((l) => l.value).join('.')
      switch (b.type) {
        case 'terraform':
          // required_providers entries were applied before the primary files.
          break
        case 'variable':
          this.mergeVariable(b, name, fname)
          break
        case 'locals':
          for (const a of b.body.attributes) {
            if (!this.locals.has(a.name)) {
              this.error(
                'config.override-without-base',
                'Missing base local value definition to override',
                `There is no local value named "${a.name}". An override file can only override a local value that was already defined in a primary configuration file.`,
                attributeRange(a),
              )
              continue
            }
            this.locals.set(a.name, a)
            this.markOverride(elementKey('locals', a.name), fname)
          }
          break
        case 'output':
          this.mergeOutput(b, name, fname)
          break
        case 'module':
          this.mergeModuleCall(b, name, fname)
          break
        case 'provider':
          this.mergeProvider(b, fname)
          break
        case 'resource':
          this.mergeResource(this.managed, b, 'managed', fname)
          break
        case 'data':
          this.mergeResource(this.data, b, 'data', fname)
          break
        case 'ephemeral':
          if (this.engine.name === 'opentofu') this.mergeResource(this.ephemeral, b, 'ephemeral', fname)
          break
        case 'moved':
          this.error(
            'config.override-not-allowed',
            "Cannot override 'moved' blocks",
            'Records of moved objects can appear only in normal files, not in override files.',
            b.declRange,
          )
          break
        case 'import':
          this.error(
            'config.override-not-allowed',
            "Cannot override 'import' blocks",
            'Import blocks can appear only in normal files, not in override files.',
            b.declRange,
          )
          break
        case 'removed':
          if (this.engine.name === 'opentofu')
            this.error(
              'config.override-not-allowed',
              "Cannot override 'Removed' blocks",
              'Removed blocks can appear only in normal files, not in override files.',
              b.declRange,
            )
          break
        case 'action':
          this.mergeAction(b, fname)
          break
        default:
          // check, language: ignored in override files.
          break
      }
    }
    this.mergeTerraformOverride(file)
  }

  mergeTerraformOverride(file: ConfigFile): void {
    const tblocks = file.body.blocks.filter((b) => b.type === 'terraform')
    const versions = tblocks.flatMap((b) => b.body.attributes.filter((a) => a.name === 'required_version'))
    if (versions.length > 0) {
      this.requiredVersion = versions
      this.markOverride('terraform.required_version', file.filename)
    }
    // One kind after the other, in the engines' order (backend, state_store, cloud): exactly one block
    // of a kind replaces the module's and clears the other kinds; two or more are one error, and no change.
    const nested = (type: string): Block[] => tblocks.flatMap((tb) => tb.body.blocks.filter((nb) => nb.type === type))
    const backends = nested('backend')
    if (backends.length === 1) {
      this.backend = backends[0]
      this.cloud = undefined
      this.stateStore = undefined
      this.markOverride('terraform.backend', file.filename)
    } else if (backends.length > 1) {
      this.error(
        'config.duplicate-backend',
        'Duplicate backend configuration',
        `Each override file may have only one backend configuration. A backend was previously configured at ${formatRange(backends[0]!.declRange)}.`,
        backends[1]!.declRange,
      )
    }
    if (this.engine.name === 'terraform') {
      const stores = nested('state_store').filter((nb) => {
        const decoded = decodeStateStore(nb)
        this.diags.push(...decoded.diagnostics)
        return decoded.keep
      })
      if (stores.length === 1) {
        this.stateStore = stores[0]
        this.backend = undefined
        this.cloud = undefined
        this.markOverride('terraform.state_store', file.filename)
      } else if (stores.length > 1) {
        this.error(
          'config.duplicate-state-store',
          'Duplicate state storage configuration',
          `Each override file may have only one state storage configuration. A state storage was previously configured at ${formatRange(stores[0]!.declRange)}.`,
          stores[1]!.declRange,
        )
      }
    }
    const clouds = nested('cloud')
    if (clouds.length === 1) {
      this.cloud = clouds[0]
      this.backend = undefined
      this.stateStore = undefined
      this.markOverride('terraform.cloud', file.filename)
    } else if (clouds.length > 1) {
      this.duplicateCloud(clouds[1]!, clouds[0]!)
    }
    if (this.engine.name === 'opentofu') {
      // OpenTofu merges one encryption block into the module's (not modelled: the blocks are shown as written).
      const encryptions = nested('encryption')
      if (encryptions.length > 1) this.diags.push(duplicateEncryptionInOverride(encryptions))
    }
  }

  unsupportedDependsOn(body: Body): boolean {
    const dep = attr(body, 'depends_on')
    if (!dep) return false
    this.error('config.override-not-allowed', 'Unsupported override', 'The depends_on argument may not be overridden.', firstItemRange(dep))
    return true
  }

  mergeVariable(b: Block, name: string, fname: string): void {
    const ownDecode = decodeVariable(b, this.types, this.engine.name)
    this.diags.push(...ownDecode.diagnostics)
    const base = this.variables.get(name)
    if (!base) {
      this.error(
        'config.override-without-base',
        'Missing base variable declaration to override',
        `There is no variable named "${name}". An override file can only override a variable that was already declared in a primary configuration file.`,
        b.declRange,
      )
      return
    }
    // validations are not merged; `deprecated` only in OpenTofu.
    const skip = new Set<string>(this.engine.name === 'opentofu' ? [] : ['deprecated'])
    const body = mergeBodies(base.body, b.body, {skipAttributes: skip, skipBlocks: new Set(['validation'])})
    const merged = {...base, body}
    const before = this.varStates.get(name) ?? {from: undefined, unknown: false}
    const checked = checkMergedVariable(merged, b, before, ownDecode.state, this.types)
    this.diags.push(...checked.diagnostics)
    this.varStates.set(name, checked.state)
    this.variables.set(name, merged)
    this.markOverride(elementKey('variable', name), fname)
  }

  mergeOutput(b: Block, name: string, fname: string): void {
    const base = this.outputs.get(name)
    if (!base) {
      this.error(
        'config.override-without-base',
        'Missing base output definition to override',
        `There is no output named "${name}". An override file can only override an output that was already defined in a primary configuration file.`,
        b.declRange,
      )
      return
    }
    if (this.unsupportedDependsOn(b.body)) return
    const skip = new Set<string>(['depends_on'])
    if (this.engine.name !== 'opentofu') skip.add('deprecated')
    else skip.add('type')
    const desc = attr(b.body, 'description')
    if (desc && literalOf(desc.node) === '') skip.add('description')
    const body = mergeBodies(base.body, b.body, {skipAttributes: skip, skipBlocks: new Set(['precondition'])})
    this.outputs.set(name, {...base, body})
    this.markOverride(elementKey('output', name), fname)
  }

  mergeModuleCall(b: Block, name: string, fname: string): void {
    const base = this.moduleCalls.get(name)
    if (!base) {
      this.error(
        'config.override-without-base',
        'Missing module call to override',
        `There is no module call named "${name}". An override file can only override a module call that was defined in a primary configuration file.`,
        b.declRange,
      )
      return
    }
    if (this.unsupportedDependsOn(b.body)) return
    const skip = new Set<string>(['depends_on'])
    const providers = attr(b.body, 'providers')
    if (providers && isEmptyMap(providers)) skip.add('providers')
    const body = mergeBodies(base.body, b.body, {skipAttributes: skip, skipBlocks: new Set(['lifecycle'])})
    this.moduleCalls.set(name, {...base, body})
    this.markOverride(elementKey('module', name), fname)
  }

  mergeProvider(b: Block, fname: string): void {
    this.decodeProvider(b)
    const {key, alias} = this.providerKey(b)
    const name = b.labels[0]?.value ?? ''
    const base = this.providerConfigs.get(key)
    if (!base) {
      if (alias !== undefined) {
        this.error(
          'config.override-without-base',
          'Missing base provider configuration for override',
          `There is no ${name} provider configuration with the alias "${alias}". An override file can only override an aliased provider configuration that was already defined in a primary configuration file.`,
          b.declRange,
        )
        return
      }
      this.providerConfigs.set(key, b)
      this.markOverride(elementKey('provider', key), fname)
      return
    }
    const skip = new Set<string>(['alias'])
    if (this.engine.name === 'opentofu') skip.add('for_each')
    this.providerConfigs.set(key, {...base, body: mergeBodies(base.body, b.body, {skipAttributes: skip})})
    this.mergedProviders.add(key)
    this.markOverride(elementKey('provider', key), fname)
  }

  mergeResource(map: Map<string, Block>, b: Block, mode: 'managed' | 'data' | 'ephemeral', fname: string): void {
    const type = b.labels[0]?.value ?? ''
    const name = b.labels[1]?.value ?? ''
    const key = `${type}.${name}`
    const base = map.get(key)
    if (!base) {
      if (mode === 'managed') {
        this.error(
          'config.override-without-base',
          'Missing resource to override',
          `There is no ${type} resource named "${name}". An override file can only override a resource block defined in a primary configuration file.`,
          b.declRange,
        )
      } else if (mode === 'data') {
        this.error(
          'config.override-without-base',
          'Missing data resource to override',
          `There is no ${type} data resource named "${name}". An override file can only override a data block defined in a primary configuration file.`,
          b.declRange,
        )
      } else {
        this.error(
          'config.override-without-base',
          'Missing ephemeral resource to override',
          `There is no ${type} ephemeral resource named "${name}". An override file can only override an ephemeral block defined in a primary configuration file.`,
          b.declRange,
        )
      }
      return
    }
    if (this.unsupportedDependsOn(b.body)) return
    const skipBlocks = new Set<string>(['lifecycle'])
    if (mode !== 'managed') {
      skipBlocks.add('connection')
      skipBlocks.add('provisioner')
    }
    let body = mergeBodies(base.body, b.body, {skipAttributes: new Set(['depends_on']), skipBlocks})
    if (mode === 'managed') {
      // provisioner: an override provisioner replaces the whole list (already by type); connection whole (by type).
      body = mergeLifecycle(body, base.body, b.body, this.engine)
    }
    map.set(key, {...base, body})
    this.markOverride(elementKey(mode === 'managed' ? 'resource' : mode, key), fname)
  }
}

/** `lifecycle` is merged per argument (create_before_destroy, prevent_destroy, destroy, ignore_changes, action_trigger). */
function mergeLifecycle(merged: Body, base: Body, override: Body, engine: Engine): Body {
  const overL = blocksOfType(override, 'lifecycle')
  if (overL.length === 0) return merged
  const baseL = blocksOfType(base, 'lifecycle')[0]
  let attributes: Attribute[] = baseL ? [...baseL.body.attributes] : []
  let blocks: Block[] = baseL ? [...baseL.body.blocks] : []
  const replaceable = new Set(['create_before_destroy', 'prevent_destroy'])
  if (engine.name === 'opentofu') replaceable.add('destroy')
  for (const ol of overL) {
    for (const a of ol.body.attributes) {
      if (replaceable.has(a.name)) {
        attributes = replaceAttribute(attributes, a)
      } else if (a.name === 'ignore_changes') {
        const prev = attributes.find((x) => x.name === 'ignore_changes')
        const prevAll = prev !== undefined && isIgnoreAll(prev)
        if (isIgnoreAll(a)) attributes = replaceAttribute(attributes, a)
        else if (!prevAll && (tupleItemsOf(a.node)?.length ?? 0) > 0) attributes = replaceAttribute(attributes, a)
      }
    }
    const triggers = ol.body.blocks.filter((x) => x.type === 'action_trigger')
    if (engine.name === 'terraform' && triggers.length > 0) blocks = [...blocks.filter((x) => x.type !== 'action_trigger'), ...triggers]
  }
  const lifecycle: Block = baseL
    ? {...baseL, body: {...baseL.body, attributes, blocks}}
    : {...overL[0]!, body: {...overL[0]!.body, attributes, blocks}}
  const others = merged.blocks.filter((x) => x.type !== 'lifecycle')
  return {...merged, blocks: [...others, lifecycle]}
}

/** A whole attribute, name through expression (Terraform's DeclRange of a local value). */
export function attributeRange(a: Attribute): SourceRange {
  return {filename: a.nameRange.filename, start: a.nameRange.start, end: a.exprRange.end}
}

/** Replaces an attribute in place (keeping its position) or appends it. */
function replaceAttribute(list: readonly Attribute[], a: Attribute): Attribute[] {
  return list.some((x) => x.name === a.name) ? list.map((x) => (x.name === a.name ? a : x)) : [...list, a]
}

/** `ignore_changes = all` (the keyword, or the deprecated quoted form). */
function isIgnoreAll(a: Attribute): boolean {
  return keywordOf(a.node) === 'all' || literalOf(a.node) === 'all'
}

function isEmptyMap(a: Attribute): boolean {
  return objectItemsOf(a.node)?.length === 0
}

/** The first item of a list expression (Terraform's subject for depends_on errors), else the expression. */
function firstItemRange(a: Attribute): SourceRange {
  const first = a.node.k === 'tuple' ? a.node.items[0] : undefined
  return first ? writtenRange(a, first) : a.exprRange
}

/** Collects every override `required_providers` entry (later files win), applied before primaries. */
function overrideRequiredProviders(overrides: readonly ParsedFile[]): Map<string, Attribute> {
  const out = new Map<string, Attribute>()
  for (const {file} of overrides) {
    for (const tb of file.body.blocks) {
      if (tb.type !== 'terraform') continue
      for (const rp of blocksOfType(tb.body, 'required_providers')) for (const a of rp.body.attributes) out.set(a.name, a)
    }
  }
  return out
}

export function buildModule(
  dir: string,
  engine: Engine,
  files: readonly ConfigFileEntry[],
  parsed: readonly ParsedFile[],
  types: TypeExprMemo = new TypeExprMemo(),
  kinds: BlockKinds = BLOCK_KINDS,
  references?: ReferenceMemo,
): {module: Module; diagnostics: Diagnostic[]} {
  const b = new Builder(engine, types, kinds)
  const primaries = parsed.filter((p) => p.entry.kind === 'primary')
  const overrides = parsed.filter((p) => p.entry.kind === 'override')
  const queries = parsed.filter((p) => p.entry.kind === 'query')
  const overrideRequired = overrideRequiredProviders(overrides)
  for (const p of primaries) {
    b.appendPrimary(p.file, overrideRequired)
    b.checkBackendConflict()
  }
  if (engine.name === 'terraform') b.diags.push(...duplicateImports(b.imports))
  for (const [name, a] of overrideRequired) {
    if (!b.requiredProviders.has(name) || b.requiredProviders.get(name) === a) {
      b.requiredProviders.set(name, a)
    }
    b.markOverride(`terraform.required_providers.${name}`, a.nameRange.filename)
  }
  for (const p of overrides) b.mergeOverride(p.file)
  // query files come after the override files (Terraform's LoadConfigDir, when it reads them)
  for (const p of queries) b.appendQueryFile(p.file)
  b.checkStateStoreProvider()
  b.checkModuleSources()
  // the records, decoded once the blocks and required_providers entries are final (after the override files)
  const required = readRequiredProviders(b.requiredProviders, engine)
  const records = decodeModule(
    {
      providerConfigs: b.providerConfigs,
      mergedProviderConfigs: b.mergedProviders,
      providerMetas: b.providerMetas,
      blockKinds: kinds,
      resources: new Map([
        ['resource', b.managed],
        ['data', b.data],
        ['ephemeral', b.ephemeral],
        ['action', b.actions],
        ['list', b.lists],
        ...b.decodedKinds,
      ]),
      moduleCalls: b.moduleCalls,
      imports: b.imports,
      siteBlocks: b.siteBlocks,
      requiredProviders: b.requiredProviders,
      required: required.records,
    },
    engine,
  )
  const recordsOf = (keyword: string): ReadonlyMap<string, Resource> => records.resources.get(keyword) ?? new Map<string, Resource>()
  const built: Omit<Module, 'index'> = {
    dir,
    engine: engine.name,
    files,
    variables: b.variables,
    locals: b.locals,
    outputs: b.outputs,
    moduleCalls: records.moduleCalls,
    providerConfigs: records.providerConfigs,
    managedResources: recordsOf('resource'),
    dataResources: recordsOf('data'),
    ephemeralResources: recordsOf('ephemeral'),
    requiredProviderAttributes: b.requiredProviders,
    requiredProviders: records.requiredProviders,
    ...(b.requiredProvidersBlock ? {requiredProvidersBlock: b.requiredProvidersBlock} : {}),
    requiredVersion: b.requiredVersion,
    ...(b.backend ? {backend: b.backend} : {}),
    ...(b.cloud ? {cloud: b.cloud} : {}),
    ...(b.stateStore ? {stateStore: b.stateStore} : {}),
    providerMetas: b.providerMetas,
    terraformAttributes: b.terraformAttributes,
    terraformBlocks: b.terraformBlocks,
    moved: b.moved,
    imports: b.imports,
    providerArguments: records.providerArguments,
    removed: b.blocksOf('removed'),
    siteBlocks: b.siteBlocks,
    checks: b.checks,
    checkData: b.checkData,
    actions: recordsOf('action'),
    listResources: recordsOf('list'),
    blockKinds: kinds,
    resources: records.resources,
    otherBlocks: b.otherBlocks,
    overrides: b.overrides,
    names: localNames(records.requiredProviders, required.diagnostics, engine, required.before116),
    decodeDiagnostics: records.diagnostics,
  }
  // one index per module: built with it, read lazily (see module-index.ts)
  const module: Module = {...built, index: new ModuleIndex(built, references)}
  return {module, diagnostics: b.diags}
}
