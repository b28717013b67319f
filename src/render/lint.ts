// Lint renderers: text (Terraform-like, with source line and caret), compact (one line each),
// json (terraform validate -json shape plus rule/address/callers) and SARIF 2.1.0.
import {displayRange, formatRange} from '../diag/diagnostic.js'
import {terminalInline, terminalText} from './terminal-text.js'
import type {LintDiagnostic, Rule} from '../rules/rule.js'

export interface LintRenderInput {
  readonly root: string
  readonly diagnostics: readonly LintDiagnostic[]
  /** Said once before the root's findings (text) or beside them (JSON). */
  readonly notes?: readonly string[]
}

export interface TextRenderOptions {
  readonly sourceLines?: (filename: string, root: string) => readonly string[] | undefined
  readonly color?: boolean
}

function paint(on: boolean, code: string, s: string): string {
  return on ? `\u001b[${code}m${s}\u001b[0m` : s
}

export function renderLintText(results: readonly LintRenderInput[], opts: TextRenderOptions = {}): string {
  const color = opts.color ?? false
  const out: string[] = []
  for (const r of results) {
    // input-derived text is made terminal-safe (terminal-text.ts) before colours are added
    if (results.length > 1) out.push(paint(color, '1', `== ${terminalInline(r.root)}`), '')
    for (const n of r.notes ?? []) out.push(paint(color, '2', terminalText(n)), '')
    for (const d of r.diagnostics) {
      const label = d.severity === 'error' ? paint(color, '1;31', 'Error:') : paint(color, '1;33', 'Warning:')
      out.push(`${label} ${paint(color, '1', terminalInline(d.summary))}  ${paint(color, '2', `[${d.rule}]`)}`, '')
      const at = displayRange(d)
      if (at) {
        // a range tfgraph located for a diagnostic whose Terraform text has none is marked as such
        out.push(`  ${d.range ? 'on' : 'near'} ${terminalInline(formatRange(at))}${d.address ? ` (${terminalInline(d.address)})` : ''}${d.range ? '' : `, located by tfgraph`}:`)
        const line = opts.sourceLines?.(at.filename, r.root)?.[at.start.line - 1]
        if (line !== undefined) {
          const gutter = `  ${String(at.start.line).padStart(4)}: `
          const chars = [...line]
          // escapes widen the line: the caret goes under the escaped text
          const width = (from: number, to: number): number => [...terminalInline(chars.slice(from, to).join(''))].length + Math.max(0, to - Math.max(from, chars.length))
          out.push(gutter + terminalInline(line))
          const startIdx = at.start.column - 1
          const endIdx = at.end.line === at.start.line ? at.end.column - 1 : chars.length
          out.push(' '.repeat(gutter.length + width(0, startIdx)) + paint(color, '1;31', '^'.repeat(Math.max(1, width(startIdx, endIdx)))))
        }
        out.push('')
      }
      if (d.callers && d.callers.length > 0) out.push(`  called through ${d.callers.map(terminalInline).join(' → ')}`, '')
      if (d.detail) out.push(terminalText(d.detail), '')
      if (d.extra?.explanation) out.push(terminalText(`tfgraph: ${d.extra.explanation}`), '')
    }
    const errors = r.diagnostics.filter((d) => d.severity === 'error').length
    const warnings = r.diagnostics.length - errors
    out.push(`${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}${results.length > 1 ? ` in ${terminalInline(r.root)}` : ''}`, '')
  }
  return out.join('\n')
}

export function renderLintCompact(results: readonly LintRenderInput[]): string {
  const lines: string[] = []
  for (const r of results) {
    const prefix = results.length > 1 ? r.root.replace(/\/$/, '') + '/' : ''
    for (const d of r.diagnostics) {
      // one finding per line: no field may break the line or reach the terminal with control characters
      const at = displayRange(d)
      const where = terminalInline(at ? `${prefix}${at.filename}:${at.start.line}:${at.start.column}` : prefix || '.')
      lines.push(`${where}: ${d.severity}: ${terminalInline(d.summary)} [${d.rule}]${d.detail ? ' — ' + terminalInline(d.detail.split('\n')[0] ?? '') : ''}`)
    }
  }
  return lines.length ? lines.join('\n') + '\n' : ''
}

