// DOT → SVG with Graphviz compiled to WebAssembly (@viz-js/viz): `graph --format svg` needs no system
// package. Loaded only when SVG is asked for (the module is 1.4 MB of WebAssembly).
import {resourceAddressParts} from '../addrs/address-text.js'
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
  /** Nodes linked to no other: dot puts them all in one rank, a row that grows with each. */
  readonly isolated: number
  /** About how long (points) the row of isolated nodes is. */
  readonly rowPt: number
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
  const linked = new Set<string>()
  const named: string[] = []
  for (const line of dot.split('\n')) {
    const m = /^\s*("(?:[^"\\]|\\.)*") (?:\[|->\s*("(?:[^"\\]|\\.)*"))/.exec(line)
    if (!m) continue
    if (m[2] !== undefined) {
      edges++
      linked.add(m[1]!).add(m[2])
      if (/\blabel ?= ?"/.test(line)) labelled++
    } else {
      nodes++
      named.push(m[1]!)
    }
  }
  const isolated = named.filter((x) => !linked.has(x)).length
  const rowPt = isolated * ROW_STEP_PT
  const labels = edges > 0 ? labelled / edges : 0
  const excess = Math.max(0, edges - nodes)
  // a rank of n nodes costs about n² (8,000 nodes linked to none: 0.9 s; 44,000: 51 s), quick settings or not
  const row = 2.5e-8 * isolated * isolated
  const full = 0.0008 * nodes + 0.0013 * excess * (edges / Math.max(1, nodes)) * (1 + 10 * labels) + row
  const n = (x: number): string => Math.round(x).toLocaleString('en-US')
  const what = `${n(nodes)} nodes and ${n(edges)} edges`
  if (full <= QUICK_AFTER_S)
    return {attributes: {}, seconds: full, isolated, rowPt, slow: false, what, line: `tfgraph: laying out ${what} with Graphviz…`}
  const straight = labels > 0.05
  const seconds = (full - row) / 6 + row
  return {
    isolated,
    rowPt,
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
  /** Draw even what would take minutes or could not be read (`--force`). */
  readonly force?: boolean
  /** What draws less, for the refusals (`--depth 1 keeps …; --exclude …`): narrowHints. */
  readonly narrow?: readonly string[]
}

/** Points one node takes along a rank: its height in a drawing from left to right, and the gap to the next. */
const ROW_STEP_PT = 54
/** Beyond this many points (about 35 m), a row of nodes linked to none is not drawn without --force. */
export const REFUSE_ROW_PT = 100_000

/** Why a picture is not drawn without --force (what it would be, what draws less), or undefined. */
export function refusal(plan: ReturnType<typeof layoutPlan>, narrow: readonly string[]): string | undefined {
  const n = (x: number): string => Math.round(x).toLocaleString('en-US')
  const hints = narrow.join('; ')
  const less = hints
    ? hints[0]!.toUpperCase() + hints.slice(1)
    : 'Draw less with --collapse, --depth N, --focus ADDRESS or --module ADDRESS'
  if (plan.rowPt > REFUSE_ROW_PT)
    return `${plan.what}: ${n(plan.isolated)} nodes are linked to no other, and Graphviz would draw them in one row about ${n(plan.rowPt)} pt (${n(plan.rowPt / 2835)} m) long, which cannot be read, after about ${n(Math.max(1, plan.seconds))} s of layout. ${less}. --force draws it anyway`
  if (plan.seconds > REFUSE_AFTER_S)
    return `${plan.what}: Graphviz would take about ${Math.round(plan.seconds / 60)} minutes to lay them out, even with its quicker settings. ${less}, or write -o graph.html (the page lays the graph out in the browser). --force draws it anyway`
  return undefined
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
      const refused = opts.force ? undefined : refusal(plan, opts.narrow ?? [])
      if (refused !== undefined) throw new LayoutTooLarge(refused)
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
  return `note: the picture is ${n(size.width)} × ${n(size.height)} pt (${n(g.nodes.length)} nodes), too large to read whole: ${narrowHints(g, base).join('; ')}`
}

/**
 * What draws less of this graph, for its shape: the deepest --depth that keeps some nodes and at most
 * READABLE_NODES; --collapse and the HTML page (collapsed by module) when there are modules to fold into;
 * for resources, the most numerous resource types and the --exclude that leaves each out.
 */
export function narrowHints(g: ExportGraph, base?: string): string[] {
  const n = (x: number): string => Math.round(x).toLocaleString('en-US')
  const counts = nodesByDepth(g, base ?? '')
  let depth = 0
  // a depth that keeps nothing (every node lies deeper) is no way to read the picture
  for (let d = 1; d < counts.length - 1; d++) if ((counts[d] ?? 0) > 0 && (counts[d] ?? Infinity) <= READABLE_NODES) depth = d
  const modules = new Set(g.nodes.map((x) => x.module)).size
  const types = new Map<string, number>()
  for (const x of g.nodes) {
    if (x.kind !== 'resource') continue
    const t = resourceType(x.address)
    types.set(t, (types.get(t) ?? 0) + 1)
  }
  const top = [...types].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 3)
  return [
    ...(depth > 0
      ? [`--depth ${depth} keeps modules ${depth === 1 ? 'one call' : `${depth} calls`} deep (${n(counts[depth]!)} nodes)`]
      : []),
    ...(g.view !== 'modules' && !g.collapsed && modules > 1 ? ['--collapse folds the resources'] : []),
    ...(g.view === 'resources' && types.size > 1 && top.length > 0
      ? [
          `by resource type, most first: ${top.map(([t, k]) => `${t} ${n(k)}`).join(', ')}${types.size > top.length ? ` (of ${n(types.size)} types)` : ''} — --exclude '*${top[0]![0]}.*' leaves out the first`,
        ]
      : []),
    ...(modules > 1 ? ['-o graph.html opens it collapsed by module'] : []),
  ]
}

/** `aws_instance` of `module.a["x"].data.aws_instance.b[0]`. */
function resourceType(address: string): string {
  const parts = resourceAddressParts(address).local
  return (parts[0] === 'data' || parts[0] === 'ephemeral' || parts[0] === 'list' ? parts[1] : parts[0]) ?? address
}
