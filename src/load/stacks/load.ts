// Loading a stack configuration: one directory's files read, parsed, decoded and merged (stackconfig's
// LoadSingleStackConfig), then the tree of embedded stacks with local sources (LoadConfigDir: the nesting
// limit, the sources of removed blocks). Remote sources are not fetched: such a call is kept, unresolved.
import * as path from 'node:path'
import {StackPath} from '../../addrs/stack.js'
import type {Diagnostic} from '../../diag/diagnostic.js'
import {errorDiag, warningDiag} from '../../diag/diagnostic.js'
import {goQuote} from '../../diag/go-quote.js'
import type {Attribute} from '../../hcl/syntax.js'
import {parseConfigFile, type LoadContext} from '../load-module.js'
import type {DecodeContext} from './decode-source.js'
import {decodeStackFile} from './decode-file.js'
import {Declarations, removedTargetKey} from './declarations.js'
import {deploymentsOf} from './deploy.js'
import {selectStackFiles} from './files.js'
import type {Deployment, Stack, StackConfigNode, StackFileEntry, StackProviderConfig, StackRemoved} from './model.js'

export interface StackLoadOptions {
  /** Read `.tfstack.*` files as Terraform 1.13 did (with its warning); false: skip them, as 1.14 and later do. */
  readonly readDeprecated: boolean
  /** go-versions' error for a version constraint string, or undefined when it parses. */
  readonly versionProblem: (constraints: string) => string | undefined
  /** Read every stack file, both suffixes mixed (to see which components there are before deciding which release reads them). */
  readonly readAll?: boolean
}

/** Terraform's maxEmbeddedStackNesting. */
const MAX_NESTING = 20

const MIXED =
  'This stack configuration has mixed the deprecated .tfstack.hcl or .tfstack.json file extensions with the latest .tfcomponent.hcl or .tfcomponent.json file extensions. Update all files to the latest .tfcomponent file extension.'

/** The files this load reads (1.13's rule: every file must use the suffix of the first), with the errors for the others. */
function filesToRead(
  entries: readonly StackFileEntry[],
  opts: StackLoadOptions,
  diags: Diagnostic[],
): {read: StackFileEntry[]; skipped: string[]} {
  const read: StackFileEntry[] = []
  const skipped: string[] = []
  let prior: StackFileEntry['kind'] | undefined
  for (const f of entries) {
    if (f.kind === 'deploy') continue
    if (f.kind === 'deprecated' && !opts.readDeprecated) {
      skipped.push(f.name)
      continue
    }
    prior ??= f.kind
    if (f.kind !== prior && !opts.readAll) {
      diags.push({
        ...errorDiag('stack.mixed-file-suffixes', 'Invalid stack configuration directory', MIXED),
        extra: {explanation: `${f.name} was not read.`},
      })
      continue
    }
    read.push(f)
  }
  return {read, skipped}
}

interface DirListing {
  readonly files: StackFileEntry[]
  readonly dirs: ReadonlySet<string>
}

function listStackDir(ctx: LoadContext, dir: string): DirListing | undefined {
  try {
    const entries = ctx.files.list(dir)
    return {
      files: selectStackFiles(entries.map((e) => e.name)),
      dirs: new Set(entries.filter((e) => e.kind === 'dir').map((e) => e.name)),
    }
  } catch {
    return undefined
  }
}

