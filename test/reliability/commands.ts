// The commands under test, in one list: how to run each in-process (the library calls and renderers
// its command file makes, with the same exit-code rule) and how to spawn it. A new command is one
// more entry in COMMANDS; every reliability test and the fuzzer iterate over this list.
import {existsSync, readFileSync} from 'node:fs'
import * as path from 'node:path'
import * as lib from '../helpers/internal.js'
import type {Diagnostic} from '../helpers/internal.js'

export interface CommandOutcome {
  readonly command: string
  readonly exitCode: number
  readonly diagnostics: readonly Diagnostic[]
  /** What the command writes for a terminal (its text outputs, stdout and stderr). */
  readonly text: readonly string[]
  /** JSON documents it prints (--json, --format json/sarif, graph --format json). */
  readonly json: readonly string[]
}

export interface RunContext {
  /** The unmutated tree this one was made from, when there is one (lock diff compares against it). */
  readonly baseline?: string
}

export interface CommandSpec {
  readonly name: string
  /** Argument lists (after `tfgraph`) for spawning the real CLI on `dir`: text first, then machine-readable. */
  readonly cli: (dir: string, ctx?: RunContext) => readonly (readonly string[])[]
  /** The command's code path in-process: library call(s), every renderer, the exit-code rule. */
  readonly inProcess: (dir: string, ctx?: RunContext) => Promise<CommandOutcome>
}

/** Analyses ignore the caller's TF_DATA_DIR etc.: the tree alone decides. */
const ENV: NodeJS.ProcessEnv = {}

function exitCode(incomplete: boolean, diagnostics: readonly Diagnostic[]): number {
  return incomplete ? 1 : lib.hasErrors(diagnostics) ? 2 : 0
}

function lines(dir: string): (f: string) => string[] | undefined {
  return lib.sourceLinesFrom(path.resolve(dir), (f) => readFileSync(f, 'utf8'))
}

const config: CommandSpec = {
  name: 'config',
  cli: (dir) => [
    ['config', dir],
    ['config', dir, '--json'],
  ],
  async inProcess(dir) {
    const r = await lib.loadConfig(dir)
    const text = [lib.renderConfigText(r.module), lib.renderDiagnosticsText(r.diagnostics, {sourceLines: lines(dir)})]
    return {
      command: 'config',
      exitCode: exitCode(r.incomplete, r.diagnostics),
      diagnostics: r.diagnostics,
      text,
      json: [JSON.stringify(lib.configDocument(r), null, 2)],
    }
  },
}

const providers: CommandSpec = {
  name: 'providers',
  cli: (dir) => [
    ['providers', dir],
    ['providers', dir, '--json'],
    ['providers', dir, '--requirements'],
  ],
  async inProcess(dir) {
    const a = await lib.analyzeProviders(dir, {env: ENV})
    const text = [
      lib.renderProvidersText(a),
      lib.renderProvidersText(a, {resource: '*'}),
      lib.requirementsTree(a.tree),
      lib.renderDiagnosticsText(a.diagnostics, {sourceLines: lines(dir)}),
    ]
    return {
      command: 'providers',
      exitCode: exitCode(a.incomplete, a.diagnostics),
      diagnostics: a.diagnostics,
      text,
      json: [JSON.stringify(lib.providersDocument(a, dir), null, 2)],
    }
  },
}

const lint: CommandSpec = {
  name: 'lint',
  cli: (dir) => [
    ['lint', dir],
    ['lint', dir, '--format', 'json'],
    ['lint', dir, '--format', 'sarif'],
    ['lint', dir, '--format', 'compact'],
  ],
  async inProcess(dir) {
    const cfg = lib.readLintConfig(dir)
    const r = await lib.lint(dir, {env: ENV, config: cfg.config})
    const results = [{root: dir, dir, diagnostics: r.diagnostics}]
    const read = lines(dir)
    const text = [
      lib.renderLintText(results, {sourceLines: (f) => read(f)}),
      lib.renderLintCompact(results),
      lib.renderDiagnosticsText(cfg.diagnostics),
    ]
    const json = [
      JSON.stringify(lib.lintJson(r.diagnostics), null, 2),
      JSON.stringify(
        lib.renderSarif(results, {version: '0.0.0', rules: lib.RULES, informationUri: 'https://example.invalid/tfgraph'}),
        null,
        2,
      ),
    ]
    const errors = r.diagnostics.some((d) => d.severity === 'error')
    return {
      command: 'lint',
      // a broken .tfgraph.json is a finding; 1 only for what could not be read
      exitCode: r.unread ? 1 : cfg.diagnostics.length > 0 || errors ? 2 : 0,
      diagnostics: [...cfg.diagnostics, ...r.diagnostics],
      text,
      json,
    }
  },
}

