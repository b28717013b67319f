// standard-module-structure (off by default, as in tflint): HashiCorp's standard module structure — a
// main.tf, variables in variables.tf, outputs in outputs.tf (empty files when there are none). JSON files
// are generated and follow no naming: a module written only in JSON is not checked, nor are JSON blocks.
import * as path from 'node:path'
import type {SourceRange} from '../diag/diagnostic.js'
import type {Module} from '../load/model.js'
import {moduleRule, shownRange} from './module-stage.js'
import type {ModuleFinding} from './rule.js'
import {moduleText, where} from './support.js'

function baseName(filename: string): string {
  return filename.slice(filename.lastIndexOf('/') + 1)
}

/** The start of a file of the module's directory that may not exist. */
function fileStart(m: Module, name: string): SourceRange {
  const start = {line: 1, column: 1, byte: 0}
  return {filename: path.join(m.dir, name), start, end: start}
}

function missingFiles(m: Module): ModuleFinding[] {
  const files = m.files.filter((f) => f.shadowedBy === undefined)
  if (files.length === 0 || files.every((f) => f.syntax === 'json')) return []
  const names = new Set(files.map((f) => f.name))
  const wanted: [string, string][] = []
  if (!names.has('main.tf')) wanted.push(['main.tf', 'the primary entry point, main.tf'])
  if (!names.has('variables.tf') && m.variables.size === 0)
    wanted.push(['variables.tf', 'a variables.tf (empty when it declares no variables)'])
  if (!names.has('outputs.tf') && m.outputs.size === 0) wanted.push(['outputs.tf', 'an outputs.tf (empty when it declares no outputs)'])
  return wanted.map(([file, what]) => {
    const range = fileStart(m, file)
    return {
      summary: `Module without ${file}`,
      // the file as the root shows it (the model's absolute name is for the range itself)
      detail: (call) => {
        const shown = shownRange(call, range)
        return `${moduleText(call.address)} has no ${file} (${where(shown)}): the standard module structure asks for ${what}, so that readers and tools find the module's parts where they expect them. To fix it, create ${shown.filename}${file === 'main.tf' ? ' and move the main resources there' : ''}.`
      },
      range,
      key: file,
    }
  })
}

function misplaced(m: Module): ModuleFinding[] {
  const out: ModuleFinding[] = []
  const check = (kind: 'variable' | 'output', file: string, blocks: Iterable<[string, {declRange: SourceRange}]>): void => {
    for (const [name, b] of blocks) {
      const f = b.declRange.filename
      if (f.endsWith('.json') || baseName(f) === file) continue
      const rest = ` declares ${kind} "${name}" in ${baseName(f)} (${where(b.declRange)}); the standard module structure keeps every ${kind} in ${file}, where a caller looks for the module's ${kind === 'variable' ? 'inputs' : 'outputs'}. To fix it, move the block to ${file}.`
      out.push({
        summary: `${kind === 'variable' ? 'Variable' : 'Output'} outside ${file}`,
        detail: (call) => moduleText(call.address) + rest,
        range: b.declRange,
        key: `${kind}.${name}`,
      })
    }
  }
  check('variable', 'variables.tf', m.variables)
  check('output', 'outputs.tf', m.outputs)
  return out
}

export const standardModuleStructure = moduleRule({
  id: 'standard-module-structure',
  severity: 'warning',
  enabledByDefault: false,
  description: 'A module that does not follow the standard module structure (main.tf, variables.tf, outputs.tf).',
  docs: 'docs/rules/standard-module-structure.md',
  checkModule({module}): ModuleFinding[] {
    return [...missingFiles(module), ...misplaced(module)]
  },
})