export interface LintJson {
  readonly format_version: '1.0'
  readonly valid: boolean
  readonly error_count: number
  readonly warning_count: number
  readonly diagnostics: readonly LintDiagnostic[]
  /** tfgraph's notes about how the directory was analysed (only when there are any). */
  readonly notes?: readonly string[]
}

export function lintJson(diags: readonly LintDiagnostic[], notes: readonly string[] = []): LintJson {
  const errors = diags.filter((d) => d.severity === 'error').length
  return {format_version: '1.0', valid: errors === 0, error_count: errors, warning_count: diags.length - errors, diagnostics: diags, ...(notes.length > 0 ? {notes} : {})}
}

/** `--recursive` JSON: one document per root. */
export function lintJsonMany(results: readonly LintRenderInput[]): {format_version: '1.0'; roots: {root: string; result: LintJson}[]} {
  return {format_version: '1.0', roots: results.map((r) => ({root: r.root, result: lintJson(r.diagnostics, r.notes)}))}
}

export interface SarifOptions {
  readonly version: string
  readonly rules: readonly Pick<Rule, 'id' | 'description' | 'severity' | 'docs'>[]
  readonly informationUri: string
}

/** The SARIF artifact URI of a file of a root: `root/filename` with each path segment percent-encoded. */
export function artifactUri(root: string, filename: string): string {
  return [root.replace(/\/$/, ''), filename]
    .filter((x) => x && x !== '.')
    .join('/')
    .split('/')
    .map((seg) => encodeURIComponent(seg))
    .join('/')
}

/** SARIF 2.1.0 log: one run, every rule described, results with locations relative to each root. */
export function renderSarif(results: readonly LintRenderInput[], opts: SarifOptions): object {
  const ruleIds = [...new Set([...opts.rules.map((r) => r.id), ...results.flatMap((r) => r.diagnostics.map((d) => d.rule))])].sort()
  const meta = new Map(opts.rules.map((r) => [r.id, r]))
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'tfgraph',
            version: opts.version,
            informationUri: opts.informationUri,
            rules: ruleIds.map((id) => {
              const m = meta.get(id)
              return {
                id,
                shortDescription: {text: m?.description ?? "Terraform's and OpenTofu's own module and provider checks"},
                defaultConfiguration: {level: m?.severity ?? 'error'},
                ...(m ? {helpUri: `${opts.informationUri}/blob/main/${m.docs}`} : {}),
              }
            }),
          },
        },
        results: results.flatMap((r) =>
          r.diagnostics.map((d) => ({ d, at: displayRange(d) })).map(({d, at}) => ({
            ruleId: d.rule,
            ruleIndex: ruleIds.indexOf(d.rule),
            level: d.severity,
            message: {text: [d.detail ? `${d.summary}: ${d.detail}` : d.summary, d.extra?.explanation ? `tfgraph: ${d.extra.explanation}` : ''].filter(Boolean).join('\n\n')},
            ...(at
              ? {
                  locations: [
                    {
                      physicalLocation: {
                        // a URI reference: each path segment percent-encoded (spaces, quotes, control characters)
                        artifactLocation: {uri: artifactUri(r.root, at.filename)},
                        region: {startLine: at.start.line, startColumn: at.start.column, endLine: at.end.line, endColumn: Math.max(at.end.column, at.start.column + 1)},
                      },
                      ...(d.address ? {logicalLocations: [{fullyQualifiedName: d.address}]} : {}),
                    },
                  ],
                }
              : {}),
          })),
        ),
      },
    ],
  }
}
