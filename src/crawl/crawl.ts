// The module crawler: from a root module, follows every module call — its source and version evaluated
// (call-source.ts), its module asked of a ModuleWalker (walker.ts; by default local directories and the
// installed-modules manifest) — and builds the module tree. Unresolved calls stay in the tree with the
// reason; cycles, absurd depth and the run's limits end with a diagnostic.
import * as path from 'node:path'
import type {ModuleSource} from '../addrs/module-source.js'
import {ModulePath} from '../addrs/module.js'
import type {Diagnostic} from '../diag/diagnostic.js'
import {errorDiag} from '../diag/diagnostic.js'
import type {Attribute, Value} from '../hcl/syntax.js'
import type {ModuleCall} from '../load/records.js'
import type {EngineName} from '../load/engine.js'
import {DEFAULT_MAX_FILES} from '../load/load-module.js'
import {runContextFor, type Checkpoint, type RunContext} from '../load/run-context.js'
import type {Module} from '../load/model.js'
import {evaluateCallSource} from './call-source.js'
import {scopeEvaluator, type EvalScope, type StaticIdent, type StaticResult} from './static-eval.js'
import {rootVariableValues, type VariableInputs} from './variables.js'
import {installedModulesWalker, isMissingModuleDir, type ModuleRequest, type ModuleWalker, type WalkResult} from './walker.js'
import {pinnedRelease} from './pinned-release.js'

export type {ModuleRequest, ModuleWalker, WalkResult} from './walker.js'

export interface CrawlOptions extends VariableInputs {
  /** The run this crawl belongs to (its files, parser and caches); default: a run of its own. */
  readonly context?: RunContext
  /** Where called modules come from (default: local directories and the installed-modules manifest, from disk). */
  readonly walker?: ModuleWalker
  readonly engine?: EngineName
  readonly env?: NodeJS.ProcessEnv
  /** Deepest module nesting followed (default 100). */
  readonly maxDepth?: number
  /** Most configuration files read in the whole tree (default DEFAULT_MAX_FILES). */
  readonly maxFiles?: number
  /** Most module calls followed (module instances; default DEFAULT_MAX_MODULES): bounds trees that fan out, such as a module calling the next one twice, 30 levels deep. */
  readonly maxModules?: number
  /** The directory file names are shown relative to (default: the root): a test run's module is shown from the tested root. */
  readonly displayRoot?: string
  /**
   * Whether the release followed for this root (given its root module) decodes module sources and versions
   * as literals only (Terraform before 1.15); default: it evaluates them (Terraform 1.15 and later).
   */
  readonly literalSources?: (root: Module | undefined, engine: EngineName, pinned: string | undefined) => boolean
  /** The command that installs the tree's modules, named in advice (default: the engine's `init`; a stack's components: `terraform stacks init`). */
  readonly initCommand?: string
  /** The Terraform release pinned for this tree by its caller (a stack's `.terraform-version`); default: the root directory's own. */
  readonly pinnedRelease?: string
}

/** Default `--max-modules`. */
export const DEFAULT_MAX_MODULES = 10_000

/** The resource limits of a crawl (`--max-depth`, `--max-files`, `--max-modules`). */
export type CrawlLimits = Pick<CrawlOptions, 'maxDepth' | 'maxFiles' | 'maxModules'>

export interface ModuleNode {
  /** Call names from the root. */
  readonly path: readonly string[]
  /** The module's path as a value (`module.a.module.b`, the root's ModulePath.root): compare by it (`key`, `equals`). */
  readonly addr: ModulePath
  /** Manifest key: call names joined with '.'. */
  readonly key: string
  readonly parent: ModuleNode | undefined
  /** The call in the parent module (its merged block decoded). */
  readonly call: ModuleCall | undefined
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
  /** The module each diagnostic concerns: the module whose files it is about, or the caller of a call it is about. */
  readonly diagnosticModules: ReadonlyMap<Diagnostic, ModulePath>
  /** A directory, a file or the manifest could not be read or parsed. */
  readonly incomplete: boolean
  /**
   * The diagnostics of the root module's own files: its load (parse, decode, override merge) and its calls'
   * sources and versions. When one is an error, Terraform's loader stops there (configload LoadConfig
   * returns after LoadConfigDir of the root) and says nothing else.
   */
  readonly rootOwnDiagnostics?: readonly Diagnostic[]
  /** The Terraform release the root pins in `.terraform-version` (Terraform only), if any. */
  readonly pinnedRelease?: string
}

