// The GitHub Action (action.yml) and the example workflow (docs/ci/github.yml): both validated against
// SchemaStore's JSON schemas, vendored in test/package/schemas/ (no network in tests):
//   github-action.json   https://json.schemastore.org/github-action.json
//   github-workflow.json https://json.schemastore.org/github-workflow.json
// copied byte for byte from the copies embedded in the npm package @action-validator/core@0.6.0
// (published 2024-12-12; SchemaStore's schemas are Apache-2.0), on 2026-11-25.
// Then the action's main step is run here as the runner would run it (bash -eo pipefail, inputs through
// its env mapping, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files) against copies of the fixtures.
import {spawnSync} from 'node:child_process'
import {chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {Ajv} from 'ajv'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {parse} from 'yaml'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

const schemasDir = path.join(repoRoot, 'test/package/schemas')
const readYaml = (file: string) => parse(readFileSync(path.join(repoRoot, file), 'utf8')) as unknown
const validator = (schema: string) => {
  const ajv = new Ajv({allErrors: true, strict: false, validateFormats: false})
  return ajv.compile(JSON.parse(readFileSync(path.join(schemasDir, schema), 'utf8')) as object)
}

interface Step {
  id?: string
  name?: string
  uses?: string
  run?: string
  shell?: string
  if?: string
  env?: Record<string, string>
  with?: Record<string, unknown>
}
interface Action {
  inputs: Record<string, {description: string; default?: string}>
  outputs: Record<string, {value: string}>
  runs: {using: string; steps: Step[]}
}
const action = readYaml('action.yml') as Action

test('action.yml is valid against SchemaStore github-action.json', () => {
  const validate = validator('github-action.json')
  assert.ok(validate(action), JSON.stringify(validate.errors, null, 2))
  // the validator does reject a broken action
  assert.not.ok(validate({...action, runs: {...action.runs, using: 'node99'}}))
  assert.not.ok(validate({...action, inputz: {}}))
})

test('docs/ci/github.yml is valid against SchemaStore github-workflow.json, and uses the action', () => {
  const validate = validator('github-workflow.json')
  const workflow = readYaml('docs/ci/github.yml') as {jobs: Record<string, {steps: Step[]; permissions?: Record<string, string>}>}
  assert.ok(validate(workflow), JSON.stringify(validate.errors, null, 2))
  assert.not.ok(validate({...workflow, jobs: {x: {steps: []}}}), 'a job without runs-on is rejected')
  const uses = Object.values(workflow.jobs).flatMap((j) => j.steps.filter((s) => s.uses?.includes('/tfgraph@')))
  assert.equal(uses.map((s) => s.with?.['command']).sort(), ['lint', 'lock', 'providers diff'])
  for (const s of uses) for (const key of Object.keys(s.with ?? {})) assert.ok(key in action.inputs, `input ${key}`)
  assert.is(workflow.jobs['lint']?.permissions?.['security-events'], 'write')
})

test('the workflows in README.md and docs/ci.md are valid too (copy-pasteable)', () => {
  const validate = validator('github-workflow.json')
  let n = 0
  for (const file of ['README.md', 'docs/ci.md']) {
    for (const m of readFileSync(path.join(repoRoot, file), 'utf8').matchAll(/```yaml\n(# \.github\/workflows\/[\s\S]*?)\n```/g)) {
      const workflow = parse(m[1]!) as {jobs: Record<string, {steps: Step[]}>}
      assert.ok(validate(workflow), `${file}: ${JSON.stringify(validate.errors, null, 2)}`)
      for (const s of Object.values(workflow.jobs).flatMap((j) => j.steps))
        for (const key of Object.keys(s.with ?? {}))
          if (s.uses?.includes('/tfgraph@')) assert.ok(key in action.inputs, `${file}: input ${key}`)
      n++
    }
  }
  assert.is(n, 2)
})

test('action.yml: composite on Node 20, the inputs of the issue, SARIF upload for lint', () => {
  assert.is(action.runs.using, 'composite')
  for (const input of ['path', 'command', 'format', 'fail-on']) assert.ok(input in action.inputs, input)
  assert.is(action.inputs['command']?.default, 'lint')
  assert.is(action.inputs['fail-on']?.default, 'error')
  const setup = action.runs.steps.find((s) => s.uses?.startsWith('actions/setup-node@'))
  assert.is(setup?.with?.['node-version'], 20)
  const upload = action.runs.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'))
  assert.ok(upload, 'upload-sarif step')
  assert.match(upload!.if ?? '', "inputs.command == 'lint'")
  assert.match(upload!.if ?? '', 'always()')
  for (const s of action.runs.steps) if (s.run) assert.is(s.shell, 'bash')
})

// ---- the main step, run here ----
const main = action.runs.steps.find((s) => s.id === 'run')!

interface Ran {
  status: number | null
  stdout: string
  stderr: string
  outputs: Record<string, string>
  summary: string
}
/** Runs the step's script as a runner would: its env mapping evaluated (inputs with their defaults), bash -eo pipefail. */
function runStep(cwd: string, inputs: Record<string, string>, github: {action_path?: string; base_ref?: string} = {}): Ran {
  const value = (expr: string): string => {
    const [scope, name] = expr.split('.') as [string, string]
    if (scope === 'inputs') {
      if (!(name in action.inputs)) throw new Error(`unknown input ${name}`)
      return inputs[name] ?? action.inputs[name]!.default ?? ''
    }
    if (scope === 'github' && name === 'action_path') return github.action_path ?? repoRoot
    if (scope === 'github' && name === 'base_ref') return github.base_ref ?? ''
    throw new Error(`the test does not evaluate \${{ ${expr} }}`)
  }
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(main.env ?? {})) env[k] = String(v).replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, e: string) => value(e))
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-action-'))
  const outputFile = path.join(dir, 'output')
  const summaryFile = path.join(dir, 'summary')
  writeFileSync(outputFile, '')
  writeFileSync(summaryFile, '')
  try {
    const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', main.run!], {
      cwd,
      encoding: 'utf8',
      env: {...process.env, ...env, GITHUB_OUTPUT: outputFile, GITHUB_STEP_SUMMARY: summaryFile},
    })
    const outputs = Object.fromEntries(
      readFileSync(outputFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    )
    return {status: r.status, stdout: r.stdout, stderr: r.stderr, outputs, summary: readFileSync(summaryFile, 'utf8')}
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
}

function workDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-action-work-'))
  cpSync(path.join(fixturesDir, 'lint/ignore-and-config'), path.join(dir, 'bad'), {recursive: true})
  cpSync(path.join(fixturesDir, 'providers/demo'), path.join(dir, 'demo'), {recursive: true})
  cpSync(path.join(fixturesDir, 'lock/statuses'), path.join(dir, 'lock'), {recursive: true})
  return dir
}

test('the step: lint writes SARIF for the upload, prints text, and reports the exit code', () => {
  const dir = workDir()
  try {
    const r = runStep(dir, {path: 'bad'})
    assert.is(r.status, 0, r.stderr)
    assert.equal(r.outputs, {'exit-code': '2', 'sarif-file': 'tfgraph.sarif'})
    const sarif = JSON.parse(readFileSync(path.join(dir, 'tfgraph.sarif'), 'utf8')) as {
      version: string
      runs: {results: {ruleId: string}[]}[]
    }
    assert.is(sarif.version, '2.1.0')
    assert.ok(sarif.runs[0]!.results.some((x) => x.ruleId === 'legacy-module-provider'))
    assert.match(r.stdout, 'Error: Provider configured inside a shared module')
    // warnings only: passes on fail-on error, fails on fail-on warning; compact format
    const warn = runStep(dir, {path: 'demo', format: 'compact'})
    assert.is(warn.outputs['exit-code'], '0', warn.stdout + warn.stderr)
    assert.match(warn.stdout, /^demo\/network\/main\.tf:5:31: warning: /m)
    assert.is(runStep(dir, {path: 'demo', 'fail-on': 'warning'}).outputs['exit-code'], '2')
    assert.is(runStep(dir, {path: '.', recursive: 'true', 'sarif-file': 'all.sarif'}).outputs['sarif-file'], 'all.sarif')
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('the step: lock', () => {
  const dir = workDir()
  try {
    const r = runStep(dir, {command: 'lock', path: 'lock'})
    assert.equal(r.outputs, {'exit-code': '2', 'sarif-file': ''})
    assert.match(r.stdout, 'UNSATISFIED  registry.terraform.io/hashicorp/random')
    const json = runStep(dir, {command: 'lock', path: 'lock', format: 'json'})
    assert.ok(JSON.parse(json.stdout))
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('the step: providers diff calls `tfgraph providers diff DIR --git REV --format markdown` and writes the job summary', () => {
  const dir = workDir()
  // a stand-in tfgraph that records its arguments: the interface, whatever the command prints
  const stub = mkdtempSync(path.join(tmpdir(), 'tfgraph-action-stub-'))
  mkdirSync(path.join(stub, 'bin'))
  writeFileSync(
    path.join(stub, 'bin/run.cjs'),
    `const {writeFileSync} = require('node:fs')\nwriteFileSync(${JSON.stringify(path.join(stub, 'argv.json'))}, JSON.stringify(process.argv.slice(2)))\nconsole.log('| resource | before | after |\\n|---|---|---|')\n`,
  )
  chmodSync(path.join(stub, 'bin/run.cjs'), 0o755)
  const argv = () => JSON.parse(readFileSync(path.join(stub, 'argv.json'), 'utf8')) as string[]
  try {
    const r = runStep(dir, {command: 'providers diff', path: 'demo', base: 'v1.2.0'}, {action_path: stub})
    assert.is(r.status, 0, r.stderr)
    assert.equal(argv(), ['providers', 'diff', 'demo', '--git', 'v1.2.0', '--format', 'markdown'])
    assert.is(r.summary, '| resource | before | after |\n|---|---|---|\n')
    assert.match(r.stdout, '| resource |')
    assert.equal(r.outputs, {'exit-code': '0', 'sarif-file': ''})
    // text: the log only
    const text = runStep(dir, {command: 'providers diff', path: 'demo', base: 'v1.2.0', format: 'text'}, {action_path: stub})
    assert.equal(argv().slice(-2), ['--format', 'text'])
    assert.is(text.summary, '')
    // no base outside a pull request: an error that says what to do
    const noBase = runStep(dir, {command: 'providers diff'}, {action_path: stub})
    assert.is(noBase.status, 1)
    assert.match(noBase.stdout, '::error::providers diff compares with a base revision')
  } finally {
    rmSync(dir, {recursive: true, force: true})
    rmSync(stub, {recursive: true, force: true})
  }
})

test('the step: providers diff with the real command, on a git repository with a rebinding change', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-action-git-'))
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@example.com',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@example.com',
  }
  const git = (...args: string[]) => assert.is(spawnSync('git', args, {cwd: dir, env, encoding: 'utf8'}).status, 0, `git ${args.join(' ')}`)
  try {
    cpSync(path.join(fixturesDir, 'providers/demo'), path.join(dir, 'infra'), {recursive: true})
    git('init', '-q', '-b', 'main')
    git('add', '.')
    git('commit', '-q', '-m', 'base')
    const main = path.join(dir, 'infra/main.tf')
    writeFileSync(main, readFileSync(main, 'utf8').replace('aws     = aws.east', 'aws     = aws'))
    const r = runStep(dir, {command: 'providers diff', path: 'infra', base: 'HEAD', 'fail-on': 'never'})
    assert.is(r.status, 0, r.stderr)
    assert.is(r.outputs['exit-code'], '2', r.stdout + r.stderr)
    assert.match(r.summary, '| rebound | `module.network.aws_vpc.main` |')
    assert.is(r.summary, r.stdout)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test('the step: an unknown command fails with the valid ones', () => {
  const r = runStep(repoRoot, {command: 'graph'})
  assert.is(r.status, 1)
  assert.match(r.stdout, '::error::command must be lint, providers diff or lock (got "graph")')
})

test.run()
