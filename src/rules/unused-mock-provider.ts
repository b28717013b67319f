// unused-mock-provider: a mock_provider block of a test file for a provider that no resource of the module
// under test uses — in any run of that file, through the module's own configurations or the modules its runs
// execute. Terraform accepts it and the mock replaces nothing: the runs still use the real provider, or fail
// for want of a configuration the author meant to mock. Usually a local name that does not match the module's
// (`mock_provider "aws_west"` for `aws.west`), or a mock left from a provider the module no longer uses.
// tfgraph's own check (Terraform has none). A mock is a block of a row of the file-site table that declares
// a mock (src/load/file-sites.ts `mock`); findings name the block by its keyword.
import {providerString} from '../addrs/provider.js'
import {didYouMean} from '../diag/name-suggestion.js'
import {formatRange} from '../diag/diagnostic.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {report, type Finding} from './support.js'

export const unusedMockProvider = {
  id: 'unused-mock-provider',
  severity: 'warning',
  enabledByDefault: true,
  scope: 'tree',
  description:
    'A mock_provider block of a test file for a provider no resource of the module under test (or of a module its runs execute) uses.',
  docs: 'docs/rules/unused-mock-provider.md',
  check({analysis}): LintDiagnostic[] {
    const tests = analysis.tests
    const root = analysis.tree.root
    const names = root.module?.names
    if (!tests || !names) return []
    const findings: Finding[] = []
    for (const file of tests.files) {
      const used = new Set(analysis.resolution.resources.map((r) => r.provider))
      for (const run of file.runs) for (const b of run.resources) used.add(b.provider)
      const localNames = [...names.requirements.keys()]
      for (const block of file.providers.values()) {
        if (!block.mock) continue
        const provider = providerString(names.providerFor(block.name))
        if (used.has(provider)) continue
        const hint = didYouMean(block.name, localNames)
        const keyword = block.block.type
        findings.push({
          summary: 'Mock provider the module does not use',
          detail: `${file.path} declares ${keyword} "${block.name}"${block.alias ? ` with alias "${block.alias}"` : ''} at ${formatRange(block.block.declRange)}, which stands for ${provider}, but no resource of the module under test${file.runs.some((r) => r.module) ? ' or of the modules its runs execute' : ''} uses that provider: the mock replaces nothing, and the runs use whatever else serves their configurations.${hint ? ` The module names a provider "${hint}": did you mean ${keyword} "${hint}"?` : ''} To fix it, give the block the local name the module uses for the provider it should mock, or remove it.`,
          range: block.block.declRange,
          address: `${keyword}.${block.key}`,
          module: root,
          key: `${file.path} ${block.key}`,
        })
      }
    }
    return report(unusedMockProvider, findings)
  },
} satisfies Rule
