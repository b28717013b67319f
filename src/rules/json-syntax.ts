// json-syntax: a JSON configuration file whose root is an array of objects. HCL's JSON syntax accepts it
// (the objects are read as one body), but Terraform's JSON configuration syntax documents a root object,
// and tools that read .tf.json files (editors, generators, other parsers) expect one. Read from the file's
// text: the model keeps the blocks, not how the file was written.
import {advancePos} from '../diag/positions.js'
import {moduleFiles, moduleStageFindings, shownRange} from './module-stage.js'
import type {LintDiagnostic, ModuleFinding, Rule} from './rule.js'
import {moduleText, report, where} from './support.js'

export const jsonSyntax = {
  id: 'json-syntax',
  severity: 'warning',
  enabledByDefault: true,
  scope: 'module',
  description: 'A JSON configuration file whose root is an array of objects instead of one object.',
  docs: 'docs/rules/json-syntax.md',
  check(ctx): LintDiagnostic[] {
    if (!ctx.sourceText) return []
    return report(jsonSyntax, moduleStageFindings(jsonSyntax, ctx))
  },
  checkModule({module, sourceText}): ModuleFinding[] {
    if (!sourceText) return []
    const findings: ModuleFinding[] = []
    for (const {filename, text} of moduleFiles(module, 'json', sourceText)) {
      const at = text.search(/\S/)
      if (at < 0 || text[at] !== '[') continue
      const start = advancePos({line: 1, column: 1, byte: 0}, text.slice(0, at))
      const range = {filename, start, end: advancePos(start, '[')}
      findings.push({
        summary: 'JSON configuration with an array at its root',
        // the range as the root shows the file (the model's absolute name is for the range itself)
        detail: (call) =>
          `${moduleText(call.address)} has a JSON configuration file whose root is an array of objects (${where(shownRange(call, range))}). Terraform reads the objects as one, but its JSON configuration syntax is one root object, which is what editors, generators and other tools that read .tf.json files expect. To fix it, merge the objects into one root object (several blocks of one type go into one key, as an array where a key repeats).`,
        range,
        key: 'json-root',
      })
    }
    return findings
  },
} satisfies Rule
