// `graph --format html` without a browser: every name from the configuration reaches the page as JSON
// data (the adversarial names of the DOT/Mermaid escaping suite), never as markup; the CSP allows exactly
// the inlined script and style; the page is the same bytes for the same input.
import {createHash} from 'node:crypto'
import {rmSync} from 'node:fs'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {analyzeProviders, exportGraph} from '../helpers/internal.js'
import {fixturesDir} from '../helpers/paths.js'
import {writeConfig} from '../helpers/adversarial-config.js'
import {graphHtmlPage, htmlText, scriptJson} from '../../src/render/graph-html.js'

let root = ''
test.before(() => {
  root = writeConfig()
})
test.after(() => {
  rmSync(root, {recursive: true, force: true})
})

const DATA = /<script type="application\/json" id="tfgraph-data">([^]*?)<\/script>/
const SCRIPT = /<script>([^]*?)<\/script>\n<\/body>/
const STYLE = /<style>([^]*?)<\/style>/
const hash = (s: string): string => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`

test('scriptJson escapes what could end a script element or break JavaScript parsing', () => {
  const s = scriptJson({a: '</script><!-- & \u2028\u2029 >'})
  assert.not.match(s, /[<>&\u2028\u2029]/)
  assert.equal(JSON.parse(s), {a: '</script><!-- & \u2028\u2029 >'})
  assert.is(htmlText(`<a href="x">'&`), '&#60;a href=&#34;x&#34;&#62;&#39;&#38;')
})

for (const view of ['modules', 'providers', 'resources'] as const) {
  for (const collapse of [false, true]) {
    test(`${view}${collapse ? ' collapsed' : ''}: odd names are data, never markup`, async () => {
      const a = await analyzeProviders(root, {env: {}})
      const {graph} = exportGraph(a, {view, collapse})
      assert.ok(graph.nodes.length >= 3)
      const html = await graphHtmlPage(a, graph, {root: 'we<i>rd & "root"'})
      const data = DATA.exec(html)?.[1]
      const script = SCRIPT.exec(html)?.[1]
      const style = STYLE.exec(html)?.[1]
      assert.ok(data !== undefined && script !== undefined && style !== undefined)
      assert.not.match(data, /[<>&\u2028\u2029]/, 'the data has no raw <, >, &, U+2028, U+2029')
      const doc = JSON.parse(data) as {nodes: {id: string; label: string; address: string}[]; edges: unknown[]}
      assert.equal(
        doc.nodes.map((n) => [n.id, n.label, n.address]),
        graph.nodes.map((n) => [n.id, n.label, n.address]),
        'names read back unchanged',
      )
      // the markup outside the script and style elements: two scripts, one style, and no configuration text
      const markup = html.replace(DATA, '').replace(SCRIPT, '').replace(STYLE, '')
      assert.is((markup.match(/<script/g) ?? []).length, 0)
      for (const n of graph.nodes)
        for (const line of n.label.split('\n'))
          if (/[<>&"]/.test(line)) assert.not.ok(markup.includes(line), `${JSON.stringify(line)} not in markup`)
      assert.ok(markup.includes('we&#60;i&#62;rd &#38; &#34;root&#34;'), 'the root path is escaped text')
      const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1]?.replace(/&#39;/g, "'")
      assert.is(
        csp,
        `default-src 'none'; script-src ${hash(script)}; style-src ${hash(style)}; img-src data:; base-uri 'none'; form-action 'none'`,
      )
      assert.not.match(script, /<\/script/i)
    })
  }
}

test('the same input gives the same page; slicing flags are honoured', async () => {
  const dir = path.join(fixturesDir, 'graph', 'platform')
  const a = await analyzeProviders(dir, {env: {}})
  for (const view of ['modules', 'providers', 'resources'] as const) {
    const {graph} = exportGraph(a, {view})
    const b = await analyzeProviders(dir, {env: {}})
    assert.is(await graphHtmlPage(a, graph, {root: dir}), await graphHtmlPage(b, exportGraph(b, {view}).graph, {root: dir}), view)
  }
  const {graph} = exportGraph(a, {view: 'providers', focus: 'module.network', depth: 1})
  const doc = JSON.parse(DATA.exec(await graphHtmlPage(a, graph))![1]!) as {nodes: unknown[]}
  assert.is(doc.nodes.length, graph.nodes.length)
})

test.run()
