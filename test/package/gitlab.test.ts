// The GitLab CI job of docs/ci.md (the YAML block after `<!-- test: gitlab -->`): parsed as YAML, and
// its script run in bash -eo pipefail as GitLab's runner does, with tfgraph from this clone on PATH (the
// `npm install` line left out), on a copy of a fixture as infra/. Checks the Code Quality report.
import {spawnSync} from 'node:child_process'
import {chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {parse} from 'yaml'
import {fixturesDir, repoRoot} from '../helpers/paths.js'

const doc = readFileSync(path.join(repoRoot, 'docs/ci.md'), 'utf8')
const block = /<!-- test: gitlab -->\n```yaml\n([\s\S]*?)\n```/.exec(doc)?.[1]

interface Issue {
  description: string
  check_name: string
  severity: string
  fingerprint: string
  location: {path: string; lines: {begin: number}}
}

test('docs/ci.md: the GitLab job writes SARIF and a Code Quality report, and fails on errors', () => {
  assert.ok(block, 'docs/ci.md has the gitlab block')
  const job = (parse(block!) as Record<string, {script: string[]; artifacts: {reports: {codequality: string}; paths: string[]}}>)[
    'tfgraph'
  ]!
  assert.is(job.artifacts.reports.codequality, 'gl-code-quality-report.json')
  const script = job.script.filter((line) => !line.startsWith('npm install')).join('\n')
  const dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-gitlab-'))
  try {
    mkdirSync(path.join(dir, 'bin'))
    writeFileSync(
      path.join(dir, 'bin/tfgraph'),
      `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(path.join(repoRoot, 'bin/run.cjs'))} "$@"\n`,
    )
    chmodSync(path.join(dir, 'bin/tfgraph'), 0o755)
    const work = path.join(dir, 'work')
    cpSync(path.join(fixturesDir, 'lint/ignore-and-config'), path.join(work, 'infra'), {recursive: true})
    const r = spawnSync('bash', ['-eo', 'pipefail', '-c', script], {
      cwd: work,
      encoding: 'utf8',
      env: {...process.env, NO_COLOR: '1', PATH: `${path.join(dir, 'bin')}${path.delimiter}${process.env['PATH']}`},
    })
    assert.is(r.status, 2, r.stdout + r.stderr)
    assert.ok(existsSync(path.join(work, 'tfgraph.sarif')))
    assert.is((JSON.parse(readFileSync(path.join(work, 'tfgraph.sarif'), 'utf8')) as {version: string}).version, '2.1.0')
    const issues = JSON.parse(readFileSync(path.join(work, 'gl-code-quality-report.json'), 'utf8')) as Issue[]
    const legacy = issues.find((i) => i.check_name === 'legacy-module-provider')
    assert.ok(legacy, JSON.stringify(issues))
    assert.is(legacy!.severity, 'major')
    assert.is(legacy!.location.path, 'infra/a/main.tf')
    assert.is(legacy!.location.lines.begin, 1)
    assert.match(legacy!.fingerprint, /^[0-9a-f]{32}$/)
    assert.ok(issues.some((i) => i.severity === 'minor'))
    assert.is(new Set(issues.map((i) => i.fingerprint)).size, issues.length, 'fingerprints are unique')
    // the paths name files that exist from the repository's top, as GitLab needs
    for (const i of issues) assert.ok(existsSync(path.join(work, i.location.path)), i.location.path)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
})

test.run()
