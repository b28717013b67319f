// Every example of every command's --help runs and succeeds: the exit code written down for it below
// (0, or 2 where the example shows findings) — never 1 (the tool could not do what was asked), never a
// stack trace. The command lines are the ones --help prints (from the built command classes, templates
// filled in), split as a shell would. Each runs in a scratch directory of its own, so files it writes
// (-o, `> FILE`) land there: a copy of the fixture the example is about when it names `.` or nothing,
// else a directory where `fixtures` points at the repository's fixtures (and names like `infra` at one);
// nothing is written into the clone (checked for each example that writes a file).
import {spawnSync} from 'node:child_process'
import {cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {pathToFileURL} from 'node:url'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {runCli, runCliChecked} from '../helpers/cli.js'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

interface Example {
  readonly description: string
  readonly command: string
}
interface CommandClass {
  readonly examples?: readonly (string | Example)[]
}

/** Where and how an example runs, and the exit code it must end with. */
interface Setup {
  readonly exit: 0 | 2
  /** A fixture (under fixtures/) copied into the scratch directory to be the working directory. */
  readonly cwd?: string
  /** Names in the working directory that point at fixtures (`infra` → fixtures/providers). */
  readonly links?: Readonly<Record<string, string>>
  /** HOME, for `~`: paths under it that point at fixtures. */
  readonly home?: Readonly<Record<string, string>>
  /** The working directory is a git repository on branch main with `committed` (a file or a directory) as `file`, then `working` copied over it. */
  readonly git?: {readonly file: string; readonly committed: string; readonly working: string}
  /** What the example reads on stdin (the language server: a client that asks it to shut down and exit). */
  readonly input?: string
}

/** JSON-RPC messages framed as the Language Server Protocol sends them. */
const frames = (...messages: object[]): string =>
  messages
    .map((m) => JSON.stringify(m))
    .map((b) => `Content-Length: ${Buffer.byteLength(b)}\r\n\r\n${b}`)
    .join('')

// Every example, explicitly: a new example fails the first test until it is written down here.
const SETUP: Readonly<Record<string, Setup>> = {
  'tfgraph config': {cwd: 'load/override-resource', exit: 0},
  'tfgraph config fixtures/load/override-resource --json': {exit: 0},
  'tfgraph config infra --engine opentofu': {links: {infra: 'load/tofu-shadowing'}, exit: 0},

  'tfgraph graph fixtures/providers/demo -o modules.svg': {exit: 0},
  'tfgraph graph fixtures/providers/demo --type providers -o graph.html': {exit: 0},
  'tfgraph graph fixtures/providers/demo --type providers': {exit: 0},
  // the state's errors (configurations it needs that are gone) make the exit code 2, as for any graph with errors
  'tfgraph graph fixtures/state/removed-alias/v2 --type providers --state fixtures/state/removed-alias/terraform.tfstate -o state.svg': {
    exit: 2,
  },
  'tfgraph graph . --type resources --format mermaid': {cwd: 'graph/platform', exit: 0},
  'tfgraph graph fixtures/graph/platform --depth 1 -o top.svg': {exit: 0},
  'tfgraph graph fixtures/graph/platform --type providers --focus module.network --depth 2 --collapse': {exit: 0},
  "tfgraph graph fixtures/graph/platform --module module.network --exclude 'module.*test*' --format json -o graph.json": {exit: 0},

  // the legacy fixture has what the rules look for: warnings (exit 0), which --max-warnings 0 makes exit 2;
  // among the fixtures/providers roots some have errors
  'tfgraph lint': {cwd: 'providers/legacy', exit: 0},
  'tfgraph lint infra --recursive --format sarif > tfgraph.sarif': {links: {infra: 'providers'}, exit: 2},
  'tfgraph lint infra --recursive --format compact': {links: {infra: 'providers'}, exit: 2},
  'tfgraph graph fixtures/graph/platform --type providers -o graph.html': {exit: 0},
  'tfgraph lint --help': {exit: 0},
  'tfgraph lint . --format compact': {cwd: 'providers/legacy', exit: 0},
  'tfgraph lint . --only legacy-module-provider,terraform --max-warnings 0': {cwd: 'providers/legacy', exit: 2},
  'tfgraph lint --list-rules': {exit: 0},
  'tfgraph lint fixtures/state/removed-alias/v2 --state fixtures/state/removed-alias/terraform.tfstate': {exit: 2},
  // --fix writes: into a copy of the fixture, never the repository's
  'tfgraph lint . --recursive --fix': {cwd: 'fix', exit: 0},
  'tfgraph lint . --fix --diff': {cwd: 'fix/demo', exit: 0},

  'tfgraph lock fixtures/lock/statuses': {exit: 2},
  'tfgraph lock fixtures/lock/statuses --state fixtures/state/lock-unused/terraform.tfstate': {exit: 2},

  'tfgraph lsp --stdio': {
    cwd: 'providers/demo',
    exit: 0,
    input: frames(
      {jsonrpc: '2.0', id: 1, method: 'initialize', params: {processId: null, rootUri: null, capabilities: {}}},
      {jsonrpc: '2.0', id: 2, method: 'shutdown'},
      {jsonrpc: '2.0', method: 'exit'},
    ),
  },
  'tfgraph lock . --verify --plugin-dir ~/.terraform.d/plugins': {
    cwd: 'lock/verify',
    home: {'.terraform.d/plugins': 'lock/verify/mirror'},
    exit: 2,
  },
  'tfgraph lock . --platforms linux_amd64,darwin_arm64': {cwd: 'lock/statuses', exit: 2},

  'tfgraph lock diff fixtures/lock/diff/mixed/old.terraform.lock.hcl fixtures/lock/diff/mixed/new.terraform.lock.hcl': {exit: 0},
  'tfgraph lock diff --git main': {
    git: {
      file: '.terraform.lock.hcl',
      committed: 'lock/diff/mixed/old.terraform.lock.hcl',
      working: 'lock/diff/mixed/new.terraform.lock.hcl',
    },
    exit: 0,
  },

  'tfgraph providers diff fixtures/providers-diff/rebound/old fixtures/providers-diff/rebound/new': {exit: 2},
  'tfgraph providers diff fixtures/state/removed-alias/v1 fixtures/state/removed-alias/v2 --state fixtures/state/removed-alias/terraform.tfstate':
    {exit: 2},
  'tfgraph providers diff infra --git main --format markdown': {
    git: {file: 'infra', committed: 'providers-diff/rebound/old', working: 'providers-diff/rebound/new'},
    exit: 2,
  },
  'tfgraph providers diff infra --git main --fail-on removed-with-config': {
    git: {file: 'infra', committed: 'providers-diff/removed/old', working: 'providers-diff/removed/new'},
    exit: 2,
  },
  'tfgraph providers . --plan plan.json': {cwd: 'plans/regions', exit: 0},
  // a state whose objects need provider configurations the configuration removed: terraform plan's errors (exit 2)
  'tfgraph providers fixtures/state/removed-alias/v2 --state fixtures/state/removed-alias/terraform.tfstate': {exit: 2},
  'tfgraph providers fixtures/providers/demo': {exit: 0},
  'tfgraph providers fixtures/providers/demo --resource module.network.module.subnet.aws_subnet.private': {exit: 0},
  'tfgraph providers . --module module.network --provider hashicorp/aws': {cwd: 'providers/demo', exit: 0},
  'tfgraph providers . --requirements': {cwd: 'providers/demo', exit: 0},
  'tfgraph providers . --json': {cwd: 'providers/demo', exit: 0},
  'tfgraph providers . --tests': {cwd: 'tests/mock-providers', exit: 0},
}

const entry = (await import(pathToFileURL(path.join(repoRoot, 'dist/cli/entry.js')).href)) as {COMMANDS: Record<string, CommandClass>}

const rootHelp = (await import(pathToFileURL(path.join(repoRoot, 'dist/cli/root-help.js')).href)) as {
  ROOT_EXAMPLES: readonly (readonly [string, string])[]
}

const examples = [
  ...Object.entries(entry.COMMANDS).flatMap(([id, c]) =>
    (c.examples ?? []).map((e) => {
      const ex = typeof e === 'string' ? {description: '', command: e} : e
      return {id, line: ex.command.replaceAll('<%= config.bin %>', 'tfgraph').replaceAll('<%= command.id %>', id.split(':').join(' '))}
    }),
  ),
  // tfgraph --help
  ...rootHelp.ROOT_EXAMPLES.map(([, line]) => ({id: '(root)', line})),
]

/** Splits a command line as a shell would for these examples: words, '…' and "…" quoting, `~/`, `> FILE`. */
function shellWords(line: string, home: string): {argv: string[]; redirect?: string} {
  const out: string[] = []
  const re = /'([^']*)'|"([^"]*)"|(\S+)/g
  for (let m = re.exec(line); m; m = re.exec(line)) out.push(m[1] ?? m[2] ?? (m[3] ?? '').replace(/^~(?=\/|$)/, home))
  const i = out.indexOf('>')
  return i >= 0 ? {argv: out.slice(0, i), redirect: out[i + 1]} : {argv: out}
}

