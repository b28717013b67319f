// DOT → SVG with Graphviz compiled to WebAssembly (@viz-js/viz): `graph --format svg` needs no system
// package. Loaded only when SVG is asked for (the module is 1.4 MB of WebAssembly).
import {nodesByDepth} from '../export/slice.js'
import type {ExportGraph} from '../export/model.js'

/** Thrown when Graphviz rejects the DOT or warns about it; `messages` are Graphviz's own. */
export class GraphvizError extends Error {
  constructor(readonly messages: readonly string[]) {
    super(`Graphviz could not render the graph: ${messages.join('; ')}`)
  }
}

const FONT_METRICS = /no hard-coded metrics for|no value for width of/

/**
 * Graphviz puts a node's tooltip on a link around its shapes (`xlink:title`) and its name in its <title>;
 * browsers show the <title> as the tooltip, so it gets the tooltip's text (both are XML-escaped alike).
 */
export function tooltipTitles(svg: string): string {
  return svg.replace(
    /<title>[^<]*<\/title>(\n<g id="a_[^"]*"><a xlink:title="([^"]*)">)/g,
    (_all, link: string, tooltip: string) => `<title>${tooltip}</title>${link}`,
  )
}

/** A graph Graphviz would take minutes to lay out: not drawn; the message says what to narrow. */
export class LayoutTooLarge extends Error {}

/** Beyond this many seconds with the quick settings, Graphviz is not asked at all: the command says what to narrow. */
export const REFUSE_AFTER_S = 120
/** Above this many seconds with Graphviz's own settings, the quicker ones are used, with a progress line. */
const QUICK_AFTER_S = 2

/**
 * How dot will lay a graph out and about how long it takes, from the DOT's nodes, edges and labelled edges.
 * Trees (as many edges as nodes: the modules and providers views) cost little and linearly; what costs is
 * edges beyond that, the more so the denser the graph — dependency graphs, whose crossing minimisation,
 * ranking and, with labelled edges (every label becomes a node of its own), routing grow fast. Measured on a 2-core machine (CPU seconds
 * of dot, BENCHMARKS.md): a 740-node tree 0.7 s; 702 resources and 3,064 edges in 32 clusters 15.4 s
 * (1.7 s quick); 645 and 3,075 in 38 clusters 9.3 s (1.9 s); 1,745 and 9,085 in 600 clusters 47 s (7 s);
 * 601 nodes and 3,963 edges, 816 of them labelled, over 300 s (71 s quick, 15 s quick with straight
 * edges); 40 nodes and 400 edges 7.8 s (1.5 s). Above QUICK_AFTER_S seconds, dot gets fewer rounds of crossing minimisation and network simplex
 * (mclimit, nslimit, nslimit1), and straight edges when many edges carry labels: the layout is coarser,
 * every node and edge is still drawn. The choice depends on the graph alone, so the output is deterministic.
 */
export function layoutPlan(dot: string): {
  readonly attributes: Readonly<Record<string, string>>
  /** Seconds with the settings chosen. */
  readonly seconds: number
  /** Over QUICK_AFTER_S with Graphviz's own settings: the quicker ones are used, and `line` is shown meanwhile. */
  readonly slow: boolean
  readonly line: string
  /** "N nodes and M edges". */
  readonly what: string
} {
  let nodes = 0
  let edges = 0
  let labelled = 0
  for (const line of dot.split('\n')) {
    if (!/^\s*"(?:[^"\\]|\\.)*" (?:\[|->)/.test(line)) continue
    if (/^\s*"(?:[^"\\]|\\.)*" -> /.test(line)) {
      edges++
      if (/\blabel ?= ?"/.test(line)) labelled++
    } else nodes++
  }
  const labels = edges > 0 ? labelled / edges : 0
  const excess = Math.max(0, edges - nodes)
  const full = 0.0008 * nodes + 0.0013 * excess * (edges / Math.max(1, nodes)) * (1 + 10 * labels)
  const n = (x: number): string => Math.round(x).toLocaleString('en-US')
  const what = `${n(nodes)} nodes and ${n(edges)} edges`
  if (full <= QUICK_AFTER_S) return {attributes: {}, seconds: full, slow: false, what, line: `tfgraph: laying out ${what} with Graphviz…`}
  const straight = labels > 0.05
  const seconds = full / 6
  return {
    attributes: {mclimit: '0.1', nslimit: '1', nslimit1: '1', ...(straight ? {splines: 'line'} : {})},
    seconds,
    slow: true,
    what,
    line: `tfgraph: laying out ${what} with Graphviz's quicker settings (about ${n(seconds)} s; --collapse, --depth or --focus draw less)…`,
  }
}

