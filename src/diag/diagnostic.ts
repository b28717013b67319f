// One diagnostic type for the whole tool, shaped like `terraform validate -json`.
import type {DiagnosticCode} from './codes.js'

export type {DiagnosticCode} from './codes.js'

/** A position in a source file: 1-based line and column (in characters), 0-based byte offset. */
export interface Pos {
  readonly line: number
  readonly column: number
  readonly byte: number
}

/**
 * A half-open source range [start, end) in one file. In the model (a module's blocks, records, bindings) `filename`
 * is the file's absolute path, so a module is the same whatever root reaches it; the analysis's diagnostics,
 * the lint findings and every document name it relative to the analysed root (diag/file-names.ts).
 */
export interface SourceRange {
  readonly filename: string
  readonly start: Pos
  readonly end: Pos
}

export type Severity = 'error' | 'warning'

export interface Diagnostic {
  /**
   * What the problem is, stable across releases and wording changes (docs/diagnostic-codes.md): code
   * branches on it, never on `summary`. Not part of any JSON output (see `withoutCode`).
   */
  readonly code: DiagnosticCode
  readonly severity: Severity
  readonly summary: string
  readonly detail: string
  readonly range?: SourceRange
  /**
   * tfgraph's additions to a diagnostic whose text is Terraform's: `range` locates the cause where
   * Terraform's own diagnostic has no source range (it is never put in `range`, so that field stays
   * what Terraform reports); `explanation` says what tfgraph found, in its own words.
   */
  readonly extra?: DiagnosticExtra
}

export interface DiagnosticExtra {
  readonly range?: SourceRange
  readonly explanation?: string
  /**
   * Terraform does not say this yet: it stops at errors in the root module's own files, and says this once
   * they are fixed (tfgraph says it now; the explanation says so).
   */
  readonly after_root_errors?: true
}

export function errorDiag(code: DiagnosticCode, summary: string, detail: string, range?: SourceRange): Diagnostic {
  return range ? {code, severity: 'error', summary, detail, range} : {code, severity: 'error', summary, detail}
}

export function warningDiag(code: DiagnosticCode, summary: string, detail: string, range?: SourceRange): Diagnostic {
  return range ? {code, severity: 'warning', summary, detail, range} : {code, severity: 'warning', summary, detail}
}

/** A diagnostic as the JSON outputs show it: without its code. */
export type DiagnosticJson = Omit<Diagnostic, 'code'>

/**
 * A diagnostic as the JSON outputs show it: every field but `code`, in the same order. The outputs
 * predate codes and stay byte-identical; the library's values carry the code.
 */
export function withoutCode<D extends Diagnostic>(d: D): Omit<D, 'code'> {
  const {code: _code, ...rest} = d
  return rest
}

/** Terraform's range text: `file:LINE,COL-ENDCOL` or `file:LINE,COL-ENDLINE,ENDCOL`. */
export function formatRange(r: SourceRange): string {
  if (r.start.line === r.end.line) return `${r.filename}:${r.start.line},${r.start.column}-${r.end.column}`
  return `${r.filename}:${r.start.line},${r.start.column}-${r.end.line},${r.end.column}`
}

/** `hcl.Diagnostic.Error()`: `<range>: <summary>; <detail>` (range omitted when absent). */
export function diagnosticString(d: Diagnostic): string {
  const head = d.range ? `${formatRange(d.range)}: ${d.summary}` : d.summary
  return d.detail ? `${head}; ${d.detail}` : head
}

export function hasErrors(diags: readonly Diagnostic[]): boolean {
  return diags.some((d) => d.severity === 'error')
}

function cmp(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** The range a diagnostic is shown at: Terraform's, else the one tfgraph located. */
export function displayRange(d: Diagnostic): SourceRange | undefined {
  return d.range ?? d.extra?.range
}

/** Deterministic order: by file name, start byte (Terraform's range, else tfgraph's), severity (errors first), summary, detail. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  const ar = displayRange(a)
  const br = displayRange(b)
  return (
    cmp(ar?.filename ?? '', br?.filename ?? '') ||
    cmp(ar?.start.byte ?? -1, br?.start.byte ?? -1) ||
    cmp(a.severity === 'error' ? 0 : 1, b.severity === 'error' ? 0 : 1) ||
    cmp(a.summary, b.summary) ||
    cmp(a.detail, b.detail)
  )
}

export function sortDiagnostics(diags: readonly Diagnostic[]): Diagnostic[] {
  return [...diags].sort(compareDiagnostics)
}
