// Lint renderers: text (Terraform-like, with source line and caret), compact (one line each),
// json (terraform validate -json shape plus rule/address/callers) and SARIF 2.1.0.
//
// File names: JSON keeps `range.filename` relative to each root (as terraform validate -json does). With
// `cwd` (the CLI passes the current directory) text, compact and SARIF name files from there instead,
// so that `file:line:col` opens as printed; SARIF URIs are then relative to `%SRCROOT%`, the directory
// tfgraph ran in (absolute `file://` URIs for files outside it).
import {sarifLog, sarifRegion} from './sarif-log.js'
import * as path from 'node:path'
import {pathToFileURL} from 'node:url'
import {displayRange, formatRange} from '../diag/diagnostic.js'
import {notInstalledText, splitNotInstalled} from './not-installed.js'
import {displayPath, fileNamer, renameRanges, type FileNamer} from './paths.js'
import {terminalInline, terminalText} from './terminal-text.js'
import {excerpt} from './excerpt.js'
import type {LintDiagnostic, Rule} from '../rules/rule.js'
import {CONFIG_RULE} from '../lint/config.js'
import {countText} from './count-text.js'

export interface LintRenderInput {
  /** The root's label (`--recursive` JSON and headers when there is no `cwd`). */
  readonly root: string
  /** The root directory as the user gave it (relative to the current directory, or absolute); default `root`. */
  readonly dir?: string
  readonly diagnostics: readonly LintDiagnostic[]
  /** Said once before the root's findings (text) or beside them (JSON). */
  readonly notes?: readonly string[]
  /** Part of the root's configuration could not be read: its findings are incomplete. */
  readonly unread?: boolean
}

export interface LintPathOptions {
  /**
   * Name files relative to this directory (the CLI: the current directory). Without it files are named
   * relative to their root, prefixed with the root's label when there are several roots.
   */
  readonly cwd?: string
}

export interface TextRenderOptions extends LintPathOptions {
  readonly sourceLines?: (filename: string, root: string) => readonly string[] | undefined
  readonly color?: boolean
  /** Every finding in full: no "and N more like this", no one-line summary of uninstalled module calls. */
  readonly verbose?: boolean
  /** End with one line for all the roots (`lint --recursive`). */
  readonly summary?: boolean
  /** The directory the run was given, as typed: `lint --recursive`'s narrowing hint names it. */
  readonly dir?: string
}

/** A group of findings with the same explanation is shown once in full from this size on. */
export const REPEAT_MIN = 3

function paint(on: boolean, code: string, s: string): string {
  return on ? `\u001b[${code}m${s}\u001b[0m` : s
}

function label(severity: LintDiagnostic['severity'], color: boolean): string {
  return severity === 'error' ? paint(color, '1;31', 'Error:') : paint(color, '1;33', 'Warning:')
}

/** How files of `r` are named. */
function namerFor(r: LintRenderInput, several: boolean, opts: LintPathOptions): FileNamer {
  if (opts.cwd !== undefined) return fileNamer(r.dir ?? r.root, opts.cwd)
  if (!several) return (f) => f
  const root = r.root.replace(/\/$/, '')
  return (f) => path.posix.normalize(`${root}/${f}`)
}

/** How the root itself is named (headers, the count line). */
function rootName(r: LintRenderInput, opts: LintPathOptions): string {
  return opts.cwd !== undefined ? displayPath(r.dir ?? r.root, '.', opts.cwd) : r.root
}

/**
 * Findings that say the same thing: same rule, severity and summary — tfgraph's rules explain one
 * summary the same way each time — and for Terraform's own diagnostics (rule `terraform`, whose detail
 * is the message) the same detail too.
 */
function sameExplanation(d: LintDiagnostic): string {
  // a broken .tfgraph.json's detail is the problem itself (an unknown rule id, a bad severity): distinct ones are each shown
  return [d.rule, d.severity, d.summary, d.rule === 'terraform' || d.rule === CONFIG_RULE ? d.detail : ''].join('\u0000')
}

/** `file:line:col` of a finding (or `(no location)`). */
function position(d: LintDiagnostic, name: FileNamer): string | undefined {
  const at = displayRange(d)
  return at ? `${name(at.filename)}:${at.start.line}:${at.start.column}` : undefined
}

function addressText(address: string | undefined): string | undefined {
  return address === undefined ? undefined : address === '' ? 'root module' : address
}