export async function crawl(rootDir: string, opts: CrawlOptions = {}): Promise<ModuleTree> {
  const run = runContextFor(opts.context)
  try {
    return await crawlWith(run.ctx, rootDir, opts)
  } finally {
    await run.release()
  }
}

/** One crawl's state: what it reports, what it followed, and the limits. */
class Crawl {
  readonly diagnostics: Diagnostic[] = []
  readonly modules = new Map<Diagnostic, ModulePath>()
  readonly nodes: ModuleNode[] = []
  /** The root calls' source and version diagnostics (ModuleTree.rootOwnDiagnostics). */
  readonly rootCallDiagnostics: Diagnostic[] = []
  incomplete = false
  private modulesFollowed = 0
  private readonly reportedLoads = new Set<string>()
  private readonly limitReported = new Set<string>()

  constructor(
    readonly root: string,
    readonly engine: EngineName,
    readonly walker: ModuleWalker,
    private readonly maxDepth: number,
    private readonly maxModules: number,
    private readonly checkpoint?: Checkpoint,
    private readonly literalSources = false,
  ) {}

  report(d: Diagnostic, module: ModulePath): void {
    this.diagnostics.push(d)
    this.modules.set(d, module)
  }

  /** A module's own load diagnostics, once per module (a module reached by several calls is loaded once). */
  reportLoad(identity: string, diags: readonly Diagnostic[], incomplete: boolean, module: ModulePath): void {
    if (this.reportedLoads.has(identity)) return
    this.reportedLoads.add(identity)
    for (const d of diags) this.report(d, module)
    // a module directory that is missing or empty is an unresolved call, not a tool failure
    if (incomplete && diags.some((d) => d.severity === 'error' && !isMissingModuleDir(d))) this.incomplete = true
  }

  /** Why a call is not followed because of the depth or module-count limits (reported once per run for the count). */
  private limit(childPath: readonly string[], call: ModuleCall, caller: ModulePath): string | undefined {
    const address = ModulePath.of(childPath).toString()
    if (childPath.length > this.maxDepth) {
      this.report(
        errorDiag(
          'module.too-deep',
          'Module nesting too deep',
          `${address} is nested more than ${this.maxDepth} levels deep; tfgraph stops following module calls there (--max-depth).`,
          call.declRange,
        ),
        caller,
      )
      return `module nesting deeper than ${this.maxDepth} levels`
    }
    if (this.modulesFollowed >= this.maxModules) {
      // resource limits: the tool stops reading (exit 1), reported once per run
      if (!this.limitReported.has('modules'))
        this.report(
          errorDiag(
            'module.too-many-calls',
            'Too many module calls',
            `${address} and the calls after it are not followed: tfgraph follows at most ${this.maxModules} module calls in one configuration (--max-modules), so the results are incomplete. A module that calls another several times, many levels deep, multiplies its calls; raise --max-modules to follow them.`,
            call.declRange,
          ),
          caller,
        )
      this.limitReported.add('modules')
      this.incomplete = true
      return `more than ${this.maxModules} module calls (--max-modules)`
    }
    this.modulesFollowed++
    return undefined
  }

  /**
   * Evaluates a call's source and version and asks the walker for its module. Every sibling is planned
   * before any is visited, so their modules are read (and parsed) in parallel.
   */
  plan(node: ModuleNode, scope: EvalScope, name: string): PlannedCall {
    const call = node.module!.moduleCalls.get(name)!
    const childPath = [...node.path, name]
    const report = (d: Diagnostic): void => {
      this.report(d, node.addr)
      if (node.addr.isRoot) this.rootCallDiagnostics.push(d)
    }
    const cs = evaluateCallSource(name, call.block, {
      name,
      engine: this.engine,
      scope,
      caller: node.addr.key,
      report,
      literalSources: this.literalSources,
    })
    const base = {name, call, childPath, sourceText: cs.sourceText, source: cs.source, version: cs.version}
    if (cs.reason || !cs.source || cs.sourceText === undefined)
      return {...base, found: Promise.resolve({kind: 'unresolved', reason: cs.reason ?? 'not loaded', diagnostics: []})}
    const limited = this.limit(childPath, call, node.addr)
    if (limited) return {...base, found: Promise.resolve({kind: 'unresolved', reason: limited, diagnostics: []})}
    const request: ModuleRequest = {
      name,
      path: childPath,
      sourceText: cs.sourceText,
      source: cs.source,
      version: cs.version,
      parent: {dir: node.dir, path: node.path},
      callRange: call.declRange,
      sourceRange: call.source?.exprRange,
      engine: this.engine,
    }
    return {...base, found: this.walker.loadModule(request)}
  }

