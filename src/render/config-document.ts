// `tfgraph config --json`: the effective configuration of one module directory as a document
// (format_version "1"), in the hcl2json shape with the file list and the diagnostics.
import {sortDiagnostics, withoutCode, type DiagnosticJson} from '../diag/diagnostic.js'
import {renameFiles, rootRelative} from '../diag/file-names.js'
import type {Value} from '../hcl/syntax.js'
import type {LoadResult} from '../load/load-module.js'
import {moduleToJson} from './config-json.js'

export interface ConfigDocument {
  readonly format_version: '1'
  readonly engine: string
  readonly files: readonly {readonly path: string; readonly kind: 'primary' | 'override' | 'query'; readonly shadowed_by?: string}[]
  readonly config: Record<string, Value>
  readonly diagnostics: readonly DiagnosticJson[]
}

/** The `config --json` contract (format_version "1"). */
export function configDocument(r: LoadResult): ConfigDocument {
  return {
    format_version: '1',
    engine: r.engine,
    files: r.module.files.map((f) =>
      f.shadowedBy ? {path: f.name, kind: f.kind, shadowed_by: f.shadowedBy} : {path: f.name, kind: f.kind},
    ),
    config: moduleToJson(r.module),
    diagnostics: sortDiagnostics(renameFiles(r.diagnostics, rootRelative(r.module.dir))).map(withoutCode),
  }
}