export function renderLintText(results: readonly LintRenderInput[], opts: TextRenderOptions = {}): string {
  const color = opts.color ?? false
  const several = results.length > 1
  const out: string[] = []
  for (const r of results) {
    const name = namerFor(r, several, opts)
    const rename = (s: string): string => renameRanges(s, name)
    const root = rootName(r, opts)
    // input-derived text is made terminal-safe (terminal-text.ts) before colours are added
    if (several) out.push(paint(color, '1', `== ${terminalInline(root)}`), '')
    for (const n of r.notes ?? []) out.push(paint(color, '2', terminalText(rename(n))), '')
    const {shown, summarised} = splitNotInstalled(r.diagnostics, opts.verbose)
    for (const [severity, list] of summarised) {
      out.push(
        `${label(severity, color)} ${paint(color, '1', notInstalledText(list))}  ${paint(color, '2', `[${list[0]?.rule ?? ''}]`)}`,
        '',
      )
    }
    // repeated explanations: the first finding in full, the others one line each beneath it
    const groups = new Map<string, LintDiagnostic[]>()
    if (!opts.verbose) {
      for (const d of shown) {
        const k = sameExplanation(d)
        const g = groups.get(k) ?? []
        g.push(d)
        groups.set(k, g)
      }
    }
    for (const d of shown) {
      const group = groups.get(sameExplanation(d))
      const repeated = group !== undefined && group.length >= REPEAT_MIN
      if (repeated && group[0] !== d) continue
      out.push(`${label(d.severity, color)} ${paint(color, '1', terminalInline(d.summary))}  ${paint(color, '2', `[${d.rule}]`)}`, '')
      const at = displayRange(d)
      if (at) {
        // a range tfgraph located for a diagnostic whose Terraform text has none is marked as such
        out.push(
          `  ${d.range ? 'on' : 'near'} ${terminalInline(formatRange({...at, filename: name(at.filename)}))}${d.address ? ` (${terminalInline(d.address)})` : ''}${d.range ? '' : `, located by tfgraph`}:`,
        )
        const line = opts.sourceLines?.(at.filename, r.root)?.[at.start.line - 1]
        if (line !== undefined) {
          const gutter = `  ${String(at.start.line).padStart(4)}: `
          // terminal-safe, and cut to a window around the column when long (a minified or binary file), as
          // every diagnostic shows its line; the caret goes under the shown text
          const shown = excerpt(line, at.start.column, {endColumn: at.end.line === at.start.line ? at.end.column : Number.MAX_SAFE_INTEGER})
          out.push(gutter + shown.text)
          out.push(' '.repeat(gutter.length + shown.caret) + paint(color, '1;31', '^'.repeat(shown.caretWidth)))
        }
        out.push('')
      }
      if (d.callers && d.callers.length > 0) out.push(`  called through ${d.callers.map(terminalInline).join(' → ')}`, '')
      if (d.detail) out.push(terminalText(rename(d.detail)), '')
      if (d.extra?.explanation) out.push(terminalText(rename(`tfgraph: ${d.extra.explanation}`)), '')
      if (repeated) {
        const more = group.slice(1)
        out.push(`  and ${more.length} more like this:`)
        const rows = more.map((x) => [position(x, name) ?? '(no location)', addressText(x.address) ?? ''] as const)
        const width = Math.max(...rows.map(([p]) => [...p].length))
        for (const [p, a] of rows) out.push(`    ${terminalInline(a ? p.padEnd(width) + '  ' + a : p)}`)
        out.push('')
      }
    }
    const errors = r.diagnostics.filter((d) => d.severity === 'error').length
    const warnings = r.diagnostics.length - errors
    out.push(
      `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}${several ? ` in ${terminalInline(root)}` : ''}${r.unread ? ' (could not be read completely)' : ''}`,
      '',
    )
  }
  if (opts.summary) out.push(paint(color, '1', lintSummary(results, opts)), '')
  out.push(...ruleCountTable(results, opts))
  return out.join('\n')
}