  /** The child node of a planned call, once its module is there (or not). */
  async child(
    node: ModuleNode,
    p: PlannedCall,
    chain: readonly string[],
    argument: (a: Attribute, ident: StaticIdent) => StaticResult,
  ): Promise<{child: ModuleNode; identity?: string}> {
    const found = await p.found
    let reason: string | undefined
    let module: Module | undefined
    let identity: string | undefined
    const addr = ModulePath.of(p.childPath)
    if (found.kind === 'unresolved') {
      for (const d of found.diagnostics) this.report(d, node.addr)
      if (found.incomplete) this.incomplete = true
      reason = found.reason
    } else if (chain.includes(found.identity)) {
      reason = `the directory ${found.displayDir} is already on this call chain (a module cycle)`
      const srcAttr = p.call.source
      this.report(
        errorDiag(
          'module.cycle',
          'Module call cycle',
          `${addr.key} calls ${JSON.stringify(p.sourceText)}, which is the directory of one of its own callers; following it would never end.`,
          srcAttr?.exprRange ?? p.call.declRange,
        ),
        node.addr,
      )
    } else {
      this.reportLoad(found.identity, found.diagnostics, found.incomplete, addr)
      module = found.module
      identity = found.identity
    }
    const child: ModuleNode = {
      path: p.childPath,
      addr,
      key: p.childPath.join('.'),
      parent: node,
      call: p.call,
      sourceText: p.sourceText,
      source: p.source,
      version: p.version,
      count: p.call.count !== undefined,
      forEach: p.call.forEach !== undefined,
      dependsOn: p.call.dependsOn !== undefined,
      enabled: this.engine === 'opentofu' && p.call.enabled !== undefined,
      dir: module && found.kind === 'module' ? found.dir : undefined,
      displayDir: module && found.kind === 'module' ? found.displayDir : undefined,
      module,
      resolved: module !== undefined,
      unresolvedReason: module ? undefined : (reason ?? 'not loaded'),
      variables: childVariables(p.call, argument),
      children: [],
    }
    return identity ? {child, identity} : {child}
  }

  /** The scope a module's expressions are evaluated in (module sources, call arguments). */
  scope(node: ModuleNode): EvalScope {
    return {
      module: node.module!,
      variables: node.variables,
      constOnly: this.engine === 'terraform',
      engine: this.engine,
      // path.module is the module's directory as the engine's installer names it, relative to the root
      paths: {module: node.displayDir ?? '.', root: '.', cwd: this.root.split(path.sep).join('/')},
      address: node.addr.key,
    }
  }

  async visit(node: ModuleNode, chain: readonly string[]): Promise<void> {
    this.nodes.push(node)
    if (!node.module) return
    // an editor's run lets requests in between modules (never abandons a crawl: loads are in flight)
    await this.checkpoint?.(false)
    const scope = this.scope(node)
    const planned = [...node.module.moduleCalls.keys()].sort().map((name) => this.plan(node, scope, name))
    // the calls' arguments share one evaluation: a local value many arguments read is evaluated once
    const argument = scopeEvaluator({...scope, constOnly: false})
    for (const [i, p] of planned.entries()) {
      // and between one call's arguments and the next's (a module of many calls evaluates many arguments)
      if (i > 0) await this.checkpoint?.(false)
      const {child, identity} = await this.child(node, p, chain, argument)
      node.children.push(child)
      await this.visit(child, identity ? [...chain, identity] : chain)
    }
  }
}

