// The in-process memo and the parse cache serve a file reached under another name with every range
// relabelled, and never relabel a result whose diagnostics might name the file.
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {testParsing} from '../helpers/parsing.js'
import {relabelParse} from '../../src/hcl/relabel.js'

const parsing = testParsing()
const {configureParseCache, parseNativeConfig, clearParseMemo, resetParseStats} = parsing

const TEXT =
  'variable "filename" {\n  default = {filename = "main.tf"}\n}\nresource "a" "b" {\n  filename = "main.tf"\n  nested {\n    x = 1\n  }\n}\n'

function filenames(node: unknown, out: Set<string> = new Set(), key = ''): Set<string> {
  if (key === 'value') return out
  if (Array.isArray(node)) node.forEach((n) => filenames(n, out))
  else if (typeof node === 'object' && node !== null)
    for (const [k, v] of Object.entries(node)) k === 'filename' && typeof v === 'string' ? out.add(v) : filenames(v, out, k)
  return out
}

test('same bytes under another name: one parse, every range carries the new name, values untouched', async () => {
  configureParseCache({enabled: false})
  clearParseMemo()
  resetParseStats()
  try {
    const a = await parseNativeConfig(TEXT, 'main.tf')
    const b = await parseNativeConfig(TEXT, '../shared/main.tf')
    assert.equal([...filenames(a)], ['main.tf'])
    assert.equal([...filenames(b)], ['../shared/main.tf'])
    // attribute values named "filename" are data, not ranges
    assert.equal(b.file.body.blocks[1]!.body.attributes[0]!.value, 'main.tf')
    assert.equal(b.file.body.blocks[0]!.body.attributes[0]!.value, a.file.body.blocks[0]!.body.attributes[0]!.value)
    assert.equal(JSON.parse(JSON.stringify(b).replaceAll('"../shared/main.tf"', '"main.tf"')), JSON.parse(JSON.stringify(a)))
  } finally {
    configureParseCache({enabled: true})
  }
})

test('concurrent requests for the same bytes share one parse', async () => {
  configureParseCache({enabled: false})
  clearParseMemo()
  resetParseStats()
  try {
    const text = TEXT + '# concurrent\n'
    const rs = await Promise.all(['a.tf', 'b.tf', 'a.tf', 'c.tf'].map((n) => parseNativeConfig(text, n)))
    assert.equal(
      rs.map((r) => r.file.filename),
      ['a.tf', 'b.tf', 'a.tf', 'c.tf'],
    )
    assert.is(parsing.stats.uncached, 1)
    assert.is(parsing.stats.cached, 0)
  } finally {
    configureParseCache({enabled: true})
  }
})

test('a result with diagnostics is parsed again under a new name (details may name the file)', async () => {
  const broken = {
    file: {
      filename: 'x.tf',
      syntax: 'native' as const,
      body: {
        attributes: [],
        blocks: [],
        range: {filename: 'x.tf', start: {line: 1, column: 1, byte: 0}, end: {line: 1, column: 1, byte: 0}},
      },
    },
    diagnostics: [{code: 'hcl.syntax' as const, severity: 'error' as const, summary: 's', detail: 'see x.tf:1,1'}],
  }
  assert.is(relabelParse(broken, 'x.tf'), broken)
  assert.is(relabelParse(broken, 'y.tf'), undefined)
})

test.run()
