// Issue #54 item 8: a fix that rewrites a long expression (`lookup({ six keys… }, var.x)` on a
// 250-character line) changes only what must change — `lookup(` goes, the comma becomes `[`, the closing
// parenthesis `]` — and keeps the line's layout: a one-line map stays one line, a map written over lines
// stays so. docs/rules/deprecated-lookup.md shows the same two results.
import {spawnSync} from 'node:child_process'
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {repoRoot} from '../helpers/paths.js'

function lint(cwd: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1', TFGRAPH_NO_CACHE: '1'}
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin/run.cjs'), 'lint', ...args], {cwd, encoding: 'utf8', env})
  return {code: r.status, stdout: r.stdout, stderr: r.stderr}
}

const SIZES =
  '{ small = "t3.small", medium = "t3.medium", large = "t3.large", xlarge = "t3.xlarge", xxlarge = "t3.2xlarge", metal = "m5.metal" }'
const LONG = `  instance_type = lookup(${SIZES}, var.size)`
const WRAPPED = `  instance_type = lookup({\n    small  = "t3.small"\n    medium = "t3.medium"\n    large  = "t3.large"\n  }, var.size)`

test('lookup on a long line: only lookup(, the comma and ) change; the map keeps its layout', () => {
  const d = mkdtempSync(path.join(tmpdir(), 'tfgraph-layout-'))
  try {
    const file = (body: string) =>
      `variable "size" {\n  type = string\n}\n\nlocals {\n${body}\n}\n\noutput "t" {\n  value = local.instance_type\n}\n`
    writeFileSync(path.join(d, 'long.tf'), file(LONG))
    writeFileSync(
      path.join(d, 'wrapped.tf'),
      file(WRAPPED.replace('instance_type', 'wrapped_type')) + 'output "w" {\n  value = local.wrapped_type\n}\n',
    )
    assert.ok(LONG.length > 150, String(LONG.length))
    const diff = lint(d, '.', '--fix', '--diff', '--only', 'deprecated-lookup')
    assert.is(diff.stderr, '2 fixes in 2 files (deprecated-lookup 2): not written (--diff)\n')
    // one line out, one line in: the same line less `lookup(`, `, ` and `)`
    assert.match(diff.stdout, `-${LONG}\n+  instance_type = ${SIZES}[var.size]\n`)
    const r = lint(d, '.', '--fix', '--only', 'deprecated-lookup')
    assert.is(r.code, 0, r.stderr)
    assert.is(readFileSync(path.join(d, 'long.tf'), 'utf8'), file(`  instance_type = ${SIZES}[var.size]`))
    assert.match(
      readFileSync(path.join(d, 'wrapped.tf'), 'utf8'),
      '  wrapped_type = {\n    small  = "t3.small"\n    medium = "t3.medium"\n    large  = "t3.large"\n  }[var.size]\n',
    )
  } finally {
    rmSync(d, {recursive: true, force: true})
  }
})

test.run()
