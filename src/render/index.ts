// Renderers: pure functions from analysis results to text or JSON documents.
//
// The commands' outputs, one registry per output kind (modelled on dependency-cruiser's
// src/report/index.mjs, a map from output type to reporter): per kind, a map from --format to a loader
// of its renderer, so a command never imports renderer modules one by one and loads only the one it
// prints with (the SVG renderer's Graphviz WebAssembly, the HTML page's viewer, only when asked for).
// Every renderer of a kind takes the same input and options and returns what goes to stdout.
import type {LoadResult} from '../load/load-module.js'
import type {ProvidersAnalysis} from '../providers/analyze.js'
import type {ProvidersDiff} from '../providers/compare/diff.js'
import type {ExportGraph} from '../export/model.js'
import type {LockCheck} from '../lock/check.js'
import type {LockDiff} from '../lock/diff.js'
import type {Rule} from '../rules/rule.js'
import type {DiffRenderOptions} from './providers-diff.js'
import type {LintRenderInput} from './lint.js'
import type {FileNamer} from './paths.js'

export * from './config-json.js'
export * from './config-text.js'
export * from './diagnostics-text.js'
export * from './not-installed.js'
export * from './paths.js'

/** One renderer: the result of a library call, and how to show it → the text for stdout. */
export type Renderer<I, O> = (input: I, opts: O) => string | Promise<string>
type Registry<I, O, F extends string> = Readonly<Record<F, () => Promise<Renderer<I, O>>>>

const json = (doc: unknown): string => JSON.stringify(doc, null, 2) + '\n'

export interface ConfigOutputOptions {
  /** Whether --engine was given (the header then says so). */
  readonly engineGiven: boolean
  readonly fileName: FileNamer
}

export interface ProvidersOutputOptions {
  /** The root directory as the user gave it. */
  readonly dir: string
  readonly fileName: FileNamer
  readonly resource?: string
  readonly module?: string
  readonly provider?: string
  /** --plan: the planned changes joined to the binding, as JSON entries and as text. */
  readonly planned?: {readonly json: readonly object[]; readonly text: string}
  /** --state: the state matched to the configuration, as the document's `state` section and as text. */
  readonly state?: {readonly json: object; readonly text: string}
}

export interface GraphOutputOptions {
  /** The root directory as the user gave it. */
  readonly root: string
  /** Shows `line` while a step expected to take seconds runs (a large Graphviz layout); the function returned ends it. */
  readonly progress?: (line: string) => () => void
  /** SVG: draw even what would take minutes or could not be read (`--force`). */
  readonly force?: boolean
  /** The module the graph was cut to (`--module`): the depth hints count from it. */
  readonly module?: string
}

export interface LintOutputOptions {
  readonly recursive: boolean
  /** The directory the run was given, as typed (the narrowing hint's command line names it). */
  readonly dir?: string
  readonly color: boolean
  readonly verbose: boolean
  /** Files are named from here (text, compact, SARIF). */
  readonly cwd: string
  readonly sourceLines: (filename: string, root: string) => readonly string[] | undefined
  /** SARIF: the tool's version and its rules. */
  readonly version: string
  readonly rules: () => Promise<readonly Pick<Rule, 'id' | 'description' | 'severity' | 'docs'>[]>
}

export interface ProvidersDiffOutputOptions extends DiffRenderOptions {
  readonly version: string
  readonly newFileExists: (file: string) => boolean
}

/** Per output kind: what its renderers take, and its formats. */
interface Outputs {
  config: {input: LoadResult; options: ConfigOutputOptions; format: 'text' | 'json'}
  providers: {input: ProvidersAnalysis; options: ProvidersOutputOptions; format: 'text' | 'json' | 'requirements'}
  graph: {
    input: {readonly analysis: ProvidersAnalysis; readonly graph: ExportGraph}
    options: GraphOutputOptions
    format: 'dot' | 'mermaid' | 'json' | 'svg' | 'html'
  }
  lint: {input: readonly LintRenderInput[]; options: LintOutputOptions; format: 'text' | 'json' | 'sarif' | 'compact'}
  lock: {input: LockCheck; options: {readonly fileName: FileNamer}; format: 'text' | 'json'}
  'lock-diff': {input: LockDiff; options: object; format: 'text' | 'json'}
  'providers-diff': {input: ProvidersDiff; options: ProvidersDiffOutputOptions; format: 'text' | 'json' | 'markdown' | 'sarif'}
}
export type OutputKind = keyof Outputs
export type OutputFormat<K extends OutputKind> = Outputs[K]['format']
/** The renderer type of a kind (all its formats share it). */
export type KindRenderer<K extends OutputKind> = Renderer<Outputs[K]['input'], Outputs[K]['options']>
type KindRegistry<K extends OutputKind> = Registry<Outputs[K]['input'], Outputs[K]['options'], Outputs[K]['format']>

const config: KindRegistry<'config'> = {
  text: async () => {
    const {renderConfigText, renderConfigHeader} = await import('./config-text.js')
    return (r, {engineGiven, fileName}) => {
      const body = renderConfigText(r.module, {fileName})
      return body ? renderConfigHeader(r, {engineGiven, fileName}) + '\n' + body : ''
    }
  },
  json: async () => {
    const {configDocument} = await import('./config-document.js')
    return (r) => json(configDocument(r))
  },
}

