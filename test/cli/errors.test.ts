// Exit codes CI can trust: a usage error is exit 1 (never 2, which means findings) with one line naming
// the problem and the valid choices, then one line pointing at --help; a filter that matches nothing is
// a one-line error with a "did you mean"; -o into a directory that is not there is one line;
// .tfgraph.json mistakes are one line each, FILE:LINE:COL first.
import {cpSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {describeCliError} from '../../src/cli/cli-errors.js'
import {didYouMean} from '../../src/diag/name-suggestion.js'
import {runCli, runCliProcess} from '../helpers/cli.js'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

// Most command lines run in this process as bin/run.cjs runs them (test/helpers/cli.ts; the same output and
// exit code, test/cli/in-process.test.ts); the first of each kind runs as a process of its own too, and
// must give the same (`real`), so that the exit code CI sees is checked on the process itself.
const run = (args: readonly string[], cwd = repoRoot) => runCli(args, {cwd})
async function real(args: readonly string[], cwd = repoRoot) {
  const r = runCliProcess(args, {cwd})
  assert.equal(await run(args, cwd), r, `tfgraph ${args.join(' ')}: the same in this process as in a process of its own`)
  return r
}

const demo = 'fixtures/providers/demo'
const STACK = /\n\s+at .+:\d+:\d+/

// [command line, the first line of stderr, the command its --help pointer names]
const USAGE: [string[], string, string][] = [
  [['lint', demo, '--format', 'nonsense'], 'Error: --format must be one of text, json, sarif, compact (got "nonsense")', 'lint'],
  [['lint', demo, '--format'], 'Error: --format needs a value: one of text, json, sarif, compact', 'lint'],
  [['lint', demo, '--max-warnings', 'abc'], 'Error: --max-warnings expects a whole number (got "abc")', 'lint'],
  [['lint', demo, '--max-warnings', '-1'], 'Error: --max-warnings expects a whole number ≥ 0 (got "-1")', 'lint'],
  [['lint', demo, '--max-warnings'], 'Error: --max-warnings needs a value', 'lint'],
  [['lint', demo, '--formt', 'json'], 'Error: unknown flag --formt (did you mean --format?)', 'lint'],
  [['lint', demo, '--format=json', '--format=text'], 'Error: --format can be given only once', 'lint'],
  [['lint', demo, '--recursive=yes'], 'Error: --recursive takes no value (got "--recursive=yes")', 'lint'],
  [['lint', demo, '--jobs', '0'], 'Error: --jobs expects a whole number ≥ 1 (got "0")', 'lint'],
  [['config', demo, '--engine', 'tf'], 'Error: --engine must be one of terraform, opentofu (got "tf")', 'config'],
  [['providers', demo, 'extra'], 'Error: unexpected argument "extra": tfgraph providers takes 1 argument, DIR', 'providers'],
  [['graph', demo, '--depth', '-1'], 'Error: --depth expects a whole number ≥ 0 (got "-1")', 'graph'],
  [['graph', demo, '--type', 'everything'], 'Error: --type must be one of modules, providers, resources (got "everything")', 'graph'],
  [['lock', demo, '--platforms'], 'Error: --platforms needs a value', 'lock'],
  [['lock', 'diff', '--nope'], 'Error: unknown flag --nope', 'lock diff'],
  [['lock', 'diff', 'a', 'b', 'c'], 'Error: unexpected argument "c": tfgraph lock diff takes 2 arguments, OLD NEW', 'lock diff'],
  // missing arguments: the command's own check, said the same way
  [['lock', 'diff', 'only-one.hcl'], 'Error: give two lock files (OLD NEW), or --git REV [FILE]', 'lock diff'],
  [
    ['lock', 'diff', '--git', 'HEAD', 'a.hcl', 'b.hcl'],
    'Error: with --git give one lock file, not two (it is compared with its version at HEAD)',
    'lock diff',
  ],
]

for (const [i, [args, line, command]] of USAGE.entries()) {
  test(`usage error: tfgraph ${args.join(' ')} → exit 1, two lines`, async () => {
    const r = i === 0 ? await real(args) : await run(args)
    assert.is(r.code, 1, r.stderr)
    assert.is(r.stdout, '')
    assert.is(r.stderr, `${line}\nSee "tfgraph ${command} --help".\n`)
  })
}

test('unknown command or flag before a command: exit 1, did you mean, the commands', async () => {
  const all = 'commands: config, graph, lint, lock, lock diff, lsp, providers, providers diff'
  const cases: [string[], string][] = [
    [['lnt', '.'], `Error: unknown command "lnt" (did you mean "lint"?); ${all}`],
    [['lok'], `Error: unknown command "lok" (did you mean "lock"?); ${all}`],
    [['frobnicate'], `Error: unknown command "frobnicate"; ${all}`],
    [['help', 'grph'], `Error: unknown command "grph" (did you mean "graph"?); ${all}`],
    [
      ['--nope'],
      `Error: unknown flag --nope (flags come after the command: config, graph, lint, lock, lock diff, lsp, providers, providers diff)`,
    ],
  ]
  for (const [i, [args, line]] of cases.entries()) {
    const r = i === 0 ? await real(args) : await run(args)
    assert.is(r.code, 1, args.join(' '))
    assert.is(r.stderr, `${line}\nSee "tfgraph --help".\n`)
  }
})

test('help and version still work (exit 0); `tfgraph help lint` is `tfgraph lint --help`', async () => {
  for (const [i, args] of [['--help'], ['--version'], ['lint', '--help'], ['lock', 'diff', '--help'], ['help', 'lint']].entries()) {
    const r = i === 0 ? await real(args) : await run(args)
    assert.is(r.code, 0, args.join(' '))
    assert.ok(r.stdout.length > 0)
  }
  assert.is((await run(['help', 'lint'])).stdout, (await run(['lint', '--help'])).stdout)
})

test('filters that match nothing: one line, exit 1, with did you mean', async () => {
  const cases: [string[], string][] = [
    [
      ['providers', demo, '--module', 'module.netwrk'],
      'Error: --module module.netwrk: no such module call in this configuration (did you mean module.network?)',
    ],
    [
      ['providers', demo, '--resource', 'aws_s3_bucket.log'],
      'Error: --resource aws_s3_bucket.log: no resource has this address (did you mean aws_s3_bucket.logs?); a trailing * matches a prefix',
    ],
    // the same type and name in another module
    [
      ['providers', demo, '--resource', 'module.network.aws_subnet.private'],
      'Error: --resource module.network.aws_subnet.private: no resource has this address (did you mean module.network.module.subnet.aws_subnet.private?); a trailing * matches a prefix',
    ],
    [
      ['providers', demo, '--provider', 'hashicorp/awz'],
      'Error: --provider hashicorp/awz: no resource uses this provider (did you mean hashicorp/aws?); providers used: registry.terraform.io/hashicorp/aws, registry.terraform.io/hashicorp/random',
    ],
    [
      ['lint', demo, '--only', 'terrafrom'],
      'Error: unknown rule id terrafrom (did you mean terraform?); "tfgraph lint --list-rules" lists them',
    ],
    [
      ['lint', demo, '--disable', 'legacy-module-provdier,nothing-like-it'],
      'Error: unknown rule ids legacy-module-provdier, nothing-like-it (did you mean legacy-module-provider?); "tfgraph lint --list-rules" lists them',
    ],
    [
      ['graph', demo, '--focus', 'module.netwrk'],
      'Error: The modules graph has no node with the address module.netwrk. Did you mean module.network?',
    ],
    [['graph', demo, '--module', 'module.netwrk'], 'Error: The graph has no module module.netwrk. Did you mean module.network?'],
  ]
  for (const [i, [args, line]] of cases.entries()) {
    const r = i === 0 ? await real(args) : await run(args)
    assert.is(r.code, 1, `${args.join(' ')}: ${r.stderr}`)
    assert.is(r.stdout, '')
    assert.is(r.stderr, `${line}\n`)
  }
  assert.is((await run(['providers', demo, '--resource', 'module.network.*'])).code, 0, 'a prefix that matches is fine')
})

test('-o into a directory that is not there, or under a file: one line, exit 1', async () => {
  const o = await real(['graph', demo, '-o', 'no-such-dir/g.dot'])
  assert.is(o.code, 1)
  assert.is(o.stderr, 'Error: cannot write no-such-dir/g.dot: the directory no-such-dir does not exist\n')
  const nested = await run(['graph', demo, '-o', 'no-such-dir/sub/g.svg'])
  assert.is(nested.stderr, 'Error: cannot write no-such-dir/sub/g.svg: the directory no-such-dir does not exist\n')
  const underFile = await run(['graph', demo, '-o', `${demo}/main.tf/g.dot`])
  assert.is(underFile.code, 1)
  assert.is(underFile.stderr, `Error: cannot write ${demo}/main.tf/g.dot: ${demo}/main.tf is a file, not a directory\n`)
})

test('a file where a directory is expected: one line, exit 1', async () => {
  const f = await run(['lint', `${demo}/main.tf`])
  assert.is(f.code, 1)
  assert.is(f.stderr, `Error: ${demo}/main.tf is a file; pass its directory (${demo})\n`)
})

test('providers on a root whose only file does not parse: the error alone, no empty tree on stdout', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-broken-'))
  try {
    writeFileSync(path.join(dir, 'main.tf'), 'resource "x" {\n')
    const r = await real(['providers', '--no-cache', '.'], dir)
    assert.is(r.code, 1)
    assert.is(r.stdout, '')
    assert.match(r.stderr, 'Error: Unclosed configuration block')
    assert.match(r.stderr, 'on main.tf:1,14-15:')
    // one readable file beside the broken one: the tree is shown
    writeFileSync(path.join(dir, 'ok.tf'), 'resource "null_resource" "a" {}\n')
    const partial = await run(['providers', '--no-cache', '.'], dir)
    assert.match(partial.stdout, 'null_resource.a')
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('`tfgraph lock dif`: the missing directory is close to the subcommand diff, so that is suggested', async () => {
  const typo = await run(['lock', 'dif'])
  assert.is(typo.code, 1)
  assert.is(typo.stderr, 'Error: Failed to read module directory: dif does not exist (did you mean the subcommand "diff"?)\n')
  assert.is((await run(['lock', 'nothere'])).stderr, 'Error: Failed to read module directory: nothere does not exist\n')
})

test('.tfgraph.json: unknown rule ids, keys and settings with a suggestion; syntax errors with line and column; a finding of the root (exit 2); a broken --config file is exit 1', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-cfg-'))
  // the first run, a finding's exit 2, as a process of its own too
  let first = true
  const lint = (config: string, ...args: string[]) => {
    writeFileSync(path.join(dir, '.tfgraph.json'), config)
    const once = first
    first = false
    return once ? real(['lint', '.', ...args], dir) : run(['lint', '.', ...args], dir)
  }
  try {
    cpSync(path.join(fixturesDir, 'providers/legacy'), dir, {recursive: true})
    const cases: [string, string][] = [
      [
        '{\n  "rules": {"legacy-module-provdier": "off"},\n  "max_warning": 3\n}\n',
        'Error: .tfgraph.json:2:13: Unknown rule id "legacy-module-provdier" (did you mean "legacy-module-provider"?); "tfgraph lint --list-rules" lists the rules.\n' +
          'Error: .tfgraph.json:3:3: Unknown key "max_warning" (did you mean "max_warnings"?); the keys are "rules" and "max_warnings".\n',
      ],
      [
        '{"rules": {"terraform": "warn"}}',
        'Error: .tfgraph.json:1:25: Rule "terraform" must be "off", "warning", "error", true or false (got "warn"; did you mean "warning"?).\n',
      ],
      ['{"max_warnings": -1}', 'Error: .tfgraph.json:1:18: "max_warnings" must be a whole number ≥ 0.\n'],
      ['{\n  "rules": {\n    "terraform": "off",\n  }\n}\n', 'Error: .tfgraph.json:3:23: Trailing comma: JSON allows none.\n'],
      ['{\n  "rules": {\n    "terraform": "off"\n', "Error: .tfgraph.json:4:1: '}' expected.\n"],
      ['{"rules" {}}', "Error: .tfgraph.json:1:10: ':' expected after the property name.\n"],
      [
        '{"rules": {"terraform": of}}',
        'Error: .tfgraph.json:1:25: Unexpected "of" (a value is a "string", a number, true, false, null, {…} or […]).\n',
      ],
      ['// no\n{}', 'Error: .tfgraph.json:1:1: Comments are not allowed in JSON.\n'],
      ['', 'Error: .tfgraph.json:1:1: The file is empty; it must hold a JSON object ({"rules": {…}, "max_warnings": N}).\n'],
      ['[]', 'Error: .tfgraph.json:1:1: The file must hold a JSON object ({"rules": {…}, "max_warnings": N}).\n'],
    ]
    // the root's own file: its problems are the root's findings (rule lint-config), the root is not linted
    for (const [config, lines] of cases) {
      const compact = await lint(config, '--format', 'compact')
      assert.is(compact.code, 2, `${config} (compact)`)
      assert.is(compact.stderr, '')
      const expected = lines
        .trimEnd()
        .split('\n')
        .map((l) => {
          const [, at, message] = /^Error: (\.tfgraph\.json:\d+:\d+): (.*)$/.exec(l)!
          return `${at}: error: Invalid configuration file [lint-config] — ${message!.replace(/\.$/, '')}\n`
        })
        .join('')
      assert.is(compact.stdout, expected)
      const text = await lint(config)
      assert.is(text.code, 2)
      assert.match(text.stdout, /^Error: Invalid configuration file {2}\[lint-config\]\n\n {2}on \.tfgraph\.json:\d+,\d+-\d+:\n/)
      const json = JSON.parse((await lint(config, '--format', 'json')).stdout) as {diagnostics: {rule: string}[]}
      assert.ok(json.diagnostics.length > 0 && json.diagnostics.every((d) => d.rule === 'lint-config'))
    }
    // --config FILE: a usage error, one line per problem, nothing linted
    writeFileSync(path.join(dir, 'other.json'), '{"rulez": {}}')
    const other = await run(['lint', '.', '--config', 'other.json'], dir)
    assert.is(other.code, 1)
    assert.is(other.stdout, '')
    assert.is(
      other.stderr,
      'Error: other.json:1:2: Unknown key "rulez" (did you mean "rules"?); the keys are "rules" and "max_warnings".\n',
    )
    assert.is(
      (await run(['lint', '.', '--config', 'missing.json'], dir)).stderr,
      'Error: missing.json: the lint configuration file does not exist.\n',
    )
    assert.is(
      (await lint('{"rules": {"terraform": "warning", "legacy-module-provider": false}, "max_warnings": 10}\n')).code,
      0,
      'a valid file is accepted',
    )
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('a failure inside a command is one line without a stack (exit 1)', async () => {
  const r = await real(['lock', 'diff', 'nope.hcl', 'nope2.hcl'])
  assert.is(r.code, 1)
  assert.is(r.stderr, 'Error: cannot read the lock file: nope.hcl does not exist\n')
  assert.not.match(r.stderr, STACK)
  assert.is(r.stderr.trim().split('\n').length, 1, r.stderr)
})

test('describeCliError: a command exit keeps its code and prints nothing; an unexpected failure is one line without a stack', () => {
  const exit = Object.assign(new Error('EEXIT: 2'), {code: 'EEXIT', oclif: {exit: 2}})
  assert.equal(
    describeCliError(exit, ['lint'], ['lint'], () => undefined),
    {text: '', exitCode: 2},
  )
  const bug = describeCliError(new TypeError('x is not a function'), ['lint'], ['lint'], () => undefined)
  assert.is(bug.exitCode, 1)
  assert.match(bug.text, /^Error: x is not a function\nThis is a bug in tfgraph/)
  assert.not.match(bug.text, STACK)
})

test('didYouMean: the closest candidate within distance 2, else nothing', () => {
  assert.is(didYouMean('lok', ['lint', 'lock']), 'lock')
  assert.is(didYouMean('module.ab', ['module.abcd', 'module.abc']), 'module.abc')
  assert.is(didYouMean('frobnicate', ['lint', 'lock']), undefined)
  assert.is(didYouMean('warn', ['off', 'warning', 'error']), 'warning', 'the one candidate it begins')
  assert.is(didYouMean('module.net', ['module.network', 'module.netbox']), undefined, 'two candidates begin with it')
})

test.run()