test('shellWords: quotes, ~ and redirection', () => {
  assert.equal(shellWords(`tfgraph graph . --exclude 'module.*test*' -o "a b.json"`, '/h'), {
    argv: ['tfgraph', 'graph', '.', '--exclude', 'module.*test*', '-o', 'a b.json'],
  })
  assert.equal(shellWords('tfgraph lock --plugin-dir ~/.terraform.d/plugins > out.txt', '/h'), {
    argv: ['tfgraph', 'lock', '--plugin-dir', '/h/.terraform.d/plugins'],
    redirect: 'out.txt',
  })
})

test('every command has examples, and every example is written down here (and only those)', () => {
  assert.equal(
    Object.keys(entry.COMMANDS).filter((id) => (entry.COMMANDS[id]?.examples ?? []).length === 0),
    [],
  )
  const lines = examples.map((e) => e.line)
  assert.equal(
    lines.filter((l) => !(l in SETUP)),
    [],
    'examples without a setup',
  )
  assert.equal(
    Object.keys(SETUP).filter((l) => !lines.includes(l)),
    [],
    'setups without an example',
  )
})

const scratchRoot = mkdtempSync(path.join(tmpdir(), 'tfgraph-examples-'))
const git = (cwd: string, ...args: string[]) =>
  spawnSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
    },
  })

