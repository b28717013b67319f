// Issue #54 item 3: Ctrl-C during `lint --recursive --fix`. While files are written the interrupt stops
// the writing before the next file, never within one (each file is written through a temporary file and
// a rename): the run says how many files were written and names those not reached, exit 130, no
// temporary file left. An interrupt before any file is written says so. The interrupt is a real SIGINT
// the CLI sends itself at a given moment (TFGRAPH_TEST_INTERRUPT: `fixing`, `writes:N`), so the moment
// is the same on every machine.
import {spawnSync} from 'node:child_process'
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {repoRoot} from '../helpers/paths.js'

const BEFORE = 'locals {\n  a = "${var.x}"\n}\n\nvariable "x" {\n  type = string\n}\n'
const AFTER = 'locals {\n  a = var.x\n}\n\nvariable "x" {\n  type = string\n}\n'
const ROOTS = 30

function tree(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'tfgraph-interrupt-'))
  for (let i = 0; i < ROOTS; i++) {
    const r = path.join(d, 'roots', `r${String(i).padStart(2, '0')}`)
    mkdirSync(r, {recursive: true})
    writeFileSync(path.join(r, 'main.tf'), BEFORE)
  }
  return d
}

function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {...process.env, NO_COLOR: '1', TFGRAPH_NO_CACHE: '1', ...extra}
}

const args = [path.join(repoRoot, 'bin/run.cjs'), 'lint', 'roots', '--recursive', '--fix', '--only', 'deprecated-interpolation']

test('Ctrl-C while files are written: the files written are whole, the rest untouched and named, exit 130', () => {
  const d = tree()
  try {
    const r = spawnSync(process.execPath, args, {cwd: d, encoding: 'utf8', env: env({TFGRAPH_TEST_INTERRUPT: 'writes:3'})})
    assert.is(r.status, 130, r.stderr)
    assert.is(r.stdout, '')
    const m = /^Interrupted: (\d+) files written \(each whole\), (\d+) files not reached and left as they were: (.*)\n$/.exec(r.stderr)
    assert.ok(m, r.stderr)
    const [written, notReached] = [Number(m![1]), Number(m![2])]
    assert.ok(written >= 3 && notReached > 0, r.stderr)
    assert.is(written + notReached, ROOTS)
    const names = m![3]!.split(', ')
    assert.is(names.length, notReached)
    for (const n of names) {
      assert.match(n, /^roots\/r\d\d\/main\.tf$/)
      assert.is(readFileSync(path.join(d, n), 'utf8'), BEFORE, n)
    }
    // every file is the original or the whole fix; no temporary file left beside them
    let fixed = 0
    for (const r of readdirSync(path.join(d, 'roots'))) {
      assert.equal(readdirSync(path.join(d, 'roots', r)), ['main.tf'])
      const text = readFileSync(path.join(d, 'roots', r, 'main.tf'), 'utf8')
      assert.ok(text === BEFORE || text === AFTER, text)
      if (text === AFTER) fixed++
    }
    assert.is(fixed, written)
    // the files are written in name order: those not reached are the last ones
    assert.equal(names, [...names].sort())
    assert.is(names[0], `roots/r${String(written).padStart(2, '0')}/main.tf`)
  } finally {
    rmSync(d, {recursive: true, force: true})
  }
})

test('Ctrl-C before any file is written: says nothing was changed, exit 130', () => {
  const d = tree()
  try {
    const r = spawnSync(process.execPath, args, {cwd: d, encoding: 'utf8', env: env({TFGRAPH_TEST_INTERRUPT: 'fixing'})})
    assert.is(r.status, 130, r.stderr)
    assert.is(r.stderr, 'Interrupted before any file was written: nothing was changed\n')
    assert.is(r.stdout, '')
    for (const n of readdirSync(path.join(d, 'roots'))) assert.is(readFileSync(path.join(d, 'roots', n, 'main.tf'), 'utf8'), BEFORE)
  } finally {
    rmSync(d, {recursive: true, force: true})
  }
})

test.run()
