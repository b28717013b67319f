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

/** A loaded Graphviz: renders DOT to SVG synchronously. */
export interface SvgRenderer {
  readonly graphvizVersion: string
  toSvg(dot: string): string
}

/** Loads Graphviz (about 0.1 s). Warnings count as failures: the DOT tfgraph writes must be clean. */
export async function loadSvgRenderer(): Promise<SvgRenderer> {
  const {instance, graphvizVersion} = await import('@viz-js/viz')
  const viz = await instance()
  return {
    graphvizVersion,
    toSvg(dot: string): string {
      const r = viz.render(dot, {format: 'svg', engine: 'dot'})
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
 * smaller — the deepest --depth that keeps it under READABLE_NODES nodes, --collapse, the HTML page.
 */
export function hugePictureNote(svg: string, g: ExportGraph, base?: string): string | undefined {
  const size = svgSize(svg)
  if (!size || Math.max(size.width, size.height) <= HUGE_PICTURE_PT) return undefined
  const n = (x: number): string => Math.round(x).toLocaleString('en-US')
  const counts = nodesByDepth(g, base ?? '')
  let depth = 0
  for (let d = 1; d < counts.length - 1; d++) if ((counts[d] ?? Infinity) <= READABLE_NODES) depth = d
  const hints = [
    ...(depth > 0
      ? [`--depth ${depth} keeps modules ${depth === 1 ? 'one call' : `${depth} calls`} deep (${n(counts[depth]!)} nodes)`]
      : []),
    ...(g.view !== 'modules' && !g.collapsed ? ['--collapse folds the resources'] : []),
    '-o graph.html opens it collapsed by module',
  ]
  return `note: the picture is ${n(size.width)} × ${n(size.height)} pt (${n(g.nodes.length)} nodes), too large to read whole: ${hints.join('; ')}`
}
