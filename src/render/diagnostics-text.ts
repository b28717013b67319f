// Diagnostics as text, the way Terraform prints them: severity and summary, the source line, the detail.
import type {Diagnostic} from '../diag/diagnostic.js'
import {displayRange, formatRange, sortDiagnostics} from '../diag/diagnostic.js'
import {terminalInline, terminalText} from './terminal-text.js'

export interface TextOptions {
  /** Returns the lines of a file (by its display name), for snippets; undefined when unavailable. */
  readonly sourceLines?: (filename: string) => readonly string[] | undefined
  readonly color?: boolean
}

function paint(on: boolean, code: string, s: string): string {
  return on ? `\u001b[${code}m${s}\u001b[0m` : s
}

export function renderDiagnosticText(d: Diagnostic, opts: TextOptions = {}): string {
  const color = opts.color ?? false
  const label = d.severity === 'error' ? paint(color, '1;31', 'Error:') : paint(color, '1;33', 'Warning:')
  // input-derived text is made terminal-safe before colours are added
  const out = [`${label} ${paint(color, '1', terminalInline(d.summary))}`, '']
  const at = displayRange(d)
  if (at) {
    // a range tfgraph located for a diagnostic whose Terraform text has none is marked as such
    out.push(`  ${d.range ? 'on' : 'near'} ${terminalInline(formatRange(at))}${d.range ? '' : ', located by tfgraph'}:`)
    const lines = opts.sourceLines?.(at.filename)
    const line = lines?.[at.start.line - 1]
    if (line !== undefined) out.push(`  ${String(at.start.line).padStart(4)}: ${terminalInline(line.replace(/\t/g, '  '))}`)
    out.push('')
  }
  if (d.detail) out.push(terminalText(d.detail), '')
  if (d.extra?.explanation) out.push(terminalText(`tfgraph: ${d.extra.explanation}`), '')
  return out.join('\n')
}

export function renderDiagnosticsText(diags: readonly Diagnostic[], opts: TextOptions = {}): string {
  return sortDiagnostics(diags)
    .map((d) => renderDiagnosticText(d, opts))
    .join('\n')
}

/** A cached line reader for snippets: file names are relative to `rootDir`. */
export function sourceLinesFrom(rootDir: string, read: (file: string) => string): (filename: string) => string[] | undefined {
  const cache = new Map<string, string[] | undefined>()
  return (f) => {
    if (!cache.has(f)) {
      try {
        cache.set(f, read(`${rootDir}/${f}`).split(/\r?\n/))
      } catch {
        cache.set(f, undefined)
      }
    }
    return cache.get(f)
  }
}
