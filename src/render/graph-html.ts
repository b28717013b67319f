// `tfgraph graph --format html`: one self-contained page to explore the graph. The browser code
// (viewer/main.ts: sigma.js + graphology, bundled by scripts/bundle.mjs into dist/viewer/) and its styles
// are inlined and allowed by their SHA-256 in a Content-Security-Policy that forbids everything else
// (default-src 'none': no request, no other script); the graph, the node positions (computed here, once)
// and the side panel's facts are JSON in a <script type="application/json">, with <, >, &, U+2028 and
// U+2029 escaped, so no name from the configuration is ever markup. Same input, same bytes.
import {createHash} from 'node:crypto'
import {existsSync, readFileSync} from 'node:fs'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'
import type {HtmlData} from '../export/html-data.js'
import type {ExportGraph} from '../export/model.js'
import type {ProvidersAnalysis} from '../providers/analyze.js'
import type {Layout} from './graph-layout.js'
import {pageLabel} from './graph-page-label.js'

export interface ViewerAsset {
  readonly script: string
  readonly style: string
}

/** JSON that can sit inside a <script> element: nothing in it can close the element or start a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** Text for HTML element content and attribute values. */
export function htmlText(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

const sha256 = (s: string): string => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`

/** The bundled viewer (dist/viewer/), found from this module in the sources, dist/src or the dist/cli bundle. */
export function loadViewerAsset(): ViewerAsset {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const candidate = path.join(dir, 'dist', 'viewer', 'viewer.js')
    if (existsSync(candidate) && existsSync(path.join(dir, 'package.json'))) {
      return {script: readFileSync(candidate, 'utf8'), style: readFileSync(path.join(dir, 'dist', 'viewer', 'viewer.css'), 'utf8')}
    }
    const up = path.dirname(dir)
    if (up === dir) throw new Error('the HTML viewer is not built: run "npm run build" (it writes dist/viewer/)')
    dir = up
  }
}

export interface HtmlPageOptions {
  /** The root directory as the user gave it. */
  readonly root?: string
}

/** The data the page embeds: everything the viewer shows. */
export function pageData(g: ExportGraph, data: HtmlData, layout: Layout, opts: HtmlPageOptions = {}): unknown {
  const index = new Map(g.nodes.map((n, i) => [n.id, i]))
  return {
    format: 'tfgraph-html/1',
    view: g.view,
    engine: g.engine,
    root: opts.root ?? '.',
    collapsed: g.collapsed,
    layout: layout.engine,
    nodes: g.nodes.map((n) => {
      const [x, y] = layout.positions.get(n.id) ?? [0, 0]
      return {
        id: n.id,
        kind: n.kind,
        address: n.address,
        module: n.module,
        label: n.label,
        name: pageLabel(n),
        marks: n.marks,
        x,
        y,
        color: data.colorKey[n.id] ?? null,
        attributes: n.attributes,
      }
    }),
    edges: g.edges
      .filter((e) => index.has(e.from) && index.has(e.to))
      .map((e) => ({s: index.get(e.from), t: index.get(e.to), kind: e.kind, label: e.label})),
    clusters: g.clusters,
    details: data.details,
    diagnostics: data.diagnostics,
  }
}

export function renderGraphHtml(g: ExportGraph, data: HtmlData, layout: Layout, asset: ViewerAsset, opts: HtmlPageOptions = {}): string {
  // the viewer is inlined as is; a "</script" inside it would end the element early
  const script = asset.script.replace(/<\/(script)/gi, '<\\/$1')
  const csp = `default-src 'none'; script-src ${sha256(script)}; style-src ${sha256(asset.style)}; img-src data:; base-uri 'none'; form-action 'none'`
  const title = `tfgraph ${g.view} — ${opts.root ?? '.'}`
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${htmlText(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="tfgraph">
<title>${htmlText(title)}</title>
<style>${asset.style}</style>
</head>
<body>
<header>
<h1>${htmlText(title)}</h1>
<span class="meta" id="count"></span>
<label>Search <input type="search" id="search" placeholder="address, type, provider, module  ( / )" autocomplete="off" aria-describedby="matches"></label>
<span id="matches" role="status" aria-live="polite"></span>
<button type="button" id="focus" title="Show only the selected node's neighbourhood (f)">Focus</button>
<label>depth <input type="number" id="depth" value="2" min="0" max="20"></label>
<button type="button" id="unfocus" hidden>Show all</button>
<span class="meta" id="status" role="status"></span>
</header>
<nav id="outline" aria-label="Outline: modules and their nodes"></nav>
<main id="canvas" aria-label="Graph drawing (the outline lists the same nodes)"><div id="sigma"></div></main>
<aside id="side" aria-label="Details"><div id="legend"></div><section id="details" aria-live="polite"></section><details id="diagnostics" open></details>
<p class="muted">Keys: / search, Enter next match, f focus, Esc clear, + − 0 zoom, ↑ ↓ in the outline.</p></aside>
<script type="application/json" id="tfgraph-data">${scriptJson(pageData(g, data, layout, opts))}</script>
<script>${script}</script>
</body>
</html>
`
}

/** The whole page for an exported (sliced) graph of analysis `a`: facts, layout, viewer. */
export async function graphHtmlPage(a: ProvidersAnalysis, g: ExportGraph, opts: HtmlPageOptions = {}): Promise<string> {
  const [{htmlData}, {layoutGraph}] = await Promise.all([import('../export/html-data.js'), import('./graph-layout.js')])
  return renderGraphHtml(g, htmlData(a, g), await layoutGraph(g), loadViewerAsset(), opts)
}
