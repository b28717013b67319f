// Renderers: pure functions from analysis results to text or JSON documents.
export * from './config-json.js'
export * from './config-text.js'
export * from './diagnostics-text.js'
export * from './not-installed.js'
export * from './paths.js'
