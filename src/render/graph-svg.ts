// DOT → SVG with Graphviz compiled to WebAssembly (@viz-js/viz): `graph --format svg` needs no system
// package. Loaded only when SVG is asked for (the module is 1.4 MB of WebAssembly).

/** Thrown when Graphviz rejects the DOT or warns about it; `messages` are Graphviz's own. */
export class GraphvizError extends Error {
  constructor(readonly messages: readonly string[]) {
    super(`Graphviz could not render the graph: ${messages.join('; ')}`)
  }
}

const FONT_METRICS = /no hard-coded metrics for|no value for width of/

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
      return r.output
    },
  }
}
