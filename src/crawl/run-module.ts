// The module a test run's `module { source }` block runs instead of the module under test, crawled as a
// root of its own (Terraform's config_build.go buildTestModules): a local source from the tested root, a
// registry one where `init` installed it (the manifest's key test.<directory>.<file>.<run>).
import * as path from 'node:path'
import type {Diagnostic} from '../diag/diagnostic.js'
import {errorDiag} from '../diag/diagnostic.js'
import type {Engine} from '../load/engine.js'
import type {RunContext} from '../load/run-context.js'
import type {TestFile, TestRun} from '../load/test-files.js'
import {crawlWith, type CrawlOptions, type ModuleTree} from './crawl.js'
import {readManifest} from './manifest.js'

/** What a run's module block names, and whether it was read. */
export interface RunModuleInfo {
  readonly source: string
  readonly version?: string
  readonly dir?: string
  readonly loaded: boolean
}

/** The crawl's limits and module source a run's module is crawled with. */
export type RunModuleOptions = Pick<CrawlOptions, 'walker' | 'env' | 'maxDepth' | 'maxFiles' | 'maxModules'>

/** The module a run's `module` block names, crawled as a root (a local source from the tested root; a registry one through the manifest). */
export async function runModuleTree(
  ctx: RunContext,
  root: string,
  file: TestFile,
  run: TestRun,
  opts: RunModuleOptions,
  engine: Engine,
  crawled: Map<string, Promise<ModuleTree>>,
): Promise<{tree?: ModuleTree; info: RunModuleInfo; diagnostics: Diagnostic[]}> {
  const m = run.module!
  const base = {source: m.sourceText, ...(m.version !== undefined ? {version: m.version} : {})}
  let dir: string | undefined
  if (m.source.kind === 'local') dir = path.resolve(root, m.source.path)
  else {
    // Terraform installs it under the key test.<directory>.<file name>.<run> (config_build.go buildTestModules)
    const dirParts = path.posix.dirname(file.path) === '.' ? [] : path.posix.dirname(file.path).split('/')
    const key = ['test', ...dirParts, path.posix.basename(file.path).replace(/\.tftest\.hcl$/, ''), run.name].join('.')
    const rec = readManifest(ctx.files, root, opts.env ?? process.env).records.get(key)
    if (rec) dir = path.resolve(root, rec.dir)
  }
  if (dir === undefined || ctx.files.stat(dir) !== 'dir') {
    const diagnostics = [
      errorDiag(
        'module.not-installed',
        'Module not installed',
        `This module is not yet installed. Run "${engine.command} init" to install all modules required by this configuration.`,
        m.block.declRange,
      ),
    ]
    return {info: {...base, loaded: false}, diagnostics}
  }
  const at = dir
  let crawling = crawled.get(at)
  if (!crawling) {
    crawling = crawlWith(ctx, at, {
      engine: engine.name,
      displayRoot: root,
      ...(opts.walker ? {walker: opts.walker} : {}),
      ...(opts.env ? {env: opts.env} : {}),
      ...(opts.maxDepth !== undefined ? {maxDepth: opts.maxDepth} : {}),
      ...(opts.maxFiles !== undefined ? {maxFiles: opts.maxFiles} : {}),
      ...(opts.maxModules !== undefined ? {maxModules: opts.maxModules} : {}),
    })
    crawled.set(at, crawling)
  }
  const tree = await crawling
  const shown = path.relative(root, dir).split(path.sep).join('/') || '.'
  return {tree, info: {...base, dir: shown, loaded: tree.root.module !== undefined}, diagnostics: [...tree.diagnostics]}
}
