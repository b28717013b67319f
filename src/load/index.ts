// Loading one module directory exactly as Terraform/OpenTofu do: file selection (.tf/.tf.json,
// .tofu/.tofu.json with shadowing), parsing with positions, duplicate checks and override merging.
// Input: a directory; output: a merged Module (every value keeps its file and range) + diagnostics.
export * from './engine.js'
export * from './file-set.js'
export * from './model.js'
export {buildModule, type ParsedFile} from './build-module.js'
export {
  loadModuleDir,
  parseConfigFile,
  decodeConfigText,
  DEFAULT_MAX_FILES,
  type FileBudget,
  type LoadOptions,
  type LoadResult,
} from './load-module.js'