/** One directory's stack configuration; file names in ranges are `displayPrefix` + the file name. */
export async function loadStackDir(ctx: LoadContext, dir: string, displayPrefix: string, opts: StackLoadOptions): Promise<Stack> {
  const diags: Diagnostic[] = []
  const listing = listStackDir(ctx, dir)
  if (!listing) {
    diags.push(
      errorDiag(
        'stack.missing-directory',
        'Missing stack configuration',
        `There is no stack configuration directory at ${displayDir(displayPrefix)}.`,
      ),
    )
    return emptyStack(dir, [], diags)
  }
  const {read, skipped} = filesToRead(listing.files, opts, diags)
  const merged = new Declarations()
  const decodeCtx: DecodeContext = {diags, versionProblem: opts.versionProblem}
  let incomplete = false
  for (const f of read) {
    if (listing.dirs.has(f.name))
      diags.push(
        errorDiag(
          'stack.directory-entry',
          'Invalid stack configuration directory',
          `The entry ${displayPrefix}${f.name} is a directory. All entries with the stack configuration name suffixes must be files.`,
        ),
      )
    const parsed = await parseConfigFile(
      ctx,
      path.join(dir, f.name),
      displayPrefix + f.name,
      f.syntax,
      f.syntax === 'json' ? 'stack' : 'config',
    )
    diags.push(...parsed.diagnostics)
    if (parsed.diagnostics.some((d) => d.code === 'load.file-unreadable')) incomplete = true
    if (!parsed.file || parsed.diagnostics.some((d) => d.severity === 'error')) continue
    // a file with any error is left out of the stack (LoadSingleStackConfig)
    const fileDiags: Diagnostic[] = []
    const decls = decodeStackFile(parsed.file.body, {
      ...decodeCtx,
      diags: fileDiags,
      ...(ctx.blockKinds ? {sites: ctx.blockKinds.files} : {}),
    })
    diags.push(...fileDiags)
    if (fileDiags.some((d) => d.severity === 'error')) continue
    merged.merge(decls, diags)
  }
  const providerConfigs = resolveProviderConfigs(merged, diags)
  if (read.some((f) => f.kind === 'deprecated'))
    diags.push(
      warningDiag(
        'stack.deprecated-file-suffix',
        'Deprecated filename usage',
        'This configuration is using the deprecated .tfstack.hcl or .tfstack.json file extensions. This will not be supported in a future version of Terraform, please update your files to use the latest .tfcomponent.hcl or .tfcomponent.json file extensions.',
      ),
    )
  const deployments = await readDeployments(ctx, dir, displayPrefix, listing.files, diags)
  return {
    dir,
    files: listing.files,
    skippedFiles: skipped,
    components: merged.components,
    embeddedStacks: merged.embeddedStacks,
    variables: merged.variables,
    locals: merged.locals,
    outputs: merged.outputs,
    ...(merged.requiredProviders ? {requiredProviders: merged.requiredProviders} : {}),
    providerConfigs,
    removed: [...merged.removedComponents.values(), ...merged.removedStacks.values()].flat(),
    deployments,
    expressions: merged.expressions,
    diagnostics: diags,
    incomplete,
  }
}

/** Each provider configuration's provider, from the stack's required_providers (an error for an undeclared local name). */
function resolveProviderConfigs(d: Declarations, diags: Diagnostic[]): Map<string, StackProviderConfig> {
  const out = new Map<string, StackProviderConfig>()
  for (const [key, p] of d.providerConfigs) {
    const req = d.requiredProviders?.entries.get(p.localName)
    if (!req) {
      diags.push({
        ...errorDiag(
          'stack.undeclared-provider',
          'Undeclared provider local name',
          `This configuration's required_providers block does not include a definition for the local name ${goQuote(p.localName)}.`,
        ),
        extra: {range: p.nameRange},
      })
      out.set(key, p)
      continue
    }
    out.set(key, {...p, provider: req.provider})
  }
  return out
}

async function readDeployments(
  ctx: LoadContext,
  dir: string,
  displayPrefix: string,
  files: readonly StackFileEntry[],
  diags: Diagnostic[],
): Promise<Deployment[]> {
  const out: Deployment[] = []
  for (const f of files) {
    if (f.kind !== 'deploy') continue
    const parsed = await parseConfigFile(ctx, path.join(dir, f.name), displayPrefix + f.name, 'native')
    diags.push(...parsed.diagnostics)
    if (parsed.file) out.push(...deploymentsOf(parsed.file.body))
  }
  return out
}

function emptyStack(dir: string, files: StackFileEntry[], diagnostics: Diagnostic[]): Stack {
  return {
    dir,
    files,
    skippedFiles: [],
    components: new Map(),
    embeddedStacks: new Map(),
    variables: new Map(),
    locals: new Map<string, Attribute>(),
    outputs: new Map(),
    providerConfigs: new Map(),
    removed: [],
    deployments: [],
    expressions: [],
    diagnostics,
    incomplete: true,
  }
}

function displayDir(prefix: string): string {
  return prefix === '' ? '.' : prefix.replace(/\/$/, '')
}

// ---------------------------------------------------------------------------------------------
// The tree of embedded stacks

interface TreeLoad {
  readonly ctx: LoadContext
  readonly rootDir: string
  readonly opts: StackLoadOptions
}

/** How Terraform names a resolved local source in its messages: from the root stack's directory. */
function finalSource(t: TreeLoad, dir: string): string {
  const rel = path.relative(t.rootDir, dir).split(path.sep).join('/')
  return rel === '' ? './' : rel.startsWith('..') ? rel : `./${rel}`
}

/** The stack configuration at `rootDir` and the embedded stacks it calls through local sources. */
export async function loadStackConfig(ctx: LoadContext, rootDir: string, opts: StackLoadOptions): Promise<StackConfigNode> {
  const t: TreeLoad = {ctx, rootDir: path.resolve(rootDir), opts}
  return loadNode(t, t.rootDir, StackPath.root, [])
}

