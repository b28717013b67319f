// The heavy adversarial cases, too slow for `npm test` and run by `npm run fuzz` (scripts/fuzz.mjs):
// each case is built in a temporary directory and run in a process of its own, so its time and peak
// memory are its own. `node --import tsx test/reliability/heavy.ts` runs them all (one JSON line each);
// `--case NAME` runs one in this process.
import {spawnSync} from 'node:child_process'
import {writeFileSync} from 'node:fs'
import * as path from 'node:path'
import * as lib from '../helpers/internal.js'
import {COMMANDS} from './commands.js'
import {checkOutcome, treeBytes, type Violation} from './properties.js'
import {treeFingerprint} from './tree-hash.js'
import {hugeFile, lockFile, manyResources, moduleChain, moduleDiamond, NULL_RESOURCE, removeTree, tempTree, write} from './trees.js'

interface HeavyCase {
  readonly name: string
  readonly what: string
  readonly build: (dir: string) => void
  /** Runs the case; returns violations and a one-line outcome. */
  readonly run: (dir: string) => Promise<{violations: Violation[]; outcome: string}>
}

/** Every command in-process, each timed, with the usual properties. */
async function allCommands(dir: string, only?: readonly string[]): Promise<{violations: Violation[]; outcome: string}> {
  const violations: Violation[] = []
  const bytes = treeBytes(dir)
  const parts: string[] = []
  for (const spec of COMMANDS) {
    if (only && !only.includes(spec.name)) continue
    const t = performance.now()
    try {
      const o = await spec.inProcess(dir, {})
      const ms = performance.now() - t
      violations.push(...checkOutcome(o, dir, ms, bytes))
      parts.push(`${spec.name} exit ${o.exitCode} ${Math.round(ms)} ms`)
    } catch (e) {
      violations.push({command: spec.name, property: 'no exception', detail: e instanceof Error ? (e.stack ?? e.message) : String(e)})
    }
  }
  return {violations, outcome: parts.join('; ')}
}

function expect(violations: Violation[], ok: boolean, property: string, detail: string): void {
  if (!ok) violations.push({command: '*', property, detail})
}

export const HEAVY: readonly HeavyCase[] = [
  {
    name: 'file-50mb',
    what: 'a 50 MB main.tf (blocks, comments, long strings)',
    build: (d) => hugeFile(d, 50_000_000),
    run: async (d) => {
      const r = await allCommands(d, ['config', 'providers'])
      expect(r.violations, r.outcome.includes('config exit 0'), 'a clean result', r.outcome)
      return r
    },
  },
  {
    name: 'resources-100k',
    what: '100,000 resources in one module (10 files)',
    build: (d) => manyResources(d, 100_000),
    run: async (d) => {
      const r = await allCommands(d)
      return r
    },
  },
  {
    name: 'chain-10k',
    what: 'a chain of 10,000 modules (10,000 directories), crawled with the default --max-depth and with --max-depth 1000 (the largest the CLI accepts)',
    build: (d) => moduleChain(d, 10_000),
    run: async (d) => {
      const violations: Violation[] = []
      let t = performance.now()
      const a = await lib.analyzeProviders(d, {env: {}})
      const first = performance.now() - t
      expect(
        violations,
        a.tree.nodes.length === 102 && a.diagnostics.some((x) => x.summary === 'Module nesting too deep'),
        'stops at the default depth with a diagnostic',
        String(a.tree.nodes.length),
      )
      t = performance.now()
      const deep = await lib.analyzeProviders(d, {env: {}, maxDepth: 1000})
      const second = performance.now() - t
      expect(violations, deep.tree.nodes.length === 1002, 'follows 1000 levels when asked', String(deep.tree.nodes.length))
      const r = await allCommands(d)
      return {
        violations: [...violations, ...r.violations],
        outcome: `default depth: ${Math.round(first)} ms; --max-depth 1000: ${Math.round(second)} ms, ${deep.tree.nodes.length} modules; ${r.outcome}`,
      }
    },
  },
  {
    name: 'chain-10k-recursive-lint',
    what: 'lint --recursive over the 10,000-directory chain (every directory is loaded to find the roots)',
    build: (d) => moduleChain(d, 10_000),
    run: async (d) => {
      const t = performance.now()
      const roots = await lib.findRootModules(new lib.RunContext(), d)
      const ms = performance.now() - t
      const violations: Violation[] = []
      expect(violations, roots.length === 1 && roots[0] === d, 'one root module', roots.slice(0, 3).join(', '))
      return {violations, outcome: `findRootModules ${Math.round(ms)} ms, ${roots.length} root`}
    },
  },
  {
    name: 'diamond-30',
    what: 'a module calling the next one twice, 30 levels deep (2^30 instances): stops at --max-modules',
    build: (d) => moduleDiamond(d, 30),
    run: async (d) => {
      const r = await allCommands(d)
      return r
    },
  },
  {
    name: 'lock-huge',
    what: 'a lock file of 5,000 providers with 20 hashes each',
    build: (d) => write(d, {'main.tf': NULL_RESOURCE('a'), '.terraform.lock.hcl': lockFile(5000, 20)}),
    run: (d) => allCommands(d, ['lock', 'lock diff']),
  },
  {
    name: 'files-30k',
    what: '30,000 files in one module directory: stops at --max-files (20,000)',
    build: (d) => {
      for (let i = 0; i < 30_000; i++) writeFileSync(path.join(d, `f${i}.tf`), NULL_RESOURCE(`r${i}`))
    },
    run: async (d) => {
      const r = await allCommands(d, ['config', 'providers'])
      expect(
        r.violations,
        r.outcome.includes('config exit 1') && r.outcome.includes('providers exit 1'),
        'stops at the limit (exit 1)',
        r.outcome,
      )
      const c = await lib.loadConfig(d)
      expect(
        r.violations,
        c.diagnostics.some((x) => x.summary === 'Too many configuration files') && c.incomplete,
        'a diagnostic at the limit',
        c.diagnostics.map((x) => x.summary).join(', '),
      )
      return r
    },
  },
]

