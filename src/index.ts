// tfgraph's public API. Every function returns data (values plus diagnostics); commands only render it.
export * from './diag/index.js'
export type {Attribute, Block, Body, ConfigFile, Label, Value} from './hcl/syntax.js'
export * from './load/index.js'
export * from './render/index.js'
export {loadConfig, configDocument, type ConfigDocument} from './config.js'
