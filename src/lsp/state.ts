// The state in the editor (issue #51): the state file a workspace folder's setting names (`tfgraph.state`,
// relative to the folder) is matched to the root module it belongs to — the root that is the state file's
// directory or the nearest above it, else the folder's only root. Read again each time it is needed (after
// each analysis, for each code lens and hover), never kept past that, never written: a state can hold secrets.
// Its diagnostics go where the configuration was expected: a diagnostic about a resource at its range; an
// orphan whose configuration is gone at the main file of the module that held the provider block, or, when
// that module is no longer called, of the nearest module above it that still is (the root's, at worst).
import {ModulePath} from '../addrs/module.js'
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import {displayRange} from '../diag/diagnostic.js'
import type {ModuleNode} from '../crawl/crawl.js'
import type {RootAnalysis} from '../lint/workspace.js'
import {stateFindings} from '../lint/state-findings.js'
import type {LintDiagnostic} from '../rules/rule.js'
import {analyzeState, StateError, type StateAnalysis} from '../state/index.js'
import {mainFile} from './features.js'

/** The state a workspace folder is set up with: the file (absolute) and the root it belongs to. */
export interface StateSetting {
  readonly file: string
  readonly root: string
}

/** The setting's value, from initialization options or `workspace/didChangeConfiguration` settings: `{state}` or `{tfgraph: {state}}`. */
export function stateOption(options: unknown): string | undefined {
  if (options === null || typeof options !== 'object') return undefined
  const o = options as {state?: unknown; tfgraph?: unknown}
  if (typeof o.state === 'string') return o.state.trim() === '' ? '' : o.state
  if (o.tfgraph !== undefined) return stateOption(o.tfgraph)
  return undefined
}

/** The root module a state file belongs to: the root that is its directory or the nearest above it, else the only root. */
export function stateRoot(file: string, roots: readonly string[]): string | undefined {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (roots.includes(dir)) return dir
    if (path.dirname(dir) === dir) break
  }
  return roots.length === 1 ? roots[0] : undefined
}

/** The state read now and matched to the root's analysis; a state that cannot be read or used is the reason, as text. */
export function readStateFor(a: RootAnalysis, file: string): StateAnalysis | string {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (e) {
    return `cannot read ${file}: ${e instanceof Error ? e.message : String(e)}`
  }
  try {
    return analyzeState(a.lint.analysis, text, file)
  } catch (e) {
    if (e instanceof StateError) return e.message
    throw e
  }
}

/** A state finding in one file (absolute). */
export interface StateFinding {
  readonly file: string
  readonly diagnostic: LintDiagnostic
}

/** The main file of the module at `address`, or of the nearest module above it that the tree still has. */
function homeOf(a: RootAnalysis, module: ModulePath): string | undefined {
  const nodes = new Map<string, ModuleNode>(a.lint.analysis.tree.nodes.map((n) => [n.addr.key, n]))
  for (let at: ModulePath | undefined = module; at; at = at.parent) {
    const n = nodes.get(at.key)
    const main = n ? mainFile(n) : undefined
    if (main) return main
  }
  return undefined
}

/** The state's diagnostics by the file each is shown in. */
export function stateFindingsByFile(a: RootAnalysis, s: StateAnalysis): Map<string, StateFinding[]> {
  const out = new Map<string, StateFinding[]>()
  const modules = new Map(s.match.objects.map((m) => [m.object.address.key, m.object.recorded.module]))
  for (const [i, d] of stateFindings(s).entries()) {
    const r = displayRange(d)
    const address = s.addresses.get(s.diagnostics[i]!)
    const file = r ? path.resolve(a.root, r.filename) : homeOf(a, (address && modules.get(address.key)) ?? ModulePath.root)
    if (!file) continue
    out.set(file, [...(out.get(file) ?? []), {file, diagnostic: d}])
  }
  return out
}