interface MutableNode extends StackConfigNode {
  readonly children: Map<string, StackConfigNode>
  readonly diagnostics: Diagnostic[]
}

async function loadNode(t: TreeLoad, dir: string, address: StackPath, callers: readonly string[]): Promise<MutableNode> {
  const rel = path.relative(t.rootDir, dir).split(path.sep).join('/')
  const prefix = rel === '' ? '' : rel + '/'
  const stack = await loadStackDir(t.ctx, dir, prefix, t.opts)
  const node: MutableNode = {stack, address, displayDir: rel === '' ? '.' : rel, children: new Map(), diagnostics: []}
  for (const call of [...stack.embeddedStacks.values()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (call.source.kind !== 'local') continue // not fetched: the analysis says so
    if (callers.length === MAX_NESTING) {
      node.diagnostics.push(tooDeep(t, [...callers, dir], call.declRange))
      continue
    }
    const child = await loadNode(t, path.resolve(dir, call.source.text), address.child(call.name), [...callers, dir])
    node.children.set(call.name, child)
  }
  await removedStacks(t, node, dir, callers)
  removedComponentSources(t, node, dir)
  return node
}

function tooDeep(t: TreeLoad, chain: readonly string[], at: Diagnostic['range']): Diagnostic {
  const list = chain.map((d, i) => `\n  ${String(i + 1).padStart(2)}: ${finalSource(t, d)}`).join('')
  return errorDiag(
    'stack.too-deep',
    'Too much embedded stack nesting',
    `This embedded stack call is nested ${chain.length - 1} levels deep, which is greater than Terraform's nesting safety limit.\n\nWe recommend keeping stack configuration trees relatively flat, ideally using composition of a flat set of nested calls at the root.\n\nEmbedded stacks leading to this point:${list}`,
    at,
  )
}

/** Removed blocks that target embedded stacks: their sources loaded where the tree does not have them, and checked where it does. */
async function removedStacks(t: TreeLoad, node: MutableNode, dir: string, callers: readonly string[]): Promise<void> {
  const targets = node.stack.removed.filter((r) => !r.fromComponent).sort((a, b) => a.fromStack.length - b.fromStack.length)
  for (const r of targets) {
    if (r.source.kind !== 'local') continue
    const source = path.resolve(dir, r.source.text)
    let current: MutableNode | undefined = node
    for (const step of r.fromStack.slice(0, -1)) {
      current = current.children.get(step.name) as MutableNode | undefined
      if (!current) {
        node.diagnostics.push(
          errorDiag(
            'stack.orphaned-removed',
            'Invalid removed block',
            'The linked removed block was not executed because the `from` attribute of the removed block targets a component or embedded stack within an orphaned embedded stack.\n\nIn order to remove an entire stack, update your removed block to target the entire removed stack itself instead of the specific elements within it.',
            r.declRange,
          ),
        )
        break
      }
    }
    if (!current) continue
    const last = r.fromStack[r.fromStack.length - 1]!
    const existing = current.children.get(last.name)
    if (existing) {
      if (existing.stack.dir !== source) node.diagnostics.push(otherSource(t, r, source, existing.stack.dir))
      continue
    }
    if (callers.length === MAX_NESTING) continue
    current.children.set(last.name, await loadNode(t, source, current.address.child(last.name), [...callers, dir]))
  }
}

/** Removed blocks of one component must agree on its source, and with the component block's. */
function removedComponentSources(t: TreeLoad, node: MutableNode, dir: string): void {
  const byTarget = new Map<string, StackRemoved[]>()
  for (const r of node.stack.removed)
    if (r.fromComponent) byTarget.set(removedTargetKey(r), [...(byTarget.get(removedTargetKey(r)) ?? []), r])
  for (const [, blocks] of byTarget) {
    const first = blocks[0]!
    const component = first.fromStack.length === 0 ? node.stack.components.get(first.fromComponent!.name) : undefined
    let source = component && component.source.kind === 'local' ? path.resolve(dir, component.source.text) : undefined
    for (const r of blocks) {
      if (r.source.kind !== 'local') continue
      const here = path.resolve(dir, r.source.text)
      if (source === undefined) source = here
      else if (source !== here) node.diagnostics.push(otherSource(t, r, here, source))
    }
  }
}

function otherSource(t: TreeLoad, r: StackRemoved, source: string, existing: string): Diagnostic {
  return errorDiag(
    'stack.removed-source-conflict',
    'Invalid source address',
    `Cannot use ${goQuote(finalSource(t, source))} as a source address here: the target stack is already initialised with another source ${goQuote(finalSource(t, existing))}.`,
    r.source.range,
  )
}
