// The module crawler: from a root directory, follows every module call (local sources relative to the
// calling module, others through the installed-modules manifest), loading each distinct directory once.
// Unresolved calls stay in the tree with the reason; cycles and absurd depth end with a diagnostic.
import * as path from 'node:path'
import {parseModuleSource, type ModuleSource} from '../addrs/module-source.js'
import {ModulePath} from '../addrs/module.js'
import type {Diagnostic, DiagnosticCode, SourceRange} from '../diag/diagnostic.js'
import {errorDiag, formatRange, warningDiag} from '../diag/diagnostic.js'
import type {Attribute, Block, Value} from '../hcl/syntax.js'
import {engineByName, type EngineName} from '../load/engine.js'
import {DEFAULT_MAX_FILES, type FileBudget, type LoadResult} from '../load/load-module.js'
import {withRunContext, type RunContext} from '../load/run-context.js'
import type {Module} from '../load/model.js'
import {dataDir, readManifest, type ManifestRecord} from './manifest.js'
import {attributeReferences} from '../hcl/references.js'
import {literalString, partRange} from '../hcl/expr.js'
import {
  attributeRange,
  evaluateAttribute,
  rootReferences,
  scopeEvaluator,
  startRange,
  type EvalScope,
  type StaticIdent,
} from './static-eval.js'
import {rootVariableValues, type VariableInputs} from './variables.js'

/** What the crawler asks for: one module directory, loaded as `engine`, its files named with `displayPrefix`. */
export interface ModuleRequest {
  readonly dir: string
  readonly engine?: EngineName
  /** Prefix of file names in diagnostics and ranges (the directory relative to the root, `/`-terminated; '' for the root). */
  readonly displayPrefix: string
  /** The run's allowance of configuration files (`--max-files`), taken from as files are read. */
  readonly fileBudget: FileBudget
}

/**
 * How the crawler gets its modules (Terraform's `configs.ModuleWalker`): one method, the loader behind
 * it. The default walks the run's shared loads (run-context.ts); a test or an embedding can put
 * anything behind it (modules built in memory, a recording walker).
 */
export interface ModuleWalker {
  loadModule(request: ModuleRequest): Promise<LoadResult>
}

/** The walker that loads through the run's shared loads. */
export function sharedLoadWalker(ctx: RunContext): ModuleWalker {
  return {
    loadModule: (r) =>
      ctx.loads.load(r.dir, {...(r.engine ? {engine: r.engine} : {}), displayPrefix: r.displayPrefix, fileBudget: r.fileBudget}),
  }
}

export interface CrawlOptions extends VariableInputs {
  /** The run this crawl belongs to (its files, parser and caches); default: a run of its own. */
  readonly context?: RunContext
  /** Where modules come from (default: `sharedLoadWalker(context)`). */
  readonly walker?: ModuleWalker
  readonly engine?: EngineName
  readonly env?: NodeJS.ProcessEnv
  /** Deepest module nesting followed (default 100). */
  readonly maxDepth?: number
  /** Most configuration files read in the whole tree (default DEFAULT_MAX_FILES). */
  readonly maxFiles?: number
  /** Most module calls followed (module instances; default DEFAULT_MAX_MODULES): bounds trees that fan out, such as a module calling the next one twice, 30 levels deep. */
  readonly maxModules?: number
}

/** Default `--max-modules`. */
export const DEFAULT_MAX_MODULES = 10_000

/** The resource limits of a crawl (`--max-depth`, `--max-files`, `--max-modules`). */
export type CrawlLimits = Pick<CrawlOptions, 'maxDepth' | 'maxFiles' | 'maxModules'>

export interface ModuleNode {
  /** Call names from the root. */
  readonly path: readonly string[]
  /** `module.a.module.b`; '' for the root. */
  readonly address: string
  /** Manifest key: call names joined with '.'. */
  readonly key: string
  readonly parent: ModuleNode | undefined
  /** The call block in the parent module (merged). */
  readonly call: Block | undefined
  readonly sourceText: string | undefined
  readonly source: ModuleSource | undefined
  readonly version: string | undefined
  readonly count: boolean
  readonly forEach: boolean
  readonly dependsOn: boolean
  readonly enabled: boolean
  /** Absolute directory, when known. */
  readonly dir: string | undefined
  /** Directory relative to the root directory (`.` for the root). */
  readonly displayDir: string | undefined
  readonly module: Module | undefined
  readonly resolved: boolean
  readonly unresolvedReason: string | undefined
  /** Values of this module's input variables known statically. */
  readonly variables: ReadonlyMap<string, Value>
  readonly children: ModuleNode[]
}