const providers: KindRegistry<'providers'> = {
  text: async () => {
    const [{renderProvidersText}, {renderTestsText}] = await Promise.all([import('./providers-text.js'), import('./tests-text.js')])
    return (a, {fileName, resource, module, provider, planned, state}) =>
      renderProvidersText(a, {...(resource ? {resource} : {}), ...(module ? {module} : {}), ...(provider ? {provider} : {}), fileName}) +
      (planned ? '\n' + planned.text : '') +
      (state ? '\n' + state.text : '') +
      renderTestsText(a, {fileName})
  },
  requirements: async () => {
    const {requirementsTree} = await import('./requirements-tree.js')
    return (a, {planned}) => requirementsTree(a.tree, a.tests) + (planned ? '\n' + planned.text : '')
  },
  json: async () => {
    const {providersDocument} = await import('../providers/analyze.js')
    return (a, {dir, planned, state}) =>
      json({...providersDocument(a, dir), ...(planned ? {planned_changes: planned.json} : {}), ...(state ? {state: state.json} : {})})
  },
}

const graph: KindRegistry<'graph'> = {
  dot: () => graphFormat('dot'),
  mermaid: () => graphFormat('mermaid'),
  json: () => graphFormat('json'),
  // Graphviz compiled to WebAssembly: loaded only for SVG
  svg: async () => {
    const [{renderGraphDot}, {loadSvgRenderer, narrowHints}] = await Promise.all([import('./graph-dot.js'), import('./graph-svg.js')])
    const svg = await loadSvgRenderer()
    return ({graph: g}, {progress, force, module}) =>
      svg.toSvg(renderGraphDot(g, {svg: true}), {...(progress ? {progress} : {}), force: force === true, narrow: narrowHints(g, module)})
  },
  html: async () => {
    const {graphHtmlPage} = await import('./graph-html.js')
    return ({analysis, graph: g}, {root}) => graphHtmlPage(analysis, g, {root})
  },
}

async function graphFormat(format: 'dot' | 'mermaid' | 'json'): Promise<Renderer<{readonly graph: ExportGraph}, GraphOutputOptions>> {
  const {renderGraph} = await import('./graph-formats.js')
  return ({graph: g}, {root}) => renderGraph(g, format, {root})
}

const lint: KindRegistry<'lint'> = {
  text: async () => {
    const {renderLintText} = await import('./lint.js')
    return (results, {color, cwd, verbose, sourceLines, recursive, dir}) =>
      renderLintText(results, {color, cwd, verbose, sourceLines, summary: recursive, ...(dir !== undefined ? {dir} : {})})
  },
  json: async () => {
    const {lintJson, lintJsonMany} = await import('./lint.js')
    return (results, {recursive}) =>
      json(results.length === 1 && !recursive ? lintJson(results[0]!.diagnostics, results[0]!.notes) : lintJsonMany(results))
  },
  sarif: async () => {
    const {renderSarif} = await import('./lint.js')
    return async (results, {version, rules, cwd}) =>
      json(renderSarif(results, {version, rules: await rules(), informationUri: 'https://github.com/tfgraph/tfgraph', cwd}))
  },
  compact: async () => {
    const {renderLintCompact} = await import('./lint.js')
    return (results, {cwd}) => renderLintCompact(results, {cwd})
  },
}

const lock: KindRegistry<'lock'> = {
  text: async () => {
    const {renderLockText} = await import('./lock-text.js')
    return (c, {fileName}) => renderLockText(c, fileName)
  },
  json: async () => {
    const {lockDocument} = await import('../lock/check.js')
    return (c) => json(lockDocument(c))
  },
}

const lockDiff: KindRegistry<'lock-diff'> = {
  text: async () => (await import('./lock-diff-text.js')).renderLockDiffText,
  json: async () => {
    const {lockDiffJson} = await import('../lock/diff.js')
    return (d) => json(lockDiffJson(d))
  },
}

const providersDiff: KindRegistry<'providers-diff'> = {
  text: async () => (await import('./providers-diff.js')).renderProvidersDiffText,
  markdown: async () => (await import('./providers-diff.js')).renderProvidersDiffMarkdown,
  json: async () => {
    const {providersDiffDocument} = await import('../providers/compare/diff.js')
    return (d, {oldName, newName}) => json(providersDiffDocument(d, oldName, newName))
  },
  sarif: async () => {
    const {renderProvidersDiffSarif} = await import('./providers-diff.js')
    return (d, {version, newName, newFileExists}) =>
      json(
        renderProvidersDiffSarif(d, {
          version,
          informationUri: 'https://github.com/tfgraph/tfgraph',
          newDir: newName,
          cwd: process.cwd(),
          newFileExists,
        }),
      )
  },
}

/** Per output kind, its formats. */
export const RENDERERS: {readonly [K in OutputKind]: KindRegistry<K>} = {
  config,
  providers,
  graph,
  lint,
  lock,
  'lock-diff': lockDiff,
  'providers-diff': providersDiff,
}

/** The renderer of `kind` for `format`, loaded on first use. */
export function renderer<K extends OutputKind>(kind: K, format: OutputFormat<K>): Promise<KindRenderer<K>> {
  const formats: Readonly<Record<string, () => Promise<unknown>>> = RENDERERS[kind]
  const load = formats[format]
  if (!load) throw new Error(`no ${format} renderer for ${kind}`)
  return load() as Promise<KindRenderer<K>>
}
