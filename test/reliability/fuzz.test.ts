// The short fuzz run of `npm test` (issue #8): a fixed seed, a few hundred cases through every command
// in-process, one mutated tree through the real CLI, and the regression fixtures of fixtures/reliability.
// The runner is a child process so that a crash or a hang of the code under test fails this test (with
// the case named) instead of taking the suite down. `npm run fuzz` is the long run (random seed, ≥ 10,000).
import {spawnSync} from 'node:child_process'
import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {fixturesDir, repoRoot, tsProcessArgs} from '../helpers/paths.js'
import {runAll} from './trees.js'

const RUNNER = path.join(repoRoot, 'test/reliability/fuzz-runner.ts')

interface Event {
  readonly event: string
  readonly case?: number
  readonly cases?: number
  readonly failures?: number
  readonly mutations?: readonly string[]
  readonly violations?: readonly {command: string; property: string; detail: string}[]
}

function fuzz(args: readonly string[], timeoutMs: number): {events: Event[]; status: number | null; crash: string} {
  const work = mkdtempSync(path.join(tmpdir(), 'tfgraph-fuzz-test-'))
  const progress = path.join(work, 'progress.json')
  try {
    const r = spawnSync(process.execPath, ['--max-old-space-size=2048', ...tsProcessArgs(RUNNER), ...args, '--progress', progress], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: timeoutMs,
      maxBuffer: 64 * 1024 * 1024,
    })
    const events = r.stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Event)
    let crash = ''
    if (!events.some((e) => e.event === 'done')) {
      let at = '(no case started)'
      try {
        at = readFileSync(progress, 'utf8')
      } catch {
        // nothing written yet
      }
      crash = `the fuzz runner stopped (status ${r.status}, signal ${r.signal}${r.error ? `, ${r.error.message}` : ''}) during ${at}\n${(r.stderr ?? '').slice(-3000)}`
    }
    return {events, status: r.status, crash}
  } finally {
    rmSync(work, {recursive: true, force: true})
  }
}

function failures(events: readonly Event[]): string {
  return events
    .filter((e) => e.event === 'failure')
    .map(
      (e) =>
        `case ${e.case}: ${(e.mutations ?? []).join('; ')}\n${(e.violations ?? []).map((v) => `  ${v.command}: ${v.property}: ${v.detail.slice(0, 600)}`).join('\n')}`,
    )
    .join('\n\n')
}

test('fuzz: 200 fixed-seed mutations of the fixtures, every command in-process, no property violated', () => {
  const r = fuzz(['--seed', '20261122', '--runs', '200', '--scale', 'quick'], 300_000)
  assert.is(r.crash, '')
  assert.is(failures(r.events), '')
  const done = r.events.find((e) => e.event === 'done')
  assert.is(done?.cases, 200)
  assert.is(r.status, 0)
})

test('fuzz: a mutated tree through the real CLI, every command: exit 0, 1 or 2, no stack trace, terminal-safe text', () => {
  const r = fuzz(['--seed', '8', '--runs', '1', '--scale', 'quick', '--cli-every', '1', '--cli-lists', '1'], 120_000)
  assert.is(r.crash, '')
  assert.is(failures(r.events), '')
  assert.is(r.events.find((e) => e.event === 'done')?.cases, 1)
})

test('regression fixtures (fixtures/reliability): every command keeps every property', async () => {
  const dir = path.join(fixturesDir, 'reliability')
  const cases = readdirSync(dir, {withFileTypes: true}).filter((e) => e.isDirectory())
  assert.ok(cases.length > 0)
  for (const c of cases) {
    const r = await runAll(path.join(dir, c.name))
    assert.equal(r.violations, [], `${c.name}: ${JSON.stringify(r.violations, null, 2)}`)
    const expected = JSON.parse(readFileSync(path.join(dir, c.name, 'expected.json'), 'utf8')) as Record<
      string,
      {exit: number; diagnostics: string[]}
    >
    for (const [command, want] of Object.entries(expected)) {
      const o = r.outcomes.get(command)
      assert.is(o?.exitCode, want.exit, `${c.name} ${command} exit code`)
      const got = (o?.diagnostics ?? []).map(
        (d) => `${d.severity} ${d.summary} @ ${d.range ? `${d.range.filename}:${d.range.start.line}:${d.range.start.column}` : '-'}`,
      )
      for (const w of want.diagnostics) assert.ok(got.includes(w), `${c.name} ${command}: expected ${w} in\n${got.join('\n')}`)
    }
  }
})

test.run()
