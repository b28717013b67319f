// The Workspace's laziness (#48 item 4): analyses are linted without fixes, and a code action's
// `findingsWithFixes` computes them then, the same as a lint with fixes.
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {openWorkspace} from '../../src/lint/workspace.js'
import {lint} from '../../src/lint/lint.js'
import {RunContext} from '../../src/load/run-context.js'
import {MEMORY_ROOT, MemorySource} from '../../src/io/memory-source.js'

const MODULE = 'resource "aws_s3_bucket" "b" {}\n\nvariable "unused" {}\n'
const FILES = {
  'envs/prod/main.tf':
    'provider "aws" {\n  alias = "east"\n}\nmodule "app" {\n  source = "../../modules/app"\n  providers = { aws = aws.east }\n}\n',
  'envs/dev/main.tf': 'module "app" {\n  source = "../../modules/app"\n}\n',
  'modules/app/main.tf': MODULE,
  'a/main.tf': 'resource "null_resource" "n" {}\n',
}
const at = (rel: string): string => path.join(MEMORY_ROOT, ...rel.split('/'))
const app = at('modules/app/main.tf')

function workspace(files: Record<string, string> = FILES) {
  return openWorkspace(MEMORY_ROOT, {files: new MemorySource(MEMORY_ROOT, files), env: {}})
}

test('#48 the analyses have no fixes; findingsWithFixes computes them, the same as lint with fixes, and again after an edit', async () => {
  const ws = workspace()
  try {
    await ws.update()
    const plain = ws.findings(app)
    assert.ok(plain.length > 0)
    assert.equal(
      plain.filter((f) => f.diagnostic.fixes !== undefined),
      [],
      'no fixes computed by the analyses',
    )
    for (const text of [MODULE, '# a comment\n' + MODULE]) {
      if (text !== MODULE) {
        ws.setBuffer(app, text)
        await ws.update()
      }
      const fixed = await ws.findingsWithFixes(app)
      const files = new MemorySource(MEMORY_ROOT, {...FILES, 'modules/app/main.tf': text})
      const direct = await lint(at('envs/dev'), {context: new RunContext({files, cache: false, env: {}}), env: {}, fixes: true})
      const mine = direct.diagnostics.filter((d) => d.range?.filename === '../../modules/app/main.tf')
      assert.equal(
        fixed.map((f) => f.diagnostic),
        mine,
        'the findings of the first root, with the fixes lint --fix computes',
      )
      assert.ok(
        fixed.some((f) => (f.diagnostic.fixes?.length ?? 0) > 0),
        'a fix is offered',
      )
      assert.equal(
        fixed.map((f) => ({...f.diagnostic, fixes: undefined})),
        ws.findings(app).map((f) => ({...f.diagnostic, fixes: undefined})),
        'the same findings as without fixes',
      )
    }
  } finally {
    await ws.close()
  }
})

test.run()
