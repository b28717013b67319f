// What the analysing commands (config, graph, lock) use from the library, loaded with one dynamic
// import after their flags are checked (so `--help` and usage errors never load the analysis). The
// commands' view of the internals; the public API is src/index.ts.
export {beginRun} from './run.js'
export {DEFAULT_MAX_FILES} from '../load/limits.js'
export {hasErrors} from '../diag/diagnostic.js'
export {loadConfig, configDocument} from '../config.js'
export {analyzeProviders} from '../providers/analyze.js'
export {checkLock, lockDocument} from '../lock/check.js'
export {renderLockText} from '../render/lock-text.js'
export {exportGraph, GRAPH_VIEWS} from '../export/index.js'
export {utf8Text} from '../io/inputs.js'
export {fileNamer} from '../render/paths.js'
export {sourceLinesFrom, renderDiagnosticsText} from '../render/diagnostics-text.js'
export {renderConfigText, renderConfigHeader} from '../render/config-text.js'
export {renderGraph, GRAPH_FORMATS} from '../render/graph-formats.js'
