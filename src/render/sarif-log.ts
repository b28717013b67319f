// The SARIF 2.1.0 envelope every SARIF output of tfgraph shares (lint, providers diff): one run, the
// tool's driver with its rules, the results; and a source range as a SARIF region.
import type {SourceRange} from '../diag/diagnostic.js'

export interface SarifRule {
  readonly id: string
  readonly shortDescription: {readonly text: string}
  readonly defaultConfiguration: {readonly level: string}
  readonly helpUri?: string
}

export interface SarifDriver {
  readonly version: string
  readonly informationUri: string
  readonly rules: readonly SarifRule[]
}

/** A SARIF log of one tfgraph run. */
export function sarifLog(driver: SarifDriver, results: readonly object[]): object {
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {tool: {driver: {name: 'tfgraph', version: driver.version, informationUri: driver.informationUri, rules: driver.rules}}, results},
    ],
  }
}

/** A range as a SARIF region (1-based; an empty range is widened to one column, as viewers need). */
export function sarifRegion(r: SourceRange): {startLine: number; startColumn: number; endLine: number; endColumn: number} {
  return {startLine: r.start.line, startColumn: r.start.column, endLine: r.end.line, endColumn: Math.max(r.end.column, r.start.column + 1)}
}