/** A path as a shell argument: quoted when it holds anything but plain characters. */
function quoteArg(p: string): string {
  return /^[\w./@%+=:,-]+$/.test(p) ? p : `'${p.replace(/'/g, `'\\''`)}'`
}

/** Over this many findings, text output ends with how many each rule found and how to narrow the report. */
export const RULE_TABLE_MIN = 50

/** The per-rule counts and how to narrow, after more than RULE_TABLE_MIN findings (none otherwise). */
export function ruleCountTable(results: readonly LintRenderInput[], opts: TextRenderOptions = {}): string[] {
  const all = results.flatMap((r) => r.diagnostics)
  if (all.length <= RULE_TABLE_MIN) return []
  const counts = new Map<string, {errors: number; warnings: number}>()
  for (const d of all) {
    const c = counts.get(d.rule) ?? {errors: 0, warnings: 0}
    if (d.severity === 'error') c.errors++
    else c.warnings++
    counts.set(d.rule, c)
  }
  // most findings first, then by rule id: the rules that drown the others are on top
  const rows = [...counts]
    .map(([rule, c]) => ({rule, ...c, total: c.errors + c.warnings}))
    .sort((a, b) => b.total - a.total || (a.rule < b.rule ? -1 : 1))
  const n = countText
  const plural = (x: number, one: string): string => `${one}${x === 1 ? '' : 's'}`
  // "2,624 warnings", or "12 (2 errors, 10 warnings)" for a rule that found both
  const cells = rows.map((r) => [
    r.rule,
    n(r.total),
    r.errors > 0 && r.warnings > 0
      ? `(${n(r.errors)} ${plural(r.errors, 'error')}, ${n(r.warnings)} ${plural(r.warnings, 'warning')})`
      : plural(r.total, r.errors > 0 ? 'error' : 'warning'),
  ])
  const widths = [0, 1].map((i) => Math.max(...cells.map((c) => c[i]!.length)))
  const line = (c: readonly string[]): string => `  ${c[0]!.padEnd(widths[0]!)}  ${c[1]!.padStart(widths[1]!)} ${c[2]!}`
  const only = results.length === 1 && !opts.summary ? results[0] : undefined
  const target = only
    ? terminalInline(quoteArg(rootName(only, opts)))
    : `${opts.dir !== undefined ? terminalInline(quoteArg(opts.dir)) : '<dir>'} --recursive`
  const top = rows[0]!.rule
  const other = rows.find((r) => r.rule !== top && r.rule !== 'terraform')?.rule ?? top
  return [
    `${n(all.length)} findings by rule:`,
    ...cells.map(line),
    '',
    'To narrow the report: --only <rule>[,<rule>] runs only those rules, --disable <rule>[,<rule>] leaves some out,',
    `and a .tfgraph.json in the root module directory sets them for good, e.g. {"rules": {"${top}": "off"}}.`,
    `For example: tfgraph lint ${target} --disable ${top}${other !== top ? `  or  tfgraph lint ${target} --only ${other}` : ''}`,
    '',
  ]
}

/** `4 root modules: 2 errors, 5 warnings; 1 could not be read (b)` — the last line of `lint --recursive`. */
export function lintSummary(results: readonly LintRenderInput[], opts: LintPathOptions = {}): string {
  const s = summaryCounts(results, opts)
  const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`
  return `${plural(s.roots, 'root module')}: ${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}${
    s.unread.length > 0 ? `; ${s.unread.length} could not be read (${s.unread.map(terminalInline).join(', ')})` : ''
  }`
}

function summaryCounts(
  results: readonly LintRenderInput[],
  opts: LintPathOptions = {},
): {roots: number; errors: number; warnings: number; unread: string[]} {
  const errors = results.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === 'error').length, 0)
  const all = results.reduce((n, r) => n + r.diagnostics.length, 0)
  return {roots: results.length, errors, warnings: all - errors, unread: results.filter((r) => r.unread).map((r) => rootName(r, opts))}
}

/**
 * What the compact format adds to a finding's summary, if anything: for tfgraph's rules the object
 * concerned (the address); for Terraform's own diagnostics the first sentence of the detail when short.
 */
export function shortClause(d: LintDiagnostic): string | undefined {
  // a broken .tfgraph.json: the problem itself, one sentence with its did-you-mean
  if (d.rule === CONFIG_RULE) return d.detail.replace(/\.$/, '')
  if (d.rule !== 'terraform') return addressText(d.address)
  const paragraph = d.detail.split('\n')[0] ?? ''
  const sentence = (/^(.*?[.!?])(\s|$)/.exec(paragraph)?.[1] ?? paragraph).replace(/\.$/, '')
  return sentence !== '' && [...sentence].length <= 120 ? sentence : undefined
}

/** One line per finding: `file:line:col: severity: summary [rule]`, and a short clause. */
export function renderLintCompact(results: readonly LintRenderInput[], opts: LintPathOptions = {}): string {
  const lines: string[] = []
  const several = results.length > 1
  for (const r of results) {
    const name = namerFor(r, several, opts)
    for (const d of r.diagnostics) {
      // one finding per line: no field may break the line or reach the terminal with control characters
      const where = terminalInline(position(d, name) ?? (several || opts.cwd !== undefined ? rootName(r, opts) : '.'))
      const clause = shortClause(d)
      lines.push(
        `${where}: ${d.severity}: ${terminalInline(d.summary)} [${d.rule}]${clause ? ' — ' + terminalInline(renameRanges(clause, name)) : ''}`,
      )
    }
  }
  return lines.length ? lines.join('\n') + '\n' : ''
}

