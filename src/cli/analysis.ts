// What the analysing commands (config, graph, lock) use from the library, loaded with one dynamic
// import after their flags are checked (so `--help` and usage errors never load the analysis). The
// commands' view of the internals; the public API is src/index.ts. Their renderers come from the
// registry (src/render/index.ts, through src/cli/command-run.ts).
export {DEFAULT_MAX_FILES} from '../load/limits.js'
export {loadConfig} from '../config.js'
export {analyzeProviders} from '../providers/analyze.js'
export {checkLock} from '../lock/check.js'
export {exportGraph, GRAPH_VIEWS} from '../export/index.js'
export {fileNamer} from '../render/paths.js'
