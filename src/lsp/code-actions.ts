// The language server's code actions: every fix of a finding as a `quickfix` on its diagnostic (the
// preferred one marked so, as `--fix` would apply it), and `source.fixAll.tfgraph`: the preferred fixes of
// every finding in the file that has exactly one, those that do not overlap (what one pass of `lint --fix`
// applies; the editor's next request finds the rest). Edits in files other than the one asked about (a
// child module's required_providers) are part of the same workspace edit. Nothing under `.terraform/` or in
// a module installed from a registry or remote source is offered.
import * as path from 'node:path'
import type {CodeAction, CodeActionParams, Diagnostic as LspDiagnostic, TextEdit as LspTextEdit, WorkspaceEdit} from 'vscode-languageserver'
import type {Finding, RootAnalysis} from '../lint/workspace.js'
import {conflict, planFix, type FileEdit} from '../rules/fix/apply.js'
import type {Fix} from '../rules/fix/fix.js'
import {inRemotePackage} from '../rules/support.js'
import {displayRange} from '../diag/diagnostic.js'
import {lspRange, pathUri, type LinesOf} from './positions.js'

export const FIX_ALL_KIND = 'source.fixAll.tfgraph'
export const CODE_ACTION_KINDS = ['quickfix', FIX_ALL_KIND]

/** Whether a request limited to `only` kinds wants actions of `kind` (a kind matches its prefixes: `source` asks for `source.fixAll.tfgraph`). */
function wanted(only: readonly string[] | undefined, kind: string): boolean {
  return only === undefined || only.some((k) => kind === k || kind.startsWith(k + '.'))
}

/** The directories no fix may edit: modules installed from registries or remote sources, in the roots' trees. */
function installedDirs(analyses: readonly RootAnalysis[]): string[] {
  return analyses.flatMap((a) =>
    a.lint.analysis.tree.nodes
      .filter((n) => n.dir !== undefined && ((n.source !== undefined && n.source.kind !== 'local') || inRemotePackage(n)))
      .map((n) => n.dir!),
  )
}

function editable(fix: Fix, root: string, installed: readonly string[]): boolean {
  return fix.edits.every((e) => {
    const file = path.resolve(root, e.range.filename)
    return !file.split(path.sep).includes('.terraform') && !installed.some((d) => file.startsWith(d + path.sep))
  })
}

/** The fixes of one or more findings as one workspace edit. */
function workspaceEdit(fixes: readonly {root: string; fix: Fix}[], lines: LinesOf): WorkspaceEdit {
  const changes: Record<string, LspTextEdit[]> = {}
  for (const {root, fix} of fixes)
    for (const e of fix.edits) {
      const uri = pathUri(path.resolve(root, e.range.filename))
      ;(changes[uri] ??= []).push({range: lspRange(e.range, root, lines), newText: e.newText})
    }
  return {changes}
}

function sameDiagnostic(f: Finding, d: LspDiagnostic, lines: LinesOf): boolean {
  const data = d.data as {rule?: unknown; root?: unknown} | undefined
  if (d.source !== 'tfgraph' || data?.rule !== f.diagnostic.rule || data?.root !== f.root || d.code !== f.diagnostic.code) return false
  const r = displayRange(f.diagnostic)
  if (!r) return false
  const mine = lspRange(r, f.root, lines)
  return (
    mine.start.line === d.range.start.line &&
    mine.start.character === d.range.start.character &&
    mine.end.line === d.range.end.line &&
    mine.end.character === d.range.end.character
  )
}

/** The code actions for a request on a file whose findings (up to date with its buffer) are `findings`. */
export function codeActions(
  p: CodeActionParams,
  findings: readonly Finding[],
  analyses: readonly RootAnalysis[],
  lines: LinesOf,
): CodeAction[] {
  const installed = installedDirs(analyses)
  const out: CodeAction[] = []
  const only = p.context.only
  if (wanted(only, 'quickfix')) {
    for (const d of p.context.diagnostics) {
      const f = findings.find((x) => sameDiagnostic(x, d, lines))
      const fixes = (f?.diagnostic.fixes ?? []).filter((x) => editable(x, f!.root, installed))
      const preferred = fixes.filter((x) => x.preferred).length === 1
      for (const fix of fixes)
        out.push({
          title: fix.title,
          kind: 'quickfix',
          diagnostics: [d],
          ...(preferred && fix.preferred ? {isPreferred: true} : {}),
          edit: workspaceEdit([{root: f!.root, fix}], lines),
        })
    }
  }
  if (wanted(only, FIX_ALL_KIND)) {
    const chosen: {root: string; fix: Fix}[] = []
    const taken: FileEdit[] = []
    for (const f of findings) {
      const preferred = (f.diagnostic.fixes ?? []).filter((x) => x.preferred)
      const fix = preferred.length === 1 ? preferred[0]! : undefined
      if (!fix || !editable(fix, f.root, installed)) continue
      const edits = planFix(f.root, f.diagnostic.rule, fix).edits
      if (edits.some((e) => taken.some((t) => conflict(t, e)))) continue
      taken.push(...edits)
      chosen.push({root: f.root, fix})
    }
    if (chosen.length > 0)
      out.push({
        title: `Fix all tfgraph findings that have a fix (${chosen.length})`,
        kind: FIX_ALL_KIND,
        edit: workspaceEdit(chosen, lines),
      })
  }
  return out
}
