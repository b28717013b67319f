// Golden outputs for every fixture under fixtures/load: `config --json` document and the text view.
import {readdirSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import {configDocument, loadConfig, renderConfigText, renderDiagnosticsText} from '../helpers/internal.js'
import {assertGolden} from '../helpers/golden.js'
import {fixturesDir} from '../helpers/paths.js'

const base = path.join(fixturesDir, 'load')
for (const name of readdirSync(base).sort()) {
  const dir = path.join(base, name)
  test(`fixture ${name}: config --json and text match the golden files`, async () => {
    const engine = name.startsWith('tofu-') ? 'opentofu' : 'terraform'
    const result = await loadConfig(dir, {engine})
    assertGolden(path.join(dir, 'expected.json'), JSON.stringify(configDocument(result), null, 2) + '\n')
    const text = renderConfigText(result.module) + '\n' + renderDiagnosticsText(result.diagnostics)
    assertGolden(path.join(dir, 'expected.txt'), text)
  })
}

test.run()