/** What a rendering may show while Graphviz works (`graph`: a progress line on the terminal). */
export interface SvgRenderOptions {
  /** Shows `line` while a layout expected to take seconds runs; the function returned ends it. */
  readonly progress?: (line: string) => () => void
}

/** A loaded Graphviz: renders DOT to SVG synchronously. */
export interface SvgRenderer {
  readonly graphvizVersion: string
  toSvg(dot: string, opts?: SvgRenderOptions): string
}

/** Loads Graphviz (about 0.1 s). Warnings count as failures: the DOT tfgraph writes must be clean. */
export async function loadSvgRenderer(): Promise<SvgRenderer> {
  const {instance, graphvizVersion} = await import('@viz-js/viz')
  const viz = await instance()
  return {
    graphvizVersion,
    toSvg(dot: string, opts: SvgRenderOptions = {}): string {
      const plan = layoutPlan(dot)
      if (plan.seconds > REFUSE_AFTER_S)
        throw new LayoutTooLarge(
          `${plan.what}: Graphviz would take about ${Math.round(plan.seconds / 60)} minutes to lay them out, even with its quicker settings. Draw less with --collapse, --depth N, --focus ADDRESS or --module ADDRESS, or write -o graph.html (the page lays the graph out in the browser)`,
        )
      const stop = plan.slow ? opts.progress?.(plan.line) : undefined
      let r: ReturnType<typeof viz.render>
      try {
        r = viz.render(dot, {
          format: 'svg',
          engine: 'dot',
          ...(Object.keys(plan.attributes).length > 0 ? {graphAttributes: plan.attributes} : {}),
        })
      } finally {
        stop?.()
      }
      // the WebAssembly build has no fonts: its font-metric fallbacks are not problems of the graph
      const problems = r.errors
        .filter((e) => !(e.level === 'warning' && FONT_METRICS.test(e.message)))
        .map((e) => `${e.level ?? 'error'}: ${e.message.trim()}`)
      if (r.status !== 'success' || problems.length > 0) throw new GraphvizError(problems.length > 0 ? problems : ['rendering failed'])
      return tooltipTitles(r.output)
    },
  }
}

/** Beyond this many points across or down (about 3.5 m), a picture cannot be read whole. */
export const HUGE_PICTURE_PT = 10_000
/** The depth a note suggests keeps at most this many nodes. */
const READABLE_NODES = 300

/** The size Graphviz gave an SVG, in points. */
export function svgSize(svg: string): {width: number; height: number} | undefined {
  const m = /<svg\b[^>]*?\swidth="([\d.]+)pt"\s+height="([\d.]+)pt"/.exec(svg)
  return m ? {width: Number(m[1]), height: Number(m[2])} : undefined
}

/**
 * One line for stderr when the picture is too large to read whole: its size, and the options that make it
 * smaller — the deepest --depth that keeps some nodes and at most READABLE_NODES, --collapse, the HTML page.
 */
export function hugePictureNote(svg: string, g: ExportGraph, base?: string): string | undefined {
  const size = svgSize(svg)
  if (!size || Math.max(size.width, size.height) <= HUGE_PICTURE_PT) return undefined
  const n = (x: number): string => Math.round(x).toLocaleString('en-US')
  const counts = nodesByDepth(g, base ?? '')
  let depth = 0
  // a depth that keeps nothing (every node lies deeper) is no way to read the picture
  for (let d = 1; d < counts.length - 1; d++) if ((counts[d] ?? 0) > 0 && (counts[d] ?? Infinity) <= READABLE_NODES) depth = d
  const hints = [
    ...(depth > 0
      ? [`--depth ${depth} keeps modules ${depth === 1 ? 'one call' : `${depth} calls`} deep (${n(counts[depth]!)} nodes)`]
      : []),
    ...(g.view !== 'modules' && !g.collapsed ? ['--collapse folds the resources'] : []),
    '-o graph.html opens it collapsed by module',
  ]
  return `note: the picture is ${n(size.width)} × ${n(size.height)} pt (${n(g.nodes.length)} nodes), too large to read whole: ${hints.join('; ')}`
}
