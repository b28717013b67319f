// `tfgraph config`: the effective configuration of one module directory after override files.
import {sortDiagnostics, withoutCode, type DiagnosticJson} from './diag/diagnostic.js'
import type {Value} from './hcl/syntax.js'
import {DEFAULT_MAX_FILES, loadModuleDir, type LoadOptions, type LoadResult} from './load/load-module.js'
import {withRunContext, type RunContext} from './load/run-context.js'
import {moduleToJson} from './render/config-json.js'

export interface ConfigDocument {
  readonly format_version: '1'
  readonly engine: string
  readonly files: readonly {readonly path: string; readonly kind: 'primary' | 'override'; readonly shadowed_by?: string}[]
  readonly config: Record<string, Value>
  readonly diagnostics: readonly DiagnosticJson[]
}

/** Loads one module directory for `tfgraph config`: at most DEFAULT_MAX_FILES files unless `opts.fileBudget` says otherwise. */
export async function loadConfig(dir: string, opts: LoadOptions & {readonly context?: RunContext} = {}): Promise<LoadResult> {
  const {context, ...load} = opts
  return withRunContext(context, (ctx) => loadModuleDir(dir, {fileBudget: {remaining: DEFAULT_MAX_FILES, limit: DEFAULT_MAX_FILES}, ...load}, ctx))
}

/** The `config --json` contract (format_version "1"). */
export function configDocument(r: LoadResult): ConfigDocument {
  return {
    format_version: '1',
    engine: r.engine,
    files: r.module.files.map((f) => (f.shadowedBy ? {path: f.name, kind: f.kind, shadowed_by: f.shadowedBy} : {path: f.name, kind: f.kind})),
    config: moduleToJson(r.module),
    diagnostics: sortDiagnostics(r.diagnostics).map(withoutCode),
  }
}
