// standard-module-structure (off by default, as in tflint): HashiCorp's standard module structure — a
// main.tf, variables in variables.tf, outputs in outputs.tf (empty files when there are none). JSON files
// are generated and follow no naming: a module written only in JSON is not checked, nor are JSON blocks.
import type {SourceRange} from '../diag/diagnostic.js'
import type {ModuleNode} from '../crawl/crawl.js'
import {atEveryCall, authoredModules, type AuthoredModule} from './module-expressions.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {moduleText, report, where, type Finding} from './support.js'

function baseName(filename: string): string {
  return filename.slice(filename.lastIndexOf('/') + 1)
}

/** The start of a file of the module's directory that may not exist. */
function fileStart(node: ModuleNode, name: string): SourceRange {
  const prefix = node.displayDir === undefined || node.displayDir === '.' ? '' : `${node.displayDir}/`
  const start = {line: 1, column: 1, byte: 0}
  return {filename: prefix + name, start, end: start}
}

function missingFiles(am: AuthoredModule): Finding[] {
  const m = am.module
  const files = m.files.filter((f) => f.shadowedBy === undefined)
  if (files.length === 0 || files.every((f) => f.syntax === 'json')) return []
  const names = new Set(files.map((f) => f.name))
  const wanted: [string, string][] = []
  if (!names.has('main.tf')) wanted.push(['main.tf', 'the primary entry point, main.tf'])
  if (!names.has('variables.tf') && m.variables.size === 0)
    wanted.push(['variables.tf', 'a variables.tf (empty when it declares no variables)'])
  if (!names.has('outputs.tf') && m.outputs.size === 0) wanted.push(['outputs.tf', 'an outputs.tf (empty when it declares no outputs)'])
  return wanted.flatMap(([file, what]) =>
    atEveryCall(am, (node) => ({
      summary: `Module without ${file}`,
      detail: `${moduleText(node.address)} has no ${file} (${where(fileStart(node, file))}): the standard module structure asks for ${what}, so that readers and tools find the module's parts where they expect them. To fix it, create ${fileStart(node, file).filename}${file === 'main.tf' ? ' and move the main resources there' : ''}.`,
      range: fileStart(node, file),
      key: file,
    })),
  )
}

function misplaced(am: AuthoredModule): Finding[] {
  const out: Finding[] = []
  const check = (kind: 'variable' | 'output', file: string, blocks: Iterable<[string, {declRange: SourceRange}]>): void => {
    for (const [name, b] of blocks) {
      const f = b.declRange.filename
      if (f.endsWith('.json') || baseName(f) === file) continue
      out.push(
        ...atEveryCall(am, (node) => ({
          summary: `${kind === 'variable' ? 'Variable' : 'Output'} outside ${file}`,
          detail: `${moduleText(node.address)} declares ${kind} "${name}" in ${baseName(f)} (${where(b.declRange)}); the standard module structure keeps every ${kind} in ${file}, where a caller looks for the module's ${kind === 'variable' ? 'inputs' : 'outputs'}. To fix it, move the block to ${file}.`,
          range: b.declRange,
          key: `${kind}.${name}`,
        })),
      )
    }
  }
  check('variable', 'variables.tf', am.module.variables)
  check('output', 'outputs.tf', am.module.outputs)
  return out
}

export const standardModuleStructure = {
  id: 'standard-module-structure',
  severity: 'warning',
  enabledByDefault: false,
  scope: 'module',
  description: 'A module that does not follow the standard module structure (main.tf, variables.tf, outputs.tf).',
  docs: 'docs/rules/standard-module-structure.md',
  check({analysis}): LintDiagnostic[] {
    const findings: Finding[] = []
    for (const am of authoredModules(analysis.tree)) findings.push(...missingFiles(am), ...misplaced(am))
    return report(standardModuleStructure, findings)
  },
} satisfies Rule