interface PlannedCall {
  readonly name: string
  readonly call: ModuleCall
  readonly childPath: string[]
  readonly sourceText: string | undefined
  readonly source: ModuleSource | undefined
  readonly version: string | undefined
  readonly found: Promise<WalkResult>
}

/** Input variables of a called module known statically from the call's arguments (in the caller's scope). */
function childVariables(call: ModuleCall, argument: (a: Attribute, ident: StaticIdent) => StaticResult): Map<string, Value> {
  const out = new Map<string, Value>()
  for (const a of call.block.body.attributes) {
    if (META_ARGUMENTS.has(a.name)) continue
    // the range only when a message needs it (most arguments evaluate, or fail without one of their own)
    const v = argument(a, {
      subject: `var.${a.name}`,
      get range() {
        return a.exprRange
      },
    })
    if ('value' in v) out.set(a.name, v.value)
  }
  return out
}

const META_ARGUMENTS: ReadonlySet<string> = new Set(['source', 'version', 'count', 'for_each', 'depends_on', 'providers'])

/** The crawl of a run: what `crawl` does with the context a caller already has. */
export async function crawlWith(ctx: RunContext, rootDir: string, opts: CrawlOptions): Promise<ModuleTree> {
  await ctx.loads.ready()
  const root = path.resolve(rootDir)
  const env = opts.env ?? process.env
  const budget = opts.maxFiles ?? DEFAULT_MAX_FILES
  const installed = installedModulesWalker({
    context: ctx,
    root,
    env,
    fileBudget: {remaining: budget, limit: budget},
    ...(opts.initCommand ? {initCommand: opts.initCommand} : {}),
    ...(opts.displayRoot ? {displayRoot: path.resolve(opts.displayRoot)} : {}),
  })
  const rootLoad = await installed.loadDir(root, opts.engine)
  const engine: EngineName = rootLoad.engine
  const rootVars = await rootVariableValues(ctx, root, opts)
  const pinned = engine === 'terraform' ? (opts.pinnedRelease ?? pinnedRelease(ctx.files, root)) : undefined
  const c = new Crawl(
    root,
    engine,
    opts.walker ?? installed,
    opts.maxDepth ?? 100,
    opts.maxModules ?? DEFAULT_MAX_MODULES,
    ctx.checkpoint,
    opts.literalSources?.(rootLoad.module, engine, pinned) ?? false,
  )
  const rootIdentity = ctx.files.realpath(root) ?? root
  for (const d of rootLoad.diagnostics) c.report(d, ModulePath.root)
  if (!opts.walker) for (const d of installed.manifestDiagnostics) c.report(d, ModulePath.root)
  for (const d of rootVars.diagnostics) c.report(d, ModulePath.root)
  const rootNode = rootModuleNode(root, {
    enabled: false,
    // from the directory file names are shown relative to (a stack component's, a test run's module: not the root)
    displayDir: opts.displayRoot ? path.relative(path.resolve(opts.displayRoot), root).split(path.sep).join('/') || '.' : '.',
    module: rootLoad.module,
    variables: rootVars.values,
  })
  await c.visit(rootNode, [rootIdentity])
  await installed.settled()
  return {
    ...(pinned ? {pinnedRelease: pinned} : {}),
    rootDir: root,
    engine,
    root: rootNode,
    nodes: c.nodes,
    diagnostics: c.diagnostics,
    diagnosticModules: c.modules,
    incomplete: c.incomplete || rootLoad.incomplete,
    rootOwnDiagnostics: [...rootLoad.diagnostics, ...c.rootCallDiagnostics],
  }
}

/** The root module's node of a tree: no call, no parent, resolved; what differs from root to root is given. */
export function rootModuleNode(dir: string, own: Pick<ModuleNode, 'enabled' | 'displayDir' | 'module' | 'variables'>): ModuleNode {
  return {
    path: [],
    addr: ModulePath.root,
    key: '',
    parent: undefined,
    call: undefined,
    sourceText: undefined,
    source: undefined,
    version: undefined,
    count: false,
    forEach: false,
    dependsOn: false,
    // in the order of every other node's fields (one object shape for the whole tree)
    enabled: own.enabled,
    dir,
    displayDir: own.displayDir,
    module: own.module,
    resolved: true,
    unresolvedReason: undefined,
    variables: own.variables,
    children: [],
  }
}
