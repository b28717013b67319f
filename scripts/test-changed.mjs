// `npm run test:changed`: the test files that the changes since main can reach. A changed file counts
// when git sees it differ from the merge base with main (committed, staged, unstaged or untracked;
// TFGRAPH_TEST_BASE names another base). Which tests reach it:
//   - a test file reaches itself;
//   - source (src/, commands/, bin/, test/ helpers, viewer/): through the import graph dependency-cruiser
//     reads (the same tool `npm run layers` runs), where a test file that starts the built command line
//     (bin/run.cjs, dist/) imports every command, and the page of graph --format html imports viewer/;
//   - a fixture, a doc or any other file: the test files (and the helpers they import) that name it, its
//     folder or, for fixtures/A/…, the folder A;
//   - package.json, the lock file, the tsconfigs, .ci/ and the test runner itself: every test file.
import {execFileSync} from 'node:child_process'
import {existsSync, readFileSync} from 'node:fs'
import * as path from 'node:path'

const EVERYTHING = [
  /^package(-lock)?\.json$/,
  /^tsconfig[^/]*\.json$/,
  /^\.ci\//,
  /^scripts\/(test|test-file|test-changed|skip-count)\.mjs$/,
  /^\.dependency-cruiser\.cjs$/,
]
const SOURCE = /^(src|commands|bin|test|viewer|editors\/vscode\/src)\/.*\.(ts|mts|mjs|js)$/

function git(root, args) {
  return execFileSync('git', args, {cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']}).trim()
}

/** The files changed since the merge base with `base`, relative to the repository, `/`-separated. */
function changedFiles(root, base) {
  const mergeBase = git(root, ['merge-base', 'HEAD', base])
  const tracked = git(root, ['diff', '--name-only', mergeBase]).split('\n')
  const untracked = git(root, ['ls-files', '--others', '--exclude-standard']).split('\n')
  return {mergeBase, files: [...new Set([...tracked, ...untracked].filter(Boolean))].sort()}
}

/** module → the modules it imports, from dependency-cruiser, with the edges that no import states. */
async function importGraph(root) {
  const {cruise} = await import('dependency-cruiser')
  const roots = ['test', 'src', 'commands', 'bin', 'viewer'].filter((d) => existsSync(path.join(root, d)))
  const cwd = process.cwd()
  process.chdir(root)
  let result
  try {
    result = await cruise(roots, {doNotFollow: {path: 'node_modules'}, tsPreCompilationDeps: true})
  } finally {
    process.chdir(cwd)
  }
  const deps = new Map()
  for (const m of result.output.modules) deps.set(m.source, new Set(m.dependencies.map((d) => d.resolved)))
  const commands = [...deps.keys()].filter((m) => m.startsWith('commands/') || m.startsWith('bin/'))
  const viewer = [...deps.keys()].filter((m) => m.startsWith('viewer/'))
  for (const [m, set] of deps) {
    if (!m.startsWith('test/')) continue
    const text = readFileSync(path.join(root, m), 'utf8')
    if (/bin\/run\.js|tfgraphBin|['"/]dist['"/]/.test(text)) for (const c of commands) set.add(c)
  }
  for (const [m, set] of deps) if (m === 'src/render/graph-html.ts') for (const v of viewer) set.add(v)
  return deps
}

/** Every module a test file reaches through imports, itself included. */
function reach(deps, start) {
  const seen = new Set([start])
  const stack = [start]
  while (stack.length) {
    for (const d of deps.get(stack.pop()) ?? []) {
      if (!seen.has(d)) {
        seen.add(d)
        stack.push(d)
      }
    }
  }
  return seen
}

/** What a file other than source is called in test code: its path, its folder, and for fixtures the first folder. */
function namesOf(file) {
  const parts = file.split('/')
  const names = [file, parts.slice(0, -1).join('/')]
  if (parts[0] === 'fixtures' && parts.length > 2) names.push(`fixtures/${parts[1]}`, `'${parts[1]}'`, `"${parts[1]}"`)
  if (parts[0] === 'docs' || parts.length === 1) names.push(parts[parts.length - 1])
  return names.filter((n) => n.length > 2)
}

/**
 * The test files (from `all`) that the changes since main reach, and one line that says what was found.
 * Throws when git cannot say (not a clone, no such base), with git's own words.
 */
export async function changedTestFiles(root, all) {
  const base = process.env['TFGRAPH_TEST_BASE'] || 'main'
  const {mergeBase, files} = changedFiles(root, base)
  const head = `${files.length} file${files.length === 1 ? '' : 's'} changed since ${base} (${mergeBase.slice(0, 7)})`
  if (!files.length) return {files: [], reason: `${head}: no test to run`}
  const broad = files.find((f) => EVERYTHING.some((re) => re.test(f)))
  if (broad) return {files: all, reason: `${head}; ${broad} changed: every test file`}
  const deps = await importGraph(root)
  const reaches = new Map(all.map((t) => [t, reach(deps, t)]))
  const texts = new Map()
  const textOf = (m) => {
    if (!texts.has(m)) texts.set(m, m.startsWith('test/') && existsSync(path.join(root, m)) ? readFileSync(path.join(root, m), 'utf8') : '')
    return texts.get(m)
  }
  const picked = new Set()
  const unreached = []
  for (const f of files) {
    const before = picked.size
    let hit = false
    if (SOURCE.test(f)) {
      for (const [t, r] of reaches) if (r.has(f)) ((hit = true), picked.add(t))
    }
    if (!hit) {
      const names = namesOf(f)
      for (const [t, r] of reaches)
        if ([...r].some((m) => m.startsWith('test/') && names.some((n) => textOf(m).includes(n)))) ((hit = true), picked.add(t))
    }
    if (!hit && picked.size === before) unreached.push(f)
  }
  const chosen = all.filter((t) => picked.has(t))
  const none = unreached.length ? `; reached by no test: ${unreached.join(', ')}` : ''
  return {files: chosen, reason: `${head}: ${chosen.length} test file${chosen.length === 1 ? '' : 's'} reach them${none}`}
}