export interface ModuleTree {
  readonly rootDir: string
  readonly engine: EngineName
  readonly root: ModuleNode
  /** Every node, depth-first, calls in lexical order of name. */
  readonly nodes: readonly ModuleNode[]
  readonly diagnostics: readonly Diagnostic[]
  /** A directory, a file or the manifest could not be read or parsed. */
  readonly incomplete: boolean
}

/**
 * Terraform evaluates a module's `source` (and `version`) while installing it, where only input variables,
 * local values and (for `source`) `path` attributes may be referenced: the range of the first other
 * reference (a resource, `each`, `count`, `module`, `data`, …), as Terraform reports it.
 */
function invalidInitReference(a: Attribute, allowPath: boolean): SourceRange | undefined {
  const base = a.node.s
  const spans = [
    ...attributeReferences(a)
      .filter((r) => r.kind !== 'var' && r.kind !== 'local')
      .map((r) => [r.start + base, r.end + base] as const),
    ...rootReferences(a.node, allowPath ? INIT_ROOTS : INIT_ROOTS_AND_PATH, true).map((r) => [r.s, r.e] as const),
  ]
  const first = spans.sort((x, y) => x[0] - y[0])[0]
  return first ? partRange(a, {s: first[0], e: first[1]}) : undefined
}

const INIT_ROOTS: ReadonlySet<string> = new Set(['each', 'count', 'self', 'terraform'])
const INIT_ROOTS_AND_PATH: ReadonlySet<string> = new Set([...INIT_ROOTS, 'path'])

/** The loader's report of a child directory that is missing or holds no configuration files (reported once, as an unresolved call). */
function isMissingModuleDir(d: Diagnostic): boolean {
  return d.code === 'load.dir-unreadable' || d.code === 'load.no-config-files'
}

function attrOf(b: Block | undefined, name: string): Attribute | undefined {
  return b?.body.attributes.find((a) => a.name === name)
}

function display(root: string, dir: string): string {
  const rel = path.relative(root, dir).split(path.sep).join('/')
  return rel === '' ? '.' : rel
}

export async function crawl(rootDir: string, opts: CrawlOptions = {}): Promise<ModuleTree> {
  return withRunContext(opts.context, (ctx) => crawlWith(ctx, rootDir, opts))
}

