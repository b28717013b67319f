// `tfgraph providers --tests` as text: after the module tree, each test file's runs, and under each run the
// configurations the module under test uses, the test file's block that serves each, and the run's errors.
import {formatRange} from '../diag/diagnostic.js'
import type {ProvidersAnalysis} from '../providers/analyze.js'
import type {TestRunAnalysis} from '../providers/test-runs/test-runs.js'
import type {FileNamer} from './paths.js'
import {how} from './providers-text.js'
import {terminalText} from './terminal-text.js'

export interface TestsTextOptions {
  readonly fileName?: FileNamer
  /** Resources listed per group before "… and N more". */
  readonly maxList?: number
}

function runLines(r: TestRunAnalysis, name: FileNamer, max: number): string[] {
  const errors = r.diagnostics.filter((d) => d.severity === 'error').length
  const warnings = r.diagnostics.length - errors
  const counts = [
    errors ? `${errors} error${errors === 1 ? '' : 's'}` : '',
    warnings ? `${warnings} warning${warnings === 1 ? '' : 's'}` : '',
  ]
    .filter(Boolean)
    .join(', ')
  const mod = r.module
    ? `, module ${r.module.source}${r.module.dir && `./${r.module.dir}` !== r.module.source ? ` → ${name(r.module.dir)}` : ''}`
    : ''
  const out = [`  run "${r.name}" (${r.command}${mod})${counts ? `: ${counts}` : ''}`]
  const groups = new Map<string, {config: string; via: string; items: string[]}>()
  for (const b of r.resources) {
    const config = b.providerConfig?.key ?? '(no configuration found)'
    const via = how(b.resolution)
    const key = `${config}\u0000${via}`
    const g = groups.get(key) ?? {config, via, items: []}
    g.items.push(b.address.key)
    groups.set(key, g)
  }
  if (r.resources.length === 0) out.push(r.module && !r.module.loaded ? '    (module not loaded)' : '    (no resources)')
  for (const g of [...groups.values()].sort((x, y) => (x.config < y.config ? -1 : x.config > y.config ? 1 : x.via < y.via ? -1 : 1))) {
    out.push(`    ${g.config}`, `      via: ${g.via}`)
    const shown = g.items.slice(0, max).join(', ')
    out.push(
      `      ${g.items.length} resource${g.items.length === 1 ? '' : 's'}: ${shown}${g.items.length > max ? `, … and ${g.items.length - max} more` : ''}`,
    )
  }
  for (const d of r.diagnostics) {
    const at = d.range ?? d.extra?.range
    out.push(
      `    ${d.severity === 'error' ? 'Error' : 'Warning'}: ${d.summary}${at ? ` (${formatRange({...at, filename: name(at.filename)})})` : ''}`,
    )
  }
  return out
}

/** The tests section (empty when the analysis did not read test files). */
export function renderTestsText(a: ProvidersAnalysis, opts: TestsTextOptions = {}): string {
  const t = a.tests
  if (!t) return ''
  const name = opts.fileName ?? ((f: string) => f)
  const max = opts.maxList ?? 8
  const runs = t.files.reduce((n, f) => n + f.runs.length, 0)
  const tofu = a.tree.engine === 'opentofu'
  const command = tofu ? 'tofu test' : 'terraform test'
  const out: string[] = [
    '',
    `Tests: ${t.files.length} file${t.files.length === 1 ? '' : 's'}, ${runs} run${runs === 1 ? '' : 's'} (test directory ${t.testDirectory}; each run checked on its own: ${command} stops a file at its first run that fails)`,
  ]
  if (t.files.length === 0)
    out.push(
      `  no test files (*.tftest.hcl, *.tftest.json${tofu ? ', *.tofutest.hcl, *.tofutest.json' : ''}) in the module directory or its test directory`,
    )
  for (const [file, twin] of t.shadowed) out.push(`  ${name(file)}: not read, ${name(twin)} is read instead (OpenTofu)`)
  for (const f of t.files) {
    const errors = f.diagnostics.filter((d) => d.severity === 'error').length
    out.push('', `${name(f.path)}${errors ? `: ${errors} error${errors === 1 ? '' : 's'} before any run` : ''}`)
    if (f.runs.length === 0) out.push('  (no runs)')
    for (const r of f.runs) out.push(...runLines(r, name, max))
  }
  return terminalText(out.join('\n') + '\n')
}