/** Runs one case in this process: prints one JSON line with the time, the peak memory and any violation. */
async function runOne(name: string): Promise<void> {
  const c = HEAVY.find((x) => x.name === name)
  if (!c) throw new Error(`no heavy case ${name}`)
  // a private parse cache: the first command parses cold (as one CLI run would), the others read the cache
  const cacheDir = tempTree('tfgraph-heavy-cache-')
  process.env['TFGRAPH_CACHE_DIR'] = cacheDir // every run context of this process uses it
  const dir = tempTree('tfgraph-heavy-')
  try {
    let t = performance.now()
    c.build(dir)
    const buildMs = performance.now() - t
    const bytes = treeBytes(dir)
    const before = treeFingerprint(dir)
    t = performance.now()
    const r = await c.run(dir)
    const ms = performance.now() - t
    if (treeFingerprint(dir) !== before) r.violations.push({command: '*', property: 'the analysed tree is unchanged', detail: dir})
    const maxRssMb = Math.round(process.resourceUsage().maxRSS / 1024)
    process.stdout.write(
      JSON.stringify({
        event: 'heavy',
        name,
        what: c.what,
        bytes,
        buildMs: Math.round(buildMs),
        ms: Math.round(ms),
        maxRssMb,
        outcome: r.outcome,
        violations: r.violations,
      }) + '\n',
    )
    process.exitCode = r.violations.length > 0 ? 1 : 0
  } finally {
    removeTree(dir)
    removeTree(cacheDir)
  }
}

/** Runs every case (or the named ones), each in a child process with a time limit. */
function runAllCases(names: readonly string[]): void {
  let failed = false
  for (const c of HEAVY) {
    if (names.length > 0 && !names.includes(c.name)) continue
    const r = spawnSync(
      process.execPath,
      ['--max-old-space-size=8192', '--import', 'tsx', new URL(import.meta.url).pathname, '--case', c.name],
      {encoding: 'utf8', timeout: 30 * 60_000, maxBuffer: 64 * 1024 * 1024},
    )
    const line = r.stdout.split('\n').find((l) => l.startsWith('{'))
    if (r.status !== 0 || !line) {
      failed = true
      process.stdout.write(
        JSON.stringify({
          event: 'heavy',
          name: c.name,
          what: c.what,
          crashed: true,
          status: r.status,
          signal: r.signal,
          stderr: (r.stderr ?? '').slice(-2000),
          ...(line ? JSON.parse(line) : {}),
        }) + '\n',
      )
    } else process.stdout.write(line + '\n')
  }
  process.exitCode = failed ? 1 : 0
}

const argv = process.argv.slice(2)
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const i = argv.indexOf('--case')
  if (i >= 0) await runOne(argv[i + 1] ?? '')
  else runAllCases(argv.filter((a) => !a.startsWith('--')))
}