const lock: CommandSpec = {
  name: 'lock',
  cli: (dir) => [
    ['lock', dir, '--verify'],
    ['lock', dir, '--json'],
  ],
  async inProcess(dir) {
    const c = await lib.checkLock(dir, {env: ENV, verify: true})
    const text = [lib.renderLockText(c), lib.renderDiagnosticsText(c.diagnostics, {sourceLines: lines(dir)})]
    return {
      command: 'lock',
      exitCode: exitCode(c.incomplete, c.diagnostics),
      diagnostics: c.diagnostics,
      text,
      json: [JSON.stringify(lib.lockDocument(c), null, 2)],
    }
  },
}

const LOCK = '.terraform.lock.hcl'

/** `lock diff`: the tree's lock file against the baseline's (or an empty file when there is none). */
const lockDiff: CommandSpec = {
  name: 'lock diff',
  cli: (dir, ctx) => {
    const now = path.join(dir, LOCK)
    if (!existsSync(now)) return []
    const before = ctx?.baseline !== undefined && existsSync(path.join(ctx.baseline, LOCK)) ? path.join(ctx.baseline, LOCK) : now
    return [
      ['lock', 'diff', before, now],
      ['lock', 'diff', before, now, '--json'],
    ]
  },
  async inProcess(dir, ctx) {
    const read = (d: string | undefined): string => {
      try {
        return d === undefined ? '' : readFileSync(path.join(d, LOCK), 'utf8')
      } catch {
        return ''
      }
    }
    const d = await lib.diffLockFiles(read(ctx?.baseline), read(dir), {
      oldName: 'old.terraform.lock.hcl',
      newName: LOCK,
      engine: 'terraform',
    })
    return {
      command: 'lock diff',
      exitCode: lib.hasErrors(d.diagnostics) ? 2 : 0,
      diagnostics: d.diagnostics,
      text: [lib.renderLockDiffText(d)],
      json: [JSON.stringify(lib.lockDiffJson(d), null, 2)],
    }
  },
}

const graph: CommandSpec = {
  name: 'graph',
  cli: (dir) => [
    ['graph', dir],
    ['graph', dir, '--type', 'providers', '--format', 'mermaid'],
    ['graph', dir, '--type', 'resources', '--format', 'json'],
  ],
  async inProcess(dir) {
    const a = await lib.analyzeProviders(dir, {env: ENV})
    const text: string[] = []
    const json: string[] = []
    let diagnostics: readonly Diagnostic[] = a.diagnostics
    const rootLoaded = (a.tree.root.module?.files.length ?? 0) > 0
    if (!rootLoaded) return {command: 'graph', exitCode: 1, diagnostics, text: [lib.renderDiagnosticsText(a.diagnostics)], json}
    for (const view of lib.GRAPH_VIEWS) {
      const {graph: g} = lib.exportGraph(a, {view, collapse: false, exclude: []})
      diagnostics = g.diagnostics
      for (const format of lib.GRAPH_FORMATS) (format === 'json' ? json : text).push(lib.renderGraph(g, format, {root: dir}))
    }
    text.push(lib.renderDiagnosticsText(diagnostics, {sourceLines: lines(dir)}))
    return {command: 'graph', exitCode: exitCode(a.incomplete, diagnostics), diagnostics, text, json}
  },
}

/** Every command the reliability suite covers. */
export const COMMANDS: readonly CommandSpec[] = [config, providers, lint, lock, lockDiff, graph]