async function crawlWith(ctx: RunContext, rootDir: string, opts: CrawlOptions): Promise<ModuleTree> {
  const files = ctx.files
  await ctx.loads.ready()
  const walker = opts.walker ?? sharedLoadWalker(ctx)
  const isDirectory = (dir: string): boolean => files.stat(dir) === 'dir'
  const realOrSelf = (dir: string): string => files.realpath(dir) ?? dir
  const root = path.resolve(rootDir)
  const env = opts.env ?? process.env
  const maxDepth = opts.maxDepth ?? 100
  const maxModules = opts.maxModules ?? DEFAULT_MAX_MODULES
  const fileBudget: FileBudget = {remaining: opts.maxFiles ?? DEFAULT_MAX_FILES, limit: opts.maxFiles ?? DEFAULT_MAX_FILES}
  let modulesFollowed = 0
  const limitReported = new Set<string>()
  const diagnostics: Diagnostic[] = []
  let incomplete = false
  const cache = new Map<string, Promise<LoadResult>>()
  const load = (dir: string, engine: EngineName | undefined): Promise<LoadResult> => {
    const real = realOrSelf(dir)
    let p = cache.get(real)
    if (!p) {
      const prefix = display(root, dir)
      p = walker.loadModule({dir, ...(engine ? {engine} : {}), displayPrefix: prefix === '.' ? '' : prefix + '/', fileBudget})
      cache.set(real, p)
      const isRoot = dir === root
      void p.then((r) => {
        // a missing or empty child directory is reported once, as an unresolved call
        diagnostics.push(...(isRoot ? r.diagnostics : r.diagnostics.filter((d) => !isMissingModuleDir(d))))
        // a module directory that is missing or empty is an unresolved call, not a tool failure
        if (r.incomplete && r.diagnostics.some((d) => d.severity === 'error' && !isMissingModuleDir(d))) incomplete = true
      })
    }
    return p
  }

  const rootLoad = await load(root, opts.engine)
  const engine: EngineName = rootLoad.engine
  const eng = engineByName(engine)
  const manifest = readManifest(files, root, env)
  diagnostics.push(...manifest.diagnostics)
  const rootVars = await rootVariableValues(ctx, root, opts)
  diagnostics.push(...rootVars.diagnostics)

  const nodes: ModuleNode[] = []
  const rootNode: ModuleNode = {
    path: [],
    address: '',
    key: '',
    parent: undefined,
    call: undefined,
    sourceText: undefined,
    source: undefined,
    version: undefined,
    count: false,
    forEach: false,
    dependsOn: false,
    enabled: false,
    dir: root,
    displayDir: '.',
    module: rootLoad.module,
    resolved: true,
    unresolvedReason: undefined,
    variables: rootVars.values,
    children: [],
  }

  const unresolved = (
    code: DiagnosticCode,
    summary: string,
    detail: string,
    range: SourceRange | undefined,
    severity: 'error' | 'warning' = 'warning',
  ): void => {
    diagnostics.push(severity === 'error' ? errorDiag(code, summary, detail, range) : warningDiag(code, summary, detail, range))
  }

  interface PlannedCall {
    readonly name: string
    readonly call: Block
    readonly childPath: string[]
    readonly address: string
    readonly key: string
    readonly lifecycle: Block | undefined
    readonly sourceText: string | undefined
    readonly version: string | undefined
    readonly source: ModuleSource | undefined
    readonly reason: string | undefined
    readonly dir: string | undefined
  }

  /** Evaluates a call's source and version and finds its directory (or why there is none). */
  function planCall(node: ModuleNode, scope: EvalScope, realChain: readonly string[], name: string): PlannedCall {
    const call = node.module!.moduleCalls.get(name)!
    const nodeDir = node.dir!
    const childPath = [...node.path, name]
    const address = ModulePath.of(childPath).toString()
    const key = childPath.join('.')
    const srcAttr = attrOf(call, 'source')
    const verAttr = attrOf(call, 'version')
    const lifecycle = call.body.blocks.find((b) => b.type === 'lifecycle')
    let reason: string | undefined
    let sourceText: string | undefined
    let version: string | undefined
    let source: ModuleSource | undefined
    // OpenTofu names what it evaluates (`module.a.source`), prefixed in a child module by its address
    const subject = (arg: 'source' | 'version'): string => `${node.address ? `${node.address}:` : ''}module.${name}.${arg}`
    const ident = (arg: 'source' | 'version', a: Attribute): StaticIdent => ({
      subject: `module.${name}.${arg}`,
      // where OpenTofu reports a failed dependency: the source expression, the whole version argument
      range: arg === 'source' ? a.exprRange : attributeRange(a),
    })
    const reported = new Set<string>()
    // what the engine reports while evaluating, each diagnostic once (a local value read twice fails twice)
    const evaluationErrors = (diags: readonly Diagnostic[]): void => {
      for (const d of diags) {
        const key = `${d.code}\u0000${d.detail}\u0000${d.range ? formatRange(d.range) : ''}`
        if (reported.has(key)) continue
        reported.add(key)
        diagnostics.push(d)
      }
    }
    // Both engines evaluate the version first; Terraform installs nothing once it fails (nor without a source)
    let versionFailed = false
    if (verAttr && (srcAttr || engine === 'opentofu')) {
      const invalid = engine === 'terraform' ? invalidInitReference(verAttr, false) : undefined
      const v = invalid ? undefined : evaluateAttribute(verAttr, scope, ident('version', verAttr))
      if (invalid) {
        versionFailed = true
        unresolved(
          'module.version-not-constant',
          'Invalid module version',
          'The module version can only reference constant input variables and local values.',
          invalid,
          'error',
        )
      } else if (v && 'failed' in v) {
        versionFailed = true
        evaluationErrors(v.diagnostics)
      } else if (v && 'unknown' in v) {
        if (engine === 'terraform' && (v.nonConst || v.providerFunction)) {
          versionFailed = true
          unresolved(
            'module.version-unknown',
            'Unknown module version',
            'Only literal values and const variables can be evaluated during init.',
            verAttr.exprRange,
            'error',
          )
        }
      } else if (v && v.value !== null && v.marks) {
        versionFailed = true
        const what = v.marks.sensitive ? 'sensitive' : 'ephemeral'
        if (engine === 'terraform')
          unresolved(
            'module.version-sensitive',
            'Unknown module version',
            'The module version cannot be derived from a sensitive or ephemeral value.',
            verAttr.exprRange,
            'error',
          )
        else
          unresolved(
            'module.version-sensitive',
            'Invalid version constraint',
            `${what === 'sensitive' ? 'Sensitive' : 'Ephemeral'} values, or values derived from ${what} values, cannot be used as version arguments.`,
            verAttr.exprRange,
            'error',
          )
      } else if (v && typeof v.value === 'string') version = v.value
    }
    if (!srcAttr) {
      reason = 'the call has no source argument'
      unresolved(
        'module.missing-source',
        'Missing required argument',
        'The argument "source" is required, but no definition was found.',
        call.declRange,
        'error',
      )
    } else if (engine === 'terraform' && versionFailed) {
      reason = 'its version cannot be evaluated statically'
    } else {
      // Terraform (1.15+) reports its own errors for what it cannot evaluate while installing modules;
      // what only tfgraph cannot evaluate (no value given) is the unresolved-module rule's, not Terraform's
      const invalid = engine === 'terraform' ? invalidInitReference(srcAttr, true) : undefined
      const s = invalid ? undefined : evaluateAttribute(srcAttr, scope, ident('source', srcAttr))
      if (invalid) {
        reason =
          'source cannot be evaluated statically: it references something other than const variables, local values and path attributes'
        unresolved(
          'module.source-not-constant',
          'Invalid module source',
          'The module source can only reference constant input variables and local values.',
          invalid,
          'error',
        )
      } else if (s && 'failed' in s) {
        reason = `source cannot be evaluated statically: ${s.failed}`
        evaluationErrors(s.diagnostics)
      } else if (s && 'unknown' in s) {
        reason = `source cannot be evaluated statically: ${s.unknown}`
        if (engine === 'terraform' && (s.nonConst || s.providerFunction))
          unresolved(
            'module.source-unknown',
            'Unknown module source',
            'Only literal values and const variables can be evaluated during init.',
            srcAttr.exprRange,
            'error',
          )
      } else if (s && engine === 'terraform') {
        // Terraform (evalSource): null, then unknown, then sensitive or ephemeral
        if (s.value === null) {
          reason = 'source is null'
          unresolved(
            'module.source-null',
            'Unsuitable module source',
            'Unsuitable value: null value is not allowed.',
            srcAttr.exprRange,
            'error',
          )
        } else if (s.marks) {
          reason = `source is derived from ${s.marks.sensitive ? 'a sensitive' : 'an ephemeral'} value`
          unresolved(
            'module.source-sensitive',
            'Unknown module source',
            'The module source cannot be derived from a sensitive or ephemeral value.',
            srcAttr.exprRange,
            'error',
          )
        } else if (typeof s.value === 'string') sourceText = s.value
        else reason = 'source is not a string'
      } else if (s) {
        // OpenTofu (StaticEvaluator.DecodeExpression): sensitive, ephemeral, then the decoding into a string
        if (s.marks) {
          const what = s.marks.sensitive ? 'sensitive' : 'ephemeral'
          reason = `source is derived from ${s.marks.sensitive ? 'a sensitive' : 'an ephemeral'} value`
          unresolved(
            'module.source-sensitive',
            what === 'sensitive' ? 'Sensitive value not allowed' : 'Ephemeral value not allowed',
            `${what === 'sensitive' ? 'Sensitive' : 'Ephemeral'} values, or values derived from ${what} values, cannot be used as ${subject('source')}.`,
            srcAttr.exprRange,
            'error',
          )
        } else if (s.value === null) {
          reason = 'source is null'
          unresolved(
            'module.source-null',
            'Unsuitable value type',
            'Unsuitable value: null value is not allowed',
            startRange(srcAttr),
            'error',
          )
        } else if (typeof s.value === 'string') sourceText = s.value
        else reason = 'source is not a string'
      }
    }
    if (sourceText !== undefined && srcAttr) {
      const parsed = parseModuleSource(sourceText, {engine, hasVersion: version !== undefined})
      if ('error' in parsed) {
        reason = parsed.error.summary
        // a literal source was already reported by the loader
        if (literalString(srcAttr) === undefined)
          unresolved(parsed.error.code, parsed.error.summary, parsed.error.detail, srcAttr.exprRange, 'error')
      } else source = parsed.source
    }
    // Where is it?
    // OpenTofu decodes the source even when the version failed; neither engine installs the module then
    if (source && !reason && versionFailed) reason = 'its version cannot be evaluated statically'
    let dir: string | undefined
    const record: ManifestRecord | undefined = manifest.records.get(key)
    if (source && !reason) {
      // A local source is read from beside its caller (a stale manifest record — e.g. written from
      // another working directory — must not hide it); the record is used when that path is missing.
      if (source.kind === 'local' && isDirectory(path.resolve(nodeDir, source.path))) dir = path.resolve(nodeDir, source.path)
      else if (record) {
        const recParsed = parseModuleSource(record.source, {engine, hasVersion: record.version !== undefined})
        const recNorm = 'source' in recParsed ? recParsed.source.normalized : record.source
        if (recNorm !== source.normalized && source.kind !== 'local') {
          reason = `installed from ${record.source}, but the configuration now says ${source.normalized}`
          unresolved(
            'module.source-changed',
            'Module source has changed',
            `The source address was changed since this module was installed. Run "${eng.command} init" to install all modules required by this configuration.`,
            srcAttr?.exprRange,
          )
        } else {
          // init installs remote modules under the data directory only; a record elsewhere was edited (or
          // is another configuration's), and is not followed
          const recDir = path.resolve(root, record.dir)
          const rel = path.relative(dataDir(root, env), recDir)
          if (source.kind !== 'local' && (rel === '..' || rel.startsWith('..' + path.sep) || path.isAbsolute(rel))) {
            reason = `the installed-modules manifest places it outside the data directory, in ${record.dir}`
            unresolved(
              'module.installed-outside-data-dir',
              'Installed module outside the data directory',
              `The installed-modules manifest records ${address} in ${JSON.stringify(record.dir)}, outside the data directory, where "${eng.command} init" never installs a module: the manifest was edited or comes from another configuration. tfgraph does not read that directory. Run "${eng.command} init" to reinstall the modules.`,
              call.declRange,
            )
          } else dir = recDir
        }
      }
      if (!dir && !reason) {
        if (source.kind === 'local') dir = path.resolve(nodeDir, source.path)
        else {
          reason = `${source.normalized} is not installed (no record "${key}" in the installed-modules manifest)`
          unresolved(
            'module.not-installed',
            'Module not installed',
            `This module is not yet installed. Run "${eng.command} init" to install all modules required by this configuration. (${address}: source ${JSON.stringify(sourceText)}${version ? `, version ${JSON.stringify(version)}` : ''}.)`,
            call.declRange,
          )
        }
      }
    }
    // cycles and depth
    if (dir) {
      const real = realOrSelf(dir)
      if (realChain.includes(real)) {
        reason = `the directory ${display(root, dir)} is already on this call chain (a module cycle)`
        unresolved(
          'module.cycle',
          'Module call cycle',
          `${address} calls ${JSON.stringify(sourceText)}, which is the directory of one of its own callers; following it would never end.`,
          srcAttr?.exprRange ?? call.declRange,
          'error',
        )
        dir = undefined
      } else if (childPath.length > maxDepth) {
        reason = `module nesting deeper than ${maxDepth} levels`
        unresolved(
          'module.too-deep',
          'Module nesting too deep',
          `${address} is nested more than ${maxDepth} levels deep; tfgraph stops following module calls there (--max-depth).`,
          call.declRange,
          'error',
        )
        dir = undefined
      } else if (modulesFollowed >= maxModules) {
        // resource limits: the tool stops reading (exit 1), reported once per run
        reason = `more than ${maxModules} module calls (--max-modules)`
        if (!limitReported.has('modules'))
          unresolved(
            'module.too-many-calls',
            'Too many module calls',
            `${address} and the calls after it are not followed: tfgraph follows at most ${maxModules} module calls in one configuration (--max-modules), so the results are incomplete. A module that calls another several times, many levels deep, multiplies its calls; raise --max-modules to follow them.`,
            call.declRange,
            'error',
          )
        limitReported.add('modules')
        incomplete = true
        dir = undefined
      } else if (fileBudget.remaining <= 0 && !cache.has(realOrSelf(dir))) {
        reason = `the limit of ${fileBudget.limit} configuration files was reached (--max-files)`
        if (!limitReported.has('files'))
          unresolved(
            'load.too-many-files',
            'Too many configuration files',
            `${address} and the modules after it are not read: tfgraph reads at most ${fileBudget.limit} configuration files in one run (--max-files), so the results are incomplete. Raise --max-files to read them.`,
            call.declRange,
            'error',
          )
        limitReported.add('files')
        incomplete = true
        dir = undefined
      } else {
        modulesFollowed++
        void load(dir, engine) // starts now, so the file budget is taken in the order calls are planned
      }
    }
    return {name, call, childPath, address, key, lifecycle, sourceText, version, source, reason, dir}
  }

  async function visit(node: ModuleNode, realChain: readonly string[]): Promise<void> {
    nodes.push(node)
    const m = node.module
    if (!m || !node.dir) return
    const scope: EvalScope = {
      module: m,
      variables: node.variables,
      constOnly: engine === 'terraform',
      engine,
      // path.module is the module's directory as the engine's installer names it, relative to the root
      paths: {module: node.displayDir ?? '.', root: '.', cwd: root.split(path.sep).join('/')},
      address: node.address,
    }
    // Where each call leads is decided first, and planning a call starts loading its directory, so
    // siblings are read (and, with the worker pool, parsed) in parallel; children are then visited in order.
    const planned = [...m.moduleCalls.keys()].sort().map((name) => planCall(node, scope, realChain, name))
    // the calls' arguments share one evaluation: a local value many arguments read is evaluated once
    const argument = scopeEvaluator({...scope, constOnly: false})
    for (const p of planned) {
      const {name, call, childPath, address, key, lifecycle, sourceText, version, source} = p
      let {reason, dir} = p
      let childModule: Module | undefined
      if (dir) {
        const r = await load(dir, engine)
        if (r.diagnostics.some(isMissingModuleDir)) {
          reason = `the directory ${display(root, dir)} cannot be read or has no configuration files`
          unresolved(
            'module.dir-not-found',
            'Unreadable module directory',
            `The directory ${display(root, dir)} of ${address} (source ${JSON.stringify(sourceText)}) could not be read or holds no ${eng.product} configuration files.`,
            call.declRange,
            'error',
          )
        } else childModule = r.module
      }
      // Input variables of the child known statically from the call's arguments.
      const childVars = new Map<string, Value>()
      for (const a of call.body.attributes) {
        if (['source', 'version', 'count', 'for_each', 'depends_on', 'providers'].includes(a.name)) continue
        const v = argument(a, {subject: `var.${a.name}`, range: a.exprRange})
        if ('value' in v) childVars.set(a.name, v.value)
      }
      const child: ModuleNode = {
        path: childPath,
        address,
        key,
        parent: node,
        call,
        sourceText,
        source,
        version,
        count: attrOf(call, 'count') !== undefined,
        forEach: attrOf(call, 'for_each') !== undefined,
        dependsOn: attrOf(call, 'depends_on') !== undefined,
        enabled: engine === 'opentofu' && lifecycle !== undefined && attrOf(lifecycle, 'enabled') !== undefined,
        dir: childModule ? dir : undefined,
        displayDir: childModule && dir ? display(root, dir) : undefined,
        module: childModule,
        resolved: childModule !== undefined,
        unresolvedReason: childModule ? undefined : (reason ?? 'not loaded'),
        variables: childVars,
        children: [],
      }
      node.children.push(child)
      await visit(child, dir && childModule ? [...realChain, realOrSelf(dir)] : realChain)
    }
  }

  await visit(rootNode, [realOrSelf(root)])
  await Promise.all(cache.values())
  return {rootDir: root, engine, root: rootNode, nodes, diagnostics, incomplete: incomplete || rootLoad.incomplete}
}