examples.forEach((ex, n) => {
  const setup = SETUP[ex.line]
  if (!setup) return
  test(`${ex.id}: ${ex.line} → exit ${setup.exit}`, async () => {
    const scratch = path.join(scratchRoot, String(n))
    const home = path.join(scratch, 'home')
    const cwd = path.join(scratch, 'cwd')
    mkdirSync(home, {recursive: true})
    if (setup.cwd) cpSync(path.join(fixturesDir, setup.cwd), cwd, {recursive: true})
    else mkdirSync(cwd)
    if (!existsSync(path.join(cwd, 'fixtures'))) symlinkSync(fixturesDir, path.join(cwd, 'fixtures'))
    for (const [name, target] of Object.entries(setup.links ?? {})) symlinkSync(path.join(fixturesDir, target), path.join(cwd, name))
    for (const [name, target] of Object.entries(setup.home ?? {})) {
      mkdirSync(path.dirname(path.join(home, name)), {recursive: true})
      symlinkSync(path.join(fixturesDir, target), path.join(home, name))
    }
    if (setup.git) {
      const {file, committed, working} = setup.git
      assert.is(git(cwd, 'init', '-q', '-b', 'main').status, 0, 'git init')
      cpSync(path.join(fixturesDir, committed), path.join(cwd, file), {recursive: true})
      assert.is(git(cwd, 'add', file).status, 0)
      assert.is(git(cwd, 'commit', '-q', '-m', 'lock').status, 0, 'git commit')
      git(cwd, 'checkout', '-q', '-b', 'change')
      cpSync(path.join(fixturesDir, working), path.join(cwd, file), {recursive: true})
    }
    const {argv, redirect} = shellWords(ex.line, home)
    assert.is(argv[0], 'tfgraph')
    // what the example writes lands in its scratch directory, never in the clone (#54: graph.html,
    // modules.svg, top.svg and graph.json were reported left there, untracked)
    const named = argv.includes('-o') ? argv[argv.indexOf('-o') + 1] : redirect
    const inClone = named === undefined ? undefined : path.join(repoRoot, named)
    const wasInClone = inClone !== undefined && existsSync(inClone)
    // in this process as bin/run.cjs runs it (test/helpers/cli.ts; the same output and exit code,
    // test/cli/in-process.test.ts), save what reads stdin (the language server) and the first example,
    // which runs as a process of its own too and must give the same
    const r =
      setup.input === undefined
        ? await (n === 0 ? runCliChecked : runCli)(argv.slice(1), {cwd, env: {HOME: home}})
        : spawnSync(process.execPath, [path.join(repoRoot, 'bin/run.cjs'), ...argv.slice(1)], {
            cwd,
            encoding: 'utf8',
            env: {...process.env, HOME: home, NO_COLOR: '1'},
            input: setup.input,
          })
    if (redirect) writeFileSync(path.join(cwd, redirect), r.stdout)
    const status = 'status' in r ? r.status : r.code
    assert.is(status, setup.exit, `exit ${status}:\n${r.stderr}`)
    assert.not.match(r.stderr, /\n\s+at .+:\d+:\d+/, 'no stack trace')
    const written = argv.includes('-o') ? argv[argv.indexOf('-o') + 1] : redirect
    if (written) assert.ok(existsSync(path.join(cwd, written)), `${written} written`)
    if (inClone !== undefined) assert.is(existsSync(inClone), wasInClone, `${named} left in the clone`)
    else assert.ok(r.stdout.length > 0, 'it prints something')
  })
})

test.after(() => rmSync(scratchRoot, {recursive: true, force: true}))

test.run()
