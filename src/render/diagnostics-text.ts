// Diagnostics as text, the way Terraform prints them: severity and summary, the source line, the detail.
import type {Diagnostic} from '../diag/diagnostic.js'
import {displayRange, formatRange, sortDiagnostics} from '../diag/diagnostic.js'
import {excerpt} from './excerpt.js'
import {notInstalledText, splitNotInstalled} from './not-installed.js'
import {renameRanges, type FileNamer} from './paths.js'
import {terminalInline, terminalText} from './terminal-text.js'

export interface TextOptions {
  /** Returns the lines of a file (by its name relative to the root), for snippets; undefined when unavailable. */
  readonly sourceLines?: (filename: string) => readonly string[] | undefined
  readonly color?: boolean
  /** Names files for the reader (the commands: relative to the current directory, fileNamer); default: as in the diagnostics. */
  readonly fileName?: FileNamer
  /** List every uninstalled module call (by default two or more are one line). */
  readonly verbose?: boolean
}

function paint(on: boolean, code: string, s: string): string {
  return on ? `\u001b[${code}m${s}\u001b[0m` : s
}

function label(severity: Diagnostic['severity'], color: boolean): string {
  return severity === 'error' ? paint(color, '1;31', 'Error:') : paint(color, '1;33', 'Warning:')
}

export function renderDiagnosticText(d: Diagnostic, opts: TextOptions = {}): string {
  const color = opts.color ?? false
  const name = opts.fileName ?? ((f: string) => f)
  // input-derived text is made terminal-safe before colours are added
  const out = [`${label(d.severity, color)} ${paint(color, '1', terminalInline(d.summary))}`, '']
  const at = displayRange(d)
  if (at) {
    // a range tfgraph located for a diagnostic whose Terraform text has none is marked as such
    out.push(
      `  ${d.range ? 'on' : 'near'} ${terminalInline(formatRange({...at, filename: name(at.filename)}))}${d.range ? '' : ', located by tfgraph'}:`,
    )
    const lines = opts.sourceLines?.(at.filename)
    const line = lines?.[at.start.line - 1]
    if (line !== undefined) {
      const gutter = `  ${String(at.start.line).padStart(4)}: `
      const shown = excerpt(line, at.start.column, {endColumn: at.end.line === at.start.line ? at.end.column : Number.MAX_SAFE_INTEGER})
      out.push(gutter + shown.text)
      // in a line cut to a window the column is no longer evident: a caret marks it
      if (shown.cut) out.push(' '.repeat(gutter.length + shown.caret) + paint(color, '1;31', '^'.repeat(shown.caretWidth)))
    }
    out.push('')
  }
  const rename = (s: string): string => (opts.fileName ? renameRanges(s, opts.fileName) : s)
  if (d.detail) out.push(terminalText(rename(d.detail)), '')
  if (d.extra?.explanation) out.push(terminalText(rename(`tfgraph: ${d.extra.explanation}`)), '')
  return out.join('\n')
}

/** Every diagnostic in order; two or more uninstalled module calls are one line first (unless `verbose`). */
export function renderDiagnosticsText(diags: readonly Diagnostic[], opts: TextOptions = {}): string {
  const {shown, summarised} = splitNotInstalled(diags, opts.verbose)
  const summaries = [...summarised].map(([severity, list]) => `${label(severity, opts.color ?? false)} ${notInstalledText(list)}\n`)
  return [...summaries, ...sortDiagnostics(shown).map((d) => renderDiagnosticText(d, opts))].join('\n')
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
