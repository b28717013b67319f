// Lint configuration: `.tfgraph.json` in the root directory (or --config), plus --only/--disable.
// { "rules": { "<rule-id>": "off" | "warning" | "error" | true | false }, "max_warnings": N }
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import type {Diagnostic, Severity} from '../diag/diagnostic.js'
import {errorDiag} from '../diag/diagnostic.js'
import {isRecord} from '../hcl/value.js'

/** The rule id of Terraform's and OpenTofu's own diagnostics. */
export const TERRAFORM_RULE = 'terraform'

export type RuleSetting = 'off' | Severity | 'on'

export interface LintConfig {
  readonly rules: ReadonlyMap<string, RuleSetting>
  readonly maxWarnings?: number
}

export const EMPTY_CONFIG: LintConfig = {rules: new Map()}

/** Reads a config file; a missing default file is an empty config, a missing explicit one is an error. */
export function readLintConfig(rootDir: string, explicit?: string): {config: LintConfig; diagnostics: Diagnostic[]} {
  const file = explicit ? path.resolve(explicit) : path.join(rootDir, '.tfgraph.json')
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    if (!explicit) return {config: EMPTY_CONFIG, diagnostics: []}
    return {config: EMPTY_CONFIG, diagnostics: [errorDiag('Failed to read configuration file', `The lint configuration file ${explicit} does not exist or cannot be read.`)]}
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (e) {
    return {config: EMPTY_CONFIG, diagnostics: [errorDiag('Invalid configuration file', `${file} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`)]}
  }
  const rules = new Map<string, RuleSetting>()
  const diagnostics: Diagnostic[] = []
  const r = isRecord(raw) ? raw['rules'] : undefined
  if (isRecord(r)) {
    for (const [id, v] of Object.entries(r)) {
      if (v === false || v === 'off') rules.set(id, 'off')
      else if (v === true || v === 'on') rules.set(id, 'on')
      else if (v === 'warning' || v === 'error') rules.set(id, v)
      else diagnostics.push(errorDiag('Invalid configuration file', `In ${file}, rule "${id}" must be "off", "warning", "error", true or false.`))
    }
  }
  const mw = isRecord(raw) ? raw['max_warnings'] : undefined
  return {config: {rules, ...(typeof mw === 'number' ? {maxWarnings: mw} : {})}, diagnostics}
}