export interface LintJson {
  readonly format_version: '1.0'
  readonly valid: boolean
  readonly error_count: number
  readonly warning_count: number
  readonly diagnostics: readonly LintDiagnosticJson[]
  /** tfgraph's notes about how the directory was analysed (only when there are any). */
  readonly notes?: readonly string[]
}

/** A finding as `lint --json` shows it: without its code (and what it restates). */
export type LintDiagnosticJson = Omit<LintDiagnostic, 'code' | 'restates' | 'fixes'>

function lintDiagnosticJson(d: LintDiagnostic): LintDiagnosticJson {
  const {code: _code, restates: _restates, fixes: _fixes, ...rest} = d
  return rest
}

export function lintJson(diags: readonly LintDiagnostic[], notes: readonly string[] = []): LintJson {
  const errors = diags.filter((d) => d.severity === 'error').length
  return {
    format_version: '1.0',
    valid: errors === 0,
    error_count: errors,
    warning_count: diags.length - errors,
    diagnostics: diags.map(lintDiagnosticJson),
    ...(notes.length > 0 ? {notes} : {}),
  }
}

/** `--recursive` JSON: one document per root, and the counts over all of them. */
export function lintJsonMany(results: readonly LintRenderInput[]): {
  format_version: '1.0'
  roots: {root: string; result: LintJson}[]
  summary: {roots: number; errors: number; warnings: number; unread: string[]}
} {
  return {
    format_version: '1.0',
    roots: results.map((r) => ({root: r.root, result: lintJson(r.diagnostics, r.notes)})),
    summary: summaryCounts(results),
  }
}

export interface SarifOptions extends LintPathOptions {
  readonly version: string
  readonly rules: readonly Pick<Rule, 'id' | 'description' | 'severity' | 'docs'>[]
  readonly informationUri: string
}

/** The SARIF artifact URI of a file of a root: `root/filename`, normalised, with each path segment percent-encoded. */
export function artifactUri(root: string, filename: string): string {
  return relativeUri(path.posix.normalize([root.replace(/\/$/, ''), filename].filter((x) => x && x !== '.').join('/')))
}

/** A relative URI reference: each path segment percent-encoded (spaces, quotes, control characters). */
function relativeUri(file: string): string {
  return file
    .split('/')
    .map((seg) => encodeURIComponent(seg))
    .join('/')
}

/** The artifact location of a file: relative to `%SRCROOT%` (the directory tfgraph ran in) with `cwd`, absolute outside it. */
function artifactLocation(r: LintRenderInput, filename: string, opts: LintPathOptions): {uri: string; uriBaseId?: string} {
  if (opts.cwd === undefined) return {uri: artifactUri(r.root, filename)}
  const shown = displayPath(r.dir ?? r.root, filename, opts.cwd)
  return path.isAbsolute(shown) ? {uri: pathToFileURL(shown).href} : {uri: relativeUri(shown), uriBaseId: SRCROOT}
}

/** The base of relative artifact URIs with `cwd`: the directory tfgraph ran in (as GitHub code scanning reads it, the checkout). */
export const SRCROOT = '%SRCROOT%'

/** SARIF 2.1.0 log: one run, every rule described, results with locations (relative to `cwd` when given, else to each root). */
export function renderSarif(results: readonly LintRenderInput[], opts: SarifOptions): object {
  const ruleIds = [...new Set([...opts.rules.map((r) => r.id), ...results.flatMap((r) => r.diagnostics.map((d) => d.rule))])].sort()
  const meta = new Map(opts.rules.map((r) => [r.id, r]))
  return sarifLog(
    {
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
    results.flatMap((r) => {
      // ranges in the message text name files as the locations do
      const rename = (s: string): string => (opts.cwd !== undefined ? renameRanges(s, fileNamer(r.dir ?? r.root, opts.cwd)) : s)
      return r.diagnostics
        .map((d) => ({d, at: displayRange(d)}))
        .map(({d, at}) => ({
          ruleId: d.rule,
          ruleIndex: ruleIds.indexOf(d.rule),
          level: d.severity,
          message: {
            text: rename(
              [d.detail ? `${d.summary}: ${d.detail}` : d.summary, d.extra?.explanation ? `tfgraph: ${d.extra.explanation}` : '']
                .filter(Boolean)
                .join('\n\n'),
            ),
          },
          ...(at
            ? {
                locations: [
                  {
                    physicalLocation: {
                      artifactLocation: artifactLocation(r, at.filename, opts),
                      region: sarifRegion(at),
                    },
                    ...(d.address ? {logicalLocations: [{fullyQualifiedName: d.address}]} : {}),
                  },
                ],
              }
            : {}),
        }))
    }),
  )
}
