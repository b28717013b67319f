// `tfgraph config`: the effective configuration of one module directory after override files.
import {DEFAULT_MAX_FILES, loadModuleDir, type LoadOptions, type LoadResult} from './load/load-module.js'
import {withRunContext, type RunContext} from './load/run-context.js'
// the --json document is output: it lives with the renderers
export {configDocument, type ConfigDocument} from './render/config-document.js'

/** Loads one module directory for `tfgraph config`: at most DEFAULT_MAX_FILES files unless `opts.fileBudget` says otherwise. */
export async function loadConfig(dir: string, opts: LoadOptions & {readonly context?: RunContext} = {}): Promise<LoadResult> {
  const {context, ...load} = opts
  return withRunContext(context, (ctx) =>
    loadModuleDir(dir, {fileBudget: {remaining: DEFAULT_MAX_FILES, limit: DEFAULT_MAX_FILES}, ...load}, ctx),
  )
}
