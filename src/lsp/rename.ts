// textDocument/prepareRename and textDocument/rename of a provider configuration's alias or local name:
// what stands at the cursor (a provider block's label or alias, a `provider` argument, a `providers` map
// key or value, a configuration_aliases entry, a required_providers key, …) says which configuration of
// which module is renamed; the edits come from providers/tree/provider-references.ts over every root whose
// tree holds that module, brought up to date first. Each edit is checked against the current text
// (buffer or disk) byte for byte before it is given: a rename never changes more than the names.
import * as path from 'node:path'
import type {Range, TextEdit, WorkspaceEdit} from 'vscode-languageserver'
import type {ModuleNode} from '../crawl/crawl.js'
import type {RootAnalysis} from '../lint/workspace.js'
import {
  providerSites,
  renameEdits,
  renameRefusal,
  renameTargetOf,
  type NameEdit,
  type ProviderSite,
  type RenameTarget,
} from '../providers/tree/provider-references.js'
import {holds, lspRange, lspRangeIn, pathUri, type LinesOf, type Spot} from './positions.js'
import {nodesOfFile} from './targets.js'

export interface RenameContext {
  /** The analyses of the roots holding the file, up to date. */
  readonly analyses: readonly RootAnalysis[]
  readonly file: string
  readonly lines: LinesOf
  /** The analyses of every root whose tree holds a module directory, up to date. */
  readonly analysesOfDir: (dir: string) => Promise<readonly RootAnalysis[]>
  /** A file's current text (its buffer, else the disk); undefined when it cannot be read. */
  readonly text: (file: string) => string | undefined
  /** Why tfgraph must not edit a file (outside the workspace, installed by `terraform init`), if it must not. */
  readonly uneditable: (file: string) => string | undefined
}

/** A rename that cannot be done, and why (the client shows the message). */
export class RenameRefused extends Error {}

/** A refusal's places (`/abs/net/main.tf:18`, as the model names files) named from the root the editor is in. */
function fromRoot(message: string, root: string): string {
  return message.replace(
    /(?<=^|[\s(])(\/[^\s:(),]+):(\d+)/g,
    (_m, file: string, line: string) => `${path.relative(root, file).split(path.sep).join('/')}:${line}`,
  )
}

interface At {
  readonly a: RootAnalysis
  readonly n: ModuleNode
  readonly site: ProviderSite
  readonly onAlias: boolean
}

/** The site under the cursor, in the first analysis that has one. */
function siteAt(ctx: RenameContext, at: Spot): At | undefined {
  for (const a of ctx.analyses) {
    const rel = path.resolve(ctx.file)
    for (const n of nodesOfFile(a, ctx.file)) {
      for (const site of providerSites(n.module!)) {
        if (site.aliasRange && holds(site.aliasRange, rel, at)) return {a, n, site, onAlias: true}
        if (holds(site.nameRange, rel, at)) return {a, n, site, onAlias: false}
      }
    }
  }
  return undefined
}

async function targetAt(ctx: RenameContext, at: Spot): Promise<{here: At; target: RenameTarget; trees: RootAnalysis[]}> {
  const here = siteAt(ctx, at)
  if (!here) throw new RenameRefused('tfgraph renames provider configurations: put the cursor on a provider alias or local name')
  const target = renameTargetOf(here.n, here.site, here.onAlias)
  if ('error' in target) throw new RenameRefused(fromRoot(target.error, here.a.root))
  const trees = [...(await ctx.analysesOfDir(target.dir))]
  const refusal = renameRefusal(
    trees.map((a) => a.lint.analysis.tree),
    target,
  )
  if (refusal) throw new RenameRefused(fromRoot(refusal, here.a.root))
  return {here, target, trees}
}

/** The range to rename at the cursor and the name there now. */
export async function prepareRename(ctx: RenameContext, at: Spot): Promise<{range: Range; placeholder: string}> {
  const {here, target} = await targetAt(ctx, at)
  const r = here.onAlias ? here.site.aliasRange! : here.site.nameRange
  return {range: lspRange(r, here.a.root, ctx.lines), placeholder: target.part === 'alias' ? target.alias! : target.localName}
}

/** The edits renaming what stands at the cursor to `newName`, in every file that names it. */
export async function rename(ctx: RenameContext, at: Spot, newName: string): Promise<WorkspaceEdit> {
  const {here, target, trees} = await targetAt(ctx, at)
  // to the name it has: nothing to do (an empty edit, which every client applies as such)
  if (newName === (target.part === 'alias' ? target.alias : target.localName)) return {changes: {}}
  const planned = renameEdits(
    trees.map((a) => a.lint.analysis.tree),
    target,
    newName,
  )
  if ('error' in planned) throw new RenameRefused(fromRoot(planned.error, here.a.root))
  const changes: Record<string, TextEdit[]> = {}
  for (const e of planned.edits) {
    check(ctx, e)
    const uri = pathUri(e.file)
    ;(changes[uri] ??= []).push({range: lspRangeIn(e.file, e.range, ctx.lines), newText: e.newText})
  }
  return {changes}
}

/** Refuses an edit whose range no longer reads as the name it renames (the file changed since), or of a file tfgraph must not edit. */
function check(ctx: RenameContext, e: NameEdit): void {
  const where = `${path.basename(e.file)}:${e.range.start.line}`
  const no = ctx.uneditable(e.file)
  if (no) throw new RenameRefused(`${e.file}: ${no}`)
  const text = ctx.text(e.file)
  const got = text === undefined ? undefined : Buffer.from(text, 'utf8').subarray(e.range.start.byte, e.range.end.byte).toString('utf8')
  if (got !== e.oldText)
    throw new RenameRefused(
      `${where} does not read ${JSON.stringify(e.oldText)} where the analysis has it (the file changed?): nothing renamed`,
    )
}
